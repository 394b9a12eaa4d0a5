"""A player's country: its hexes and what lies on each, and where a LAND tile may go.

Every hex of the country (42: seven SAND tiles of six) holds SAND, a LAND type or a facility, and
remembers the tile it is printed on (facility rules count "spaces on other tiles"). A LAND tile may go
where all its cells land on SAND of the country and at least one touches a LAND or FACILITY space.
Whether a tile fits depends only on its shape (its stack), never on its contents, so the placements of
each of the five shapes are computed once per country state (`placements`); "is this tile placeable"
is a lookup, as the market's arrows need for every tile on the ring every turn.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .hexgrid import ROTATIONS, Hex, neighbours, placed
from .tables import PRINTED_CELL, SAND, SAND_SHAPE, STACK_SHAPES, LandTile, SandTile

SAND_TILE_IDS = 1000        # the SAND tile k of a country is tile SAND_TILE_IDS + k


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
        self._placements.clear()

    def joins(self, turns: int, at: Hex) -> bool:
        """Would a SAND tile laid so overlap nothing and touch the country side to side (or start it)?"""
        spot = placed(SAND_SHAPE, turns, at)
        if any(h in self.cells for h in spot):
            return False
        return not self.cells or any(n in self.cells for h in spot for n in neighbours(h))

    # -- LAND tiles ----------------------------------------------------------------------------

    def sand(self) -> frozenset[Hex]:
        return frozenset(h for h, c in self.cells.items() if c.content == SAND)

    def fits(self, stack: str, placing: Placing) -> bool:
        spot = placed(STACK_SHAPES[stack], placing.turns, placing.at)
        cells = self.cells
        if any(h not in cells or cells[h].content != SAND for h in spot):
            return False
        return any(n in cells and cells[n].content != SAND for h in spot for n in neighbours(h))

    def placements(self, stack: str) -> tuple[Placing, ...]:
        """Every legal (turns, at) of a tile of this stack. Two may cover the same hexes with the
        tile's cells swapped (a pair turned 180°): for a tile with two contents they differ."""
        found = self._placements.get(stack)
        if found is None:
            found = self._placements[stack] = tuple(
                Placing(turns, at) for at in sorted(self.sand()) for turns in range(ROTATIONS)
                if self.fits(stack, Placing(turns, at)))
        return found

    def placeable(self, stack: str) -> bool:
        return bool(self.placements(stack))

    def place(self, tile: LandTile, placing: Placing) -> list[Hex]:
        """Lay a LAND tile (the caller has checked `fits`); returns the hexes it covers, in the
        order of the tile's cells."""
        out = []
        for cell, content in zip(tile.cells, tile.contents, strict=True):
            (h,) = placed((cell,), placing.turns, placing.at)
            self.cells[h] = Cell(content, tile.id)
            out.append(h)
        self._placements.clear()
        return out
