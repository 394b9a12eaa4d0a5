"""The Combi-Nations engine, rule by rule: placing (and its refusals), the arrow's count of placeable
tiles, the marker and the refill, the U-turn, the end with the round finished and the extra turns,
solo to its end, the three ways to build a country. Positions are set up from a real game by moving
tiles between the ring and the stacks, so every tile stays somewhere exactly once (check_invariants
runs after every change)."""
from __future__ import annotations

from datetime import date

import pytest

from game.combi_nations import GAME
from game.combi_nations.country import Cell, Placing
from game.combi_nations.hexgrid import neighbours, placed
from game.combi_nations.rules import (
    EMPTY,
    OVER,
    PLACE,
    ArrowMoved,
    Build,
    CombiConfig,
    CombiNationsEngine,
    CombiState,
    Discarded,
    EndTriggered,
    GameOver,
    MarkerMoved,
    Move,
    Place,
    Placed,
    Refilled,
    Skipped,
    TurnBegan,
    preset_of,
)
from game.combi_nations.tables import (
    FOREST,
    LAND_TILES,
    SAND,
    SINGLE,
    SOLO_OPPONENT_TILES,
    STACK_SHAPES,
    STACKS,
)
from game.core.engine import Termination
from game.core.errors import IllegalActionError

ENGINE = CombiNationsEngine()


def game(players: int = 2, seed: int = 1, **options) -> CombiState:
    return ENGINE.new_game(CombiConfig(players, **options), seed)


def set_ring(state: CombiState, tiles: dict[int, int]) -> None:
    """Put tile ids on ring spaces (space -> id; EMPTY clears), taking each from wherever it is in
    the ring or the stacks, and returning what it replaces to its stack."""
    for space, tile in tiles.items():
        old = state.ring[space]
        if old >= 0:
            state.stacks[STACKS.index(LAND_TILES[old].stack)].append(old)
            state.ring[space] = EMPTY
        if tile < 0:
            continue
        if tile in state.ring:
            state.ring[state.ring.index(tile)] = EMPTY
        else:
            state.stacks[STACKS.index(LAND_TILES[tile].stack)].remove(tile)
        state.ring[space] = tile
    ENGINE.check_invariants(state)


def fill_country(state: CombiState, seat: int, keep: set) -> None:
    """Cover every SAND hex of a country with FOREST (a made-up tile id the invariants skip: it is
    a SAND tile's), except the hexes in `keep`."""
    country = state.countries[seat]
    for h, cell in list(country.cells.items()):
        if cell.content == SAND and h not in keep:
            country.cells[h] = Cell(FOREST, cell.tile)
    country._changed()


def tiles_of(stack: str) -> list[int]:
    return [t.id for t in LAND_TILES if t.stack == stack]


def isolated_holes(state: CombiState, seat: int, count: int) -> set:
    """`count` SAND hexes of a country, none touching another: only single tiles will fit."""
    holes: set = set()
    for h in sorted(state.countries[seat].sand()):
        if all(n not in holes for n in neighbours(h)):
            holes.add(h)
        if len(holes) == count:
            break
    return holes


# -- building the country --------------------------------------------------------------------------

def test_a_preset_country_has_42_hexes_of_which_38_sand_and_one_printed_land_of_each_type():
    state = game(3, country="preset", preset=4)
    for country in state.countries:
        contents = [c.content for c in country.cells.values()]
        assert len(contents) == 42 and contents.count(SAND) == 38
        assert sorted(c for c in contents if c != SAND) == ["city", "forest", "grass", "lake"]
    # the same shape for everyone (the tiles in each one's own shuffled order)
    assert len({frozenset(c.cells) for c in state.countries}) == 1


def test_the_date_variant_takes_the_last_digit_of_the_day_from_the_config():
    config = GAME.make_config(2, {"country": "date"}).made(today=date(2026, 10, 28))
    assert config.day == 28 and preset_of(config) == 8
    a, b = ENGINE.new_game(config, 1), game(2, country="preset", preset=8)
    assert frozenset(a.countries[0].cells) == frozenset(b.countries[0].cells)


def test_free_building_lays_seven_tiles_joined_side_to_side_seat_by_seat():
    state = game(2, country="free")
    assert state.phase == "build" and ENGINE.to_act(state) == {0}
    first = ENGINE.legal_actions(state, 0)
    assert all(a.q == 0 and a.r == 0 for a in first) and len(first) == 5     # 5 kinds of tile
    for _ in range(7):
        ENGINE.apply(state, ENGINE.legal_actions(state, 0)[0])
    assert ENGINE.to_act(state) == {1} and len(state.countries[0].cells) == 42
    with pytest.raises(IllegalActionError):
        ENGINE.apply(state, Build(1, 0, 0, 50, 50))       # would not join: refused, state kept
    ENGINE.apply(state, Build(1, 0, 0, 0, 0))
    with pytest.raises(IllegalActionError):
        ENGINE.apply(state, Build(1, 1, 0, 0, 0))         # overlapping the first tile
    for _ in range(6):
        ENGINE.apply(state, ENGINE.legal_actions(state, 1)[-1])
    assert state.phase == "move" and state.turn == 0
    ENGINE.check_invariants(state)


# -- placing ---------------------------------------------------------------------------------------

def _to_place(seat_tile_stack: str = "pair") -> CombiState:
    state = game(2, seed=3)
    pair = tiles_of(seat_tile_stack)[0]
    space = next(s for s in range(1, len(state.ring)) if state.ring[s] >= 0)
    set_ring(state, {space: pair})
    for s in range(1, space):                          # nothing between the arrow and that tile
        set_ring(state, {s: EMPTY}) if state.ring[s] >= 0 and s != space else None
    ENGINE.apply(state, Move(0, 1))
    assert state.phase == PLACE and state.held == pair
    return state


def test_placing_on_sand_touching_land_is_legal_and_everything_else_is_refused():
    state = _to_place()
    country = state.countries[0]
    shape = STACK_SHAPES["pair"]
    sand = country.sand()
    land = {h for h, c in country.cells.items() if c.content != SAND}
    refused = {}
    for at in sorted(sand) + [(40, 40)]:
        for turns in range(6):
            spot = placed(shape, turns, at)
            if any(h not in country.cells for h in spot):
                refused.setdefault("off", Place(0, turns, *at))
            elif any(h in land for h in spot):
                refused.setdefault("over", Place(0, turns, *at))
            elif not any(n in land for h in spot for n in neighbours(h)):
                refused.setdefault("alone", Place(0, turns, *at))
    assert set(refused) == {"off", "over", "alone"}
    for why, action in refused.items():
        with pytest.raises(IllegalActionError):
            ENGINE.apply(state, action)
        assert state.phase == PLACE, why
    legal = ENGINE.legal_actions(state, 0)
    assert legal and all(country.fits("pair", Placing(a.turns, (a.q, a.r))) for a in legal)
    events = ENGINE.apply(state, legal[0])
    assert isinstance(events[0], Placed) and state.held == EMPTY
    covered = {h for h, c in country.cells.items() if c.tile == events[0].tile}
    assert len(covered) == 2 and covered & {n for h in land for n in neighbours(h)}
    ENGINE.check_invariants(state)


def test_a_single_tile_lists_each_place_once_not_once_per_turning():
    state = _to_place(SINGLE)
    legal = ENGINE.legal_actions(state, 0)
    assert len(legal) == len({(a.q, a.r) for a in legal})


# -- the arrow, the marker and the refill ---------------------------------------------------------

def test_the_arrow_goes_to_the_kth_placeable_tile_skipping_those_that_do_not_fit():
    state = game(2, seed=5)
    fill_country(state, 0, isolated_holes(state, 0, 3))    # only single tiles fit seat 1's country
    singles, pairs = tiles_of("single"), tiles_of("pair")
    arrow = state.arrows[0]
    size = len(state.ring)
    ahead = [(arrow + i) % size for i in range(1, size) if (arrow + i) % size not in state.arrows]
    layout = {ahead[0]: pairs[0], ahead[1]: singles[0], ahead[2]: pairs[1], ahead[3]: pairs[2],
              ahead[4]: singles[1], ahead[5]: singles[2], ahead[6]: singles[3]}
    set_ring(state, layout)
    assert ENGINE.ring_options(state, 0, True) == [ahead[1], ahead[4], ahead[5]]
    moves = [a for a in ENGINE.legal_actions(state, 0) if not a.uturn]
    assert moves == [Move(0, 1), Move(0, 2), Move(0, 3)]
    events = ENGINE.apply(state, Move(0, 2))
    moved = next(e for e in events if isinstance(e, ArrowMoved))
    assert (moved.start, moved.end, moved.tile) == (arrow, ahead[4], singles[1])
    assert state.held == singles[1] and state.ring[ahead[4]] == EMPTY


def test_the_marker_moves_k_stacks_skipping_empty_ones_and_the_arrows_old_space_is_refilled():
    state = game(2, seed=6)
    start = state.arrows[0]
    assert STACKS[state.marker] == "pair"
    line = STACKS.index("line")
    for tile in list(state.stacks[line]):                 # the line stack runs out
        state.stacks[line].remove(tile)
        state.discard.append(tile)
    state.solo = True                                      # (the discard pile is the solo opponent's)
    ENGINE.check_invariants(state)
    k = 2
    if len(ENGINE.ring_options(state, 0, True)) < k:
        pytest.skip("no second placeable tile")
    events = ENGINE.apply(state, Move(0, k))
    marker = next(e for e in events if isinstance(e, MarkerMoved))
    assert STACKS[marker.stack] == "triangle"              # pair -> (line, empty) bent -> triangle
    refill = next(e for e in events if isinstance(e, Refilled))
    assert refill.space == start and STACKS[refill.stack] == "triangle"
    assert state.ring[start] == refill.tile and LAND_TILES[refill.tile].stack == "triangle"


def test_an_empty_stack_in_front_of_the_marker_refills_from_the_next():
    state = game(2, seed=7)
    start = state.arrows[0]
    state.marker = STACKS.index("single")
    bent = STACKS.index("bent")
    for stack in range(len(STACKS)):
        if stack != bent:
            state.discard += state.stacks[stack]
            state.stacks[stack] = []
    state.solo = True
    ENGINE.check_invariants(state)
    events = ENGINE.apply(state, Move(0, 1))
    refill = next(e for e in events if isinstance(e, Refilled))
    assert STACKS[refill.stack] == "bent" and state.ring[start] == refill.tile


def test_the_u_turn_is_once_a_game_and_the_arrow_then_always_goes_counterclockwise():
    state = game(2, seed=8)
    back = ENGINE.ring_options(state, 0, False)
    assert Move(0, 1, True) in ENGINE.legal_actions(state, 0)
    ENGINE.apply(state, Move(0, 1, True))
    assert state.uturned[0] and not state.clockwise[0] and state.arrows[0] == back[0]
    ENGINE.apply(state, ENGINE.legal_actions(state, 0)[0])      # place it
    ENGINE.apply(state, ENGINE.legal_actions(state, 1)[0])      # seat 2 moves and places
    ENGINE.apply(state, ENGINE.legal_actions(state, 1)[0])
    legal = ENGINE.legal_actions(state, 0)
    assert legal and not any(a.uturn for a in legal)
    expect = ENGINE.ring_options(state, 0, False)
    ENGINE.apply(state, Move(0, 1))
    assert state.arrows[0] == expect[0]                    # counterclockwise, without a U-turn now
    with pytest.raises(IllegalActionError):
        state2 = game(2, seed=8)
        state2.uturned[0] = True
        ENGINE.apply(state2, Move(0, 1, True))


# -- the end ----------------------------------------------------------------------------------------

def _play_first(state: CombiState) -> None:
    ENGINE.apply(state, ENGINE.legal_actions(state, state.turn)[0])


def test_filling_the_country_finishes_the_round_then_extra_turns_for_who_placed_last():
    state = game(3, seed=9)
    # seat 2 (index 1) has one SAND hex left: the single tile it takes fills it
    fill_country(state, 1, isolated_holes(state, 1, 1))
    _play_first(state)
    _play_first(state)                                     # seat 1 moved and placed
    assert state.turn == 1
    single = tiles_of("single")
    options = ENGINE.ring_options(state, 1, True)
    assert options                                         # a single is somewhere on the ring
    move = ENGINE.legal_actions(state, 1)[0]
    ENGINE.apply(state, move)
    events = ENGINE.apply(state, ENGINE.legal_actions(state, 1)[0])
    assert state.held == EMPTY and state.countries[1].sand() == frozenset()
    assert any(isinstance(e, EndTriggered) and e.full and e.seat == 1 for e in events)
    assert state.ending and state.turn == 2                # the round goes on to its end
    _play_first(state)
    events = ENGINE.apply(state, ENGINE.legal_actions(state, 2)[0])
    # the round is over: extra turns for seats 1 and 3 (seat 2's country is full: it cannot move)
    assert state.in_extra and state.turn == 0
    assert any(isinstance(e, TurnBegan) and e.extra for e in events)
    _play_first(state)
    events = ENGINE.apply(state, ENGINE.legal_actions(state, 0)[0])
    assert state.turn == 2 and state.in_extra
    _play_first(state)
    events = ENGINE.apply(state, ENGINE.legal_actions(state, 2)[0])
    assert state.phase == OVER and isinstance(events[-1], GameOver)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and outcome.termination == Termination.COUNTRY_FULL
    assert single  # (the stack exists)


def test_a_seat_with_no_tile_that_fits_is_skipped_and_triggers_the_end():
    state = game(3, seed=10)
    fill_country(state, 1, set())                          # seat 2's country: nothing fits any more
    assert not ENGINE.can_move(state, 1)
    _play_first(state)
    events = ENGINE.apply(state, ENGINE.legal_actions(state, 0)[0])     # seat 1 places
    assert [type(e) for e in events][-3:] == [Skipped, EndTriggered, TurnBegan]
    skipped = next(e for e in events if isinstance(e, Skipped))
    trigger = next(e for e in events if isinstance(e, EndTriggered))
    assert skipped.seat == 1 and trigger.seat == 1 and not trigger.full
    assert state.turn == 2 and state.ending and not state.placed_last[1]
    _play_first(state)
    events = ENGINE.apply(state, ENGINE.legal_actions(state, 2)[0])     # seat 3 ends the round
    # extra turns: seats 1 and 3 placed in their last turn, seat 2 did not
    assert state.in_extra and state.turn == 0
    _play_first(state)
    ENGINE.apply(state, ENGINE.legal_actions(state, 0)[0])
    assert state.turn == 2
    _play_first(state)
    events = ENGINE.apply(state, ENGINE.legal_actions(state, 2)[0])
    assert state.phase == OVER and ENGINE.outcome(state).termination == Termination.NO_TILE_FITS


# -- solo -------------------------------------------------------------------------------------------

def test_solo_the_opponent_copies_the_first_move_then_moves_by_its_tiles_size_and_stops_at_15():
    state = game(1, seed=11)
    assert len(state.ring) == 10 and len(state.arrows) == 2
    first = Move(0, 2) if Move(0, 2) in ENGINE.legal_actions(state, 0) else Move(0, 1)
    ENGINE.apply(state, first)
    expect = first.k                                       # the opponent's first move copies it
    turns = 0
    while state.phase != OVER:
        if state.phase == "move":
            ENGINE.apply(state, ENGINE.legal_actions(state, 0)[0])
        events = ENGINE.apply(state, ENGINE.legal_actions(state, 0)[0])
        turns += 1
        moved = [e for e in events if isinstance(e, ArrowMoved) and e.seat < 0]
        if moved:
            tiles_ahead = moved[0].k                       # fewer tiles on the ring: as far as it can
            assert tiles_ahead == expect or tiles_ahead < expect
            taken = next(e for e in events if isinstance(e, Discarded))
            assert taken.taken == len(state.discard) <= SOLO_OPPONENT_TILES
            expect = len(LAND_TILES[taken.tile].cells)     # then: the spaces of the tile it took
    assert len(state.discard) <= SOLO_OPPONENT_TILES
    assert turns <= SOLO_OPPONENT_TILES + 1
    if len(state.discard) == SOLO_OPPONENT_TILES:
        assert turns == SOLO_OPPONENT_TILES + 1            # the player's 16th turn was the last
        assert ENGINE.outcome(state).termination == Termination.SOLO_DONE


# -- random play ------------------------------------------------------------------------------------

def test_every_refused_action_leaves_the_state_as_it_was():
    state = game(2, seed=12)
    twin = ENGINE.clone(state)
    for bad in (Move(1, 1), Place(0, 0, 0, 0), Move(0, 3, True) if not ENGINE.ring_options(state, 0, False)[2:]
                else Build(0, 0, 0, 0, 0)):
        with pytest.raises(IllegalActionError):
            ENGINE.apply(state, bad)
        assert state == twin


@pytest.mark.parametrize("seed", range(6))
def test_the_placements_found_from_the_frontier_are_exactly_those_a_full_scan_finds(seed):
    """Country.placements starts from the SAND hexes beside LAND (a legal place covers one); a
    brute-force scan of every SAND hex and turning must agree, in mid-game countries too."""
    import random
    rng = random.Random(seed)
    state = game(3, seed=seed)
    for _ in range(rng.randrange(0, 40)):
        if state.phase == OVER:
            break
        ENGINE.apply(state, rng.choice(ENGINE.legal_actions(state, state.turn)))
    for country in state.countries:
        sand = country.sand()
        land = {h for h, c in country.cells.items() if c.content != SAND}
        for stack in STACKS:
            brute = set()
            for at in sand:
                for turns in range(6):
                    spot = placed(STACK_SHAPES[stack], turns, at)
                    if spot <= sand and any(n in land for h in spot for n in neighbours(h)):
                        brute.add(Placing(turns, at))
            assert set(country.placements(stack)) == brute
            assert country.placeable(stack) == bool(brute)
