"""The hostile client (tests/net/hostile.py) against a real host over sockets (127.0.0.1, isolated
namespace): a stolen token by UDP, ref abuse, a replayed Hello, slot exhaustion, trickling frames, a
busy host and a junk flood. After each attack the good peers play on as if nothing had happened.

The table is test_server's: two well-behaved PeerClients (seats 1 and 2) and one hand-driven raw
connection (seat 3), game started. The slap flood of issue 18 (point 5) plays on a KOMBIO table of the
same shape, the raw seat flooding by TCP and UDP.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from fake_engine import GuessConfig, GuessEngine, Ready
from hostile import HUGE_REF, Hostile, closed_by_host, slap_flood
from lan_helpers import LO, RawPeer, RecordingSession, loopback, wait_for  # noqa: F401  (fixture)
from test_server import Table, make_table

from game.core.engine import Action
from game.kombio import GAME as KOMBIO
from game.kombio.actions import Discard, Draw, Look, Slap
from game.kombio.rules import KombioEngine
from game.kombio.table import KombioConfig
from net import messages as m
from net.bad_input import BAD_NOTICE_EVERY, MAX_STRANGERS
from net.client import PeerClient
from net.host_core import HostCore, HostSeat
from net.peer_core import PeerCore
from net.probe import ProbeError, probe
from net.protocol import PROTOCOL_VERSION, decode_datagram
from net.server import HostServer

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


# -- issue 18, point 5: a seat floods slaps for the open discard --------------------------------------
# KOMBIO: seats 1 and 2 are well-behaved PeerClients, seat 3 a raw connection (the attacker's, with
# its own UDP pairing key). The host used to hold every press and name them all in its ruling step,
# which no peer could decode: each dropped it, stayed a step behind, and had its moves refused.

KOMBIO_ENGINE = KombioEngine()
BAD = 2


@dataclass
class SlapTable:
    core: HostCore
    server: HostServer
    sessions: dict[int, RecordingSession]
    clients: dict[int, PeerClient]
    raw: RawPeer
    key: bytes
    extra: list = field(default_factory=list)

    def core_call(self, fn):
        return self.server.call(lambda core, now: fn(core)).result(5)

    def step(self) -> int:
        return self.core_call(lambda c: c.step)

    def close(self) -> None:
        for client in self.clients.values():
            client.close()
        self.raw.close()
        for thing in self.extra:
            thing.close()
        self.server.close()

    def synced(self) -> None:
        """Everything the raw seat sent by TCP has been taken (its ping answered after it), no race
        window is open, and every good peer holds the host's step."""
        t0 = time.monotonic()
        self.raw.send(m.Ping(t0))
        self.raw.wait(lambda x: isinstance(x, m.Pong) and x.t0 == t0)
        wait_for(lambda: self.core_call(lambda c: c.referee.window is None), what="the race judged")
        step = self.step()
        for seat, session in self.sessions.items():
            wait_for(lambda s=session: s.step == step, what=f"seat {seat + 1} at step {step}")

    def move(self, seat: int, pick) -> Action:
        """Good seat `seat` makes the first legal move `pick` accepts, and everyone sees it made."""
        session = self.sessions[seat]
        step = self.step()
        wait_for(lambda: session.step == step, what=f"seat {seat + 1} at step {step}")
        action = wait_for(lambda: next((a for a in session.legal_actions(seat) if pick(a)), None),
                          what=f"a move for seat {seat + 1}")
        session.submit(action)
        wait_for(lambda: self.step() > step, what=f"{action} taken")
        assert self.core_call(lambda c: c.log[step]) == action
        return action


@pytest.fixture
def slaps(loopback) -> Iterator[SlapTable]:  # noqa: F811
    core = HostCore(KOMBIO_ENGINE, KombioConfig(3), 5, [HostSeat("open")] * 3, realtime=KOMBIO.realtime)
    server = HostServer(core, bind=LO, ports=(0,))
    server.start()
    sessions: dict[int, RecordingSession] = {}
    clients: dict[int, PeerClient] = {}
    for seat in (0, 1):
        box: dict[str, PeerClient] = {}
        sessions[seat] = RecordingSession(KOMBIO_ENGINE, PeerCore(KOMBIO_ENGINE, f"P{seat}", prefer=(seat,)),
                                          lambda msg, box=box: box["client"].send(msg))
        clients[seat] = box["client"] = PeerClient((LO, server.port), sessions[seat], reconnect_for=0)
        clients[seat].start()
        wait_for(lambda s=sessions[seat]: s.peer.phase == "joined", what=f"peer {seat} joined")
    raw = RawPeer(server.port)
    raw.send(m.Hello(PROTOCOL_VERSION, "Raw", KOMBIO_ENGINE.key, prefer=(BAD,)))
    welcome = raw.wait(lambda x: isinstance(x, m.Welcome))
    assert welcome.seats == (BAD,) and welcome.udp_key is not None
    table = SlapTable(core, server, sessions, clients, raw, welcome.udp_key)
    try:
        for seat, client in clients.items():
            with sessions[seat].lock:
                client.send(sessions[seat].peer.set_ready(True))
        raw.send(m.Ready(True))
        wait_for(lambda: table.core_call(lambda c: c.can_start()[0]), what="everyone ready")
        server.call(lambda c, now: c.start(now)).result(5)
        for seat, session in sessions.items():
            wait_for(lambda s=session, i=seat: s.started and s.legal_actions(i), what="the start")
            session.submit(Look(seat))
        raw.send(m.Intent(0, 0, KOMBIO_ENGINE.actions.encode(Look(BAD))))
        wait_for(lambda: table.core_call(lambda c: c.state.phase) == "turn", what="everyone looked")
        # seat 1 discards what it draws (skipping an ability): a discard everyone may slap
        table.move(0, lambda a: isinstance(a, Draw))
        table.move(0, lambda a: isinstance(a, Discard))
        while table.core_call(lambda c: c.state.phase) == "ability":
            table.move(0, lambda a: a.TAG == "skip")
        assert table.core_call(lambda c: c.state.open and c.state.turn == 1)
        table.synced()
        yield table
    finally:
        table.close()


def _flood_then_play_on(table: SlapTable, hostile: Hostile, tcp: bool, udp: bool) -> dict[int, list[m.StepMsg]]:
    """Flood slaps from the hostile seat, play on, check every honest seat kept up; each seat's steps."""
    serial, step = table.core_call(lambda c: (c.state.serial, c.step))
    flood = slap_flood(BAD, serial, step, 3, first_ref=1)
    if tcp:
        hostile.flood_tcp(table.raw.sock, flood)
    if udp:
        hostile.flood_udp(flood, table.key)
        hostile.datagram(m.Ping(1.0))                            # read after every datagram before it
        hostile.udp.settimeout(5)
        assert isinstance(m.decode(decode_datagram(hostile.udp.recv(2048))), m.Pong)
    # an honest press for the same discard: judged (a step of its own, or beaten to it), not lost
    honest = table.sessions[1]
    mine = wait_for(lambda: next((a for a in honest.legal_actions(1) if isinstance(a, Slap) and a.owner == 1),
                                 None), what="a slap for seat 2")
    honest.press(mine, time.monotonic())
    wait_for(lambda: table.core_call(lambda c: any(h.action == mine for race in c.races for h in race)),
             what="the honest press judged")
    table.synced()
    refused = [r.code for r in honest.peer.refusals]
    assert (mine in table.core_call(lambda c: c.log)) != (refused == ["too_late"])   # judged, either way
    assert table.core_call(lambda c: (c.halted, c.faults)) == ("", [])
    # one press of the attacker's held in any race, its first; one applied, whatever came later
    races = table.core_call(lambda c: list(c.races))
    assert all(len([h for h in race if h.action.seat == BAD]) <= 1 for race in races)
    assert next(h.action for race in races for h in race if h.action.seat == BAD) == Slap(BAD, BAD, 0, serial)
    assert len([a for a in table.core_call(lambda c: c.log) if isinstance(a, Slap) and a.seat == BAD]) == 1
    # the seat whose move comes next has it taken, and everyone sees it
    table.move(1, lambda a: isinstance(a, Draw))
    table.synced()
    seen: dict[int, list[m.StepMsg]] = {}
    for seat, session in table.sessions.items():
        assert not [n for n in session.notices() if "unreadable" in n or "cannot read" in n]
        assert session.peer.snapshot_requests == 0
        assert [r for r in session.peer.refusals if r.code != "too_late"] == [], f"seat {seat + 1}"
        steps = seen[seat] = [x for x in session.since(0) if isinstance(x, m.StepMsg)]
        assert all(len(x.race_seats) == len(set(x.race_seats)) <= 3 for x in steps)
    return seen


@pytest.mark.parametrize(("tcp", "udp"), [(True, False), (False, True), (True, True)], ids=["tcp", "udp", "both"])
def test_a_slap_flood_from_a_seat_stops_no_honest_seat(slaps: SlapTable, tcp: bool, udp: bool) -> None:
    hostile = Hostile(slaps.server.port)
    slaps.extra.append(hostile)
    seen = _flood_then_play_on(slaps, hostile, tcp, udp)
    assert seen and all(any(BAD in x.race_seats for x in steps) for steps in seen.values())   # its one press ruled
