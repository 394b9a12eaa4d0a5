"""The fair slap over real sockets: a KOMBIO table with one peer 80 ms away each way (behind
tools/lagwire.py, so that the host's kernel sees the lag in its own TCP round-trip estimate, on which
the link's slack rests) and one direct on 127.0.0.1, their clocks 1.234 s ahead and 0.5 s behind the host's. The slow
peer presses first, the fast one 15 ms later: the fast press arrives first, yet the host judges the
slow one first, because it was made first. Orders, not durations, are asserted. And a peer that holds
each of the host's pings 200 ms, reporting no hold, is given no more slack than 20 ms over the link's.

Runs only inside `unshare -n` (see lan_helpers.loopback):
  unshare -n sh -c 'ip link set lo up; ip link set lo multicast on; \
      python -m pytest -q tests/net/test_fair_slap_lan.py'
"""
from __future__ import annotations

import statistics
import time
from pathlib import Path

import pytest
from lagwire import FarSide, Link, hold_pongs, unavailable_reason
from lan_helpers import LO, loopback, wait_for  # noqa: F401  (fixture)

from game.core.referee import MARGIN
from game.games import game_by_key
from game.kombio.actions import Discard, Draw, Look, Slap
from net.fair_slap import link_of
from net.host_core import HostSeat
from net.lan import LanClient, LanHost
from net.session import NetSession

KOMBIO = game_by_key("kombio")


def _ahead(seconds: float):
    return lambda: time.monotonic() + seconds


@pytest.fixture
def far():
    reason = unavailable_reason()
    if reason is not None:
        pytest.skip(reason)
    with FarSide(up=Link(80), down=Link(80), seed=1) as side:
        yield side


def _host(far: FarSide, tmp_path: Path) -> LanHost:
    return LanHost(KOMBIO, 3, {"rounds": "1"}, [HostSeat("local", "Host"), HostSeat("open"), HostSeat("open")],
                   name="Host", seed=5, bind=far.near_address, port=0, save_path=tmp_path / "autosave.bin",
                   advertise=False)


def test_the_slow_peers_earlier_press_wins_though_it_arrives_later(loopback, far, tmp_path: Path) -> None:  # noqa: F811
    host = _host(far, tmp_path)
    clients: list[LanClient] = []
    try:
        slow = far.call(lambda: LanClient(host.address, name="Slow", game=KOMBIO.key,
                                          clock=_ahead(1.234)))
        clients.append(slow)
        wait_for(lambda: slow.state == "lobby", what="the slow peer in the lobby")
        fast = LanClient(host.address, name="Fast", game=KOMBIO.key, clock=_ahead(-0.5))
        clients.append(fast)
        wait_for(lambda: fast.state == "lobby", what="the fast peer in the lobby")
        for client in clients:
            client.set_ready(True)
        wait_for(lambda: host.can_start()[0], what="a table ready to start")
        host.start()
        wait_for(lambda: all(c.state == "playing" for c in clients), what="the game started")
        sessions: dict[int, NetSession] = {0: host.session()}
        for client in clients:
            session = client.session()
            wait_for(lambda s=session: s.peer.seats, what="a peer's seat")
            sessions[next(iter(session.peer.seats))] = session
        core = host.core
        # the host's clock samples of both peers (it pings them), through the proxy for one
        wait_for(lambda: all((c := core.latency.clock(conn)) is not None and len(c.samples) >= 5
                             for conn in core.joined() if core.conn_seats(conn)
                             and core.conn_seats(conn)[0] != 0),
                 timeout=20.0, what="clock samples of both peers")
        for seat, session in sessions.items():
            session.submit(Look(seat))
        wait_for(lambda: core.state.phase == "turn", what="everyone has looked")
        turn = core.state.turn
        step = core.step
        wait_for(lambda: sessions[turn].step == step, what="the turn's seat up to date")
        sessions[turn].submit(Draw(turn))
        wait_for(lambda: core.state.phase == "drawn" and sessions[turn].step == core.step,
                 what="the draw")
        sessions[turn].submit(Discard(turn))
        wait_for(lambda: core.state.open, what="an open discard")
        while core.state.phase == "ability":
            wait_for(lambda: sessions[turn].step == core.step, what="the ability offered")
            skip = next(a for a in sessions[turn].legal_actions(turn) if a.TAG == "skip")
            sessions[turn].submit(skip)
            wait_for(lambda: core.state.phase != "ability", what="the ability skipped")
        serial = core.state.serial
        slow_seat = next(iter(slow.session().peer.seats))
        fast_seat = next(iter(fast.session().peer.seats))

        def own_slap(seat: int) -> Slap:
            session = sessions[seat]
            wait_for(lambda: any(isinstance(a, Slap) for a in session.legal_actions(seat)),
                     what=f"seat {seat + 1} may slap")
            return next(a for a in session.legal_actions(seat)
                        if isinstance(a, Slap) and a.owner == seat and a.discard == serial)

        slow_slap, fast_slap = own_slap(slow_seat), own_slap(fast_seat)
        judged = len(core.races)
        before = core.step
        sessions[slow_seat].press(slow_slap, _ahead(1.234)())
        time.sleep(0.015)
        sessions[fast_seat].press(fast_slap, _ahead(-0.5)())
        wait_for(lambda: len(core.races) > judged, what="the race judged")
        race = core.races[judged]
        assert race[0].action == slow_slap                      # made first, judged first
        assert {p.action for p in race} == {slow_slap, fast_slap}
        (fast_press,) = [p for p in race if p.action == fast_slap]
        (slow_press,) = [p for p in race if p.action == slow_slap]
        assert fast_press.arrival < slow_press.arrival          # though it arrived last
        assert core.log[before] == slow_slap
    finally:
        for client in clients:
            client.close()
        host.close()


def test_a_peer_holding_its_pongs_gains_at_most_20_ms_of_slack(loopback, far, tmp_path: Path) -> None:  # noqa: F811
    host = _host(far, tmp_path)
    clients: list[LanClient] = []
    try:
        for name in ("Honest", "Liar"):
            client = far.call(lambda name=name: LanClient(host.address, name=name, game=KOMBIO.key))
            clients.append(client)
            wait_for(lambda c=client: c.state == "lobby", what=f"{name} in the lobby")
        hold_pongs(clients[1].session(), 0.200)
        core = host.core

        def links() -> dict[str, object] | None:
            clocks = [c for conn in core.joined() if conn != "local" and (c := core.latency.clock(conn))]
            if len(clocks) != 2 or any(len(c.samples) < 6 or c.kernel is None for c in clocks):
                return None
            # the liar's pings look the slower
            honest, liar = sorted(clocks, key=lambda c: statistics.median(s.delay for s in c.samples))
            return {"Honest": link_of(honest), "Liar": link_of(liar)}

        measured = wait_for(lambda: host._server.call(lambda c, now: links()).result(5), timeout=30.0,
                            what="both peers' links measured")
        assert measured["Honest"].one_way >= 0.080                 # the lag is really there
        assert measured["Liar"].slack - measured["Honest"].slack <= 0.020
        assert measured["Liar"].slack < 0.080 + 0.200 / 2 + MARGIN  # (it would be, by its pings)
    finally:
        for client in clients:
            client.close()
        host.close()
