"""A toy table for the hostile-input tests without sockets (test_hostile_core, test_hostile_slaps):
every connection remote, with an address of its own, and what a connection was refused."""
from __future__ import annotations

from fake_engine import GuessEngine, LoopNet, started_table

from net import messages as m
from net.host_core import HostCore
from net.peer_core import PeerCore

ENGINE = GuessEngine()


def address(conn: int) -> tuple[str, int]:
    return (f"10.0.0.{conn + 1}", 40000 + conn)


def table(players: int = 3) -> tuple[HostCore, LoopNet, dict[int, PeerCore]]:
    """fake_engine.started_table with every connection remote, from its own address."""
    return started_table(players, address=address)


def refusals(net: LoopNet, conn: int) -> list[m.IntentRefused]:
    return [x for x in net.got[conn] if isinstance(x, m.IntentRefused)]
