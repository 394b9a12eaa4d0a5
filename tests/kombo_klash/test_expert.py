"""Kombo Klash!'s Expert and the state it builds from a seat's view: the view comes back exact, the
unseen tiles are dealt as resample_hidden deals them, remembered tiles stay where they were seen, and
the Expert plays legal, reproducible games from its view and events; its playouts play a turn as the
hard bot does and its cut-off counts the Kombo the seat to act scores first and the hands."""
from __future__ import annotations

import random

from game.core.bots import LEVELS
from game.core.rng import Rng
from game.core.search import Budget
from game.kombo_klash.actions import Place, Score
from game.kombo_klash.bot import make_bot
from game.kombo_klash.determinise import Dealer, Memory, state_from_view
from game.kombo_klash.expert import PolicyBelowRoot, completing_place, playout_action, prospects, value_for
from game.kombo_klash.rules import KomboKlashConfig, KomboKlashEngine
from game.kombo_klash.tables import CHAMELEON, CREATURES, creature_of

from .positions import position, sq

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


def test_completing_place_finds_the_tile_that_joins_a_kombo():
    # Two Vultures beside each other; a third from the hand beside them makes 18 points.
    state = position({"b2": "Vulture", "c2": "Vulture", "e5": "Wolf"},
                     [["Vulture", "Gorilla", "Wolf"], ["Raven", "Raven", "Snake"]])
    points, creature, square = completing_place(state, 0)
    assert (points, CREATURES[creature]) == (18, "Vulture") and square in {sq(n) for n in ("b1", "c1", "a2", "d2", "b3")}
    assert completing_place(state, 1) == (0, -1, -1)            # no Raven nor Chameleon joins anything
    # A Chameleon joins them too (three tiles: two real, one copying).
    state = position({"b2": "Vulture", "c2": "Vulture"}, [["Chameleon"], ["Raven"]])
    assert completing_place(state, 0)[:2] == (18, CHAMELEON)


def test_the_playout_scores_completes_and_howls_as_the_hard_bot_does():
    rng = Rng(0)
    # a Kombo on the board, not scored yet: the best one is scored first
    state = position({"a1": "Raven", "b1": "Raven", "c1": "Raven", "a5": "Wolf", "b5": "Wolf", "c5": "Wolf"},
                     [["Gorilla", "Kangaroo"], ["Snake"]])
    assert playout_action(ENGINE, state, rng) == Score(0, (sq("a1"), sq("b1"), sq("c1")))
    # a tile of the hand joins one up: it is placed there
    state = position({"b2": "Vulture", "c2": "Vulture", "e5": "Wolf"}, [["Vulture", "Kangaroo"], ["Snake"]])
    action = playout_action(ENGINE, state, rng)
    assert isinstance(action, Place) and action.creature == "Vulture"
    # nothing to score or join: the Wolf goes first, howling for the tiles left
    state = position({"a1": "Raven", "e5": "Snake"}, [["Kangaroo", "Wolf", "Gorilla", "Snake"], ["Snake"]])
    action = playout_action(ENGINE, state, rng)
    assert isinstance(action, Place) and action.creature == "Wolf" and action.trigger


def test_prospects_count_the_kombo_the_seat_to_act_scores_first_and_the_hands():
    board = {"a1": "Raven", "b1": "Raven", "c1": "Raven", "e5": "Wolf"}
    hands = [["Wolf", "Wolf"], ["Wolf", "Wolf"]]
    mine = prospects(position(board, hands, turn=0, scores=[10, 10]))
    theirs = prospects(position(board, hands, turn=1, in_round=(0, 1), scores=[10, 10]))
    assert mine[0] - mine[1] == 21 and theirs[1] - theirs[0] == 21
    # the same points, a better hand: a Wolf is worth more than a Chameleon kept
    better = prospects(position({}, [["Wolf"], ["Chameleon"]], scores=[5, 5]))
    assert better[0] > better[1]
    assert value_for(ENGINE, position(board, hands, scores=[10, 10]), 0) > 0.9


def test_below_the_root_the_search_sees_only_the_policys_move():
    state = position({"a1": "Raven", "e5": "Snake"}, [["Kangaroo", "Wolf", "Snake"], ["Snake", "Gorilla"]])
    engine = PolicyBelowRoot(0, (state.round, state.turn, state.played, state.scored, state.pending), Rng(1))
    assert engine.legal_actions(state, 0) == ENGINE.legal_actions(state, 0)
    ENGINE.apply(state, Place(0, "Snake", sq("b1"), False))
    below = engine.legal_actions(state, 0)
    assert len(below) == 1 and below[0] in ENGINE.legal_actions(state, 0)
