"""The host's side of LAN play, without I/O: messages in, messages out, the one true game state inside.

Every method takes a connection id, a decoded message and the time, and returns an Outbox of
messages to send and connections to close; the socket adapter only moves bytes. That keeps every
rule of the protocol testable in memory.

Seats are open, or held by a *token* (a reconnect token, handed out in Welcome). The host's own
players and the bots it runs are held by `local_token`: the host's client joins with it over an
in-memory connection and plays through the same path as everyone else. A holder that drops keeps its
seats; the game pauses while a seat that must act is open or away, and the host may hand such a seat
to a bot, which gives it back when its holder returns.

The lobby: a table starts in its lobby (`started` False). Peers join, take open seats and say Ready;
intents are refused ("not_started"). `start(now)` is the host's call once every seat is filled (it may
fill the open ones with bots first), every seat's holder is connected and every person is ready; it
sends everyone step 0, the first views. In the lobby a peer that says Bye gives its seats back; one
that merely drops keeps them for a reconnect, as in a game.

Rematch: once a game is over, `rematch(now, seed)` takes the table back to its lobby for a new game
from the same config and a new seed: same seats, holders, tokens and connections; remote people are
asked to say Ready again (the host's own seats and bots are ready). `game_no` numbers the games
(0, 1, ...): every connection gets NewGame, step numbers start from 0 again, and intents of another
game are refused as stale. `start()` then starts it exactly like the first.

Real time (net.realtime; games that declare it, KOMBIO): an intent must be made against the present
step, except a step-free action (Action.STEP_FREE, KOMBIO's slap), which answers something the
engine numbers itself (a discard) and is taken at any step of the game. Such a press is held in a
race window (net.fair_slap): its time is the peer's press time made host time by that peer's clock
offset and clamped to what its link allows; the window closes when a slower peer's earlier press
must have come in (at once when nobody else can still slap), and the game's race then rules on its
presses in corrected-time order. Any other action closes an open window first, so presses already
in count before the move that would make them late. The steps a window ruled carry each press's
corrected time (StepMsg.race_seats/race_ms); `races` keeps the last windows judged, for the bench.
The engine refuses a press answering something older without penalty. A seat whose only moves are
step-free is not waited for when it drops. `tick(now)`, called by the adapter every turn of its
loop, makes the engine's default for a seat silent on a pending choice for `choice_seconds` (a
dropped seat's too): time is the host's, given in each call, never read here.

Secrecy: a connection only ever receives views, events and legal moves of the seats it holds, the
spectator view, and the action its own seat made.

Hostile input (tokens travel in the clear on a LAN, so a sniffer may hold one):

- Intents: refs count a connection's intents from 0. An intent is validated (joined, game, step,
  seat, legality) before anything about it is recorded; only one the host acts on moves `last_ref`,
  below which later copies and overtaken intents are dropped. A refused one is only remembered
  (a few per connection) so that its second copy is not answered twice. A ref more than
  MAX_REF_JUMP past the refs the connection has sent by TCP is refused (TCP) or dropped (UDP).
- UDP copies (udp_intent): each joined connection gets a random pairing key in its Welcome, by TCP
  only; a UdpIntent must carry it and come from the IP address the connection came from
  (`connect()`), else it is dropped unanswered. The reconnect token is never good over UDP.
- Hello with a token: while the seat's connection is alive (heard from within `live_for` seconds;
  the host pings every 2 s) another connection's Hello for it is refused ("in_use") and the seat's
  player keeps playing. A seat whose connection has gone quiet moves to the new one: the old one
  reads why in its Bye, and the move is logged. The host's own token is refused on any connection
  that has an address (its own client's is in memory).

An engine fault (the engine raising anything but IllegalActionError while applying a move, or while
showing the step it made) leaves the state as it was before the move, logs the traceback, and halts
the game: `halted` says why, every connection gets an ErrorMsg ("host_error") saying so and a
snapshot in which nobody is to act, and every later intent is refused ("halted"). The host's
adapters decide what then (the headless host ends the table; a window shows the message).
"""
from __future__ import annotations

import logging
import os
import secrets
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import msgpack

from game.core.engine import Action, Engine, Event, GameConfig, view_hash
from game.core.errors import IllegalActionError, KomboError, WireFormatError

from . import messages as m
from .clock import LatencyTable, answer
from .delta import diff
from .fair_slap import LOCAL, HeldPress, Link, RaceWindow, corrected_time, deadline, link_of, ordered
from .protocol import PROTOCOL_VERSION, ProtocolError, SchemaError, VersionMismatch
from .realtime import Race, RealTime, realtime_for

ConnId = Hashable
TokenFactory = Callable[[], bytes]

SAVE_VERSION = 1
MAX_SPECTATORS = 8
LIVE_FOR = 6.0          # a connection heard from this recently is alive (the host pings every 2 s)
MAX_REF_JUMP = 1024     # how far an intent's ref may run ahead of the refs its connection has sent
RACES_KEPT = 256        # race windows judged, kept for tools (bench_slap) and tests
REFUSED_REFS = 32       # refused refs kept per connection, so that a second copy is not answered
MOVED = "your seat moved to a newer connection of yours (this one had gone quiet)"
IN_USE = ("that seat is played from another connection, which still answers; if that was yours "
          "and it has just broken, try again in a few seconds")
HALTED = "The host's game stopped on an internal error ({}); details are in the host's log"

log = logging.getLogger(__name__)


class SeatError(KomboError):
    """A seat operation that does not fit the seat's present state (e.g. handing a seated player's
    seat to a bot while they are connected)."""


class SaveError(KomboError):
    """A save that does not restore: wrong format, other game, or a log that does not replay."""


class StartError(SeatError):
    """start() while the table is not ready to start; str() says what it waits for."""


@dataclass(frozen=True)
class HostSeat:
    """How a seat starts: "open" for a remote player, "local" for a player at the host's screen,
    "bot" for a bot the host's client runs."""

    kind: str
    name: str = ""
    level: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ("open", "local", "bot"):
            raise ValueError(f"seat kind must be open, local or bot, not {self.kind!r}")


@dataclass
class _Seat:
    kind: str                        # "open" | "human" | "bot"
    name: str = ""
    level: str = ""
    holder: bytes | None = None      # the token that plays this seat
    reserved_for: bytes | None = None  # a human's token while a bot keeps the seat warm
    away_since: float | None = None  # when the holder's connection went
    ready: bool = False              # in the lobby: its player said Ready (bots always are)


@dataclass
class _Conn:
    token: bytes | None = None       # None until a Hello is accepted
    address: tuple | None = None     # (host, port) of a remote connection (HostCore.connect)
    heard: float = float("-inf")     # when it last sent a message
    last_ref: int = -1               # the highest ref acted on (applied)
    sent_ref: int = -1               # the highest ref it sent by TCP, acted on or not
    refused: deque[int] = field(default_factory=lambda: deque(maxlen=REFUSED_REFS))
    udp_key: bytes | None = None     # the pairing key its Welcome carries, for UdpIntent


@dataclass
class Outbox:
    """What one call wants done: messages to send, in order, then connections to close."""

    sends: list[tuple[ConnId, m.Message]] = field(default_factory=list)
    closes: list[ConnId] = field(default_factory=list)

    def send(self, conn: ConnId, msg: m.Message) -> None:
        self.sends.append((conn, msg))

    def close(self, conn: ConnId) -> None:
        if conn not in self.closes:
            self.closes.append(conn)

    def extend(self, other: Outbox) -> None:
        self.sends += other.sends
        for conn in other.closes:
            self.close(conn)

    def to(self, conn: ConnId) -> list[m.Message]:
        return [msg for c, msg in self.sends if c == conn]

    def __bool__(self) -> bool:
        return bool(self.sends or self.closes)


def _default_tokens() -> bytes:
    return os.urandom(m.TOKEN_SIZE)


class HostCore:
    def __init__(self, engine: Engine, config: GameConfig, seed: int, seat_plan: Sequence[HostSeat],
                 token_factory: TokenFactory = _default_tokens, host_name: str = "host") -> None:
        engine.check_config(config)
        if len(seat_plan) != config.players:
            raise ValueError("one HostSeat per player")
        if not 0 <= seed < 2**64:
            raise ValueError("the seed must fit 64 bits, so that saves can carry it")
        self.engine = engine
        self.config = config
        self.seed = seed
        self._tokens = token_factory
        self.state: Any = engine.new_game(config, seed)
        self.log: list[Action] = []
        self.started = False
        self.game_no = 0                  # 0 for the first game, +1 per rematch
        self.local_token = self._new_token()
        # token -> player name
        self._holders: dict[bytes, str] = {self.local_token: host_name[:m.MAX_NAME] or "host"}
        self._levels: dict[bytes, str] = {}     # token -> bot level, for peers that play as bots
        self._seats: list[_Seat] = []
        for plan in seat_plan:
            if plan.kind == "open":
                self._seats.append(_Seat("open"))
            else:
                kind = "bot" if plan.kind == "bot" else "human"
                # the host's own seats are ready: the host is the one who presses Start
                self._seats.append(_Seat(kind, plan.name, plan.level, self.local_token, None, 0.0,
                                         True))
        self._conns: dict[ConnId, _Conn] = {}
        self._conn_of: dict[bytes, ConnId] = {}
        self._by_key: dict[bytes, ConnId] = {}     # UDP pairing key -> its joined connection
        self.latency = LatencyTable()
        self.faults: list[str] = []   # engine errors other than IllegalActionError, for the log
        self.halted = ""              # why an engine fault stopped the game (see the module's doc)
        self.live_for = LIVE_FOR      # a seat's connection heard from this recently keeps it
        # the last public view every joined connection holds: the next step is sent as a patch of it
        self._sent_public: tuple[int, dict] | None = None
        self._realtime_setup(realtime_for(engine), seed)

    def _realtime_setup(self, realtime: RealTime | None, seed: int) -> None:
        """The game's real-time rules (net.realtime), fresh for a game played with `seed`."""
        self.realtime = realtime
        self._race: Race | None = realtime.race(seed) if realtime is not None else None
        # how long a seat may stay silent on a choice with a default (a test may shorten it)
        self.choice_seconds = realtime.choice_seconds if realtime is not None else float("inf")
        # seat -> ((its default, its actions so far), since when on the host's clock): the
        # silence a default ends; a seat that acts, or whose default changes, starts afresh
        self._owed: dict[int, tuple[tuple[Action, int], float]] = {}
        self._acts = [0] * self.config.players    # actions applied per seat (for the above)
        self._window: RaceWindow | None = None    # presses held for the judge (net.fair_slap)
        self._race_note: tuple[tuple[int, float], ...] = ()   # what the steps being ruled carry
        self.races: deque[tuple[HeldPress, ...]] = deque(maxlen=RACES_KEPT)   # judged, in order

    # -- reading ---------------------------------------------------------------------------------

    @property
    def step(self) -> int:
        return len(self.log)

    def to_act(self) -> frozenset[int]:
        if not self.started or self.halted or self.engine.outcome(self.state) is not None:
            return frozenset()
        return frozenset(self.engine.to_act(self.state))

    @property
    def over(self) -> bool:
        return self.engine.outcome(self.state) is not None

    def view(self, seat: int | None) -> Any:
        """`seat`'s view in its wire form (plain data: messages carry it, net.delta diffs it)."""
        return self.engine.encode_view(self.engine.view(self.state, seat))

    def public_hash(self) -> bytes:
        return self.engine.public_hash(self.state)

    def seats_of(self, token: bytes | None) -> tuple[int, ...]:
        if token is None:
            return ()
        return tuple(i for i, s in enumerate(self._seats) if s.holder == token)

    def conn_seats(self, conn: ConnId) -> tuple[int, ...]:
        c = self._conns.get(conn)
        return self.seats_of(c.token) if c is not None else ()

    def joined(self) -> list[ConnId]:
        return [conn for conn, c in self._conns.items() if c.token is not None]

    def is_joined(self, conn: ConnId) -> bool:
        """Has `conn` said a Hello the host accepted (and not left since)?"""
        c = self._conns.get(conn)
        return c is not None and c.token is not None

    def conn_of(self, token: bytes) -> ConnId | None:
        """The connection that holds `token` now."""
        return self._conn_of.get(token)

    def seat_table(self) -> tuple[m.SeatEntry, ...]:
        return tuple(m.SeatEntry(s.name, s.kind, s.level, self._connected(s), s.ready)
                     for s in self._seats)

    def at_host(self) -> tuple[bool, ...]:
        """Per seat: is it played by the host's own client (its players and its bots)?"""
        return tuple(s.holder == self.local_token for s in self._seats)

    def seats_free(self) -> int:
        return sum(1 for s in self._seats if s.kind == "open")

    def away_since(self) -> list[tuple[int, float]]:
        """Seats whose holder's connection is gone, and since when (the host's own never are)."""
        return [(i, s.away_since) for i, s in enumerate(self._seats)
                if s.holder is not None and s.holder != self.local_token and not self._connected(s)
                and s.away_since is not None]

    def away(self, now: float) -> list[tuple[int, float]]:
        """Seats whose holder's connection is gone, and for how long."""
        return [(i, now - since) for i, since in self.away_since()]

    def can_start(self, require_ready: bool = True,
                  fill_open: bool = False) -> tuple[bool, str]:
        """Whether start() would start now, and if not, what the table waits for, in words."""
        if self.started:
            return False, "The game has started"
        free = self.seats_free()
        if free and not fill_open:
            return False, f"Waiting for {free} player{'s' if free > 1 else ''}"
        # the host's own seats are not waited for: its client is the one calling start()
        away = [self._label(i) for i, s in enumerate(self._seats)
                if s.holder is not None and s.holder != self.local_token and not self._connected(s)]
        if away:
            return False, f"Waiting for {_names(away)} to reconnect"
        if require_ready:
            unready = [self._label(i) for i, s in enumerate(self._seats)
                       if s.kind == "human" and s.holder != self.local_token and not s.ready]
            if unready:
                return False, f"Waiting for {_names(unready)} to be ready"
        return True, "Ready to start"

    def _label(self, seat: int) -> str:
        return self._seats[seat].name or f"seat {seat + 1}"

    def _connected(self, seat: _Seat) -> bool:
        return seat.holder is not None and seat.holder in self._conn_of

    def paused_on(self) -> frozenset[int]:
        """Seats that must act but are open or away: the game waits for them. A seat whose only
        moves are step-free (KOMBIO: a seat that may slap, and owes nothing) is not waited for:
        the game goes on without its slaps."""
        return frozenset(i for i in self.to_act()
                         if not self._connected(self._seats[i]) and self._must_act(i))

    def _must_act(self, seat: int) -> bool:
        legal = self.engine.legal_actions(self.state, seat)
        return not legal or any(not type(a).STEP_FREE for a in legal)

    def overdue(self, now: float, timeout: float) -> list[int]:
        """Seats played elsewhere (people, or a peer's bots) whose holder has been away for
        `timeout` seconds or more."""
        return [i for i, t in self.away(now) if t >= timeout]

    # -- input -----------------------------------------------------------------------------------

    def receive_raw(self, conn: ConnId, data: Any, now: float, framed: bool = False) -> Outbox:
        """Plain data from a frame: decode, and answer bad input with a clear error. `framed`: the
        data is straight from net.protocol's decoder (see messages.decode)."""
        try:
            msg = m.decode(data, framed)
        except VersionMismatch as exc:
            out = Outbox()
            out.send(conn, m.Refused("wrong_version", exc.text[:m.MAX_TEXT]))
            out.close(conn)
            out.extend(self.disconnect(conn, now))
            return out
        except SchemaError as exc:
            out = Outbox()
            out.send(conn, m.ErrorMsg("bad_message", exc.text[:m.MAX_TEXT]))
            return out
        return self.receive(conn, msg, now)

    def protocol_error(self, conn: ConnId, exc: ProtocolError, now: float) -> Outbox:
        """The adapter could not even frame what `conn` sent."""
        out = Outbox()
        out.send(conn, m.ErrorMsg("bad_frame", exc.text[:m.MAX_TEXT]))
        if exc.fatal:
            out.close(conn)
            out.extend(self.disconnect(conn, now))
        return out

    def connect(self, conn: ConnId, address: tuple, now: float) -> None:
        """A remote connection opened from `address` ((host, port)). UDP intents are taken only
        from that host, and the host's own token only from a connection that never called this
        (the host's in-memory one). Optional: a connection the core first hears of in receive()
        has no address."""
        self._conns[conn] = _Conn(address=tuple(address), heard=now)

    def receive(self, conn: ConnId, msg: m.Message, now: float) -> Outbox:
        c = self._conns.get(conn)
        if c is None:
            c = self._conns[conn] = _Conn()
        c.heard = now
        if isinstance(msg, m.Hello):
            return self._hello(conn, msg, now)
        if isinstance(msg, m.Intent):
            return self._intent(conn, msg, now)
        out = Outbox()
        if isinstance(msg, m.Ping):
            out.send(conn, answer(msg, now, now))
        elif isinstance(msg, m.Ready):
            self._ready(conn, msg, out)
        elif isinstance(msg, m.Query):
            out.send(conn, self.table_info())
        elif isinstance(msg, m.UdpIntent):
            out.send(conn, m.ErrorMsg("unexpected", "udp_intent goes by UDP"))
        elif isinstance(msg, m.Pong):
            self.latency.on_pong(conn, msg, now)
        elif isinstance(msg, m.SnapshotRequest):
            if self._conns[conn].token is None:
                out.send(conn, m.ErrorMsg("not_joined", "say hello first"))
            elif not self.started:
                out.send(conn, m.ErrorMsg("not_started", "the game has not started: no views yet"))
            else:
                self._snapshots(out, conn)
        elif isinstance(msg, m.Bye):
            out.close(conn)
            token = self._conns[conn].token
            out.extend(self.disconnect(conn, now))
            if not self.started and token is not None and token != self.local_token:
                self._leave_lobby(token, out)
        elif isinstance(msg, m.ErrorMsg):
            pass   # a peer's complaint; nothing to do but not to answer it (no error ping-pong)
        else:
            out.send(conn, m.ErrorMsg("unexpected", f"a host does not take {msg.TAG!r} messages"))
        return out

    def disconnect(self, conn: ConnId, now: float) -> Outbox:
        """The connection is gone (closed, timed out, said Bye): its seats wait for a rejoin."""
        c = self._forget(conn)
        out = Outbox()
        if c is None or c.token is None or self._conn_of.get(c.token) != conn:
            return out
        del self._conn_of[c.token]
        for seat in self.seats_of(c.token):
            self._seats[seat].away_since = now
            if not self.started and self._seats[seat].kind == "human":
                self._seats[seat].ready = False     # back from a drop, they say Ready again
        if self._forgettable(c.token):
            # a watcher's token: nothing to come back to, so strangers joining and leaving in a
            # loop cannot grow the table of tokens (or the save)
            del self._holders[c.token]
        self._broadcast_seats(out)
        return out

    def _forget(self, conn: ConnId) -> _Conn | None:
        """Drop what is kept per connection (not its seats: that is disconnect's business)."""
        c = self._conns.pop(conn, None)
        self.latency.remove(conn)
        if c is not None and c.udp_key is not None and self._by_key.get(c.udp_key) == conn:
            del self._by_key[c.udp_key]
        return c

    def _leave_lobby(self, token: bytes, out: Outbox) -> None:
        """A peer left the lobby for good (Bye): its seats open again and its token is void."""
        for i, s in enumerate(self._seats):
            if s.holder == token:
                self._seats[i] = _Seat("open")
            elif s.reserved_for == token:
                s.reserved_for = None
        self._holders.pop(token, None)
        self._levels.pop(token, None)
        self._broadcast_seats(out)

    def _ready(self, conn: ConnId, msg: m.Ready, out: Outbox) -> None:
        token = self._conns[conn].token
        if token is None:
            out.send(conn, m.ErrorMsg("not_joined", "say hello first"))
            return
        if self.started:
            return      # a late click; nothing to do, and no error to alarm anyone with
        changed = False
        for i in self.seats_of(token):
            seat = self._seats[i]
            if seat.kind == "human" and seat.ready != msg.ready:
                seat.ready = msg.ready
                changed = True
        if changed:
            self._broadcast_seats(out)

    def table_info(self) -> m.TableInfo:
        return m.TableInfo(PROTOCOL_VERSION, self.engine.key, self.config.players,
                           self.seats_free(), self.started, self._holders[self.local_token])

    def _forgettable(self, token: bytes) -> bool:
        return (token != self.local_token and not self.seats_of(token)
                and all(s.reserved_for != token for s in self._seats))

    def ping_due(self, now: float) -> Outbox:
        """Clock pings to each joined connection whose next ping is due, for the latency table."""
        out = Outbox()
        for conn, ping in self.latency.due(now):
            out.send(conn, ping)
        return out

    # -- joining ---------------------------------------------------------------------------------

    def _refuse(self, conn: ConnId, code: str, text: str, now: float) -> Outbox:
        out = Outbox()
        out.send(conn, m.Refused(code, text))
        out.close(conn)
        out.extend(self.disconnect(conn, now))
        return out

    def _hello(self, conn: ConnId, hello: m.Hello, now: float) -> Outbox:
        c = self._conns[conn]
        if hello.version != PROTOCOL_VERSION:
            return self._refuse(conn, "wrong_version",
                                f"this host speaks protocol version {PROTOCOL_VERSION}, "
                                f"not {hello.version}", now)
        if c.token is not None:
            out = Outbox()
            out.send(conn, m.ErrorMsg("already_joined", "this connection has already joined"))
            return out
        if hello.game != self.engine.key:
            return self._refuse(conn, "wrong_game",
                                f"this table plays {self.engine.title}, not {hello.game!r}", now)
        out = Outbox()
        if hello.token is not None:
            token = hello.token
            # the host's own token is only ever good on its in-memory connection, which has no
            # address: a copy of it (a save read by someone) takes nothing over the network
            if token not in self._holders or (token == self.local_token and c.address is not None):
                return self._refuse(conn, "bad_token", "that reconnect token is not known here",
                                    now)
            old = self._conn_of.get(token)
            if old is not None and old != conn:
                oc = self._conns.get(old)
                silent = now - oc.heard if oc is not None else float("inf")
                name = self._holders[token]
                if silent < self.live_for:
                    # the seat's connection still answers the host's pings: this Hello is a
                    # replay, or a second copy of the program; the player keeps the seat
                    log.warning("refused a second connection%s for %s's seat: the seat's "
                                "connection%s still answers", _from(c.address), name,
                                _from(oc.address if oc is not None else None))
                    return self._refuse(conn, "in_use", IN_USE, now)
                # the same player again on a new connection: the old one is a dead TCP stream
                # that has not timed out yet
                log.info("%s's seat moved to a new connection%s; the old one%s had been silent "
                         "for %.0f s and is closed", name, _from(c.address),
                         _from(oc.address if oc is not None else None), silent)
                out.send(old, m.Bye(MOVED))
                out.close(old)
                self._forget(old)
            changed_hands = self._reclaim(token)
        else:
            free = [i for i, s in enumerate(self._seats) if s.kind == "open"]
            if hello.want > len(free):
                if self.started and not free:
                    return self._refuse(conn, "started", "the game has already started", now)
                text = ("the table is full" if not free
                        else f"only {len(free)} seat(s) are open, not {hello.want}")
                return self._refuse(conn, "full", text, now)
            if hello.want == 0 and self._spectators() >= MAX_SPECTATORS:
                return self._refuse(conn, "full", "no room for more spectators", now)
            chosen = [s for s in dict.fromkeys(hello.prefer) if s in free][:hello.want]
            chosen += [s for s in free if s not in chosen][:hello.want - len(chosen)]
            token = self._new_token()
            self._holders[token] = hello.name or "Player"
            if hello.bot:
                self._levels[token] = hello.bot
            for i in chosen:
                self._seats[i] = self._seat_for(token)
            changed_hands = set()
        c.token = token
        c.udp_key = secrets.token_bytes(m.TOKEN_SIZE)
        self._by_key[c.udp_key] = conn
        self._conn_of[token] = conn
        for i in self.seats_of(token):
            self._seats[i].away_since = None
        self.latency.add(conn)
        self._welcome(out, conn)
        if self.started and hello.token is not None and hello.step is not None \
                and hello.game_no == self.game_no:
            self._missed(out, conn, hello.step)
        if self.started:
            self._snapshots(out, conn)
        if self.halted:
            out.send(conn, m.ErrorMsg("host_error", self.halted[:m.MAX_TEXT]))
        for other in changed_hands:
            if other != conn:
                self._welcome(out, other)
                if self.started:
                    self._snapshots(out, other)
        self._broadcast_seats(out)
        return out

    def _seat_for(self, token: bytes) -> _Seat:
        level = self._levels.get(token, "")
        kind = "bot" if level else "human"
        return _Seat(kind, self._holders[token], level, token, None, None, bool(level))

    def _reclaim(self, token: bytes) -> set[ConnId]:
        """Seats a bot kept warm for `token` go back to it; returns the conns that lost a seat."""
        losers: set[ConnId] = set()
        for i, seat in enumerate(self._seats):
            if seat.reserved_for == token:
                if seat.holder in self._conn_of:
                    losers.add(self._conn_of[seat.holder])
                self._seats[i] = self._seat_for(token)
        return losers

    def _spectators(self) -> int:
        return sum(1 for c in self._conns.values() if c.token is not None and not self.seats_of(c.token))

    def _new_token(self) -> bytes:
        token = self._tokens()
        if not isinstance(token, bytes) or len(token) != m.TOKEN_SIZE:
            raise ValueError(f"a token factory must return {m.TOKEN_SIZE} bytes")
        return token

    def _welcome(self, out: Outbox, conn: ConnId) -> None:
        c = self._conns[conn]
        token = c.token
        assert token is not None
        out.send(conn, m.Welcome(token, self.engine.key, self.engine.configs.encode(self.config),
                                 self.config.players, self.seats_of(token), self.step,
                                 self.game_no, c.udp_key))

    def hand_to_bot(self, seat: int, level: str, now: float) -> Outbox:
        """Give an open or away seat to a bot the host's client runs. An away player gets the seat
        back when they rejoin with their token."""
        out = Outbox()
        self._to_bot(seat, level, now)
        self._local_changed(out)
        self._broadcast_seats(out)
        return out

    def _to_bot(self, seat: int, level: str, now: float) -> None:
        if not 0 <= seat < len(self._seats):
            raise SeatError(f"there is no seat {seat + 1}")
        if not level or len(level) > m.MAX_NAME:
            raise SeatError("a bot needs a level")
        s = self._seats[seat]
        if s.holder == self.local_token:
            raise SeatError(f"seat {seat + 1} is already a bot" if s.kind == "bot"
                            else f"seat {seat + 1} is played at the host")
        if s.kind != "open" and self._connected(s):
            raise SeatError(f"seat {seat + 1}'s player is connected")
        reserved = s.holder if s.kind != "open" else None
        name = s.name if s.kind != "open" else f"Bot {seat + 1}"
        local_here = self.local_token in self._conn_of
        self._seats[seat] = _Seat("bot", name, level, self.local_token, reserved,
                                  None if local_here else now, True)

    def _local_changed(self, out: Outbox) -> None:
        """The host's own connection gained or lost seats: tell it (and show it the seats)."""
        local = self._conn_of.get(self.local_token)
        if local is not None:
            self._welcome(out, local)
            if self.started:
                self._snapshots(out, local)

    # -- starting --------------------------------------------------------------------------------

    def start(self, now: float, fill_open_with: str | None = None,
              require_ready: bool = True) -> Outbox:
        """Start the game: every connection gets step 0. `fill_open_with`: a bot level for the
        seats still open. Raises StartError (and changes nothing) if the table is not ready."""
        ok, why = self.can_start(require_ready, fill_open=fill_open_with is not None)
        if not ok:
            raise StartError(why)
        out = Outbox()
        open_seats = [i for i, s in enumerate(self._seats) if s.kind == "open"]
        for i in open_seats:
            assert fill_open_with is not None
            self._to_bot(i, fill_open_with, now)
        if open_seats:
            self._local_changed(out)
        self.started = True
        self._broadcast_seats(out)
        self._broadcast_views(out, 0, [], None)
        return out

    def rematch(self, now: float, seed: int) -> Outbox:
        """The game is over: back to the lobby for a new game (same config, seed `seed`) at the
        same table. Raises StartError (and changes nothing) while the game is not over."""
        if not self.started:
            raise StartError("The game has not started yet")
        if not self.over:
            raise StartError("The game is not over yet")
        if not 0 <= seed < 2**64:
            raise ValueError("the seed must fit 64 bits, so that saves can carry it")
        state = self.engine.new_game(self.config, seed)
        self.seed = seed
        self.state = state
        self.log = []
        self.started = False
        self.game_no += 1
        self._realtime_setup(self.realtime, seed)
        self._sent_public = None
        self.halted = ""
        for s in self._seats:
            if s.kind == "human" and s.holder != self.local_token:
                s.ready = False
            elif s.kind != "open":
                s.ready = True
        out = Outbox()
        news = m.NewGame(self.game_no)
        for conn in self.joined():
            out.send(conn, news)
        self._broadcast_seats(out)
        return out

    # -- intents ---------------------------------------------------------------------------------

    def udp_intent(self, msg: m.UdpIntent, source: tuple, now: float) -> Outbox | str:
        """A UdpIntent from `source` ((host, port)), taken as the Intent of the connection whose
        pairing key it carries if it comes from that connection's host. Returns what to send (an
        answer goes to that connection, never to the datagram's source, which is easily forged;
        nothing for the copy of an intent already handled), or why it was dropped: no connection
        has that key, it comes from another host, or its ref jumps too far."""
        conn = self._by_key.get(msg.key)
        c = self._conns.get(conn) if conn is not None else None
        if c is None or c.token is None:
            return "no connection has that key"
        if c.address is None or not source or c.address[0] != source[0]:
            return f"not from the host of the connection with that key ({source[0] if source else '?'})"
        if msg.ref > max(c.last_ref, c.sent_ref) + MAX_REF_JUMP:
            return f"ref {msg.ref} jumps too far"
        intent = m.Intent(msg.ref, msg.step, msg.action, msg.pressed, msg.game_no)
        return self._intent(conn, intent, now, by_udp=True)

    def _intent(self, conn: ConnId, intent: m.Intent, now: float, by_udp: bool = False) -> Outbox:
        """Validate, then act: nothing about the intent is recorded before it is known to be
        valid, so a refused one never changes what the host expects next; only its ref is kept
        among the refused, so that its second copy (TCP and UDP) is not answered again."""
        out = Outbox()
        c = self._conns[conn]

        def refuse(code: str, text: str) -> Outbox:
            if code != "not_joined":
                c.refused.append(intent.ref)
            out.send(conn, m.IntentRefused(intent.ref, intent.step, code, text[:m.MAX_TEXT]))
            return out

        if c.token is None:
            return refuse("not_joined", "say hello first")
        if intent.ref <= c.last_ref or intent.ref in c.refused:
            return out   # a second copy (TCP and UDP), or an old one overtaken: already handled
        if intent.ref > max(c.last_ref, c.sent_ref) + MAX_REF_JUMP:
            out.send(conn, m.IntentRefused(
                intent.ref, intent.step, "bad_ref",
                f"move number {intent.ref} jumps too far past the moves this connection sent"))
            return out
        if not by_udp:
            # what the connection itself has sent (TCP cannot be forged from elsewhere): it only
            # widens how far a later ref may jump, never what counts as a copy
            c.sent_ref = max(c.sent_ref, intent.ref)
        if intent.game_no != self.game_no:
            return refuse("stale", "too late: that move was made in an earlier game")
        if not self.started:
            return refuse("not_started", "the game has not started yet")
        if self.halted:
            return refuse("halted", self.halted)
        try:
            action = self.engine.actions.decode(intent.action)
        except WireFormatError as exc:
            return refuse("malformed", str(exc))
        if action.seat not in self.seats_of(c.token):
            return refuse("not_your_seat", f"seat {action.seat + 1} is not yours")
        step_free = type(action).STEP_FREE
        # a step-free action (a slap) answers what it names (a discard), not the step it was made
        # against: others may have moved the game on meanwhile, and the engine judges it
        if intent.step != self.step and not (step_free and intent.step < self.step):
            return refuse("stale", f"too late: the move was made at step {intent.step}, "
                                   f"the game has moved on to step {self.step}")
        if self.engine.outcome(self.state) is not None:
            return refuse("game_over", "the game is over")
        waiting = self.paused_on()
        if waiting:
            names = ", ".join(f"seat {i + 1}" for i in sorted(waiting))
            return refuse("paused", f"waiting for {names} to join")
        if step_free and self._race is not None and self._race.races(action):
            if self._window is not None and self._window.holds(conn, intent.ref):
                return out      # the other copy of a press still held (TCP and UDP)
            return self._press(conn, intent.ref, action, intent.pressed, now, out)
        self._judge_window(out)             # presses already in come before this move
        applied = len(self.log)
        self._apply(action, out, refuse)
        if len(self.log) > applied:
            c.last_ref = max(c.last_ref, intent.ref)
        return out

    def _link(self, conn: ConnId) -> Link:
        c = self._conns.get(conn)
        if c is not None and c.token == self.local_token:
            return LOCAL
        return link_of(self.latency.clock(conn))

    def _slap_links(self, pressed: set[int]) -> list[Link]:
        """The links of the connections that hold a seat still able to press (not in `pressed`)."""
        acting = self.to_act()
        links = []
        for other in self.joined():
            seats = [s for s in self.conn_seats(other) if s not in pressed and s in acting]
            if any(self._race is not None and type(a).STEP_FREE and self._race.races(a)
                   for s in seats for a in self.engine.legal_actions(self.state, s)):
                links.append(self._link(other))
        return links

    def _press(self, conn: ConnId, ref: int, action: Action, pressed: float | None, now: float,
               out: Outbox) -> Outbox:
        """A press for the game's race (net.realtime), held in the race window of its discard with
        its corrected time; judged when the window is due (at once if nobody else can press)."""
        assert self._race is not None
        held = HeldPress(conn, ref, action, pressed, now, corrected_time(pressed, self._link(conn), now))
        discard = self._race.answers(action)
        window = self._window
        if window is not None and discard > window.discard:
            self._judge_window(out)         # a newer discard: the old window's presses first
            window = None
        if window is None:
            due = deadline(now, held.time, self._slap_links({action.seat}))
            self._window = window = RaceWindow(discard, due, [held])
        else:
            window.presses.append(held)     # an older discard's press is refused by the judge
            # only seats that have not pressed can still have a press in flight (one attempt per
            # discard): the window ends once theirs must have come in, at once if there are none
            first = window.presses[0]
            left = self._slap_links({p.action.seat for p in window.presses})
            window.due = min(window.due, deadline(first.arrival, first.time, left))
        if now >= window.due:
            self._judge_window(out)
        return out

    def next_due(self) -> float | None:
        """When tick() must run next for the race window (None: no window open)."""
        return self._window.due if self._window is not None else None

    def _judge_window(self, out: Outbox) -> None:
        """Rule on the held presses in corrected-time order and apply what the race rules in; a
        refused press is answered to its connection; every step ruled carries the presses' times."""
        window, self._window = self._window, None
        if window is None or self._race is None:
            return
        presses = ordered(window.presses)
        race = self._race
        same = [p for p in presses if race.answers(p.action) == window.discard]
        first = same[0].time if same else 0.0   # (a stale press of an older discard is not in it)
        self._race_note = tuple((p.action.seat, (p.time - first) * 1000.0) for p in same)
        try:
            self._rule(presses, out)
        finally:
            self._race_note = ()

    def _rule(self, presses: list[HeldPress], out: Outbox) -> None:
        assert self._race is not None
        try:
            rulings = self._race.judge(self.engine, self.engine.clone(self.state),
                                       [(p.action, p.time) for p in presses])
        except Exception as exc:  # noqa: BLE001  the engine failed inside the race: as in _apply
            self._engine_fault(exc, presses[0].action, out, self._refuser(presses[0], out))
            return
        left = list(presses)
        judged: list[HeldPress] = []
        ruled_in: HeldPress | None = None
        for ruling in rulings:
            held = next((p for p in left if p.action == ruling.action), None)
            if held is None:
                log.error("the race ruled on a press it was not given: %s", ruling.action)
                continue
            left.remove(held)
            judged.append(held)
            refuse = self._refuser(held, out)
            c = self._conns.get(held.conn)
            if not ruling.apply:
                reason = ruling.reason
                if ruling.code == "too_late" and ruled_in is not None and held.time >= ruled_in.time:
                    # why a player lost, in numbers: how much earlier the winner pressed
                    reason += f", {(held.time - ruled_in.time) * 1000:.0f} ms before you"
                refuse(ruling.code or "illegal", reason)
                continue
            applied = len(self.log)
            self._apply(ruling.action, out, refuse)
            if len(self.log) > applied:
                ruled_in = held
                if c is not None:
                    c.last_ref = max(c.last_ref, held.ref)
            if self.halted:
                return
        self.races.append(tuple(judged))

    def _refuser(self, held: HeldPress, out: Outbox) -> Callable[[str, str], Outbox]:
        def refuse(code: str, text: str) -> Outbox:
            c = self._conns.get(held.conn)
            if c is not None:       # it may have left while its press was held
                c.refused.append(held.ref)
                out.send(held.conn, m.IntentRefused(held.ref, self.step, code, text[:m.MAX_TEXT]))
            return out
        return refuse

    def tick(self, now: float) -> Outbox:
        """Time passing on the host's clock (the server calls this every turn of its loop): a seat
        silent for `choice_seconds` on a choice the engine has a default for (KOMBIO: the look, a
        slap's Give or Settle) gets the default, made by the host; a seat that has dropped too.
        While the game is paused on a dropped seat the others' clocks stand still (their moves are
        refused meanwhile), but the dropped seat's own runs, so its choice cannot hold the table."""
        out = Outbox()
        if self.realtime is None:
            return out
        if self._window is not None and now >= self._window.due:
            self._judge_window(out)
        while True:
            acting = self.to_act()
            for seat in [s for s in self._owed if s not in acting]:
                del self._owed[seat]
            paused = self.paused_on()
            due: Action | None = None
            for seat in sorted(acting):
                default = self.realtime.default_action(self.state, seat)
                if default is None:
                    self._owed.pop(seat, None)
                    continue
                mark = (default, self._acts[seat])
                owed = self._owed.get(seat)
                if owed is None or owed[0] != mark or (paused and seat not in paused):
                    self._owed[seat] = (mark, now)
                elif due is None and now - owed[1] >= self.choice_seconds:
                    due = default
            if due is None:
                return out
            del self._owed[due.seat]
            self._judge_window(out)         # presses already in come before the default
            applied = len(self.log)
            log.info("seat %d was silent for %g s: the host makes its default, %s", due.seat + 1,
                     self.choice_seconds, due)
            self._apply(due, out, self._default_refused(due))
            if len(self.log) == applied:
                return out      # refused or halted (logged): never loop on it

    def _default_refused(self, action: Action) -> Callable[[str, str], Outbox]:
        def refused(code: str, text: str) -> Outbox:
            # the engine's own default is refused: an engine bug, in the log; the seat may still act
            log.error("the engine refused its own default %s (%s): %s", action, code, text)
            return Outbox()
        return refused

    def act(self, action: Action) -> Outbox:
        """Apply an action on the host's own authority (tools, tests): no seat check, and an
        illegal action raises IllegalActionError. Peers play through Intents instead."""
        out = Outbox()
        self._judge_window(out)
        return self._apply(action, out, None)

    def _apply(self, action: Action, out: Outbox,
               refuse: Callable[[str, str], Outbox] | None) -> Outbox:
        """Apply an action as the next step and tell everyone. An action the engine refuses leaves
        the state as it was (a clone is kept, so even an engine bug cannot leave it half-changed);
        any other engine error halts the game (see the module's doc)."""
        before = self.engine.clone(self.state)
        try:
            events = self.engine.apply(self.state, action)
        except IllegalActionError as exc:
            self.state = before
            if refuse is None:
                raise
            return refuse("illegal", exc.reason)
        except Exception as exc:  # noqa: BLE001  an engine bug must not take the table down: logged there
            self.state = before
            return self._engine_fault(exc, action, out, refuse)
        sent, step = self._sent_public, Outbox()
        self.log.append(action)
        try:
            self._broadcast_step(step, action, events)
        except Exception as exc:  # noqa: BLE001  applied, but the engine cannot show it: logged there
            self.log.pop()
            self.state, self._sent_public = before, sent
            return self._engine_fault(exc, action, out, refuse)
        if 0 <= action.seat < len(self._acts):
            self._acts[action.seat] += 1
        out.extend(step)
        return out

    def _engine_fault(self, exc: Exception, action: Action, out: Outbox,
                      refuse: Callable[[str, str], Outbox] | None) -> Outbox:
        fault = f"step {self.step + 1}: {action}: {type(exc).__name__}: {exc}"
        self.faults.append(fault)
        log.error("engine fault in %s at %s; the game stops here", self.engine.key, fault,
                  exc_info=exc)
        if refuse is None:
            raise exc                 # the host's own call (act): the caller hears of it
        self.halted = HALTED.format(type(exc).__name__)[:m.MAX_TEXT]
        refuse("error", self.halted)
        self._halt(out)
        return out

    def _halt(self, out: Outbox) -> None:
        """Tell every connection the game has stopped, with a snapshot in which nobody may act."""
        notice = m.ErrorMsg("host_error", self.halted)
        for conn in self.joined():
            out.send(conn, notice)
            try:
                self._snapshots(out, conn)
            except Exception:   # the engine cannot even show its state: the notice must do
                log.warning("no snapshot after the engine fault", exc_info=True)

    # -- output ----------------------------------------------------------------------------------

    def _common(self, public_view: Any = None) -> tuple[bytes, tuple[int, ...], list | None]:
        outcome = self.engine.outcome(self.state)
        if public_view is not None and type(self.engine).public_hash is Engine.public_hash:
            # the engine's own hash is view_hash of this very view: hash the one in hand, fast
            public_hash = view_hash(public_view)
        else:
            public_hash = self.public_hash()
        return (public_hash, tuple(sorted(self.to_act())),
                outcome.to_wire() if outcome is not None else None)

    def _legal(self, seat: int, to_act: tuple[int, ...]) -> tuple[list, ...]:
        if seat not in to_act:
            return ()
        codec = self.engine.actions
        return tuple(codec.encode(a) for a in self.engine.legal_actions(self.state, seat))

    def _events(self, events: list[Event], seat: int | None) -> tuple[list, ...]:
        codec = self.engine.events
        shown = (self.engine.redact(e, seat) for e in events)
        return tuple(codec.encode(e) for e in shown if e is not None)

    def _missed(self, out: Outbox, conn: ConnId, held: int) -> None:
        """A rejoin that holds step `held`: the steps after it, as MissedStep messages, per seat
        (its own events and action) and then public, before its snapshot (see net.messages). The
        events come from a replay of the log: nothing is kept per step, and a resumed host has
        them all the same."""
        if held >= self.step:
            return
        seats = self.conn_seats(conn)
        codec = self.engine.actions
        try:
            state = self.engine.new_game(self.config, self.seed)
            for number, action in enumerate(self.log, 1):
                events = self.engine.apply(state, action)
                if number <= held:
                    continue
                for seat in seats:
                    out.send(conn, m.MissedStep(number, seat, self._events(events, seat),
                                                codec.encode(action) if action.seat == seat else None,
                                                self.game_no))
                out.send(conn, m.MissedStep(number, None, self._events(events, None), None,
                                            self.game_no, self.engine.public_hash(state)))
        except Exception:  # the log only misses lines: the snapshot still follows
            log.warning("could not replay the moves a rejoining peer missed", exc_info=True)

    def _broadcast_step(self, out: Outbox, action: Action, events: list[Event]) -> None:
        self._broadcast_views(out, self.step, events, action)

    def _broadcast_views(self, out: Outbox, number: int, events: list[Event],
                         action: Action | None) -> None:
        public_view = self.view(None)
        public_hash, to_act, outcome = self._common(public_view)
        patch = None
        if self._sent_public is not None and self._sent_public[0] == number - 1:
            patch = diff(self._sent_public[1], public_view) or ["d", {}, []]
            if len(msgpack.packb(patch)) >= len(msgpack.packb(public_view)):
                patch = None            # almost all of it changed: the view itself is smaller
        self._sent_public = (number, public_view)
        race_seats = tuple(seat for seat, _ in self._race_note)
        race_ms = tuple(round(ms, 3) for _, ms in self._race_note)
        public = m.StepMsg(number, None, None if patch is not None else public_view,
                           self._events(events, None), public_hash, to_act, (), None, outcome,
                           patch, self.game_no, race_seats, race_ms)
        action_wire = self.engine.actions.encode(action) if action is not None else None
        per_seat: dict[int, m.StepMsg] = {}
        for conn in self.joined():
            for seat in self.conn_seats(conn):
                if seat not in per_seat:
                    view = self.view(seat)
                    per_seat[seat] = m.StepMsg(
                        number, seat, None if view == public_view else view,
                        self._events(events, seat), public_hash, to_act,
                        self._legal(seat, to_act),
                        action_wire if action is not None and action.seat == seat else None,
                        outcome, None, self.game_no, race_seats, race_ms)
                out.send(conn, per_seat[seat])
            out.send(conn, public)   # last: it closes the step for that peer

    def _snapshots(self, out: Outbox, conn: ConnId) -> None:
        public_view = self.view(None)
        public_hash, to_act, outcome = self._common(public_view)
        for seat in self.conn_seats(conn):
            out.send(conn, m.Snapshot(self.step, seat, self.view(seat), public_hash, to_act,
                                      self._legal(seat, to_act), outcome, self.game_no))
        out.send(conn, m.Snapshot(self.step, None, public_view, public_hash, to_act, (), outcome,
                                  self.game_no))

    def _broadcast_seats(self, out: Outbox) -> None:
        update = m.SeatUpdate(self.seat_table(), self.started)
        for conn in self.joined():
            out.send(conn, update)

    # -- saving ----------------------------------------------------------------------------------

    def seat_record(self) -> bytes:
        """Everything a save holds but the moves (seats, tokens, names, the start): when this is
        unchanged, a save only needs the new moves appended (net.save.AutoSaver)."""
        return cast(bytes, msgpack.packb([
            self.started, self.game_no, self.local_token,
            [[t, name, self._levels.get(t, "")] for t, name in self._holders.items()],
            [[s.kind, s.name, s.level, s.holder, s.reserved_for] for s in self._seats],
        ], use_bin_type=True))

    def save(self) -> bytes:
        """The replay (config, seed, actions) plus the seats and tokens, so peers can rejoin a
        resumed game. Holds the seed: it stays on the host's disk, never on the wire."""
        return cast(bytes, msgpack.packb({
            "v": SAVE_VERSION,
            "game": self.engine.key,
            "config": self.engine.configs.encode(self.config),
            "seed": self.seed,
            "actions": [self.engine.actions.encode(a) for a in self.log],
            "local": self.local_token,
            "holders": [[t, name, self._levels.get(t, "")] for t, name in self._holders.items()],
            "seats": [[s.kind, s.name, s.level, s.holder, s.reserved_for] for s in self._seats],
            "started": self.started,
            "game_no": self.game_no,
        }, use_bin_type=True))

    @classmethod
    def restore(cls, engine: Engine, data: bytes, now: float = 0.0,
                token_factory: TokenFactory = _default_tokens) -> HostCore:
        """Replay a save. Every seat starts away; the host's client and the peers rejoin with
        their tokens."""
        try:
            raw = msgpack.unpackb(data, raw=False, strict_map_key=False, max_ext_len=0)
            if not isinstance(raw, dict) or raw.get("v") != SAVE_VERSION:
                raise SaveError("not a save of this version")
            if raw["game"] != engine.key:
                raise SaveError(f"a save of {raw['game']!r}, not {engine.key!r}")
            config = engine.configs.decode(raw["config"])
            seed = raw["seed"]
            if not isinstance(seed, int) or isinstance(seed, bool):
                raise SaveError("the seed is not a whole number")
            actions = [engine.actions.decode(a) for a in raw["actions"]]
            holders: dict[bytes, str] = {}
            levels: dict[bytes, str] = {}
            for entry in raw["holders"]:
                token, name, *rest = entry       # [token, name] or [token, name, bot level]
                holders[_token(token)] = str(name)[:m.MAX_NAME]
                if rest and rest[0]:
                    levels[_token(token)] = str(rest[0])[:m.MAX_NAME]
            local = _token(raw["local"])
            seats = [_Seat(str(kind), str(name), str(level), _opt_token(h), _opt_token(r))
                     for kind, name, level, h, r in raw["seats"]]
            started = raw.get("started", True)   # saves from before the lobby were all started
            if not isinstance(started, bool):
                raise SaveError("the save's started flag is not true or false")
            game_no = raw.get("game_no", 0)      # saves from before rematches: the first game
            if not isinstance(game_no, int) or isinstance(game_no, bool) \
                    or not 0 <= game_no <= m.MAX_STEP:
                raise SaveError("the save's game number is not a whole number")
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, WireFormatError, msgpack.UnpackException) as exc:
            raise SaveError(f"the save is damaged ({type(exc).__name__})") from None
        if len(seats) != config.players or local not in holders:
            raise SaveError("the save's seats do not match its game")
        for s in seats:
            if s.kind not in ("open", "human", "bot") or (s.kind != "open") != (s.holder in holders):
                raise SaveError("the save's seats do not match its tokens")
            if s.reserved_for is not None and s.reserved_for not in holders:
                raise SaveError("the save's seats do not match its tokens")
        host = cls.__new__(cls)
        host.engine, host.config, host.seed, host._tokens = engine, config, seed, token_factory
        try:
            host.state = engine.replay(config, seed, actions)
        except KomboError as exc:
            raise SaveError(f"the save's moves do not replay: {exc}") from None
        host.log = actions
        host.started = started
        host.game_no = game_no
        host.local_token = local
        host._holders = holders
        host._levels = levels
        host._seats = seats
        for s in seats:
            s.away_since = now if s.holder is not None else None
            s.ready = s.kind == "bot" or s.holder == local
        host._conns, host._conn_of, host._by_key = {}, {}, {}
        host.latency = LatencyTable()
        host.faults = []
        host.halted = ""
        host.live_for = LIVE_FOR
        host._sent_public = None
        # a resumed game's ties are broken afresh from its seed (a slap tie is rare, and judged
        # again by nobody: the log holds the slaps in the order they were applied)
        host._realtime_setup(realtime_for(engine), seed)
        return host


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _from(address: tuple | None) -> str:
    """ " from host:port" for the log, or nothing for a connection with no address."""
    if not address:
        return ""
    return f" from {address[0]}:{address[1]}" if len(address) > 1 else f" from {address[0]}"


def _token(value: Any) -> bytes:
    if not isinstance(value, bytes) or len(value) != m.TOKEN_SIZE:
        raise ValueError("bad token")
    return value


def _opt_token(value: Any) -> bytes | None:
    return None if value is None else _token(value)


def frames_for(out: Outbox) -> list[tuple[ConnId, dict]]:
    """The outbox as (conn, plain data) pairs, for an adapter that frames them."""
    return [(conn, m.encode(msg)) for conn, msg in out.sends]


__all__ = [
    "ConnId",
    "HostCore",
    "HostSeat",
    "Outbox",
    "SaveError",
    "SeatError",
    "StartError",
    "frames_for",
]
