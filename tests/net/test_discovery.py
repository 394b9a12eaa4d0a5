"""LAN discovery: advertise / browse / update / close, name clashes, versions.

Network tests run only in an isolated namespace (CI: ``unshare -n`` with lo up
and multicast on) and talk over 127.0.0.1, or over the veth pair of two
namespaces built by netns.py. Waits are bounded deadline loops; the asserts
are on outcomes, never on elapsed time.
"""
from __future__ import annotations

import ipaddress
import json
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest

from net.discovery import (
    PROTOCOL_VERSION,
    SERVICE_TYPE,
    Advertiser,
    Browser,
    Change,
    HostEntry,
    list_interfaces,
)
from net.dns_sd import pick_address

try:
    from netns import NetnsPair, isolation_problem, loopback_problem, netns_pair
except ModuleNotFoundError:  # pytest's importlib import mode does not put tests/net on sys.path
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from netns import NetnsPair, isolation_problem, loopback_problem, netns_pair  # noqa: F401

LO = ["127.0.0.1"]
DEADLINE_S = 5.0
T = TypeVar("T")


def wait_for(probe: Callable[[], T], timeout: float = DEADLINE_S) -> T:
    """Poll until probe() is truthy or the deadline passes; return its last value."""
    end = time.monotonic() + timeout
    value = probe()
    while not value and time.monotonic() < end:
        time.sleep(0.02)
        value = probe()
    return value


@pytest.fixture
def loopback() -> None:
    problem = isolation_problem() or loopback_problem()
    if problem:
        pytest.skip(problem)


class Recorder:
    """Collects on_change calls, which arrive on the zeroconf thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.events: list[tuple[Change, HostEntry]] = []

    def __call__(self, change: Change, entry: HostEntry) -> None:
        with self._lock:
            self.events.append((change, entry))

    def changes_for(self, name: str) -> list[Change]:
        with self._lock:
            return [c for c, e in self.events if e.name == name]


@pytest.fixture
def recorder() -> Recorder:
    return Recorder()


@pytest.fixture
def browser(loopback: None, recorder: Recorder) -> Iterator[Browser]:
    b = Browser(on_change=recorder, interfaces=LO)
    yield b
    b.close()


def find(browser: Browser, name: str) -> HostEntry | None:
    return next((e for e in browser.entries() if e.name == name), None)


# ----------------------------------------------------------------- loopback


def test_advertised_game_is_seen_with_its_txt(browser: Browser) -> None:
    with Advertiser(
        "Alice's table", 47811, "kombio", 3, "Alice", interfaces=LO, players=["Alice", "Bo, the great"]
    ) as adv:
        assert adv.wait_registered(DEADLINE_S)
        entry = wait_for(lambda: find(browser, "Alice's table"))
        assert entry is not None
        assert entry.address == "127.0.0.1"
        assert entry.port == 47811
        assert entry.game == "kombio"
        assert entry.seats_free == 3
        assert entry.host_name == "Alice"
        assert entry.players == ("Alice", "Bo  the great")  # commas cannot split a name
        assert entry.version == PROTOCOL_VERSION
        assert entry.compatible
        assert entry.service_name == f"Alice's table.{SERVICE_TYPE}"


def test_seat_update_reaches_the_browser(browser: Browser, recorder: Recorder) -> None:
    with Advertiser("Seats", 47812, "kabooom", 4, "Host", interfaces=LO) as adv:
        assert adv.wait_registered(DEADLINE_S)
        assert wait_for(lambda: find(browser, "Seats"))
        adv.update(seats_free=1, players=["Host", "Ann", "Ben"])
        entry = wait_for(lambda: (e := find(browser, "Seats")) and e.seats_free == 1 and e)
        assert entry, browser.entries()
        assert entry.players == ("Host", "Ann", "Ben")
        assert recorder.changes_for("Seats")[:2] == [Change.ADDED, Change.UPDATED]


def test_update_before_registration_is_not_lost(browser: Browser) -> None:
    with Advertiser("Early", 47813, "kombio", 4, "Host", interfaces=LO) as adv:
        adv.update(seats_free=0)  # races with the name probe on purpose
        entry = wait_for(lambda: (e := find(browser, "Early")) and e.seats_free == 0 and e)
        assert entry, browser.entries()


def test_close_removes_the_entry(browser: Browser, recorder: Recorder) -> None:
    adv = Advertiser("Leaving", 47814, "kombio", 2, "Host", interfaces=LO)
    try:
        assert adv.wait_registered(DEADLINE_S)
        assert wait_for(lambda: find(browser, "Leaving"))
    finally:
        adv.close()
    assert wait_for(lambda: find(browser, "Leaving") is None)
    assert recorder.changes_for("Leaving")[-1] is Change.REMOVED
    adv.close()  # idempotent


def test_same_name_twice_gets_distinct_names(browser: Browser) -> None:
    with Advertiser("Twin", 47815, "kombio", 2, "First", interfaces=LO) as first:
        assert first.wait_registered(DEADLINE_S)
        with Advertiser("Twin", 47816, "kombio", 3, "Second", interfaces=LO) as second:
            assert second.wait_registered(DEADLINE_S)
            assert first.name == "Twin"
            assert second.name == "Twin (2)"
            assert wait_for(lambda: {"Twin", "Twin (2)"} <= {e.name for e in browser.entries()})
            by_name = {e.name: e for e in browser.entries()}
            assert by_name["Twin"].port == 47815 and by_name["Twin"].host_name == "First"
            assert by_name["Twin (2)"].port == 47816 and by_name["Twin (2)"].host_name == "Second"


def test_incompatible_version_is_flagged(browser: Browser) -> None:
    with Advertiser("Future", 47817, "kombio", 1, "Host", interfaces=LO, version=PROTOCOL_VERSION + 1) as adv:
        assert adv.wait_registered(DEADLINE_S)
        entry = wait_for(lambda: find(browser, "Future"))
        assert entry is not None
        assert entry.version == PROTOCOL_VERSION + 1
        assert not entry.compatible


def test_browser_started_late_finds_a_running_host(loopback: None) -> None:
    with Advertiser("Already", 47818, "kombio", 2, "Host", interfaces=LO) as adv:
        assert adv.wait_registered(DEADLINE_S)
        with Browser(interfaces=LO) as late:
            entry = wait_for(lambda: find(late, "Already"))
            assert entry is not None and entry.port == 47818


def test_close_during_registration_does_not_hang_or_leak(browser: Browser) -> None:
    adv = Advertiser("Brief", 47819, "kombio", 2, "Host", interfaces=LO)
    adv.close()  # most likely still probing
    assert not adv.registered
    adv.update(seats_free=1)  # ignored after close, no error
    # Whatever was announced is withdrawn again.
    assert wait_for(lambda: find(browser, "Brief") is None)


def test_list_interfaces_sees_loopback(loopback: None) -> None:
    options = list_interfaces()
    assert any(o.address == "127.0.0.1" and o.is_loopback for o in options)


# ----------------------------------------------------------------- no network needed


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({"name": "   "}, "empty"),
        ({"port": 0}, "port"),
        ({"seats_free": -1}, "seats_free"),
        ({"interfaces": ["not-an-ip"]}, "not an IP"),
        ({"interfaces": []}, "empty"),
        ({"interfaces": "127.0.0.1"}, "list"),
    ],
)
def test_bad_advertiser_arguments(kwargs: dict[str, object], needle: str) -> None:
    args: dict[str, object] = {
        "name": "x",
        "port": 47800,
        "game": "kombio",
        "seats_free": 1,
        "host_name": "h",
        "interfaces": LO,
    }
    args.update(kwargs)
    with pytest.raises(ValueError, match=needle):
        Advertiser(**args)  # type: ignore[arg-type]


def test_pick_address_prefers_our_subnet_then_non_loopback() -> None:
    lan = [ipaddress.ip_network("192.168.1.0/24")]
    assert pick_address(["127.0.0.1", "10.0.0.5", "192.168.1.9"], lan) == "192.168.1.9"
    assert pick_address(["127.0.0.1", "10.0.0.5"], lan) == "10.0.0.5"
    assert pick_address(["127.0.0.1"], lan) == "127.0.0.1"


# ----------------------------------------------------------------- two namespaces

_HOST_SNIPPET = textwrap.dedent(
    """
    import json, sys
    from net.discovery import Advertiser
    adv = Advertiser("Cross net", 47820, "kabooom", 3, "Ann")
    ok = adv.wait_registered(5)
    print(json.dumps({"ok": ok, "name": adv.name, "addresses": adv.addresses}), flush=True)
    sys.stdin.read()  # until the test closes stdin
    adv.close()
    """
)

_BROWSE_SNIPPET = textwrap.dedent(
    """
    import dataclasses, json, time
    from net.discovery import Browser
    with Browser(interfaces=[{address!r}]) as b:
        end = time.monotonic() + 5
        while time.monotonic() < end and not b.entries():
            time.sleep(0.02)
        print(json.dumps([dataclasses.asdict(e) for e in b.entries()]))
    """
)


def test_discovery_across_two_namespaces(netns_pair: NetnsPair) -> None:
    host = netns_pair.a.spawn(_HOST_SNIPPET)
    assert host.stdout is not None
    ready = json.loads(host.stdout.readline() or "{}")
    assert ready.get("ok"), host.stderr.read() if host.poll() is not None else ready
    # The host advertises its veth address, not loopback.
    assert ready["addresses"] == [netns_pair.a.address]

    result = netns_pair.b.run(_BROWSE_SNIPPET.format(address=netns_pair.b.address), timeout=30)
    assert result.returncode == 0, result.stderr
    entries = json.loads(result.stdout)
    assert [e["name"] for e in entries] == ["Cross net"]
    entry = entries[0]
    assert entry["address"] == netns_pair.a.address
    assert entry["port"] == 47820
    assert entry["game"] == "kabooom"
    assert entry["seats_free"] == 3
    assert entry["host_name"] == "Ann"
    assert entry["compatible"] is True
