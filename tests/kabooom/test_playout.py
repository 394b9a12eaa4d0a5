"""The shared random-playout check over 1,000+ seeded Kabooom! games (2-4 players, every difficulty).

Most games thin the costly checks (clone and determinism, views, refusals); a hundred or so run
them at every step. Invariants and wire round trips run at every step in all of them. The suite
plays a seeded sample of the sweep (tests/sweep.py); tools/soak.py plays all of it.
"""
from __future__ import annotations

import pytest

from game.core import Termination
from game.core.playout import random_playouts
from game.kabooom.rules import TABLE, KabooomConfig, KabooomEngine
from tests import sweep

COMBOS = [(p, d) for p in (2, 3, 4) for d in ("easy", "medium", "hard")]
THIN_GAMES = 112        # x 9 combinations = 1,008 games
FULL_GAMES = 12         # x 9 = 108 games checked at every step


def _check_report(report, config: KabooomConfig, games: int) -> None:
    assert report.games == games
    offset = TABLE.offset[config.difficulty]
    placing = 0 if TABLE.random_deal[config.difficulty] else 24
    assert report.actions >= games * placing
    for outcome in report.outcomes:
        assert outcome.termination in (Termination.ALL_PASSED, Termination.NO_MOVES)
        assert all(s >= 0 for s in outcome.scores)
        # At most 24 counters score, each tower losing its offset.
        assert sum(outcome.scores) <= 24 - offset
        best = max(outcome.scores)
        assert outcome.winners == tuple(i for i, s in enumerate(outcome.scores) if s == best)


@pytest.mark.parametrize("players, difficulty", COMBOS)
def test_random_playouts_thin_checks(players, difficulty):
    config = KabooomConfig(players, difficulty)
    games = sweep.games(THIN_GAMES, at_least=10 * players)   # both endings, every seat wins some
    seeds = range(1000, 1000 + games)
    report = random_playouts(KabooomEngine(), config, seeds, full_checks_every=20)
    _check_report(report, config, games)
    # Random play reaches both endings, and every seat wins some games.
    assert {o.termination for o in report.outcomes} == {Termination.ALL_PASSED, Termination.NO_MOVES}
    assert {w for o in report.outcomes for w in o.winners} == set(range(players))


@pytest.mark.parametrize("players, difficulty", COMBOS)
def test_random_playouts_full_checks(players, difficulty):
    config = KabooomConfig(players, difficulty)
    report = random_playouts(KabooomEngine(), config, range(FULL_GAMES), full_checks_every=1)
    _check_report(report, config, FULL_GAMES)
