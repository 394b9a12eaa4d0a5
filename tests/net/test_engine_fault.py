"""An engine fault on the host (the engine raising something other than IllegalActionError while the
host applies a move, or while it shows the step it made): the traceback goes to the log, the game
halts where it was, every player reads why, and the host's thread goes on. In memory (LoopNet) and
over real sockets, where a headless host then ends the table and its peers read the reason. And the
host's thread itself: a fault in one turn is logged and the loop goes on; a loop that breaks ends the
table, in the log and in words to its peers, never silently."""
from __future__ import annotations

import logging
import threading

import pytest
from fake_engine import Guess, GuessConfig, GuessEngine, LoopNet, Pass, Ready, counter_tokens, make_bot
from lan_helpers import LO, loopback, wait_for  # noqa: F401  (fixture)

from game import logs
from game.definition import GameDef
from game.headless import HeadlessError, _host_loop
from net import messages as m
from net.client import PeerClient
from net.host_core import HostCore, HostSeat
from net.lan import LanHost
from net.peer_core import PeerCore
from net.server import HostServer
from net.session import NetSession

HALTED = "The host's game stopped on an internal error ({}); details are in the host's log"


class Tripping(GuessEngine):
    """The toy engine with a bug: a Pass crashes it halfway through its work."""

    def apply(self, state, action):
        if isinstance(action, Pass):
            state.turns += 1
            raise RuntimeError("the engine tripped over a pass")
        return super().apply(state, action)


class Blind(GuessEngine):
    """Applies every move, but cannot show a board once a turn has been played."""

    def view(self, state, seat):
        if state.turns:
            raise ValueError("cannot draw this board")
        return super().view(state, seat)


def table(engine: GuessEngine, players: int = 3) -> tuple[HostCore, LoopNet, dict[int, PeerCore]]:
    """Joined, started, and every seat has said Ready in the game: seat 0 is to move."""
    host = HostCore(engine, GuessConfig(players), 7, [HostSeat("open")] * players, counter_tokens())
    net = LoopNet(host)
    peers = {c: PeerCore(GuessEngine(), f"P{c}", prefer=(c,)) for c in range(players)}
    for c, peer in peers.items():
        net.join(c, peer)
    for c, peer in peers.items():
        net.send(c, peer.set_ready(True))
    net.deliver(host.start(net.now))
    net.pump()
    for c, peer in peers.items():
        net.send(c, peer.intent(Ready(c)))
    assert host.to_act() == {0}
    for peer in peers.values():
        peer.take_notices()
    return host, net, peers


def engine_errors(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "net.host_core" and r.levelno >= logging.ERROR]


def test_an_engine_fault_halts_the_game_logs_it_and_tells_every_player(caplog) -> None:
    host, net, peers = table(Tripping())
    before, step = host.engine.clone(host.state), host.step
    net.send(0, peers[0].intent(Pass(0)))

    records = engine_errors(caplog)
    assert len(records) == 1
    assert records[0].exc_info is not None and records[0].exc_info[0] is RuntimeError
    assert "the engine tripped over a pass" in caplog.text and "Traceback" in caplog.text
    assert "RuntimeError: the engine tripped over a pass" in records[0].getMessage()

    text = HALTED.format("RuntimeError")
    assert host.halted == text
    assert host.state == before and host.step == step        # the half-done move is undone
    refusals = [x for x in net.got[0] if isinstance(x, m.IntentRefused)]
    assert [(r.code, r.text) for r in refusals] == [("error", text)]
    for c, peer in peers.items():
        assert [n.text for n in peer.take_notices() if n.code == "host_error"] == [text], c
        assert all(not v.to_act and not v.legal for v in peer.views.values()), c   # nobody moves
        assert peer.views[None].number == step

    # the game stays stopped: later moves are refused, and a returning player hears why too
    net.send(1, m.Intent(99, step, ["guess", 1, 0, 3]))
    assert net.got[1][-1] == m.IntentRefused(99, step, "halted", text)
    assert host.step == step and host.to_act() == frozenset()
    net.drop(2)
    again = PeerCore(GuessEngine(), "P2", token=peers[2].token)
    net.join("back", again)
    assert [n.text for n in again.take_notices() if n.code == "host_error"] == [text]
    assert not again.views[None].to_act


def test_an_engine_that_cannot_show_its_step_halts_it_too(caplog) -> None:
    host, net, peers = table(Blind())
    step = host.step
    net.send(0, peers[0].intent(Guess(0, 1, 2)))
    assert [r.exc_info[0] for r in engine_errors(caplog)] == [ValueError]
    assert host.halted == HALTED.format("ValueError")
    assert host.step == step and host.state.turns == 0 and host.log[-1] == Ready(2)
    for c, peer in peers.items():
        assert not any(isinstance(x, m.StepMsg) and x.number > step for x in net.got[c])
        assert any(n.code == "host_error" for n in peer.take_notices())
        assert not peer.views[None].to_act


def test_the_hosts_own_call_hears_of_the_fault_and_nothing_halts(caplog) -> None:
    host, _, _ = table(Tripping())
    with pytest.raises(RuntimeError, match="tripped"):
        host.act(Pass(0))
    assert not host.halted and host.to_act() == {0}
    assert len(engine_errors(caplog)) == 1


# -- over real sockets: the headless host ends the table, its peer reads why --------------------------

def tripping_game() -> GameDef:
    return GameDef.for_engine(Tripping, tagline="a toy with a bug", config=GuessConfig,
                              bot=make_bot, bot_levels=("easy",), rules="Guess.", scene="")


def test_a_headless_host_ends_on_an_engine_fault_and_its_peer_reads_why(
        loopback, monkeypatch, tmp_path) -> None:  # noqa: F811
    monkeypatch.setenv("KOMBO_ARCADE_DATA_DIR", str(tmp_path / "data"))
    log_file = logs.setup(headless=True)
    assert log_file is not None
    # seat 0 is the host's bot, seat 1 the peer; whichever passes first trips the engine
    host = LanHost(tripping_game(), 2, {}, [HostSeat("bot", "Bot", "easy"), HostSeat("open")],
                   name="Host", seed=5, bind=LO, port=0, advertise=False, autosave=False,
                   bot_think_time=0.0, bot_inline=True)
    engine = GuessEngine()
    box: dict[str, PeerClient] = {}
    session = NetSession(engine, PeerCore(engine, "Peer", prefer=(1,)), lambda msg: box["c"].send(msg))
    client = box["c"] = PeerClient((LO, host.port), session, reconnect_for=0)
    lines: list[str] = []
    ended: dict[str, BaseException] = {}

    def run() -> None:
        try:
            _host_loop(host, lines.append)
        except BaseException as exc:
            ended["exc"] = exc

    loop = threading.Thread(target=run, name="test-host-loop", daemon=True)
    try:
        client.start()
        wait_for(lambda: session.peer.phase == "joined", what="the peer joined")
        with session.lock:
            client.send(session.peer.set_ready(True))
        loop.start()
        wait_for(lambda: session.legal_actions(1), what="the peer's turn to say Ready")
        session.submit(Ready(1))
        while "exc" not in ended and loop.is_alive():
            passes = [a for a in session.legal_actions(1) if isinstance(a, Pass)]
            if passes:
                session.submit(passes[0])
            loop.join(0.02)
        loop.join(10)
        assert not loop.is_alive()
        exc = ended.get("exc")
        assert isinstance(exc, HeadlessError), (exc, lines)
        assert str(exc) == f"The game stopped on an internal error; details are in {log_file}"
        text = HALTED.format("RuntimeError")
        wait_for(lambda: client.state == "lost", what="the peer sees the table end")
        assert client.problem == text[:1].lower() + text[1:]
        assert any(text in n for n in session.notices())
    finally:
        client.close()
        host.close()
        logs.remove_handlers()
    content = log_file.read_text(encoding="utf-8")
    assert "ERROR net.host_core" in content and "RuntimeError: the engine tripped over a pass" in content
    assert "Traceback (most recent call last)" in content


# -- the host's thread: a fault in a turn is logged and the loop goes on; a broken loop says why -----

def joined_peer(port: int, seat: int) -> tuple[NetSession, PeerClient]:
    engine = GuessEngine()
    box: dict[str, PeerClient] = {}
    session = NetSession(engine, PeerCore(engine, f"P{seat}", prefer=(seat,)),
                         lambda msg: box["c"].send(msg))
    client = box["c"] = PeerClient((LO, port), session, reconnect_for=0)
    client.start()
    wait_for(lambda: session.peer.phase == "joined", what="the peer joined")
    return session, client


def test_a_fault_in_a_turn_is_logged_and_the_host_goes_on(loopback, caplog) -> None:  # noqa: F811
    server = HostServer(HostCore(GuessEngine(), GuessConfig(2), 7, [HostSeat("open")] * 2),
                        bind=LO, ports=(0,))
    calls: list[float] = []

    def clumsy_bot(now: float) -> None:
        calls.append(now)
        if len(calls) == 1:
            raise RuntimeError("a bot fell off its chair")

    server.add_ticker(clumsy_bot)
    server.start()
    try:
        wait_for(lambda: len(calls) > 3, what="the loop goes on")
        assert server.call(lambda core, now: core.lobby.seats_free()).result(5) == 2
        records = [r for r in caplog.records if r.name == "net.server" and r.levelno == logging.ERROR]
        assert len(records) == 1 and records[0].exc_info[0] is RuntimeError
        assert "a bot fell off its chair" in caplog.text and "Traceback" in caplog.text
        assert server.notices() == ["Host error: RuntimeError: a bot fell off its chair"]
    finally:
        server.close()


def test_a_broken_server_loop_ends_the_table_and_says_why(loopback, caplog, monkeypatch) -> None:  # noqa: F811
    server = HostServer(HostCore(GuessEngine(), GuessConfig(2), 7, [HostSeat("open")] * 2),
                        bind=LO, ports=(0,))
    server.start()
    session, client = joined_peer(server.port, 0)
    try:
        def broken(timeout: float | None = None) -> list:
            raise OSError(9, "Bad file descriptor")

        monkeypatch.setattr(server._sel, "select", broken)
        server.call(lambda core, now: None)      # wakes the loop into the broken select
        wait_for(lambda: server.closed, what="the host's thread ends")
        text = "The host stopped on an internal error (OSError); details are in the host's log"
        assert server.failure == text
        records = [r for r in caplog.records if r.name == "net.server" and r.levelno == logging.CRITICAL]
        assert len(records) == 1 and records[0].exc_info[0] is OSError
        wait_for(lambda: client.state == "lost", what="the peer sees the table end")
        assert client.problem == "the host stopped on an internal error (OSError); details are in " \
                                 "the host's log"
    finally:
        client.close()
        server.close()
