"""The bit-mask placement engine (geometry.py, Country's masks) against plain references: a test
oracle that tries every hex and turning with sets of hexes, on random countries (preset and freely
built shapes, random LAND laid on them, by hand and by play), in the engine's order."""
from __future__ import annotations

import random

import pytest

from game.combi_nations.country import (
    TILE_PATTERNS,
    Cell,
    Country,
    Placing,
    distinct_placings,
    laid_hexes,
    with_tile,
)
from game.combi_nations.geometry import joining_spots
from game.combi_nations.hexgrid import DIRECTIONS, Hex, placed
from game.combi_nations.rules import Build, CombiConfig, CombiNationsEngine, Place, build_preset
from game.combi_nations.tables import LAND_TILES, LANDS, PRESETS, SAND, SAND_SET, SAND_SHAPE, STACK_SHAPES, STACKS

ENGINE = CombiNationsEngine()


# -- the oracle ------------------------------------------------------------------------------------

def _near(h: Hex) -> list[Hex]:
    return [(h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS]


def reference_placements(cells: dict[Hex, Cell], stack: str) -> list[Placing]:
    """Every (turns, at) whose hexes are all SAND and one touches LAND or a facility, by at then turns."""
    sand = {h for h, c in cells.items() if c.content == SAND}
    land = {h for h, c in cells.items() if c.content != SAND}
    found = []
    for at in sorted(cells):
        for turns in range(6):
            spot = placed(STACK_SHAPES[stack], turns, at)
            if spot <= sand and any(n in land for h in spot for n in _near(h)):
                found.append(Placing(turns, at))
    return found


def reference_distinct(cells: dict[Hex, Cell], tile_id: int) -> list[Placing]:
    tile = LAND_TILES[tile_id]
    seen: set[frozenset[tuple[Hex, str]]] = set()
    out = []
    for p in reference_placements(cells, tile.stack):
        laid = frozenset(zip(laid_hexes(tile.stack, p), tile.contents, strict=True))
        if laid not in seen:
            seen.add(laid)
            out.append(p)
    return out


def reference_joins(cells: dict[Hex, Cell]) -> list[tuple[int, Hex]]:
    """Every (turns, at) where a SAND tile overlaps nothing and touches the country, sorted."""
    found = set()
    for h in cells:
        for n in _near(h):
            if n in cells:
                continue
            for turns in range(6):
                for cell in SAND_SHAPE:
                    origin = next(iter(placed((cell,), turns, (0, 0))))
                    at = (n[0] - origin[0], n[1] - origin[1])
                    spot = placed(SAND_SHAPE, turns, at)
                    if not spot & cells.keys():
                        found.add((turns, at))
    return sorted(found)


# -- random countries ------------------------------------------------------------------------------

def free_country(rng: random.Random) -> Country:
    """Seven SAND tiles laid one by one at random places that join the others."""
    country = Country()
    country.add_sand_tile(SAND_SET[0], rng.randrange(6), (0, 0))
    for tile in SAND_SET[1:]:
        turns, at = rng.choice(joining_spots(country.cells))
        country.add_sand_tile(tile, turns, at)
    return country


def random_country(rng: random.Random) -> Country:
    if rng.random() < 0.5:
        country = Country()
        order = list(range(7))
        rng.shuffle(order)
        build_preset(country, rng.randrange(len(PRESETS)), order)
    else:
        country = free_country(rng)
    # cover a random share of the SAND with LAND or facilities, by hand (not by the rules)
    share = rng.random()
    for h, cell in list(country.cells.items()):
        if cell.content == SAND and rng.random() < share * 0.8:
            country.cells[h] = Cell(rng.choice([*LANDS, "bank"]), cell.tile)
    country._changed()
    return country


@pytest.mark.parametrize("seed", range(20))
def test_placements_and_distinct_placings_equal_the_reference_on_random_countries(seed: int) -> None:
    rng = random.Random(seed)
    country = random_country(rng)
    for stack in STACKS:
        want = reference_placements(country.cells, stack)
        assert list(country.placements(stack)) == want
        assert Country(dict(country.cells)).placeable(stack) == bool(want)
    for tile_id in rng.sample(range(len(LAND_TILES)), 12):
        assert distinct_placings(country, tile_id) == reference_distinct(country.cells, tile_id)


@pytest.mark.parametrize("seed", range(12))
def test_fits_agrees_with_the_reference_for_any_place_in_or_near_the_country(seed: int) -> None:
    rng = random.Random(seed)
    country = random_country(rng)
    hexes = sorted(country.cells)
    legal = {stack: set(reference_placements(country.cells, stack)) for stack in STACKS}
    for _ in range(200):
        stack = rng.choice(STACKS)
        q, r = rng.choice(hexes)
        placing = Placing(rng.randrange(6), (q + rng.randrange(-2, 3), r + rng.randrange(-2, 3)))
        assert country.fits(stack, placing) == (placing in legal[stack])


@pytest.mark.parametrize("seed", range(12))
def test_masks_kept_up_to_date_while_placing_equal_masks_made_afresh(seed: int) -> None:
    """Place tiles one after the other (asking what fits between each) on one country and on
    copies: each step's answers (the places, the masks, each content's hexes, the cells' order)
    equal those of a country rebuilt from its cells alone."""
    rng = random.Random(seed)
    country = random_country(rng)
    country.cells = {h: Cell(SAND if c.content not in LANDS else c.content, c.tile)
                     for h, c in country.cells.items()}
    country._changed()
    country.contents()        # made now, so each step below brings them up to date
    for _ in range(12):
        tile_id = rng.randrange(len(LAND_TILES))
        choices = distinct_placings(country, tile_id)
        if not choices:
            continue
        before = country.copy()
        answers = {s: country.placements(s) for s in STACKS}
        before_contents = dict(before.contents())
        if rng.random() < 0.5:
            country = with_tile(country, tile_id, rng.choice(choices))      # on a copy
        else:
            country.place(LAND_TILES[tile_id], rng.choice(choices))         # in place
        fresh = Country(dict(country.cells))
        assert country.masks()[1:] == fresh.masks()[1:]
        assert {k: m for k, m in country.contents().items() if m} == fresh.contents()
        assert country.ranks() == fresh.ranks()
        for stack in STACKS:
            assert country.placements(stack) == fresh.placements(stack)
            assert country.placeable(stack) == fresh.placeable(stack)
        # the copy taken before is untouched by what was laid since
        assert {s: before.placements(s) for s in STACKS} == answers
        assert before.contents() == before_contents
        assert before.has_sand() == bool(before.sand())


@pytest.mark.parametrize("seed", range(12))
def test_joining_spots_equal_the_reference(seed: int) -> None:
    rng = random.Random(seed)
    country = Country()
    country.add_sand_tile(SAND_SET[0], rng.randrange(6), (0, 0))
    for tile in SAND_SET[1:rng.randrange(1, 7)]:
        turns, at = rng.choice(reference_joins(country.cells))
        country.add_sand_tile(tile, turns, at)
    want = reference_joins(country.cells)
    assert joining_spots(country.cells) == want
    assert all(country.joins(t, at) for t, at in want)


@pytest.mark.parametrize("seed", range(4))
def test_free_building_offers_exactly_the_builds_it_accepts(seed: int) -> None:
    """Each Build listed is accepted, and a Build not listed is refused with the same message."""
    rng = random.Random(seed)
    state = ENGINE.new_game(CombiConfig(players=2, country="free"), seed)
    while state.phase == "build":
        seat = state.turn
        legal = ENGINE.legal_actions(state, seat)
        listed = set(legal)
        assert len(listed) == len(legal)
        for _ in range(30):
            q, r = rng.choice(sorted(state.countries[seat].cells) or [(0, 0)])
            probe = Build(seat, rng.randrange(7), rng.randrange(6), q + rng.randrange(-4, 5), r + rng.randrange(-4, 5))
            assert ENGINE._can_build(state, probe) == (probe in listed)
        ENGINE.apply(state, rng.choice(legal))


def test_place_actions_are_the_distinct_placings_of_the_held_tile_for_every_seat() -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = ENGINE.new_game(CombiConfig(players=4, preset=seed), seed)
        while ENGINE.outcome(state) is None:
            seat = state.turn
            legal = ENGINE.legal_actions(state, seat)
            if state.phase == "place":
                country = state.countries[seat]
                want = reference_distinct(country.cells, state.held)
                assert all(isinstance(a, Place) for a in legal)
                assert [(a.turns, (a.q, a.r)) for a in legal if isinstance(a, Place)] == [(p.turns, p.at) for p in want]
                assert TILE_PATTERNS[state.held]
            ENGINE.apply(state, legal[int(rng.random() * len(legal))])
