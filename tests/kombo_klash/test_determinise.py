"""The full Kombo Klash! state a search would build from a seat's view (game.kombo_klash.determinise):
the view comes back exact, the unseen tiles are dealt as resample_hidden deals them, remembered
tiles stay where they were seen, and one dealer deals fresh states."""
from __future__ import annotations

import random

from game.core.rng import Rng
from game.kombo_klash.determinise import Dealer, state_from_view
from game.kombo_klash.memory import Memory
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
            memory.observe(ENGINE.seen_by(events, memory.seat))


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


def test_one_dealer_deals_fresh_states_that_each_show_the_view():
    """The dealer works the view out once: a deal played on must leave the next deals untouched."""
    for state, memories in positions(9, 200):
        memory = memories[state.turn]
        view = ENGINE.view(state, memory.seat)
        dealer = Dealer.from_view(view, memory)
        rng = Rng(3)
        for _ in range(3):
            deal = dealer.deal(rng)
            assert ENGINE.view(deal, memory.seat) == view
            ENGINE.check_invariants(deal)
            for _ in range(6):        # play it on: hands, board and piles change
                if ENGINE.outcome(deal) is not None:
                    break
                ENGINE.apply(deal, random.Random(1).choice(ENGINE.legal_actions(deal, deal.turn)))
