"""Combi-Nations scoring: the rulebook's Country Score Example line by line, every facility's rule with
its edges, the area table, the doubled type, the solo and flat options, and two properties.

Countries are built directly from rows of tokens (they need not respect tile shapes): row r, column q
is hex (q, r) in axial coordinates, so each row sits half a hex right of the one above. Every hex is its
own tile unless a test says otherwise.
"""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.combi_nations.country import Cell, Country
from game.combi_nations.hexgrid import Hex, add, distance, rotate
from game.combi_nations.scoring import (
    AREA,
    DOUBLED,
    FACILITY,
    PENALTY,
    SAND_BONUS,
    ScoreSheet,
    score_all,
    score_country,
    score_total,
    totals_all,
)
from game.combi_nations.survey import best_of, standing
from game.combi_nations.tables import CITY, FACILITIES, FOREST, GRASS, LAKE, SAND

TOKENS = {
    "F": FOREST, "G": GRASS, "C": CITY, "L": LAKE, ".": SAND,
    "R": "race_track", "H": "hiking_trails", "A": "airport", "M": "mall", "U": "customs",
    "O": "golf_course", "W": "wildlife_park", "Fp": "fun_park", "T": "tour_boat", "Re": "restaurant",
    "To": "tour_operator", "Cs": "camp_site", "Hc": "hikers_cabins", "Fa": "farm", "Hb": "harbor",
    "Mk": "market", "Me": "metro", "D": "diving_school", "Wt": "watchtower", "V": "viewpoint",
    "B": "bank", "Z": "zoo", "Ht": "hotel", "Bc": "bird_conservation",
}


def grid(*rows: str, same_tile: tuple[tuple[Hex, ...], ...] = ()) -> Country:
    """A country from rows of tokens; `-` is no hex. Hexes in one group of `same_tile` share a tile."""
    cells: dict[Hex, Cell] = {}
    for r, row in enumerate(rows):
        for q, token in enumerate(row.split()):
            if token != "-":
                cells[(q, r)] = Cell(TOKENS[token], 100 * r + q)
    for group in same_tile:
        tile = cells[group[0]].tile
        for h in group:
            cells[h] = Cell(cells[h].content, tile)
    return Country(cells)


def points(sheet: ScoreSheet, key: str) -> list[int]:
    return [line.points for line in sheet.facility_lines(key)]


def only(sheet: ScoreSheet, key: str) -> int:
    (p,) = points(sheet, key)
    return p


# -- the rulebook's Country Score Example --------------------------------------------------------

# Player BLACK's country, rebuilt so that every line of the example holds at once. q runs right,
# r down; each row is shifted half a hex right of the one above (pointy-top axial):
#
#   r0  R F F F G G G            R  Race Track     F/f/F1  forests of 6 (top left), 2 (f), 1, 1
#   r1   F F G G G G O           H  Hiking Trails  G       grassland of 7, and of 1 at (6,2)
#   r2    F L L L L L G          A  Airport        L       the lake of 5
#   r3     H f f A C C F         M  Mall           C/c     cities of 5 (C, right) and 4 (c, left),
#   r4      . c c M C C .        U  Customs                and of 1 at (6,5)
#   r5       . c c U C F c       O  Golf Course    .       3 SAND
#
# The Mall touches (4,3), (4,4), (2,4), (2,5): four CITY spaces, (4,4) printed on the Mall's own tile.
# The Airport (3,3) is two hexes from the nearest border hex ((3,5), (1,5), ...). Customs (3,5) has two
# sides on the bottom edge. The Race Track (0,0) is 3 hexes from the Hiking Trails (0,3), two spaces
# between them; every other facility is further. The Golf Course (6,1) touches the grassland of 7 and
# the grassland of 1.
EXAMPLE_ROWS = (
    "R F F F G G G",
    "F F G G G G O",
    "F L L L L L G",
    "H F F A C C F",
    ". C C M C C .",
    ". C C U C F C",
)


def example() -> Country:
    return grid(*EXAMPLE_ROWS, same_tile=(((3, 4), (4, 4)),))


def eight_grassland() -> Country:
    """Another player's country: a GRASSLAND of 8 (and nothing else)."""
    return grid("G G G G G G G G")


def test_country_score_example_line_by_line() -> None:
    sheet = score_country(example(), [eight_grassland()])
    areas = [(line.land, len(line.hexes), line.points) for line in sheet.by_kind(AREA)]
    assert areas == [
        (FOREST, 6, 8), (FOREST, 2, 1), (FOREST, 1, 0), (FOREST, 1, 0),
        (GRASS, 7, 10), (GRASS, 1, 0),
        (CITY, 5, 6), (CITY, 4, 4), (CITY, 1, 0),
        (LAKE, 5, 6),
    ]
    assert [line.label for line in sheet.by_kind(AREA)][:2] == ["Forest of 6", "Forest of 2"]
    assert sheet.land_totals() == {FOREST: 9, GRASS: 10, CITY: 10, LAKE: 6}
    (doubled,) = sheet.by_kind(DOUBLED)
    assert (doubled.land, doubled.points) == (LAKE, 6)
    assert sheet.doubled == LAKE

    facilities = {line.facility: line.points for line in sheet.by_kind(FACILITY)}
    assert facilities == {"mall": 3, "airport": 3, "golf_course": 0, "customs": 2, "race_track": 2,
                          "hiking_trails": 1}
    reasons = {line.facility: line.reason for line in sheet.by_kind(FACILITY)}
    assert reasons["mall"].startswith("Mall: 3 adjacent CITY spaces on other tiles")
    assert reasons["golf_course"] == "Golf Course: 0, another player's GRASSLAND of 8 is larger"
    assert "2 spaces to the nearest other FACILITY" in reasons["race_track"]

    (penalty,) = sheet.by_kind(PENALTY)
    assert (penalty.points, len(penalty.hexes)) == (-3, 3)
    assert not sheet.by_kind(SAND_BONUS)
    assert sheet.total == 35 + 6 + 11 - 3 == 49
    assert sheet.total == sum(line.points for line in sheet.lines)


def test_example_golf_course_wins_without_the_larger_grassland() -> None:
    alone = score_country(example(), [])
    assert only(alone, "golf_course") == 3
    joint = score_country(example(), [grid("G G G G G G G")])          # another GRASSLAND of 7: joint best
    assert only(joint, "golf_course") == 3
    assert "(joint)" in joint.facility_lines("golf_course")[0].reason


def test_score_all_compares_every_country_with_the_others() -> None:
    sheets = score_all([example(), eight_grassland()])
    assert [s.seat for s in sheets] == [0, 1]
    assert sheets[0].lines == score_country(example(), [eight_grassland()], seat=0).lines
    assert sheets[0].total == 49
    # the other country: a grassland of 8 (13), three types without areas, one of them doubled (0)
    assert sheets[1].total == 13
    assert sheets[1].doubled == FOREST


def test_standing_can_replace_the_other_countries() -> None:
    rivals = best_of([standing(eight_grassland()), standing(grid("F F F"))])
    assert rivals is not None
    assert rivals.largest == (3, 8, 0, 0)
    assert score_country(example(), rivals).lines == score_country(
        example(), [eight_grassland(), grid("F F F")]).lines


# -- areas ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("size", "expected"), [
    (1, 0), (2, 1), (3, 2), (4, 4), (5, 6), (6, 8), (7, 10), (8, 13), (9, 16), (10, 19), (11, 22),
    (12, 25), (13, 28), (14, 31), (15, 34), (18, 34),
])
def test_area_table(size: int, expected: int) -> None:
    sheet = score_country(grid(" ".join(["C"] * size)))
    (line,) = sheet.by_kind(AREA)
    assert (line.label, line.points) == (f"City of {size}", expected)


def test_facility_hexes_split_areas_and_areas_are_clusters() -> None:
    # F F V F F on one row: two forests of 2; the row below joins nothing (r1 (0,1) touches (0,0), (1,0))
    sheet = score_country(grid("F F V F F", "L - - - L"))
    assert [(l.land, len(l.hexes)) for l in sheet.by_kind(AREA)] == [(FOREST, 2), (FOREST, 2), (LAKE, 1), (LAKE, 1)]
    # adjacency follows the hex grid: (1,0) and (0,1) touch, (0,0) and (1,1) do not
    assert [len(l.hexes) for l in score_country(grid("- G", "G -")).by_kind(AREA)] == [2]
    assert [len(l.hexes) for l in score_country(grid("G -", "- G")).by_kind(AREA)] == [1, 1]


def test_lowest_land_type_counts_double_ties_take_the_first() -> None:
    # forest 4 (4), grassland 4 (4), city 5 (6), lake 5 (6): forest and grassland tie, forest doubles
    sheet = score_country(grid("F F F F . G G G G", ". . . . . . . . .", "C C C C C . L L L L L"))
    (doubled,) = sheet.by_kind(DOUBLED)
    assert (doubled.land, doubled.points) == (FOREST, 4)
    assert "tie" in doubled.reason
    assert sheet.total == 4 + 4 + 6 + 6 + 4 - 11


def test_a_type_without_areas_is_the_lowest_and_doubles_zero() -> None:
    sheet = score_country(grid("F F F . G G G . C C C"))
    (doubled,) = sheet.by_kind(DOUBLED)
    assert (doubled.land, doubled.points, doubled.label) == (LAKE, 0, "Lake doubled")
    assert "no LAKE" in doubled.reason
    assert sheet.total == 2 + 2 + 2 + 0 - 2


def test_doubled_is_a_type_total_not_an_area() -> None:
    # lake 3 + 3 = 4, the others 6 each: the lake's total (4) is added again
    sheet = score_country(grid("L L L . L L L", ". . . . . . .", "F F F F F . .",
                               "G G G G G . .", "C C C C C . ."))
    assert [(l.land, l.points) for l in sheet.by_kind(DOUBLED)] == [(LAKE, 4)]


# -- the seventeen facilities that do not compare ------------------------------------------------

@pytest.mark.parametrize(("key", "land"), [("hikers_cabins", "F"), ("farm", "G"), ("mall", "C"), ("harbor", "L")])
def test_adjacent_spaces_on_other_tiles(key: str, land: str) -> None:
    token = next(t for t, v in TOKENS.items() if v == key)
    # the facility at (1,1) touches (1,0), (2,0), (0,1), (2,1), (0,2), (1,2); four are `land`
    rows = (f"{land} {land} .", f"{land} {token} {land}", f"{land} . .")
    apart = grid(*rows)
    assert only(score_country(apart), key) == 4
    shared = grid(*rows, same_tile=(((1, 1), (2, 1)),))      # one of them printed on its own tile
    sheet = score_country(shared)
    assert only(sheet, key) == 3
    assert "1 more on its own tile" in sheet.facility_lines(key)[0].reason
    assert only(score_country(grid(f". {token} .")), key) == 0


@pytest.mark.parametrize(("key", "land"), [("hiking_trails", "F"), ("market", "G"), ("metro", "C"),
                                          ("diving_school", "L")])
@pytest.mark.parametrize(("areas", "expected"), [(0, 4), (1, 4), (2, 3), (4, 1), (5, 0), (7, 0)])
def test_minus_one_per_other_area_never_below_zero(key: str, land: str, areas: int, expected: int) -> None:
    token = next(t for t, v in TOKENS.items() if v == key)
    row = " ".join([token] + [f". {land}"] * areas)
    assert only(score_country(grid(row)), key) == expected


@pytest.mark.parametrize(("others", "expected"), [(0, 4), (1, 3), (3, 1), (4, 0), (6, 0)])
def test_watchtower(others: int, expected: int) -> None:
    assert only(score_country(grid(" ".join(["Wt"] + ["V"] * others))), "watchtower") == expected


def test_viewpoint_just_two() -> None:
    assert only(score_country(grid("V")), "viewpoint") == 2


def test_bank_two_per_adjacent_other_facility() -> None:
    # (1,0) touches (0,0), (2,0), (0,1), (1,1); (2,1) is not adjacent to it
    assert only(score_country(grid("V B V", ". V .")), "bank") == 6
    assert only(score_country(grid("V B V", ". . V")), "bank") == 4
    assert only(score_country(grid("B . V")), "bank") == 0


def test_zoo_one_per_adjacent_land_type() -> None:
    assert only(score_country(grid("G Z G")), "zoo") == 1                # the minimum: its own GRASS
    assert only(score_country(grid("F Z G", "C L .")), "zoo") == 4
    assert only(score_country(grid(". Z .")), "zoo") == 0


def test_hotel_one_per_other_facility() -> None:
    assert only(score_country(grid("Ht")), "hotel") == 0
    assert points(score_country(grid("Ht . V . V . Ht")), "hotel") == [3, 3]       # two Hotels, two Viewpoints: 3 others each


def hexagon(radius: int) -> list[Hex]:
    return [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1)
            if distance((0, 0), (q, r)) <= radius]


@pytest.mark.parametrize(("ring", "expected"), [(3, 1), (2, 2), (1, 3), (0, 3)])
def test_airport_by_distance_to_the_border(ring: int, expected: int) -> None:
    # a hexagon of radius 3 (37 hexes): its border is ring 3
    at = (ring, 0)
    cells = {h: Cell(SAND, 1) for h in hexagon(3)}
    cells[at] = Cell("airport", 2)
    sheet = score_country(Country(cells))
    assert only(sheet, "airport") == expected


@pytest.mark.parametrize(("rows", "at", "expected"), [
    (("U",), (0, 0), 6),                              # alone: every side
    ((". U .",), (1, 0), 4),
    (("U . .", ". . ."), (0, 0), 4),                  # a corner of a parallelogram
    ((". . .", ". . U"), (2, 1), 4),
    ((". U .", ". . ."), (1, 0), 2),                  # an edge: two sides
    ((". . .", ". U .", ". . ."), (1, 1), 0),         # inside
])
def test_customs_sides_on_the_border(rows: tuple[str, ...], at: Hex, expected: int) -> None:
    country = grid(*rows)
    assert country.cells[at].content == "customs"
    assert only(score_country(country), "customs") == expected


@pytest.mark.parametrize(("row", "expected"), [
    ("R . . .", 0),              # no other facility
    ("R V", 0),                  # touching
    ("R . V", 1),
    ("R . . . V . V", 3),        # the nearest counts
])
def test_race_track_spaces_strictly_between(row: str, expected: int) -> None:
    assert only(score_country(grid(row)), "race_track") == expected


def test_race_track_measures_hex_distance_not_row_distance() -> None:
    # (0,0) to (0,2) is 2 hexes: one space between
    assert only(score_country(grid("R . .", ". . .", "V . .")), "race_track") == 1


def test_bird_conservation_turns_the_sand_penalty_into_a_bonus() -> None:
    sheet = score_country(grid("Bc . . . F"))
    assert only(sheet, "bird_conservation") == 0
    assert not sheet.by_kind(PENALTY)
    (bonus,) = sheet.by_kind(SAND_BONUS)
    assert bonus.points == 3
    assert sheet.total == 3
    two = score_country(grid("Bc . . . Bc"))
    (bonus,) = two.by_kind(SAND_BONUS)
    assert bonus.points == 3                      # still +1 per SAND space, not +2
    assert "not more" in bonus.reason
    plain = score_country(grid("V . . . F"))
    assert [l.points for l in plain.by_kind(PENALTY)] == [-3]


def test_no_sand_no_penalty() -> None:
    assert [l.points for l in score_country(grid("F F")).by_kind(PENALTY)] == [0]


# -- the seven that compare ----------------------------------------------------------------------

@pytest.mark.parametrize(("key", "land"), [("wildlife_park", "F"), ("golf_course", "G"), ("fun_park", "C"),
                                          ("tour_boat", "L")])
def test_largest_area_of_a_type_over_all_players(key: str, land: str) -> None:
    token = next(t for t, v in TOKENS.items() if v == key)
    mine = grid(f"{token} {land} {land} {land}")                        # touches an area of 3
    three = grid(f"{land} {land} {land}")
    four = grid(f"{land} {land} {land} {land}")
    assert only(score_country(mine, [three]), key) == 3              # joint best is enough
    assert only(score_country(mine, [grid(f'{land} {land}')]), key) == 3
    assert only(score_country(mine, [four]), key) == 0
    # its own larger area elsewhere beats the one it touches
    apart = grid(f"{token} {land} {land} {land} . {land} {land} {land} {land}")
    assert only(score_country(apart, []), key) == 0
    # an area of the largest size touches it, though another of that size lies elsewhere: 3
    twice = grid(f"{token} {land} {land} {land} . {land} {land} {land}")
    assert only(score_country(twice, [three]), key) == 3
    # nothing of that type anywhere: nobody scores
    assert only(score_country(grid(f"{token} ."), [grid(". .")]), key) == 0


def test_largest_type_only_counts_its_own_type() -> None:
    # the Wildlife Park touches a LAKE of 5 and a FOREST of 1; the largest FOREST is another player's 2
    sheet = score_country(grid("W L L L L L", "F"), [grid("F F")])
    assert only(sheet, "wildlife_park") == 0


def test_restaurant_largest_area_of_any_type() -> None:
    mine = grid("Re C C C C")
    assert only(score_country(mine, [grid("L L L L")]), "restaurant") == 3          # joint
    assert only(score_country(mine, [grid("F F F F F")]), "restaurant") == 0        # a larger FOREST
    assert only(score_country(mine, [grid("C C C")]), "restaurant") == 3
    sheet = score_country(mine, [grid("F F F F F")])
    assert sheet.facility_lines("restaurant")[0].reason == "Restaurant: 0, another player's area of 5 is larger"


def test_tour_operator_most_facilities_this_included() -> None:
    mine = grid("To . V")                                              # 2 facilities
    assert only(score_country(mine, [grid("V V")]), "tour_operator") == 3         # joint
    assert only(score_country(mine, [grid("V")]), "tour_operator") == 3
    assert only(score_country(mine, [grid("V V V")]), "tour_operator") == 0
    assert only(score_country(grid("To"), []), "tour_operator") == 3


def test_camp_site_fewest_empty_sand() -> None:
    mine = grid("Cs . .")                                              # 2 SAND
    assert only(score_country(mine, [grid(". . F")]), "camp_site") == 3           # joint
    assert only(score_country(mine, [grid(". . .")]), "camp_site") == 3
    assert only(score_country(mine, [grid(". F F")]), "camp_site") == 0


def test_comparing_facilities_in_score_all_joint_best_both_score() -> None:
    a = grid("O G G G", ". . . .")
    b = grid("G G G O", ". . . .")
    sheets = score_all([a, b])
    assert [only(s, "golf_course") for s in sheets] == [3, 3]


# -- options -------------------------------------------------------------------------------------

ALL_FACILITIES_ROW = " ".join(next(t for t, v in TOKENS.items() if v == f.key) + " ." for f in FACILITIES)


def test_solo_the_seven_comparing_ones_give_a_flat_two() -> None:
    # each comparing facility beside nothing it would need: without solo most would score 0 against a rival
    country = grid("W . O . Fp . T . Re . To . Cs . . . V")
    rival = grid("F F F F G G G G C C C C L L L L V V V V V V V V V")
    normal = score_country(country, [rival])
    assert sum(l.points for l in normal.by_kind(FACILITY)) == 2           # only the Viewpoint
    (solo,) = score_all([country], solo=True)
    seven = [l.points for l in solo.by_kind(FACILITY) if l.facility != "viewpoint"]
    assert seven == [2] * 7
    assert only(solo, "viewpoint") == 2
    assert all("solo" in l.reason for l in solo.by_kind(FACILITY) if l.facility != "viewpoint")
    # the others keep their rules in the solo game
    assert only(score_country(grid("R V"), solo=True), "race_track") == 0


def test_flat_option_every_facility_two_and_the_penalty_stays() -> None:
    country = grid(ALL_FACILITIES_ROW)
    sheet = score_country(country, flat=True)
    assert [l.points for l in sheet.by_kind(FACILITY)] == [2] * 24
    assert [l.facility for l in sheet.by_kind(FACILITY)] == [f.key for f in FACILITIES]
    # Bird Conservation's rule is one of the rules the flat option replaces: SAND costs 1 each
    assert [l.points for l in sheet.by_kind(PENALTY)] == [-24]
    assert not sheet.by_kind(SAND_BONUS)
    assert sheet.total == 48 - 24


def test_every_facility_scores_with_its_rule_on_one_country() -> None:
    sheet = score_country(grid(ALL_FACILITIES_ROW))
    assert len(sheet.by_kind(FACILITY)) == 24
    assert all(l.reason.startswith(l.label + ":") for l in sheet.by_kind(FACILITY))
    assert sheet.total == sum(l.points for l in sheet.lines)
    assert sheet.kind_total(FACILITY) + sheet.kind_total(SAND_BONUS) + sheet.kind_total(PENALTY) == sheet.total


# -- properties ----------------------------------------------------------------------------------

CONTENTS = [FOREST, GRASS, CITY, LAKE, SAND, FOREST, GRASS, CITY, LAKE] + [f.key for f in FACILITIES]
SPOTS = [(q, r) for r in range(6) for q in range(7)]


@st.composite
def countries(draw: st.DrawFn) -> Country:
    contents = draw(st.lists(st.sampled_from(CONTENTS), min_size=len(SPOTS), max_size=len(SPOTS)))
    tiles = draw(st.lists(st.integers(0, 15), min_size=len(SPOTS), max_size=len(SPOTS)))
    keep = draw(st.lists(st.booleans(), min_size=len(SPOTS), max_size=len(SPOTS)))
    cells = {h: Cell(c, t) for h, c, t, k in zip(SPOTS, contents, tiles, keep) if k or h == (0, 0)}
    return Country(cells)


def moved(country: Country, turns: int, by: Hex) -> Country:
    return Country({add(rotate(h, turns), by): cell for h, cell in country.cells.items()})


@given(countries(), countries(), st.integers(0, 5), st.tuples(st.integers(-9, 9), st.integers(-9, 9)),
       st.booleans(), st.booleans())
def test_total_is_the_sum_and_invariant_under_moving_the_country(
        a: Country, b: Country, turns: int, by: Hex, solo: bool, flat: bool) -> None:
    sheet = score_country(a, [b], solo=solo, flat=flat)
    assert sheet.total == sum(line.points for line in sheet.lines)
    assert len(sheet.by_kind(DOUBLED)) == 1
    assert len(sheet.by_kind(PENALTY)) + len(sheet.by_kind(SAND_BONUS)) == 1
    again = score_country(moved(a, turns, by), [moved(b, (turns + 1) % 6, (0, 0))], solo=solo, flat=flat)
    assert again.total == sheet.total
    assert sorted((l.kind, l.label, l.points) for l in again.lines) == sorted(
        (l.kind, l.label, l.points) for l in sheet.lines)


@given(st.lists(countries(), min_size=1, max_size=4), st.booleans(), st.booleans())
def test_the_totals_without_the_sheet_are_the_sheets_totals(
        group: list[Country], solo: bool, flat: bool) -> None:
    sheets = score_all(group, solo=solo, flat=flat)
    assert totals_all(group, solo=solo, flat=flat) == [sheet.total for sheet in sheets]
    for i, country in enumerate(group):
        rest = group[:i] + group[i + 1:]
        assert score_total(country, rest, solo=solo, flat=flat) == sheets[i].total
        assert score_total(country, best_of([standing(c) for c in rest]), solo=solo, flat=flat) == sheets[i].total
