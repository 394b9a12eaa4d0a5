"""Kabooom! rules: captures, moving, Dynamite, setup by difficulty, turns, the end and the scores."""
from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core import IllegalActionError, Outcome, Termination
from game.core.view import plain
from game.kabooom.rules import (
    CENTRE,
    NEIGHBOURS,
    SYMBOLS,
    TABLE,
    Exploded,
    GameOver,
    KabooomConfig,
    Move,
    Moved,
    Pass,
    Passed,
    PhaseChanged,
    Place,
    Placed,
    can_take,
)

from .rules_support import ENGINE, QUIET, check_refused, position, sq

# -- captures -------------------------------------------------------------------------------------

BEATS = {"R": "RS", "P": "PR", "S": "SP", "D": "RPSD"}


@pytest.mark.parametrize("mover, target", list(itertools.product(SYMBOLS, SYMBOLS)))
def test_capture_table(mover, target):
    allowed = target in BEATS[mover]
    assert can_take(mover, target) is allowed
    state = position({"a1": [(0, mover)], "b1": [(1, target)], **QUIET})
    move = Move(0, sq("a1"), sq("b1"))
    assert (move in ENGINE.legal_actions(state, 0)) is allowed
    if not allowed:
        names = {"R": "Rock", "P": "Paper", "S": "Scissors", "D": "Dynamite"}
        check_refused(state, move, f"{names[mover]} cannot take {names[target]}")
        return
    events = ENGINE.apply(state, move)
    if mover == "D":
        assert events[0] == Exploded(0, sq("a1"), sq("b1"), 2)
        assert state.board[sq("b1")] == ()
    else:
        assert events[0] == Moved(0, sq("a1"), sq("b1"), 2)
        assert plain(ENGINE.view(state, 0))["board"][sq("b1")] == [[1, target], [0, mover]]
    assert state.board[sq("a1")] == ()
    ENGINE.check_invariants(state)


def test_only_dynamite_lands_on_dynamite():
    for mover in "RPS":
        assert not can_take(mover, "D")
    assert can_take("D", "D")


# -- moving ---------------------------------------------------------------------------------------


def test_move_from_an_empty_square_is_refused():
    state = position({"b1": [(1, "S")], **QUIET})
    check_refused(state, Move(0, sq("a1"), sq("b1")), "that square is empty")


def test_move_onto_an_empty_square_is_refused():
    state = position({"a1": [(0, "R")], **QUIET})
    check_refused(state, Move(0, sq("a1"), sq("b1")), "empty square")


def test_move_to_a_square_that_is_not_a_neighbour_is_refused():
    state = position({"a1": [(0, "R")], "c1": [(1, "S")], "a3": [(1, "S")], **QUIET})
    for far in ("c1", "a3"):
        check_refused(state, Move(0, sq("a1"), sq(far)), "neighbouring")


def test_moving_another_players_tower_is_refused():
    state = position({"a1": [(0, "S"), (1, "R")], "b1": [(1, "S")], **QUIET})
    check_refused(state, Move(0, sq("a1"), sq("b1")), "that tower is Blue's")


def test_moving_out_of_turn_is_refused():
    state = position({"a1": [(0, "R")], "b1": [(1, "R")], **QUIET}, turn=0)
    check_refused(state, Move(1, sq("b1"), sq("a1")), "it is Red's turn")
    check_refused(state, Pass(1), "it is Red's turn")


def test_moving_onto_own_counters_is_allowed():
    state = position({"a1": [(0, "P")], "b2": [(0, "R")], **QUIET})
    assert Move(0, sq("a1"), sq("b2")) in ENGINE.legal_actions(state, 0)
    events = ENGINE.apply(state, Move(0, sq("a1"), sq("b2")))
    assert events[0] == Moved(0, sq("a1"), sq("b2"), 2)
    assert plain(ENGINE.view(state, 0))["board"][sq("b2")] == [[0, "R"], [0, "P"]]


def test_diagonal_and_edge_neighbours():
    assert sorted(NEIGHBOURS[sq("a1")]) == [sq("b1"), sq("a2"), sq("b2")]
    assert CENTRE not in NEIGHBOURS[sq("b2")] and len(NEIGHBOURS[sq("b2")]) == 7
    assert len(NEIGHBOURS[sq("b1")]) == 5 and NEIGHBOURS[CENTRE] == ()


def test_a_tower_moves_as_one_and_follows_its_top():
    # Blue's Scissors on Red's Rock: the tower is Blue's and moves as Scissors.
    state = position({"b2": [(0, "R"), (1, "S")], "c2": [(0, "P"), (0, "P")], "a1": [(0, "R")],
                      **QUIET}, turn=1)
    assert Move(1, sq("b2"), sq("a1")) not in ENGINE.legal_actions(state, 1)   # S cannot take R
    events = ENGINE.apply(state, Move(1, sq("b2"), sq("c2")))
    assert events[0] == Moved(1, sq("b2"), sq("c2"), 4)
    view = plain(ENGINE.view(state, None))
    assert view["board"][sq("b2")] is None
    assert view["board"][sq("c2")] == [[0, "P"], [0, "P"], [0, "R"], [1, "S"]]
    assert view["towers"] == [[1, 1], [4, 1, 1]] and view["scores"] == [2, 6]
    ENGINE.check_invariants(state)


def test_explosion_empties_both_squares_and_removes_the_stack():
    state = position({"a1": [(0, "D")], "b1": [(0, "R"), (1, "P"), (1, "S")], **QUIET})
    events = ENGINE.apply(state, Move(0, sq("a1"), sq("b1")))
    assert events[0] == Exploded(0, sq("a1"), sq("b1"), 4)
    assert state.board[sq("a1")] == () and state.board[sq("b1")] == ()
    quota = TABLE.quota[2]
    on_board_before = {0: 3, 1: 4}           # a1 D, b1 R, d5 R / b1 P S, e4, e5
    assert state.out == [quota - on_board_before[0] + 2, quota - on_board_before[1] + 2]
    ENGINE.check_invariants(state)


def test_dynamite_blows_up_dynamite():
    state = position({"a1": [(0, "D")], "b1": [(1, "D")], **QUIET})
    events = ENGINE.apply(state, Move(0, sq("a1"), sq("b1")))
    assert events[0] == Exploded(0, sq("a1"), sq("b1"), 2)


# -- setup ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("players, quota", [(2, 12), (3, 8), (4, 6)])
def test_easy_deals_every_square_and_each_quota(players, quota):
    assert TABLE.quota[players] == quota
    for seed in range(5):
        state = ENGINE.new_game(KabooomConfig(players, "easy"), seed)
        ENGINE.check_invariants(state)
        view = plain(ENGINE.view(state, None))
        filled = [t for t in view["board"] if t]
        assert len(filled) == 24 and view["board"][CENTRE] is None
        assert all(len(t) == 1 for t in filled)
        for seat in range(players):
            mine = [t[0][1] for t in filled if t[0][0] == seat]
            assert len(mine) == quota
            assert all(mine.count(s) <= 3 for s in SYMBOLS)
        assert view["pool"] == [[0, 0, 0, 0]] * players and view["to_place"] == [0] * players
        if state.phase == "capture":
            assert view["turn"] == 0


def test_easy_deal_depends_on_the_seed_only():
    def deal(seed: int) -> list[tuple[int, ...]]:
        return ENGINE.new_game(KabooomConfig(2, "easy"), seed).board

    assert deal(1) == deal(1)
    assert deal(1) != deal(2)


@pytest.mark.parametrize("difficulty", ["medium", "hard"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_placement_goes_round_the_table_then_capturing_starts(players, difficulty):
    state = ENGINE.new_game(KabooomConfig(players, difficulty), 0)
    view = plain(ENGINE.view(state, None))
    assert view["phase"] == "place" and view["turn"] == 0 and not any(view["board"])
    assert view["pool"] == [[3, 3, 3, 3]] * players
    assert view["to_place"] == [TABLE.quota[players]] * players
    order = []
    free = [s for s in range(25) if s != CENTRE]
    for i in range(24):
        seat = state.turn
        order.append(seat)
        symbol = SYMBOLS[(i // players) % 4]
        events = ENGINE.apply(state, Place(seat, free[i], symbol))
        assert events[0] == Placed(seat, free[i], symbol)
        ENGINE.check_invariants(state)
    assert order == [i % players for i in range(24)]
    assert events[1] == PhaseChanged("capture")
    view = plain(ENGINE.view(state, None))
    assert view["phase"] in ("capture", "over") and view["to_place"] == [0] * players
    if view["phase"] == "capture":
        assert view["turn"] == 0
    quota = TABLE.quota[players]
    assert all(sum(p) == 12 - quota for p in view["pool"])


def test_placement_refusals():
    state = ENGINE.new_game(KabooomConfig(2, "medium"), 0)
    check_refused(state, Move(0, 0, 1), "place your counters first")
    check_refused(state, Pass(0), "cannot pass while placing")
    check_refused(state, Place(1, 0, "R"), "it is Red's turn")
    check_refused(state, Place(0, CENTRE, "R"), "centre")
    ENGINE.apply(state, Place(0, 0, "R"))
    check_refused(state, Place(1, 0, "P"), "that square is taken")


def test_pool_limits_each_symbol_to_three():
    state = ENGINE.new_game(KabooomConfig(2, "hard"), 0)
    squares = iter(s for s in range(25) if s != CENTRE)
    for _ in range(3):
        ENGINE.apply(state, Place(0, next(squares), "R"))
        ENGINE.apply(state, Place(1, next(squares), "P"))
    assert not any(a.symbol == "R" for a in ENGINE.legal_actions(state, 0))
    check_refused(state, Place(0, next(squares), "R"), "you have no Rock left")
    assert plain(ENGINE.view(state, 0))["pool"] == [[0, 3, 3, 3], [3, 0, 3, 3]]


def test_placing_in_the_capture_phase_is_refused():
    state = position({"a1": [(0, "R")], "b1": [(1, "R")], **QUIET})
    check_refused(state, Place(0, sq("c1"), "R"), "all counters are placed")


# -- turns and the end ----------------------------------------------------------------------------


def test_pass_is_always_legal_and_a_player_without_moves_has_only_pass():
    state = position({"a1": [(0, "S")], "b1": [(1, "R")]})
    assert ENGINE.legal_actions(state, 0) == [Pass(0)]
    assert plain(ENGINE.view(state, 0))["can_move"] == [False, True]
    ENGINE.apply(state, Pass(0))
    legal = ENGINE.legal_actions(state, 1)
    assert Pass(1) in legal and Move(1, sq("b1"), sq("a1")) in legal


def test_every_player_passing_in_a_row_ends_the_game():
    state = position({"a1": [(0, "R")], "b1": [(1, "R")], "c1": [(2, "R")], "e4": [(1, "R")],
                      "e5": [(2, "R")]}, players=3)
    assert ENGINE.apply(state, Pass(0)) == [Passed(0)]
    ENGINE.apply(state, Pass(1))
    # A move in between starts the count again.
    ENGINE.apply(state, Move(2, sq("c1"), sq("b1")))
    assert state.passes == 0
    ENGINE.apply(state, Pass(0))
    ENGINE.apply(state, Pass(1))
    assert ENGINE.outcome(state) is None
    events = ENGINE.apply(state, Pass(2))
    assert events[-1] == GameOver(Termination.ALL_PASSED)
    assert ENGINE.outcome(state) == Outcome((1, 1, 3), (2,), Termination.ALL_PASSED)
    view = plain(ENGINE.view(state, 0))
    assert view["phase"] == "over" and view["turn"] == -1
    assert ENGINE.to_act(state) == frozenset() and ENGINE.legal_actions(state, 0) == []
    check_refused(state, Pass(0), "the game is over")
    ENGINE.check_invariants(state)


def test_game_ends_when_nobody_can_move():
    state = position({"a1": [(0, "R")], "b1": [(1, "S")], "e5": [(1, "P")]})
    events = ENGINE.apply(state, Move(0, sq("a1"), sq("b1")))
    assert events == [Moved(0, sq("a1"), sq("b1"), 2), GameOver(Termination.NO_MOVES)]
    assert ENGINE.outcome(state) == Outcome((2, 1), (0,), Termination.NO_MOVES)
    ENGINE.check_invariants(state)


def test_a_tie_shares_the_win():
    state = position({"a1": [(0, "R")], "b1": [(1, "S")], "e5": [(1, "P")], "d5": [(0, "P")]})
    ENGINE.apply(state, Pass(0))
    events = ENGINE.apply(state, Pass(1))
    assert events[-1] == GameOver(Termination.ALL_PASSED)
    assert ENGINE.outcome(state) == Outcome((2, 2), (0, 1), Termination.ALL_PASSED)


# -- scoring --------------------------------------------------------------------------------------


@pytest.mark.parametrize("difficulty, five, one", [("easy", 5, 1), ("medium", 4, 0), ("hard", 3, 0)])
def test_scores_follow_the_rulebook_examples(difficulty, five, one):
    five_tower = [(1, "R"), (0, "S"), (1, "P"), (0, "S"), (0, "R")]
    state = position({"a1": five_tower, "e5": [(0, "P")], "d5": [(1, "P")], "c5": [(0, "D")],
                      "a5": [(1, "D")], "e1": [(1, "S")]}, difficulty=difficulty)
    ENGINE.check_invariants(state)
    scores = plain(ENGINE.view(state, 0))["scores"]
    assert scores == [five + one, 2 * one]              # Dynamite adds nothing
    ENGINE.apply(state, Pass(0))
    ENGINE.apply(state, Pass(1))
    assert ENGINE.outcome(state).scores == (five + one, 2 * one)


def test_a_dynamite_tower_never_scores():
    state = position({"a1": [(0, "D")], "e5": [(1, "D")]})
    assert plain(ENGINE.view(state, 0))["scores"] == [0, 0]


def test_difficulty_offsets_live_in_the_table():
    assert dict(TABLE.offset) == {"easy": 0, "medium": 1, "hard": 2}
    assert TABLE.pool == (3, 3, 3, 3)




# -- properties -----------------------------------------------------------------------------------

GAMES = st.tuples(st.sampled_from([2, 3, 4]), st.sampled_from(["easy", "medium", "hard"]),
                  st.integers(0, 2**20))


STEPS = st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 3), st.integers(0, 24),
                           st.integers(0, 24), st.sampled_from(SYMBOLS), st.integers(0, 2)),
                 min_size=20, max_size=90)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=GAMES, steps=STEPS)
def test_random_play_keeps_the_invariants(game, steps):
    players, difficulty, seed = game
    state = ENGINE.new_game(KabooomConfig(players, difficulty), seed)
    for pick, seat, a, b, symbol, kind in steps:
        if ENGINE.outcome(state) is not None:
            break
        # An arbitrary action first: either it is legal, or it is refused and changes nothing.
        seat %= players
        stray = (Place(seat, a, symbol), Move(seat, a, b), Pass(seat))[kind]
        legal = ENGINE.legal_actions(state, state.turn)
        before = ENGINE.clone(state)
        try:
            ENGINE.apply(state, stray)
        except IllegalActionError:
            assert state == before
            assert stray not in legal
            ENGINE.apply(state, legal[pick % len(legal)])
        else:
            assert stray in legal
        ENGINE.check_invariants(state)
        view = plain(ENGINE.view(state, None))
        assert all(s >= 0 for s in view["scores"])
        on_board = sum(len(t) for t in view["board"] if t)
        placed = sum(TABLE.quota[players] - t for t in view["to_place"])
        assert on_board + sum(view["out"]) == placed
