"""A player's country: its hexes and what lies on each, and where a LAND tile may go.

Every hex of the country (42: seven SAND tiles of six) holds SAND, a LAND type or a facility, and
remembers the tile it is printed on (facility rules count "spaces on other tiles"). A LAND tile may go
where all its cells land on SAND of the country and at least one touches a LAND or FACILITY space.
Whether a tile fits depends only on its shape (its stack), never on its contents, so the placements of
each of the five shapes are computed once per country state (`placements`); "is this tile placeable"
is a lookup, as the market's arrows need for every tile on the ring every turn.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .hexgrid import ROTATIONS, Hex, neighbours, placed, rotate
from .tables import LAND_TILES, PRINTED_CELL, SAND, SAND_SHAPE, STACK_SHAPES, LandTile, SandTile

SAND_TILE_IDS = 1000        # the SAND tile k of a country is tile SAND_TILE_IDS + k

Entry = tuple[int, int, str, int]     # a hex of a country in a view: (q, r, content, tile)
Entries = tuple[Entry, ...]

# each stack's cells turned 0..5 times: TURNED[stack][turns] = offsets from the tile's origin cell
TURNED: dict[str, tuple[tuple[Hex, ...], ...]] = {
    stack: tuple(tuple(rotate(c, turns) for c in cells) for turns in range(ROTATIONS))
    for stack, cells in STACK_SHAPES.items()}


def _order(spot: tuple[int, Hex]) -> tuple[Hex, int]:
    return spot[1], spot[0]            # by place, then turning: the order of the old full scan


@dataclass(frozen=True)
class Cell:
    content: str            # SAND, a LAND type, or a facility key
    tile: int               # the tile it is printed on: a LandTile id, or SAND_TILE_IDS + k


@dataclass(frozen=True)
class Placing:
    """A LAND tile's place: its origin cell on `at`, turned `turns` × 60° clockwise."""

    turns: int
    at: Hex


@dataclass
class Country:
    cells: dict[Hex, Cell] = field(default_factory=dict)
    _placements: dict[str, tuple[Placing, ...]] = field(default_factory=dict, repr=False, compare=False)
    _placeable: dict[str, bool] = field(default_factory=dict, repr=False, compare=False)
    _sand: frozenset[Hex] | None = field(default=None, repr=False, compare=False)
    _frontier: frozenset[Hex] | None = field(default=None, repr=False, compare=False)
    _entries: Entries | None = field(default=None, repr=False, compare=False)

    def copy(self) -> Country:
        return Country(dict(self.cells))

    # -- building ------------------------------------------------------------------------------

    def add_sand_tile(self, tile: SandTile, turns: int, at: Hex) -> None:
        """Lay one SAND tile (the caller checks it joins the others side to side, see `joins`)."""
        spots = [(h, next(iter(placed((h,), turns, at)))) for h in SAND_SHAPE]
        for _, hex_ in spots:           # all checked before any is laid: a refusal changes nothing
            if hex_ in self.cells:
                raise ValueError(f"SAND tile {tile.index} overlaps the country at {hex_}")
        for h, hex_ in spots:
            printed = tile.printed if (tile.printed is not None and h == PRINTED_CELL) else SAND
            self.cells[hex_] = Cell(printed, SAND_TILE_IDS + tile.index)
        self._changed()

    def joins(self, turns: int, at: Hex) -> bool:
        """Would a SAND tile laid so overlap nothing and touch the country side to side (or start it)?"""
        spot = placed(SAND_SHAPE, turns, at)
        if any(h in self.cells for h in spot):
            return False
        return not self.cells or any(n in self.cells for h in spot for n in neighbours(h))

    # -- LAND tiles ----------------------------------------------------------------------------

    def sand(self) -> frozenset[Hex]:
        found = self._sand
        if found is None:
            found = self._sand = frozenset(h for h, c in self.cells.items() if c.content == SAND)
        return found

    def frontier(self) -> frozenset[Hex]:
        """The SAND hexes beside a LAND or FACILITY space: every tile laid must cover one."""
        found = self._frontier
        if found is None:
            cells = self.cells
            found = self._frontier = frozenset(
                h for h in self.sand()
                if any(n in cells and cells[n].content != SAND for n in neighbours(h)))
        return found

    def fits(self, stack: str, placing: Placing) -> bool:
        sand, frontier = self.sand(), self.frontier()
        q, r = placing.at
        spot = [(q + dq, r + dr) for dq, dr in TURNED[stack][placing.turns % ROTATIONS]]
        return all(h in sand for h in spot) and any(h in frontier for h in spot)

    def placements(self, stack: str) -> tuple[Placing, ...]:
        """Every legal (turns, at) of a tile of this stack. Two may cover the same hexes with the
        tile's cells swapped (a pair turned 180°): for a tile with two contents they differ. Found
        from the frontier (a legal place covers one of its hexes), not by trying every SAND hex."""
        found = self._placements.get(stack)
        if found is None:
            sand, frontier = self.sand(), self.frontier()
            spots: set[tuple[int, Hex]] = set()
            for turns, offsets in enumerate(TURNED[stack]):
                for fq, fr in frontier:
                    for dq, dr in offsets:      # the cell of the tile that lands on this hex
                        q, r = fq - dq, fr - dr
                        if all((q + eq, r + er) in sand for eq, er in offsets):
                            spots.add((turns, (q, r)))
            found = self._placements[stack] = tuple(Placing(t, at) for t, at in sorted(spots, key=_order))
        return found

    def placeable(self, stack: str) -> bool:
        known = self._placeable.get(stack)
        if known is None:
            found = self._placements.get(stack)
            known = bool(found) if found is not None else self._any_fit(stack)
            self._placeable[stack] = known
        return known

    def _any_fit(self, stack: str) -> bool:
        sand = self.sand()
        for offsets in TURNED[stack]:
            for fq, fr in self.frontier():
                for dq, dr in offsets:
                    q, r = fq - dq, fr - dr
                    if all((q + eq, r + er) in sand for eq, er in offsets):
                        return True
        return False

    def entries(self) -> Entries:
        """The country as a view holds it: (q, r, content, tile) per hex, sorted (made once per state:
        every seat's view holds every country, at every step)."""
        found = self._entries
        if found is None:
            found = self._entries = tuple(sorted((h[0], h[1], c.content, c.tile) for h, c in self.cells.items()))
        return found

    def _changed(self) -> None:
        self._placements.clear()
        self._placeable.clear()
        self._sand = self._frontier = None
        self._entries = None

    def place(self, tile: LandTile, placing: Placing) -> list[Hex]:
        """Lay a LAND tile (the caller has checked `fits`); returns the hexes it covers, in the
        order of the tile's cells."""
        out = laid_hexes(tile.stack, placing)
        for h, content in zip(out, tile.contents, strict=True):
            self.cells[h] = Cell(content, tile.id)
        self._changed()
        return out


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
    tile = LAND_TILES[tile_id]
    seen: set[frozenset[tuple[Hex, str]]] = set()
    out: list[Placing] = []
    for p in country.placements(tile.stack):
        laid = frozenset(zip(laid_hexes(tile.stack, p), tile.contents, strict=True))
        if laid not in seen:
            seen.add(laid)
            out.append(p)
    return out


def tiles_ahead(ring: Sequence[int], start: int, clockwise: bool, country: Country) -> list[int]:
    """The arrow's choice: the spaces of the 1st, 2nd and 3rd tiles that fit `country`, going one
    way round the ring from space `start` (empty spaces and tiles that fit nowhere do not count)."""
    size = len(ring)
    step = 1 if clockwise else -1
    out: list[int] = []
    fits: dict[str, bool] = {}
    for i in range(1, size):
        space = (start + step * i) % size
        tile = ring[space]
        if tile < 0:
            continue
        stack = LAND_TILES[tile].stack
        ok = fits.get(stack)
        if ok is None:
            ok = fits[stack] = country.placeable(stack)
        if ok:
            out.append(space)
            if len(out) == 3:
                break
    return out


def country_from_view(entries: Sequence[Sequence[Any]]) -> Country:
    """A Country rebuilt from a view's entries (q, r, content, tile) (the fold, bots and screens)."""
    return Country({(int(q), int(r)): Cell(str(content), int(tile)) for q, r, content, tile in entries})
