"""A tiny correct engine (a take-away game) for testing the core contract without a real game.

Seats take turns taking 1 or 2 stones from one heap; whoever takes the last stone wins. The heap size
comes from the state's Rng, so seeds matter. Subclasses in the tests break one rule each.

SecretToyEngine adds hidden information: every seat holds a secret digit that only it sees until the
game ends (Revealed then shows them all), and taking 2 stones is allowed only while the taker's own
digit is odd. Views are typed (ToyView) and folded from the events, as every engine's are.
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from typing import ClassVar

from game.core import (
    Action,
    Engine,
    Event,
    GameConfig,
    GameType,
    IllegalActionError,
    Outcome,
    Rng,
    Termination,
    WireCodec,
    rank_winners,
)
from game.core.view import ViewCodec


@dataclass(frozen=True)
class ToyConfig(GameConfig):
    TAG: ClassVar[str] = "toy"


@dataclass(frozen=True)
class Take(Action):
    TAG: ClassVar[str] = "take"
    count: int

    def __str__(self) -> str:
        return f"seat {self.seat + 1} takes {self.count}"


@dataclass(frozen=True)
class Taken(Event):
    TAG: ClassVar[str] = "taken"
    seat: int
    count: int
    left: int


@dataclass(frozen=True)
class Revealed(Event):
    TAG: ClassVar[str] = "revealed"
    secrets: tuple[int, ...]


@dataclass(frozen=True)
class ToyView:
    heap: int
    turn: int
    taken: tuple[int, ...]
    secrets: tuple[int | None, ...] = ()     # SecretToyEngine only


def fold(view: ToyView, event: Event) -> ToyView:
    if isinstance(event, Taken):
        taken = tuple(t + event.count if s == event.seat else t for s, t in enumerate(view.taken))
        return dataclasses.replace(view, heap=event.left, taken=taken, turn=(event.seat + 1) % len(taken))
    if isinstance(event, Revealed):
        return dataclasses.replace(view, secrets=event.secrets)
    return view


@dataclass
class ToyState:
    players: int
    start: int
    heap: int
    turn: int
    taken: list[int]
    rng: Rng
    winner: int = -1
    secrets: list[int] = field(default_factory=list)    # SecretToyEngine only: a digit per seat
    took_two: list[bool] = field(default_factory=list)  # SecretToyEngine only: showed an odd digit


class ToyEngine(Engine[ToyState]):
    key: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    actions: ClassVar[WireCodec] = WireCodec([Take])
    events: ClassVar[WireCodec] = WireCodec([Taken, Revealed])
    configs: ClassVar[WireCodec] = WireCodec([ToyConfig])
    views: ClassVar[ViewCodec[ToyView]] = ViewCodec(ToyView)

    def new_game(self, config: GameConfig, seed: int) -> ToyState:
        self.check_config(config)
        rng = Rng(seed)
        start = 5 + rng.below(8)
        return ToyState(config.players, start, start, 0, [0] * config.players, rng)

    def to_act(self, state: ToyState) -> frozenset[int]:
        return frozenset() if state.winner >= 0 else frozenset({state.turn})

    def legal_actions(self, state: ToyState, seat: int) -> list[Action]:
        if state.winner >= 0 or seat != state.turn:
            return []
        return [Take(seat, n) for n in (1, 2) if n <= state.heap]

    def apply(self, state: ToyState, action: Action) -> list[Event]:
        if state.winner >= 0:
            raise IllegalActionError("the game is over", action)
        if not isinstance(action, Take) or action.seat != state.turn:
            raise IllegalActionError("not your turn", action)
        if not 1 <= action.count <= min(2, state.heap):
            raise IllegalActionError("take 1 or 2 stones", action)
        state.heap -= action.count
        state.taken[action.seat] += action.count
        if state.heap == 0:
            state.winner = action.seat
        state.turn = (state.turn + 1) % state.players
        return [Taken(action.seat, action.count, state.heap)]

    def view(self, state: ToyState, seat: int | None) -> ToyView:
        return ToyView(state.heap, state.turn, tuple(state.taken))

    def fold(self, view: ToyView, event: Event) -> ToyView:
        return fold(view, event)

    def outcome(self, state: ToyState) -> Outcome | None:
        if state.winner < 0:
            return None
        scores = [1 if s == state.winner else 0 for s in range(state.players)]
        return Outcome(tuple(scores), rank_winners(scores), Termination.NO_MOVES)

    def check_invariants(self, state: ToyState) -> None:
        assert state.heap >= 0
        assert state.heap + sum(state.taken) == state.start, "stones conserved"


class SecretToyEngine(ToyEngine):
    """The take-away game with a secret digit per seat (see the module docstring)."""

    game_type: ClassVar[GameType] = GameType(hidden_information=True)

    def new_game(self, config: GameConfig, seed: int) -> ToyState:
        state = super().new_game(config, seed)
        state.secrets = [state.rng.below(10) for _ in range(config.players)]
        state.took_two = [False] * config.players
        return state

    def legal_actions(self, state: ToyState, seat: int) -> list[Action]:
        return [a for a in super().legal_actions(state, seat)
                if isinstance(a, Take) and (a.count == 1 or state.secrets[seat] % 2)]

    def apply(self, state: ToyState, action: Action) -> list[Event]:
        if isinstance(action, Take) and action.count == 2 and not state.secrets[action.seat] % 2 \
                and action.seat == state.turn and state.winner < 0:
            raise IllegalActionError("take 2 only with an odd secret", action)
        events = super().apply(state, action)
        if isinstance(action, Take) and action.count == 2:
            state.took_two[action.seat] = True
        if state.winner >= 0:
            events.append(Revealed(tuple(state.secrets)))
        return events

    def view(self, state: ToyState, seat: int | None) -> ToyView:
        shown = tuple(d if state.winner >= 0 or s == seat else None for s, d in enumerate(state.secrets))
        return dataclasses.replace(super().view(state, seat), secrets=shown)

    def resample_hidden(self, state: ToyState, seat: int | None, rng: random.Random) -> ToyState:
        other = self.clone(state)
        if state.winner < 0:
            # all that play tells of another seat's digit: taking 2 showed that it is odd
            for s in range(state.players):
                if s != seat:
                    other.secrets[s] = rng.randrange(1, 10, 2) if state.took_two[s] else rng.randrange(10)
        return other

    def check_invariants(self, state: ToyState) -> None:
        super().check_invariants(state)
        assert len(state.secrets) == state.players and all(0 <= d <= 9 for d in state.secrets)
        assert all(d % 2 for d, two in zip(state.secrets, state.took_two, strict=True) if two), "took 2, even"
