"""The socket side of the host's server (net.server.HostServer, which it is a part of): accepting
connections and making room among strangers, reading frames and datagrams into the core, writing
what the core sends, closing, and counting bad input. Everything here runs in the server's thread."""
from __future__ import annotations

import itertools
import selectors
import socket
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from . import messages as m
from .bad_input import MAX_STRANGER_FRAME, STRANGER_BAD_FRAMES, BadData, strangers_to_close
from .clock import kernel_rtt
from .host_core import ConnId, HostCore, Outbox
from .listen import refuse_busy
from .protocol import MAX_FRAME, READ_SIZE, FrameDecoder, ProtocolError, decode_datagram, encode_datagram

MAX_DATAGRAMS_PER_WAKE = 64
MAX_ACCEPTS_PER_WAKE = 64


@dataclass
class Conn:
    cid: int
    sock: socket.socket
    addr: tuple
    decoder: FrameDecoder = field(default_factory=lambda: FrameDecoder(MAX_STRANGER_FRAME))
    out: bytearray = field(default_factory=bytearray)
    opened: float = 0.0
    last_heard: float = 0.0
    closing_at: float | None = None     # the core closed it: flush, then close by this time
    writing: bool = False               # registered for EVENT_WRITE
    joined: bool = False                # the core accepted its Hello (frames up to MAX_FRAME now)
    bad_frames: int = 0
    bytes_out: int = 0


@dataclass
class ServerStats:
    """Counters for benches and the curious (read from any thread; approximate while running)."""

    accepted: int = 0
    dropped_slow: int = 0
    strangers: int = 0             # connections open that have not joined, as of the last turn
    strangers_closed: int = 0      # closed to make room (over a stranger cap), or at their timeout
    busy: int = 0                  # turned away: max_conns open and no stranger among them
    bad: int = 0                   # bad input, host-wide (frames, messages, datagrams)
    tcp_bytes_out: int = 0
    tcp_bytes_in: int = 0
    udp_in: int = 0
    udp_bad: int = 0
    saves: int = 0
    errors: list[str] = field(default_factory=list)


class SocketSide:
    """HostServer's sockets. The server sets every attribute below in its __init__."""

    core: HostCore
    clock: Callable[[], float]
    stats: ServerStats
    bad_data: BadData
    max_conns: int
    max_strangers: int
    strangers_per_address: int
    _tcp: socket.socket
    _udp: socket.socket
    _sel: selectors.BaseSelector
    _conns: dict[ConnId, Conn]
    _ids: itertools.count[int]
    _out: Outbox

    if TYPE_CHECKING:      # the server's own, for what happens here
        def _notice(self, text: str, logged: bool = False) -> None: ...

        def _fault(self, exc: BaseException) -> None: ...

        def _seats_changed(self) -> Any: ...

    def _accept(self, now: float) -> None:
        for _ in range(MAX_ACCEPTS_PER_WAKE):
            try:
                sock, addr = self._tcp.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                # EMFILE and friends: nothing to accept into; try again on the next turn
                self._fault(exc)
                return
            self._make_room(str(addr[0]), now)
            if len(self._conns) >= self.max_conns:
                self.stats.busy += 1
                refuse_busy(sock)
                continue
            sock.setblocking(False)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            conn = Conn(next(self._ids), sock, addr, opened=now, last_heard=now)
            self._conns[conn.cid] = conn
            self._sel.register(sock, selectors.EVENT_READ, conn)
            self.core.connect(conn.cid, addr, now)
            self.stats.accepted += 1
            # a joiner sends its Hello as soon as it is connected, so it is usually here already:
            # read it now, before any later connection could push this one out
            self._read(conn, now)

    def _make_room(self, address: str, now: float) -> None:
        """Close strangers over the caps (the oldest of the busiest address first), so that one
        more connection from `address` fits."""
        strangers = [(c.cid, str(c.addr[0]), c.opened) for c in self._conns.values()
                     if not c.joined and c.closing_at is None]
        total = min(self.max_strangers, self.max_conns)
        for cid in strangers_to_close(strangers, address, self.strangers_per_address, total):
            self.stats.strangers_closed += 1
            self._drop(self._conns[cid], now, busy=True)
        while len(self._conns) >= self.max_conns:
            # closing connections (flushing a last message) still hold a slot: the oldest goes now
            closing = [c for c in self._conns.values() if c.closing_at is not None]
            if not closing:
                return
            self._close_socket(min(closing, key=lambda c: c.closing_at or 0.0))

    def _read(self, conn: Conn, now: float) -> None:
        try:
            data = conn.sock.recv(READ_SIZE)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            self._drop(conn, now)
            return
        if not data:
            self._drop(conn, now)
            return
        if conn.closing_at is not None:
            return          # the core is done with it: nothing it says counts any more
        self.stats.tcp_bytes_in += len(data)
        conn.last_heard = now
        if conn.joined:     # the kernel's round trip, which a peer holding its pongs cannot inflate
            self.core.latency.on_kernel(conn.cid, kernel_rtt(conn.sock))
        while True:
            try:
                frames = conn.decoder.feed(data)
            except ProtocolError as exc:
                for frame in exc.frames:
                    self._take(conn, frame, now)
                self._bad_data(conn, exc.text, now)
                self._out.extend(self.core.protocol_error(conn.cid, exc, now))
                if exc.fatal or conn.closing_at is not None or conn.cid not in self._conns:
                    return
                data = b""      # the bad frame was skipped: the frames after it are still owed
                continue
            for frame in frames:
                self._take(conn, frame, now)
            return

    def _take(self, conn: Conn, frame: Any, now: float) -> None:
        if conn.closing_at is not None or conn.cid not in self._conns:
            return          # closed by an earlier frame of the same read
        out = self.core.receive_raw(conn.cid, frame, now, framed=True)
        for cid, msg in out.sends:
            if cid == conn.cid and isinstance(msg, m.ErrorMsg) and msg.code == "bad_message":
                self._bad_data(conn, msg.text, now)
        self._out.extend(out)
        if not conn.joined and self.core.is_joined(conn.cid):
            conn.joined = True
            conn.decoder.max_frame = MAX_FRAME

    def _datagrams(self, now: float) -> None:
        for _ in range(MAX_DATAGRAMS_PER_WAKE):
            try:
                data, addr = self._udp.recvfrom(2048)
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return      # e.g. an ICMP error from an earlier send: nothing to do about it
            self.stats.udp_in += 1
            try:
                msg = m.decode(decode_datagram(data), framed=True)
            except ProtocolError as exc:
                self.stats.udp_bad += 1
                self._bad_udp(addr, exc.text, now)
                continue
            if isinstance(msg, m.Ping):
                pong = m.Pong(msg.t0, now, self.clock())
                try:
                    self._udp.sendto(encode_datagram(m.encode(pong)), addr)
                except OSError:
                    pass
            elif isinstance(msg, m.UdpIntent):
                out = self.core.udp_intent(msg, addr, now)
                if isinstance(out, str):
                    self.stats.udp_bad += 1
                    self._bad_udp(addr, f"UDP intent dropped: {out}", now)
                    continue
                self._out.extend(out)
            else:
                self.stats.udp_bad += 1
                self._bad_udp(addr, f"an unexpected {msg.TAG!r} datagram", now)

    def _flush(self, conn: Conn, now: float) -> None:
        if conn.out:
            try:
                sent = conn.sock.send(conn.out)
            except (BlockingIOError, InterruptedError):
                sent = 0
            except OSError:
                self._drop(conn, now)
                return
            if sent:
                del conn.out[:sent]
                conn.bytes_out += sent
                self.stats.tcp_bytes_out += sent
        if conn.closing_at is not None and not conn.out:
            self._close_socket(conn)
            return
        want = bool(conn.out)
        if want != conn.writing:
            events = selectors.EVENT_READ | (selectors.EVENT_WRITE if want else 0)
            self._sel.modify(conn.sock, events, conn)
            conn.writing = want

    def _drop(self, conn: Conn, now: float, busy: bool = False) -> None:
        """The connection is gone or useless: close it and tell the core. `busy`: it is closed
        to make room, and is told so (Refused "busy") on the way out."""
        self._close_socket(conn, busy)
        self._out.extend(self.core.disconnect(conn.cid, now))
        if conn.joined:
            # noticed now: the player may be back within this same turn (a new connection's Hello
            # is read as it is accepted), and "left" then "is back" is still the news
            self._seats_changed()

    def _close_socket(self, conn: Conn, busy: bool = False) -> None:
        if self._conns.pop(conn.cid, None) is None:
            return
        try:
            self._sel.unregister(conn.sock)
        except (KeyError, ValueError):
            pass
        if busy:
            refuse_busy(conn.sock)
            return
        try:
            conn.sock.close()
        except OSError:
            pass

    def _bad_data(self, conn: Conn, text: str, now: float) -> None:
        conn.bad_frames += 1
        self._count_bad(str(conn.addr[0]), text, now)
        if not conn.joined and conn.bad_frames >= STRANGER_BAD_FRAMES and conn.closing_at is None:
            # a stranger that sends junk: what it was told goes out, then it is closed, and
            # nothing more it sends is read
            self.stats.strangers_closed += 1
            conn.closing_at = now + 1.0
            self._out.extend(self.core.disconnect(conn.cid, now))

    def _bad_udp(self, addr: Any, text: str, now: float) -> None:
        self._count_bad(f"{addr[0]} (UDP)", text, now)

    def _count_bad(self, where: str, text: str, now: float) -> None:
        self.stats.bad += 1
        notice = self.bad_data.bad(where, text, now)
        if notice is not None:
            self._notice(notice)


__all__ = ["Conn", "ServerStats", "SocketSide"]
