"""KOMBIO rules against kombio.txt and DECISIONS.md, from matching on: own and opponent cards, right
and wrong, both penalty choices and the defaults, one match per discard and one attempt per player,
stale slaps; the call and its lock; knowledge and what views show; the wire."""
from __future__ import annotations

import msgpack
import pytest

from game.core import WireFormatError
from game.core.view import plain
from game.kombio.actions import Discard, Draw, Give, Look, Peek, Settle, Slap, Swap
from game.kombio.events import (
    Called,
    ChoiceOwed,
    Gave,
    PenaltyDrawn,
    RoundEnded,
    Settled,
    Slapped,
    TurnBegan,
)
from game.kombio.table import EMPTY, KombioConfig
from game.kombio.view import PendingView

from .positions import ENGINE, known_values, of, play, position, refused, slaps, top, values_of

# -- matching -------------------------------------------------------------------------------------------


def test_matching_an_own_card_leaves_a_gap_and_closes_the_discard():
    state = position([[1, 2, 3, 4], [6, 5, 5, 5], [0, 0, 12, -1]], discard=[6])
    assert ENGINE.to_act(state) == {0, 1, 2}
    assert len(slaps(state, 1)) == 12 and Slap(1, 0, 0, 1) in slaps(state, 1)
    events = play(state, Slap(1, 1, 0, 1))
    assert events == [Slapped(1, 1, 0, 1, 6, True)]
    assert values_of(state, 1) == [None, 5, 5, 5] and top(state) == 6 and state.matched
    assert ENGINE.view(state, 2).hands[1] == (False, True, True, True)
    # one match per discard: it is closed for everyone, and nothing was owed
    assert ENGINE.to_act(state) == {0} and slaps(state, 2) == []
    refused(state, Slap(2, 2, 0, 1), "already been matched")


def test_a_failed_match_of_an_own_card_is_shown_to_all_and_costs_a_penalty_card():
    state = position([[1, 2, 3, 4], [None, 5, 5, 5]], discard=[6], draw=[12])
    events = play(state, Slap(1, 1, 1, 1))
    assert events == [Slapped(1, 1, 1, 1, 5, False), PenaltyDrawn(1, 0)]
    assert values_of(state, 1) == [12, 5, 5, 5]              # the penalty card fills the first gap
    assert known_values(state, 0) == {(1, 1): 5} == known_values(state, 1)
    assert 12 not in known_values(state, 1).values()        # drawn without looking
    # the discard stays open for the others; one attempt per player
    assert state.open and ENGINE.to_act(state) == {0}
    refused(state, Slap(1, 1, 2, 1), "one attempt per player")
    events = play(state, Slap(0, 0, 0, 1))                   # a 1: wrong too; appended, no gap
    assert events == [Slapped(0, 0, 0, 1, 1, False), PenaltyDrawn(0, 4)]
    assert len(state.hands[0]) == 5 and ENGINE.view(state, 1).hands[0] == (True,) * 5


def test_matching_an_opponents_card_then_choosing_the_card_to_give():
    state = position([[6, 2, 3, 4], [1, 5, 5, 5], [0, 0, 12, -1]], discard=[6], turn=0)
    events = play(state, Slap(1, 0, 0, 1))
    assert events == [Slapped(1, 0, 0, 1, 6, True), ChoiceOwed(1, "give", 0, 0)]
    assert values_of(state, 0) == [None, 2, 3, 4]
    # the turn waits for the choice (the discard is closed: nobody else may act)
    assert ENGINE.to_act(state) == {1}
    refused(state, Draw(0), "waits for Blue")
    assert ENGINE.legal_actions(state, 1) == [Give(1, i) for i in range(4)]
    assert ENGINE.view(state, 2).pending == (PendingView("give", 1, 0, (0, 0)),)
    assert ENGINE.default_action(state, 1) == Give(1, 0)
    events = play(state, Give(1, 2))
    assert events == [Gave(1, 2, 0, 0)]
    assert values_of(state, 0) == [5, 2, 3, 4] and values_of(state, 1) == [1, 5, None, 5]
    assert ENGINE.to_act(state) == {0} and Draw(0) in ENGINE.legal_actions(state, 0)


@pytest.mark.parametrize("choice", ["hand_over", "keep", "default"])
def test_a_failed_match_of_an_opponents_card_the_opponent_chooses(choice):
    state = position([[6, 2, 3, 4], [1, 5, 5, 5], [0, 0, 12, -1]], discard=[6], draw=[11], turn=0)
    events = play(state, Slap(1, 0, 1, 1))                   # a 2 on a 6
    assert events == [Slapped(1, 0, 1, 1, 2, False), ChoiceOwed(0, "penalty", 1, 1)]
    assert all(known_values(state, s) == {(0, 1): 2} for s in range(3))
    # the choice pauses the turn, not the slaps: seat 0 may still slap, seat 2 too
    assert ENGINE.to_act(state) == {0, 2}
    legal = ENGINE.legal_actions(state, 0)
    assert Settle(0, True) in legal and Settle(0, False) in legal and Draw(0) not in legal
    assert len(slaps(state, 0)) == 12
    assert plain(ENGINE.view(state, 2))["pending"] == [{"kind": "penalty", "seat": 0, "other": 1, "place": [0, 1]}]
    assert ENGINE.default_action(state, 0) == Settle(0, False)
    action = {"hand_over": Settle(0, True), "keep": Settle(0, False),
              "default": ENGINE.default_action(state, 0)}[choice]
    events = play(state, action)
    if choice == "hand_over":
        assert events == [Settled(0, 1, True, 1, 4)]
        assert values_of(state, 0) == [6, None, 3, 4] and values_of(state, 1) == [1, 5, 5, 5, 2]
        assert known_values(state, 2) == {(1, 4): 2}      # everybody saw where it went
    else:
        assert events == [Settled(0, 1, False, EMPTY, EMPTY), PenaltyDrawn(1, 4)]
        assert values_of(state, 0) == [6, 2, 3, 4] and values_of(state, 1) == [1, 5, 5, 5, 11]
    assert not state.pending and ENGINE.to_act(state) == {0, 2}
    assert Draw(0) in ENGINE.legal_actions(state, 0)


def test_other_seats_slap_while_a_choice_is_owed():
    state = position([[6, 2, 3, 4], [1, 5, 5, 5], [6, 0, 12, 12]], discard=[6], turn=0)
    play(state, Slap(1, 0, 1, 1))                            # wrong: seat 0 owes a choice
    play(state, Slap(2, 2, 0, 1))                            # seat 2 matches meanwhile
    assert values_of(state, 2) == [None, 0, 12, 12] and state.matched
    assert ENGINE.to_act(state) == {0}
    assert set(ENGINE.legal_actions(state, 0)) == {Settle(0, True), Settle(0, False)}
    play(state, Settle(0, False))
    assert Draw(0) in ENGINE.legal_actions(state, 0)


def test_a_wrong_card_handed_over_once_cannot_be_handed_over_again():
    state = position([[6, 2, 3, 4], [1, 5, 5, 5], [0, 0, 12, -1]], discard=[6], turn=0)
    play(state, Slap(1, 0, 1, 1), Slap(2, 0, 1, 1))          # the same wrong card, twice
    play(state, Settle(0, True))                             # to seat 1
    assert ENGINE.legal_actions(state, 0)[:1] == [Settle(0, False)]
    assert Settle(0, True) not in ENGINE.legal_actions(state, 0)
    play(state, Settle(0, False))
    assert card_count(state, 2) == 5


def card_count(state, seat):
    return sum(1 for c in state.hands[seat] if c >= 0)


def test_a_slap_on_an_older_discard_is_refused_without_penalty():
    state = position([[6, 2, 3, 4], [1, 5, 5, 5]], discard=[6], draw=[4], turn=0)
    play(state, Draw(0), Discard(0))                         # discard 2, a 4
    assert state.serial == 2 and top(state) == 4
    refused(state, Slap(1, 0, 0, 1), "answers discard 1.*refused without penalty")
    refused(state, Slap(1, 0, 0, 3), "no discard 3")
    assert Slap(1, 0, 0, 2) in slaps(state, 1)


def test_no_slap_before_the_first_discard():
    state = ENGINE.new_game(KombioConfig(2), 1)
    play(state, Look(0), Look(1))
    assert ENGINE.to_act(state) == {0} and slaps(state, 1) == []
    refused(state, Slap(1, 1, 0, 1), "no discard")


# -- the call and its lock ----------------------------------------------------------------------------------


def test_the_callers_hand_is_locked_with_three_players():
    hands = [[6, 2, 3, 4], [1, 5, 5, 5], [6, 0, 12, 12]]
    state = position(hands, discard=[6], draw=[9, 11], turn=1, caller=0, final_turn=True)
    # the caller makes no matches, and nobody matches its cards
    assert ENGINE.to_act(state) == {1, 2} and slaps(state, 0) == []
    assert {a.owner for a in slaps(state, 2)} == {1, 2}
    refused(state, Slap(0, 2, 0, 1), "caller makes no matches")
    refused(state, Slap(2, 0, 0, 1), "caller's hand is locked")
    # nobody looks at it or swaps it
    play(state, Draw(1), Discard(1))                         # an 11: blind swap
    swaps = [a for a in ENGINE.legal_actions(state, 1) if isinstance(a, Swap)]
    assert swaps and all(a.a[0] != 0 and a.b[0] != 0 for a in swaps)
    assert ENGINE.view(state, 2).locked == (True, False, False)


def test_with_two_players_the_caller_is_not_locked():
    state = position([[6, 2, 3, 4], [1, 5, 5, 5]], discard=[6], turn=1, caller=0, final_turn=True)
    assert ENGINE.to_act(state) == {0, 1}
    assert {a.owner for a in slaps(state, 1)} == {0, 1} and slaps(state, 0)
    play(state, Slap(0, 0, 0, 1))
    assert values_of(state, 0) == [None, 2, 3, 4]
    assert ENGINE.view(state, 1).locked == (False, False)


def test_a_hand_down_to_zero_cards_calls_at_once():
    # seat 1 matches its last card during seat 0's turn: the turn goes on and is not a final turn
    state = position([[1, 2, 3, 4], [6, None, None, None], [0, 0, 1, -1]], discard=[6], draw=[5, 5, 5], turn=0)
    events = play(state, Slap(1, 1, 0, 1))
    assert events == [Slapped(1, 1, 0, 1, 6, True), Called(1, True)]
    assert state.caller == 1 and state.turn == 0 and ENGINE.view(state, 0).final_left == (0, 2)
    events = play(state, Draw(0), Discard(0))
    assert events[-1] == TurnBegan(2, True, (0, 2))
    events = play(state, Draw(2), Discard(2))
    assert events[-1] == TurnBegan(0, True, (0,))
    events = play(state, Draw(0), Discard(0))
    ended = of(events, RoundEnded)[0]
    assert ended.caller == 1 and ended.totals == (10, 0, 0)
    assert ended.added == (10, 15, 0)                        # seat 2 ties the caller at 0


def test_the_automatic_call_of_the_seat_about_to_play_is_its_turn():
    state = position([[1, 2, 3, 4], [6, None, None, None], [0, 0, 12, -1]], discard=[6], turn=1)
    events = play(state, Slap(1, 1, 0, 1))
    assert events[1:] == [Called(1, True), TurnBegan(2, True, (0, 2))]


def test_giving_away_the_last_card_calls():
    state = position([[6, 2, 3, 4], [5, None, None, None], [0, 0, 12, -1]], discard=[6], turn=0)
    events = play(state, Slap(1, 0, 0, 1), Give(1, 0))
    assert events[-2:] == [Gave(1, 0, 0, 0), Called(1, True)]


# -- knowledge and views -------------------------------------------------------------------------------------


def test_views_show_no_unseen_card_and_memory_only_with_the_aid():
    for aid in (False, True):
        state = position([[5, 6, 7, 8], [1, 2, 3, 4]], discard=[9], known={0: [(0, 1), (1, 2)]}, memory_aid=aid)
        view = ENGINE.view(state, 0)
        assert view.hands == ((True,) * 4, (True,) * 4) and view.top == 9 and view.discard_open
        assert view.memory == (((None, 6, None, None), (None, None, 3, None)) if aid else ())
        assert ENGINE.view(state, 1).memory == (((None,) * 4, (None,) * 4) if aid else ())
        assert ENGINE.view(state, None).memory == ()
        assert view.may_slap == (0, 1) and view.discard_serial == 1
        # as plain data by field name, the view is what it always was (tools and logs read it so)
        assert plain(view)["memory"] == ([[None, 6, None, None], [None, None, 3, None]] if aid else [])


def test_secrecy_redealing_what_a_seat_has_not_seen_changes_nothing_it_sees():
    import random
    state = position([[5, 6, 7, 8], [1, 2, 3, 4], [0, 0, 9, 9]], discard=[9], held=12, phase="drawn",
                     known={0: [(0, 1), (1, 2)], 1: [(1, 1)]}, memory_aid=True)
    for seat in (None, 0, 1, 2):
        other = ENGINE.resample_hidden(state, seat, random.Random(seat or 0))
        ENGINE.check_invariants(other)
        assert ENGINE.view(other, seat) == ENGINE.view(state, seat)
        if seat is not None:
            assert known_values(other, seat) == known_values(state, seat)


# -- the wire ---------------------------------------------------------------------------------------------------


def test_actions_and_events_round_trip_and_bad_ones_are_refused():
    for value in (Slap(2, 5, 9, 123), Swap(1, (0, 3), (4, 0)), Settle(3, True), Give(0, 6), Peek(5, 1, 2)):
        data = msgpack.unpackb(msgpack.packb(ENGINE.actions.encode(value)), raw=False)
        assert ENGINE.actions.decode(data) == value
    ended = RoundEnded(1, 0, ((1, None, 3), (4,)), (4, 4), (4, 19), (4, 19))
    assert ENGINE.events.decode(ENGINE.events.encode(ended)) == ended
    with pytest.raises(ValueError):
        Swap(0, (1, 0), (0, 3))                             # the lower place first
    for data in (["slap", 0, 1, 2, 0], ["slap", 6, 0, 0, 1], ["take", 0, 70], ["swap", 0, [0, 1], [0, 1]]):
        with pytest.raises(WireFormatError):
            ENGINE.actions.decode(data)
