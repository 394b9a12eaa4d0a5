"""Combi-Nations' box: every count the rulebook and DECISIONS.md give, checked against tables.py, and
the hex geometry the tables are written in."""
from __future__ import annotations

import itertools
from collections import Counter

import pytest

from game.combi_nations import hexgrid
from game.combi_nations.country import Country
from game.combi_nations.hexgrid import DIRECTIONS, distance, neighbours, normalise, placed, rotate, turned
from game.combi_nations.tables import (
    AREA_POINTS,
    BENT,
    CITY,
    COPIES_PER_FACILITY,
    FACILITIES,
    FACILITY_BY_KEY,
    FOREST,
    GRASS,
    LAKE,
    LAND_TILES,
    LANDS,
    LINE,
    MARKER_START,
    PAIR,
    PRESETS,
    PRINTED_CELL,
    RING_SIZES,
    SAND,
    SAND_SET,
    SAND_SHAPE,
    SINGLE,
    STACK_SHAPES,
    STACKS,
    TILES_PER_STACK,
    TRIANGLE,
    area_points,
)

# -- hexgrid -------------------------------------------------------------------------------------

SOME_HEXES = [(0, 0), (1, 0), (2, -1), (-3, 5), (4, 4), (-2, -2), (0, 7)]


def test_six_directions_are_the_neighbours_at_distance_one() -> None:
    assert len(set(DIRECTIONS)) == 6
    for h in SOME_HEXES:
        ns = neighbours(h)
        assert len(set(ns)) == 6
        assert all(distance(h, n) == 1 for n in ns)
        # and nothing else is at distance 1
        ring = {(h[0] + dq, h[1] + dr) for dq in range(-1, 2) for dr in range(-1, 2)} - {h}
        assert {x for x in ring if distance(h, x) == 1} == set(ns)


def test_distance() -> None:
    assert distance((0, 0), (0, 0)) == 0
    assert distance((0, 0), (3, 0)) == 3
    assert distance((0, 0), (0, -4)) == 4
    assert distance((0, 0), (2, -2)) == 2          # straight north-east
    assert distance((0, 0), (2, 2)) == 4           # no diagonal shortcut that way
    assert distance((-3, 5), (4, 4)) == 7
    for a, b in itertools.product(SOME_HEXES, repeat=2):
        assert distance(a, b) == distance(b, a)


def test_rotation() -> None:
    assert rotate((1, 0), 1) == (0, 1)             # east turns clockwise to south-east
    assert [rotate((1, 0), t) for t in range(6)] == list(DIRECTIONS)
    for h in SOME_HEXES:
        assert rotate(h, 6) == h
        assert rotate(h, 0) == h
        assert rotate(rotate(h, 2), 4) == h
        assert distance((0, 0), rotate(h, 1)) == distance((0, 0), h)
        x = h
        for _ in range(6):
            x = rotate(x, 1)
        assert x == h
        assert len({rotate(h, t) for t in range(6)}) == (1 if h == (0, 0) else 6)


def test_placed_and_normalise() -> None:
    shape = STACK_SHAPES[BENT]
    assert placed(shape, 0, (0, 0)) == frozenset(shape)
    assert placed(shape, 0, (3, -2)) == frozenset({(3, -2), (4, -2), (5, -3)})
    assert placed(shape, 1, (0, 0)) == turned(shape, 1) == frozenset({(0, 0), (0, 1), (1, 1)})
    assert placed(shape, 1, (2, 2)) == frozenset({(2, 2), (2, 3), (3, 3)})
    assert normalise({(5, 3), (6, 3), (5, 4)}) == frozenset({(0, 0), (1, 0), (0, 1)})
    # the smallest (r, q) goes to the origin
    assert normalise({(7, -2), (6, -1)}) == frozenset({(0, 0), (-1, 1)})
    for t, at in itertools.product(range(6), SOME_HEXES):
        assert normalise(placed(shape, t, at)) == normalise(turned(shape, t))


def test_connected_and_border() -> None:
    assert hexgrid.connected([(0, 0), (1, 0), (1, 1)])
    assert not hexgrid.connected([(0, 0), (2, 0)])
    cells = frozenset(placed(SAND_SHAPE, 0, (0, 0)))
    assert hexgrid.border_sides((1, 0), cells) == 2
    assert hexgrid.border_sides((0, 0), cells) == 4


# -- the LAND tiles ------------------------------------------------------------------------------

def _is_line(cells: frozenset[tuple[int, int]]) -> bool:
    a, b, c = sorted(cells)
    return distance(a, b) == distance(b, c) == 1 and distance(a, c) == 2 and \
        (b[0] - a[0], b[1] - a[1]) == (c[0] - b[0], c[1] - b[1])


def _is_bent(cells: frozenset[tuple[int, int]]) -> bool:
    # three in a chain: one middle cell touches both others, which are two apart but not in a line
    return not _is_line(cells) and sorted(
        sum(1 for o in cells if distance(h, o) == 1) for h in cells) == [1, 1, 2]


def _is_triangle(cells: frozenset[tuple[int, int]]) -> bool:
    return all(distance(a, b) == 1 for a, b in itertools.combinations(cells, 2))


def test_stacks() -> None:
    assert STACKS == (SINGLE, PAIR, LINE, BENT, TRIANGLE)
    assert TILES_PER_STACK == 20
    assert len(LAND_TILES) == 100
    assert [t.id for t in LAND_TILES] == list(range(100))
    for i, stack in enumerate(STACKS):
        assert {t.stack for t in LAND_TILES[20 * i:20 * (i + 1)]} == {stack}
    assert Counter(t.stack for t in LAND_TILES) == {s: 20 for s in STACKS}
    assert MARKER_START == PAIR


def test_shapes() -> None:
    for stack, cells in STACK_SHAPES.items():
        assert cells[0] == (0, 0)
        assert len(set(cells)) == len(cells)
    assert len(STACK_SHAPES[SINGLE]) == 1
    assert len(STACK_SHAPES[PAIR]) == 2 and distance(*STACK_SHAPES[PAIR]) == 1
    for t in range(6):
        assert _is_line(turned(STACK_SHAPES[LINE], t))
        assert _is_bent(turned(STACK_SHAPES[BENT], t))
        assert _is_triangle(turned(STACK_SHAPES[TRIANGLE], t))
    # the bent three's angle is 120°: the end cells are two apart, not three, and not adjacent
    a, mid, b = STACK_SHAPES[BENT]
    assert distance(a, mid) == distance(mid, b) == 1 and distance(a, b) == 2
    assert not _is_line(frozenset(STACK_SHAPES[TRIANGLE])) and not _is_bent(frozenset(STACK_SHAPES[TRIANGLE]))
    # the five shapes are different however they turn
    forms = [{normalise(turned(c, t)) for t in range(6)} for c in STACK_SHAPES.values()]
    assert all(not (x & y) for x, y in itertools.combinations(forms, 2))
    for tile in LAND_TILES:
        assert tile.cells == STACK_SHAPES[tile.stack]
        assert len(tile.contents) == len(tile.cells)
        assert all(c in LANDS or c in FACILITY_BY_KEY for c in tile.contents)


def test_facilities() -> None:
    assert len(FACILITIES) == 24 and len(FACILITY_BY_KEY) == 24
    assert sum(f.compares for f in FACILITIES) == 7
    assert COPIES_PER_FACILITY == 2
    themes = Counter(f.theme for f in FACILITIES)
    assert themes == {FOREST: 3, GRASS: 4, CITY: 3, LAKE: 3, None: 11}
    hexes = [c for t in LAND_TILES for c in t.contents if c in FACILITY_BY_KEY]
    assert len(hexes) == 48
    assert Counter(hexes) == {f.key: 2 for f in FACILITIES}
    for tile in LAND_TILES:
        on_it = [c for c in tile.contents if c in FACILITY_BY_KEY]
        assert len(on_it) <= 1, tile
        if tile.stack == SINGLE:
            assert not on_it, tile
        assert tile.facility == (on_it[0] if on_it else None)
        if on_it:
            theme = FACILITY_BY_KEY[on_it[0]].theme
            lands = [c for c in tile.contents if c in LANDS]
            if theme is not None:
                assert set(lands) == {theme}, tile
            elif len(lands) == 2:
                assert lands[0] != lands[1], tile      # the mixed ones mix
    # each facility's two copies on two different shapes, 12 facility tiles per multi-hex stack
    for f in FACILITIES:
        assert len({t.stack for t in LAND_TILES if t.facility == f.key}) == 2, f.key
    assert Counter(t.stack for t in LAND_TILES if t.facility) == {PAIR: 12, LINE: 12, BENT: 12, TRIANGLE: 12}
    # where in the tile the facility sits varies (it matters for adjacency)
    for stack in (LINE, BENT, TRIANGLE):
        at = Counter(t.contents.index(t.facility) for t in LAND_TILES if t.stack == stack and t.facility)
        assert set(at) == {0, 1, 2}, stack


def test_land_hexes() -> None:
    assert sum(len(t.cells) for t in LAND_TILES) == 240
    lands = Counter(c for t in LAND_TILES for c in t.contents if c in LANDS)
    assert sum(lands.values()) == 192
    assert lands == {FOREST: 48, GRASS: 48, CITY: 48, LAKE: 48}
    # even within every stack too
    for stack in STACKS:
        per = Counter(c for t in LAND_TILES if t.stack == stack for c in t.contents if c in LANDS)
        assert len(set(per.values())) == 1 and set(per) == set(LANDS), (stack, per)
    # the mixed facilities' LAND spreads over all four types
    mixed = Counter(c for t in LAND_TILES if t.facility and FACILITY_BY_KEY[t.facility].theme is None
                    for c in t.contents if c in LANDS)
    assert set(mixed) == set(LANDS)


# -- SAND, scores, the ring -----------------------------------------------------------------------

def test_sand_set() -> None:
    assert len(SAND_SET) == 7
    assert [t.index for t in SAND_SET] == list(range(7))
    assert sorted(t.printed for t in SAND_SET if t.printed) == sorted(LANDS)
    assert sum(t.printed is None for t in SAND_SET) == 3
    assert len(set(SAND_SHAPE)) == 6 and SAND_SHAPE[0] == (0, 0) and PRINTED_CELL in SAND_SHAPE
    assert hexgrid.connected(SAND_SHAPE)
    country = Country()
    for tile, placement in zip(SAND_SET, PRESETS[0], strict=True):
        assert country.joins(placement.turns, placement.at)
        country.add_sand_tile(tile, placement.turns, placement.at)
    assert len(country.cells) == 42
    contents = Counter(c.content for c in country.cells.values())
    assert contents == {SAND: 38, FOREST: 1, GRASS: 1, CITY: 1, LAKE: 1}


def test_area_points() -> None:
    printed = [0, 1, 2, 4, 6, 8, 10, 13, 16, 19, 22, 25, 28, 31, 34]       # sizes 1..15+
    assert [area_points(n) for n in range(1, 16)] == printed
    assert area_points(0) == 0
    assert area_points(16) == area_points(30) == 34
    assert AREA_POINTS[1:] == tuple(printed)


def test_ring_sizes() -> None:
    assert RING_SIZES == {1: 10, 2: 10, 3: 12, 4: 16, 5: 20}
    assert RING_SIZES[1] == RING_SIZES[2]


# -- presets -------------------------------------------------------------------------------------

def _build(preset: int) -> Country:
    country = Country()
    for tile, placement in zip(SAND_SET, PRESETS[preset], strict=True):
        assert country.joins(placement.turns, placement.at), (preset, placement)
        country.add_sand_tile(tile, placement.turns, placement.at)
    return country


def _form(cells: frozenset[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    return min(tuple(sorted(normalise(turned(cells, t)))) for t in range(6))


@pytest.mark.parametrize("preset", range(10))
def test_preset_builds_a_country(preset: int) -> None:
    placements = PRESETS[preset]
    assert len(placements) == 7
    assert all(p.turns in range(6) for p in placements)
    country = _build(preset)
    cells = frozenset(country.cells)
    assert len(cells) == 42
    assert hexgrid.connected(cells)
    # the red line: every tile touches the one laid just before it
    spots = [placed(SAND_SHAPE, p.turns, p.at) for p in placements]
    for before, after in itertools.pairwise(spots):
        assert any(n in before for h in after for n in neighbours(h))
    # compact: at most 50 sides on the border (a 42-hex blob has at least 46)
    assert sum(hexgrid.border_sides(h, cells) for h in cells) <= 50
    # a LAND tile of every shape fits somewhere at the start
    for stack in STACKS:
        assert country.placeable(stack)


def test_joins_refuses_overlap_and_gaps() -> None:
    country = _build(0)
    first = PRESETS[0][0]
    assert not country.joins(first.turns, first.at)
    assert not country.joins(0, (50, 50))
    with pytest.raises(ValueError):
        country.add_sand_tile(SAND_SET[0], first.turns, first.at)


def test_presets_are_ten_different_shapes() -> None:
    assert len(PRESETS) == 10
    forms = {_form(frozenset(_build(i).cells)) for i in range(10)}
    assert len(forms) == 10
