"""What a game scene talks to: submit an intent, read a seat's view, take the new steps.

A scene cannot tell a LocalSession (the engine in this process) from a network session (a peer of a
LAN host); both keep this interface. Steps are numbered from 1; step n is the state after n actions.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .engine import Action, Engine, Event, GameConfig, Outcome, View


@dataclass(frozen=True)
class Step:
    number: int
    action: Action | None          # None where the viewer may not know the action
    events: tuple[Event, ...]      # as a spectator sees them
    private: Mapping[int, tuple[Event, ...]] = field(default_factory=dict)  # per local seat, if different
    # a step a host's race ruled: (seat, its press in ms after the earliest press) for each press
    race: tuple[tuple[int, float], ...] = ()


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
        """A race's press (Action.STEP_FREE: KOMBIO's slap) made at `pressed` on this machine's
        monotonic clock. A remote session sends the time on for the host's fair judge; a local
        one has judged its presses itself and just submits."""
        self.submit(action)

    @abstractmethod
    def poll(self) -> list[Step]:
        """Steps that arrived since the last poll, oldest first."""

    @abstractmethod
    def outcome(self) -> Outcome | None: ...

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
    """The engine in this process: couch play, and the host's own copy of the truth."""

    def __init__(
        self,
        engine: Engine[Any],
        config: GameConfig,
        seed: int,
        seats: Sequence[SeatInfo],
    ) -> None:
        if len(seats) != config.players:
            raise ValueError("one SeatInfo per player")
        self.engine = engine
        self.config = config
        self.seed = seed
        self._seats = list(seats)
        self.local_seats = tuple(range(config.players))
        self.bot_seats = {i: s.level for i, s in enumerate(seats) if s.kind == "bot"}
        self.state = engine.new_game(config, seed)
        self.log: list[Action] = []
        self._pending: list[Step] = []

    @property
    def step(self) -> int:
        return len(self.log)

    def view(self, seat: int | None) -> View:
        return self.engine.view(self.state, seat)

    def to_act(self) -> frozenset[int]:
        if self.engine.outcome(self.state) is not None:
            return frozenset()
        return self.engine.to_act(self.state)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        return self.engine.legal_actions(self.state, seat)

    def submit(self, action: Action) -> None:
        events = self.engine.apply(self.state, action)
        self.log.append(action)
        public = tuple(e for e in (self.engine.redact(ev, None) for ev in events) if e is not None)
        private: dict[int, tuple[Event, ...]] = {}
        for seat in self.local_seats:
            mine = tuple(e for e in (self.engine.redact(ev, seat) for ev in events) if e is not None)
            if mine != public:
                private[seat] = mine
        self._pending.append(Step(len(self.log), action, public, private))

    def poll(self) -> list[Step]:
        steps, self._pending = self._pending, []
        return steps

    def outcome(self) -> Outcome | None:
        return self.engine.outcome(self.state)

    def seats(self) -> Sequence[SeatInfo]:
        return tuple(self._seats)
