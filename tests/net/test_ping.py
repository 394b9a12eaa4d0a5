"""A table's ping is measured with UDP Pings to its port, before joining (127.0.0.1, isolated)."""
from __future__ import annotations

from lan_helpers import LO, free_port, loopback  # noqa: F401  (fixture)

from game.games import game_by_key
from net.host_core import HostSeat
from net.lan import LanHost
from net.ping import measure_ping


def test_a_hosted_table_answers_pings_and_a_closed_port_does_not(loopback, tmp_path) -> None:  # noqa: F811
    host = LanHost(game_by_key("kabooom"), 2, {"difficulty": "easy"},
                   [HostSeat("local", "Host"), HostSeat("open")], name="Host", bind=LO, port=0,
                   advertise=False, save_path=tmp_path / "save.bin")
    try:
        ms = measure_ping(host.address)
        assert ms is not None and ms >= 0.0
        assert [s.kind for s in host.seats()] == ["human", "open"]     # pinging joins nothing
    finally:
        host.close()
    assert measure_ping((LO, free_port()), tries=2, timeout=0.2) is None
