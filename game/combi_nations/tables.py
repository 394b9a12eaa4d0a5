"""Combi-Nations in one module of tables: the land types, the 24 facilities, the SAND tile, the five
LAND stacks and the 100 LAND tiles (fixed box contents), the ten preset country shapes, the market ring
sizes and the area score table. Every count DECISIONS.md gives is checked by tests/combi_nations.

Coordinates are game.combi_nations.hexgrid's (pointy-top, axial). A tile's cells are listed with its
origin cell (0, 0) first; placing a tile turns it about that cell and moves the cell onto a hex.
"""
from __future__ import annotations

from dataclasses import dataclass

from .hexgrid import Hex, Shape

# -- land ----------------------------------------------------------------------------------------

FOREST, GRASS, CITY, LAKE = "forest", "grass", "city", "lake"
LANDS: tuple[str, ...] = (FOREST, GRASS, CITY, LAKE)
SAND = "sand"
LAND_NAMES = {FOREST: "Forest", GRASS: "Grassland", CITY: "City", LAKE: "Lake"}

# Victory points of an area by its size (index = size; 15 and more score 34)
AREA_POINTS: tuple[int, ...] = (0, 0, 1, 2, 4, 6, 8, 10, 13, 16, 19, 22, 25, 28, 31, 34)


def area_points(size: int) -> int:
    return AREA_POINTS[min(size, len(AREA_POINTS) - 1)]


# -- facilities ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Facility:
    key: str
    name: str
    theme: str | None          # the LAND type its tiles carry (None: mixed)
    compares: bool             # one of the seven that score only for the best of all players
    rule: str                  # the rule in words, for the screen's hover text and the score sheet


FACILITIES: tuple[Facility, ...] = (
    # the seven that compare with every player (3 VP for the best, joint best included)
    Facility("wildlife_park", "Wildlife Park", FOREST, True, "3 VP if adjacent to the largest FOREST"),
    Facility("golf_course", "Golf Course", GRASS, True, "3 VP if adjacent to the largest GRASSLAND"),
    Facility("fun_park", "Fun Park", CITY, True, "3 VP if adjacent to the largest CITY"),
    Facility("tour_boat", "Tour Boat", LAKE, True, "3 VP if adjacent to the largest LAKE"),
    Facility("restaurant", "Restaurant", None, True, "3 VP if adjacent to the largest area"),
    Facility("tour_operator", "Tour Operator", None, True,
             "3 VP if you have the most FACILITIES (this one included)"),
    Facility("camp_site", "Camp Site", None, True, "3 VP if you have the fewest empty SAND spaces"),
    # the seventeen others
    Facility("hikers_cabins", "Hikers' Cabins", FOREST, False, "1 VP per adjacent FOREST space on other tiles"),
    Facility("farm", "Farm", GRASS, False, "1 VP per adjacent GRASS space on other tiles"),
    Facility("mall", "Mall", CITY, False, "1 VP per adjacent CITY space on other tiles"),
    Facility("harbor", "Harbor", LAKE, False, "1 VP per adjacent LAKE space on other tiles"),
    Facility("hiking_trails", "Hiking Trails", FOREST, False, "4 VP, minus 1 VP per other FOREST"),
    Facility("market", "Market", GRASS, False, "4 VP, minus 1 VP per other GRASSLAND"),
    Facility("metro", "Metro", CITY, False, "4 VP, minus 1 VP per other CITY"),
    Facility("diving_school", "Diving School", LAKE, False, "4 VP, minus 1 VP per other LAKE"),
    Facility("watchtower", "Watchtower", None, False, "4 VP, minus 1 VP per other FACILITY"),
    Facility("viewpoint", "Viewpoint", None, False, "2 VP"),
    Facility("bank", "Bank", None, False, "2 VP per adjacent other FACILITY"),
    Facility("zoo", "Zoo", GRASS, False, "1 VP per LAND type adjacent to it"),
    Facility("hotel", "Hotel", None, False, "1 VP per other FACILITY"),
    Facility("airport", "Airport", None, False,
             "1 VP on the border, 2 VP one space in, 3 VP two or more spaces in"),
    Facility("customs", "Customs", None, False, "1 VP per side of it on the border of your country"),
    Facility("race_track", "Race Track", None, False,
             "1 VP per space strictly between it and the nearest other FACILITY"),
    Facility("bird_conservation", "Bird Conservation", None, False,
             "each empty SAND space gives +1 VP instead of -1 VP"),
)
FACILITY_BY_KEY = {f.key: f for f in FACILITIES}
COPIES_PER_FACILITY = 2

# -- tiles ---------------------------------------------------------------------------------------

# A cell's content: a LAND type (LANDS), or a facility key (FACILITY_BY_KEY).
Content = str


@dataclass(frozen=True)
class SandTile:
    """One of a player's seven SAND tiles: a 2×3 parallelogram, one hex maybe printed LAND."""

    index: int                  # 0..6 within a player's set
    printed: str | None         # the LAND type printed on it, or None (all SAND)


# The SAND tile: two rows of three, a parallelogram; its printed LAND space (if any) is PRINTED_CELL.
SAND_SHAPE: tuple[Hex, ...] = ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1))
PRINTED_CELL: Hex = (1, 0)
SAND_SET: tuple[SandTile, ...] = (
    SandTile(0, None), SandTile(1, None), SandTile(2, None),
    SandTile(3, FOREST), SandTile(4, GRASS), SandTile(5, CITY), SandTile(6, LAKE),
)

# The five LAND stacks, in the market's clockwise order; the marker starts on PAIR.
SINGLE, PAIR, LINE, BENT, TRIANGLE = "single", "pair", "line", "bent", "triangle"
STACKS: tuple[str, ...] = (SINGLE, PAIR, LINE, BENT, TRIANGLE)
STACK_SHAPES: dict[str, tuple[Hex, ...]] = {
    SINGLE: ((0, 0),),
    PAIR: ((0, 0), (1, 0)),
    LINE: ((0, 0), (1, 0), (2, 0)),
    BENT: ((0, 0), (1, 0), (2, -1)),           # 120° at the middle cell
    TRIANGLE: ((0, 0), (1, 0), (0, 1)),
}
TILES_PER_STACK = 20
MARKER_START = PAIR


@dataclass(frozen=True)
class LandTile:
    """A LAND tile of the box: its id (0..99), its stack and each cell's content, in the order of
    STACK_SHAPES[stack]."""

    id: int
    stack: str
    contents: tuple[Content, ...]

    @property
    def cells(self) -> tuple[Hex, ...]:
        return STACK_SHAPES[self.stack]

    @property
    def shape(self) -> Shape:
        return frozenset(self.cells)

    @property
    def facility(self) -> str | None:
        return next((c for c in self.contents if c in FACILITY_BY_KEY), None)


# -- the market ring -----------------------------------------------------------------------------

RING_SIZES: dict[int, int] = {1: 10, 2: 10, 3: 12, 4: 16, 5: 20}      # solo plays as 2
SOLO_OPPONENT_TILES = 15


# -- preset countries ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Placement:
    """Where one SAND tile of a preset goes: its origin cell on `at`, turned `turns` × 60°."""

    at: Hex
    turns: int


# Filled in below: LAND_TILES (the 100 tiles, ids 0..99) and PRESETS (ten shapes, numbered 0..9,
# each seven Placements in placing order).
LAND_TILES: tuple[LandTile, ...] = ()
PRESETS: tuple[tuple[Placement, ...], ...] = ()
