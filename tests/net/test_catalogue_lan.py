"""Every playable game in the catalogue over real sockets on 127.0.0.1: a host with a bot seat and
a peer (a bot) play it to the end, and the peer holds the host's public hash at every step."""
from __future__ import annotations

from pathlib import Path

import pytest
from lan_helpers import LO, loopback, truth_hashes, wait_for  # noqa: F401  (fixture)

from game.games import available_games
from net.host_core import HostSeat
from net.lan import LanClient, LanHost

LAN_GAMES = [g for g in available_games() if g.lan]


@pytest.mark.parametrize("info", LAN_GAMES, ids=[g.key for g in LAN_GAMES])
def test_a_host_and_a_peer_play_the_game_to_the_end(loopback, tmp_path: Path, info) -> None:  # noqa: F811
    players = max(2, info.min_players)
    level = info.bot_levels[0]
    plans = [HostSeat("bot", "Host bot", level)] + [HostSeat("open")] * (players - 1)
    host = LanHost(info, players, info.default_options(), plans, name="Host", seed=7, bind=LO, port=0,
                   save_path=tmp_path / "autosave.bin", bot_think_time=0.0, bot_inline=True, advertise=False)
    peers = [LanClient(host.address, name=f"Peer{i}", game=info.key, bot=level, bot_inline=True,
                       bot_think_time=0.0) for i in range(players - 1)]
    try:
        wait_for(lambda: all(p.state == "lobby" for p in peers), what="the peers in the lobby")
        wait_for(lambda: host.can_start()[0], what="a table ready to start")
        host.start()
        wait_for(lambda: all(p.state == "over" for p in peers) and host.session().outcome(),
                 timeout=60.0, what="the end of the game")
        core = host.core
        truth = truth_hashes(core.engine, core.config, core.seed, core.log[:core.step])
        outcome = core.engine.outcome(core.state)
        assert outcome is not None and core.step > 0
        for peer in peers:
            session = peer.session()
            wait_for(lambda s=session: s.step == core.step, what="the last step at the peer")
            assert session.peer.hashes == truth
            assert session.outcome() == outcome
        assert host.stats.errors == []
    finally:
        for peer in peers:
            peer.close()
        host.close()
