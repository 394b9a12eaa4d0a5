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
Refused "busy" and close. net.probe.probe tries again for a moment on "busy".

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
from typing import Any

from game.core.errors import KomboError

from . import messages as m
from .bad_input import MAX_STRANGERS, STRANGERS_PER_ADDRESS, BadData
from .host_core import ConnId, HostCore, Outbox
from .listen import ServerError, bind_pair
from .protocol import (
    encode_frame,
)
from .server_sockets import Conn, ServerStats, SocketSide
from .session import NetSession

log = logging.getLogger(__name__)

LOCAL: ConnId = "local"
HELLO_TIMEOUT = 5.0            # a stranger's time to say Hello
TICK = 0.02          # the loop's longest sleep while bots or timers may be due
FAILED = "The host stopped on an internal error ({}); details are in the host's log"


Ticker = Callable[[float], None]
Saver = Callable[[HostCore], None]


class HostServer(SocketSide):
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
        self._conns: dict[ConnId, Conn] = {}
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
        players: list[tuple[Conn, int]] = []
        strangers: list[tuple[Conn, int]] = []
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
        touched: dict[ConnId, Conn] = {}
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

    def _who(self, conn: Conn) -> str:
        seats = self.core.conn_seats(conn.cid)
        table = self.core.seat_table()
        if seats and table[seats[0]].name:
            return table[seats[0]].name
        return str(conn.addr[0])

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


__all__ = ["LOCAL", "HostServer", "ServerError", "ServerStats"]
