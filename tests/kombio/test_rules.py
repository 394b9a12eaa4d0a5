"""KOMBIO rules against kombio.txt and DECISIONS.md, one rule at a time: the table and the config, the
deck, the look, every turn option and ability (matching, the call, knowledge and the wire are
test_rules_matching.py's; positions are built by tests/kombio/positions.py)."""
from __future__ import annotations

from collections import Counter

import pytest

from game.core import ConfigError, Termination
from game.kombio import GAME
from game.kombio.actions import Call, Discard, Draw, Look, Pass, Peek, Replace, Skip, Slap, Swap, Take
from game.kombio.events import (
    Called,
    Discarded,
    Drew,
    GameOver,
    Looked,
    Peeked,
    Replaced,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    Swapped,
    Took,
    TurnBegan,
)
from game.kombio.state import known_slots
from game.kombio.table import EMPTY, TABLE, KombioConfig, card_label

from .positions import ENGINE, known_values, of, play, position, refused, top, turn_actions, values_of

# -- the table, the config ----------------------------------------------------------------------------


def make_config(players, options):
    return GAME.make_config(players, options)


def test_the_kombio_deck_is_70_cards_as_published():
    counts = Counter(TABLE.decks["kombio"])
    assert sum(counts.values()) == 70
    assert counts == {-1: 3, 0: 3, **{v: 5 for v in range(1, 13)}, 13: 2, 14: 2}


def test_the_standard_deck_option_is_54_cards_as_ruled():
    values = TABLE.decks["standard"]
    labels = TABLE.labels["standard"]
    assert len(values) == 54 == len(labels)
    counts = Counter(values)
    assert counts == {-1: 2, 0: 2, **{v: 4 for v in range(1, 13)}, 13: 1, 14: 1}
    by_label = dict(zip(labels, values))
    assert by_label["K♣"] == 13 and by_label["K♠"] == 14 and by_label["K♦"] == -1 and by_label["K♥"] == -1
    assert by_label["A♠"] == 1 and by_label["J♥"] == 11 and by_label["Q♣"] == 12 and by_label["Joker"] == 0
    assert card_label("standard", labels.index("K♠")) == "K♠"
    assert card_label("kombio", 0) == "-1"


def test_the_numbers_of_the_rulings():
    assert dict(TABLE.abilities) == {7: "look_own", 8: "look_own", 9: "look_other", 10: "look_other",
                                     11: "blind_swap", 12: "blind_swap", 13: "look_swap", 14: "double_look_swap"}
    assert (TABLE.hand_size, TABLE.near_slots) == (4, (1, 3))
    assert (TABLE.others_bonus, TABLE.caller_bonus, TABLE.target) == (10, 15, 100)
    assert (TABLE.min_players, TABLE.max_players, TABLE.choice_seconds) == (2, 6, 10)


def test_config_choices_and_refusals():
    assert make_config(3, {}) == KombioConfig(3, "kombio", 0, False)
    assert make_config(6, {"deck": "standard", "rounds": "5", "memory_aid": "on"}) == KombioConfig(6, "standard", 5, True)
    for players, options in ((1, {}), (7, {}), (2, {"deck": "tarot"}), (2, {"rounds": "2"}),
                             (2, {"memory_aid": "yes"}), (2, {"colour": "red"})):
        with pytest.raises(ConfigError):
            make_config(players, options)
    with pytest.raises(ConfigError):
        ENGINE.new_game(KombioConfig(7), 1)
    with pytest.raises(ValueError):
        KombioConfig(2, deck="tarot")


# -- the deal and the look ------------------------------------------------------------------------------


@pytest.mark.parametrize("players, deck", [(2, "kombio"), (6, "kombio"), (4, "standard")])
def test_the_deal_four_cards_each_in_a_2x2_grid_then_everyone_looks(players, deck):
    state = ENGINE.new_game(KombioConfig(players, deck), 3)
    ENGINE.check_invariants(state)
    size = len(TABLE.decks[deck])
    assert [len(h) for h in state.hands] == [4] * players
    assert len(state.draw) == size - 4 * players and state.discard == []
    assert state.phase == "look" and ENGINE.to_act(state) == set(range(players))
    assert all(not known_slots(state, s) for s in range(players))


def test_the_look_is_private_once_only_in_any_order_with_a_default():
    state = ENGINE.new_game(KombioConfig(3), 5)
    refused(state, Draw(0), "looks at their near row")
    near = [state.values[state.hands[1][i]] for i in (1, 3)]
    events = play(state, Look(1))
    assert events == [Looked(1, (1, 3), tuple(near))]
    assert ENGINE.redact(events[0], 1) == events[0]
    assert ENGINE.redact(events[0], 0) == Looked(1, (1, 3), ())
    assert ENGINE.redact(events[0], None) == Looked(1, (1, 3), ())
    assert known_values(state, 1) == {(1, 1): near[0], (1, 3): near[1]}
    assert ENGINE.to_act(state) == {0, 2}
    refused(state, Look(1), "already looked")
    assert ENGINE.default_action(state, 0) == Look(0) and ENGINE.default_action(state, 1) is None
    events = play(state, Look(2), ENGINE.default_action(state, 0))
    assert events[-1] == TurnBegan(0, False, ()) and state.phase == "turn"
    # no discard yet: the first player must draw (no Take, and no Call before everyone has had a turn)
    assert ENGINE.legal_actions(state, 0) == [Draw(0)]
    refused(state, Look(0), "only at the start of a round")


# -- the turn: Draw, Take, Call ---------------------------------------------------------------------------


def test_draw_then_replace_a_hand_card_which_is_discarded_without_its_ability():
    state = position([[5, 6, 7, 8], [1, 2, 3, 4]], draw=[9])
    events = play(state, Draw(0))
    assert events == [Drew(0, 9)]
    assert ENGINE.redact(events[0], 1) == Drew(0, None) and ENGINE.redact(events[0], 0) == events[0]
    assert state.phase == "drawn"
    assert ENGINE.view(state, 0).held == 9
    assert ENGINE.view(state, 1).held is None and ENGINE.view(state, 1).holding
    assert set(turn_actions(state, 0)) == {Replace(0, i) for i in range(4)} | {Discard(0)}
    events = play(state, Replace(0, 2))          # the 7 leaves the hand: no ability
    assert events == [Replaced(0, 2, 7, 1), TurnBegan(1, False, ())]
    assert values_of(state, 0) == [5, 6, 9, 8] and top(state) == 7
    assert state.serial == 1 and state.open and state.phase == "turn" and state.turn == 1
    assert known_values(state, 0) == {(0, 2): 9}            # it saw the card it put there
    assert known_values(state, 1) == {}


def test_draw_then_discard_a_card_without_an_ability_ends_the_turn():
    state = position([[5, 6, 7, 8], [1, 2, 3, 4]], draw=[4])
    events = play(state, Draw(0), Discard(0))
    assert events[1:] == [Discarded(0, 4, 1, ""), TurnBegan(1, False, ())]
    assert top(state) == 4 and state.open and values_of(state, 0) == [5, 6, 7, 8]


def test_take_swaps_the_top_discard_for_a_hand_card_seen_by_all():
    state = position([[5, 6, 7, 8], [1, 2, 3, 4]], discard=[3])
    events = play(state, Take(0, 1))
    assert events == [Took(0, 1, 3, 6, 2), TurnBegan(1, False, ())]
    assert values_of(state, 0) == [5, 3, 7, 8] and top(state) == 6 and state.serial == 2 and state.open
    assert known_values(state, 0) == {(0, 1): 3} == known_values(state, 1)


def test_a_matched_card_cannot_be_taken():
    state = position([[5, 6, 7, 8], [4, 2, 3, 1]], discard=[4])
    play(state, Slap(1, 1, 0, 1))
    assert state.matched and top(state) == 4
    assert not [a for a in ENGINE.legal_actions(state, 0) if isinstance(a, Take)]
    refused(state, Take(0, 0), "matched card cannot be taken")
    assert Draw(0) in ENGINE.legal_actions(state, 0)


def test_call_only_once_everyone_has_had_a_turn():
    state = position([[1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]], discard=[9], had_turn=0b011, turn=2)
    assert Call(2) not in ENGINE.legal_actions(state, 2)
    refused(state, Call(2), "every player has had a turn")
    play(state, Take(2, 0))                       # seat 2's turn: now all three have had one
    assert Call(0) in ENGINE.legal_actions(state, 0)


def test_the_call_gives_everyone_else_one_final_turn_then_scores_and_deals_again_one_seat_left():
    state = position([[1, 1, 0, 0], [2, 2, 2, 2], [3, 3, 3, 3]], draw=[5, 5], discard=[9])
    events = play(state, Call(0))
    assert events == [Called(0, False), TurnBegan(1, True, (1, 2))]
    assert state.caller == 0 and ENGINE.view(state, 2).final_left == (1, 2)
    refused(state, Call(1), "already called")
    play(state, Draw(1), Discard(1))
    assert state.turn == 2 and ENGINE.view(state, 0).final_left == (2,)
    events = play(state, Draw(2), Discard(2))
    ended = of(events, RoundEnded)[0]
    assert ended.caller == 0 and ended.totals == (2, 8, 12)
    assert ended.added == (2, 18, 22)             # the caller strictly lowest: +10 to everyone else
    assert ended.hands == ((1, 1, 0, 0), (2, 2, 2, 2), (3, 3, 3, 3))
    assert state.scores == [2, 18, 22] and ENGINE.view(state, None).last_round == (2, 18, 22)
    # the next round: a new deal, the first player one seat left
    assert events[-1] == RoundStarted(2, 1)
    assert state.phase == "look" and state.round == 2 and state.first == 1 and state.caller == EMPTY
    assert [len(h) for h in state.hands] == [4, 4, 4] and state.discard == []
    events = play(state, Look(0), Look(1), Look(2))
    assert events[-1] == TurnBegan(1, False, ()) and state.turn == 1


@pytest.mark.parametrize("caller_hand, other_hand, added", [
    ([1, 1, 1, 1], [2, 2, 2, 2], (4, 18)),        # strictly lowest: +10 to the other
    ([2, 2, 1, 3], [4, 4, 0, 0], (23, 8)),        # a tie: +15 to the caller
    ([3, 3, 3, 3], [-1, 0, 1, 2], (27, 2)),       # beaten: +15 to the caller
])
def test_round_scoring_both_caller_cases(caller_hand, other_hand, added):
    state = position([caller_hand, other_hand], draw=[5], discard=[9])
    events = play(state, Call(0), Draw(1), Discard(1))
    assert of(events, RoundEnded)[0].added == added
    assert state.scores == list(added)


def test_the_game_ends_at_100_lowest_wins_and_ties_share():
    state = position([[1, 1, 1, 1], [0, 0, 2, 0]], draw=[5], discard=[9], scores=[83, 100])
    events = play(state, Call(0), Draw(1), Discard(1))
    assert state.scores == [83 + 4 + 15, 100 + 2] == [102, 102]
    assert events[-1] == GameOver(Termination.TARGET_SCORE) and state.phase == "over"
    outcome = ENGINE.outcome(state)
    assert outcome.winners == (0, 1) and outcome.termination == Termination.TARGET_SCORE
    assert ENGINE.to_act(state) == set() and ENGINE.legal_actions(state, 0) == []
    refused(state, Draw(0), "game is over")


def test_the_game_ends_at_the_round_end_that_reaches_100_and_the_lowest_wins():
    state = position([[1, 1, 1, 1], [5, 5, 5, 5]], draw=[5], discard=[9], scores=[90, 70])
    play(state, Call(0), Draw(1), Discard(1))
    assert state.scores == [94, 100] and state.phase == "over"
    assert ENGINE.outcome(state).winners == (0,)


def test_the_rounds_option_ends_after_that_many_rounds():
    state = position([[1, 1, 1, 1], [5, 5, 5, 5]], draw=[5], discard=[9], rounds=1)
    events = play(state, Call(0), Draw(1), Discard(1))
    assert events[-1] == GameOver(Termination.ROUNDS_DONE)
    assert ENGINE.outcome(state).winners == (0,) and ENGINE.outcome(state).scores == (4, 30)


def test_reshuffling_the_discard_pile_keeps_its_top_card():
    state = position([[5, 6, 7, 8], [1, 2, 3, 4]], discard=[9], rest="discard")
    assert state.draw == [] and len(state.discard) == 70 - 8
    top_card = state.discard[-1]
    events = play(state, Draw(0))
    assert events[0] == Reshuffled(70 - 8 - 1)
    assert state.discard == [top_card] and len(state.draw) == 70 - 8 - 2
    assert state.draw != sorted(state.draw)                  # shuffled, not in order


def test_pass_only_when_nothing_can_be_drawn_or_taken():
    deck = sorted(TABLE.decks["kombio"])
    state = position([deck[:35], deck[35:69]], discard=deck[69:], matched=True, had_turn=0b10)
    assert state.draw == []
    assert ENGINE.legal_actions(state, 0) == [Pass(0)]
    play(state, Pass(0))
    assert state.turn == 1 and state.had_turn == 0b11
    assert ENGINE.legal_actions(state, 1) == [Call(1), Pass(1)]      # everyone has had a turn now
    state = position([deck[:35], deck[35:68]], discard=deck[68:], matched=True)
    refused(state, Pass(0), "neither draw nor take")                 # the pile can be reshuffled


# -- abilities -----------------------------------------------------------------------------------------


def test_7_and_8_look_at_one_own_card():
    for value in (7, 8):
        state = position([[5, 6, 3, 8], [1, 2, 3, 4]], draw=[value])
        events = play(state, Draw(0), Discard(0))
        assert events[-1] == Discarded(0, value, 1, "look_own") and state.phase == "ability"
        assert set(turn_actions(state, 0)) == {Peek(0, 0, i) for i in range(4)} | {Skip(0)}
        refused(state, Peek(0, 1, 0), "not a step")
        events = play(state, Peek(0, 0, 2))
        assert events == [Peeked(0, 0, 2, 3), TurnBegan(1, False, ())]
        assert ENGINE.redact(events[0], 1) == Peeked(0, 0, 2, None)
        assert known_values(state, 0) == {(0, 2): 3}


def test_9_and_10_look_at_one_opponent_card():
    for value in (9, 10):
        state = position([[5, 6, 3, 8], [1, 2, 3, 4], [0, 0, 1, 1]], draw=[value])
        play(state, Draw(0), Discard(0))
        peeks = {a for a in ENGINE.legal_actions(state, 0) if isinstance(a, Peek)}
        assert peeks == {Peek(0, o, i) for o in (1, 2) for i in range(4)}
        events = play(state, Peek(0, 2, 1))
        assert events[0] == Peeked(0, 2, 1, 0) and known_values(state, 0) == {(2, 1): 0}


def test_an_ability_may_be_left_unused():
    state = position([[5, 6, 3, 8], [1, 2, 3, 4]], draw=[14])
    events = play(state, Draw(0), Discard(0), Skip(0))
    assert events[-1] == TurnBegan(1, False, ()) and known_slots(state, 0) == {}


def test_11_and_12_swap_any_two_cards_blind_and_knowledge_moves_with_the_cards():
    for value in (11, 12):
        state = position([[5, 6, 7, 8], [1, 2, 3, 4]], draw=[value],
                         known={1: [(1, 1), (1, 3)], 0: [(0, 0)]}, memory_aid=True)
        play(state, Draw(0), Discard(0))
        swaps = [a for a in ENGINE.legal_actions(state, 0) if isinstance(a, Swap)]
        assert len(swaps) == 8 * 7 // 2                   # any two of the table's cards, own ones too
        assert Swap(0, (0, 0), (0, 3)) in swaps
        events = play(state, Swap(0, (0, 0), (1, 1)))
        assert events[0] == Swapped(0, (0, 0), (1, 1))
        assert values_of(state, 0) == [2, 6, 7, 8] and values_of(state, 1) == [1, 5, 3, 4]
        # everybody saw the cards move: what each seat saw moves with them, and nothing is learnt
        assert known_values(state, 1) == {(0, 0): 2, (1, 3): 4}
        assert known_values(state, 0) == {(1, 1): 5}
        assert ENGINE.view(state, 1).memory == ((2, None, None, None), (None, None, None, 4))


def test_13_looks_at_one_card_then_swaps_it_with_another_unseen_or_not():
    state = position([[5, 6, 7, 8], [1, 2, 3, 4]], draw=[13], known={1: [(1, 3)]})
    play(state, Draw(0), Discard(0))
    assert len([a for a in ENGINE.legal_actions(state, 0) if isinstance(a, Peek)]) == 8  # own cards too
    events = play(state, Peek(0, 1, 3))
    assert events == [Peeked(0, 1, 3, 4)] and state.phase == "ability"
    swaps = {a for a in ENGINE.legal_actions(state, 0) if isinstance(a, Swap)}
    assert swaps == {Swap(0, min(p, (1, 3)), max(p, (1, 3)))
                     for p in [(0, i) for i in range(4)] + [(1, 0), (1, 1), (1, 2)]}
    play(state, Swap(0, (0, 1), (1, 3)))
    assert values_of(state, 0) == [5, 4, 7, 8] and values_of(state, 1) == [1, 2, 3, 6]
    assert known_values(state, 0) == {(0, 1): 4}            # the looked card, where it went
    assert known_values(state, 1) == {(0, 1): 4}            # seat 1 saw its card leave
    # or no swap after looking
    state = position([[5, 6, 7, 8], [1, 2, 3, 4]], draw=[13])
    events = play(state, Draw(0), Discard(0), Peek(0, 0, 0), Skip(0))
    assert events[-1] == TurnBegan(1, False, ()) and known_values(state, 0) == {(0, 0): 5}


def test_14_looks_at_two_cards_then_swaps_them_or_not():
    state = position([[5, 6, 7, 8], [1, 2, 3, 4]], draw=[14])
    play(state, Draw(0), Discard(0), Peek(0, 0, 2))
    assert Peek(0, 0, 2) not in ENGINE.legal_actions(state, 0)        # two different cards
    play(state, Peek(0, 1, 0))
    assert turn_actions(state, 0) == [Swap(0, (0, 2), (1, 0)), Skip(0)]
    assert ENGINE.view(state, 1).ability_looks == ((0, 2), (1, 0))
    play(state, Swap(0, (0, 2), (1, 0)))
    assert values_of(state, 0) == [5, 6, 1, 8] and values_of(state, 1) == [7, 2, 3, 4]
    assert known_values(state, 0) == {(0, 2): 1, (1, 0): 7}
    state = position([[5, 6, 7, 8], [1, 2, 3, 4]], draw=[14])
    play(state, Draw(0), Discard(0), Peek(0, 0, 2), Peek(0, 0, 3), Skip(0))
    assert values_of(state, 0) == [5, 6, 7, 8] and known_values(state, 0) == {(0, 2): 7, (0, 3): 8}


def test_a_13s_looked_card_matched_away_leaves_only_skip():
    state = position([[5, 6, 7, 8], [1, 2, 3, 13]], draw=[13])
    play(state, Draw(0), Discard(0), Peek(0, 1, 3))
    play(state, Slap(1, 1, 3, 1))                   # seat 1 matches the looked 13 onto the 13
    assert ENGINE.legal_actions(state, 0) == [Skip(0)]
