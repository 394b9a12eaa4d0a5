"""Playing again over real sockets on 127.0.0.1: a LanHost and two `--bot` LanClients play Kabooom! to
the end, the host calls rematch(), the clients go back to the lobby (bots are ready by themselves),
the second game plays to the end with every peer holding the host's public hash at every step, and
the autosave resumes the second game."""
from __future__ import annotations

from pathlib import Path

import pytest
from lan_helpers import LO, loopback, truth_hashes, wait_for  # noqa: F401  (fixture)

from game.games import game_by_key
from net.host_core import HostCore, HostSeat
from net.lan import LanClient, LanHost, StartError
from net.save import read_save

KABOOOM = game_by_key("kabooom")
GAME_DEADLINE = 60.0


def check_every_step(host: LanHost, clients: list[LanClient]) -> None:
    core = host.core          # the game is over: nothing changes it any more
    final = core.step
    truth = truth_hashes(core.engine, core.config, core.seed, core.log[:final])
    outcome = core.engine.outcome(core.state)
    assert outcome is not None and len(truth) == final + 1
    for session in [host.session()] + [c.session() for c in clients]:
        wait_for(lambda: session.step == final and session.outcome() is not None,
                 what="the last step everywhere")
        assert session.peer.hashes == truth          # every step, from the start, equal
        assert session.outcome() == outcome
        assert [s.number for s in session.poll()] == list(range(1, final + 1))
        assert session.peer.snapshot_requests == 0


def test_the_host_plays_again_at_the_same_table(loopback, tmp_path: Path) -> None:  # noqa: F811
    plans = [HostSeat("bot", "Host bot", "easy"), HostSeat("open"), HostSeat("open")]
    host = LanHost(KABOOOM, 3, {"difficulty": "easy"}, plans, name="Host", seed=4, bind=LO,
                   port=0, advertise=False, save_path=tmp_path / "autosave.bin",
                   bot_think_time=0.0, bot_inline=True)
    clients = [LanClient(host.address, name=f"Bot{i}", game="kabooom", bot="easy",
                         bot_inline=True, bot_think_time=0.0) for i in range(2)]
    try:
        with pytest.raises(StartError, match="not started"):
            host.rematch()
        wait_for(lambda: all(c.state == "lobby" for c in clients), what="everyone in the lobby")
        wait_for(lambda: host.can_start()[0], what="a table ready to start")
        tokens = [c.token for c in clients]
        host.start()
        wait_for(lambda: all(c.state == "over" for c in clients) and host.session().outcome(),
                 timeout=GAME_DEADLINE, what="the end of the first game")
        check_every_step(host, clients)
        first = (host.core.seed, list(host.core.log))

        host.rematch(seed=12)
        assert not host.started and host.core.step == 0 and host.core.game_no == 1
        assert host.session().outcome() is None and host.session().step == 0
        wait_for(lambda: all(c.state == "lobby" for c in clients), what="the lobby again")
        assert [c.token for c in clients] == tokens
        assert [c.session().step for c in clients] == [0, 0]
        seats = host.seats()                  # the same seats (the bots joined in either order)
        assert sorted((s.name, s.kind, s.connected, s.ready) for s in seats) == \
            [("Bot0", "bot", True, True), ("Bot1", "bot", True, True),
             ("Host bot", "bot", True, True)]
        assert [s.mine for s in seats] == [True, False, False]
        # the autosave is the second game's lobby already
        lobby = HostCore.restore(KABOOOM.engine(), read_save(tmp_path / "autosave.bin").core)
        assert not lobby.started and lobby.game_no == 1 and lobby.seed == 12 and lobby.log == []
        with pytest.raises(StartError, match="not started"):
            host.rematch()                    # a lobby is no game over
        assert host.can_start() == (True, "Ready to start")   # bots are ready by themselves

        host.start()
        wait_for(lambda: all(c.state in ("playing", "over") for c in clients), what="playing")
        wait_for(lambda: all(c.state == "over" for c in clients) and host.session().outcome(),
                 timeout=GAME_DEADLINE, what="the end of the second game")
        check_every_step(host, clients)
        assert (host.core.seed, host.core.log) != first
        assert all(c.session().notices() == [] for c in clients)
        assert host.session().notices() == [] and host.stats.errors == []
        assert all(c.session().peer.refusals == [] for c in clients)
        # the autosave resumes the second game, move for move
        saved = HostCore.restore(KABOOOM.engine(), read_save(tmp_path / "autosave.bin").core)
        assert saved.game_no == 1 and saved.seed == 12 and saved.started
        assert saved.log == host.core.log
        assert saved.public_hash() == host.core.public_hash()
    finally:
        for c in clients:
            c.close()
        host.close()
