"""PeerClient: a NetSession's connection to a host, in one background thread.

The thread connects (bounded), says Hello, feeds every frame from the host into the NetSession
(which holds its own lock, so the frame loop reads it safely meanwhile), answers the host's pings,
and runs clock sync over UDP (a Ping about every second, five times faster until the first samples
are in). Messages the frame loop sends (intents, Ready, Bye) go through `send`, which only queues
them and wakes the thread. Its sockets (opening, reading, writing, closing) are net.client_sockets'.

When the connection drops, the thread reconnects with the session's token for `reconnect_for`
seconds (state "reconnecting"; RECONNECT_FOR, three minutes, by default: long enough for a host to
be restarted and resumed); `reconnect_left()` counts down, and close(bye=False) stops waiting
without giving the seats up. The host gives the seats back with the steps missed and a snapshot.
A host that goes silent for `idle_timeout` (it pings every 2 s) counts as dropped, which is how a
vanished machine or a pulled cable shows up.

States: connecting -> joined -> (reconnecting -> joined)* -> closed | refused | lost. "joined" is
the connection's state only; whether the table is in its lobby, playing or over is the session's.
A host that closes the table on purpose says why in its Bye; `problem` then reads its words.

Connections made, lost and refused go to the log (INFO); an error in the thread, with its traceback.
"""
from __future__ import annotations

import logging
import queue
import selectors
import socket
import threading
import time
import traceback
from collections.abc import Callable

from game.core.errors import KomboError

from . import messages as m
from .client_sockets import ClientSockets, ClientStats
from .protocol import FrameDecoder
from .session import NetSession

log = logging.getLogger(__name__)

# Refusals that pass: a host with no room just then, or one that still holds this seat's old
# connection (it lets it go once that connection has been quiet a few seconds).
TRANSIENT_REFUSALS = frozenset({"busy", "in_use"})

TICK = 0.02
RECONNECT_FOR = 180.0    # seconds a peer keeps trying to reach a host that went away

Ticker = Callable[[float], None]


class PeerClient(ClientSockets):
    def __init__(self, address: tuple[str, int], session: NetSession, *,
                 connect_timeout: float = 5.0, reconnect_for: float = RECONNECT_FOR,
                 idle_timeout: float = 15.0, clock: Callable[[], float] = time.monotonic,
                 name: str = "kombo-peer") -> None:
        self.address = (str(address[0]), int(address[1]))
        self.session = session
        self.peer = session.peer
        self.connect_timeout = connect_timeout
        self.reconnect_for = reconnect_for
        self.reconnect_until: float | None = None   # while reconnecting: when it gives up (clock)
        self._say_bye = True
        self.idle_timeout = idle_timeout
        self.clock = clock
        # about one ping a second once settled (DESIGN: clock sync), 5 a second at first
        if self.peer.clock.interval > 1.0:
            self.peer.clock.interval = 1.0
        self.state = "connecting"
        self.problem = ""            # why the last connection attempt or connection failed
        self.refusal: m.Refused | None = None
        self.stats = ClientStats()
        self._tickers: list[Ticker] = []
        self._queue: queue.SimpleQueue[m.Message | None] = queue.SimpleQueue()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._sock: socket.socket | None = None
        self._udp: socket.socket | None = None
        self._decoder = FrameDecoder()
        self._out = bytearray()
        self._last_heard = 0.0
        self._closing = False
        self._bye = ""               # the host's reason, when it said Bye
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._done = threading.Event()

    # -- from any thread -------------------------------------------------------------------------

    def add_ticker(self, ticker: Ticker) -> None:
        """fn(now), called in this thread on every turn (the bots this client plays)."""
        self._tickers.append(ticker)

    def start(self) -> None:
        self._thread.start()

    def send(self, msg: m.Message) -> None:
        """Queue a message for the host; never blocks. Also the NetSession's send callback."""
        self._queue.put(msg)
        self._wake()

    def close(self, timeout: float = 3.0, bye: bool = True) -> None:
        """Say Bye (if joined), flush a moment, close. Bounded. `bye=False`: just go, as a lost
        connection would, so that the host keeps this client's seats for a rejoin."""
        self._say_bye = self._say_bye and bye
        self._queue.put(None)
        self._wake()
        if self._thread.is_alive():
            self._thread.join(timeout)
        else:
            self._cleanup()

    def drop_connection(self) -> None:
        """Break the TCP connection as a network fault would (tests, and 'reconnect now')."""
        self._queue.put(m.ErrorMsg("drop", "drop"))   # a marker; never sent
        self._wake()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def reconnect_left(self) -> float | None:
        """Seconds left to reach the host again while reconnecting, else None."""
        until = self.reconnect_until
        if self.state != "reconnecting" or until is None:
            return None
        return max(0.0, until - self.clock())

    @property
    def ping_ms(self) -> float | None:
        with self.session.lock:
            clock = self.peer.clock
            return clock.rtt * 1000 if clock.ready else None

    def _wake(self) -> None:
        try:
            self._wake_w.send(b"\0")
        except (BlockingIOError, OSError):
            pass

    # -- the thread ------------------------------------------------------------------------------

    def _run(self) -> None:
        try:
            if self._connect_until(self.clock() + self.connect_timeout):
                self._serve()
        except Exception as exc:  # report, never die silently
            log.error("the connection to %s:%d failed on an error", *self.address, exc_info=exc)
            self.stats.errors.append("".join(traceback.format_exception_only(type(exc), exc)))
            self.problem = f"client error: {exc}"
            self.state = "lost"
        finally:
            self._cleanup()

    def _connect_until(self, deadline: float) -> bool:
        """Connect and say hello, retrying until `deadline`; False (with the state set) if not."""
        delay = 0.1
        while not self._closing:
            if self._drain_queue_while_down():
                return False
            error = self._connect_once(min(2.0, max(0.1, deadline - self.clock())))
            if error is None:
                log.info("connected to %s:%d", *self.address)
                return True
            self.problem = error
            if self.clock() + delay >= deadline or error.startswith("unknown host"):
                log.info("cannot reach the host at %s:%d: %s", *self.address, error)
                self.state = "lost"
                return False
            if self._wait_wake(delay):
                continue
            delay = min(delay * 2, 1.0)
        return False

    def _wait_wake(self, delay: float) -> bool:
        """Sleep `delay` unless woken; True if woken (something was queued)."""
        sel = selectors.DefaultSelector()
        try:
            sel.register(self._wake_r, selectors.EVENT_READ)
            return bool(sel.select(delay))
        finally:
            sel.close()

    def _drain_queue_while_down(self) -> bool:
        """With no connection, queued messages cannot go; a close request still counts."""
        try:
            while self._wake_r.recv(4096):
                pass
        except (BlockingIOError, OSError):
            pass
        while True:
            try:
                msg = self._queue.get_nowait()
            except queue.Empty:
                return False
            if msg is None:
                self._closing = True
                self.state = "closed"
                return True
            # intents made while away are dropped: the session shows no legal moves then anyway

    def _serve(self) -> None:
        """Connected: run until closed, refused or lost (reconnecting in between)."""
        pause = 0.0      # before the next try, after connections that were let go unwelcomed
        while True:
            reason = self._connected_loop()
            welcomed = self.state == "joined"
            self._disconnect()
            if reason in ("closed", "refused") or self._closing:
                self.state = "closed" if reason != "refused" else "refused"
                if reason == "refused" and self.refusal is not None:
                    log.info("refused by %s:%d: %s", *self.address, self.refusal.text)
                return
            if reason == "closed_by_host":
                # said on purpose (Bye): the game is closed, or this seat was taken over by a
                # newer connection of ours; either way there is nothing to reconnect to
                log.info("the host at %s:%d closed the connection: %s", *self.address, self.problem)
                self.state = "lost"
                return
            with self.session.lock:
                self.peer.lost()
                can_rejoin = self.peer.token is not None
            # even when the game is over: the host may play again at the same table (rematch)
            if not can_rejoin or self.reconnect_for <= 0:
                self.problem = self.problem or "lost the host"
                log.info("lost the host at %s:%d: %s", *self.address, self.problem)
                self.state = "lost"
                return
            if welcomed or self.reconnect_until is None:
                log.info("lost the host at %s:%d (%s); reconnecting for %g s", *self.address,
                         self.problem or "no reason", self.reconnect_for)
                self.reconnect_until = self.clock() + self.reconnect_for
                pause = 0.0
            else:
                # the host took the connection but let it go before welcoming us (too busy just
                # then, or going down): the same wait goes on, and the next try is not at once
                pause = min(max(pause * 2, 0.1), 1.0)
                if self.clock() + pause >= self.reconnect_until:
                    log.info("cannot rejoin the host at %s:%d: %s", *self.address, self.problem)
                    self.state = "lost"
                    return
                self._wait_wake(pause)
            self.state = "reconnecting"
            if not self._connect_until(self.reconnect_until):
                if self.state != "closed":
                    self.state = "lost"
                return

    def _connected_loop(self) -> str:
        sock = self._sock
        assert sock is not None
        sel = selectors.DefaultSelector()
        sel.register(self._wake_r, selectors.EVENT_READ, "wake")
        sel.register(sock, selectors.EVENT_READ, "tcp")
        if self._udp is not None:
            sel.register(self._udp, selectors.EVENT_READ, "udp")
        writing = False
        try:
            while True:
                now = self.clock()
                with self.session.lock:
                    phase = self.peer.phase
                    ping = self.peer.ping(now) if (phase == "joined" and self._udp is not None
                                                   and self.peer.clock.due(now)) else None
                if phase == "joined" and self.state != "joined":
                    self.state = "joined"
                    self.reconnect_until = None
                if phase == "refused":
                    self.refusal = self.peer.refusal
                    if (self.reconnect_until is not None and self.refusal is not None
                            and self.refusal.code in TRANSIENT_REFUSALS):
                        # rejoining: the host is crowded, or still holds our old connection for
                        # a few seconds; the wait for the host goes on
                        self.problem = self.refusal.text
                        return "not_yet"
                    return "refused"
                if phase == "closed" and not self._closing:
                    reason = self._bye or "the host closed the game"
                    self.problem = reason[:1].lower() + reason[1:]
                    return "closed_by_host"
                if ping is not None:
                    self._send_udp(ping)
                for ticker in self._tickers:
                    try:
                        ticker(now)
                    except KomboError as exc:
                        log.warning("a bot of this client failed", exc_info=exc)
                        self.stats.errors.append(str(exc))
                verdict = self._drain_queue()
                if verdict is not None:
                    return verdict
                if self._out and not self._flush():
                    return "dropped"
                if bool(self._out) != writing:
                    writing = bool(self._out)
                    sel.modify(sock, selectors.EVENT_READ | (selectors.EVENT_WRITE if writing else 0),
                               "tcp")
                if now - self._last_heard > self.idle_timeout:
                    self.problem = "the host stopped answering"
                    return "dropped"
                for key, mask in sel.select(TICK if self._tickers else 0.1):
                    if key.data == "wake":
                        try:
                            while self._wake_r.recv(4096):
                                pass
                        except (BlockingIOError, OSError):
                            pass
                    elif key.data == "udp":
                        self._read_udp()
                    elif mask & selectors.EVENT_READ and not self._read_tcp():
                        return "dropped"
        finally:
            sel.close()

    def _drain_queue(self) -> str | None:
        while True:
            try:
                msg = self._queue.get_nowait()
            except queue.Empty:
                return None
            if msg is None:
                self._closing = True
                with self.session.lock:
                    joined = self.peer.phase == "joined" and self._say_bye
                    bye = self.peer.bye("left the table") if joined else None
                if bye is not None:
                    self._write(bye)
                self._flush_for(0.5)
                return "closed"
            if isinstance(msg, m.ErrorMsg) and msg.code == "drop":
                self.problem = "the connection broke"
                return "dropped"
            self._write(msg)
            if isinstance(msg, m.Intent) and msg.pressed is not None:
                # a race: a copy by UDP too, and the first to arrive wins (DESIGN: the slap);
                # it carries this connection's pairing key (its Welcome's), never the token
                key = self.peer.udp_key
                if key is not None:
                    self._send_udp(m.UdpIntent(key, msg.ref, msg.step, msg.action, msg.pressed,
                                                msg.game_no))

    def _cleanup(self) -> None:
        self._disconnect()
        for sock in (self._wake_r, self._wake_w):
            try:
                sock.close()
            except OSError:
                pass
        if self.state in ("connecting", "joined", "reconnecting"):
            self.state = "closed" if self._closing else "lost"
        self._done.set()


__all__ = ["PeerClient"]
