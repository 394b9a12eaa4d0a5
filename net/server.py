"""HostServer: a HostCore behind real sockets, in one background thread.

One thread runs a `selectors` loop over a listening TCP socket, a UDP socket on the same port, the
accepted connections and a wake-up socket pair. Everything that touches the HostCore happens in that
thread; other threads talk to it through a queue:

- `call(fn)` runs fn(core, now) there and returns a Future (start, hand_to_bot, reads);
- `send_local(msg)` is the host player's own connection: an in-memory one, with no socket, whose
  messages go through exactly the same HostCore path as a remote peer's. Its replies are delivered
  by calling the local NetSession's receive in this thread.

TCP: a FrameDecoder per connection; bad frames are answered as the core says (core.protocol_error)
and the connection kept or closed as it says. Writes are buffered per connection with a cap: a peer
that does not read is dropped, never waited for. A joined connection silent for `idle_timeout` (the
core pings every joined connection every 2 s, so a live peer always answers) is dropped. Each read
of a joined connection also gives the core's latency table the kernel's own estimate of that
connection's round trip (TCP_INFO, net.clock.kernel_rtt), on which the slap race's slack rests.

Strangers (connections that have not said a Hello the core accepted: joiners a moment before their
Welcome, table queries, and anything hostile) cannot crowd out real joins:

- a stranger is closed `hello_timeout` seconds after it connected, whatever it sends meanwhile, and
  at its `STRANGER_BAD_FRAMES`th bad frame; its frames may not exceed `MAX_STRANGER_FRAME` bytes (a
  Hello is ~150), so a half-sent 64 KiB frame is refused as soon as its length prefix arrives;
- strangers have their own caps, `strangers_per_address` from one address and `max_strangers` in
  all, well under `max_conns`: a new connection over a cap closes the oldest stranger of the
  busiest address (which reads Refused "busy"), never a joined connection, and is itself kept. A
  new connection is read at once, so a joiner's Hello, already there, makes it a player before any
  later connection can push it out;
- each turn reads joined connections first, then UDP, then strangers, then accepts.

Only when `max_conns` connections are open and no stranger is among them does a new connection read
Refused "busy" and close. net.client.probe tries again for a moment on "busy".

UDP: Ping is answered with a Pong at once (clock sync; stateless). UdpIntent names its sender by the
pairing key its connection's Welcome carried (UDP has no connection, and a peer's UDP source port is
not its TCP one): the core takes it as an Intent of that connection if it comes from that
connection's IP address (net.host_core.HostCore.udp_intent), and the Intent's ref makes the first
of the TCP and UDP copies win. Datagrams that are not one of those two, or that do not decode or
match, are dropped without an answer: an answer to a spoofable source is a reflector.

Bad input (frames that do not decode, messages that are not valid, datagrams dropped) is counted
host-wide (BadData): the first of a quiet spell is one notice naming the address, then one notice
every `BAD_NOTICE_EVERY` seconds counts the rest; the details (who, what) go to the log file only,
at most `BAD_DETAILS` per period.

Faults: an exception in a turn of the loop (a bug in the core or here, a bot that fails) is logged
with its traceback and shown to the host as a notice; the loop goes on. An engine fault is the core's
to handle: it halts the game and tells everyone (net.host_core).

Autosave: after each batch of input, if the step, the start or the seats changed, `save(core)` is
called *before* the batch's messages are sent (net.save.AutoSaver): no peer ever holds a step the
save lacks, so a host resumed after a crash never goes back behind its peers.
"""
from __future__ import annotations

import concurrent.futures as cf
import errno
import itertools
import logging
import queue
import selectors
import socket
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core.errors import KomboError
from game.logs import FILE_ONLY

from . import messages as m
from .clock import kernel_rtt
from .host_core import ConnId, HostCore, Outbox
from .protocol import (
    MAX_FRAME,
    FrameDecoder,
    ProtocolError,
    decode_datagram,
    encode_datagram,
    encode_frame,
)
from .session import NetSession

log = logging.getLogger(__name__)

LOCAL: ConnId = "local"
READ_SIZE = 64 * 1024
MAX_DATAGRAMS_PER_WAKE = 64
MAX_ACCEPTS_PER_WAKE = 64
LISTEN_BACKLOG = 128
TICK = 0.02          # the loop's longest sleep while bots or timers may be due
FAILED = "The host stopped on an internal error ({}); details are in the host's log"
HELLO_TIMEOUT = 5.0            # a stranger's time to say Hello
STRANGERS_PER_ADDRESS = 8
MAX_STRANGERS = 32
MAX_STRANGER_FRAME = 1024      # before its Hello is accepted (a Hello is ~150 bytes)
STRANGER_BAD_FRAMES = 8        # a stranger is closed at its 8th bad frame
BAD_NOTICE_EVERY = 5.0         # one notice per this many seconds counts bad input
BAD_DETAILS = 10               # details logged (to the file) per such period
BUSY = "the host is busy: too many connections are waiting to join; try again in a moment"


class ServerError(KomboError):
    """The server could not start: no port to listen on, a bad bind address."""


@dataclass
class _Conn:
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


class BadData:
    """Bad input, counted host-wide so that a flood is a few lines, not one per frame.

    `bad()` returns a notice for the first bad input of a quiet spell (no notice in the last
    `every` seconds); `due()` returns one that counts the rest once `every` seconds have passed.
    The details go to the log file only (never the console), at most `details` per period."""

    MAX_ADDRESSES = 64

    def __init__(self, every: float = BAD_NOTICE_EVERY, details: int = BAD_DETAILS) -> None:
        self.every = every
        self.details = details
        self.total = 0
        self._noticed = float("-inf")    # when the last notice was given
        self._count = 0                  # bad inputs since that notice
        self._addresses: set[str] = set()
        self._logged = 0                 # details logged since that notice

    def bad(self, where: str, text: str, now: float) -> str | None:
        self.total += 1
        first = now - self._noticed >= self.every and not self._count
        if first:
            self._reset(now)
        if self._logged < self.details:
            self._logged += 1
            log.info("bad data from %s: %s", where, text, extra=FILE_ONLY)
        if first:
            return f"Bad data from {where} (details in the log file)"
        self._count += 1
        if len(self._addresses) < self.MAX_ADDRESSES:
            self._addresses.add(where)
        return self.due(now)

    def due(self, now: float) -> str | None:
        if not self._count or now - self._noticed < self.every:
            return None
        count, spread = self._count, len(self._addresses)
        seconds = now - self._noticed
        self._reset(now)
        more = "+" if spread >= self.MAX_ADDRESSES else ""
        where = "one address" if spread == 1 else f"{spread}{more} addresses"
        return (f"Bad data: {count} more in the last {seconds:.0f} s, from {where} "
                f"(details in the log file)")

    def _reset(self, now: float) -> None:
        self._noticed = now
        self._count = 0
        self._addresses.clear()
        self._logged = 0


def strangers_to_close(strangers: Sequence[tuple[Any, str, float]], address: str,
                       per_address: int, total: int) -> list[Any]:
    """Which strangers (id, address, opened) to close so that one more from `address` fits the
    caps: the oldest of `address` over `per_address`, then, over `total`, the oldest of whichever
    address has the most (so a crowd from one address never pushes out a joiner from another)."""
    left = sorted(strangers, key=lambda s: (s[2], str(s[0])))
    out: list[Any] = []
    mine = [s for s in left if s[1] == address]
    for victim in mine[:max(0, len(mine) - per_address + 1)]:
        out.append(victim[0])
        left.remove(victim)
    while left and len(left) >= total:
        counts: dict[str, int] = {}
        for s in left:
            counts[s[1]] = counts.get(s[1], 0) + 1
        busiest = max(counts.values())
        victim = next(s for s in left if counts[s[1]] == busiest)   # the oldest of the busiest
        out.append(victim[0])
        left.remove(victim)
    return out


Ticker = Callable[[float], None]
Saver = Callable[[HostCore], None]


def bind_pair(bind: str, ports: Sequence[int]) -> tuple[socket.socket, socket.socket]:
    """A listening TCP socket and a UDP socket on the same port: the first of `ports` where both
    can be had (0: any free port)."""
    last: OSError | None = None
    for port in ports:
        for _ in range(20 if port == 0 else 1):
            tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            try:
                # a restarted host (resume after a crash) gets its old port back at once, not after
                # TIME_WAIT; a port another *listening* socket holds is still refused
                tcp.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                tcp.bind((bind, port))
                tcp.listen(LISTEN_BACKLOG)
                actual = tcp.getsockname()[1]
                udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
                try:
                    udp.bind((bind, actual))
                except OSError:
                    udp.close()
                    raise
            except OSError as exc:
                tcp.close()
                last = exc
                if exc.errno not in (errno.EADDRINUSE, errno.EACCES):
                    raise ServerError(f"cannot listen on {bind}:{port}: {exc.strerror or exc}") from None
                continue
            tcp.setblocking(False)
            udp.setblocking(False)
            return tcp, udp
    tried = ", ".join(str(p) for p in ports)
    raise ServerError(f"no free port to listen on ({bind}, tried {tried}): "
                      f"{last.strerror if last else 'unknown error'}")


class HostServer:
    def __init__(self, core: HostCore, *, bind: str = "0.0.0.0", ports: Sequence[int] = (0,),
                 save: Saver | None = None, clock: Callable[[], float] = time.monotonic,
                 write_cap: int = 1 << 20, max_conns: int = 64,
                 hello_timeout: float = HELLO_TIMEOUT, strangers_per_address: int = STRANGERS_PER_ADDRESS,
                 max_strangers: int = MAX_STRANGERS, idle_timeout: float = 15.0,
                 away_timeout: float | None = None, away_level: str = "easy",
                 name: str = "kombo-host") -> None:
        self.core = core
        self.clock = clock
        self.write_cap = write_cap
        self.max_conns = max_conns
        self.hello_timeout = hello_timeout
        self.strangers_per_address = strangers_per_address
        self.max_strangers = max_strangers
        self.bad_data = BadData()
        self.idle_timeout = idle_timeout
        self.away_timeout = away_timeout
        self.away_level = away_level
        self.stats = ServerStats()
        self._save = save
        self._tcp, self._udp = bind_pair(bind, ports)
        self.address: tuple[str, int] = (bind, self._tcp.getsockname()[1])
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._sel = selectors.DefaultSelector()
        self._sel.register(self._tcp, selectors.EVENT_READ, "listen")
        self._sel.register(self._udp, selectors.EVENT_READ, "udp")
        self._sel.register(self._wake_r, selectors.EVENT_READ, "wake")
        self._conns: dict[ConnId, _Conn] = {}
        self._ids = itertools.count(1)
        self._calls: queue.SimpleQueue[tuple[str, Any, Any]] = queue.SimpleQueue()
        self._out = Outbox()
        self._answers: list[tuple[cf.Future, Any]] = []
        self._local: NetSession | None = None
        self._tickers: list[Ticker] = []
        self._notices: deque[str] = deque(maxlen=200)
        self._table = self._seat_state()
        self._saved_key: Any = None
        # published after every turn for other threads (immutable values, swapped whole)
        self.away_since: tuple[tuple[int, float], ...] = ()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._stopping = False
        self._closed = threading.Event()
        self.failure = ""               # why the loop itself stopped on an error ("": it did not)
        # (step, when the turn that applied it ended, before the autosave and the sends): benches
        self.on_step: Callable[[int, float], None] | None = None

    # -- from any thread -------------------------------------------------------------------------

    @property
    def port(self) -> int:
        return self.address[1]

    def set_local(self, session: NetSession) -> None:
        """The host player's own session (held by core.local_token); before start()."""
        self._local = session

    def add_ticker(self, ticker: Ticker) -> None:
        """fn(now), called in the server thread on every turn of the loop (the host's bots)."""
        self._tickers.append(ticker)

    def start(self) -> None:
        now = self.clock()
        if self._local is not None:
            # joined before the thread runs, so that the host's session is usable at once
            self._out.extend(self.core.receive(LOCAL, self._local.peer.hello(), now))
            self._table = self._seat_state()      # the host arriving is no news
            self._after_batch(now)
        self._thread.start()

    def send_local(self, msg: m.Message) -> None:
        """The local session's send callback: never blocks."""
        self._calls.put(("local", msg, None))
        self._wake()

    def call(self, fn: Callable[[HostCore, float], Any]) -> cf.Future:
        """Run fn(core, now) in the server thread. An Outbox it returns is sent."""
        future: cf.Future = cf.Future()
        if self._closed.is_set():
            future.set_exception(ServerError("the server is closed"))
            return future
        self._calls.put(("call", fn, future))
        self._wake()
        return future

    def notices(self) -> list[str]:
        out = []
        while self._notices:
            out.append(self._notices.popleft())
        return out

    def close(self, reason: str = "the host closed the game", timeout: float = 5.0) -> None:
        if not self._thread.is_alive():
            if not self._closed.is_set():
                self._shutdown(reason)
            return
        self._calls.put(("stop", reason, None))
        self._wake()
        self._thread.join(timeout)

    @property
    def closed(self) -> bool:
        return self._closed.is_set()

    def _wake(self) -> None:
        try:
            self._wake_w.send(b"\0")
        except (BlockingIOError, OSError):
            pass        # already awake (the pipe is full) or closing

    # -- the loop --------------------------------------------------------------------------------

    def _run(self) -> None:
        try:
            while not self._stopping:
                timing = self._tickers or self.away_timeout is not None or self.core.realtime
                timeout = TICK if timing else 0.1
                due = self.core.next_due()
                if due is not None:         # a race window closes: judge it on time
                    timeout = min(timeout, max(0.0, due - self.clock()))
                if not self._calls.empty():
                    timeout = 0
                events = self._sel.select(timeout)
                now = self.clock()
                try:
                    self._turn(events, now)
                except Exception as exc:  # noqa: BLE001  a bug here must not kill the table: logged there
                    self._fault(exc)
        except Exception as exc:
            # the loop itself broke (the selector): the table ends, in the log and in words
            log.critical("the host's server thread stopped", exc_info=exc)
            self.failure = FAILED.format(type(exc).__name__)
            self._stop_reason = self.failure
        finally:
            self._shutdown(self._stop_reason)

    _stop_reason = "the host closed the game"

    def _turn(self, events: list, now: float) -> None:
        # players first (a seat's old connection closing is seen before its new Hello), then UDP
        # (races), then strangers, then new connections: a crowd of strangers comes last
        players: list[tuple[_Conn, int]] = []
        strangers: list[tuple[_Conn, int]] = []
        listen = udp = False
        for key, mask in events:
            what = key.data
            if what == "listen":
                listen = True
            elif what == "udp":
                udp = True
            elif what == "wake":
                try:
                    while self._wake_r.recv(4096):
                        pass
                except (BlockingIOError, OSError):
                    pass
            else:
                (players if what.joined else strangers).append((what, mask))
        for i, (conn, mask) in enumerate(players + strangers):
            if i == len(players) and udp:
                self._datagrams(now)
                udp = False
            if conn.cid not in self._conns:
                continue
            if mask & selectors.EVENT_READ:
                self._read(conn, now)
            if mask & selectors.EVENT_WRITE and conn.cid in self._conns:
                self._flush(conn, now)
        if udp:
            self._datagrams(now)
        if listen:
            self._accept(now)
        self._drain_calls(now)
        self._out.extend(self.core.ping_due(now))
        self._timeouts(now)
        for ticker in self._tickers:
            try:
                ticker(now)
            except Exception as exc:  # noqa: BLE001  a bot's failure must not stop the host
                self._fault(exc)
        self._drain_calls(now)      # what the tickers just sent (bot moves) goes out this turn
        self._after_batch(now)
        answers, self._answers = self._answers, []
        for future, result in answers:
            future.set_result(result)

    def _drain_calls(self, now: float) -> None:
        while True:
            try:
                kind, a, b = self._calls.get_nowait()
            except queue.Empty:
                return
            if kind == "local":
                self._out.extend(self.core.receive(LOCAL, a, now))
            elif kind == "call":
                future: cf.Future = b
                if not future.set_running_or_notify_cancel():
                    continue
                try:
                    result = a(self.core, now)
                except BaseException as exc:  # handed to the caller, who shows it
                    if not isinstance(exc, KomboError):     # a refusal is the caller's news; a bug is ours too
                        log.error("a call on the host's thread failed", exc_info=exc)
                    future.set_exception(exc)
                    continue
                if isinstance(result, Outbox):
                    self._out.extend(result)
                # answered once the turn's messages are out: when start() returns, the host's
                # own session has already seen the start
                self._answers.append((future, result))
            elif kind == "stop":
                self._stopping = True
                self._stop_reason = a

    # -- sockets ---------------------------------------------------------------------------------

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
                _busy(sock)
                continue
            sock.setblocking(False)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            conn = _Conn(next(self._ids), sock, addr, opened=now, last_heard=now)
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

    def _read(self, conn: _Conn, now: float) -> None:
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

    def _take(self, conn: _Conn, frame: Any, now: float) -> None:
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

    def _flush(self, conn: _Conn, now: float) -> None:
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

    def _drop(self, conn: _Conn, now: float, busy: bool = False) -> None:
        """The connection is gone or useless: close it and tell the core. `busy`: it is closed
        to make room, and is told so (Refused "busy") on the way out."""
        self._close_socket(conn, busy)
        self._out.extend(self.core.disconnect(conn.cid, now))
        if conn.joined:
            # noticed now: the player may be back within this same turn (a new connection's Hello
            # is read as it is accepted), and "left" then "is back" is still the news
            self._seats_changed()

    def _close_socket(self, conn: _Conn, busy: bool = False) -> None:
        if self._conns.pop(conn.cid, None) is None:
            return
        try:
            self._sel.unregister(conn.sock)
        except (KeyError, ValueError):
            pass
        if busy:
            _busy(conn.sock)
            return
        try:
            conn.sock.close()
        except OSError:
            pass

    def _timeouts(self, now: float) -> None:
        joined = set(self.core.joined())
        self.stats.strangers = sum(1 for conn in self._conns.values() if conn.cid not in joined)
        for conn in list(self._conns.values()):
            if conn.closing_at is not None:
                if now >= conn.closing_at:
                    self._close_socket(conn)
            elif conn.cid in joined:
                if now - conn.last_heard > self.idle_timeout:
                    self._notice(f"{self._who(conn)} stopped answering")
                    self._drop(conn, now)
            elif now - conn.opened > self.hello_timeout:
                self.stats.strangers_closed += 1
                self._drop(conn, now)
        notice = self.bad_data.due(now)
        if notice is not None:
            self._notice(notice)
        core = self.core
        self._out.extend(core.tick(now))      # a silent seat's default choice, when due
        if self.away_timeout is not None and core.started and not core.over:
            for seat in core.overdue(now, self.away_timeout):
                try:
                    self._out.extend(core.hand_to_bot(seat, self.away_level, now))
                except KomboError:
                    continue

    # -- after each turn: save, then send ------------------------------------------------------

    def _after_batch(self, now: float) -> None:
        applied = self.clock()
        out, self._out = self._out, Outbox()
        core = self.core
        seats = self._seats_changed()
        table = tuple(entry for entry, _ in seats)
        self.away_since = tuple(core.lobby.away_since())
        key = (core.game_no, core.step, core.started, table)
        if key != self._saved_key and self._save is not None:
            try:
                self._save(core)
                self.stats.saves += 1
            except (OSError, KomboError) as exc:
                log.warning("could not autosave", exc_info=exc)
                self._notice(f"Could not autosave: {exc}", logged=True)
            self._saved_key = key
        if self.on_step is not None and out.sends:
            self.on_step(core.step, applied)
        self._dispatch(out, now)

    def _dispatch(self, out: Outbox, now: float) -> None:
        encoded: dict[int, bytes] = {}       # one message object sent to many: encode it once
        touched: dict[ConnId, _Conn] = {}
        local: list[m.Message] = []
        for cid, msg in out.sends:
            if cid == LOCAL:
                local.append(msg)
                continue
            conn = self._conns.get(cid)
            if conn is None:
                continue
            frame = encoded.get(id(msg))
            if frame is None:
                frame = encoded[id(msg)] = encode_frame(m.encode(msg))
            conn.out += frame
            touched[cid] = conn
        for cid in out.closes:
            conn = self._conns.get(cid)
            if conn is not None and conn.closing_at is None:
                conn.closing_at = now + 1.0
                touched[cid] = conn
        for conn in touched.values():
            if len(conn.out) > self.write_cap:
                self.stats.dropped_slow += 1
                self._notice(f"{self._who(conn)} was dropped: it does not read what it is sent")
                conn.out.clear()
                self._drop(conn, now)
                continue
            self._flush(conn, now)
        if self._local is not None:
            for msg in local:
                self._local.receive(msg, now)
        if self._out:       # a drop above told the core, which has news for the others
            self._after_batch(now)

    # -- notices ---------------------------------------------------------------------------------

    def _notice(self, text: str, logged: bool = False) -> None:
        """News for the host's screen (joins, leaves, problems); in the log too, unless `logged`
        says the caller has logged it already."""
        if not logged:
            log.info("%s", text)
        self._notices.append(text)

    def _who(self, conn: _Conn) -> str:
        seats = self.core.conn_seats(conn.cid)
        table = self.core.seat_table()
        if seats and table[seats[0]].name:
            return table[seats[0]].name
        return str(conn.addr[0])

    def _bad_data(self, conn: _Conn, text: str, now: float) -> None:
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

    def _seats_changed(self) -> tuple[tuple[m.SeatEntry, bool], ...]:
        """Notices for what changed at the table since the last look; the table now."""
        seats = self._seat_state()
        if seats != self._table:
            self._seat_notices(self._table, seats)
            self._table = seats
        return seats

    def _seat_state(self) -> tuple[tuple[m.SeatEntry, bool], ...]:
        return tuple(zip(self.core.seat_table(), self.core.lobby.at_host()))

    def _seat_notices(self, before: tuple, after: tuple) -> None:
        for (old, old_host), (new, new_host) in zip(before, after):
            name = new.name or old.name
            if old.kind == "open" and new.kind != "open":
                self._notice(f"{name} joined")
            elif old.kind != "open" and new.kind == "open":
                self._notice(f"{old.name} left")
            elif not old_host and new_host:
                self._notice(f"A bot plays for {name}")
            elif old_host and not new_host:
                self._notice(f"{name} is back")          # took the seat back from the bot
            elif old.connected and not new.connected:
                self._notice(f"{name} left")
            elif not old.connected and new.connected:
                self._notice(f"{name} is back")

    def _fault(self, exc: BaseException) -> None:
        """Something failed in a turn of the loop, which goes on: the traceback to the log."""
        text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        log.error("host server: %s", text, exc_info=exc)
        self.stats.errors.append(text)
        del self.stats.errors[:-20]
        self._notice(f"Host error: {text}", logged=True)

    # -- shutting down ---------------------------------------------------------------------------

    def _shutdown(self, reason: str) -> None:
        if self._closed.is_set():
            return
        now = self.clock()
        bye = encode_frame(m.encode(m.Bye(reason[:m.MAX_TEXT])))
        joined = set(self.core.joined())
        for conn in self._conns.values():
            if conn.cid in joined and conn.closing_at is None:
                conn.out += bye
        # a bounded last flush, so the peers read "the host closed the game", not a reset
        deadline = now + 0.5
        pending = [c for c in self._conns.values() if c.out]
        while pending and self.clock() < deadline:
            for conn in pending:
                try:
                    sent = conn.sock.send(conn.out)
                    del conn.out[:sent]
                except (BlockingIOError, InterruptedError):
                    pass
                except OSError:
                    conn.out.clear()
            pending = [c for c in pending if c.out]
            if pending:
                time.sleep(0.005)
        for conn in list(self._conns.values()):
            self._close_socket(conn)
        for sock in (self._tcp, self._udp, self._wake_r, self._wake_w):
            try:
                sock.close()
            except OSError:
                pass
        try:
            self._sel.close()
        except (OSError, ValueError):
            pass
        self._closed.set()
        for future, result in self._answers:
            future.set_result(result)
        self._answers = []
        # anyone still waiting on a call learns it will not happen
        while True:
            try:
                kind, _, future = self._calls.get_nowait()
            except queue.Empty:
                break
            if kind == "call" and future.set_running_or_notify_cancel():
                future.set_exception(ServerError("the server is closed"))


_BUSY_FRAME = encode_frame(m.encode(m.Refused("busy", BUSY)))


def _busy(sock: socket.socket) -> None:
    """Tell a connection the host has no room for it (best effort, never waits), and close it."""
    try:
        sock.setblocking(False)
        sock.send(_BUSY_FRAME)
    except OSError:
        pass
    try:
        sock.close()
    except OSError:
        pass


__all__ = ["LOCAL", "BadData", "HostServer", "ServerError", "ServerStats", "bind_pair",
           "strangers_to_close"]
