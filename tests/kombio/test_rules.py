"""KOMBIO rules against kombio.txt and DECISIONS.md, one rule at a time: the deck, the look, every
turn option and ability, matching (own and opponent cards, right and wrong, both penalty choices and
the defaults), one match per discard and one attempt per player, stale slaps, the call and its lock,
the automatic call, scoring, the end of the game, reshuffles, knowledge and what views show.

Positions are built straight as a KombioState by `position` (cards named by value; every card of the
deck somewhere exactly once, check_invariants passes)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

import msgpack
import pytest

from game.core import ConfigError, IllegalActionError, Rng, Termination, WireFormatError
from game.core.view import plain
from game.kombio import GAME
from game.kombio.actions import Call, Discard, Draw, Give, Look, Pass, Peek, Replace, Settle, Skip, Slap, Swap, Take
from game.kombio.events import (
    Called,
    ChoiceOwed,
    Discarded,
    Drew,
    GameOver,
    Gave,
    Looked,
    Peeked,
    PenaltyDrawn,
    Replaced,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    Settled,
    Slapped,
    Swapped,
    Took,
    TurnBegan,
)
from game.kombio.rules import KombioEngine
from game.kombio.state import KombioState, known_slots
from game.kombio.table import EMPTY, TABLE, TURN, KombioConfig, card_label
from game.kombio.view import PendingView

ENGINE = KombioEngine()


# -- a position builder --------------------------------------------------------------------------------


def position(hands: Sequence[Sequence[int | None]], *, discard: Sequence[int] = (), draw: Sequence[int] = (),
             rest: str = "draw", turn: int = 0, phase: str = TURN, held: int | None = None,
             had_turn: int | None = None, caller: int = EMPTY, final_left: Iterable[int] | None = None,
             final_turn: bool = False, matched: bool = False, serial: int | None = None,
             known: Mapping[int, Iterable[tuple[int, int]]] | None = None, memory_aid: bool = False,
             deck: str = "kombio", scores: Sequence[int] | None = None, rounds: int = 0, first: int = 0,
             round_no: int = 1, seed: int = 0) -> KombioState:
    """Hands are card values per slot (None: a gap); `discard` bottom first (its last is the top, open
    to slaps unless `matched`); `draw` lies on top of the draw pile, its last card drawn first; every
    card not named goes under the draw pile (rest="draw") or under the discard pile (rest="discard")."""
    values = TABLE.decks[deck]
    free: dict[int, list[int]] = {}
    for card, value in enumerate(values):
        free.setdefault(value, []).append(card)

    def take(value: int) -> int:
        if not free.get(value):
            raise ValueError(f"no {value} left in the {deck} deck")
        return free[value].pop(0)

    n = len(hands)
    hand_cards = [[EMPTY if v is None else take(v) for v in hand] for hand in hands]
    held_card = EMPTY if held is None else take(held)
    top = [take(v) for v in draw]
    piles = [take(v) for v in discard]
    left = sorted(c for cards in free.values() for c in cards)
    if rest == "draw":
        draw_pile, discard_pile = left + top, piles
    else:
        draw_pile, discard_pile = top, left + piles
    everyone = (1 << n) - 1
    state = KombioState(
        players=n, deck=deck, rounds=rounds, memory_aid=memory_aid, values=values, phase=phase,
        turn=turn, first=first, hands=hand_cards, draw=draw_pile, discard=discard_pile,
        scores=list(scores) if scores is not None else [0] * n, known=[0] * n, round=round_no,
        held=held_card, serial=len(discard) if serial is None else serial,
        open=bool(discard) and not matched, matched=matched, attempted=0, looked=everyone,
        had_turn=everyone if had_turn is None else had_turn, caller=caller,
        final_left=(sum(1 << s for s in final_left) if final_left is not None
                    else everyone & ~(1 << caller) if caller >= 0 else 0),
        final_turn=final_turn, last_round=[0] * n, rng=Rng(seed))
    if matched:
        state.attempted = 1 << ((turn + 1) % n)
    for seat, places in (known or {}).items():
        for owner, slot in places:
            state.known[seat] |= 1 << hand_cards[owner][slot]
    ENGINE.check_invariants(state)
    return state


def values_of(state: KombioState, seat: int) -> list[int | None]:
    return [state.values[c] if c >= 0 else None for c in state.hands[seat]]


def top(state: KombioState) -> int:
    return state.values[state.discard[-1]]


def known_values(state: KombioState, seat: int) -> dict[tuple[int, int], int]:
    return {place: state.values[card] for place, card in known_slots(state, seat).items()}


def refused(state, action, match: str) -> IllegalActionError:
    """The action raises IllegalActionError with a matching reason, leaves the state exactly as it was,
    and is not in the seat's legal list."""
    before = ENGINE.clone(state)
    with pytest.raises(IllegalActionError, match=match) as info:
        ENGINE.apply(state, action)
    assert info.value.reason
    assert state == before
    assert action not in ENGINE.legal_actions(state, action.seat)
    return info.value


def play(state, *actions):
    """Apply the actions (each listed for a seat that may act, then accepted; cards conserved after
    each); the events of all of them."""
    events = []
    for action in actions:
        assert action.seat in ENGINE.to_act(state), f"{action}: seat may not act"
        assert action in ENGINE.legal_actions(state, action.seat), f"{action} is not listed"
        events += ENGINE.apply(state, action)
        ENGINE.check_invariants(state)
    return events


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def turn_actions(state, seat):
    """The seat's legal actions but its slaps."""
    return [a for a in ENGINE.legal_actions(state, seat) if not isinstance(a, Slap)]


def slaps(state, seat):
    return [a for a in ENGINE.legal_actions(state, seat) if isinstance(a, Slap)]


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
