"""Combi-Nations over real sockets on 127.0.0.1, with no net code of its own: a host with a bot seat
and two peers (bots) play whole games, countries built freely and from a preset, and every peer holds
the host's public hash at every step from the start.

Runs only inside `unshare -n` (see lan_helpers.loopback):
  unshare -n sh -c 'ip link set lo up; ip link set lo multicast on; \
      python -m pytest -q tests/net/test_combi_nations_lan.py'
"""
from __future__ import annotations

from pathlib import Path

import pytest
from lan_helpers import loopback, play_with_two_bot_peers  # noqa: F401  (loopback: a fixture)

from game.games import game_by_key

GAME = game_by_key("combi_nations")


@pytest.mark.parametrize(("country", "level", "seed"), [("free", "easy", 3), ("preset", "medium", 8)])
def test_a_host_and_two_peers_play_whole_games(loopback, tmp_path: Path, country, level, seed) -> None:  # noqa: F811
    options = {**GAME.default_options(), "country": country, "preset": "6"}
    core, notices = play_with_two_bot_peers(GAME, options, seed, tmp_path, level)
    assert core.step > 30 and core.config.country == country
    assert notices == []
