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
from lan_helpers import LO, loopback, truth_hashes, wait_for  # noqa: F401  (fixture)

from game.games import game_by_key
from net.host_core import HostSeat
from net.lan import LanClient, LanHost

GAME = game_by_key("combi_nations")


@pytest.mark.parametrize(("country", "level", "seed"), [("free", "easy", 3), ("preset", "medium", 8)])
def test_a_host_and_two_peers_play_whole_games(loopback, tmp_path: Path, country, level, seed) -> None:  # noqa: F811
    plans = [HostSeat("bot", "Host bot", level), HostSeat("open"), HostSeat("open")]
    options = {**GAME.default_options(), "country": country, "preset": "6"}
    host = LanHost(GAME, 3, options, plans, name="Host", seed=seed, bind=LO, port=0,
                   save_path=tmp_path / "autosave.bin", bot_think_time=0.0, bot_inline=True, advertise=False)
    peers = [LanClient(host.address, name=f"Peer{i}", game=GAME.key, bot=level, bot_inline=True,
                       bot_think_time=0.0) for i in range(2)]
    try:
        wait_for(lambda: all(p.state == "lobby" for p in peers), what="the peers in the lobby")
        wait_for(lambda: host.can_start()[0], what="a table ready to start")
        host.start()
        wait_for(lambda: all(p.state == "over" for p in peers) and host.session().outcome(),
                 timeout=120.0, what="the end of the game")
        core = host.core
        final = core.step
        truth = truth_hashes(core.engine, core.config, core.seed, core.log[:final])
        outcome = core.engine.outcome(core.state)
        assert outcome is not None and final > 30 and len(truth) == final + 1
        assert core.config.country == country
        for session in [host.session()] + [p.session() for p in peers]:
            wait_for(lambda s=session: s.step == final, what="the last step everywhere")
            assert session.peer.hashes == truth            # every step, from the start, equal
            assert session.outcome() == outcome
        assert host.stats.errors == []
    finally:
        for peer in peers:
            peer.close()
        host.close()
