"""The lag proxy between a client and an echo server, all on 127.0.0.1.

Delays are checked as lower bounds only (an outcome: the proxy did hold the
data back), never as upper bounds or speeds.
"""
from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar

import pytest
from lagproxy import (
    LagConfig,
    LagProxy,
    LagProxyError,
    Link,
    build_parser,
    config_from_args,
    main,
)
from threaded_lagproxy import ThreadedLagProxy

from net.address import Address

LOCAL = Address("127.0.0.1", 0)
TEST_DEADLINE_S = 20.0  # every async test is cut off after this
T = TypeVar("T")


def run(coro_fn: Callable[[], Awaitable[T]]) -> T:
    async def bounded() -> T:
        return await asyncio.wait_for(coro_fn(), TEST_DEADLINE_S)

    return asyncio.run(bounded())


class UdpEcho(asyncio.DatagramProtocol):
    def __init__(self) -> None:
        self.received = 0
        self.transport: asyncio.DatagramTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def datagram_received(self, data: bytes, addr: tuple[Any, ...]) -> None:
        self.received += 1
        assert self.transport is not None
        self.transport.sendto(data, addr)


class UdpClient(asyncio.DatagramProtocol):
    def __init__(self) -> None:
        self.received: list[bytes] = []
        self.arrived: list[float] = []

    def datagram_received(self, data: bytes, addr: tuple[Any, ...]) -> None:
        self.received.append(data)
        self.arrived.append(time.monotonic())


@contextlib.asynccontextmanager
async def echo_servers() -> AsyncIterator[tuple[Address, UdpEcho]]:
    """TCP and UDP echo on one 127.0.0.1 port."""

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
            writer.write_eof()
        except ConnectionError:
            pass
        finally:
            writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    loop = asyncio.get_running_loop()
    udp, echo = await loop.create_datagram_endpoint(UdpEcho, local_addr=("127.0.0.1", port))
    try:
        yield Address("127.0.0.1", port), echo
    finally:
        udp.close()
        server.close()
        await server.wait_closed()


async def udp_client(to: Address) -> tuple[asyncio.DatagramTransport, UdpClient]:
    loop = asyncio.get_running_loop()
    transport, proto = await loop.create_datagram_endpoint(UdpClient, remote_addr=tuple(to))
    return transport, proto


async def wait_until(pred: Callable[[], bool], timeout: float = 5.0) -> bool:
    end = time.monotonic() + timeout
    while not pred() and time.monotonic() < end:
        await asyncio.sleep(0.01)
    return pred()


# ----------------------------------------------------------------- TCP


def test_tcp_bytes_arrive_intact_and_in_order_despite_jitter() -> None:
    payload = random.Random(7).randbytes(600_000)

    async def scenario() -> None:
        async with echo_servers() as (target, _):
            cfg = LagConfig.symmetric(LOCAL, target, delay_ms=3, jitter_ms=3, seed=1)
            async with LagProxy(cfg) as proxy:
                reader, writer = await asyncio.open_connection(*proxy.address)

                async def send() -> None:
                    # Many small writes, so jitter gets many chances to reorder.
                    for i in range(0, len(payload), 7000):
                        writer.write(payload[i : i + 7000])
                        await writer.drain()
                        await asyncio.sleep(0)
                    writer.write_eof()

                sender = asyncio.ensure_future(send())
                echoed = await reader.read(-1)  # until the proxied EOF comes back
                await sender
                writer.close()
                assert echoed == payload
                stats = proxy.stats
                assert stats.tcp_bytes_up == len(payload) == stats.tcp_bytes_down
                assert stats.tcp_connections == 1

    run(scenario)


def test_tcp_delay_is_added_each_way() -> None:
    async def scenario() -> None:
        async with echo_servers() as (target, _):
            up, down = Link(delay_ms=30), Link(delay_ms=20)
            async with LagProxy(LagConfig(LOCAL, target, up, down)) as proxy:
                reader, writer = await asyncio.open_connection(*proxy.address)
                for _ in range(3):
                    start = time.monotonic()
                    writer.write(b"ping")
                    await writer.drain()
                    assert await reader.readexactly(4) == b"ping"
                    assert time.monotonic() - start >= 0.050  # 30 + 20 ms, a lower bound
                writer.close()

    run(scenario)


def test_tcp_to_a_dead_target_closes_the_client() -> None:
    async def scenario() -> None:
        with socket.socket() as s:  # a port nobody listens on
            s.bind(("127.0.0.1", 0))
            dead = Address("127.0.0.1", s.getsockname()[1])
        async with LagProxy(LagConfig(LOCAL, dead, tcp=True, udp=False)) as proxy:
            reader, writer = await asyncio.open_connection(*proxy.address)
            with contextlib.suppress(ConnectionError):
                assert await reader.read() == b""
            writer.close()
            assert await wait_until(lambda: proxy.stats.tcp_refused == 1)

    run(scenario)


def test_connections_beyond_the_limit_are_refused() -> None:
    async def scenario() -> None:
        async with echo_servers() as (target, _):
            cfg = LagConfig(LOCAL, target, max_connections=1, udp=False)
            async with LagProxy(cfg) as proxy:
                r1, w1 = await asyncio.open_connection(*proxy.address)
                w1.write(b"a")
                assert await r1.readexactly(1) == b"a"  # first one is served
                r2, w2 = await asyncio.open_connection(*proxy.address)
                with contextlib.suppress(ConnectionError):
                    assert await r2.read() == b""
                assert proxy.stats.tcp_refused == 1
                for w in (w1, w2):
                    w.close()

    run(scenario)


# ----------------------------------------------------------------- UDP


@pytest.mark.parametrize(("loss", "expected"), [(0.0, 40), (1.0, 0)])
def test_udp_loss_extremes(loss: float, expected: int) -> None:
    async def scenario() -> None:
        async with echo_servers() as (target, echo):
            cfg = LagConfig(LOCAL, target, Link(loss=loss), Link(), seed=3)
            async with LagProxy(cfg) as proxy:
                transport, client = await udp_client(proxy.address)
                for i in range(40):
                    transport.sendto(b"d%d" % i)
                if expected:
                    assert await wait_until(lambda: len(client.received) == expected)
                else:
                    # Nothing can be in flight once every datagram is accounted for.
                    assert await wait_until(lambda: proxy.stats.udp_dropped_up == 40)
                    await asyncio.sleep(0.05)
                assert len(client.received) == expected
                assert echo.received == expected
                assert sorted(client.received) == sorted(b"d%d" % i for i in range(expected))
                transport.close()

    run(scenario)


def test_udp_loss_is_per_direction() -> None:
    async def scenario() -> None:
        async with echo_servers() as (target, echo):
            cfg = LagConfig(LOCAL, target, Link(loss=0.0), Link(loss=1.0))
            async with LagProxy(cfg) as proxy:
                transport, client = await udp_client(proxy.address)
                for i in range(20):
                    transport.sendto(b"x")
                assert await wait_until(lambda: proxy.stats.udp_dropped_down == 20)
                assert echo.received == 20  # every datagram reached the target...
                assert client.received == []  # ...and no reply came back
                transport.close()

    run(scenario)


def test_udp_delay_is_added_and_replies_reach_the_right_client() -> None:
    async def scenario() -> None:
        async with echo_servers() as (target, _):
            cfg = LagConfig(LOCAL, target, Link(delay_ms=25), Link(delay_ms=15))
            async with LagProxy(cfg) as proxy:
                (ta, a), (tb, b) = await udp_client(proxy.address), await udp_client(proxy.address)
                start = time.monotonic()
                ta.sendto(b"from-a")
                tb.sendto(b"from-b")
                assert await wait_until(lambda: bool(a.received and b.received))
                assert a.received == [b"from-a"] and b.received == [b"from-b"]
                assert min(a.arrived + b.arrived) - start >= 0.040  # 25 + 15 ms, a lower bound
                ta.close()
                tb.close()

    run(scenario)


# ----------------------------------------------------------------- lifecycle


def test_threaded_proxy_serves_blocking_clients_and_stops() -> None:
    async def scenario() -> None:
        async with echo_servers() as (target, _):
            proxy = ThreadedLagProxy(LagConfig.symmetric(LOCAL, target, delay_ms=5))
            address = proxy.start()

            def blocking_round_trip() -> bytes:
                with socket.create_connection(tuple(address), timeout=5) as s:
                    s.sendall(b"hello")
                    s.shutdown(socket.SHUT_WR)
                    chunks = []
                    while data := s.recv(100):
                        chunks.append(data)
                    return b"".join(chunks)

            assert await asyncio.to_thread(blocking_round_trip) == b"hello"
            await asyncio.to_thread(proxy.stop)
            with pytest.raises(OSError):
                socket.create_connection(tuple(address), timeout=2).close()

    run(scenario)


def test_lifetime_stops_the_proxy_by_itself() -> None:
    async def scenario() -> None:
        cfg = LagConfig(LOCAL, Address("127.0.0.1", 9), lifetime_s=0.05)
        proxy = LagProxy(cfg)
        address = await proxy.start()
        await asyncio.wait_for(proxy.wait_stopped(), 5)
        with pytest.raises(OSError):
            await asyncio.open_connection(*address)

    run(scenario)


def test_stop_cuts_open_connections() -> None:
    async def scenario() -> None:
        async with echo_servers() as (target, _):
            proxy = LagProxy(LagConfig.symmetric(LOCAL, target, delay_ms=1000))
            await proxy.start()
            reader, writer = await asyncio.open_connection(*proxy.address)
            writer.write(b"held back for a second")
            await asyncio.sleep(0.02)
            await proxy.stop()
            with contextlib.suppress(ConnectionError):
                assert await reader.read() == b""  # closed, the held data never came
            writer.close()
            await proxy.stop()  # idempotent

    run(scenario)


def test_busy_port_is_a_clear_error() -> None:
    async def scenario() -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            s.listen()
            busy = Address("127.0.0.1", s.getsockname()[1])
            with pytest.raises(LagProxyError, match="cannot listen"):
                await LagProxy(LagConfig(busy, Address("127.0.0.1", 9))).start()

    run(scenario)


@pytest.mark.parametrize(
    "make",
    [
        lambda: Link(delay_ms=-1),
        lambda: Link(jitter_ms=-1),
        lambda: Link(loss=1.5),
        lambda: LagConfig(LOCAL, Address("127.0.0.1", 9), tcp=False, udp=False),
        lambda: LagConfig(LOCAL, Address("127.0.0.1", 0)),
        lambda: LagConfig(LOCAL, Address("127.0.0.1", 9), max_in_flight=0),
    ],
)
def test_bad_config_is_rejected(make: Callable[[], object]) -> None:
    with pytest.raises(ValueError):
        make()


# ----------------------------------------------------------------- command line


def test_cli_arguments_map_to_config() -> None:
    args = build_parser().parse_args(
        ["--listen", "127.0.0.1:9001", "--target", "127.0.0.1:9000", "--delay-ms", "40", "--jitter-ms", "10", "--loss", "0.05", "--down-delay-ms", "5", "--udp-only", "--seed", "4"]
    )
    cfg = config_from_args(args)
    assert cfg.listen == ("127.0.0.1", 9001) and cfg.target == ("127.0.0.1", 9000)
    assert cfg.upstream == Link(40, 10, 0.05)
    assert cfg.downstream == Link(5, 10, 0.05)
    assert (cfg.tcp, cfg.udp, cfg.seed) == (False, True, 4)


def test_cli_runs_for_its_duration(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--listen", "127.0.0.1:0", "--target", "127.0.0.1:9", "--duration", "0.1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("lagproxy 127.0.0.1:")
    assert "stopped" in out


def test_cli_rejects_a_bad_address(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--listen", "127.0.0.1:0", "--target", "nowhere:port"])
    assert info.value.code == 2
    assert "port must be a number" in capsys.readouterr().err
