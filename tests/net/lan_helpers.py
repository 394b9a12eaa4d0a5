"""Helpers for the over-the-socket LAN tests (test_server, test_lan_games, test_faults,
test_headless, the games' LAN tests): bounded waits, the isolation fixture, a raw TCP peer, a
recording NetSession, the replayed truth to compare peers' hashes with, and a whole bot game of a host
and two peers.

Every socket test binds 127.0.0.1 only and skips unless it runs in an isolated network namespace
(`unshare -n`), so nothing, multicast included, can reach the machine's real interfaces.
"""
from __future__ import annotations

import socket
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

try:
    from netns import isolation_problem, loopback_problem
except ModuleNotFoundError:  # pytest's importlib import mode does not put tests/net on sys.path
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from netns import isolation_problem, loopback_problem

from game.core.engine import Engine
from net import messages as m
from net.protocol import FrameDecoder, ProtocolError, encode_frame
from net.session import NetSession

PROJECT_ROOT = Path(__file__).resolve().parents[2]
LO = "127.0.0.1"
DEADLINE = 20.0
T = TypeVar("T")


def wait_for(probe: Callable[[], T], timeout: float = DEADLINE, what: str = "") -> T:
    """Poll until probe() is truthy or the deadline passes; fail with `what` then."""
    end = time.monotonic() + timeout
    value = probe()
    while not value and time.monotonic() < end:
        time.sleep(0.01)
        value = probe()
    assert value, f"timed out waiting for {what or probe}"
    return value


@pytest.fixture
def loopback() -> None:
    problem = isolation_problem() or loopback_problem()
    if problem:
        pytest.skip(problem)


def free_port() -> int:
    """A port free for TCP and UDP just now (inside the test's own namespace: nobody races us)."""
    for _ in range(50):
        with socket.socket() as tcp, socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            tcp.bind((LO, 0))
            port = tcp.getsockname()[1]
            try:
                udp.bind((LO, port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port")


class RecordingSession(NetSession):
    """A NetSession that keeps every message the host sent it (decoded), for stream checks."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.got: list[m.Message] = []

    def receive_raw(self, data: object, now: float, framed: bool = False) -> None:
        with self.lock:
            self.got.append(m.decode(data))      # strict: the host only ever sends valid messages
            super().receive_raw(data, now, framed)

    def receive(self, msg: m.Message, now: float) -> None:
        with self.lock:
            self.got.append(msg)
            super().receive(msg, now)

    def since(self, mark: int) -> list[m.Message]:
        with self.lock:
            return list(self.got[mark:])


class RawPeer:
    """A hand-driven TCP connection to a host: send any bytes, read the host's messages."""

    def __init__(self, port: int, host: str = LO) -> None:
        self.sock = socket.create_connection((host, port), timeout=5)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.decoder = FrameDecoder()
        self.got: list[m.Message] = []
        self.closed = False

    def send_bytes(self, data: bytes) -> None:
        self.sock.sendall(data)

    def send(self, msg: m.Message | dict) -> None:
        self.send_bytes(encode_frame(msg if isinstance(msg, dict) else m.encode(msg)))

    def _read(self, timeout: float) -> None:
        self.sock.settimeout(timeout)
        try:
            data = self.sock.recv(65536)
        except TimeoutError:
            return
        except ConnectionError:
            self.closed = True
            return
        if not data:
            self.closed = True
            return
        for frame in self.decoder.feed(data):
            self.got.append(m.decode(frame))

    def wait(self, predicate: Callable[[m.Message], bool], timeout: float = 5.0) -> m.Message:
        """The first message (from the start) matching predicate, reading until it comes."""
        end = time.monotonic() + timeout
        seen = 0
        while True:
            for msg in self.got[seen:]:
                if predicate(msg):
                    self.got.remove(msg)
                    return msg
            seen = len(self.got)
            if self.closed or time.monotonic() >= end:
                raise AssertionError(f"no such message; got {self.got[-5:]}, closed={self.closed}")
            self._read(min(0.05, max(0.0, end - time.monotonic())))

    def wait_closed(self, timeout: float = 5.0) -> None:
        end = time.monotonic() + timeout
        while not self.closed and time.monotonic() < end:
            try:
                self._read(0.05)
            except ProtocolError:
                pass
        assert self.closed, "the host kept the connection open"

    def drain(self, seconds: float = 0.05) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end and not self.closed:
            self._read(0.01)

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


class CutProxy:
    """A TCP relay on 127.0.0.1 to a host's port that a test can cut, as a broken network would:
    cut() closes every relayed connection and turns new ones away (accepted, then closed at once)
    until mend(). UDP is not relayed (clock pings get no answer; TCP carries everything)."""

    def __init__(self, port: int) -> None:
        import selectors
        import threading

        self.target = (LO, port)
        self.listener = socket.socket()
        self.listener.bind((LO, 0))
        self.listener.listen(16)
        self.listener.setblocking(False)
        self.port = self.listener.getsockname()[1]
        self.address = (LO, self.port)
        self.up = True
        self.cuts = 0
        self._sel = selectors.DefaultSelector()
        self._sel.register(self.listener, selectors.EVENT_READ, None)
        self._peer: dict[socket.socket, socket.socket] = {}
        self._lock = threading.Lock()
        self._stop = False
        self._thread = threading.Thread(target=self._run, name="cut-proxy", daemon=True)
        self._thread.start()

    def cut(self) -> None:
        with self._lock:
            self.up = False
            self.cuts += 1
            for sock in list(self._peer):
                self._close(sock)

    def mend(self) -> None:
        with self._lock:
            self.up = True

    def close(self) -> None:
        self._stop = True
        self._thread.join(5)
        with self._lock:
            for sock in list(self._peer):
                self._close(sock)
        self.listener.close()

    def _close(self, sock: socket.socket) -> None:
        other = self._peer.pop(sock, None)
        for s in (sock, other):
            if s is None:
                continue
            self._peer.pop(s, None)
            try:
                self._sel.unregister(s)
            except (KeyError, ValueError):
                pass
            s.close()

    def _run(self) -> None:
        import selectors

        while not self._stop:
            for key, _ in self._sel.select(0.05):
                with self._lock:
                    sock = key.fileobj
                    assert isinstance(sock, socket.socket)
                    if sock is self.listener:
                        try:
                            client, _ = self.listener.accept()
                        except BlockingIOError:
                            continue
                        if not self.up:
                            client.close()
                            continue
                        try:
                            upstream = socket.create_connection(self.target, timeout=2)
                        except OSError:
                            client.close()
                            continue
                        for a, b in ((client, upstream), (upstream, client)):
                            a.setblocking(True)
                            a.settimeout(2)
                            self._peer[a] = b
                            self._sel.register(a, selectors.EVENT_READ, None)
                        continue
                    if sock not in self._peer:
                        continue
                    try:
                        data = sock.recv(65536)
                    except OSError:
                        data = b""
                    if not data:
                        self._close(sock)
                        continue
                    try:
                        self._peer[sock].sendall(data)
                    except OSError:
                        self._close(sock)


class JumpClock:
    """A monotonic clock a test can move forward at once: jump(40) is forty seconds gone by."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> float:
        return time.monotonic() + self.offset

    def jump(self, seconds: float) -> None:
        self.offset += seconds


def public_log(engine: Engine, config: Any, seed: int, actions: list) -> dict[int, tuple]:
    """Step number -> the public events of that step (as every peer's log must read), replayed."""
    state = engine.new_game(config, seed)
    out = {}
    for n, action in enumerate(actions, 1):
        shown = (engine.redact(e, None) for e in engine.apply(state, action))
        out[n] = tuple(e for e in shown if e is not None)
    return out


def play_with_two_bot_peers(info: Any, options: dict[str, str], seed: int, tmp_path: Path,
                            level: str, deadline: float = 120.0) -> tuple[Any, list]:
    """A LanHost of `info` for three seats (a host bot and two LanClient bots, all of `level`) plays
    one whole game on 127.0.0.1. Asserts what every such game must show: each peer, the host's own
    session included, holds the host's public hash at every step from the start and the same
    outcome, and the host logged no errors. Returns the host's core (the game over) and the peers'
    notices, for the caller's game-specific checks."""
    from net.host_core import HostSeat
    from net.lan import LanClient, LanHost

    plans = [HostSeat("bot", "Host bot", level), HostSeat("open"), HostSeat("open")]
    host = LanHost(info, 3, options, plans, name="Host", seed=seed, bind=LO, port=0,
                   save_path=tmp_path / "autosave.bin", bot_think_time=0.0, bot_inline=True,
                   advertise=False)
    peers = [LanClient(host.address, name=f"Peer{i}", game=info.key, bot=level, bot_inline=True,
                       bot_think_time=0.0) for i in range(2)]
    try:
        wait_for(lambda: all(p.state == "lobby" for p in peers), what="the peers in the lobby")
        wait_for(lambda: host.can_start()[0], what="a table ready to start")
        host.start()
        wait_for(lambda: all(p.state == "over" for p in peers) and host.session().outcome(),
                 timeout=deadline, what="the end of the game")
        core = host.core
        final = core.step
        truth = truth_hashes(core.engine, core.config, core.seed, core.log[:final])
        outcome = core.engine.outcome(core.state)
        assert outcome is not None and len(truth) == final + 1
        for session in [host.session()] + [p.session() for p in peers]:
            wait_for(lambda s=session: s.step == final, what="the last step everywhere")
            assert session.peer.hashes == truth            # every step, from the start, equal
            assert session.outcome() == outcome
        assert host.stats.errors == []
        return core, [n for p in peers for n in p.session().notices()]
    finally:
        for peer in peers:
            peer.close()
        host.close()


def truth_hashes(engine: Engine, config: Any, seed: int, actions: list) -> dict[int, bytes]:
    """The public hash after each step of a replay: what every peer must have held."""
    state = engine.new_game(config, seed)
    hashes = {0: engine.public_hash(state)}
    for n, action in enumerate(actions, 1):
        engine.apply(state, action)
        hashes[n] = engine.public_hash(state)
    return hashes


class ProcLines:
    """A subprocess whose stdout lines are collected by a thread, so waits stay bounded."""

    def __init__(self, argv: list[str], env: dict[str, str] | None = None) -> None:
        import signal
        import subprocess
        import threading

        def ctrl_c_as_usual() -> None:
            # a test run started in the background (`cmd &`) ignores SIGINT, and so would its
            # children: then Python installs no Ctrl-C handler in them at all
            signal.signal(signal.SIGINT, signal.SIG_DFL)

        self.proc = subprocess.Popen(argv, cwd=PROJECT_ROOT, env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, encoding="utf-8",
                                     preexec_fn=ctrl_c_as_usual)
        self.lines: list[str] = []
        self.err: list[str] = []
        self._threads = [threading.Thread(target=self._pump, args=(self.proc.stdout, self.lines),
                                          daemon=True),
                         threading.Thread(target=self._pump, args=(self.proc.stderr, self.err),
                                          daemon=True)]
        for t in self._threads:
            t.start()

    @staticmethod
    def _pump(stream: Any, into: list[str]) -> None:
        for line in stream:
            into.append(line.rstrip("\n"))

    def wait_line(self, predicate: Callable[[str], bool], timeout: float = DEADLINE) -> str:
        return wait_for(lambda: next((x for x in list(self.lines) if predicate(x)), None)
                        or (self.proc.poll() is not None and not self._alive_pumps()
                            and _fail(f"exited {self.proc.returncode}: {self.lines[-5:]} "
                                      f"{self.err[-5:]}")), timeout, what="a line")

    def _alive_pumps(self) -> bool:
        return any(t.is_alive() for t in self._threads)

    def describe(self) -> str:
        """What the process printed last and whether it still runs, for a failure's message."""
        code = self.proc.poll()
        return (f"{'running' if code is None else f'exited {code}'}: {self.lines[-8:]} {self.err[-8:]}")

    def finish(self, timeout: float = DEADLINE) -> int:
        import subprocess
        try:
            code = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"still running after {timeout} s: {self.lines[-10:]} "
                                 f"{self.err[-10:]}") from None
        for t in self._threads:
            t.join(5)
        return code

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.finish()


def _fail(text: str) -> None:
    raise AssertionError(text)


def started_two_seat_table(game: Any, tmp_path: Path, seed: int) -> tuple[Any, Any]:
    """A LanHost of `game` (a GameDef) for two, its own seat and one open, on 127.0.0.1, with one
    LanClient joined and the game started: (host, client). The caller closes both."""
    from net.host_core import HostSeat
    from net.lan import LanClient, LanHost

    host = LanHost(game, 2, {"rounds": "1"}, [HostSeat("local", "Host"), HostSeat("open")], name="Host",
                   seed=seed, bind=LO, port=0, save_path=tmp_path / "autosave.bin", advertise=False)
    client = LanClient(host.address, name="Peer", game=game.key)
    try:
        wait_for(lambda: client.state == "lobby", what="the peer in the lobby")
        client.set_ready(True)
        wait_for(lambda: host.can_start()[0], what="a table ready to start")
        host.start()
        wait_for(lambda: client.state == "playing", what="the game started")
    except BaseException:
        client.close()
        host.close()
        raise
    return host, client
