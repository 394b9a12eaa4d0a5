"""Kombo Klash! rules against the rulebook (shared/rules/kombo-klash.txt) and DECISIONS.md, one rule
at a time: setup and the redraw, placing, every ability and its refusals, the board-full clears,
the draw and the reshuffle, passing, the end of the game and the tie-break, and the rulebook's four
scoring examples and its gameplay example as scenarios."""
from __future__ import annotations

import pytest

from game.core import ConfigError, IllegalActionError, Termination, WireFormatError
from game.games import game_by_key
from game.kombo_klash.actions import EndTurn, Kick, Place, Redraw, Revive, Score, Swamp
from game.kombo_klash.events import (
    BoardCleared,
    Drew,
    GameOver,
    HandDiscarded,
    Howled,
    Hypnotised,
    Kept,
    Kicked,
    Placed,
    Reshuffled,
    Revived,
    RoundEnded,
    Scored,
    Swamped,
    TieBreak,
    TurnBegan,
)
from game.kombo_klash.rules import KomboKlashConfig
from game.kombo_klash.tables import CORNERS, SCORES, TABLE, creature_of

from .positions import ENGINE, board_of, hand_of, position, sq, sqs


def refused(state, action, match: str) -> IllegalActionError:
    """The action raises IllegalActionError with a matching, non-empty reason, leaves the state exactly
    as it was, and is not in the seat's legal list."""
    before = ENGINE.clone(state)
    with pytest.raises(IllegalActionError, match=match) as info:
        ENGINE.apply(state, action)
    assert info.value.reason
    assert state == before
    assert action not in ENGINE.legal_actions(state, action.seat)
    return info.value


def play(state, *actions):
    """Apply the actions (each must be legal: listed, then accepted); the events of all of them."""
    events = []
    for action in actions:
        assert action in ENGINE.legal_actions(state, action.seat), f"{action} is not listed"
        events += ENGINE.apply(state, action)
        ENGINE.check_invariants(state)
    return events


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


# Corners and a little more; no Kombo anywhere.
BASE = {"a1": "Gorilla", "e1": "Raven", "a5": "Snake", "e5": "Wolf",
        "c2": "Alligator", "b3": "?Vulture", "d3": "Kangaroo"}
HAND = ["Wolf", "Raven", "Gorilla", "Kangaroo", "Snake"]


def base(hand=HAND, *, players: int = 2, **kw):
    hands = [list(hand)] + [["Wolf", "Raven", "Vulture", "Alligator", "Chameleon"]] * (players - 1)
    return position(BASE, hands, **kw)


# -- config and setup -------------------------------------------------------------------------------


def make_config(players, options):
    return game_by_key("kombo_klash").make_config(players, options)


def test_targets_and_config_refusals():
    assert dict(TABLE.targets) == {"quick": 50, "standard": 75, "long": 100}
    assert make_config(3, {}) == KomboKlashConfig(3, 75)
    assert make_config(2, {"target": "quick"}).target == 50
    assert make_config(4, {"target": "long"}).target == 100
    for players, options in ((1, {}), (5, {}), (2, {"target": "short"}), (2, {"colour": "red"})):
        with pytest.raises(ConfigError):
            make_config(players, options)
    with pytest.raises(ConfigError):
        ENGINE.new_game(KomboKlashConfig(2, 60), 1)


def test_the_table_matches_the_rulings():
    names = [c.name for c in TABLE.creatures]
    assert names == ["Wolf", "Alligator", "Gorilla", "Kangaroo", "Snake", "Vulture", "Raven", "Chameleon"]
    assert list(SCORES) == [1, 2, 3, 4, 5, 6, 7, 0]
    assert TABLE.copies * len(names) == 48
    assert (TABLE.hand_size, TABLE.kombo_min, TABLE.swamp_max) == (5, 3, 2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_four_face_up_corners_and_five_tiles_each(players):
    state = ENGINE.new_game(KomboKlashConfig(players, 75), 11)
    ENGINE.check_invariants(state)
    occupied = [s for s in range(25) if state.board[s] >= 0]
    assert occupied == list(CORNERS) and all(state.up[s] for s in CORNERS)
    assert [len(h) for h in state.hands] == [5] * players
    assert len(state.draw) == 48 - 4 - 5 * players and state.discard == []
    assert state.phase == "redraw" and state.turn == 0 and state.scores == [0] * players
    assert ENGINE.to_act(state) == {0}
    assert set(ENGINE.legal_actions(state, 0)) == {Redraw(0, False), Redraw(0, True)}


def test_each_player_may_redraw_the_starting_hand_once_in_seat_order_and_seat_0_starts():
    state = ENGINE.new_game(KomboKlashConfig(3, 75), 5)
    old = list(state.hands[0])
    refused(state, Place(0, "Wolf", sq("c2"), False), "keep your starting hand or redraw")
    refused(state, Redraw(1, True), "Red's turn")
    events = play(state, Redraw(0, True))
    assert events[0] == HandDiscarded(0, 5)
    assert of(events, Drew)[0].count == 5 and of(events, Drew)[0].reason == "redraw"
    assert sorted(state.discard) == sorted(old) and len(state.hands[0]) == 5
    assert set(state.hands[0]).isdisjoint(old)
    assert state.turn == 1 and state.phase == "redraw"
    assert play(state, Redraw(1, False)) == [Kept(1)]
    events = play(state, Redraw(2, True))
    assert state.phase == "play" and state.turn == 0 and TurnBegan(0, 1) in events
    assert state.redraw_done == [True, True, True]
    # once only: no redraw in play
    refused(state, Redraw(0, True), "before the first turn")
    assert not [a for a in ENGINE.legal_actions(state, 0) if isinstance(a, Redraw)]


# -- placing ------------------------------------------------------------------------------------------


def test_a_tile_goes_on_an_empty_space_beside_a_tile_of_either_face_or_the_draw_pile():
    state = base()
    places = {a.square for a in ENGINE.legal_actions(state, 0) if isinstance(a, Place) and a.creature == "Wolf"}
    beside_face_up = {"b1", "a2", "d1", "e2", "a4", "b5", "e4", "d5", "b2", "d2", "c1", "e3", "d4"}
    beside_face_down = {"a3", "b4"}          # b3 is face down; b2 and c4 are counted elsewhere
    beside_pile = {"c4"}                      # c2, b3, d3 are taken
    assert places == {sq(n) for n in beside_face_up | beside_face_down | beside_pile}
    refused(state, Place(0, "Wolf", sq("c5"), False), "beside another tile or the draw pile")
    refused(state, Place(0, "Wolf", sq("c2"), False), "c2 is not empty")
    refused(state, Place(0, "Vulture", sq("c1"), False), "no Vulture in your hand")
    refused(state, Place(1, "Wolf", sq("c1"), False), "Red's turn")
    with pytest.raises(ValueError):
        Place(0, "Wolf", sq("c3"), False)                # the centre is never a tile space
    with pytest.raises(WireFormatError):
        ENGINE.actions.decode(["place", 0, "Wolf", 12, False])


def test_beside_the_draw_pile_on_an_empty_board():
    state = position({}, [["Wolf"] * 5, ["Raven"] * 5])
    places = {a.square for a in ENGINE.legal_actions(state, 0) if isinstance(a, Place)}
    assert places == set(sqs("c2", "b3", "d3", "c4"))


def test_a_turn_plays_at_least_one_tile_then_draws_up_to_five():
    state = base()
    refused(state, EndTurn(0), "play at least one tile")
    play(state, Place(0, "Wolf", sq("c1"), False), Place(0, "Raven", sq("d1"), False),
         Place(0, "Kangaroo", sq("b1"), False))
    assert len(state.hands[0]) == 2 and state.played == 3
    top = state.draw[-3:]
    events = play(state, EndTurn(0))
    drew = of(events, Drew)
    assert len(drew) == 1 and drew[0].count == 3 and drew[0].reason == "refill"
    assert len(state.hands[0]) == 5 and set(top) <= set(state.hands[0])
    assert state.turn == 1 and state.played == 0 and not state.scored
    assert TurnBegan(1, 1) in events


def test_the_refill_names_the_tiles_only_to_their_owner():
    state = base()
    play(state, Place(0, "Wolf", sq("c1"), False))
    events = play(state, EndTurn(0))
    drew = of(events, Drew)[0]
    assert drew.count == 1 and len(drew.tiles) == 1
    assert ENGINE.redact(drew, 0) == drew
    assert ENGINE.redact(drew, 1) == Drew(0, 1, (), "refill")
    assert ENGINE.redact(drew, None) == Drew(0, 1, (), "refill")


def test_what_changes_a_hand_says_so_to_that_hands_seat_only_and_its_view_folds_forward():
    state = base()
    before = {seat: ENGINE.view(state, seat) for seat in (None, 0, 1)}
    placed = play(state, Place(0, "Wolf", sq("c1"), False))[0]
    assert not placed.yours and ENGINE.redact(placed, 0) == Placed(0, "Wolf", sq("c1"), False, yours=True)
    assert ENGINE.redact(placed, 1) == placed == ENGINE.redact(placed, None)
    for seat, view in before.items():
        after = ENGINE.fold(view, ENGINE.redact(placed, seat))
        assert after == ENGINE.view(state, seat)
    assert len(before[0].hand) - 1 == len(ENGINE.view(state, 0).hand) and before[1].hand == ENGINE.view(state, 1).hand
    discarded = HandDiscarded(0, 4)
    assert ENGINE.redact(discarded, 0).yours and not ENGINE.redact(discarded, 1).yours
    assert ENGINE.redact(Hypnotised(1, 3, "Raven"), 1) == Hypnotised(1, 3, "Raven", yours=True)


# -- abilities ----------------------------------------------------------------------------------------


def test_wolf_howl_scores_one_per_tile_left_in_hand():
    state = base(scores=[10, 0])
    events = play(state, Place(0, "Wolf", sq("c1"), True))
    assert Howled(0, 4) in events and state.scores == [14, 0]
    # not triggered: nothing; as the last tile in hand: nothing left to count
    state = base(scores=[10, 0])
    play(state, Place(0, "Wolf", sq("c1"), False))
    assert state.scores == [10, 0]
    state = base(["Wolf"], scores=[10, 0])
    events = play(state, Place(0, "Wolf", sq("c1"), True))
    assert Howled(0, 0) in events and state.scores == [10, 0]


def test_wolf_howl_does_not_stop_a_kombo():
    state = position({"a1": "Wolf", "b1": "Wolf", "e5": "Raven"}, [["Wolf", "Raven", "Raven"], ["Snake"]])
    play(state, Place(0, "Wolf", sq("c1"), True))
    assert state.scores[0] == 2
    play(state, Score(0, sqs("a1", "b1", "c1")))
    assert state.scores[0] == 2 + 3


def test_raven_call_draws_one_tile():
    state = base(draw=["Chameleon"])
    events = play(state, Place(0, "Raven", sq("c1"), True))
    assert of(events, Drew) == [Drew(0, 1, ("Chameleon",), "call")]
    assert hand_of(state, 0) == sorted(["Wolf", "Gorilla", "Kangaroo", "Snake", "Chameleon"])
    state = base()
    play(state, Place(0, "Raven", sq("c1"), False))
    assert len(state.hands[0]) == 4


def test_gorilla_scatter_discards_the_whole_hand_and_draws_as_many():
    state = base(draw=["Vulture", "Vulture", "Chameleon", "Chameleon"])
    old = [t for t in state.hands[0] if creature_of(t) != 2]
    events = play(state, Place(0, "Gorilla", sq("b1"), True))
    assert HandDiscarded(0, 4) in events
    assert of(events, Drew) == [Drew(0, 4, ("Chameleon", "Chameleon", "Vulture", "Vulture"), "scatter")]
    assert hand_of(state, 0) == ["Chameleon", "Chameleon", "Vulture", "Vulture"]
    assert sorted(state.discard) == sorted(old)
    assert state.turn == 0 and state.played == 1          # the turn goes on
    play(state, Place(0, "Vulture", sq("c1"), False), EndTurn(0))


def test_gorilla_scatter_with_an_empty_hand_draws_nothing():
    state = base(["Gorilla"])
    events = play(state, Place(0, "Gorilla", sq("b1"), True))
    assert state.hands[0] == [] and HandDiscarded(0, 0) in events and not of(events, Drew)


def test_snake_hypnotises_a_face_up_tile_into_the_hand():
    state = base()
    refused(state, Place(0, "Snake", sq("d2"), True), "played onto a face-up tile")
    events = play(state, Place(0, "Snake", sq("d3"), True))
    assert Hypnotised(0, sq("d3"), "Kangaroo") in events
    assert board_of(state)["d3"] == "Snake"
    assert hand_of(state, 0) == sorted(["Wolf", "Raven", "Gorilla", "Kangaroo", "Kangaroo"])
    # anywhere on the board, a corner too, and an opponent's tile as much as one's own
    state = base()
    play(state, Place(0, "Snake", sq("e1"), True))
    assert board_of(state)["e1"] == "Snake" and "Raven" in hand_of(state, 0)


def test_snake_refusals_another_snake_a_face_down_tile_and_an_empty_space():
    state = base()
    refused(state, Place(0, "Snake", sq("a5"), True), "cannot hypnotise another Snake")
    refused(state, Place(0, "Snake", sq("b3"), True), "cannot hypnotise a face-down tile")
    refused(state, Place(0, "Snake", sq("c1"), True), "onto a face-up tile")
    refused(state, Place(0, "Snake", sq("d3"), False), "not empty")
    # played to an empty space it has no ability
    events = play(state, Place(0, "Snake", sq("c1"), False))
    assert not of(events, Hypnotised) and board_of(state)["c1"] == "Snake"


def test_snake_onto_a_snake_is_refused_even_as_the_only_choice():
    state = position({"a1": "Snake", "b1": "?Wolf"}, [["Snake"], ["Wolf"]])
    assert all(not a.trigger for a in ENGINE.legal_actions(state, 0) if isinstance(a, Place))


def test_kangaroo_kicks_another_tile_of_either_face_one_space():
    state = base()
    play(state, Place(0, "Kangaroo", sq("c1"), True))
    assert state.pending == "kick" and ENGINE.to_act(state) == {0}
    listed = {(a.src, a.dst) for a in ENGINE.legal_actions(state, 0)}
    assert all(isinstance(a, Kick) for a in ENGINE.legal_actions(state, 0))
    assert (sq("b3"), sq("a3")) in listed and (sq("d3"), sq("d2")) in listed
    assert not [k for k in listed if k[0] == sq("c1")]           # never itself
    assert not [k for k in listed if k[1] == 12]                  # never into the centre
    events = play(state, Kick(0, sq("b3"), sq("b4")))
    assert events[0] == Kicked(0, sq("b3"), sq("b4"), "")          # a face-down tile stays face down
    assert board_of(state)["b4"] == "?Vulture" and "b3" not in board_of(state)
    assert not state.pending
    state = base()
    events = play(state, Place(0, "Kangaroo", sq("c1"), True), Kick(0, sq("d3"), sq("d4")))
    assert Kicked(0, sq("d3"), sq("d4"), "Kangaroo") in events and board_of(state)["d4"] == "Kangaroo"


def test_kick_refusals():
    state = base()
    play(state, Place(0, "Kangaroo", sq("c1"), True))
    refused(state, Kick(0, sq("c1"), sq("d1")), "another tile, not itself")
    refused(state, Kick(0, sq("c2"), sq("c1")), "only be kicked into an empty space")
    refused(state, Kick(0, sq("d3"), sq("d5")), "one space")            # two spaces
    refused(state, Kick(0, sq("d3"), sq("e4")), "one space")            # diagonal
    refused(state, Kick(0, sq("c5"), sq("c4")), "no tile on c5")
    refused(state, Place(0, "Wolf", sq("b1"), False), "choose the tile your Kangaroo kicks")
    refused(state, EndTurn(0), "choose the tile your Kangaroo kicks")
    refused(state, Revive(0, sq("b3")), "choose the tile your Kangaroo kicks")
    # into the centre: not even an action
    with pytest.raises(ValueError):
        Kick(0, sq("c2"), 12)
    with pytest.raises(WireFormatError):
        ENGINE.actions.decode(["kick", 0, sq("c2"), 12])


def test_alligator_swamps_one_or_two_other_face_up_tiles_for_a_point_each():
    state = base(["Alligator", "Alligator"], scores=[3, 0])
    play(state, Place(0, "Alligator", sq("b2"), True))
    assert state.pending == "swamp"
    listed = {a.squares for a in ENGINE.legal_actions(state, 0)}
    face_up_others = sqs("a1", "e1", "a5", "e5", "c2", "d3")
    assert listed == {(s,) for s in face_up_others} | {
        (a, b) for a in face_up_others for b in face_up_others if a < b}
    events = play(state, Swamp(0, sqs("c2", "e5")))       # another Alligator may be swamped
    assert Swamped(0, sqs("c2", "e5"), ("Alligator", "Wolf"), 2) in events
    assert state.scores == [5, 0]
    assert board_of(state)["c2"] == "?Alligator" and board_of(state)["e5"] == "?Wolf"
    state = base(["Alligator", "Alligator"], scores=[3, 0])
    play(state, Place(0, "Alligator", sq("b2"), True), Swamp(0, sqs("a1")))
    assert state.scores == [4, 0]


def test_swamp_refusals():
    state = base(["Alligator", "Alligator"])
    play(state, Place(0, "Alligator", sq("b2"), True))
    refused(state, Swamp(0, sqs("b2")), "other tiles, not itself")
    refused(state, Swamp(0, sqs("a1", "b2")), "other tiles, not itself")
    refused(state, Swamp(0, sqs("b3")), "no face-up tile on b3")
    refused(state, Swamp(0, sqs("c1", "e1")), "no face-up tile on c1")
    refused(state, Score(0, sqs("a1", "b1", "c1")), "choose one or two face-up tiles")
    for bad in ((), sqs("a1", "e1", "a5"), (sq("e1"), sq("a1")), (0, 0)):
        with pytest.raises(ValueError):
            Swamp(0, bad)


def test_vulture_revives_a_face_down_tile_without_its_ability():
    state = position({"a1": "Wolf", "b1": "?Raven", "c1": "?Wolf", "e5": "Snake"},
                     [["Vulture", "Wolf", "Wolf"], ["Snake"]], scores=[0, 0])
    play(state, Place(0, "Vulture", sq("a2"), True))
    assert {a.square for a in ENGINE.legal_actions(state, 0)} == set(sqs("b1", "c1"))
    refused(state, Revive(0, sq("a1")), "no face-down tile on a1")        # a face-up tile
    refused(state, Revive(0, sq("d1")), "no face-down tile on d1")        # an empty space
    events = play(state, Revive(0, sq("b1")))
    assert events == [Revived(0, sq("b1"), "Raven")]                       # no Call: nothing drawn
    assert len(state.hands[0]) == 2 and board_of(state)["b1"] == "Raven"
    state = position({"a1": "Wolf", "b1": "?Raven", "c1": "?Wolf", "e5": "Snake"},
                     [["Vulture", "Wolf", "Wolf"], ["Snake"]])
    play(state, Place(0, "Vulture", sq("a2"), True), Revive(0, sq("c1")))
    assert state.scores == [0, 0]                                          # no Howl either


def test_abilities_with_nothing_to_choose_cannot_be_triggered():
    # ruling: Kick with no empty space beside another tile, Swamp with no other face-up tile,
    # Revive with no face-down tile
    all_down = position({"a1": "?Wolf", "e5": "?Raven"}, [["Alligator", "Chameleon"], ["Wolf"]])
    refused(all_down, Place(0, "Alligator", sq("a2"), True), "no other face-up tile")
    refused(all_down, Place(0, "Chameleon", sq("a2"), True), "no ability when played")
    all_up = position({"a1": "Wolf", "e5": "Raven"}, [["Vulture"], ["Wolf"]])
    refused(all_up, Place(0, "Vulture", sq("a2"), True), "no face-down tile to revive")
    play(all_up, Place(0, "Vulture", sq("a2"), False))
    # the Howl, Call and Scatter may be triggered even when they gain nothing
    empty = position({"a1": "Wolf"}, [["Raven", "Gorilla", "Wolf"], ["Snake"] * 5], draw=[],
                     rest="discard")
    empty.hands[1] += empty.discard
    empty.discard = []
    ENGINE.check_invariants(empty)
    events = play(empty, Place(0, "Raven", sq("b1"), True))
    assert of(events, Drew) == [Drew(0, 0, (), "call")] and len(empty.hands[0]) == 2


def full_board(last: str = "e5", face_down: tuple[str, ...] = ("b2", "d4")):
    """Every tile space but `last` taken, face up but for `face_down`, no Kombo (no two like tiles
    side by side)."""
    names = ["Wolf", "Alligator", "Gorilla", "Kangaroo", "Snake", "Vulture"]
    board = {}
    spaces = [f"{c}{r}" for r in range(1, 6) for c in "abcde" if f"{c}{r}" not in ("c3", last)]
    for name in spaces:
        col, row = "abcde".index(name[0]), int(name[1])
        creature = names[(col + 2 * row) % 6] if name not in face_down else "Raven"
        board[name] = ("?" if name in face_down else "") + creature
    return board


def test_kangaroo_into_the_last_space_has_nothing_to_kick():
    state = position(full_board(), [["Kangaroo", "Chameleon"], ["Chameleon"]])
    refused(state, Place(0, "Kangaroo", sq("e5"), True), "no tile has an empty space")
    assert Place(0, "Kangaroo", sq("e5"), False) in ENGINE.legal_actions(state, 0)


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
