"""HostServer over real sockets (127.0.0.1, isolated namespace): bad input of every kind is answered
with a clear error, while the host's state and the other peers' streams stay exactly as they were.

A table of the toy engine: two well-behaved peers (PeerClient + NetSession, seats 1 and 2) and one
hand-driven raw connection (seat 3) that sends the bad input. After each bad input a barrier (the
good peers ask for a snapshot) shows what the good peers received meanwhile: only clock pings, and
a seat update when the bad peer was thrown out.
"""
from __future__ import annotations

import random
import socket
import struct
import threading
import time
from dataclasses import dataclass, field

import pytest
from fake_engine import GuessConfig, GuessEngine, Ready
from lan_helpers import LO, RawPeer, RecordingSession, loopback, wait_for  # noqa: F401  (fixture)

from net import messages as m
from net.client import PeerClient
from net.host_core import HostCore, HostSeat
from net.peer_core import PeerCore
from net.probe import probe
from net.protocol import MAX_FRAME, PROTOCOL_VERSION, decode_datagram, encode_datagram, encode_frame
from net.server import HostServer

ENGINE = GuessEngine()
HEADER = struct.Struct(">I")


@dataclass
class Table:
    core: HostCore
    server: HostServer
    sessions: dict[int, RecordingSession]
    clients: dict[int, PeerClient]
    raw: RawPeer
    raw_token: bytes
    raw_key: bytes                  # its connection's UDP pairing key (its Welcome's)
    extra: list = field(default_factory=list)

    def core_call(self, fn):
        return self.server.call(lambda core, now: fn(core)).result(5)

    def state(self) -> tuple:
        return self.core_call(lambda c: (c.step, c.public_hash(), c.engine.clone(c.state)))

    def close(self) -> None:
        for client in self.clients.values():
            client.close()
        self.raw.close()
        for thing in self.extra:
            thing.close()
        self.server.close()


def good_peer(port: int, seat: int) -> tuple[RecordingSession, PeerClient]:
    box: dict[str, PeerClient] = {}
    session = RecordingSession(ENGINE, PeerCore(ENGINE, f"P{seat}", prefer=(seat,)),
                               lambda msg: box["client"].send(msg))
    client = box["client"] = PeerClient((LO, port), session, reconnect_for=0)
    client.start()
    return session, client


def make_table(**server_options) -> Table:
    core = HostCore(ENGINE, GuessConfig(3), 7, [HostSeat("open")] * 3)
    server = HostServer(core, bind=LO, ports=(0,), **server_options)
    server.start()
    sessions, clients = {}, {}
    for seat in (0, 1):
        sessions[seat], clients[seat] = good_peer(server.port, seat)
        wait_for(lambda: sessions[seat].peer.phase == "joined", what=f"peer {seat} joined")
    raw = RawPeer(server.port)
    raw.send(m.Hello(PROTOCOL_VERSION, "Raw", "guess", prefer=(2,)))
    welcome = raw.wait(lambda x: isinstance(x, m.Welcome))
    assert welcome.seats == (2,)
    table = Table(core, server, sessions, clients, raw, welcome.token, welcome.udp_key)
    for seat, client in clients.items():
        with sessions[seat].lock:
            client.send(sessions[seat].peer.set_ready(True))
    raw.send(m.Ready(True))
    wait_for(lambda: table.core_call(lambda c: c.can_start()[0]), what="everyone ready")
    server.call(lambda core, now: core.start(now)).result(5)
    for s in sessions.values():
        wait_for(lambda s=s: s.started and None in s.peer.views, what="the start")
    raw.wait(lambda x: isinstance(x, m.StepMsg) and x.seat is None and x.number == 0)
    return table


@pytest.fixture
def table(loopback):  # noqa: F811
    t = make_table()
    yield t
    t.close()


def barrier(table: Table, marks: dict[int, int]) -> dict[int, list[m.Message]]:
    """Ask each good peer's host for a snapshot; return what each got before the answer."""
    got = {}
    for seat, client in table.clients.items():
        session = table.sessions[seat]
        client.send(m.SnapshotRequest(session.peer.step))
    for seat, session in table.sessions.items():
        def answered(session=session, mark=marks[seat]):
            msgs = session.since(mark)
            return any(isinstance(x, m.Snapshot) and x.seat is None for x in msgs)
        wait_for(answered, what=f"peer {seat}'s snapshot")
        msgs = session.since(marks[seat])
        first = next(i for i, x in enumerate(msgs) if isinstance(x, m.Snapshot))
        got[seat] = msgs[:first]
    return got


def marks(table: Table) -> dict[int, int]:
    return {seat: len(s.got) for seat, s in table.sessions.items()}


def is_error(*codes: str):
    return lambda x: isinstance(x, m.ErrorMsg) and x.code in codes


def is_refusal(code: str):
    return lambda x: isinstance(x, m.IntentRefused) and x.code == code


def frame_of(data) -> bytes:
    return encode_frame(data)


DEEP: dict = {"t": "ping", "t0": 1.0}
for _ in range(40):
    DEEP = {"k": DEEP}

# (name, bytes to send, what the raw peer gets back, is it thrown out?)
CASES = [
    ("garbage body", HEADER.pack(20) + b"\xc1" * 20, is_error("bad_frame"), False),
    ("nested too deep", frame_of(DEEP), is_error("bad_frame"), False),
    ("oversized frame", HEADER.pack(MAX_FRAME + 1) + b"\x00" * 100, is_error("bad_frame"), True),
    ("huge length prefix", b"\xff\xff\xff\xff", is_error("bad_frame"), True),
    ("not a map", frame_of([1, 2, 3]), is_error("bad_message"), False),
    ("unknown type", frame_of({"t": "teleport", "to": "moon"}), is_error("bad_message"), False),
    ("wrong field types", frame_of({"t": "intent", "ref": "one", "step": 0, "action": ["ready", 2]}),
     is_error("bad_message"), False),
    ("extra field", frame_of({"t": "ready", "ready": True, "cheat": 1}), is_error("bad_message"),
     False),
    ("host-only message", frame_of(m.encode(m.Snapshot(0, None, {}, b"\0" * 8, ()))),
     is_error("unexpected"), False),
    ("second hello", frame_of(m.encode(m.Hello(PROTOCOL_VERSION, "Again", "guess"))),
     is_error("already_joined"), False),
    ("impersonating seat 1", frame_of(m.encode(m.Intent(100, 0, ["ready", 0]))),
     is_refusal("not_your_seat"), False),
    ("illegal move", frame_of(m.encode(m.Intent(101, 0, ["pass", 2]))), is_refusal("illegal"),
     False),
    ("stale move", frame_of(m.encode(m.Intent(102, 5, ["ready", 2]))), is_refusal("stale"), False),
    ("malformed action", frame_of(m.encode(m.Intent(103, 0, ["ready", "two"]))),
     is_refusal("malformed"), False),
    ("unknown action", frame_of(m.encode(m.Intent(104, 0, ["fly", 2]))), is_refusal("malformed"),
     False),
]


@pytest.mark.parametrize(("name", "data", "answer", "thrown_out"), CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_answered_and_harms_nobody(table: Table, name, data, answer, thrown_out) -> None:
    before = table.state()
    views = {seat: dict(s.peer.views) for seat, s in table.sessions.items()}
    start = marks(table)
    table.raw.send_bytes(data)
    reply = table.raw.wait(answer)
    assert reply.text                                   # a clear reason, in words
    if thrown_out:
        table.raw.wait_closed()
    assert table.state()[:2] == before[:2] and table.state()[2] == before[2]
    between = barrier(table, start)
    for seat, msgs in between.items():
        allowed = (m.Ping, m.Pong) + ((m.SeatUpdate,) if thrown_out else ())
        assert all(isinstance(x, allowed) for x in msgs), (seat, msgs)
        assert table.sessions[seat].notices() == []
        for key, view in views[seat].items():
            assert table.sessions[seat].peer.views[key].view == view.view
    if thrown_out:
        assert table.core_call(lambda c: c.seat_table()[2].connected) is False
        return
    # the table still plays, the bad peer included
    session = table.sessions[0]
    session.submit(Ready(0))
    wait_for(lambda: session.step == 1, what="step 1")
    table.raw.wait(lambda x: isinstance(x, m.StepMsg) and x.seat is None and x.number == 1)
    assert session.peer.views[None].hash == table.core_call(lambda c: c.public_hash())


def test_a_truncated_frame_then_a_hang_up_only_marks_the_seat_away(table: Table) -> None:
    before = table.state()
    start = marks(table)
    table.raw.send_bytes(HEADER.pack(100) + b"\x81\xa1t")
    table.raw.sock.shutdown(socket.SHUT_WR)
    table.raw.wait_closed()
    wait_for(lambda: table.core_call(lambda c: not c.seat_table()[2].connected), what="away")
    assert table.state()[:2] == before[:2]
    for seat, msgs in barrier(table, start).items():
        assert all(isinstance(x, (m.Ping, m.Pong, m.SeatUpdate)) for x in msgs), msgs
    assert table.core_call(lambda c: c.paused_on()) == {2}


def test_random_bytes_never_hurt_the_host(table: Table) -> None:
    rnd = random.Random(1234)
    before = table.state()
    start = marks(table)
    for _ in range(50):
        try:
            table.raw.send_bytes(rnd.randbytes(rnd.randrange(1, 200)))
        except OSError:
            break           # the stream was given up on (a length prefix over the limit)
    table.raw.wait(is_error("bad_frame", "bad_message"))
    assert table.state()[:2] == before[:2]
    for seat, msgs in barrier(table, start).items():
        assert all(isinstance(x, (m.Ping, m.Pong, m.SeatUpdate)) for x in msgs), msgs
    assert table.server.stats.errors == []


def test_udp_garbage_and_forged_intents_are_ignored(table: Table) -> None:
    before = table.state()
    start = marks(table)
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.settimeout(2)
    port = table.server.port
    for data in (b"\xc1\xc1", random.Random(3).randbytes(500), b""):
        udp.sendto(data, (LO, port))
    stranger = m.UdpIntent(b"\x42" * 16, 500, 0, ["ready", 2])
    udp.sendto(encode_datagram(m.encode(stranger)), (LO, port))
    # the raw peer's reconnect token is no UDP key
    udp.sendto(encode_datagram(m.encode(m.UdpIntent(table.raw_token, 500, 0, ["ready", 2]))),
               (LO, port))
    # the raw peer's own key, claiming seat 1's move: refused over its TCP connection
    forged = m.UdpIntent(table.raw_key, 501, 0, ["ready", 0])
    udp.sendto(encode_datagram(m.encode(forged)), (LO, port))
    reply = table.raw.wait(is_refusal("not_your_seat"))
    assert reply.ref == 501
    # a ping is answered (clock sync) with the host's times
    udp.sendto(encode_datagram(m.encode(m.Ping(12.5))), (LO, port))
    pong = m.decode(decode_datagram(udp.recv(2048)))
    assert isinstance(pong, m.Pong) and pong.t0 == 12.5 and pong.t2 >= pong.t1
    udp.close()
    assert table.state()[:2] == before[:2]
    for seat, msgs in barrier(table, start).items():
        assert all(isinstance(x, (m.Ping, m.Pong)) for x in msgs), msgs
    assert table.server.stats.udp_bad >= 5


def test_a_udp_copy_of_an_intent_counts_once(table: Table) -> None:
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    intent = m.Intent(300, 0, ["ready", 2], pressed=1.0)
    udp.sendto(encode_datagram(m.encode(m.UdpIntent(table.raw_key, 300, 0, ["ready", 2], 1.0))),
               (LO, table.server.port))
    table.raw.wait(lambda x: isinstance(x, m.StepMsg) and x.seat is None and x.number == 1)
    table.raw.send(intent)                  # the TCP copy, later: already handled, dropped
    wait_for(lambda: table.sessions[0].step == 1, what="step 1 at seat 1")
    table.sessions[0].submit(Ready(0))
    table.raw.wait(lambda x: isinstance(x, m.StepMsg) and x.seat is None and x.number == 2)
    assert table.core_call(lambda c: c.step) == 2
    assert not [x for x in table.raw.got if isinstance(x, m.IntentRefused)]
    udp.close()


@pytest.mark.parametrize(("hello", "code"), [
    (m.Hello(99, "Future", "guess"), "wrong_version"),
    (m.Hello(PROTOCOL_VERSION, "Lost", "kabooom"), "wrong_game"),
    (m.Hello(PROTOCOL_VERSION, "Thief", "guess", token=b"\x13" * 16), "bad_token"),
    (m.Hello(PROTOCOL_VERSION, "Late", "guess"), "started"),
])
def test_refused_hellos_get_a_reason_and_the_door(table: Table, hello, code) -> None:
    before = table.state()
    other = RawPeer(table.server.port)
    table.extra.append(other)
    other.send(hello)
    refused = other.wait(lambda x: isinstance(x, m.Refused))
    assert refused.code == code and refused.text
    other.wait_closed()
    assert table.state()[:2] == before[:2]
    assert table.core_call(lambda c: len(c.joined())) == 3


def test_a_peer_that_does_not_read_is_dropped(loopback) -> None:  # noqa: F811
    table = make_table(write_cap=32 * 1024)
    try:
        slow = table.raw
        slow.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        request = encode_frame(m.encode(m.SnapshotRequest(0)))
        start = marks(table)
        deadline = time.monotonic() + 20
        while table.server.stats.dropped_slow == 0 and time.monotonic() < deadline:
            try:
                slow.send_bytes(request * 200)       # each answered with views it never reads
            except OSError:
                break
        wait_for(lambda: table.server.stats.dropped_slow == 1, what="the slow peer dropped")
        wait_for(lambda: table.core_call(lambda c: not c.seat_table()[2].connected), what="away")
        for seat, msgs in barrier(table, start).items():
            assert all(isinstance(x, (m.Ping, m.Pong, m.SeatUpdate)) for x in msgs), msgs
    finally:
        table.close()


def test_silent_and_surplus_connections_are_closed(loopback) -> None:  # noqa: F811
    core = HostCore(ENGINE, GuessConfig(2), 1, [HostSeat("open")] * 2)
    server = HostServer(core, bind=LO, ports=(0,), hello_timeout=0.3, max_conns=2)
    server.start()
    peers: list[RawPeer] = []
    try:
        quiet = RawPeer(server.port)
        peers.append(quiet)
        quiet.wait_closed()                   # never said hello
        for name in ("A", "B"):
            peer = RawPeer(server.port)
            peers.append(peer)
            peer.send(m.Hello(PROTOCOL_VERSION, name, "guess"))
            peer.wait(lambda x: isinstance(x, m.Welcome))
        third = RawPeer(server.port)          # max_conns players already: turned away, in words
        peers.append(third)
        busy = third.wait(lambda x: isinstance(x, m.Refused))
        assert busy.code == "busy" and "busy" in busy.text
        third.wait_closed()
        assert server.stats.accepted == 3 and server.stats.busy == 1
        assert server.call(lambda c, now: len(c.joined())).result(5) == 2
    finally:
        for peer in peers:
            peer.close()
        server.close()


def test_query_tells_the_table_without_joining(table: Table) -> None:
    info = probe((LO, table.server.port))
    assert info == m.TableInfo(PROTOCOL_VERSION, "guess", 3, 0, True, "host")
    assert table.core_call(lambda c: len(c.joined())) == 3


def test_close_says_bye_and_leaves_no_thread(loopback) -> None:  # noqa: F811
    table = make_table()
    before = set(threading.enumerate())
    table.server.close()
    assert not table.server._thread.is_alive() and table.server.closed
    for client in table.clients.values():
        wait_for(lambda client=client: client.state == "lost", what="peers see the host go")
        assert client.problem == "the host closed the game"
    table.raw.wait(lambda x: isinstance(x, m.Bye))
    table.close()
    wait_for(lambda: all(not t.is_alive() for t in before if t.name.startswith("kombo")),
             what="every thread ended")
    with pytest.raises(OSError):
        socket.create_connection((LO, table.server.port), timeout=1).close()
