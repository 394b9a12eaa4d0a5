"""NetSession: the Session a game scene plays through when the game is hosted elsewhere (or by this
client's own HostCore, over an in-memory connection).

It reads everything from the PeerCore: views, who acts and legal moves come from the latest StepMsg
or Snapshot of each stream. `submit` sends an Intent; the host's answer arrives later as a step, or
as a refusal that shows up in `notices()`. While an intent is on its way its seat offers no legal
moves, so a bot driver or a double click does not send the same move twice.

Threads: a socket adapter feeds `receive` from its own thread while the frame loop reads. Every
method holds `lock` (re-entrant), so each call sees one consistent state; `send` is called under
it and must only queue the message, never block.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from game.core.engine import Action, Engine, GameConfig, Outcome
from game.core.errors import IllegalActionError
from game.core.session import SeatInfo, Session, Step

from . import messages as m
from .peer_core import PeerCore

Send = Callable[[m.Message], None]
Clock = Callable[[], float]


class NetSession(Session):
    def __init__(self, engine: Engine, peer: PeerCore, send: Send,
                 lock: threading.RLock | None = None, clock: Clock = time.monotonic) -> None:
        self.engine = engine
        self.peer = peer
        self._send = send
        self._clock = clock       # a step-free action's press time, when its caller gives none
        self.lock = lock if lock is not None else threading.RLock()
        self._steps: list[Step] = []     # every step this session has been given, for its readers
        self._cursor = 0                 # poll()'s place in them

    # -- plumbing for the adapter ----------------------------------------------------------------

    def receive(self, msg: m.Message, now: float) -> None:
        with self.lock:
            for reply in self.peer.receive(msg, now):
                self._send(reply)

    def receive_raw(self, data: object, now: float, framed: bool = False) -> None:
        with self.lock:
            for reply in self.peer.receive_raw(data, now, framed):
                self._send(reply)

    # -- Session ---------------------------------------------------------------------------------

    @property
    def config(self) -> GameConfig:            # type: ignore[override]
        with self.lock:
            if self.peer.config is None:
                raise RuntimeError("not joined yet: no game config")
            return self.peer.config

    @property
    def local_seats(self) -> tuple[int, ...]:  # type: ignore[override]
        with self.lock:
            return self.peer.seats

    @property
    def bot_seats(self) -> Mapping[int, str]:  # type: ignore[override]
        with self.lock:
            table = self.peer.seat_table
            return {s: table[s].level for s in self.peer.seats
                    if s < len(table) and table[s].kind == "bot"}

    @property
    def started(self) -> bool:
        with self.lock:
            return self.peer.started

    @property
    def step(self) -> int:
        with self.lock:
            return self.peer.step

    def view(self, seat: int | None) -> Any:
        with self.lock:
            latest = self.peer.views.get(seat)
            if latest is None:
                who = "the table" if seat is None else f"seat {seat + 1}"
                raise KeyError(f"no view of {who} on this client")
            return latest.typed

    @property
    def snapshots(self) -> int:
        with self.lock:
            return self.peer.snapshots

    def to_act(self) -> frozenset[int]:
        with self.lock:
            public = self.peer.views.get(None)
            if public is None or public.outcome is not None:
                return frozenset()
            return public.to_act

    def legal_actions(self, seat: int) -> list[Action]:
        with self.lock:
            latest = self.peer.views.get(seat)
            if (self.peer.phase != "joined" or latest is None or latest.number != self.step
                    or seat not in self.to_act() or seat in self.peer.pending_seats()):
                return []
            return list(latest.legal)

    def submit(self, action: Action, pressed: float | None = None) -> None:
        """Send `action` to the host. Raises IllegalActionError at once for a move this client
        already knows to be wrong (not its seat, not listed, or no connection just now); the host
        may still refuse it later (someone else moved first), which shows in notices().

        `pressed`: when the player pressed, on this machine's monotonic clock. A step-free action
        (a slap: a race) always carries one, the time of this call if not given, so that the socket
        adapter sends it by UDP as well as TCP (the first copy to arrive counts)."""
        if pressed is None and type(action).STEP_FREE:
            pressed = self._clock()
        with self.lock:
            if action.seat not in self.peer.seats:
                raise IllegalActionError(f"seat {action.seat + 1} is not played on this client",
                                         action)
            # a step-free action (a slap) answers what the screen shows, which may be behind the
            # steps this client holds: the host judges it against what it answers, and says why
            if not type(action).STEP_FREE and action not in self.legal_actions(action.seat):
                raise IllegalActionError(f"{action} is not a legal move now", action)
            self._send(self.peer.intent(action, pressed))

    def press(self, action: Action, pressed: float) -> None:
        self.submit(action, pressed)

    def deadline(self, seat: int) -> float | None:
        with self.lock:
            return self.peer.deadlines.get(seat)

    def steps_since(self, cursor: int) -> tuple[list[Step], int]:
        with self.lock:
            self._steps += self.peer.take_steps()
            return self._steps[cursor:], len(self._steps)

    def poll(self) -> list[Step]:
        steps, self._cursor = self.steps_since(self._cursor)
        return steps

    def held(self) -> threading.RLock:
        return self.lock

    def outcome(self) -> Outcome | None:
        with self.lock:
            public = self.peer.views.get(None)
            return public.outcome if public is not None else None

    def seats(self) -> Sequence[SeatInfo]:
        with self.lock:
            mine = set(self.peer.seats)
            out = []
            for i, entry in enumerate(self.peer.seat_table):
                kind = entry.kind
                if kind == "human" and i not in mine:
                    kind = "remote"
                out.append(SeatInfo(entry.name, kind, entry.level, entry.connected))
            return tuple(out)

    def paused_on(self) -> frozenset[int]:
        """Seats the game waits for (to act, but open or away), as this client knows it."""
        with self.lock:
            table = self.peer.seat_table
            return frozenset(s for s in self.to_act() if s < len(table) and not table[s].connected)

    def notices(self) -> list[str]:
        with self.lock:
            return [n.text for n in self.peer.take_notices()]

    def close(self) -> None:
        with self.lock:
            if self.peer.phase == "joined":
                self._send(self.peer.bye("left the table"))
