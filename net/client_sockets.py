"""The socket side of a peer's connection to its host (net.client.PeerClient, which it is a part of):
opening the TCP connection and its UDP twin and saying Hello, writing frames, reading frames and
datagrams into the session, and closing the two. Everything here runs in the client's thread."""
from __future__ import annotations

import errno
import logging
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import messages as m
from .peer_core import PeerCore
from .protocol import (
    READ_SIZE,
    FrameDecoder,
    ProtocolError,
    SchemaError,
    decode_datagram,
    encode_datagram,
    encode_frame,
)
from .session import NetSession

log = logging.getLogger("net.client")     # the client's news, in its log lines


@dataclass
class ClientStats:
    connects: int = 0
    attempts: int = 0            # connections tried (made or not)
    tcp_bytes_in: int = 0
    tcp_bytes_out: int = 0
    udp_out: int = 0
    udp_in: int = 0
    errors: list[str] = field(default_factory=list)


class ClientSockets:
    """PeerClient's sockets. The client sets every attribute below in its __init__."""

    address: tuple[str, int]
    session: NetSession
    peer: PeerCore
    clock: Callable[[], float]
    stats: ClientStats
    problem: str
    _sock: socket.socket | None
    _udp: socket.socket | None
    _decoder: FrameDecoder
    _out: bytearray
    _last_heard: float
    _bye: str

    def _connect_once(self, timeout: float) -> str | None:
        self.stats.attempts += 1
        host, port = self.address
        try:
            infos = socket.getaddrinfo(host, port, socket.AF_UNSPEC, socket.SOCK_STREAM)
        except socket.gaierror as exc:
            return f"unknown host {host!r} ({exc.strerror})"
        family, _, _, _, sockaddr = infos[0]
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.settimeout(timeout)
        try:
            sock.connect(sockaddr)
        except TimeoutError:
            sock.close()
            return f"no answer from {host}:{port}"
        except OSError as exc:
            sock.close()
            if exc.errno == errno.ECONNREFUSED:
                return f"nothing is listening at {host}:{port}"
            return f"cannot reach {host}:{port}: {exc.strerror or exc}"
        sock.setblocking(False)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        udp = socket.socket(family, socket.SOCK_DGRAM)
        try:
            udp.connect(sockaddr)
            udp.setblocking(False)
        except OSError:
            udp.close()
            self._sock, self._udp = sock, None      # TCP alone carries everything that matters
        else:
            self._sock, self._udp = sock, udp
        self._decoder = FrameDecoder()
        self._out = bytearray()
        self._last_heard = self.clock()
        self.stats.connects += 1
        with self.session.lock:
            hello = self.peer.hello()
        self._write(hello)
        return None

    def _write(self, msg: m.Message) -> None:
        self._out += encode_frame(m.encode(msg))

    def _flush(self) -> bool:
        sock = self._sock
        if sock is None:
            return False
        try:
            sent = sock.send(self._out)
        except (BlockingIOError, InterruptedError):
            return True
        except OSError as exc:
            self.problem = f"the connection broke ({exc.strerror or exc})"
            return False
        del self._out[:sent]
        self.stats.tcp_bytes_out += sent
        return True

    def _flush_for(self, seconds: float) -> None:
        deadline = self.clock() + seconds
        while self._out and self.clock() < deadline:
            if not self._flush():
                return
            if self._out:
                time.sleep(0.005)

    def _read_tcp(self) -> bool:
        sock = self._sock
        assert sock is not None
        try:
            data = sock.recv(READ_SIZE)
        except (BlockingIOError, InterruptedError):
            return True
        except OSError as exc:
            self.problem = f"the connection broke ({exc.strerror or exc})"
            return False
        if not data:
            self.problem = "the host closed the connection"
            return False
        now = self.clock()
        self._last_heard = now
        self.stats.tcp_bytes_in += len(data)
        try:
            frames = self._decoder.feed(data)
        except ProtocolError as exc:
            for frame in exc.frames:
                self._take(frame, now)
            log.info("bad data from the host at %s:%d: %s", *self.address, exc.text)
            if exc.fatal:
                self.problem = f"the host sent bad data: {exc.text}"
                return False
            return True
        for frame in frames:
            self._take(frame, now)
        return True

    def _take(self, frame: Any, now: float) -> None:
        try:
            msg = m.decode(frame, framed=True)
        except SchemaError:
            self.session.receive_raw(frame, now, framed=True)     # the session says what was wrong
            return
        if isinstance(msg, m.Bye) and msg.reason.strip():
            self._bye = msg.reason.strip()
        self.session.receive(msg, now)

    def _send_udp(self, msg: m.Message) -> None:
        if self._udp is None:
            return
        try:
            self._udp.send(encode_datagram(m.encode(msg)))
            self.stats.udp_out += 1
        except OSError:
            pass        # UDP is best effort; TCP carries everything that matters

    def _read_udp(self) -> None:
        assert self._udp is not None
        for _ in range(32):
            try:
                data = self._udp.recv(2048)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return
            now = self.clock()
            self.stats.udp_in += 1
            try:
                msg = m.decode(decode_datagram(data), framed=True)
            except ProtocolError:
                continue
            if isinstance(msg, m.Pong):
                self.session.receive(msg, now)

    def _disconnect(self) -> None:
        for sock in (self._sock, self._udp):
            if sock is not None:
                try:
                    sock.close()
                except OSError:
                    pass
        self._sock = self._udp = None


__all__ = ["ClientSockets", "ClientStats"]
