"""KOMBIO's Expert: its determinisation agrees with the seat's view, it plays legally and repeatably
on a move-count budget, and it remembers and slaps as its seat saw."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from game.core.bots import SimulatedTable, Timed
from game.core.engine import Event
from game.core.rng import Rng
from game.core.search import Budget
from game.kombio import GAME
from game.kombio.actions import CALLS, DRAWS, LOOKS, REPLACES, Slap
from game.kombio.bot import STYLES, make_bot
from game.kombio.determinise import Seen, state_from_view
from game.kombio.expert import ExpertBot
from game.kombio.expert_playout import playout_action
from game.kombio.rules import KombioEngine
from game.kombio.state import KombioState, hand_total, known_slots
from game.kombio.table import EMPTY, TABLE, KombioConfig

ENGINE = KombioEngine()
QUICK = Budget(seconds=None, iterations=3)


def _mine(events: list[Event], seat: int) -> list[Event]:
    return list(ENGINE.seen_by(events, seat))


def _hidden(state: KombioState, seat: int) -> list[int]:
    """The values `seat` cannot place: its unknown table cards, another's drawn card, the draw pile."""
    values = state.values
    out = [values[c] for hand in state.hands for c in hand if c >= 0 and not state.known[seat] >> c & 1]
    if state.held >= 0 and state.turn != seat:
        out.append(values[state.held])
    return sorted(out + [values[c] for c in state.draw])


@pytest.mark.parametrize(("players", "deck", "aid", "seed"),
                         [(2, "kombio", True, 1), (4, "standard", False, 2), (5, "kombio", True, 3)])
def test_a_built_state_shows_the_seat_its_own_view(players: int, deck: str, aid: bool, seed: int) -> None:
    state = ENGINE.new_game(KombioConfig(players, deck, 2, aid), seed)
    seen = [Seen(s) for s in range(players)]
    for s in range(players):
        seen[s].observe(_mine(ENGINE.opening_events(state), s))
    chooser, rng = random.Random(seed), Rng(seed)
    for _ in range(400):
        if ENGINE.outcome(state) is not None:
            break
        for s in range(players):
            built = state_from_view(ENGINE.view(state, s), seen[s], rng)
            ENGINE.check_invariants(built)
            assert ENGINE.view(built, s) == ENGINE.view(state, s)
            assert ENGINE.legal_actions(built, s) == ENGINE.legal_actions(state, s)
            assert built.known[s] == _known_at(built, state, s)
            # hidden: exactly the values resample_hidden would re-deal (a multiset it only permutes)
            assert _hidden(built, s) == _hidden(ENGINE.resample_hidden(state, s, random.Random(seed)), s)
        seat = chooser.choice(sorted(ENGINE.to_act(state)))
        events = ENGINE.apply(state, chooser.choice(ENGINE.legal_actions(state, seat)))
        for s in range(players):
            seen[s].observe(_mine(events, s))


def _known_at(built: KombioState, true: KombioState, seat: int) -> int:
    """The built state's mask of the places the true state says `seat` knows."""
    mask = 0
    for hand, real in zip(built.hands, true.hands, strict=True):
        for card, was in zip(hand, real, strict=True):
            if was != EMPTY and true.known[seat] >> was & 1:
                mask |= 1 << card
    return mask


def test_built_states_vary_only_in_what_the_seat_cannot_see() -> None:
    state = ENGINE.new_game(KombioConfig(3, "kombio", 1, False), 7)
    seen = Seen(0)
    seen.observe(_mine(ENGINE.opening_events(state), 0))
    rng = Rng(3)
    worlds = [state_from_view(ENGINE.view(state, 0), seen, rng) for _ in range(20)]
    assert len({tuple(w.draw) for w in worlds}) > 1
    assert all(ENGINE.view(w, 0) == ENGINE.view(state, 0) for w in worlds)


def _play(seed: int, levels: list[str]) -> list[object]:
    state = ENGINE.new_game(KombioConfig(len(levels), "kombio", 1, False), seed)
    bots = {s: (ExpertBot(s, seed * 10 + s, STYLES["expert"], budget=QUICK) if level == "expert"
                else make_bot(level, s, seed * 10 + s)) for s, level in enumerate(levels)}
    table = SimulatedTable(ENGINE, bots, seed)
    log: list[object] = []
    for _ in range(5_000):
        if ENGINE.outcome(state) is not None:
            return log
        action = table.next_action(state)
        assert action in ENGINE.legal_actions(state, action.seat), action
        table.record(state, ENGINE.apply(state, action))
        log.append(action)
    raise AssertionError("the round did not end")


def test_the_expert_plays_a_legal_round_the_same_from_its_seed() -> None:
    levels = ["expert", "hard", "hard", "hard"]
    first = _play(4, levels)
    assert _play(4, levels) == first
    assert _play(5, levels) != first


def test_expert_is_a_level_of_the_game() -> None:
    assert "expert" in GAME.bot_levels
    assert isinstance(make_bot("expert", 0, 1), ExpertBot)


def test_the_expert_slaps_its_known_twin_at_a_human_reaction() -> None:
    state = ENGINE.new_game(KombioConfig(2, "kombio", 1, False), 11)
    events = ENGINE.opening_events(state)
    for seat in (0, 1):
        events += ENGINE.apply(state, ENGINE.legal_actions(state, seat)[0])     # the looks
    near = [state.values[state.hands[1][i]] for i in (1, 3)]
    twin = next(v for v in near if v > 0 and any(state.values[c] == v for c in state.draw))
    # the next card drawn is its twin: seat 0 draws it and discards it
    state.draw.append(state.draw.pop(next(i for i, c in enumerate(state.draw) if state.values[c] == twin)))
    events += ENGINE.apply(state, ENGINE.legal_actions(state, 0)[0])
    events += ENGINE.apply(state, next(a for a in ENGINE.legal_actions(state, 0) if a.TAG == "discard"))
    bot = make_bot("expert", 1, 5, reaction=(0.3, 0.31))
    bot.observe(_mine(events, 1))
    decision = bot.choose(ENGINE.view(state, 1), ENGINE.legal_actions(state, 1))
    assert isinstance(decision, Timed) and isinstance(decision.action, Slap)
    assert decision.action.owner == 1
    assert state.values[state.hands[1][decision.action.slot]] == twin
    assert 0.3 <= decision.delay <= 0.31


def test_the_expert_forgets_nothing_it_saw() -> None:
    """After a round of random play, its memory is exactly what the engine says the seat knows."""
    state = ENGINE.new_game(KombioConfig(3, "kombio", 1, False), 21)
    bot = ExpertBot(2, 1, STYLES["expert"], budget=QUICK)
    bot.observe(_mine(ENGINE.opening_events(state), 2))
    chooser = random.Random(2)
    for _ in range(60):
        if ENGINE.outcome(state) is not None:
            break
        seat = chooser.choice(sorted(ENGINE.to_act(state)))
        bot.observe(_mine(ENGINE.apply(state, chooser.choice(ENGINE.legal_actions(state, seat))), 2))
    truth = Counter({(o, s): state.values[c] for o, hand in enumerate(state.hands)
                     for s, c in enumerate(hand) if c >= 0 and state.known[2] >> c & 1})
    assert Counter(bot.seen.values) == truth


def _hard_choice(state: KombioState, seat: int) -> object:
    """What the hard level decides here, its memory exactly what the state says the seat knows."""
    bot = make_bot("hard", seat, 1)
    bot.memory.cards = {place: state.values[card] for place, card in known_slots(state, seat).items()}
    return bot.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat))


@pytest.mark.parametrize("players", [2, 4, 5])
def test_the_playouts_play_every_duty_as_the_hard_level(players: int) -> None:
    """Over random rounds, each turn, drawn card, ability step and slap follow-up the playout picks
    is the hard bot's own choice from the same knowledge."""
    compared = Counter[str]()
    for seed in range(6):
        state = ENGINE.new_game(KombioConfig(players, ("kombio", "standard")[seed % 2], 1, False), 40 + seed)
        chooser = random.Random(seed)
        for _ in range(300):
            if ENGINE.outcome(state) is not None:
                break
            action = playout_action(ENGINE, state, Rng(seed))
            if state.phase != "look" and not isinstance(action, Slap):
                hard = _hard_choice(state, action.seat)
                if not isinstance(hard, Timed):      # else it would slap first: the race's, not a duty
                    assert action == hard, (state.phase, action, hard)
                    compared[state.phase if not state.pending else "settle"] += 1
            seat = chooser.choice(sorted(ENGINE.to_act(state)))
            ENGINE.apply(state, chooser.choice(ENGINE.legal_actions(state, seat)))
    assert set(compared) >= {"turn", "drawn", "ability", "settle"}, compared


def test_an_opponents_kept_card_is_dealt_below_the_card_it_sent_out() -> None:
    """Seat 1 looked at its near row and put a drawn card in place of one it knew: the Expert deals
    that unseen card lower than the one sent out."""
    state = ENGINE.new_game(KombioConfig(3, "kombio", 1, False), 5)
    seen = Seen(0)
    seen.observe(_mine(ENGINE.opening_events(state), 0))
    for seat in range(3):
        seen.observe(_mine(ENGINE.apply(state, LOOKS[seat]), 0))
    state.turn = 1
    near = max((state.values[state.hands[1][s]], s) for s in TABLE.near_slots)
    seen.observe(_mine(ENGINE.apply(state, DRAWS[1]), 0))
    seen.observe(_mine(ENGINE.apply(state, REPLACES[1][near[1]]), 0))
    assert seen.below == {(1, near[1]): near[0]}
    rng = Rng(9)
    kept = [b.values[b.hands[1][near[1]]] for b in (state_from_view(ENGINE.view(state, 0), seen, rng)
                                                   for _ in range(30))]
    assert max(kept) < near[0]
    assert len(set(kept)) > 1          # at random among the lower cards


def test_a_callers_cards_are_dealt_low_enough_for_its_call() -> None:
    """Seat 1 called knowing all four of its cards (seat 0 saw it look at each): the built states
    deal it hands the hard level calls on (most of them; where none of CALL_TRIES picks fitted, the
    lowest picked), where a deal at random gives four cards near 25 points."""
    state = ENGINE.new_game(KombioConfig(3, "kombio", 1, False), 8)
    seen = Seen(0)
    seen.observe(_mine(ENGINE.opening_events(state), 0))
    for seat in range(3):
        seen.observe(_mine(ENGINE.apply(state, LOOKS[seat]), 0))
    state.turn, state.had_turn = 1, 0b111
    seen.observe(_mine(ENGINE.apply(state, CALLS[1]), 0))
    seen.knows(1).update((1, slot) for slot in range(4))
    view, rng = ENGINE.view(state, 0), Rng(4)
    totals = [hand_total(state_from_view(view, seen, rng), 1) for _ in range(40)]
    call_at = STYLES["hard"].call_at
    assert sum(t <= call_at for t in totals) >= 20, totals
    assert max(totals) <= 2 * call_at, totals
    assert len(set(totals)) > 3                 # still a deal at random, among the low hands
    assert hand_total(state, 1) > STYLES["hard"].call_at      # not the true hand: a belief
