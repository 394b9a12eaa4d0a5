"""A user-space lag proxy: TCP and UDP on one port, with delay, jitter and loss. A developer's tool
for tests and benches (it does not ship in the game).

    python tools/lagproxy.py --listen 127.0.0.1:9001 --target 127.0.0.1:9000 \\
        --delay-ms 40 --jitter-ms 10 --loss 0.05

For trying LAN play under bad network conditions without root or tc/netem:
clients connect to the proxy's listen address, the proxy forwards to the
target, holding every chunk/datagram back by a configurable one-way delay
(plus uniform jitter) per direction.

- TCP: chunks keep their order (a chunk is never released before the one read
  before it), so jitter only ever adds delay; nothing is lost. Half-closes are
  forwarded after the same delay.
- UDP: every datagram gets its own delay, so jitter may reorder them, and each
  is dropped with probability ``loss`` of its direction.

Everything is bounded: connections, UDP peers, datagrams and chunks in flight.
Use it as ``async with LagProxy(cfg)``, as ``ThreadedLagProxy(cfg)`` with
``start()/stop()`` from synchronous code (tools/threaded_lagproxy.py), or from the
command line (``python tools/lagproxy.py --help``). ``lifetime_s`` makes it stop by itself.
"""
from __future__ import annotations

import asyncio
import contextlib
import errno
import random
import signal
import socket
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

if __package__ in (None, ""):
    # run as a script from a checkout: make `net` importable
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1]))

from lag_config import LagConfig, LagProxyError, LagStats, Link, build_parser, config_from_args

from net.address import Address, AddressError

__all__ = [
    "LagConfig",
    "LagProxy",
    "LagProxyError",
    "LagStats",
    "Link",
    "main",
]

_READ_CHUNK = 64 * 1024
_BIND_ATTEMPTS = 20
_SWEEP_INTERVAL_S = 1.0


@dataclass
class _UdpPeer:
    client: tuple[Any, ...]
    sock: socket.socket
    last_seen: float
    closed: bool = False


@dataclass
class _Timers:
    handles: set[asyncio.TimerHandle] = field(default_factory=set)
    up: int = 0  # UDP datagrams waiting, client -> target
    down: int = 0


class LagProxy:
    """The proxy on the running asyncio loop."""

    def __init__(self, config: LagConfig) -> None:
        self.config = config
        self._rng = random.Random(config.seed)
        self._stats = LagStats()
        self._server: asyncio.base_events.Server | None = None
        self._udp: asyncio.DatagramTransport | None = None
        self._udp_peers: dict[tuple[Any, ...], _UdpPeer] = {}
        self._timers = _Timers()
        self._conn_tasks: set[asyncio.Task[None]] = set()
        self._housekeeping: list[asyncio.Task[None] | asyncio.TimerHandle] = []
        self._address: Address | None = None
        self._udp_target: tuple[Any, ...] | None = None  # resolved once, at start
        self._udp_family = socket.AF_INET
        self._stopping = False
        self._stop_task: asyncio.Future[None] | None = None
        self._stopped = asyncio.Event()  # set once stop() has finished
        self._loop: asyncio.AbstractEventLoop | None = None

    # ----------------------------------------------------------------- lifecycle

    @property
    def address(self) -> Address:
        """Where clients connect (TCP) and send (UDP)."""
        if self._address is None:
            raise LagProxyError("the proxy is not started")
        return self._address

    @property
    def stats(self) -> LagStats:
        return self._stats.copy()

    @property
    def stopping(self) -> bool:
        return self._stopping

    async def start(self) -> Address:
        self._loop = asyncio.get_running_loop()
        cfg = self.config
        if cfg.udp:
            try:
                infos = await self._loop.getaddrinfo(cfg.target.host, cfg.target.port, type=socket.SOCK_DGRAM)
            except OSError as exc:
                raise LagProxyError(f"cannot resolve the target {cfg.target}: {exc}") from exc
            self._udp_family, _, _, _, self._udp_target = infos[0]
        last_error: OSError | None = None
        attempts = _BIND_ATTEMPTS if cfg.listen.port == 0 else 1
        for _ in range(attempts):
            try:
                await self._bind(cfg.listen.host, cfg.listen.port)
                break
            except OSError as exc:
                last_error = exc
                await self._close_listeners()
                if exc.errno != errno.EADDRINUSE:
                    break
        else:
            last_error = last_error or OSError("bind failed")
        if self._address is None:
            raise LagProxyError(f"cannot listen on {cfg.listen}: {last_error}") from last_error
        if cfg.udp:
            self._housekeeping.append(self._loop.create_task(self._sweep_udp_peers()))
        if cfg.lifetime_s is not None:
            self._housekeeping.append(self._loop.call_later(cfg.lifetime_s, self.stop_soon))
        return self._address

    async def _bind(self, host: str, port: int) -> None:
        assert self._loop is not None
        cfg = self.config
        bound_port = port
        if cfg.tcp:
            self._server = await asyncio.start_server(self._on_tcp_client, host, port, reuse_address=True)
            bound_port = self._server.sockets[0].getsockname()[1]
        if cfg.udp:
            # Same port as TCP, like the game itself (DESIGN: UDP on the same port).
            self._udp, _ = await self._loop.create_datagram_endpoint(
                lambda: _ListenProtocol(self), local_addr=(host, bound_port)
            )
            bound_port = self._udp.get_extra_info("sockname")[1]
        self._address = Address(host, bound_port)

    async def _close_listeners(self) -> None:
        self._address = None
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None
        if self._udp is not None:
            self._udp.close()
            self._udp = None

    def stop_soon(self) -> None:
        """Begin stopping, from a callback on the proxy's loop (timer, signal)."""
        if self._stop_task is None:
            self._stopping = True
            self._stop_task = asyncio.ensure_future(self._stop())

    async def stop(self) -> None:
        """Close everything; connections in progress are cut. Idempotent."""
        self.stop_soon()
        assert self._stop_task is not None
        await asyncio.shield(self._stop_task)

    async def _stop(self) -> None:
        for item in self._housekeeping:
            item.cancel()
        for handle in self._timers.handles:
            handle.cancel()
        self._timers.handles.clear()
        if self._server is not None:
            self._server.close()
        for task in list(self._conn_tasks):
            task.cancel()
        if self._conn_tasks:
            await asyncio.wait(self._conn_tasks, timeout=2.0)
        if self._server is not None:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._server.wait_closed(), 2.0)
        for peer in list(self._udp_peers.values()):
            self._close_peer(peer)
        if self._udp is not None:
            self._udp.close()
        self._stopped.set()

    async def wait_stopped(self) -> None:
        """Return once the proxy has stopped (by stop(), stop_soon() or lifetime_s)."""
        await self._stopped.wait()

    async def __aenter__(self) -> LagProxy:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # ----------------------------------------------------------------- TCP

    async def _on_tcp_client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        if self._stopping or len(self._conn_tasks) >= self.config.max_connections:
            self._stats.tcp_refused += 1
            writer.close()
            return
        self._conn_tasks.add(task)
        try:
            await self._serve_tcp(reader, writer)
        finally:
            self._conn_tasks.discard(task)

    async def _serve_tcp(self, c_reader: asyncio.StreamReader, c_writer: asyncio.StreamWriter) -> None:
        cfg = self.config
        try:
            t_reader, t_writer = await asyncio.wait_for(
                asyncio.open_connection(cfg.target.host, cfg.target.port), timeout=5.0
            )
        except (TimeoutError, OSError):
            self._stats.tcp_refused += 1
            c_writer.close()
            return
        self._stats.tcp_connections += 1
        pumps = [
            asyncio.ensure_future(self._pump(c_reader, t_writer, cfg.upstream, up=True)),
            asyncio.ensure_future(self._pump(t_reader, c_writer, cfg.downstream, up=False)),
        ]
        try:
            # A failing direction (reset) ends the connection; a clean EOF only
            # half-closes, and the other direction carries on.
            done, pending = await asyncio.wait(pumps, return_when=asyncio.FIRST_EXCEPTION)
            for task in pending:
                task.cancel()
            await asyncio.gather(*pending, return_exceptions=True)
        finally:
            for task in pumps:
                task.cancel()
            for writer in (c_writer, t_writer):
                writer.close()
            for writer in (c_writer, t_writer):
                with contextlib.suppress(OSError, asyncio.CancelledError, asyncio.TimeoutError):
                    await asyncio.wait_for(writer.wait_closed(), 1.0)

    async def _pump(
        self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, link: Link, *, up: bool
    ) -> None:
        loop = asyncio.get_running_loop()
        # Bounded: a slow receiver makes the reader wait, so TCP backpressure
        # still reaches the sender.
        queue: asyncio.Queue[tuple[float, bytes]] = asyncio.Queue(self.config.max_in_flight)

        async def release() -> None:
            while True:
                due, data = await queue.get()
                wait = due - loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)
                if not data:
                    if writer.can_write_eof():
                        writer.write_eof()
                    return
                writer.write(data)
                await writer.drain()
                if up:
                    self._stats.tcp_bytes_up += len(data)
                else:
                    self._stats.tcp_bytes_down += len(data)

        releaser = asyncio.ensure_future(release())
        try:
            last_due = 0.0
            while True:
                data = await reader.read(_READ_CHUNK)
                # Never before the previous chunk: jitter must not reorder a stream.
                last_due = max(loop.time() + link.sample_delay_s(self._rng), last_due)
                put = asyncio.ensure_future(queue.put((last_due, data)))
                # Wait for room, but fail at once if the writer side died.
                await asyncio.wait([put, releaser], return_when=asyncio.FIRST_COMPLETED)
                if not put.done():
                    put.cancel()
                if releaser.done():
                    releaser.result()  # re-raise a write error
                    return
                if not data:
                    break
            await releaser
        finally:
            releaser.cancel()

    # ----------------------------------------------------------------- UDP

    def _on_client_datagram(self, data: bytes, client: tuple[Any, ...]) -> None:
        if self._stopping:
            return
        link = self.config.upstream
        if link.drops(self._rng) or self._timers.up >= self.config.max_in_flight:
            self._stats.udp_dropped_up += 1
            return
        peer = self._udp_peers.get(client)
        if peer is None:
            peer = self._open_peer(client)
            if peer is None:
                self._stats.udp_dropped_up += 1
                return
        peer.last_seen = time.monotonic()
        self._timers.up += 1
        self._schedule(link.sample_delay_s(self._rng), self._send_up, peer, data)

    def _send_up(self, peer: _UdpPeer, data: bytes) -> None:
        self._timers.up -= 1
        if peer.closed:
            self._stats.udp_dropped_up += 1
            return
        try:
            peer.sock.send(data)
            self._stats.udp_forwarded_up += 1
        except OSError:  # buffer full or target unreachable: UDP may lose it
            self._stats.udp_dropped_up += 1

    def _on_target_readable(self, peer: _UdpPeer) -> None:
        link = self.config.downstream
        while not peer.closed:
            try:
                data = peer.sock.recv(65535)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:  # ICMP port unreachable from an earlier send; error now cleared
                return
            peer.last_seen = time.monotonic()
            if link.drops(self._rng) or self._timers.down >= self.config.max_in_flight:
                self._stats.udp_dropped_down += 1
                continue
            self._timers.down += 1
            self._schedule(link.sample_delay_s(self._rng), self._send_down, peer.client, data)

    def _send_down(self, client: tuple[Any, ...], data: bytes) -> None:
        self._timers.down -= 1
        if self._udp is None or self._udp.is_closing():
            self._stats.udp_dropped_down += 1
            return
        self._udp.sendto(data, client)
        self._stats.udp_forwarded_down += 1

    def _schedule(self, delay_s: float, fn: Any, *args: Any) -> None:
        assert self._loop is not None
        handle: asyncio.TimerHandle

        def fire() -> None:
            self._timers.handles.discard(handle)
            fn(*args)

        handle = self._loop.call_later(delay_s, fire)
        self._timers.handles.add(handle)

    def _open_peer(self, client: tuple[Any, ...]) -> _UdpPeer | None:
        assert self._loop is not None
        if len(self._udp_peers) >= self.config.max_udp_peers:
            oldest = min(self._udp_peers.values(), key=lambda p: p.last_seen)
            self._close_peer(oldest)
        assert self._udp_target is not None
        try:
            sock = socket.socket(self._udp_family, socket.SOCK_DGRAM)
        except OSError:
            return None
        try:
            sock.setblocking(False)
            # One socket per client, so the target's replies can be told apart.
            sock.connect(self._udp_target)
        except OSError:
            sock.close()
            return None
        peer = _UdpPeer(client, sock, time.monotonic())
        self._loop.add_reader(sock.fileno(), self._on_target_readable, peer)
        self._udp_peers[client] = peer
        return peer

    def _close_peer(self, peer: _UdpPeer) -> None:
        if peer.closed:
            return
        peer.closed = True
        self._udp_peers.pop(peer.client, None)
        if self._loop is not None:
            self._loop.remove_reader(peer.sock.fileno())
        peer.sock.close()

    async def _sweep_udp_peers(self) -> None:
        while True:
            await asyncio.sleep(_SWEEP_INTERVAL_S)
            cutoff = time.monotonic() - self.config.udp_idle_s
            for peer in [p for p in self._udp_peers.values() if p.last_seen < cutoff]:
                self._close_peer(peer)


class _ListenProtocol(asyncio.DatagramProtocol):
    def __init__(self, proxy: LagProxy) -> None:
        self._proxy = proxy

    def datagram_received(self, data: bytes, addr: tuple[Any, ...]) -> None:
        self._proxy._on_client_datagram(data, addr)

    def error_received(self, exc: Exception) -> None:
        pass  # ICMP errors about clients that went away: UDP shrugs


async def _serve(config: LagConfig, stats_every: float) -> LagStats:
    proxy = LagProxy(config)
    address = await proxy.start()
    kinds = "+".join(k for k, on in (("tcp", config.tcp), ("udp", config.udp)) if on)
    print(f"lagproxy {address} -> {config.target} ({kinds})", flush=True)
    print(f"  up   (client->target): {config.upstream.describe()}", flush=True)
    print(f"  down (target->client): {config.downstream.describe()}", flush=True)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, proxy.stop_soon)
    if stats_every > 0:
        while not proxy.stopping:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(proxy.wait_stopped(), stats_every)
            print(f"  {proxy.stats}", flush=True)
    await proxy.wait_stopped()
    return proxy.stats


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        config = config_from_args(args)
    except (AddressError, ValueError) as exc:
        parser.error(str(exc))
    try:
        stats = asyncio.run(_serve(config, args.stats_every))
    except LagProxyError as exc:
        print(f"lagproxy: {exc}", file=sys.stderr)
        return 1
    print(f"lagproxy stopped: {stats}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
