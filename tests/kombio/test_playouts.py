"""The shared random-playout check over 1,000+ seeded KOMBIO rounds (2-6 players, both decks, the memory
aid off and on), its secrecy check (engine.resample_hidden) included, with random slaps: the chooser
picks among every seat in to_act, so slaps, failed slaps and their choices come in the middle of turns.

Games of one round ("rounds" = 1) keep them short. Most thin the costly checks (clone and
determinism, views, refusals, secrecy) to one step in FULL_EVERY; a few run them at every step.
Invariants (every card somewhere exactly once, knowledge only of cards on the table) and wire round
trips run at every step in all of them. The suite plays a seeded sample of the sweep
(tests/sweep.py); tools/soak.py plays all of it.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from game.core import Termination
from game.core.playout import random_playouts
from game.kombio.rules import KombioEngine
from game.kombio.table import KombioConfig
from tests import sweep

ENGINE = KombioEngine()
# (players, one-round games): 300 + 250 + 200 + 150 + 120 = 1,020 rounds, split over two settings
ROUNDS = {2: 300, 3: 250, 4: 200, 5: 150, 6: 120}
SETTINGS = [("kombio", False), ("standard", True)]
FULL_EVERY = 40
MAX_ACTIONS = 20_000


@pytest.mark.parametrize("players", sorted(ROUNDS))
@pytest.mark.parametrize("deck, aid", SETTINGS)
def test_random_one_round_playouts_thin_checks(players, deck, aid):
    games = sweep.games(ROUNDS[players] // len(SETTINGS), at_least=10 * players)   # every seat wins some
    config = KombioConfig(players, deck, rounds=1, memory_aid=aid)
    report = random_playouts(ENGINE, config, range(500, 500 + games), full_checks_every=FULL_EVERY,
                             max_actions=MAX_ACTIONS)
    assert report.games == games
    assert all(o.termination == Termination.ROUNDS_DONE for o in report.outcomes)
    assert {w for o in report.outcomes for w in o.winners} == set(range(players))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts_full_checks(players):
    config = KombioConfig(players, rounds=1, memory_aid=players % 2 == 1)
    report = random_playouts(ENGINE, config, range(2), full_checks_every=1, max_actions=MAX_ACTIONS)
    assert report.games == 2


@pytest.mark.parametrize("players", [2, 4])
def test_random_whole_games_to_100(players):
    report = random_playouts(ENGINE, KombioConfig(players), range(40), full_checks_every=FULL_EVERY,
                             max_actions=MAX_ACTIONS)
    for outcome in report.outcomes:
        assert outcome.termination == Termination.TARGET_SCORE
        assert max(outcome.scores) >= 100
        assert outcome.winners == tuple(s for s, v in enumerate(outcome.scores) if v == min(outcome.scores))


def test_random_play_reaches_every_rule():
    """Random play as the playout plays it (a seat of to_act, then one of its actions) makes every
    action, every ability, both penalty choices, automatic calls, reshuffles and passes."""
    actions: Counter[str] = Counter()
    events: Counter[str] = Counter()
    for seed in range(150):
        players = 2 + seed % 5
        state = ENGINE.new_game(KombioConfig(players, rounds=1), seed)
        chooser = random.Random(seed)
        while ENGINE.outcome(state) is None:
            seat = chooser.choice(sorted(ENGINE.to_act(state)))
            action = chooser.choice(ENGINE.legal_actions(state, seat))
            actions[action.TAG] += 1
            if action.TAG == "settle":
                actions[f"settle {action.hand_over}"] += 1
            for event in ENGINE.apply(state, action):
                events[event.TAG] += 1
                if event.TAG == "called":
                    events[f"called automatic={event.automatic}"] += 1
                if event.TAG == "slapped":
                    events[f"slapped right={event.right}"] += 1
                if event.TAG == "discarded" and event.ability:
                    events[event.ability] += 1
    assert set(actions) >= {tag for tag in ENGINE.actions.tags} | {"settle True", "settle False"}
    assert set(events) >= {tag for tag in ENGINE.events.tags if tag != "over"} - {"round_started"}
    assert events["called automatic=True"] and events["called automatic=False"]
    assert events["slapped right=True"] and events["slapped right=False"]
    for ability in ("look_own", "look_other", "blind_swap", "look_swap", "double_look_swap"):
        assert events[ability], ability
