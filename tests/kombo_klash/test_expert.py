"""Kombo Klash!'s Expert and the state it builds from a seat's view: the view comes back exact, the
unseen tiles are dealt as resample_hidden deals them, remembered tiles stay where they were seen, and
the Expert plays legal, reproducible games from its view and events."""
from __future__ import annotations

import random

from game.core.rng import Rng
from game.core.search import Budget
from game.kombo_klash.bot import LEVELS, make_bot
from game.kombo_klash.determinise import Memory, state_from_view
from game.kombo_klash.rules import KomboKlashConfig, KomboKlashEngine
from game.kombo_klash.tables import CREATURES, creature_of

ENGINE = KomboKlashEngine()


def positions(seed: int, steps: int):
    """Every state of a seeded random game, with each seat's memory kept from its events."""
    chooser = random.Random(seed)
    state = ENGINE.new_game(KomboKlashConfig(2), seed)
    memories = [Memory(0), Memory(1)]
    for _ in range(steps):
        if ENGINE.outcome(state) is not None:
            return
        for memory in memories:
            memory.look(ENGINE.view(state, memory.seat))
        yield state, memories
        events = ENGINE.apply(state, chooser.choice(ENGINE.legal_actions(state, state.turn)))
        for memory in memories:
            memory.observe([e for e in (ENGINE.redact(ev, memory.seat) for ev in events) if e is not None])


def test_the_built_state_shows_the_seat_exactly_its_view():
    for seed in (1, 2, 3):
        for n, (state, memories) in enumerate(positions(seed, 120)):
            for memory in memories:
                seat = memory.seat
                built = state_from_view(ENGINE.view(state, seat), memory, Rng(n))
                ENGINE.check_invariants(built)
                assert ENGINE.view(built, seat) == ENGINE.view(state, seat)
                if seat == state.turn:
                    assert set(ENGINE.legal_actions(built, seat)) == set(ENGINE.legal_actions(state, seat))


def _rival_hand_counts(states) -> list[float]:
    counts = [0.0] * len(CREATURES)
    for other in states:
        for tile in other.hands[1]:
            counts[creature_of(tile)] += 1
    return [c / len(states) for c in counts]


def test_unseen_tiles_are_dealt_as_resample_hidden_deals_them():
    state, _ = next(p for n, p in enumerate(positions(7, 30)) if n == 20)
    view = ENGINE.view(state, 0)
    ours = [state_from_view(view, Memory(0), Rng(i)) for i in range(600)]
    dealer = random.Random(5)
    theirs = [ENGINE.resample_hidden(state, 0, dealer) for _ in range(600)]
    for a, b in zip(_rival_hand_counts(ours), _rival_hand_counts(theirs), strict=True):
        assert abs(a - b) < 0.12


def test_a_remembered_face_down_tile_stays_where_it_was_seen():
    for state, memories in positions(4, 400):
        memory = memories[0]
        if memory.down:
            view = ENGINE.view(state, 0)
            for i in range(20):
                built = state_from_view(view, memory, Rng(i))
                for sq, name in memory.down.items():
                    assert CREATURES[creature_of(built.board[sq])] == name
                    assert CREATURES[creature_of(state.board[sq])] == name     # and it is true
            return
    raise AssertionError("no tile went face down while seat 0 watched")


def play(seed: int) -> tuple[list, tuple[int, ...]]:
    state = ENGINE.new_game(KomboKlashConfig(2, 50), seed)
    bots = [make_bot("expert", 0, seed), make_bot("medium", 1, seed + 1)]
    bots[0].budget = Budget(seconds=None, iterations=12)
    log = []
    while ENGINE.outcome(state) is None and len(log) < 3000:
        seat = state.turn
        legal = ENGINE.legal_actions(state, seat)
        action = bots[seat].choose(ENGINE.view(state, seat), legal)
        assert action in legal
        events = ENGINE.apply(state, action)
        log.append(action)
        for s, bot in enumerate(bots):
            if hasattr(bot, "observe"):
                bot.observe([e for e in (ENGINE.redact(ev, s) for ev in events) if e is not None])
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    return log, outcome.scores


def test_the_expert_plays_a_legal_reproducible_game():
    assert "expert" in LEVELS
    assert play(3) == play(3)
