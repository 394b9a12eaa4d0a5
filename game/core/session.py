"""What a game scene talks to: submit an intent, read a seat's view, take the new steps.

A scene cannot tell a LocalSession (the engine in this process) from a network session (a peer of a
LAN host); both keep this interface. Steps are numbered from 1; step n is the state after n actions.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import Any

from .engine import Action, Engine, Event, GameConfig, Outcome, View
from .errors import IllegalActionError
from .referee import RealTime, Referee, Ruling, StepRecord, Verdict


@dataclass(frozen=True)
class Step:
    number: int
    action: Action | None          # None where the viewer may not know the action
    events: tuple[Event, ...]      # as a spectator sees them
    private: Mapping[int, tuple[Event, ...]] = field(default_factory=dict)  # per local seat, if different
    # a step a host's race ruled: (seat, its press in ms after the earliest press) for each press
    race: tuple[tuple[int, float], ...] = ()
    defaulted: int | None = None   # the seat this step's choice was made for, silent too long


@dataclass(frozen=True)
class SeatInfo:
    name: str
    kind: str                      # "human", "bot", "remote", "open"
    level: str = ""                # bot level
    connected: bool = True


class Session(ABC):
    engine: Engine[Any]
    config: GameConfig
    local_seats: tuple[int, ...]   # seats played on this client: its humans and the bots it runs
    bot_seats: Mapping[int, str]   # seat -> bot level, for the bots this client runs

    @property
    @abstractmethod
    def step(self) -> int: ...

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What `seat` sees (None: a spectator); read-only."""

    @abstractmethod
    def to_act(self) -> frozenset[int]: ...

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]: ...

    @abstractmethod
    def submit(self, action: Action) -> None:
        """Ask for an action. A local session applies it at once or raises IllegalActionError."""

    def press(self, action: Action, pressed: float) -> None:
        """A press made at `pressed` on this machine's monotonic clock (a race's: KOMBIO's slap).
        Both sessions take it to a referee that judges a race's presses in press-time order: a
        remote one sends the time on to its host's."""
        self.submit(action)

    def tick(self, now: float, attending: frozenset[int] | None = None) -> None:  # noqa: B027  # a hook: a remote session's host keeps its own time
        """Time passing on this machine's monotonic clock (a race window judged, a silent choice
        defaulted). `attending`: the seats the screen is given to just now (a hot-seat screen
        shown to one seat, or passed to it): the table waits on them alone, so only their silence
        counts; the others could not act meanwhile. None: everyone's counts."""

    def stood_still(self, seconds: float) -> None:  # noqa: B027  # a hook: a host's clock runs on regardless
        """The table was out of play for `seconds` (a menu over it): where the session keeps the
        game's time itself (a local game), that time does not count, so nobody's choice runs out
        behind the menu."""

    def deadline(self, seat: int) -> float | None:
        """When `seat`'s owed choice is made for it, on this machine's monotonic clock (None: none
        owed, or not known)."""
        return None

    def refusals(self) -> list[Ruling]:
        """Presses ruled out since the last call (too late, stale), to tell their players."""
        return []

    @abstractmethod
    def steps_since(self, cursor: int) -> tuple[list[Step], int]:
        """The steps after the `cursor`-th and the cursor after them: every reader (the screen, the
        bots, a printout) keeps its own place in the log."""

    @abstractmethod
    def poll(self) -> list[Step]:
        """Steps that arrived since the last poll, oldest first (the screen's own reader)."""

    def held(self) -> AbstractContextManager[object]:
        """Hold the session still: the reads made inside see one state. A remote session's steps
        arrive on another thread, and a screen's polled steps, view and step number must agree."""
        return nullcontext()

    @abstractmethod
    def outcome(self) -> Outcome | None: ...

    def result(self) -> Outcome | None:
        """The outcome of the game as shown (a replay's at its last step, though a replay's
        `outcome()` stays None: its end is the viewer's to show, not the game screen's)."""
        return self.outcome()

    @abstractmethod
    def seats(self) -> Sequence[SeatInfo]: ...

    def notices(self) -> list[str]:
        """Messages for the players (a peer dropped, a move refused); empty for local play."""
        return []

    @property
    def snapshots(self) -> int:
        """How many times the views were replaced without the events that led there (a LAN peer's
        snapshot): a screen then shows the new views as they are. Local play never does."""
        return 0

    def close(self) -> None:  # noqa: B027  # a hook: most sessions hold nothing to close
        """Let go of what the session holds (a connection, a bot worker)."""


class LocalSession(Session):
    """The engine in this process, through the referee (game.core.referee: every seat's link of zero
    delay): couch play, headless runs and the tools. A race's presses are held and judged in
    press-time order as on a LAN host; `tick(now)` lets time pass (a window judged, a silent seat's
    choice defaulted) and is called by whoever runs the session (the game screen, the bot driver)."""

    def __init__(
        self,
        engine: Engine[Any],
        config: GameConfig,
        seed: int,
        seats: Sequence[SeatInfo],
        realtime: RealTime | None = None,
    ) -> None:
        if len(seats) != config.players:
            raise ValueError("one SeatInfo per player")
        self.engine = engine
        self.config = config
        self.seed = seed
        self._seats = list(seats)
        self.local_seats = tuple(range(config.players))
        self.bot_seats = {i: s.level for i, s in enumerate(seats) if s.kind == "bot"}
        self.referee = Referee(engine, config, seed, realtime)
        self._now = 0.0                      # the game's time: the caller's clock less `_still`
        self._still = 0.0                    # the seconds the table stood still (stood_still)
        self._cursor = 0                     # poll()'s place in the step log
        self._shown: list[Step] = []         # the referee's steps as sessions give them
        self._refusals: list[Ruling] = []

    @property
    def state(self) -> Any:
        return self.referee.state

    @property
    def log(self) -> list[Action]:
        return self.referee.log

    @property
    def step(self) -> int:
        return self.referee.step

    def view(self, seat: int | None) -> View:
        return self.engine.view(self.state, seat)

    def to_act(self) -> frozenset[int]:
        return self.referee.to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        return self.engine.legal_actions(self.state, seat)

    def submit(self, action: Action) -> None:
        """Apply `action` now (a race's press is held instead); IllegalActionError if refused."""
        self._answer(self.referee.submit(action, now=self._now), action)

    def press(self, action: Action, pressed: float) -> None:
        """A press made at `pressed`: a race's is held and judged with the others of its window."""
        at = pressed - self._still
        self._answer(self.referee.submit(action, at, now=max(self._now, at)), action)

    def tick(self, now: float, attending: frozenset[int] | None = None) -> None:
        self._now = max(self._now, now - self._still)
        if attending is None:
            self._answer(self.referee.tick(self._now), None)
        else:
            self._answer(self.referee.tick(self._now, paused=attending, waiting=True), None)

    def stood_still(self, seconds: float) -> None:
        self._still += max(0.0, seconds)

    def deadline(self, seat: int) -> float | None:
        due = self.referee.deadline(seat)
        return None if due is None else due + self._still

    def _answer(self, rulings: list[Ruling], asked: Action | None) -> None:
        for ruling in rulings:
            if ruling.verdict is Verdict.FAULT:     # a bug in the engine: the state was kept as it was
                raise ruling.error or RuntimeError(ruling.reason)
            if ruling.verdict.refused or ruling.verdict is Verdict.DUPLICATE:
                if ruling.action is asked and ruling.verdict is Verdict.ILLEGAL:
                    raise IllegalActionError(ruling.reason, ruling.action)
                self._refusals.append(ruling)

    def refusals(self) -> list[Ruling]:
        out, self._refusals = self._refusals, []
        return out

    def steps_since(self, cursor: int) -> tuple[list[Step], int]:
        records, end = self.referee.steps_since(len(self._shown))
        for record in records:
            self._shown.append(self._as_step(record))
        return self._shown[cursor:], len(self._shown)

    def _as_step(self, record: StepRecord) -> Step:
        engine = self.engine
        public = engine.seen_by(record.events, None)
        private: dict[int, tuple[Event, ...]] = {}
        for seat in self.local_seats:
            mine = engine.seen_by(record.events, seat)
            if mine != public:
                private[seat] = mine
        return Step(record.number, record.action, public, private, record.race,
                    record.action.seat if record.by_default else None)

    def poll(self) -> list[Step]:
        steps, self._cursor = self.steps_since(self._cursor)
        return steps

    def outcome(self) -> Outcome | None:
        return self.engine.outcome(self.state)

    def seats(self) -> Sequence[SeatInfo]:
        return tuple(self._seats)
