"""The fair slap over real sockets: a KOMBIO table on 127.0.0.1 with one peer behind the lag proxy
(80 ms each way) and one direct, their clocks 1.234 s ahead and 0.5 s behind the host's. The slow
peer presses first, the fast one 15 ms later: the fast press arrives first, yet the host judges the
slow one first, because it was made first. Orders, not durations, are asserted.

Runs only inside `unshare -n` (see lan_helpers.loopback):
  unshare -n sh -c 'ip link set lo up; ip link set lo multicast on; \
      python -m pytest -q tests/net/test_fair_slap_lan.py'
"""
from __future__ import annotations

import time
from pathlib import Path

from lagproxy import LagConfig, ThreadedLagProxy
from lan_helpers import LO, loopback, wait_for  # noqa: F401  (fixture)

from game.games import game_by_key
from game.kombio.actions import Discard, Draw, Look, Slap
from net.host_core import HostSeat
from net.lan import LanClient, LanHost
from net.session import NetSession

KOMBIO = game_by_key("kombio")


def _ahead(seconds: float):
    return lambda: time.monotonic() + seconds


def test_the_slow_peers_earlier_press_wins_though_it_arrives_later(loopback, tmp_path: Path) -> None:  # noqa: F811
    host = LanHost(KOMBIO, 3, {"rounds": "1"}, [HostSeat("local", "Host"), HostSeat("open"), HostSeat("open")],
                   name="Host", seed=5, bind=LO, port=0, save_path=tmp_path / "autosave.bin",
                   advertise=False)
    config = LagConfig.symmetric((LO, 0), host.address, delay_ms=80, jitter_ms=0, seed=1)
    clients: list[LanClient] = []
    try:
        with ThreadedLagProxy(config) as proxy:
            slow = LanClient((proxy.address.host, proxy.address.port), name="Slow", game=KOMBIO.key,
                             clock=_ahead(1.234))
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
