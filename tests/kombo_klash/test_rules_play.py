"""Kombo Klash!'s rules in play: the board full, drawing and the reshuffle, Kombos in a turn, the
rulebook's scoring and gameplay examples, the end of the game, refused actions."""
from __future__ import annotations

import pytest

from game.core import Termination
from game.kombo_klash.actions import EndTurn, Kick, Place, Revive, Score, Swamp
from game.kombo_klash.events import (
    BoardCleared,
    Drew,
    GameOver,
    Hypnotised,
    Reshuffled,
    Revived,
    RoundEnded,
    Scored,
    TieBreak,
    TurnBegan,
)

from .positions import ENGINE, base, board_of, full_board, hand_of, of, play, position, refused, sq, sqs

# -- the board full -----------------------------------------------------------------------------------


def test_board_full_face_down_tiles_go_to_the_discard_pile_and_the_turn_goes_on():
    board = full_board()
    state = position(board, [["Chameleon", "Chameleon"], ["Chameleon"]], discard=["Raven"])
    down = [state.board[s] for s in sqs("b2", "d4")]
    events = play(state, Place(0, "Chameleon", sq("e5"), False))
    assert events[-1] == BoardCleared(sqs("b2", "d4"), False)
    expect = {k: v for k, v in board.items() if not v.startswith("?")} | {"e5": "Chameleon"}
    assert board_of(state) == expect
    assert state.discard[-2:] == down and len(state.discard) == 3
    play(state, Place(0, "Chameleon", sq("b2"), False), EndTurn(0))


def test_board_full_all_face_up_all_but_the_corners_go():
    board = full_board(face_down=())
    state = position(board, [["Chameleon", "Chameleon"], ["Chameleon"]])
    events = play(state, Place(0, "Chameleon", sq("e5"), False))
    gone = tuple(s for s in range(25) if s not in (0, 4, 12, 20, 24))
    assert events[-1] == BoardCleared(gone, True)
    assert board_of(state) == {"a1": board["a1"], "e1": board["e1"], "a5": board["a5"], "e5": "Chameleon"}
    assert len(state.discard) == 20


def test_board_full_waits_for_the_ability_then_clears():
    # a Vulture into the last space revives the only face-down tile: then every tile is face up
    board = full_board(face_down=("b2",))
    state = position(board, [["Vulture", "Chameleon"], ["Chameleon"]])
    play(state, Place(0, "Vulture", sq("e5"), True))
    assert state.pending == "revive" and all(t >= 0 for s, t in enumerate(state.board) if s != 12)
    events = play(state, Revive(0, sq("b2")))
    assert events[-1].all_face_up and len(events[-1].squares) == 20
    assert set(board_of(state)) == {"a1", "e1", "a5", "e5"}
    # an Alligator into the last space of an all-face-up board: the swamped tiles alone go
    state = position(full_board(face_down=()), [["Alligator", "Chameleon"], ["Chameleon"]])
    play(state, Place(0, "Alligator", sq("e5"), True))
    events = play(state, Swamp(0, sqs("b2", "c4")))
    assert events[-1] == BoardCleared(sqs("b2", "c4"), False)
    assert state.scores[0] == 2 and len(board_of(state)) == 22


# -- drawing and the reshuffle ------------------------------------------------------------------------


def test_an_empty_draw_pile_is_formed_again_from_the_shuffled_discard_pile():
    state = base(draw=[], rest="discard")
    assert state.draw == [] and len(state.discard) == 48 - 7 - 10
    discard = list(state.discard)
    play(state, Place(0, "Wolf", sq("c1"), False))
    events = play(state, EndTurn(0))
    assert Reshuffled(31) in events and of(events, Drew)[0].count == 1
    assert state.discard == [] and len(state.draw) == 30
    pile = state.draw + state.hands[0][-1:]          # the new pile, bottom to top, before the draw
    assert sorted(pile) == sorted(discard)
    assert pile != discard and pile != discard[::-1]  # shuffled, not just turned over


def test_the_draw_pile_is_used_up_before_the_reshuffle_and_no_sooner():
    state = base(draw=["Chameleon"], rest="discard")
    play(state, Place(0, "Wolf", sq("c1"), False))
    events = play(state, EndTurn(0))
    assert not of(events, Reshuffled) and "Chameleon" in hand_of(state, 0)
    state = base(draw=["Chameleon"], rest="discard")
    play(state, Place(0, "Wolf", sq("c1"), False), Place(0, "Raven", sq("d1"), False))
    events = play(state, EndTurn(0))
    assert [type(e).__name__ for e in events[:2]] == ["Reshuffled", "Drew"]
    assert "Chameleon" in hand_of(state, 0) and len(state.hands[0]) == 5


def test_nothing_is_drawn_when_both_piles_are_empty():
    state = base()
    state.hands[1] += state.draw
    state.draw = []
    ENGINE.check_invariants(state)
    play(state, Place(0, "Wolf", sq("c1"), False), Place(0, "Raven", sq("d1"), False))
    events = play(state, EndTurn(0))
    assert of(events, Drew) == [Drew(0, 0, (), "refill")] and not of(events, Reshuffled)
    assert len(state.hands[0]) == 3


def test_a_player_with_no_tile_and_nothing_to_draw_passes():
    state = position({"a1": "Wolf", "e5": "Raven"}, [[], ["Wolf"] * 5 + ["Raven"] * 4], turn=1)
    state.hands[1] += state.draw
    state.draw = []
    ENGINE.check_invariants(state)
    events = play(state, Place(1, "Wolf", sq("b1"), False), EndTurn(1))
    assert RoundEnded(1, (0, 1)) in events and state.turn == 0 and state.round == 2
    assert ENGINE.legal_actions(state, 0) == [EndTurn(0)]
    events = play(state, EndTurn(0))
    assert state.turn == 1 and state.scores == [0, 0] and of(events, Drew) == [Drew(0, 0, (), "refill")]


def test_a_turn_that_begins_with_an_empty_hand_first_draws_five():
    # ruling: "nothing to draw" presupposes the draw
    state = position({"a1": "Wolf", "e5": "Raven"}, [[], ["Wolf"] * 5], turn=1)
    events = play(state, Place(1, "Wolf", sq("b1"), False), EndTurn(1))
    assert Drew(0, 5, (), "empty_hand") == ENGINE.redact(of(events, Drew)[-1], 1)
    assert len(state.hands[0]) == 5
    refused(state, EndTurn(0), "play at least one tile")


def test_a_player_who_played_the_whole_hand_ends_the_turn_and_draws_five():
    state = base(["Wolf", "Raven"])
    play(state, Place(0, "Wolf", sq("c1"), False), Place(0, "Raven", sq("d1"), False))
    assert state.hands[0] == [] and EndTurn(0) in ENGINE.legal_actions(state, 0)
    play(state, EndTurn(0))
    assert len(state.hands[0]) == 5


# -- Kombos in a turn ---------------------------------------------------------------------------------

KOMBO_BOARD = {"a1": "Gorilla", "b1": "Gorilla", "c1": "Gorilla", "a5": "Raven", "b5": "Raven",
               "c5": "Raven", "e5": "Wolf"}


def test_one_kombo_a_turn_at_any_moment():
    state = position(KOMBO_BOARD, [["Wolf", "Wolf"], ["Wolf"]], scores=[1, 0])
    # before any tile
    events = play(state, Score(0, sqs("a1", "b1", "c1")))
    assert events == [Scored(0, "Gorilla", sqs("a1", "b1", "c1"), 9)] and state.scores == [10, 0]
    assert board_of(state)["a1"] == "?Gorilla"
    refused(state, Score(0, sqs("a5", "b5", "c5")), "already scored a Kombo this turn")
    play(state, Place(0, "Wolf", sq("d1"), False))
    refused(state, Score(0, sqs("a5", "b5", "c5")), "already scored a Kombo this turn")
    play(state, EndTurn(0))
    play(state, Score(1, sqs("a5", "b5", "c5")))                # the next turn may score again
    assert state.scores == [10, 21]


def test_a_kombo_must_be_one_on_offer_at_its_largest_size():
    board = dict(KOMBO_BOARD, d1="Gorilla")
    state = position(board, [["Wolf"], ["Wolf"]])
    refused(state, Score(0, sqs("a1", "b1", "c1")), "not a Kombo you can score")
    refused(state, Score(0, sqs("a1", "b1", "e5")), "not a Kombo you can score")
    play(state, Score(0, sqs("a1", "b1", "c1", "d1")))
    assert state.scores[0] == 12


def test_after_scoring_a_kombo_the_turn_goes_on_and_a_new_kombo_waits():
    state = position(KOMBO_BOARD, [["Gorilla", "Gorilla", "Gorilla"], ["Wolf"]])
    play(state, Score(0, sqs("a1", "b1", "c1")))
    play(state, Place(0, "Gorilla", sq("a2"), False), Place(0, "Gorilla", sq("b2"), False),
         Place(0, "Gorilla", sq("c2"), False))
    assert not [a for a in ENGINE.legal_actions(state, 0) if isinstance(a, Score)]
    play(state, EndTurn(0))
    assert Score(1, sqs("a2", "b2", "c2")) in ENGINE.legal_actions(state, 1)


# -- the rulebook's scoring examples ------------------------------------------------------------------


def assert_scoring_example(board, squares, points):
    """Assert that the board offers exactly the Kombo on `squares` (None: no Kombo at all), and that
    scoring it adds `points` and flips exactly those tiles face down."""
    state = position(board, [["Wolf"], ["Wolf"]], scores=[5, 0])
    offers = [a for a in ENGINE.legal_actions(state, 0) if isinstance(a, Score)]
    if squares is None:
        assert offers == [] and ENGINE.view(state, 0).kombos == ()
        return
    assert offers == [Score(0, sqs(*squares))]
    before = board_of(state)
    events = play(state, offers[0])
    assert events == [Scored(0, "Gorilla", sqs(*squares), points)]
    assert state.scores == [5 + points, 0]
    after = board_of(state)
    for name, what in before.items():
        assert after[name] == ("?" + what if name in squares else what)


def test_example_1_three_gorillas_each_sharing_a_side_score_9():
    assert_scoring_example({"a1": "Gorilla", "b1": "Gorilla", "b2": "Gorilla", "c1": "Wolf", "a2": "Raven",
                     "e5": "Snake"}, ("a1", "b1", "b2"), 9)


def test_example_2_a_chameleon_mimics_an_adjacent_gorilla_12():
    assert_scoring_example({"a1": "Gorilla", "b1": "Gorilla", "c1": "Gorilla", "c2": "Chameleon", "d1": "Wolf",
                     "e5": "Snake"}, ("a1", "b1", "c1", "c2"), 12)


def test_example_3_only_three_of_four_share_sides_9():
    assert_scoring_example({"a1": "Gorilla", "b1": "Gorilla", "c1": "Gorilla", "d2": "Gorilla", "d1": "Wolf",
                     "e5": "Snake"}, ("a1", "b1", "c1"), 9)


@pytest.mark.parametrize("board", [
    {"a1": "Gorilla", "b1": "Gorilla", "d1": "Gorilla", "c1": "Wolf", "e5": "Snake"},
    {"a1": "Gorilla", "b1": "Gorilla", "c2": "Gorilla", "c1": "Wolf", "e5": "Snake"},
    {"a1": "Gorilla", "b2": "Gorilla", "c1": "Gorilla", "e5": "Snake"},
    {"a1": "Gorilla", "b1": "Gorilla", "c1": "?Gorilla", "e5": "Snake"},
])
def test_example_4_three_gorillas_not_all_sharing_a_side_are_no_kombo(board):
    assert_scoring_example(board, None, 0)


# -- the rulebook's gameplay example ------------------------------------------------------------------

# Three Gorillas that do not form a Kombo (a1 b1 . d1), a face-down Chameleon (c2), more face-down
# tiles, and one empty space (e5); no Kombo anywhere.
EXAMPLE = {
    "a1": "Gorilla", "b1": "Gorilla", "c1": "?Wolf", "d1": "Gorilla", "e1": "Raven",
    "a2": "Wolf", "b2": "Alligator", "c2": "?Chameleon", "d2": "Kangaroo", "e2": "?Snake",
    "a3": "Raven", "b3": "?Wolf", "d3": "?Vulture", "e3": "Wolf",
    "a4": "Snake", "b4": "?Raven", "c4": "Alligator", "d4": "?Kangaroo", "e4": "Vulture",
    "a5": "Kangaroo", "b5": "?Alligator", "c5": "Raven", "d5": "Snake",
}


def gameplay_example(green_score: int):
    state = position(EXAMPLE, [["Vulture", "Kangaroo", "Snake", "Wolf", "Raven"],
                               ["Gorilla", "Chameleon", "Alligator", "Snake", "Vulture"],
                               ["Wolf", "Alligator", "Gorilla", "Chameleon", "Kangaroo"]],
                     scores=[67, 60, green_score], target=75)
    assert not [a for a in ENGINE.legal_actions(state, 0) if isinstance(a, Score)]
    assert not state.kombos()
    # a Vulture into the last space, reviving the Chameleon: the board is full, face-down tiles go
    events = play(state, Place(0, "Vulture", sq("e5"), True), Revive(0, sq("c2")))
    assert Revived(0, sq("c2"), "Chameleon") in events
    assert events[-1] == BoardCleared(sqs("c1", "e2", "b3", "d3", "b4", "d4", "b5"), False)
    assert board_of(state)["c2"] == "Chameleon" and "c1" not in board_of(state)
    assert len(state.discard) == 7 and not state.kombos()
    # a Kangaroo kicks the Chameleon beside the Gorillas
    play(state, Place(0, "Kangaroo", sq("b3"), True), Kick(0, sq("c2"), sq("c1")))
    offers = [a for a in ENGINE.legal_actions(state, 0) if isinstance(a, Score)]
    assert offers == [Score(0, sqs("a1", "b1", "c1", "d1"))]
    events = play(state, offers[0])
    assert events == [Scored(0, "Gorilla", sqs("a1", "b1", "c1", "d1"), 12)]
    assert state.scores[0] == 79
    assert [board_of(state)[n] for n in ("a1", "b1", "c1", "d1")] == [
        "?Gorilla", "?Gorilla", "?Chameleon", "?Gorilla"]
    # a Snake hypnotises the Vulture back into the hand; the turn ends and the hand is refilled
    events = play(state, Place(0, "Snake", sq("e5"), True))
    assert Hypnotised(0, sq("e5"), "Vulture") in events
    assert hand_of(state, 0) == ["Raven", "Vulture", "Wolf"]
    events = play(state, EndTurn(0))
    assert of(events, Drew)[0].count == 2 and len(state.hands[0]) == 5
    assert state.phase == "play" and state.turn == 1 and ENGINE.outcome(state) is None
    return state


def test_gameplay_example_red_reaches_79_and_wins_after_the_others_finish_the_round():
    state = gameplay_example(green_score=70)
    play(state, Place(1, "Gorilla", sq("c2"), False), EndTurn(1))
    assert ENGINE.outcome(state) is None and state.turn == 2
    events = play(state, Place(2, "Wolf", sq("d3"), False), EndTurn(2))
    assert events[-2:] == [RoundEnded(1, ()), GameOver(Termination.TARGET_SCORE)]
    outcome = ENGINE.outcome(state)
    assert outcome.scores == (79, 60, 70) and outcome.winners == (0,)
    assert ENGINE.to_act(state) == frozenset() and ENGINE.legal_actions(state, 0) == []
    refused(state, EndTurn(0), "the game is over")


def test_gameplay_example_a_later_player_overtakes_in_the_same_round():
    state = gameplay_example(green_score=77)
    play(state, Place(1, "Gorilla", sq("c2"), False), EndTurn(1))
    play(state, Place(2, "Wolf", sq("d3"), True))
    assert state.scores[2] == 81
    play(state, EndTurn(2))
    assert ENGINE.outcome(state).winners == (2,)


# -- the end of the game ------------------------------------------------------------------------------


def test_below_the_target_a_new_round_begins_with_seat_0():
    state = position({"a1": "Wolf", "e5": "Raven"}, [["Wolf"] * 5, ["Snake"], ["Raven"] * 5],
                     scores=[70, 74, 0])
    play(state, Place(0, "Wolf", sq("b1"), True))        # +4: 74
    play(state, EndTurn(0), Place(1, "Snake", sq("c1"), False), EndTurn(1))
    events = play(state, Place(2, "Raven", sq("d1"), False), EndTurn(2))
    assert RoundEnded(1, (0, 1, 2)) in events and TurnBegan(0, 2) in events
    assert state.round == 2 and state.turn == 0 and state.in_round == (0, 1, 2)


def test_reaching_the_target_mid_round_lets_everyone_finish_the_round():
    state = position({"a1": "Wolf", "e5": "Raven"}, [["Wolf"] * 5, ["Snake"] * 3, ["Raven"] * 5],
                     scores=[72, 10, 20], target=75)
    play(state, Place(0, "Wolf", sq("b1"), True), EndTurn(0))
    assert state.scores[0] == 76 and ENGINE.outcome(state) is None and ENGINE.to_act(state) == {1}
    play(state, Place(1, "Snake", sq("c1"), False), EndTurn(1))
    assert ENGINE.to_act(state) == {2}
    play(state, Place(2, "Raven", sq("d1"), False), EndTurn(2))
    assert ENGINE.outcome(state).winners == (0,)


def test_a_tie_below_the_top_needs_no_tie_break():
    state = position({"a1": "Wolf", "e5": "Raven"}, [["Wolf"] * 5, ["Snake"] * 3, ["Raven"] * 5],
                     scores=[80, 75, 75], target=75)
    play(state, Place(0, "Wolf", sq("b1"), False), EndTurn(0), Place(1, "Snake", sq("c1"), False),
         EndTurn(1), Place(2, "Raven", sq("d1"), False), EndTurn(2))
    assert ENGINE.outcome(state).winners == (0,)


def test_tied_leaders_alone_play_tie_break_rounds_until_one_leads():
    state = position({"a1": "Wolf", "e5": "Raven"},
                     [["Wolf", "Wolf", "Raven", "Raven", "Raven"], ["Snake"] * 5, ["Wolf", "Raven"]],
                     scores=[71, 70, 75], target=75)
    play(state, Place(0, "Wolf", sq("b1"), True), EndTurn(0))          # +4: 75
    play(state, Place(1, "Snake", sq("c1"), False), EndTurn(1))
    events = play(state, Place(2, "Raven", sq("d1"), False), EndTurn(2))
    assert state.scores == [75, 70, 75]
    assert RoundEnded(1, (0, 2)) in events and TieBreak((0, 2), 75) in events
    assert ENGINE.outcome(state) is None and state.in_round == (0, 2) and state.turn == 0
    # seat 1 sits the tie-break out
    play(state, Place(0, "Raven", sq("a2"), False))
    refused(state, Place(1, "Snake", sq("a3"), False), "Red's turn")
    events = play(state, EndTurn(0))
    assert ENGINE.to_act(state) == {2} and TurnBegan(2, 2) in events
    assert ENGINE.legal_actions(state, 1) == []
    # still tied after the tie-break round: another one
    events = play(state, Place(2, hand_of(state, 2)[0], sq("e4"), False), EndTurn(2))
    assert RoundEnded(2, (0, 2)) in events and TieBreak((0, 2), 75) in events
    assert state.round == 3 and state.turn == 0 and state.scores == [75, 70, 75]
    # Red howls ahead; the game ends when the tie-break round does, not before
    assert "Wolf" in hand_of(state, 0) and len(state.hands[0]) == 5
    play(state, Place(0, "Wolf", sq("a3"), True), EndTurn(0))
    assert state.scores[0] == 79 and ENGINE.outcome(state) is None and ENGINE.to_act(state) == {2}
    events = play(state, Place(2, hand_of(state, 2)[0], sq("e3"), False), EndTurn(2))
    assert events[-1] == GameOver(Termination.TARGET_SCORE)
    assert ENGINE.outcome(state).winners == (0,) and ENGINE.outcome(state).scores == (79, 70, 75)


def test_a_tie_break_won_by_the_second_tied_player():
    state = position({"a1": "Wolf", "e5": "Raven"},
                     [["Raven"] * 4, ["Snake"] * 5, ["Wolf"] * 5],
                     scores=[80, 0, 80], target=50, in_round=(0, 2), round_no=4)
    assert state.turn == 0
    play(state, Place(0, "Raven", sq("b1"), False), EndTurn(0))
    events = play(state, Place(2, "Wolf", sq("c1"), True), EndTurn(2))      # +4
    assert events[-1] == GameOver(Termination.TARGET_SCORE)
    assert ENGINE.outcome(state).scores == (80, 0, 84) and ENGINE.outcome(state).winners == (2,)


# -- refused actions ----------------------------------------------------------------------------------


def test_refused_actions_leave_the_state_exactly_as_it_was():
    state = base()
    refused(state, Score(0, sqs("a1", "c2", "d3")), "not a Kombo")
    refused(state, Kick(0, sq("c2"), sq("c1")), "no ability is waiting")
    refused(state, Swamp(0, sqs("c2")), "no ability is waiting")
    refused(state, Revive(0, sq("b3")), "no ability is waiting")
    refused(state, Place(0, "Chameleon", sq("c1"), False), "no Chameleon in your hand")
    refused(state, Place(0, "Kangaroo", sq("d3"), True), "not empty")
    # a refusal mid-ability keeps the ability waiting
    play(state, Place(0, "Kangaroo", sq("c1"), True))
    refused(state, Kick(0, sq("c1"), sq("b1")), "not itself")
    assert state.pending == "kick" and state.pending_square == sq("c1")
