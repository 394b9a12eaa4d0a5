"""The host's side of LAN play, without I/O: messages in, messages out, the one true game inside.

Every method takes a connection id, a decoded message and the time, and returns an Outbox of
messages to send and connections to close; the socket adapter only moves bytes. That keeps every
rule of the protocol testable in memory. HostCore is a facade over three parts with one job each:

- the Lobby (net.lobby): seats, tokens, ready, away players and the bots keeping their seats;
- the Referee (game.core.referee): the game's steps, its real-time races and its choice deadlines,
  the same as a game on one screen has;
- the Replicator (net.replicator): what each connection is sent of the game.
What stays here is the connections: joining and rejoining (a seat moves to a new connection only
once the old one has gone quiet), intents checked before anything about them is recorded, clock
pings, and the engine-fault halt.

The host's own players and the bots it runs are held by `local_token`: the host's client joins with
it over an in-memory connection and plays through the same path as everyone else. The game pauses
while a seat that must act is open or away; the host may hand such a seat to a bot.

The lobby: a table starts in its lobby (`started` False). Peers join, take open seats and say Ready;
intents are refused ("not_started"). `start(now)` is the host's call once every seat is filled (it may
fill the open ones with bots first), every seat's holder is connected and every person is ready; it
sends everyone step 0, the first views. In the lobby a peer that says Bye gives its seats back; one
that merely drops keeps them for a reconnect, as in a game.

Rematch: once a game is over, `rematch(now, seed)` takes the table back to its lobby for a new game
from the same config and a new seed: same seats, holders, tokens and connections; remote people are
asked to say Ready again. `game_no` numbers the games (0, 1, ...): every connection gets NewGame, step
numbers start from 0 again, and intents of another game are refused as stale.

Real time (a game whose GameDef declares `realtime`: KOMBIO): an intent must be made against the
present step, except a step-free action (Action.STEP_FREE, KOMBIO's slap), which answers something
the engine numbers itself (a discard) and goes to the referee at any step of the game, with its
press time made host time by the presser's clock offset (net.fair_slap). `tick(now)`, called by
the adapter every turn of its loop, lets the referee judge a due window and make a silent seat's
default: time is the host's, given in each call. Hostile input (a flood, forged UDP copies, stolen
tokens): net.intents and net.joining.

An engine fault (the engine raising anything but IllegalActionError while applying a move, or while
showing the step it made) leaves the state as it was before the move, logs the traceback, and halts
the game: `halted` says why, every connection gets an ErrorMsg ("host_error") saying so and a
snapshot in which nobody is to act, and every later intent is refused ("halted"). The host's
adapters decide what then (the headless host ends the table; a window shows the message).
"""
from __future__ import annotations

import logging
import os
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.core.engine import Action, Engine, GameConfig
from game.core.errors import IllegalActionError
from game.core.referee import LOCAL, Held, Link, RealTime, Referee, Ruling, StepRecord, Verdict

from . import host_replay, host_save, intents, joining
from . import messages as m
from .clock import LatencyTable, answer
from .fair_slap import link_of
from .host_save import SaveError
from .intents import MAX_REF_JUMP
from .joining import IN_USE, MOVED
from .lobby import HostSeat, Lobby, SeatError, StartError, names
from .outbox import ConnId, Outbox, frames_for
from .protocol import PROTOCOL_VERSION, ProtocolError, SchemaError, VersionMismatch
from .replicator import Replicator

TokenFactory = Callable[[], bytes]

LIVE_FOR = 6.0          # a connection heard from this recently is alive (the host pings every 2 s)
REFUSED_REFS = 32       # refused refs kept per connection, so that a second copy is not answered

log = logging.getLogger(__name__)


@dataclass
class _Conn:
    token: bytes | None = None       # None until a Hello is accepted
    address: tuple | None = None     # (host, port) of a remote connection (HostCore.connect)
    heard: float = float("-inf")     # when it last sent a message
    last_ref: int = -1               # the highest ref acted on (applied)
    sent_ref: int = -1               # the highest ref it sent by TCP, acted on or not
    refused: deque[int] = field(default_factory=lambda: deque(maxlen=REFUSED_REFS))
    udp_key: bytes | None = None     # the pairing key its Welcome carries, for UdpIntent


def _default_tokens() -> bytes:
    return os.urandom(m.TOKEN_SIZE)


class HostCore:
    def __init__(self, engine: Engine, config: GameConfig, seed: int, seat_plan: Sequence[HostSeat],
                 token_factory: TokenFactory = _default_tokens, host_name: str = "host",
                 realtime: RealTime | None = None) -> None:
        engine.check_config(config)
        if len(seat_plan) != config.players:
            raise ValueError("one HostSeat per player")
        if not 0 <= seed < 2**64:
            raise ValueError("the seed must fit 64 bits, so that saves can carry it")
        self._setup(engine, config, seed, realtime, token_factory)
        self.local_token = joining.new_token(self)
        self.lobby = Lobby(seat_plan, self.local_token, host_name, self._conn_of.__contains__)
        self.referee = self._new_referee(seed, ())

    def _setup(self, engine: Engine, config: GameConfig, seed: int, realtime: RealTime | None,
               token_factory: TokenFactory, started: bool = False, game_no: int = 0) -> None:
        """What a new table and a restored one both start with (the lobby and the referee aside)."""
        self.engine, self.config, self.seed, self.realtime = engine, config, seed, realtime
        self._tokens = token_factory
        self.started = started
        self.game_no = game_no            # 0 for the first game, +1 per rematch
        self._conns: dict[ConnId, _Conn] = {}
        self._conn_of: dict[bytes, ConnId] = {}
        self._by_key: dict[bytes, ConnId] = {}     # UDP pairing key -> its joined connection
        self._out = Outbox()              # where the referee's steps go while it rules (_referee)
        self.replicator = Replicator(self)
        self.latency = LatencyTable()
        self.faults: list[str] = []   # engine errors other than IllegalActionError, for the log
        self.halted = ""              # why an engine fault stopped the game (see the module's doc)
        self.live_for = LIVE_FOR      # a seat's connection heard from this recently keeps it

    def _new_referee(self, seed: int, actions: Sequence[Action]) -> Referee:
        return Referee(self.engine, self.config, seed, self.realtime, self._seat_link, actions, self._show)

    def _show(self, record: StepRecord) -> None:
        """The referee made a step: its views go to every connection, now (a later press of the same
        race window is applied after this one is shown). All of it or nothing: a view the engine
        cannot make fails the step, which the referee takes back."""
        step = Outbox()
        self.replicator.step(step, record.number, record.events, record.action, record.race,
                             record.action.seat if record.by_default else None)
        if self.over:
            self._send_replay(step)
        self._out.extend(step)

    def _send_replay(self, out: Outbox) -> None:
        """The finished game to every peer, to keep with its replays."""
        message = host_replay.replay_file(self)
        if message is not None:
            for conn in self.joined():
                out.send(conn, message)

    def _referee(self, call: Callable[[], list[Ruling]], out: Outbox) -> None:
        """Ask the referee (`call`), its steps shown into `out`, then tell what it ruled."""
        self._out = out
        try:
            rulings = call()
        finally:
            self._out = Outbox()
        intents.tell(self, rulings, out)

    # -- reading ---------------------------------------------------------------------------------

    @property
    def state(self) -> Any:
        return self.referee.state

    @property
    def log(self) -> list[Action]:
        return self.referee.log

    @property
    def step(self) -> int:
        return self.referee.step

    @property
    def races(self) -> Sequence[tuple[Held, ...]]:
        """The race windows judged lately, each its presses in judged order (benches, tests)."""
        return [judged.presses for judged in self.referee.judged]

    def seconds_left(self, seat: int) -> float | None:
        """How long `seat` may still think on the choice it owes (its countdown), if it owes one."""
        return self.referee.seconds_left(seat)

    def to_act(self) -> frozenset[int]:
        if not self.started or self.halted:
            return frozenset()
        return self.referee.to_act()

    @property
    def over(self) -> bool:
        return self.engine.outcome(self.state) is not None

    def view(self, seat: int | None) -> Any:
        return self.replicator.view(seat)

    def public_hash(self) -> bytes:
        return self.engine.public_hash(self.state)

    def seats_of(self, token: bytes | None) -> tuple[int, ...]:
        return self.lobby.seats_of(token)

    def conn_seats(self, conn: ConnId) -> tuple[int, ...]:
        c = self._conns.get(conn)
        return self.seats_of(c.token) if c is not None else ()

    def joined(self) -> list[ConnId]:
        return [conn for conn, c in self._conns.items() if c.token is not None]

    def is_joined(self, conn: ConnId) -> bool:
        """Has `conn` said a Hello the host accepted (and not left since)?"""
        c = self._conns.get(conn)
        return c is not None and c.token is not None

    def seat_table(self) -> tuple[m.SeatEntry, ...]:
        return self.lobby.seat_table()

    def away(self, now: float) -> list[tuple[int, float]]:
        """Seats whose holder's connection is gone, and for how long."""
        return [(i, now - since) for i, since in self.lobby.away_since()]

    def can_start(self, require_ready: bool = True, fill_open: bool = False) -> tuple[bool, str]:
        """Whether start() would start now, and if not, what the table waits for, in words."""
        if self.started:
            return False, "The game has started"
        return self.lobby.can_start(require_ready, fill_open)

    def paused_on(self) -> frozenset[int]:
        """Seats that must act but are open or away: the game waits for them. A seat whose only
        moves are step-free (KOMBIO: a seat that may slap, and owes nothing) is not waited for:
        the game goes on without its slaps."""
        return frozenset(i for i in self.to_act()
                         if not self.lobby.is_connected(self.lobby.seats[i]) and self._must_act(i))

    def _must_act(self, seat: int) -> bool:
        legal = self.engine.legal_actions(self.state, seat)
        return not legal or any(not type(a).STEP_FREE for a in legal)

    def overdue(self, now: float, timeout: float) -> list[int]:
        """Seats played elsewhere (people, or a peer's bots) whose holder has been away for
        `timeout` seconds or more."""
        return [i for i, t in self.away(now) if t >= timeout]

    def _seat_link(self, seat: int) -> Link:
        """The link a seat's presses come over: its holder's connection's, measured by the pings."""
        holder = self.lobby.seats[seat].holder if 0 <= seat < len(self.lobby.seats) else None
        if holder is None or holder == self.local_token:
            return LOCAL
        conn = self._conn_of.get(holder)
        return link_of(self.latency.clock(conn)) if conn is not None else LOCAL

    def table_info(self) -> m.TableInfo:
        return m.TableInfo(PROTOCOL_VERSION, self.engine.key, self.config.players,
                           self.lobby.seats_free(), self.started, self.lobby.holders[self.local_token])

    def ping_due(self, now: float) -> Outbox:
        """Clock pings to each joined connection whose next ping is due, for the latency table."""
        out = Outbox()
        for conn, ping in self.latency.due(now):
            out.send(conn, ping)
        return out

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
            return joining.hello(self, conn, msg, now)
        if isinstance(msg, m.Intent):
            return intents.intent(self, conn, msg, now)
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
            if c.token is None:
                out.send(conn, m.ErrorMsg("not_joined", "say hello first"))
            elif not self.started:
                out.send(conn, m.ErrorMsg("not_started", "the game has not started: no views yet"))
            else:
                self.replicator.snapshots(out, conn)
        elif isinstance(msg, m.Bye):
            out.close(conn)
            token = c.token
            out.extend(self.disconnect(conn, now))
            if not self.started and token is not None and token != self.local_token:
                self.lobby.leave(token)
                self._broadcast_seats(out)
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
        self.lobby.gone(c.token, now, self.started)
        self._broadcast_seats(out)
        return out

    def _forget(self, conn: ConnId) -> _Conn | None:
        """Drop what is kept per connection (not its seats: that is disconnect's business)."""
        c = self._conns.pop(conn, None)
        self.latency.remove(conn)
        if c is not None and c.udp_key is not None and self._by_key.get(c.udp_key) == conn:
            del self._by_key[c.udp_key]
        return c

    def _ready(self, conn: ConnId, msg: m.Ready, out: Outbox) -> None:
        token = self._conns[conn].token
        if token is None:
            out.send(conn, m.ErrorMsg("not_joined", "say hello first"))
            return
        if self.started:
            return      # a late click; nothing to do, and no error to alarm anyone with
        if self.lobby.set_ready(token, msg.ready):
            self._broadcast_seats(out)

    # -- joining (net.joining) ---------------------------------------------------------------------

    def hand_to_bot(self, seat: int, level: str, now: float) -> Outbox:
        """Give an open or away seat to a bot the host's client runs. An away player gets the seat
        back when they rejoin with their token."""
        out = Outbox()
        self.lobby.to_bot(seat, level, now)
        self._local_changed(out)
        self._broadcast_seats(out)
        return out

    def _local_changed(self, out: Outbox) -> None:
        """The host's own connection gained or lost seats: tell it (and show it the seats)."""
        local = self._conn_of.get(self.local_token)
        if local is not None:
            joining.welcome(self, out, local)
            if self.started:
                self.replicator.snapshots(out, local)

    # -- starting --------------------------------------------------------------------------------

    def start(self, now: float, fill_open_with: str | None = None, require_ready: bool = True) -> Outbox:
        """Start the game: every connection gets step 0. `fill_open_with`: a bot level for the
        seats still open. Raises StartError (and changes nothing) if the table is not ready."""
        ok, why = self.can_start(require_ready, fill_open=fill_open_with is not None)
        if not ok:
            raise StartError(why)
        out = Outbox()
        open_seats = self.lobby.open_seats()
        for i in open_seats:
            assert fill_open_with is not None
            self.lobby.to_bot(i, fill_open_with, now)
        if open_seats:
            self._local_changed(out)
        self.started = True
        self._broadcast_seats(out)
        self.replicator.step(out, 0, [], None)
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
        self.referee = self._new_referee(seed, ())
        self.seed = seed
        self.started = False
        self.game_no += 1
        self.replicator.reset()
        self.halted = ""
        self.lobby.new_game()
        out = Outbox()
        news = m.NewGame(self.game_no)
        for conn in self.joined():
            out.send(conn, news)
        self._broadcast_seats(out)
        return out

    # -- intents ---------------------------------------------------------------------------------

    def udp_intent(self, msg: m.UdpIntent, source: tuple, now: float) -> Outbox | str:
        """A UdpIntent from `source`, taken as its connection's Intent (net.intents)."""
        return intents.udp_intent(self, msg, source, now)

    def next_due(self) -> float | None:
        """When tick() must run next (a race window's judging, a choice's default), if ever."""
        return self.referee.next_due() if self.started and not self.halted else None

    def tick(self, now: float) -> Outbox:
        """Time passing on the host's clock (the server calls this every turn of its loop): a due
        race window is judged; a seat silent for `choice_seconds` on a choice the engine has a
        default for (KOMBIO: the look, a slap's Give or Settle) gets it, a dropped seat too. While
        the game is paused on a dropped seat the others' clocks stand still (their moves are
        refused meanwhile), but the dropped seat's own runs, so its choice cannot hold the table."""
        out = Outbox()
        if not self.started or self.halted:
            return out
        paused = self.paused_on()
        self._referee(lambda: self.referee.tick(now, paused, bool(paused)), out)
        return out

    def act(self, action: Action) -> Outbox:
        """Apply an action on the host's own authority (tools, tests): no seat check, a race's press
        judged at once, and an illegal action raises IllegalActionError. Peers play through Intents
        instead."""
        out = Outbox()
        rulings: list[Ruling] = []

        def submit() -> list[Ruling]:
            rulings.extend(self.referee.submit(action))
            rulings.extend(self.referee.close())    # a press is judged at once: nobody else's counts
            return [r for r in rulings if r.action is not action]   # its own ruling is raised, not told

        self._referee(submit, out)
        mine = next(r for r in reversed(rulings) if r.action is action and r.verdict is not Verdict.HELD)
        if mine.verdict is Verdict.FAULT:
            log.error("engine fault in %s at step %d on the host's own %s", self.engine.key, self.step + 1,
                      action, exc_info=mine.error)
            raise mine.error or RuntimeError(mine.reason)
        if mine.verdict.refused or mine.verdict is Verdict.DUPLICATE:
            raise IllegalActionError(mine.reason, action)
        return out

    def _broadcast_seats(self, out: Outbox) -> None:
        update = m.SeatUpdate(self.seat_table(), self.started)
        for conn in self.joined():
            out.send(conn, update)

    # -- saving (net.host_save) -------------------------------------------------------------------

    def seat_record(self) -> bytes:
        """Everything a save holds but the moves (seats, tokens, names, the start): when this is
        unchanged, a save only needs the new moves appended (net.save.AutoSaver)."""
        return host_save.seat_record(self)

    def save(self) -> bytes:
        """The replay (config, seed, actions) plus the seats and tokens, so peers can rejoin a
        resumed game. Holds the seed: it stays on the host's disk, never on the wire."""
        return host_save.save(self)

    @classmethod
    def restore(cls, engine: Engine, data: bytes, now: float = 0.0, token_factory: TokenFactory = _default_tokens,
                realtime: RealTime | None = None) -> HostCore:
        """Replay a save. Every seat starts away; the host's client and the peers rejoin with
        their tokens."""
        saved = host_save.read(engine, data)
        host = cls.__new__(cls)
        host._setup(engine, saved.config, saved.seed, realtime, token_factory, saved.started, saved.game_no)
        host.local_token = saved.local
        host.lobby = Lobby.restored(saved.local, saved.holders, saved.levels, saved.seats,
                                    host._conn_of.__contains__, now)
        try:
            # a resumed game's ties are broken afresh from its seed (a slap tie is rare, and judged
            # again by nobody: the log holds the slaps in the order they were applied)
            host.referee = host._new_referee(saved.seed, saved.actions)
        except IllegalActionError as exc:
            raise host_save.SaveError(f"the save's moves do not replay: {exc.reason}") from None
        return host

__all__ = ["IN_USE", "LIVE_FOR", "MAX_REF_JUMP", "MOVED", "ConnId", "HostCore", "HostSeat", "Outbox", "SaveError",
           "SeatError", "StartError", "frames_for", "names"]
