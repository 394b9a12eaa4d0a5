"""Whole games over real sockets on 127.0.0.1: a LanHost and LanClients (bots) play Kabooom! to the end,
and every peer holds exactly the host's public hash at every step, from the start (step 0) to the
last; the same through the lag proxy; the lobby (ready, start, refusals) as a client sees it; and a
host advertised on loopback is found by a Browser and joined at the address it advertises.
"""
from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import pytest
from fake_engine import GuessConfig, GuessEngine
from lagproxy import LagConfig
from lan_helpers import LO, loopback, truth_hashes, wait_for  # noqa: F401  (fixture)
from threaded_lagproxy import ThreadedLagProxy

from game.games import game_by_key
from net.host_core import HostCore, HostSeat, SeatError, StartError
from net.lan import LanClient, LanHost, probe_table
from net.protocol import PROTOCOL_VERSION
from net.server import HostServer

KABOOOM = game_by_key("kabooom")
GAME_DEADLINE = 60.0


def make_host(tmp_path: Path, players: int, *, seed: int = 1, level: str = "easy",
              difficulty: str = "easy", **options) -> LanHost:
    plans = [HostSeat("bot", "Host bot", level)] + [HostSeat("open")] * (players - 1)
    options.setdefault("advertise", False)
    return LanHost(KABOOOM, players, {"difficulty": difficulty}, plans, name="Host", seed=seed,
                   bind=LO, port=0, save_path=tmp_path / "autosave.bin", bot_think_time=0.0,
                   bot_inline=True, **options)


def join_bots(address, count: int, level: str = "easy") -> list[LanClient]:
    return [LanClient(address, name=f"Bot{i}", game="kabooom", bot=level, bot_inline=True,
                      bot_think_time=0.0) for i in range(count)]


def play_out(host: LanHost, clients: list[LanClient]) -> None:
    wait_for(lambda: all(c.state == "lobby" for c in clients), what="everyone in the lobby")
    wait_for(lambda: host.can_start()[0], what="a table ready to start")
    host.start()
    wait_for(lambda: all(c.state == "over" for c in clients) and host.session().outcome(),
             timeout=GAME_DEADLINE, what="the end of the game")


def check_every_step(host: LanHost, clients: list[LanClient]) -> None:
    core = host.core          # the game is over: nothing changes it any more
    final = core.step
    truth = truth_hashes(core.engine, core.config, core.seed, core.log[:final])
    outcome = core.engine.outcome(core.state)
    assert outcome is not None and len(truth) == final + 1
    for session in [host.session()] + [c.session() for c in clients]:
        wait_for(lambda: session.step == final, what="the last step everywhere")
        assert session.peer.hashes == truth          # every step, from the start, equal
        assert session.outcome() == outcome
        assert [s.number for s in session.poll()] == list(range(1, final + 1))
        assert session.peer.snapshot_requests == 0


@pytest.mark.parametrize(("players", "level", "difficulty", "seed"),
                         [(2, "easy", "easy", 3), (4, "medium", "hard", 5)])
def test_whole_bot_games_over_loopback(loopback, tmp_path, players, level, difficulty,  # noqa: F811
                                       seed) -> None:
    host = make_host(tmp_path, players, seed=seed, level=level, difficulty=difficulty)
    clients = join_bots(host.address, players - 1, level)
    try:
        play_out(host, clients)
        check_every_step(host, clients)
        seats = host.seats()
        assert [s.kind for s in seats] == ["bot"] * players
        assert [s.mine for s in seats] == [True] + [False] * (players - 1)
        assert all(c.session().notices() == [] for c in clients)
        assert host.stats.errors == []
    finally:
        for c in clients:
            c.close()
        host.close()


def test_a_game_through_the_lag_proxy_ends_the_same(loopback, tmp_path) -> None:  # noqa: F811
    host = make_host(tmp_path, 3, seed=8)
    config = LagConfig.symmetric((LO, 0), host.address, delay_ms=20, jitter_ms=5, seed=2)
    with ThreadedLagProxy(config) as proxy:
        address = proxy.address
        clients = join_bots((address.host, address.port), 2)
        try:
            play_out(host, clients)
            check_every_step(host, clients)
            # clock sync over the proxy's UDP: a round trip of about 2 x 20 ms
            wait_for(lambda: all(c.ping_ms is not None for c in clients), what="ping samples")
            assert all(20 <= c.ping_ms <= 200 for c in clients), [c.ping_ms for c in clients]
        finally:
            for c in clients:
                c.close()
            host.close()


def test_the_lobby_as_a_client_sees_it(loopback, tmp_path) -> None:  # noqa: F811
    host = make_host(tmp_path, 3, seed=4)
    ann = LanClient(host.address, name="Ann", game="kabooom")
    clients = [ann]
    try:
        wait_for(lambda: ann.state == "lobby", what="Ann in the lobby")
        # the host's table counts her once its server thread has seated her (her Welcome may come first)
        wait_for(lambda: host.can_start() == (False, "Waiting for 1 player"), what="the host counting Ann")
        clients += join_bots(host.address, 1)
        wait_for(lambda: host.can_start() == (False, "Waiting for Ann to be ready"),
                 what="waiting for Ann")
        with pytest.raises(StartError, match="Ann to be ready"):
            host.start()
        mine = [s for s in ann.seats() if s.mine]
        assert len(mine) == 1 and mine[0].kind == "human" and not mine[0].ready
        ann.set_ready(True)
        wait_for(lambda: host.can_start() == (True, "Ready to start"), what="ready")
        assert [s.ready for s in host.seats()] == [True, True, True]
        host.start()
        wait_for(lambda: ann.state == "playing", what="Ann playing")
        assert host.started
        # a latecomer is turned away in words; a watcher may come in
        late = LanClient(host.address, name="Late", game="kabooom")
        clients.append(late)
        wait_for(lambda: late.state == "refused", what="the latecomer refused")
        assert late.message == "The game has already started"
        # Ann plays from this thread, as a frame loop would, while the socket thread receives
        session = ann.session()
        (seat,) = session.local_seats
        assert session.bot_seats == {}
        rnd = random.Random(1)
        deadline = time.monotonic() + GAME_DEADLINE
        while ann.state != "over" and time.monotonic() < deadline:
            legal = session.legal_actions(seat)
            if legal:
                session.submit(rnd.choice(legal))
            time.sleep(0.002)
        assert ann.state == "over" and session.notices() == []
        check_every_step(host, clients[:2])
    finally:
        for c in clients:
            c.close()
        host.close()


def test_start_fills_open_seats_with_bots_and_closing_leaves_no_threads(loopback,  # noqa: F811
                                                                        tmp_path) -> None:
    before = {t for t in threading.enumerate()}
    host = make_host(tmp_path, 3, seed=6)
    clients = join_bots(host.address, 1)
    try:
        wait_for(lambda: clients[0].state == "lobby", what="lobby")
        assert host.can_start() == (False, "Waiting for 1 player")
        host.start(fill_open_with="medium")
        assert [(s.kind, s.level) for s in host.seats()][2] == ("bot", "medium")
        wait_for(lambda: clients[0].state == "over", timeout=GAME_DEADLINE, what="the end")
        check_every_step(host, clients)
        info = probe_table(host.address)
        assert (info.game, info.players, info.seats_free, info.started) == ("kabooom", 3, 0, True)
    finally:
        for c in clients:
            c.close()
        host.close()
    wait_for(lambda: set(threading.enumerate()) <= before, what="every thread gone")


def test_the_wrong_game_or_version_is_refused_in_words(loopback, monkeypatch) -> None:  # noqa: F811
    engine = GuessEngine()
    server = HostServer(HostCore(engine, GuessConfig(2), 1, [HostSeat("open")] * 2),
                        bind=LO, ports=(0,))
    server.start()
    clients = []
    try:
        wrong = LanClient(server.address, name="Ann", game="kabooom")
        clients.append(wrong)
        wait_for(lambda: wrong.state == "refused", what="a refusal")
        assert wrong.message.startswith("Different game") and "Guess" in wrong.message
        monkeypatch.setattr("net.peer_core.PROTOCOL_VERSION", PROTOCOL_VERSION + 1)
        monkeypatch.setattr("net.lan_client.PROTOCOL_VERSION", PROTOCOL_VERSION + 1)
        future = LanClient(server.address, name="Bob", game="kabooom")
        clients.append(future)
        wait_for(lambda: future.state == "refused", what="a refusal")
        assert future.message == f"Different version: host {PROTOCOL_VERSION}, you {PROTOCOL_VERSION + 1}"
        nobody = LanClient((LO, 1), name="Cy", game="kabooom", connect_timeout=0.3)
        clients.append(nobody)
        wait_for(lambda: nobody.state == "lost", what="no host")
        assert nobody.message.startswith("Could not reach the host")
        unknown = LanClient(server.address, name="Di", game="chess")
        assert unknown.state == "refused" and "chess" in unknown.message
    finally:
        for c in clients:
            c.close()
        server.close()


def test_an_advertised_host_is_found_and_joined(loopback, tmp_path) -> None:  # noqa: F811
    from net.discovery import Browser

    host = make_host(tmp_path, 2, advertise=True)
    clients: list[LanClient] = []
    try:
        with Browser(interfaces=[LO]) as browser:
            entry = wait_for(lambda: next((e for e in browser.entries() if e.port == host.port),
                                          None), what="the host in the browser")
            assert (entry.game, entry.seats_free, entry.host_name) == ("kabooom", 1, "Host")
            assert entry.compatible and entry.address == LO
            clients = join_bots((entry.address, entry.port), 1)
            wait_for(lambda: clients[0].state == "lobby", what="joined by the advertised address")
            # the advertisement follows the table: no seat free once the bot sits down
            wait_for(lambda: any(e.port == host.port and e.seats_free == 0
                                 for e in browser.entries()), what="the update")
    finally:
        for c in clients:
            c.close()
        host.close()


def test_lobby_leaving_and_seats_given_to_bots(loopback, tmp_path) -> None:  # noqa: F811
    host = make_host(tmp_path, 3, seed=2)
    ann = LanClient(host.address, name="Ann", game="kabooom")
    try:
        wait_for(lambda: ann.state == "lobby", what="Ann in the lobby")
        (seat,) = [s.index for s in ann.seats() if s.mine]
        with pytest.raises(SeatError, match="connected"):
            host.hand_to_bot(seat, "easy")
        ann.close()                     # leaving the lobby gives the seat back
        wait_for(lambda: host.seats()[seat].kind == "open", what="the seat open again")
        assert "Ann left" in host.notices()
        host.hand_to_bot(1, "hard")
        host.hand_to_bot(2, "easy")
        assert [(s.kind, s.level, s.mine) for s in host.seats()] == [
            ("bot", "easy", True), ("bot", "hard", True), ("bot", "easy", True)]
        assert host.can_start() == (True, "Ready to start")
        host.start()
        wait_for(lambda: host.session().outcome() is not None, timeout=GAME_DEADLINE,
                 what="the bots' game")
        assert host.away_seats() == []
    finally:
        ann.close()
        host.close()
