"""A replay as a game screen's session: the same screen that played the game shows it again, fed from
the file instead of from players (the issue's "typed views folded from events").

Nobody acts in a replay: `legal_actions` is empty and `submit` refuses. The viewer moves the game on
with `forward()` (one step, which the screen takes with `poll()` and animates like a move played) and
jumps with `seek()` (any step, at once: the screen is built again on the new position). `perspective`
is the seat whose eyes the screen borrows (its private events included, as that seat saw them at
the time) or None for the table as a spectator sees it.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .engine import Action, Outcome, View
from .errors import IllegalActionError
from .replay import Cursor, Replay
from .session import SeatInfo, Session, Step

ALL = -1          # the perspective with everything revealed (the engine's revealed_view)
Eyes = int | None   # a seat, None for the table as a spectator sees it, or ALL


class ReplaySession(Session):
    def __init__(self, engine: Any, replay: Replay, perspective: Eyes = None) -> None:
        self.engine = engine
        self.replay = replay
        self.config = replay.config
        self.cursor = Cursor(engine, replay)
        self.perspective = perspective
        self.local_seats = _seats_of(perspective)
        self.bot_seats = {}
        self._shown: list[Step] = []      # the steps given out since the last seek, for steps_since
        self._base = 0                    # the step the last seek went to
        self._cursor = 0                  # poll()'s place in _shown

    @property
    def length(self) -> int:
        return self.cursor.length

    @property
    def step(self) -> int:
        return self.cursor.step

    @property
    def state(self) -> Any:
        return self.cursor.state

    def view(self, seat: int | None) -> View:
        if seat is None and self.perspective == ALL:
            revealed = self.engine.revealed_view(self.cursor.state)
            if revealed is not None:
                return revealed
        return self.engine.view(self.cursor.state, seat)

    def to_act(self) -> frozenset[int]:
        if self.engine.outcome(self.cursor.state) is not None:
            return frozenset()
        return frozenset(self.engine.to_act(self.cursor.state))

    def legal_actions(self, seat: int) -> list[Action]:
        return []

    def submit(self, action: Action) -> None:
        raise IllegalActionError("this is a replay: it is watched, not played", action)

    def outcome(self) -> Outcome | None:
        # the screen's end of game (the winner's banner, then the results) is the viewer's to show:
        # a replay at its last step is still a replay
        return None

    def result(self) -> Outcome | None:
        """The outcome at the step shown (None before the end)."""
        return self.engine.outcome(self.cursor.state)

    def seats(self) -> Sequence[SeatInfo]:
        return tuple(SeatInfo(s.name, s.kind, s.level) for s in self.replay.seats)

    # -- moving ----------------------------------------------------------------------------------

    def forward(self) -> Step | None:
        """One step on, given to the screen as a step played; None at the end."""
        if self.cursor.step >= self.cursor.length:
            return None
        recorded = self.replay.steps[self.cursor.step]
        events = self.cursor.forward()
        public = self.engine.seen_by(events, None)
        private = {}
        if self.perspective is not None and self.perspective >= 0:
            mine = self.engine.seen_by(events, self.perspective)
            if mine != public:
                private[self.perspective] = mine
        step = Step(self.cursor.step, recorded.action, public, private, recorded.race,
                    recorded.action.seat if recorded.by_default else None)
        self._shown.append(step)
        return step

    def seek(self, step: int) -> None:
        """To `step` at once; a screen showing this session is built again there."""
        self.cursor.seek(step)
        self._shown, self._base, self._cursor = [], self.cursor.step, 0

    def watch(self, seat: Eyes) -> None:
        """Through `seat`'s eyes from now on (None: the table's, ALL: everything revealed); a screen
        is built again on it."""
        self.perspective = seat
        self.local_seats = _seats_of(seat)
        self.seek(self.cursor.step)

    def recorded(self, number: int) -> Any:
        """The recorded step `number` (from 1): its action, race and default."""
        return self.replay.steps[number - 1]

    # -- what the screen reads ---------------------------------------------------------------------

    def steps_since(self, cursor: int) -> tuple[list[Step], int]:
        return self._shown[cursor:], len(self._shown)

    def poll(self) -> list[Step]:
        steps, self._cursor = self.steps_since(self._cursor)
        return steps





def _seats_of(eyes: Eyes) -> tuple[int, ...]:
    return (eyes,) if eyes is not None and eyes >= 0 else ()


def round_starts(engine: Any, replay: Replay) -> list[int]:
    """The step each round begins at (the first at 0): where the view numbers its rounds, by that
    number; else a round is a turn of every seat, begun when the turn comes back round."""
    cursor = Cursor(engine, replay)
    starts = [0]
    last_round = last_turn = None
    for step in range(cursor.length + 1):
        if step:
            cursor.forward()
        view = engine.view(cursor.state, None)
        number = getattr(view, "round", None)
        if isinstance(number, int):
            if last_round is not None and number > last_round and step:
                starts.append(step)
            last_round = number
            continue
        turn = getattr(view, "turn", None)
        if isinstance(turn, int) and turn >= 0:
            if last_turn is not None and turn < last_turn and step:
                starts.append(step)
            last_turn = turn
    return starts
__all__ = ["ALL", "Eyes", "ReplaySession", "round_starts"]
