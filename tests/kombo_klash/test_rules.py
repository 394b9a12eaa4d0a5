"""Kombo Klash! rules against the rulebook (shared/rules/kombo-klash.txt) and DECISIONS.md, one rule
at a time: setup and the redraw, placing, every ability and its refusals (the rest of play is
test_rules_play.py's)."""
from __future__ import annotations

import pytest

from game.core import ConfigError, WireFormatError
from game.games import game_by_key
from game.kombo_klash.actions import EndTurn, Kick, Place, Redraw, Revive, Score, Swamp
from game.kombo_klash.events import (
    Drew,
    HandDiscarded,
    Howled,
    Hypnotised,
    Kept,
    Kicked,
    Placed,
    Revived,
    Swamped,
    TurnBegan,
)
from game.kombo_klash.rules import KomboKlashConfig
from game.kombo_klash.tables import CORNERS, SCORES, TABLE, creature_of

from .positions import ENGINE, base, board_of, full_board, hand_of, of, play, position, refused, sq, sqs

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




def test_kangaroo_into_the_last_space_has_nothing_to_kick():
    state = position(full_board(), [["Kangaroo", "Chameleon"], ["Chameleon"]])
    refused(state, Place(0, "Kangaroo", sq("e5"), True), "no tile has an empty space")
    assert Place(0, "Kangaroo", sq("e5"), False) in ENGINE.legal_actions(state, 0)
