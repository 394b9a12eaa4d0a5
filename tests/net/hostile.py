"""A hostile client on the LAN, for the socket tests and tools/bench/bench_flood.py.

It knows what a sniffer knows (a player's reconnect token and Hello travel in the clear) and tries the
attacks of issue 8 against a host at 127.0.0.1 (only ever loopback, inside the test's namespace):

- `stolen_token_intent`: UDP intents naming a player by its token, a huge ref, an illegal move, in
  the shape protocol version 2 took (`token`) and in today's (`key`);
- `replay_hello`: a player's Hello again, on a connection of its own;
- `idle`: connections that never say anything (slot exhaustion);
- `trickle`: connections that send a 64 KiB frame's length prefix, then a byte now and then;
- `junk_frames`: frames that are not messages, as fast as the host takes them.
"""
from __future__ import annotations

import contextlib
import socket
import struct
import threading
import time
from collections.abc import Callable
from typing import Any

from net import messages as m
from net.protocol import encode_datagram, encode_frame

LO = "127.0.0.1"
HEADER = struct.Struct(">I")
HUGE_REF = 2**53


class Hostile:
    def __init__(self, port: int, host: str = LO) -> None:
        self.address = (host, port)
        self.udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.socks: list[socket.socket] = []
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    # -- UDP ------------------------------------------------------------------------------------------

    def datagram(self, data: dict | m.Message) -> None:
        body = data if isinstance(data, dict) else m.encode(data)
        self.udp.sendto(encode_datagram(body), self.address)

    def stolen_token_intent(self, token: bytes, action: list, step: int = 0,
                            ref: int = HUGE_REF) -> None:
        """The attack of issue 8, point 1: a player's token, a huge ref, a move of its seat."""
        old = {"t": "udp_intent", "token": token, "ref": ref, "step": step, "action": action}
        self.datagram(old)                                   # as protocol version 2 took it
        self.datagram({**{k: v for k, v in old.items() if k != "token"}, "key": token})

    # -- TCP ------------------------------------------------------------------------------------------

    def connect(self) -> socket.socket:
        sock = socket.create_connection(self.address, timeout=5)
        self.socks.append(sock)
        return sock

    def replay_hello(self, hello: m.Hello) -> socket.socket:
        sock = self.connect()
        sock.sendall(encode_frame(m.encode(hello)))
        return sock

    def idle(self, count: int) -> list[socket.socket]:
        """`count` connections that say nothing (many may be closed by the host at once)."""
        return [self.connect() for _ in range(count)]

    def trickle(self, count: int, size: int = 64 * 1024, every: float = 0.05) -> list[socket.socket]:
        """`count` connections, each sending a `size`-byte frame's length prefix and then one byte
        every `every` seconds, in a thread, until the host closes it or close() is called."""
        socks = [self.connect() for _ in range(count)]
        for sock in socks:
            sock.sendall(HEADER.pack(size))
        thread = threading.Thread(target=self._trickle, args=(socks, every), daemon=True)
        thread.start()
        self._threads.append(thread)
        return socks

    def _trickle(self, socks: list[socket.socket], every: float) -> None:
        live = list(socks)
        while live and not self._stop.wait(every):
            for sock in list(live):
                try:
                    sock.send(b"\x00")
                except OSError:
                    live.remove(sock)

    def junk_frames(self, sock: socket.socket, frames: int, batch: int = 500,
                    heard: Callable[[bytes], None] | None = None) -> int:
        """Send `frames` frames that are no message (garbage bodies, valid msgpack that is no
        message, an unknown type), reading what the host answers meanwhile (handed to `heard`,
        else discarded) so that it never drops us for not reading. Returns how many were sent
        before the host closed the connection."""
        kinds = [HEADER.pack(3) + b"\xc1\xc1\xc1",
                 encode_frame([1, 2, 3]),
                 encode_frame({"t": "teleport", "to": "moon"})]
        chunk = b"".join(kinds[i % len(kinds)] for i in range(batch))
        sent = 0
        sock.setblocking(False)
        try:
            while sent < frames:
                n = min(batch, frames - sent)
                data = chunk if n == batch else b"".join(kinds[i % len(kinds)] for i in range(n))
                view = memoryview(data)
                while view:
                    self._discard(sock, heard)
                    try:
                        view = view[sock.send(view):]
                    except BlockingIOError:
                        time.sleep(0.0005)
                sent += n
        except OSError:
            return sent
        finally:
            sock.setblocking(True)
        return sent

    @staticmethod
    def _discard(sock: socket.socket, heard: Callable[[bytes], None] | None = None) -> None:
        with contextlib.suppress(BlockingIOError):
            while data := sock.recv(1 << 16):
                if heard is not None:
                    heard(data)

    def close(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(2)
        for sock in self.socks + [self.udp]:
            with contextlib.suppress(OSError):
                sock.close()
        self.socks = []


def closed_by_host(sock: socket.socket, timeout: float = 5.0) -> tuple[bool, list[Any]]:
    """Read until the host closes `sock` (True) or `timeout` passes (False); the messages read."""
    from net.protocol import FrameDecoder, ProtocolError

    decoder = FrameDecoder()
    got: list[Any] = []
    end = time.monotonic() + timeout
    sock.setblocking(True)
    while time.monotonic() < end:
        sock.settimeout(max(0.01, end - time.monotonic()))
        try:
            data = sock.recv(1 << 16)
        except TimeoutError:
            break
        except OSError:
            return True, got
        if not data:
            return True, got
        try:
            got += [m.decode(f) for f in decoder.feed(data)]
        except ProtocolError:
            pass
    return False, got
