"""What each connection of the host is sent of the game: every step as its seats see it, snapshots,
and the steps a rejoining connection missed.

Secrecy: a connection only ever receives views, events and legal moves of the seats it holds, the
spectator view, and the action its own seat made. Step n goes to every joined connection as one
StepMsg per seat it holds, then the public StepMsg, which closes the step for that peer; the public
view goes as a patch of the previous one (net.delta) where that is smaller. A seat's view is left
out where it equals the public one (a game without secrets).
"""
from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any, Protocol

import msgpack

from game.core.engine import Action, Engine, Event, GameConfig, view_hash

from . import messages as m
from .delta import diff
from .outbox import ConnId, Outbox

log = logging.getLogger(__name__)

# A rejoin gets at most the last MISSED_AT_MOST steps it missed, and no more than MISSED_BYTES of
# them (a connection that is sent more than the server's write cap at once is dropped as one that
# does not read): a client started again after a long game, or away for very long, sees the last
# moves, and its peer says how many it does not show (net.peer_core).
MISSED_AT_MOST = 1000
MISSED_BYTES = 256 * 1024


class Table(Protocol):
    """What the replicator reads of the host."""

    engine: Engine[Any]
    config: GameConfig
    seed: int
    game_no: int

    @property
    def state(self) -> Any: ...

    @property
    def step(self) -> int: ...

    @property
    def log(self) -> list[Action]: ...

    def to_act(self) -> frozenset[int]: ...

    def joined(self) -> list[ConnId]: ...

    def conn_seats(self, conn: ConnId) -> tuple[int, ...]: ...

    def seconds_left(self, seat: int) -> float | None: ...


class Replicator:
    def __init__(self, table: Table) -> None:
        self.table = table
        # the last public view every joined connection holds: the next step is sent as a patch of it
        self.sent_public: tuple[int, Any] | None = None

    def reset(self) -> None:
        """A new game: no view is held by anyone yet."""
        self.sent_public = None

    def view(self, seat: int | None) -> Any:
        """`seat`'s view in its wire form (plain data: messages carry it, net.delta diffs it)."""
        t = self.table
        return t.engine.encode_view(t.engine.view(t.state, seat))

    def _common(self, public_view: Any) -> tuple[bytes, tuple[int, ...], list | None]:
        t = self.table
        outcome = t.engine.outcome(t.state)
        if type(t.engine).public_hash is Engine.public_hash:
            # the engine's own hash is view_hash of this very view: hash the one in hand, fast
            public_hash = view_hash(public_view)
        else:
            public_hash = t.engine.public_hash(t.state)
        return (public_hash, tuple(sorted(t.to_act())), outcome.to_wire() if outcome is not None else None)

    def _legal(self, seat: int, to_act: tuple[int, ...]) -> tuple[list, ...]:
        if seat not in to_act:
            return ()
        t = self.table
        codec = t.engine.actions
        return tuple(codec.encode(a) for a in t.engine.legal_actions(t.state, seat))

    def events(self, events: Sequence[Event], seat: int | None) -> tuple[list, ...]:
        engine = self.table.engine
        codec = engine.events
        shown = (engine.redact(e, seat) for e in events)
        return tuple(codec.encode(e) for e in shown if e is not None)

    def step(self, out: Outbox, number: int, events: Sequence[Event], action: Action | None,
             race: tuple[tuple[int, float], ...] = (), defaulted: int | None = None) -> None:
        """Step `number` (0: the start, no events) to every joined connection."""
        t = self.table
        public_view = self.view(None)
        public_hash, to_act, outcome = self._common(public_view)
        patch = None
        if self.sent_public is not None and self.sent_public[0] == number - 1:
            patch = diff(self.sent_public[1], public_view) or ["d", {}, []]
            if len(msgpack.packb(patch)) >= len(msgpack.packb(public_view)):
                patch = None            # almost all of it changed: the view itself is smaller
        self.sent_public = (number, public_view)
        race_seats = tuple(seat for seat, _ in race)
        race_ms = tuple(round(ms, 3) for _, ms in race)
        public = m.StepMsg(number, None, None if patch is not None else public_view,
                           self.events(events, None), public_hash, to_act, (), None, outcome,
                           patch, t.game_no, race_seats, race_ms, None, defaulted)
        action_wire = t.engine.actions.encode(action) if action is not None else None
        per_seat: dict[int, m.StepMsg] = {}
        for conn in t.joined():
            for seat in t.conn_seats(conn):
                if seat not in per_seat:
                    view = self.view(seat)
                    per_seat[seat] = m.StepMsg(
                        number, seat, None if view == public_view else view,
                        self.events(events, seat), public_hash, to_act, self._legal(seat, to_act),
                        action_wire if action is not None and action.seat == seat else None,
                        outcome, None, t.game_no, race_seats, race_ms, t.seconds_left(seat), defaulted)
                out.send(conn, per_seat[seat])
            out.send(conn, public)   # last: it closes the step for that peer

    def snapshots(self, out: Outbox, conn: ConnId) -> None:
        """The present state as `conn`'s seats and the spectator see it."""
        t = self.table
        public_view = self.view(None)
        public_hash, to_act, outcome = self._common(public_view)
        for seat in t.conn_seats(conn):
            out.send(conn, m.Snapshot(t.step, seat, self.view(seat), public_hash, to_act,
                                      self._legal(seat, to_act), outcome, t.game_no))
        out.send(conn, m.Snapshot(t.step, None, public_view, public_hash, to_act, (), outcome, t.game_no))

    def missed(self, out: Outbox, conn: ConnId, held: int) -> None:
        """A rejoin that holds step `held` (0: none, a client started again): the steps after it,
        as MissedStep messages, per seat (its own events and action) and then public, before its
        snapshot (see net.messages); only the last ones of a long absence (MISSED_AT_MOST,
        MISSED_BYTES). The events come from a replay of the log: nothing is kept per step, and a
        resumed host has them all the same."""
        t = self.table
        if held >= t.step:
            return
        seats = t.conn_seats(conn)
        codec = t.engine.actions
        first = max(held, t.step - MISSED_AT_MOST) + 1
        steps: list[list[m.MissedStep]] = []
        try:
            state = t.engine.new_game(t.config, t.seed)
            for number, action in enumerate(t.log, 1):
                events = t.engine.apply(state, action)
                if number < first:
                    continue
                parts = [m.MissedStep(number, seat, self.events(events, seat),
                                      codec.encode(action) if action.seat == seat else None, t.game_no)
                         for seat in seats]
                parts.append(m.MissedStep(number, None, self.events(events, None), None,
                                          t.game_no, t.engine.public_hash(state)))
                steps.append(parts)
        except Exception:  # none is sent: the snapshot still follows, and the peer says what it lacks
            log.warning("could not replay the moves a rejoining peer missed", exc_info=True)
            return
        size, keep = 0, len(steps)
        while keep > 0:
            size += sum(len(msgpack.packb(m.encode(x))) for x in steps[keep - 1])
            if size > MISSED_BYTES:
                break
            keep -= 1
        if keep or first > held + 1:
            log.info("a rejoin that holds step %d gets steps %d to %d only, not the %d before", held,
                     first + keep, t.step, first + keep - held - 1)
        for parts in steps[keep:]:
            for msg in parts:
                out.send(conn, msg)


__all__ = ["Replicator", "Table"]
