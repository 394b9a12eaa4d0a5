"""What a Combi-Nations country holds, for its score: its areas (as bit masks over its hexes), its
facility hexes, its empty SAND spaces, and the `Standing` the seven comparing facilities measure.

The score sheet (scoring.py) and the facility rules (facility_rules.py) read a `Survey`; a bot values
thousands of countries a decision through `scoring.total_of`, which needs the areas' sizes only, so
the areas as hexes (for the sheet's lines and highlighting) are made when first asked.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from .country import Country
from .hexgrid import DIRECTIONS, Hex
from .tables import LANDS, SAND

LAND_SET = frozenset(LANDS)
LAND_INDEX = {land: i for i, land in enumerate(LANDS)}

# hexgrid.neighbours builds a fresh tuple per call and dominates the time; a bot scores thousands of
# countries over the same few dozen hexes, so the neighbour tuples are kept (bounded: cleared when big).
_NEIGHBOURS: dict[Hex, tuple[Hex, ...]] = {}
_NEIGHBOURS_MAX = 1 << 16


def flood(start: int, allowed: int, near: tuple[int, ...]) -> tuple[int, int]:
    """The hexes of `allowed` joined to `start` (bit masks), and every hex beside them."""
    found = edge = start
    around = 0
    while edge:
        grow = 0
        while edge:
            low = edge & -edge
            grow |= near[low.bit_length() - 1]
            edge ^= low
        around |= grow
        edge = grow & allowed & ~found
        found |= edge
    return found, around


def neighbours(h: Hex) -> tuple[Hex, ...]:
    found = _NEIGHBOURS.get(h)
    if found is None:
        if len(_NEIGHBOURS) >= _NEIGHBOURS_MAX:
            _NEIGHBOURS.clear()
        q, r = h
        found = _NEIGHBOURS[h] = tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)
    return found


@dataclass(frozen=True)
class Area:
    land: str
    hexes: tuple[Hex, ...]              # sorted

    @property
    def size(self) -> int:
        return len(self.hexes)


@dataclass(frozen=True)
class Standing:
    """What the seven comparing facilities measure: the largest area of each LAND type (in LANDS
    order, 0 without one), the number of facility hexes and of empty SAND spaces. For a group of
    countries (`best_of`) it is the best of them: the largest areas, the most facilities, the fewest
    SAND spaces."""

    largest: tuple[int, ...]
    facilities: int
    sand: int

    @property
    def largest_any(self) -> int:
        return max(self.largest)


def best_of(standings: Sequence[Standing]) -> Standing | None:
    if not standings:
        return None
    return Standing(
        largest=tuple(max(s.largest[i] for s in standings) for i in range(len(LANDS))),
        facilities=max(s.facilities for s in standings),
        sand=min(s.sand for s in standings),
    )


class Survey:
    """A country's areas, facilities and SAND, read from its content masks (`Country.contents`: bit i
    is the i-th hex of its geometry, in sorted order, so a mask's bits taken upwards are its hexes
    sorted, and an area grows by ORing neighbour masks)."""

    def __init__(self, country: Country) -> None:
        geo = country.masks()[0]
        self.cells = country.cells
        self.hexes, self.near, self.index = geo.hexes, geo.neighbours, geo.index
        of_content = country.contents()
        facilities = [(h, content) for content, mask in of_content.items()
                      if content != SAND and content not in LAND_SET for h in self.hexes_of(mask)]
        facilities.sort()
        # the areas, (LAND type, mask) in LANDS order (facility hexes are not LAND: they split areas)
        masks: list[tuple[str, int]] = []
        around: list[int] = []
        largest = [0] * len(LANDS)
        for index, land in enumerate(LANDS):
            left = of_content.get(land, 0)
            while left:
                found, beside = flood(left & -left, left, self.near)
                left &= ~found
                masks.append((land, found))
                around.append(beside)
                largest[index] = max(largest[index], found.bit_count())
        self.area_masks: tuple[tuple[str, int], ...] = tuple(masks)
        self.area_around: tuple[int, ...] = tuple(around)     # each area's hexes and those beside them
        self.facilities: tuple[tuple[Hex, str], ...] = tuple(facilities)     # sorted by hex
        self.sand_mask = of_content.get(SAND, 0)
        self.standing = Standing(tuple(largest), len(facilities), self.sand_mask.bit_count())

    @cached_property
    def areas(self) -> tuple[Area, ...]:
        """In LANDS order, then largest first, then by hexes."""
        out = [Area(land, self.hexes_of(mask)) for land, mask in self.area_masks]
        out.sort(key=lambda a: (LAND_INDEX[a.land], -len(a.hexes), a.hexes))
        return tuple(out)

    @cached_property
    def sand(self) -> tuple[Hex, ...]:
        return self.hexes_of(self.sand_mask)

    def hexes_of(self, mask: int) -> tuple[Hex, ...]:
        hexes = self.hexes
        out = []
        while mask:
            low = mask & -mask
            out.append(hexes[low.bit_length() - 1])
            mask ^= low
        return tuple(out)

    def touching(self, h: Hex, land: str | None) -> list[tuple[str, int]]:
        """The areas beside hex `h` (of type `land`, or of any type), as (LAND type, size)."""
        beside = self.near[self.index[h]]
        return [(kind, mask.bit_count()) for kind, mask in self.area_masks
                if mask & beside and (land is None or kind == land)]


def standing(country: Country) -> Standing:
    return Survey(country).standing
