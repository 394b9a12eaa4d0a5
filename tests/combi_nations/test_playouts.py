"""The shared random-playout check over 500+ seeded Combi-Nations games: 1 to 5 players, preset and
date countries, free building, the flat facilities option. Most thin the costly checks (clone and
determinism, views, refusals, secrecy: the stacks' order is re-dealt) to one step in FULL_EVERY; a
few run them at every step. Invariants (every LAND tile somewhere exactly once, arrows on empty
spaces, full countries) and wire round trips run at every step. The suite plays a seeded sample of
the sweep (tests/sweep.py); tools/soak.py plays all of it."""
from __future__ import annotations

from collections import Counter

import pytest

from game.combi_nations.rules import CombiConfig, CombiNationsEngine
from game.core.engine import Termination
from game.core.playout import random_playouts
from tests import sweep

ENGINE = CombiNationsEngine()
FULL_EVERY = 25
GAMES = {1: 100, 2: 120, 3: 100, 4: 90, 5: 90}           # 500 games


@pytest.mark.parametrize("players", sorted(GAMES))
def test_random_playouts_thin_checks(players):
    games = sweep.games(GAMES[players], at_least=10 * players)   # every seat wins some
    outcomes = []
    for i in range(games):
        config = CombiConfig(players, country="preset", preset=i % 10, flat=i % 7 == 0)
        report = random_playouts(ENGINE, config, [1000 + i], full_checks_every=FULL_EVERY)
        outcomes += report.outcomes
    assert len(outcomes) == games
    ends = Counter(o.termination for o in outcomes)
    assert set(ends) <= {Termination.COUNTRY_FULL, Termination.NO_TILE_FITS, Termination.SOLO_DONE}
    assert all(o.winners for o in outcomes)
    if players > 1:
        assert {w for o in outcomes for w in o.winners} == set(range(players))


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_playouts_full_checks(players):
    report = random_playouts(ENGINE, CombiConfig(players, country="preset", preset=players), range(2))
    assert report.games == 2


def test_free_building_and_the_date_variant_play_out():
    report = random_playouts(ENGINE, CombiConfig(2, country="free"), range(3), full_checks_every=10)
    assert report.games == 3
    report = random_playouts(ENGINE, CombiConfig(3, country="date", day=17), range(3), full_checks_every=10)
    assert report.games == 3
