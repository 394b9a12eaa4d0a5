"""Two throw-away network namespaces joined by a veth pair, for LAN tests.

Usage in a test module::

    from netns import netns_pair  # the fixture    (tests/net is on sys.path)

    def test_x(netns_pair):
        host = netns_pair.a.spawn("print('hi')")
        out = netns_pair.b.run("print(1 + 1)", timeout=10)

Both ends of the veth pair are created directly inside their namespaces and
the 10.201.x.x addresses exist only there, so nothing touches the machine's
real interfaces. Each namespace gets loopback up with multicast on, like CI.
Everything is deleted afterwards, processes first.

``isolation_problem()`` tells a test whether it runs in an isolated namespace
(``unshare -n``): loopback-only tests use it to refuse to multicast anywhere
else.
"""
from __future__ import annotations

import fcntl
import os
import secrets
import shutil
import socket
import struct
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

PROJECT_ROOT = Path(__file__).resolve().parents[2]
_SUBNET_PREFIX = "10.201"
_SIOCGIFFLAGS = 0x8913
_IFF_UP = 0x1
_IFF_MULTICAST = 0x1000


class NetnsUnavailable(RuntimeError):
    """Namespaces cannot be built here; str() says why."""


@dataclass
class Namespace:
    name: str
    veth: str
    address: str  # this end's veth address, e.g. 10.201.7.1
    prefix: int
    _procs: list[subprocess.Popen[str]] = field(default_factory=list, repr=False)

    def _argv(self, code: str) -> list[str]:
        return ["ip", "netns", "exec", self.name, sys.executable, "-c", code]

    def run(self, code: str, *, timeout: float) -> subprocess.CompletedProcess[str]:
        """Run a Python snippet in this namespace and wait for it (bounded)."""
        return subprocess.run(
            self._argv(code),
            cwd=PROJECT_ROOT,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )

    def spawn(self, code: str) -> subprocess.Popen[str]:
        """Start a Python snippet in this namespace; stdin/stdout are pipes.

        The process is killed when the pair is torn down if still running.
        Closing its stdin is a handy "please stop" signal for the snippet.
        """
        proc = subprocess.Popen(
            self._argv(code),
            cwd=PROJECT_ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._procs.append(proc)
        return proc

    def _stop_processes(self) -> None:
        for proc in self._procs:
            if proc.poll() is None:
                if proc.stdin is not None:
                    try:
                        proc.stdin.close()
                    except OSError:
                        pass
                try:
                    proc.wait(timeout=3)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=3)
        self._procs.clear()


@dataclass
class NetnsPair:
    a: Namespace
    b: Namespace


def unavailable_reason() -> str | None:
    """Why namespaces cannot be used here, or None if they can."""
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        return "network namespace tests need root (ip netns add)"
    if shutil.which("ip") is None:
        return "iproute2 'ip' command not found"
    probe = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True, check=False)
    if probe.returncode != 0:
        return f"'ip netns' unavailable: {probe.stderr.strip() or probe.returncode}"
    return None


def isolation_problem() -> str | None:
    """None when this process sees only loopback (e.g. under ``unshare -n``)."""
    # if_nameindex asks the kernel about this process's namespace; /sys/class/net
    # would still show the host's interfaces under a bare ``unshare -n``.
    names = sorted(name for _, name in socket.if_nameindex())
    others = [n for n in names if n != "lo"]
    if others:
        return (
            "not in an isolated network namespace (interfaces: "
            + ", ".join(others)
            + "); run under: unshare -n sh -c 'ip link set lo up; ip link set lo multicast on; ...'"
        )
    return None


def loopback_problem() -> str | None:
    """None when loopback is up with multicast on, as the loopback tests need."""
    ifreq = struct.pack("16sH14x", b"lo", 0)
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        flags = struct.unpack("16sH14x", fcntl.ioctl(sock.fileno(), _SIOCGIFFLAGS, ifreq))[1]
    if not flags & _IFF_UP or not flags & _IFF_MULTICAST:
        return "loopback must be up with multicast on: ip link set lo up; ip link set lo multicast on"
    return None


def _ip(*args: str) -> None:
    result = subprocess.run(["ip", *args], capture_output=True, text=True, check=False, timeout=15)
    if result.returncode != 0:
        raise NetnsUnavailable(f"ip {' '.join(args)}: {result.stderr.strip()}")


@contextmanager
def make_netns_pair() -> Iterator[NetnsPair]:
    """Build the pair; raises NetnsUnavailable if that is impossible here."""
    reason = unavailable_reason()
    if reason is not None:
        raise NetnsUnavailable(reason)
    tag = f"{os.getpid()}-{secrets.token_hex(3)}"
    # The subnet only exists inside the two namespaces; varying it just
    # keeps logs from parallel runs apart.
    third = 1 + int(tag.split("-")[1], 16) % 250
    a = Namespace(f"kombo-{tag}-a", "kveth-a", f"{_SUBNET_PREFIX}.{third}.1", 24)
    b = Namespace(f"kombo-{tag}-b", "kveth-b", f"{_SUBNET_PREFIX}.{third}.2", 24)
    created: list[str] = []
    try:
        for ns in (a, b):
            _ip("netns", "add", ns.name)
            created.append(ns.name)
        # Both ends are created straight inside their namespaces: the veth
        # never exists in the namespace running the tests.
        _ip("link", "add", a.veth, "netns", a.name, "type", "veth", "peer", "name", b.veth, "netns", b.name)
        for ns in (a, b):
            _ip("-n", ns.name, "link", "set", "lo", "up")
            _ip("-n", ns.name, "link", "set", "lo", "multicast", "on")
            _ip("-n", ns.name, "addr", "add", f"{ns.address}/{ns.prefix}", "dev", ns.veth)
            _ip("-n", ns.name, "link", "set", ns.veth, "up")
        yield NetnsPair(a, b)
    finally:
        for ns in (a, b):
            ns._stop_processes()
        for name in created:
            subprocess.run(["ip", "netns", "del", name], capture_output=True, check=False, timeout=15)


@pytest.fixture
def netns_pair() -> Iterator[NetnsPair]:
    """Two namespaces joined by a veth pair; skips when that is impossible."""
    try:
        with make_netns_pair() as pair:
            yield pair
    except NetnsUnavailable as exc:
        pytest.skip(str(exc))
