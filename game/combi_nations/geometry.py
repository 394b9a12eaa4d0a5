"""Where LAND tiles can lie in a country of a given shape, worked out once per shape as bit masks.

A LAND tile's legal places depend on two things: the country's hexes (fixed once its seven SAND
tiles are laid) and which of them are still SAND. The first part is the costly one and never changes
during the MOVE/PLACE phases, so a `Geometry` holds, per shape, every place each stack could take
inside the country (its turning, its origin hex and the mask of the hexes it covers, one bit per hex
of the country), in the order the engine lists placements: by origin hex, then turning. A country
then answers "does it fit" with two integer ANDs (no covered hex is LAND or a facility; one covered
hex is on the frontier), see country.py.

Geometries are cached by shape (`geometry_of`): the table is immutable once built and built
deterministically from the shape alone, so sharing it between countries, states and games changes
no result. The cache is bounded (cleared when full, as free building makes new shapes every game).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .hexgrid import DIRECTIONS, ROTATIONS, Hex, rotate
from .tables import LAND_TILES, SAND_SHAPE, STACK_SHAPES

Pattern = tuple[int, ...]    # which cells of a tile hold the same content: (0, 1, 0), (0, 0, 0), ...

# each stack's cells turned 0..5 times: TURNED[stack][turns] = offsets from the tile's origin cell
TURNED: dict[str, tuple[tuple[Hex, ...], ...]] = {
    stack: tuple(tuple(rotate(c, turns) for c in cells) for turns in range(ROTATIONS))
    for stack, cells in STACK_SHAPES.items()}


def _walk(cells: tuple[Hex, ...]) -> tuple[tuple[int, int], ...]:
    """How to reach each cell of a turned tile from its origin, one side at a time through the
    tile's own cells (each step: the index of a cell already reached, a direction), so that a
    country finds a place's hexes by following its neighbour table instead of hashing hexes."""
    reached = [cells[0]]
    walk: list[tuple[int, int]] = []
    while len(reached) < len(cells):
        for k, (q, r) in enumerate(list(reached)):
            for d, (dq, dr) in enumerate(DIRECTIONS):
                n = (q + dq, r + dr)
                if n in cells and n not in reached:
                    reached.append(n)
                    walk.append((k, d))
    return tuple(walk)


# per stack and turning, the walk that covers its cells (tiles are connected: one always exists)
_WALKS: dict[str, tuple[tuple[tuple[int, int], ...], ...]] = {
    stack: tuple(_walk(TURNED[stack][turns]) for turns in range(ROTATIONS)) for stack in TURNED}


def pattern_of(contents: Iterable[str]) -> Pattern:
    """The tile's contents up to naming: two places of one stack lay the same tile identically when
    they cover the same hexes with the same pattern labels."""
    seen: dict[str, int] = {}
    return tuple(seen.setdefault(c, len(seen)) for c in contents)


def _first_turnings(stack: str, pattern: Pattern) -> frozenset[int]:
    """The turnings of `stack` that come first among the places laying a tile of this pattern the
    same way. A place (turns, at) and (t, at + d) lay the same when turning t moved by d puts the
    same labels on the same hexes; the engine lists places by origin hex, then turning, so the
    first is the one with the smaller (d, t), wherever `at` is: a property of the turning alone."""
    laid = [{cell: label for cell, label in zip(TURNED[stack][t], pattern, strict=True)}
            for t in range(ROTATIONS)]
    first = set()
    for turns in range(ROTATIONS):
        anchor = min(laid[turns])
        earlier = False
        for t in range(ROTATIONS):
            for cell in laid[t]:
                d = (anchor[0] - cell[0], anchor[1] - cell[1])
                moved = {(q + d[0], r + d[1]): label for (q, r), label in laid[t].items()}
                if moved == laid[turns] and (d, t) < ((0, 0), turns):
                    earlier = True
        if not earlier:
            first.add(turns)
    return frozenset(first)


# the box's tiles' patterns, worked out once (a few dozen tiny sets, immutable)
_FIRST: dict[tuple[str, Pattern], frozenset[int]] = {
    (t.stack, p): _first_turnings(t.stack, p) for t in LAND_TILES for p in (pattern_of(t.contents),)}


class Spots:
    """The places of one stack inside one shape, as parallel tuples (turning, origin hex, mask of
    the hexes covered) in the engine's order: by origin hex, then turning; and per hex of the shape
    (bit i) the set of places covering it, as a mask over their indices, so that the places that fit
    are a few ORs over the frontier's and the LAND's hexes (Country.fitting)."""

    __slots__ = ("at", "by_turns", "hits", "masks", "memo", "turns")

    def __init__(self, spots: list[tuple[int, Hex, int]], hits: list[int], by_turns: list[int]) -> None:
        self.turns: tuple[int, ...] = tuple(s[0] for s in spots)
        self.at: tuple[Hex, ...] = tuple(s[1] for s in spots)
        self.masks: tuple[int, ...] = tuple(s[2] for s in spots)
        self.hits: tuple[int, ...] = tuple(hits)
        self.by_turns: tuple[int, ...] = tuple(by_turns)     # per turning, its places (a mask)
        # tables derived from these spots on demand (the engine's Place actions per seat, the
        # Placings, the places that differ per content pattern): each entry is made from the
        # immutable spots alone, so it is as shareable as they are
        self.memo: dict[Any, Any] = {}


class Geometry:
    """One country shape: its hexes sorted (bit i is hexes[i]), each hex's neighbour mask, and the
    places of every stack inside it."""

    __slots__ = ("_stacks", "full", "hexes", "index", "neighbours", "steps")

    def __init__(self, shape: frozenset[Hex]) -> None:
        self.hexes: tuple[Hex, ...] = tuple(sorted(shape))
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        index = self.index
        self.neighbours: tuple[int, ...] = tuple(
            sum(1 << index[n] for dq, dr in DIRECTIONS if (n := (q + dq, r + dr)) in index)
            for q, r in self.hexes)
        # per hex, the bit of its neighbour in each direction (-1: outside the country)
        self.steps: tuple[tuple[int, ...], ...] = tuple(
            tuple(index.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS) for q, r in self.hexes)
        self.full: int = (1 << len(self.hexes)) - 1
        self._stacks: dict[str, Spots] = {}

    def mask(self, hexes: Iterable[Hex]) -> int:
        index = self.index
        out = 0
        for h in hexes:
            out |= 1 << index[h]
        return out

    def spots(self, stack: str) -> Spots:
        """Every place of a tile of `stack` lying wholly inside the country, by origin then turning."""
        found = self._stacks.get(stack)
        if found is None:
            step = self.steps
            spots: list[tuple[int, Hex, int]] = []
            hits = [0] * len(self.hexes)
            by_turns = [0] * ROTATIONS
            hexes = self.hexes
            plans = _WALKS[stack]
            for i in range(len(hexes)):
                for turns in range(ROTATIONS):
                    bits = [i]
                    for parent, direction in plans[turns]:
                        bit = step[bits[parent]][direction]
                        if bit < 0:
                            break
                        bits.append(bit)
                    else:
                        j = 1 << len(spots)
                        by_turns[turns] |= j
                        mask = 0
                        for bit in bits:
                            mask |= 1 << bit
                            hits[bit] |= j
                        spots.append((turns, hexes[i], mask))
            found = self._stacks[stack] = Spots(spots, hits, by_turns)
        return found

    def distinct(self, stack: str, pattern: Pattern) -> int:
        """The places of `stack` that lay a tile of this pattern differently from every place listed
        before them (a mask over the indices of `spots(stack)`): of places putting the same labels
        on the same hexes, only the first (they fit or not together)."""
        spots = self.spots(stack)
        found: int | None = spots.memo.get(pattern)
        if found is None:
            first = _FIRST.get((stack, pattern)) or _first_turnings(stack, pattern)
            found = 0
            for turns in first:
                found |= spots.by_turns[turns]
            spots.memo[pattern] = found
        return found


_CACHE: dict[frozenset[Hex], Geometry] = {}
_CACHE_MAX = 4096


def geometry_of(shape: frozenset[Hex]) -> Geometry:
    found = _CACHE.get(shape)
    if found is None:
        if len(_CACHE) >= _CACHE_MAX:
            _CACHE.clear()
        found = _CACHE[shape] = Geometry(shape)
    return found


# the bits set in each byte, lowest first (to walk a mask's bits 8 at a time)
BYTE_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(b for b in range(8) if n >> b & 1) for n in range(256))


# -- free building ---------------------------------------------------------------------------------

# the SAND tile's cells turned 0..5 times (its offsets reach at most 3 hexes along q or r)
SAND_TURNED: tuple[tuple[Hex, ...], ...] = tuple(
    tuple(rotate(c, turns) for c in SAND_SHAPE) for turns in range(ROTATIONS))
_PAD = 4       # a turned SAND tile's reach (3) plus the border ring (1): no bit wraps into another row


def _shift(mask: int, by: int) -> int:
    return mask << by if by >= 0 else mask >> -by


def joining_spots(shape: Iterable[Hex]) -> list[tuple[int, Hex]]:
    """Every (turns, at) where a SAND tile overlaps none of `shape` (not empty) and touches it side
    to side, sorted by turning, then q, then r. Worked out for all places at once on a bit grid
    around the shape, row q after row q, so that increasing bits are increasing (q, r)."""
    cells = list(shape)
    qmin = min(q for q, _ in cells)
    rmin = min(r for _, r in cells)
    rmax = max(r for _, r in cells)
    q0, r0 = qmin - _PAD, rmin - _PAD
    width = rmax - rmin + 1 + 2 * _PAD
    country = 0
    for q, r in cells:
        country |= 1 << ((q - q0) * width + (r - r0))
    grown = 0
    for dq, dr in DIRECTIONS:
        grown |= _shift(country, dq * width + dr)
    edge = grown & ~country                      # the hexes beside the country
    out: list[tuple[int, Hex]] = []
    for turns, offsets in enumerate(SAND_TURNED):
        touches = overlaps = 0
        for dq, dr in offsets:
            by = -(dq * width + dr)              # the origin hex of a tile whose cell is on a marked hex
            touches |= _shift(edge, by)
            overlaps |= _shift(country, by)
        ok = touches & ~overlaps
        base = 0
        for byte in ok.to_bytes((ok.bit_length() + 7) // 8, "little"):    # 8 places at a time
            if byte:
                for b in BYTE_BITS[byte]:
                    q, r = divmod(base + b, width)
                    out.append((turns, (q + q0, r + r0)))
            base += 8
    return out
