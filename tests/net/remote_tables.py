"""A toy table for the hostile-input tests without sockets (test_hostile_core, test_hostile_slaps):
every connection remote, with an address of its own, and what a connection was refused."""
from __future__ import annotations

from fake_engine import GuessConfig, GuessEngine, LoopNet, counter_tokens

from net import messages as m
from net.host_core import HostCore, HostSeat
from net.peer_core import PeerCore

ENGINE = GuessEngine()


def address(conn: int) -> tuple[str, int]:
    return (f"10.0.0.{conn + 1}", 40000 + conn)


def table(players: int = 3) -> tuple[HostCore, LoopNet, dict[int, PeerCore]]:
    """Like fake_engine.started_table, but every connection is remote, with its own address."""
    host = HostCore(ENGINE, GuessConfig(players), 7, [HostSeat("open")] * players, counter_tokens())
    net = LoopNet(host)
    peers = {}
    for c in range(players):
        host.connect(c, address(c), 0.0)
        peers[c] = PeerCore(ENGINE, f"P{c}", prefer=(c,))
        net.join(c, peers[c])
    for c in range(players):
        net.send(c, peers[c].set_ready(True))
    net.deliver(host.start(net.now))
    net.pump()
    return host, net, peers


def refusals(net: LoopNet, conn: int) -> list[m.IntentRefused]:
    return [x for x in net.got[conn] if isinstance(x, m.IntentRefused)]
