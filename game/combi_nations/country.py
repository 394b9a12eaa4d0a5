"""A player's country: its hexes and what lies on each, and where a LAND tile may go.

Every hex of the country (42: seven SAND tiles of six) holds SAND, a LAND type or a facility, and
remembers the tile it is printed on (facility rules count "spaces on other tiles"). A LAND tile may go
where all its cells land on SAND of the country and at least one touches a LAND or FACILITY space.
Whether a tile fits depends only on its shape (its stack), never on its contents. The places a stack
could take inside the country's shape are worked out once per shape (geometry.py, as bit masks over
the country's hexes); the country keeps two masks, its LAND/FACILITY hexes and its frontier, brought
up to date as each tile is laid, so "does it fit" is two ANDs per place and "is this tile placeable"
(the market's arrows ask it for every tile on the ring every turn) a short scan.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from typing import Any, TypeVar

from .geometry import BYTE_BITS, SAND_TURNED, TURNED, Geometry, Pattern, Spots, geometry_of, pattern_of
from .hexgrid import ROTATIONS, Hex, neighbours
from .tables import LAND_TILES, PRINTED_CELL, SAND, SAND_SHAPE, LandTile, SandTile

T = TypeVar("T")

SAND_TILE_IDS = 1000        # the SAND tile k of a country is tile SAND_TILE_IDS + k

Entry = tuple[int, int, str, int]     # a hex of a country in a view: (q, r, content, tile)
Entries = tuple[Entry, ...]

# each tile's content pattern (geometry.pattern_of): which of its places lay it differently
TILE_PATTERNS: tuple[Pattern, ...] = tuple(pattern_of(t.contents) for t in LAND_TILES)


@dataclass(frozen=True)
class Cell:
    content: str            # SAND, a LAND type, or a facility key
    tile: int               # the tile it is printed on: a LandTile id, or SAND_TILE_IDS + k


@dataclass(frozen=True)
class Placing:
    """A LAND tile's place: its origin cell on `at`, turned `turns` × 60° clockwise."""

    turns: int
    at: Hex


# (the shape's geometry, the mask of its LAND/FACILITY hexes, the mask of its frontier)
Masks = tuple[Geometry, int, int]


@dataclass
class Country:
    cells: dict[Hex, Cell] = field(default_factory=dict)
    # what follows is derived from `cells` (made when first asked; a caller changing `cells` by hand
    # calls _changed): the masks are kept up to date by `place`, the rest made again per state
    _masks: Masks | None = field(default=None, repr=False, compare=False)
    _placements: dict[str, tuple[Placing, ...]] = field(default_factory=dict, repr=False, compare=False)
    _placeable: dict[str, bool] = field(default_factory=dict, repr=False, compare=False)
    _sand: frozenset[Hex] | None = field(default=None, repr=False, compare=False)
    _frontier: frozenset[Hex] | None = field(default=None, repr=False, compare=False)
    _entries: Entries | None = field(default=None, repr=False, compare=False)
    # per Spots asked (by id: each lives in its geometry, which this country holds while it keeps
    # these): the LAND and frontier masks last seen, the places under LAND and those touching the
    # frontier then. LAND only grows and a hex leaves the frontier only under LAND, so each step
    # adds the places under the few hexes that changed rather than looking at every place again
    _seen: dict[int, tuple[int, int, int, int]] = field(default_factory=dict, repr=False, compare=False)
    # each content's hexes as a mask over the geometry's (never changed in place: `place` makes a
    # new dict), and where each of the geometry's hexes comes in `cells`
    _contents: dict[str, int] | None = field(default=None, repr=False, compare=False)
    _ranks: tuple[int, ...] | None = field(default=None, repr=False, compare=False)

    def copy(self) -> Country:
        # the derived values describe the same cells: a copy (a search's clone) keeps them
        return Country(dict(self.cells), self._masks, dict(self._placements), dict(self._placeable),
                       self._sand, self._frontier, self._entries, dict(self._seen), self._contents,
                       self._ranks)

    # -- building ------------------------------------------------------------------------------

    def add_sand_tile(self, tile: SandTile, turns: int, at: Hex) -> None:
        """Lay one SAND tile (the caller checks it joins the others side to side, see `joins`)."""
        q, r = at
        offsets = SAND_TURNED[turns % ROTATIONS]
        spots = [(h, (q + dq, r + dr)) for h, (dq, dr) in zip(SAND_SHAPE, offsets, strict=True)]
        cells = self.cells
        for _, hex_ in spots:           # all checked before any is laid: a refusal changes nothing
            if hex_ in cells:
                raise ValueError(f"SAND tile {tile.index} overlaps the country at {hex_}")
        tile_id = SAND_TILE_IDS + tile.index
        plain = Cell(SAND, tile_id)
        for h, hex_ in spots:
            cells[hex_] = Cell(tile.printed, tile_id) if (tile.printed is not None and h == PRINTED_CELL) else plain
        self._changed()

    def joins(self, turns: int, at: Hex) -> bool:
        """Would a SAND tile laid so overlap nothing and touch the country side to side (or start it)?"""
        cells = self.cells
        q, r = at
        spot = [(q + dq, r + dr) for dq, dr in SAND_TURNED[turns % ROTATIONS]]
        if any(h in cells for h in spot):
            return False
        return not cells or any(n in cells for h in spot for n in neighbours(h))

    # -- LAND tiles ----------------------------------------------------------------------------

    def masks(self) -> Masks:
        """The shape's geometry, the LAND/FACILITY hexes' mask and the frontier's mask."""
        found = self._masks
        if found is None:
            cells = self.cells
            geo = geometry_of(frozenset(cells))
            blocked = near = 0
            for i, h in enumerate(geo.hexes):
                if cells[h].content != SAND:
                    blocked |= 1 << i
                    near |= geo.neighbours[i]
            found = self._masks = (geo, blocked, near & ~blocked)
        return found

    def contents(self) -> Mapping[str, int]:
        """Each content's hexes (SAND, a LAND type, a facility) as a mask over `masks()`'s geometry:
        the score's survey and the bots' `room` read the country through these, for thousands of
        countries a decision, so `place` keeps them up to date rather than each reading the cells."""
        found = self._contents
        if found is None:
            cells = self.cells
            found = self._contents = {}
            for i, h in enumerate(self.masks()[0].hexes):
                content = cells[h].content
                found[content] = found.get(content, 0) | 1 << i
        return found

    def ranks(self) -> tuple[int, ...]:
        """Where each of the geometry's hexes comes in `cells` (laying a LAND tile keeps the order:
        its hexes are in `cells` already)."""
        found = self._ranks
        if found is None:
            cells = self.cells
            where = {h: k for k, h in enumerate(cells)}
            found = self._ranks = tuple(where[h] for h in self.masks()[0].hexes)
        return found

    def sand(self) -> frozenset[Hex]:
        found = self._sand
        if found is None:
            found = self._sand = frozenset(h for h, c in self.cells.items() if c.content == SAND)
        return found

    def has_sand(self) -> bool:
        geo, blocked, _ = self.masks()
        return blocked != geo.full

    def frontier(self) -> frozenset[Hex]:
        """The SAND hexes beside a LAND or FACILITY space: every tile laid must cover one."""
        found = self._frontier
        if found is None:
            geo, _, front = self.masks()
            found = self._frontier = frozenset(h for i, h in enumerate(geo.hexes) if front >> i & 1)
        return found

    def fits(self, stack: str, placing: Placing) -> bool:
        geo, blocked, front = self.masks()
        q, r = placing.at
        index = geo.index
        mask = 0
        for dq, dr in TURNED[stack][placing.turns % ROTATIONS]:
            bit = index.get((q + dq, r + dr))
            if bit is None:
                return False
            mask |= 1 << bit
        return not mask & blocked and bool(mask & front)

    def placements(self, stack: str) -> tuple[Placing, ...]:
        """Every legal (turns, at) of a tile of this stack, by place then turning. Two may cover the
        same hexes with the tile's cells swapped (a pair turned 180°): for a tile with two contents
        they differ."""
        found = self._placements.get(stack)
        if found is None:
            found = self._placements[stack] = tuple(_fitting(self, stack))
        return found

    def placeable(self, stack: str) -> bool:
        known = self._placeable.get(stack)
        if known is None:
            found = self._placements.get(stack)
            known = bool(found) if found is not None else bool(self.fitting(self.masks()[0].spots(stack)))
            self._placeable[stack] = known
        return known

    def entries(self) -> Entries:
        """The country as a view holds it: (q, r, content, tile) per hex, sorted (made once per state:
        every seat's view holds every country, at every step)."""
        found = self._entries
        if found is None:
            found = self._entries = tuple(
                (h[0], h[1], c.content, c.tile) for h, c in sorted(self.cells.items()))
        return found

    def fitting(self, spots: Spots) -> int:
        """Which of `spots` (of this country's geometry) fit now, as a mask over their indices."""
        _, blocked, front = self.masks()
        hits = spots.hits
        known = self._seen.get(id(spots))
        if known is None:
            seen_blocked = seen_front = dead = near = 0
        else:
            seen_blocked, seen_front, dead, near = known
            if seen_blocked == blocked and seen_front == front:
                return near & ~dead
        new = blocked & ~seen_blocked
        while new:
            low = new & -new
            dead |= hits[low.bit_length() - 1]
            new ^= low
        new = front & ~seen_front
        while new:
            low = new & -new
            near |= hits[low.bit_length() - 1]
            new ^= low
        self._seen[id(spots)] = (blocked, front, dead, near)
        return near & ~dead

    def _changed(self) -> None:
        self._masks = None
        self._seen = {}
        self._contents = self._ranks = None
        self._changed_contents()

    def _changed_contents(self) -> None:
        self._placements = {}
        self._placeable = {}
        self._sand = self._frontier = None
        self._entries = None

    def place(self, tile: LandTile, placing: Placing) -> list[Hex]:
        """Lay a LAND tile (the caller has checked `fits`); returns the hexes it covers, in the
        order of the tile's cells."""
        out = laid_hexes(tile.stack, placing)
        cells = self.cells
        was = [cell.content if (cell := cells.get(h)) is not None else None for h in out]
        for h, content in zip(out, tile.contents, strict=True):
            cells[h] = Cell(content, tile.id)
        masks = self._masks
        self._changed_contents()
        if masks is not None:
            geo, blocked, front = masks
            index = geo.index
            if all(h in index for h in out):    # the shape is the same: bring its masks up to date
                contents = None if self._contents is None else dict(self._contents)
                for h, content, old in zip(out, tile.contents, was, strict=True):
                    i = index[h]
                    bit = 1 << i
                    blocked |= bit
                    front |= geo.neighbours[i]
                    if contents is not None and old is not None:
                        contents[old] &= ~bit
                        contents[content] = contents.get(content, 0) | bit
                self._masks = (geo, blocked, front & ~blocked)
                self._contents = contents
                return out
        self._changed()
        return out


def made(spots: Spots, key: Any, picks: int, make: Callable[[int, Hex], T]) -> list[T]:
    """make(turns, at) for each place picked (bit j: spots' place j), in the engine's order, each
    made once per spots and key and kept in spots.memo (a free-built country's geometry is new
    each game, and only a few of its places are ever picked)."""
    table: list[T | None] | None = spots.memo.get(key)
    if table is None:
        table = spots.memo[key] = [None] * len(spots.masks)
    out: list[T] = []
    base = 0
    for byte in picks.to_bytes((picks.bit_length() + 7) // 8, "little"):   # 8 places at a time
        if byte:
            for b in BYTE_BITS[byte]:
                j = base + b
                item = table[j]
                if item is None:
                    item = table[j] = make(spots.turns[j], spots.at[j])
                out.append(item)
        base += 8
    return out



def _fitting(country: Country, stack: str, pattern: Pattern | None = None) -> list[Placing]:
    """The places of `stack` that cover only SAND and one frontier hex (with a pattern, only the
    first of those laying a tile of that pattern the same way)."""
    geo = country.masks()[0]
    spots = geo.spots(stack)
    picks = country.fitting(spots)
    if pattern is not None:
        picks &= geo.distinct(stack, pattern)
    return made(spots, "placing", picks, Placing)


# -- what engine, bots and screens all need ---------------------------------------------------------

def laid_hexes(stack: str, placing: Placing) -> list[Hex]:
    """The hexes a tile of `stack` covers when laid so, in the order of its cells."""
    q, r = placing.at
    return [(q + dq, r + dr) for dq, dr in TURNED[stack][placing.turns % ROTATIONS]]


def with_tile(country: Country, tile_id: int, placing: Placing) -> Country:
    """A copy of `country` with LAND tile `tile_id` laid (the caller knows it fits)."""
    after = country.copy()
    after.place(LAND_TILES[tile_id], placing)
    return after


def distinct_placings(country: Country, tile_id: int) -> list[Placing]:
    """The tile's legal placements, one per different result: turnings that lay the same contents
    on the same hexes (a single tile, a pair of one land) are one choice, the first listed."""
    return _fitting(country, LAND_TILES[tile_id].stack, TILE_PATTERNS[tile_id])


_STACK_OF: tuple[str, ...] = tuple(t.stack for t in LAND_TILES)


def tiles_ahead(ring: Sequence[int], start: int, clockwise: bool, country: Country) -> list[int]:
    """The arrow's choice: the spaces of the 1st, 2nd and 3rd tiles that fit `country`, going one
    way round the ring from space `start` (empty spaces and tiles that fit nowhere do not count)."""
    size = len(ring)
    out: list[int] = []
    known = country._placeable
    if clockwise:
        spaces = chain(range(start + 1, size), range(start))
    else:
        spaces = chain(range(start - 1, -1, -1), range(size - 1, start, -1))
    for space in spaces:
        tile = ring[space]
        if tile < 0:
            continue
        stack = _STACK_OF[tile]
        ok = known.get(stack)
        if ok is None:
            ok = country.placeable(stack)
        if ok:
            out.append(space)
            if len(out) == 3:
                break
    return out


def country_from_view(entries: Sequence[Sequence[Any]]) -> Country:
    """A Country rebuilt from a view's entries (q, r, content, tile) (the fold, bots and screens)."""
    return Country({(int(q), int(r)): Cell(str(content), int(tile)) for q, r, content, tile in entries})
