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


# -- the 100 LAND tiles (fixed box contents) ------------------------------------------------------
#
# ids 0..99, twenty per stack in STACKS order; each tile's contents in the order of STACK_SHAPES[stack]
# (so for a line the middle cell is index 1, for a bent tile the corner cell is index 1).
# The 48 facility tiles: twelve in each of the pair, line, bent and triangle stacks; each facility's two
# copies on two different shapes (every pair of shapes carries four facilities), the facility at
# varying cells. A themed facility's tile carries only its theme's LAND; the eleven others carry one
# or two different LAND types. Every stack holds the four LAND types evenly: per type 5 on the singles,
# 7 on the pairs, 12 on each 3-hex stack, so 48 of each (192 LAND hexes, 48 facility hexes, 240 in all).
# The eight tiles without a facility in each stack: one pure tile per type, the others of two types.
LAND_TILES: tuple[LandTile, ...] = (
    # single
    LandTile(0, SINGLE, (FOREST,)),
    LandTile(1, SINGLE, (GRASS,)),
    LandTile(2, SINGLE, (CITY,)),
    LandTile(3, SINGLE, (LAKE,)),
    LandTile(4, SINGLE, (FOREST,)),
    LandTile(5, SINGLE, (GRASS,)),
    LandTile(6, SINGLE, (CITY,)),
    LandTile(7, SINGLE, (LAKE,)),
    LandTile(8, SINGLE, (FOREST,)),
    LandTile(9, SINGLE, (GRASS,)),
    LandTile(10, SINGLE, (CITY,)),
    LandTile(11, SINGLE, (LAKE,)),
    LandTile(12, SINGLE, (FOREST,)),
    LandTile(13, SINGLE, (GRASS,)),
    LandTile(14, SINGLE, (CITY,)),
    LandTile(15, SINGLE, (LAKE,)),
    LandTile(16, SINGLE, (FOREST,)),
    LandTile(17, SINGLE, (GRASS,)),
    LandTile(18, SINGLE, (CITY,)),
    LandTile(19, SINGLE, (LAKE,)),
    # pair: facilities
    LandTile(20, PAIR, ("wildlife_park", FOREST)),
    LandTile(21, PAIR, (CITY, "metro")),
    LandTile(22, PAIR, ("harbor", LAKE)),
    LandTile(23, PAIR, (GRASS, "golf_course")),
    LandTile(24, PAIR, ("market", GRASS)),
    LandTile(25, PAIR, (CITY, "fun_park")),
    LandTile(26, PAIR, ("restaurant", FOREST)),
    LandTile(27, PAIR, (LAKE, "tour_operator")),
    LandTile(28, PAIR, (FOREST, "customs")),
    LandTile(29, PAIR, ("viewpoint", LAKE)),
    LandTile(30, PAIR, (GRASS, "camp_site")),
    LandTile(31, PAIR, ("hotel", CITY)),
    # pair: plain
    LandTile(32, PAIR, (FOREST, FOREST)),
    LandTile(33, PAIR, (GRASS, GRASS)),
    LandTile(34, PAIR, (CITY, CITY)),
    LandTile(35, PAIR, (LAKE, LAKE)),
    LandTile(36, PAIR, (FOREST, GRASS)),
    LandTile(37, PAIR, (CITY, LAKE)),
    LandTile(38, PAIR, (LAKE, FOREST)),
    LandTile(39, PAIR, (GRASS, CITY)),
    # line: facilities
    LandTile(40, LINE, ("wildlife_park", FOREST, FOREST)),
    LandTile(41, LINE, (CITY, "metro", CITY)),
    LandTile(42, LINE, (LAKE, LAKE, "harbor")),
    LandTile(43, LINE, (FOREST, "hiking_trails", FOREST)),
    LandTile(44, LINE, ("mall", CITY, CITY)),
    LandTile(45, LINE, (GRASS, GRASS, "zoo")),
    LandTile(46, LINE, (GRASS, "farm", GRASS)),
    LandTile(47, LINE, ("diving_school", LAKE, LAKE)),
    LandTile(48, LINE, (FOREST, "restaurant", GRASS)),
    LandTile(49, LINE, ("airport", CITY, LAKE)),
    LandTile(50, LINE, (FOREST, CITY, "bank")),
    LandTile(51, LINE, (GRASS, "watchtower", LAKE)),
    # line: plain
    LandTile(52, LINE, (FOREST, FOREST, FOREST)),
    LandTile(53, LINE, (GRASS, GRASS, GRASS)),
    LandTile(54, LINE, (CITY, CITY, CITY)),
    LandTile(55, LINE, (LAKE, LAKE, LAKE)),
    LandTile(56, LINE, (FOREST, FOREST, GRASS)),
    LandTile(57, LINE, (CITY, GRASS, GRASS)),
    LandTile(58, LINE, (CITY, CITY, LAKE)),
    LandTile(59, LINE, (LAKE, FOREST, LAKE)),
    # bent: facilities
    LandTile(60, BENT, (GRASS, "golf_course", GRASS)),
    LandTile(61, BENT, ("hiking_trails", FOREST, FOREST)),
    LandTile(62, BENT, (CITY, CITY, "mall")),
    LandTile(63, BENT, ("zoo", GRASS, GRASS)),
    LandTile(64, BENT, (FOREST, "hikers_cabins", FOREST)),
    LandTile(65, BENT, (LAKE, LAKE, "tour_boat")),
    LandTile(66, BENT, (CITY, "tour_operator", LAKE)),
    LandTile(67, BENT, ("customs", CITY, LAKE)),
    LandTile(68, BENT, (FOREST, CITY, "viewpoint")),
    LandTile(69, BENT, (GRASS, "airport", LAKE)),
    LandTile(70, BENT, ("race_track", FOREST, LAKE)),
    LandTile(71, BENT, (GRASS, CITY, "bird_conservation")),
    # bent: plain
    LandTile(72, BENT, (FOREST, FOREST, FOREST)),
    LandTile(73, BENT, (GRASS, GRASS, GRASS)),
    LandTile(74, BENT, (CITY, CITY, CITY)),
    LandTile(75, BENT, (LAKE, LAKE, LAKE)),
    LandTile(76, BENT, (FOREST, FOREST, CITY)),
    LandTile(77, BENT, (LAKE, GRASS, GRASS)),
    LandTile(78, BENT, (CITY, CITY, GRASS)),
    LandTile(79, BENT, (LAKE, FOREST, LAKE)),
    # triangle: facilities
    LandTile(80, TRIANGLE, ("market", GRASS, GRASS)),
    LandTile(81, TRIANGLE, (CITY, "fun_park", CITY)),
    LandTile(82, TRIANGLE, (GRASS, GRASS, "farm")),
    LandTile(83, TRIANGLE, (LAKE, "diving_school", LAKE)),
    LandTile(84, TRIANGLE, ("hikers_cabins", FOREST, FOREST)),
    LandTile(85, TRIANGLE, (LAKE, LAKE, "tour_boat")),
    LandTile(86, TRIANGLE, (FOREST, CITY, "camp_site")),
    LandTile(87, TRIANGLE, ("hotel", FOREST, CITY)),
    LandTile(88, TRIANGLE, (FOREST, "bank", GRASS)),
    LandTile(89, TRIANGLE, (CITY, "watchtower", LAKE)),
    LandTile(90, TRIANGLE, (FOREST, LAKE, "race_track")),
    LandTile(91, TRIANGLE, ("bird_conservation", GRASS, CITY)),
    # triangle: plain
    LandTile(92, TRIANGLE, (FOREST, FOREST, FOREST)),
    LandTile(93, TRIANGLE, (GRASS, GRASS, GRASS)),
    LandTile(94, TRIANGLE, (CITY, CITY, CITY)),
    LandTile(95, TRIANGLE, (LAKE, LAKE, LAKE)),
    LandTile(96, TRIANGLE, (FOREST, FOREST, GRASS)),
    LandTile(97, TRIANGLE, (GRASS, GRASS, CITY)),
    LandTile(98, TRIANGLE, (CITY, CITY, LAKE)),
    LandTile(99, TRIANGLE, (LAKE, LAKE, FOREST)),
)

# -- the ten preset countries (the rulebook's variant) --------------------------------------------
#
# Seven SAND tiles each, in placing order (the rulebook's red line): every tile touches the one laid
# before it side to side, none overlaps; 42 hexes, no holes, all ten shapes different up to turning
# (and mirroring). Which SAND tile goes where is not part of a preset: the engine shuffles the seven.
PRESETS: tuple[tuple[Placement, ...], ...] = (
    (  # 0
        Placement((0, 0), 0), Placement((4, -3), 2), Placement((4, -2), 1), Placement((5, -4), 0),
        Placement((5, -2), 0), Placement((6, 0), 2), Placement((0, 2), 0),
    ),
    (  # 1
        Placement((0, 0), 0), Placement((3, -1), 0), Placement((3, 1), 0), Placement((0, 2), 0),
        Placement((4, 3), 2), Placement((1, 4), 2), Placement((-1, 2), 1),
    ),
    (  # 2
        Placement((0, 0), 0), Placement((-1, -2), 0), Placement((3, -4), 1), Placement((3, -5), 2),
        Placement((4, -6), 0), Placement((4, -4), 0), Placement((4, -2), 1),
    ),
    (  # 3
        Placement((0, 0), 0), Placement((-1, -1), 1), Placement((0, -2), 0), Placement((4, -3), 1),
        Placement((6, -5), 1), Placement((5, -5), 2), Placement((3, -5), 2),
    ),
    (  # 4
        Placement((0, 0), 0), Placement((0, -2), 0), Placement((-3, -2), 0), Placement((-3, 0), 0),
        Placement((-4, 0), 1), Placement((-2, 2), 2), Placement((0, 2), 2),
    ),
    (  # 5
        Placement((0, 0), 0), Placement((0, 2), 0), Placement((-1, 1), 1), Placement((-1, 4), 0),
        Placement((-4, 5), 0), Placement((-5, 3), 0), Placement((-1, 0), 2),
    ),
    (  # 6
        Placement((0, 0), 0), Placement((4, -1), 1), Placement((0, 2), 0), Placement((-1, 0), 1),
        Placement((3, -3), 2), Placement((5, -3), 2), Placement((6, -3), 1),
    ),
    (  # 7
        Placement((0, 0), 0), Placement((0, 2), 0), Placement((-1, 1), 1), Placement((-1, 4), 0),
        Placement((2, 4), 0), Placement((3, 2), 0), Placement((3, 0), 0),
    ),
    (  # 8
        Placement((0, 0), 0), Placement((-1, 0), 1), Placement((1, 2), 2), Placement((-3, 5), 0),
        Placement((1, 3), 1), Placement((3, 1), 1), Placement((4, 4), 2),
    ),
    (  # 9
        Placement((0, 0), 0), Placement((0, 2), 0), Placement((-1, 1), 1), Placement((0, 4), 2),
        Placement((-3, 3), 1), Placement((-5, 5), 1), Placement((-3, 7), 2),
    ),
)
