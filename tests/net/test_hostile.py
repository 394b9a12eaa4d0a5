"""The hostile client (tests/net/hostile.py) against a real host over sockets (127.0.0.1, isolated
namespace): a stolen token by UDP, ref abuse, a replayed Hello, slot exhaustion, trickling frames, a
busy host and a junk flood. After each attack the good peers play on as if nothing had happened.

The table is test_server's: two well-behaved PeerClients (seats 1 and 2) and one hand-driven raw
connection (seat 3), game started.
"""
from __future__ import annotations

import logging
import time

import pytest
from fake_engine import GuessConfig, GuessEngine, Ready
from hostile import HUGE_REF, Hostile, closed_by_host
from lan_helpers import LO, RawPeer, RecordingSession, loopback, wait_for  # noqa: F401  (fixture)
from test_server import Table, make_table

from net import messages as m
from net.client import PeerClient, ProbeError, probe
from net.host_core import HostCore, HostSeat
from net.peer_core import PeerCore
from net.protocol import PROTOCOL_VERSION, decode_datagram
from net.server import BAD_NOTICE_EVERY, MAX_STRANGERS, HostServer

ENGINE = GuessEngine()


@pytest.fixture
def table(loopback):  # noqa: F811
    t = make_table()
    yield t
    t.close()


@pytest.fixture
def hostile(table: Table):
    h = Hostile(table.server.port)
    yield h
    h.close()


def plays_on(table: Table, seat: int = 0) -> None:
    """Seat `seat`'s good peer makes its move and every good peer sees the step."""
    session = table.sessions[seat]
    step = session.step
    session.submit(Ready(seat))
    for s in table.sessions.values():
        wait_for(lambda s=s: s.step == step + 1, what=f"step {step + 1} after the attack")


def watcher(port: int) -> tuple[RecordingSession, PeerClient]:
    box: dict[str, PeerClient] = {}
    session = RecordingSession(ENGINE, PeerCore(ENGINE, "Watcher", want=0),
                               lambda msg: box["client"].send(msg))
    client = box["client"] = PeerClient((LO, port), session, reconnect_for=0)
    client.start()
    return session, client


# -- point 1: a stolen token by UDP, a huge ref, an illegal move --------------------------------------

def test_a_stolen_token_by_udp_freezes_nothing(table: Table, hostile: Hostile) -> None:
    victim = table.sessions[0].peer.token
    hostile.stolen_token_intent(victim, ["pass", 0])          # illegal before everyone is Ready
    hostile.stolen_token_intent(victim, ["ready", 0], ref=HUGE_REF - 1)   # legal, were it taken
    hostile.datagram(m.Ping(1.0))
    hostile.udp.settimeout(5)
    assert isinstance(m.decode(decode_datagram(hostile.udp.recv(2048))), m.Pong)  # all were read
    assert table.core_call(lambda c: c.step) == 0            # nothing was played for seat 1
    plays_on(table, 0)                                        # and its player's own move counts
    plays_on(table, 1)
    assert table.server.stats.udp_bad == 4


def test_ref_abuse_on_the_players_own_connection_freezes_nothing(table: Table) -> None:
    raw = table.raw
    raw.send(m.Intent(HUGE_REF, 0, ["pass", 2]))
    assert raw.wait(lambda x: isinstance(x, m.IntentRefused)).ref == HUGE_REF
    raw.send(m.Intent(700, 0, ["pass", 2]))                   # in bounds, illegal
    assert raw.wait(lambda x: isinstance(x, m.IntentRefused)).code == "illegal"
    raw.send(m.Intent(1, 0, ["ready", 2]))                    # its next real move is taken
    raw.wait(lambda x: isinstance(x, m.StepMsg) and x.seat is None and x.number == 1)
    assert table.core_call(lambda c: c.log[-1]) == Ready(2)


# -- point 2: a replayed Hello -------------------------------------------------------------------------

def test_a_replayed_hello_does_not_take_a_live_seat(table: Table, hostile: Hostile, caplog) -> None:
    peer = table.sessions[0].peer
    replay = m.Hello(PROTOCOL_VERSION, peer.name, "guess", peer.token, prefer=(0,))
    with caplog.at_level(logging.WARNING, logger="net.host_core"):
        closed, got = closed_by_host(hostile.replay_hello(replay))
    assert closed and [x.code for x in got if isinstance(x, m.Refused)] == ["in_use"]
    assert "refused a second connection" in caplog.text
    assert table.clients[0].state == "joined" and table.sessions[0].notices() == []
    assert table.core_call(lambda c: c.seat_table()[0].connected)
    plays_on(table, 0)


def test_a_quiet_seat_moves_to_a_new_connection_and_the_old_one_reads_why(table: Table, caplog) -> None:
    # the raw peer never answers the host's pings: once quiet for live_for, its seat may move
    table.core_call(lambda c: setattr(c, "live_for", 0.3))
    hello = m.Hello(PROTOCOL_VERSION, "Raw", "guess", table.raw_token, prefer=(2,))
    with caplog.at_level(logging.INFO, logger="net.host_core"):
        while True:                          # refused while it still counts as live
            new = RawPeer(table.server.port)
            table.extra.append(new)
            new.send(hello)
            answer = new.wait(lambda x: isinstance(x, (m.Welcome, m.Refused)))
            if isinstance(answer, m.Welcome):
                break
            assert answer.code == "in_use"
    assert answer.seats == (2,)
    bye = table.raw.wait(lambda x: isinstance(x, m.Bye))
    assert "moved to a newer connection" in bye.reason
    table.raw.wait_closed()
    assert "Raw's seat moved to a new connection from 127.0.0.1" in caplog.text


# -- point 5: slot exhaustion, trickling frames, a busy host -------------------------------------------

def test_a_trickled_frame_is_refused_at_its_length_prefix(table: Table, hostile: Hostile) -> None:
    for sock in hostile.trickle(3):
        closed, got = closed_by_host(sock)
        # in words, and at once: not after the hello timeout (the old host: closed, silently)
        assert closed and any(isinstance(x, m.ErrorMsg) and x.code == "bad_frame" for x in got)
    plays_on(table, 0)


def test_a_real_join_gets_in_past_idle_and_trickling_connections(table: Table, hostile: Hostile) -> None:
    tricklers = hostile.trickle(20)
    hostile.idle(150)                                          # an old host's 64 slots were full
    session, client = watcher(table.server.port)
    table.extra.append(client)
    wait_for(lambda: session.peer.phase == "joined", what="the watcher joined")
    assert probe((LO, table.server.port)).game == "guess"
    for sock in tricklers:                                     # refused, or closed to make room
        assert closed_by_host(sock)[0]
    wait_for(lambda: table.server.stats.strangers <= MAX_STRANGERS, what="strangers within the cap")
    plays_on(table, 0)


def test_a_busy_host_says_so_to_the_join_check(loopback) -> None:  # noqa: F811
    core = HostCore(ENGINE, GuessConfig(2), 1, [HostSeat("open")] * 2)
    server = HostServer(core, bind=LO, ports=(0,), max_conns=2)
    server.start()
    peers = []
    try:
        for name in ("A", "B"):
            peer = RawPeer(server.port)
            peers.append(peer)
            peer.send(m.Hello(PROTOCOL_VERSION, name, "guess"))
            peer.wait(lambda x: isinstance(x, m.Welcome))
        with pytest.raises(ProbeError, match="the host at .* is busy"):
            probe((LO, server.port), timeout=1.0)
        assert server.stats.busy >= 2                          # it asked again
    finally:
        for peer in peers:
            peer.close()
        server.close()


# -- point 6: a junk flood is a few lines, its details in the log file --------------------------------

def test_a_junk_flood_is_a_few_notices(table: Table, hostile: Hostile, caplog) -> None:
    table.server.notices()
    began = time.monotonic()
    with caplog.at_level(logging.INFO, logger="net.server"):
        for _ in range(50):                                    # strangers, one bad frame each
            hostile.junk_frames(hostile.connect(), 1)
        assert hostile.junk_frames(table.raw.sock, 3000) == 3000   # a player gone bad
        wait_for(lambda: table.server.stats.bad >= 3050, what="every bad frame counted")
    took = time.monotonic() - began
    notices = [n for n in table.server.notices() if n.startswith("Bad data")]
    # one at first, then a count per BAD_NOTICE_EVERY seconds (the old host: one per connection)
    assert 1 <= len(notices) <= 2 + took / BAD_NOTICE_EVERY
    assert notices[0] == "Bad data from 127.0.0.1 (details in the log file)"
    on_console = [r for r in caplog.records if r.name == "net.server" and "ad data" in r.getMessage()
                  and not getattr(r, "kombo_file_only", False)]
    assert len(on_console) == len(notices)
    details = [r for r in caplog.records if r.getMessage().startswith("bad data from")]
    assert details and all(getattr(r, "kombo_file_only", False) for r in details)
    plays_on(table, 0)
