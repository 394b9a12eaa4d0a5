"""A lagged link the kernel sees: the far end in a network namespace of its own, every IP packet
between it and this namespace carried by a relay process over two TUN devices and held back by a
one-way delay (plus uniform jitter) per direction, UDP datagrams dropped with a given loss. A
user-space netem, for tests and benches (this machine's kernel has no sch_netem); it does not ship
in the game.

Why not tools/lagproxy.py: that proxy ends TCP at itself, so the host's kernel measures a round trip
of ~0 to the proxy while the peer behind it is 80 ms away. The fair slap rests a link's slack on the
kernel's own round-trip estimate (TCP_INFO; net.fair_slap), which a peer cannot inflate by holding
its ping replies; here the TCP connection is end to end and both kernels see the lag.

    from lagproxy import Link
    with FarSide(up=Link(80, 10), down=Link(80, 10, 0.1), seed=1) as far:
        host = LanHost(..., bind=far.near_address, ...)
        slow = far.call(lambda: LanClient((far.near_address, host.port), ...))   # on the far side
        proc = far.popen([sys.executable, "peer.py"])                            # likewise

- The near side (this namespace) gets a TUN device with 10.203.X.1/30, the far namespace one with
  10.203.X.2/30; everything else in this namespace that talks to near_address goes over loopback,
  undelayed.
- `up` is far -> near (the peer's packets to the host), `down` near -> far. Every packet gets its
  own delay; TCP segments that carry data (or a SYN or FIN) keep their order within a direction
  (jitter only ever adds delay to them, as lagproxy does for TCP chunks) and are never lost, while
  bare acknowledgements are free to overtake (as a queue would not hold one behind another flow's
  data; holding them back would skew the way back of every ping). UDP datagrams are dropped with the
  direction's loss, and jitter may reorder them. Only IPv4 is carried.
- The far namespace is made by a thread of this process (unshare(CLONE_NEWNET)); what `call` runs
  there, and the threads and processes it starts, live on the far side. It is gone once its last
  socket, thread and process are; the devices go with the relay's and this side's file descriptors.

Runs only as root on Linux, inside an isolated network namespace (nothing but loopback and other
FarSides' devices: `unshare -n`), so nothing ever touches the machine's real interfaces.

The relay process: ``python tools/lagwire.py --relay NEAR_FD FAR_FD CONTROL_FD ...`` (FarSide starts
it; it stops when CONTROL_FD reads end of file, i.e. when its FarSide closes or its parent dies).
"""
from __future__ import annotations

import argparse
import concurrent.futures as cf
import ctypes
import fcntl
import heapq
import itertools
import os
import random
import selectors
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lagproxy import Link

__all__ = ["FarSide", "Link", "LinkError", "hold_pongs", "relay", "unavailable_reason"]

T = TypeVar("T")
CLONE_NEWNET = 0x40000000
TUNSETIFF = 0x400454CA
IFF_TUN = 0x0001
IFF_NO_PI = 0x1000
PREFIX = "kw"                 # this tool's device names: kwn<tag> near, kwf<tag> far
MAX_IN_FLIGHT = 4096          # packets held per direction; more are dropped
NO_LAG = Link()
_counter = itertools.count(1)


class LinkError(RuntimeError):
    """The lagged link cannot be made here; str() says why."""


def unavailable_reason() -> str | None:
    """Why a FarSide cannot be made in this process, or None if it can."""
    if not sys.platform.startswith("linux"):
        return "lagwire needs Linux (network namespaces, TUN devices)"
    if os.geteuid() != 0:
        return "lagwire needs root (a network namespace, TUN devices)"
    if not os.path.exists("/dev/net/tun"):
        return "lagwire needs /dev/net/tun"
    others = [name for _, name in socket.if_nameindex() if name != "lo" and not name.startswith(PREFIX)]
    if others:
        return ("lagwire runs only in an isolated network namespace (interfaces here: "
                + ", ".join(others) + "); run under unshare -n")
    return None


def _ip(*args: str) -> None:
    done = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=15, check=False)
    if done.returncode != 0:
        raise LinkError(f"ip {' '.join(args)}: {done.stderr.strip()}")


def _tun(name: str, address: str) -> int:
    """A TUN device in the calling thread's network namespace, up with `address`/30; its fd."""
    fd = os.open("/dev/net/tun", os.O_RDWR)
    try:
        fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH", name.encode(), IFF_TUN | IFF_NO_PI))
        try:        # no IPv6 on it: no router solicitations to carry (the relay drops them anyway)
            with open(f"/proc/sys/net/ipv6/conf/{name}/disable_ipv6", "w") as f:
                f.write("1")
        except OSError:
            pass
        _ip("addr", "add", f"{address}/30", "dev", name)
        _ip("link", "set", name, "up")
    except BaseException:
        os.close(fd)
        raise
    return fd


class FarSide:
    """The far end of a lagged link (see the module's doc). A context manager."""

    def __init__(self, up: Link = NO_LAG, down: Link = NO_LAG, seed: int | None = None) -> None:
        reason = unavailable_reason()
        if reason is not None:
            raise LinkError(reason)
        k = next(_counter)
        tag = f"{os.getpid() % 100000}x{k}"
        third = (os.getpid() * 7 + k) % 250 + 1
        self.near_address = f"10.203.{third}.1"
        self.far_address = f"10.203.{third}.2"
        self.up, self.down, self.seed = up, down, seed
        self._jobs: list[tuple[Callable[[], Any], cf.Future]] = []
        self._has_job = threading.Condition()
        self._closed = False
        self._near_fd = self._far_fd = -1
        self._relay: subprocess.Popen[bytes] | None = None
        self._control_w = -1
        self._thread = threading.Thread(target=self._serve, name=f"lagwire-far-{tag}", daemon=True)
        self._thread.start()
        try:
            self.call(lambda: self._far_setup(f"{PREFIX}f{tag}"))
            self._near_fd = _tun(f"{PREFIX}n{tag}", self.near_address)
            self._start_relay()
        except BaseException:
            self.close()
            raise

    # -- the far side's thread ------------------------------------------------------------------

    def _serve(self) -> None:
        libc = ctypes.CDLL(None, use_errno=True)
        failure: BaseException | None = None
        if libc.unshare(CLONE_NEWNET) != 0:
            err = ctypes.get_errno()
            failure = LinkError(f"unshare(CLONE_NEWNET): {os.strerror(err)}")
        while True:
            with self._has_job:
                while not self._jobs and not self._closed:
                    self._has_job.wait()
                if not self._jobs:
                    return
                fn, future = self._jobs.pop(0)
            if not future.set_running_or_notify_cancel():
                continue
            if failure is not None:
                future.set_exception(failure)
                continue
            try:
                future.set_result(fn())
            except BaseException as exc:  # noqa: BLE001  handed to the caller
                future.set_exception(exc)

    def _far_setup(self, name: str) -> None:
        _ip("link", "set", "lo", "up")
        self._far_fd = _tun(name, self.far_address)

    def call(self, fn: Callable[[], T], timeout: float = 30.0) -> T:
        """Run fn() on the far side (in its namespace's thread) and return what it returns. A thread
        or process it starts stays on the far side, and so do the sockets those make."""
        future: cf.Future = cf.Future()
        with self._has_job:
            if self._closed:
                raise LinkError("the far side is closed")
            self._jobs.append((fn, future))
            self._has_job.notify()
        return future.result(timeout)

    def popen(self, argv: Sequence[str], **kwargs: Any) -> subprocess.Popen:
        """A process on the far side (subprocess.Popen's arguments)."""
        return self.call(lambda: subprocess.Popen(list(argv), **kwargs))

    # -- the relay ------------------------------------------------------------------------------

    def _start_relay(self) -> None:
        control_r, self._control_w = os.pipe()
        way = {"up": self.up, "down": self.down}
        argv = [sys.executable, str(Path(__file__).resolve()), "--relay", str(self._near_fd),
                str(self._far_fd), str(control_r)]
        for name, link in way.items():
            argv += [f"--{name}-delay-ms", repr(link.delay_ms), f"--{name}-jitter-ms", repr(link.jitter_ms),
                     f"--{name}-loss", repr(link.loss)]
        if self.seed is not None:
            argv += ["--seed", str(self.seed)]
        try:
            self._relay = subprocess.Popen(argv, pass_fds=(self._near_fd, self._far_fd, control_r))
        finally:
            os.close(control_r)

    # -- closing --------------------------------------------------------------------------------

    def close(self) -> None:
        """Stop the relay, drop the devices and the far side's thread. Idempotent. Sockets, threads
        and processes made on the far side are the caller's to close (before, preferably)."""
        with self._has_job:
            self._closed = True
            self._has_job.notify()
        if self._control_w >= 0:
            os.close(self._control_w)
            self._control_w = -1
        if self._relay is not None:
            try:
                self._relay.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._relay.kill()
                self._relay.wait(timeout=5)
            self._relay = None
        for fd in (self._near_fd, self._far_fd):
            if fd >= 0:
                os.close(fd)
        self._near_fd = self._far_fd = -1
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(5)

    def __enter__(self) -> FarSide:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def hold_pongs(session: Any, hold: float) -> None:
    """Make `session` (a NetSession) a liar about its lag: each Pong goes `hold` seconds late while
    claiming no hold at all (its receipt and sending times both the hold's middle, so that its clock
    offset still comes out right). The fake lag a link's slack must not believe (net.fair_slap);
    lagwire's Link is the real one."""
    from net import messages as m

    send = session._send

    def held(msg: Any) -> None:
        if isinstance(msg, m.Pong):
            middle = msg.t1 + hold / 2
            timer = threading.Timer(hold, send, (m.Pong(msg.t0, middle, middle),))
            timer.daemon = True
            timer.start()
        else:
            send(msg)

    session._send = held


# -- the relay process ----------------------------------------------------------------------------

def relay(near_fd: int, far_fd: int, control_fd: int, up: Link, down: Link, seed: int | None = None) -> None:
    """Carry IPv4 packets between the two TUN devices until `control_fd` reads end of file: each
    held back by its direction's delay and jitter, TCP data in order, UDP with its direction's loss."""
    rng = random.Random(seed)
    for fd in (near_fd, far_fd):
        os.set_blocking(fd, False)
    target = {near_fd: far_fd, far_fd: near_fd}
    link = {near_fd: down, far_fd: up}          # by the device a packet was read from
    held: list[tuple[float, int, int, bytes]] = []      # (due, n, to fd, packet)
    in_flight = {near_fd: 0, far_fd: 0}                 # by the device a packet goes to
    last_tcp = {near_fd: 0.0, far_fd: 0.0}
    n = itertools.count()
    sel = selectors.DefaultSelector()
    for fd in (near_fd, far_fd, control_fd):
        sel.register(fd, selectors.EVENT_READ)
    while True:
        now = time.monotonic()
        while held and held[0][0] <= now:
            _, _, to, packet = heapq.heappop(held)
            in_flight[to] -= 1
            try:
                os.write(to, packet)
            except OSError:
                pass            # the device is going away, or its queue is full: lost
        timeout = max(0.0, held[0][0] - time.monotonic()) if held else None
        for key, _ in sel.select(timeout):
            fd = key.fd
            if fd == control_fd:
                if not os.read(control_fd, 64):
                    return
                continue
            for _ in range(64):
                try:
                    packet = os.read(fd, 65535)
                except (BlockingIOError, InterruptedError):
                    break
                except OSError:
                    return      # the device is gone
                if len(packet) < 20 or packet[0] >> 4 != 4:
                    continue    # IPv4 only
                to, way = target[fd], link[fd]
                proto = packet[9]
                if proto == socket.IPPROTO_UDP and way.drops(rng):
                    continue
                if in_flight[to] >= MAX_IN_FLIGHT:
                    continue
                due = time.monotonic() + way.sample_delay_s(rng)
                if proto == socket.IPPROTO_TCP and _carries_data(packet):
                    due = last_tcp[to] = max(due, last_tcp[to])
                in_flight[to] += 1
                heapq.heappush(held, (due, next(n), to, packet))


def _carries_data(packet: bytes) -> bool:
    """Does this IPv4 TCP packet carry data, a SYN or a FIN (anything but a bare acknowledgement)?"""
    header = (packet[0] & 0x0F) * 4
    if len(packet) < header + 14:
        return True
    total = int.from_bytes(packet[2:4], "big")
    offset = (packet[header + 12] >> 4) * 4
    return total - header - offset > 0 or bool(packet[header + 13] & 0x03)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--relay", nargs=3, type=int, metavar=("NEAR_FD", "FAR_FD", "CONTROL_FD"), required=True)
    for way in ("up", "down"):
        p.add_argument(f"--{way}-delay-ms", type=float, default=0.0)
        p.add_argument(f"--{way}-jitter-ms", type=float, default=0.0)
        p.add_argument(f"--{way}-loss", type=float, default=0.0)
    p.add_argument("--seed", type=int)
    args = p.parse_args(argv)
    up = Link(args.up_delay_ms, args.up_jitter_ms, args.up_loss)
    down = Link(args.down_delay_ms, args.down_jitter_ms, args.down_loss)
    near, far, control = args.relay
    try:
        relay(near, far, control, up, down, args.seed)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
