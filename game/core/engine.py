"""The engine contract every game implements (see DESIGN.md, "The engine contract").

An engine object holds no game state: a game is a State value, changed only by `apply`. Modelled on
OpenSpiel's State and python-chess's Board, with boardgame.io's per-seat views.
"""
from __future__ import annotations

import copy
import enum
import hashlib
import random
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, Generic, TypeVar

import msgpack

from .errors import ConfigError, IllegalActionError
from .schema import PositionalLayout
from .view import ViewCodec
from .wire import WIRE_POLICY, WireCodec


@dataclass(frozen=True)
class Action:
    """Something a seat does. Subclasses add fields and a unique TAG.

    STEP_FREE: the action answers something other than the step it was made against (KOMBIO's slap
    names the discard it answers), so a seat may send it while others' actions move the game on:
    a host takes it at any step of the game and lets the engine judge it (net.host_core). Every
    other action is refused once the step it was made against has passed."""

    TAG: ClassVar[str] = ""
    STEP_FREE: ClassVar[bool] = False
    seat: int


@dataclass(frozen=True)
class Event:
    """Something that happened, for screens, sounds and logs. Subclasses add a unique TAG."""

    TAG: ClassVar[str] = ""


@dataclass(frozen=True)
class GameConfig:
    """Options fixed before the first action. Subclasses add fields and a TAG."""

    TAG: ClassVar[str] = ""
    players: int

    def made(self) -> GameConfig:
        """The config of a game about to start, with what it takes from where and when it is made
        rather than from the options (Combi-Nations' day of the month). Replays use the config as
        it was made, so a game replays the same on any day."""
        return self


class Termination(enum.Enum):
    """How a game ended (after python-chess's Termination). The value is the wire form; `text` is the
    sentence a player reads. Together the members cover every ending of the four games."""

    ALL_PASSED = "passes"              # Kabooom!: every player passed in a row
    NO_MOVES = "no_moves"              # Kabooom!: nobody can move
    TARGET_SCORE = "target_score"      # Kombo Klash! (the round's end), KOMBIO (100 points)
    ROUNDS_DONE = "rounds_done"        # KOMBIO's fixed number of rounds
    COUNTRY_FULL = "country_full"      # Combi-Nations: a player filled every SAND space
    NO_TILE_FITS = "no_tile_fits"      # Combi-Nations: no tile at the market fits a player's country
    SOLO_DONE = "solo_done"            # Combi-Nations solo: the opponent took its 15 tiles

    @property
    def text(self) -> str:
        return _TERMINATION_TEXT[self]


_TERMINATION_TEXT: Mapping[Termination, str] = MappingProxyType({
    Termination.ALL_PASSED: "Everyone passed in a row.",
    Termination.NO_MOVES: "Nobody could move any more.",
    Termination.TARGET_SCORE: "A player reached the target score.",
    Termination.ROUNDS_DONE: "The last round was played.",
    Termination.COUNTRY_FULL: "A country was filled.",
    Termination.NO_TILE_FITS: "No tile at the market fitted a country.",
    Termination.SOLO_DONE: "The opponent took its last tile: the final turn was played.",
})


@dataclass(frozen=True)
class Outcome:
    """Scores, winners (seats, ascending) and how the game ended. On the wire (a StepMsg's
    `outcome`): ``[scores, winners, termination value]``, checked by `from_wire`."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    termination: Termination

    def __post_init__(self) -> None:
        if not isinstance(self.termination, Termination):
            raise TypeError(f"an Outcome ends with a Termination, not {self.termination!r}")
        # from_wire builds through here too: a peer's screens may index the scores by winner
        if any(not 0 <= w < len(self.scores) for w in self.winners):
            raise ValueError(f"winners {list(self.winners)} are not seats of {len(self.scores)}")

    def to_wire(self) -> list[Any]:
        return _OUTCOME_LAYOUT.encode(self)

    @classmethod
    def from_wire(cls, data: Any) -> Outcome:
        outcome: Outcome = _OUTCOME_LAYOUT.decode(data)
        return outcome


_OUTCOME_LAYOUT = PositionalLayout(Outcome, WIRE_POLICY, "outcome")


@dataclass(frozen=True)
class GameType:
    """What kind of game an engine plays (after OpenSpiel's GameType).

    hidden_information: something in the state is hidden from some seat (a hand, the order of a
    shuffled stack): the random playout checks that re-dealing it changes nothing that seat sees.
    private_views: seats see different things (a hand of one's own), so a screen several players
    share must show a seat's view only to that seat, behind a curtain; a game whose secrets are
    hidden from everyone alike (Combi-Nations' stacks) has none. Unset: as hidden_information.
    simultaneous: several seats may be in to_act at once (KOMBIO's slaps)."""

    hidden_information: bool = False
    simultaneous: bool = False
    private_views: bool | None = None

    @property
    def private(self) -> bool:
        return self.hidden_information if self.private_views is None else self.private_views


S = TypeVar("S")
Seat = int
View = Any     # a game's view: a frozen dataclass (game.core.view); plain dicts in older test doubles


class Engine(ABC, Generic[S]):
    """One game's rules. Pure: no I/O, no pygame, all randomness from the state's Rng.

    `view` returns the game's own view type, a frozen dataclass whose codec is `views`
    (game.core.view), and `fold` moves such a view forward by one of the seat's events. An engine
    without a `views` codec (a test double) keeps plain-dict views, sent on the wire as they are.
    """

    key: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    actions: ClassVar[WireCodec]
    events: ClassVar[WireCodec]
    configs: ClassVar[WireCodec]
    views: ClassVar[ViewCodec[Any] | None] = None
    game_type: ClassVar[GameType] = GameType()

    @abstractmethod
    def new_game(self, config: GameConfig, seed: int) -> S: ...

    @abstractmethod
    def to_act(self, state: S) -> frozenset[Seat]: ...

    @abstractmethod
    def legal_actions(self, state: S, seat: Seat) -> list[Action]: ...

    @abstractmethod
    def apply(self, state: S, action: Action) -> list[Event]:
        """Apply a legal action, or raise IllegalActionError and leave the state exactly as it was."""

    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> View:
        """All that `seat` may see (None: a spectator): a frozen value of the game's view type."""

    def fold(self, view: View, event: Event) -> View:
        """`view` moved forward by `event`, one of its seat's events as `redact` gave them: pure, so
        that a screen shows what its animations have got to, and a replay any seat's eyes, without
        deriving a rule again. The shared random playout checks, for every seat and every step,
        that folding the step's events into the view before it gives the view after it."""
        raise NotImplementedError(f"{self.title} has no fold")

    @property
    def folds(self) -> bool:
        """The engine has a fold of its own (the playout checks it)."""
        return type(self).fold is not Engine.fold

    def encode_view(self, view: View) -> Any:
        """A view as plain data for the wire and for hashing."""
        return view if self.views is None else self.views.encode(view)

    def decode_view(self, data: Any) -> View:
        """Plain data from the wire -> a checked view (WireFormatError names what is wrong)."""
        return data if self.views is None else self.views.decode(data)

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    def check_invariants(self, state: S) -> None:
        """Raise AssertionError if the state breaks a rule of the game (counts conserved, ...)."""

    def default_action(self, state: S, seat: Seat) -> Action | None:
        """What a seat silent on a choice owed falls back to, once the game's clock says so (a game
        played partly in real time: its GameDef's `realtime.choice_seconds`); None when it owes no
        such choice. Time never enters the engine: the referee (game.core.referee) keeps it. A game
        whose every choice waits for its player keeps this default: none."""
        return None

    def redact(self, event: Event, seat: Seat | None) -> Event | None:
        """The event as `seat` may see it (None: hidden from that seat). Public games keep it."""
        return event

    def revealed_view(self, state: S) -> View | None:
        """The table with every secret shown, in the game's own view type, for a replay watched with
        everything revealed; None in a game without secrets (the spectator's view shows it all)."""
        return None

    def seen_by(self, events: Iterable[Event], seat: Seat | None) -> tuple[Event, ...]:
        """The events as `seat` sees them (None: a spectator), those hidden from it left out."""
        return tuple(e for e in (self.redact(ev, seat) for ev in events) if e is not None)

    def resample_hidden(self, state: S, seat: Seat | None, rng: random.Random) -> S:
        """A state that `seat` (None: a spectator) cannot tell apart from this one: everything hidden
        from it re-dealt at random, consistent with all it has seen (OpenSpiel's
        resample_from_infostate). The given state is left as it was. The random playout checks that
        the seat's view and legal actions stay the same; search bots may sample hidden cards with it.
        Games without secrets keep the default, a clone."""
        return self.clone(state)

    # -- shared helpers -------------------------------------------------------------------------

    def clone(self, state: S) -> S:
        return copy.deepcopy(state)

    def check_config(self, config: GameConfig) -> None:
        if not self.min_players <= config.players <= self.max_players:
            raise ConfigError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {config.players}"
            )

    def require_legal(self, state: S, action: Action) -> None:
        """The generic legality check: the action's seat may act and the action is listed."""
        if self.outcome(state) is not None:
            raise IllegalActionError("the game is over", action)
        if action.seat not in self.to_act(state):
            raise IllegalActionError(f"it is not seat {action.seat + 1}'s turn", action)
        if action not in self.legal_actions(state, action.seat):
            raise IllegalActionError(f"{action} is not a legal move now", action)

    def replay(self, config: GameConfig, seed: int, actions: Iterable[Action]) -> S:
        state = self.new_game(config, seed)
        for action in actions:
            self.apply(state, action)
        return state

    def public_hash(self, state: S) -> bytes:
        """Fingerprint of the spectator view, which every peer can check its copy against."""
        return view_hash(self.encode_view(self.view(state, None)))


_SCALARS = frozenset((type(None), bool, int, float, str, bytes))


def canonical(value: Any) -> Any:
    """Maps with keys sorted by str() all the way down, tuples as lists, so equal views pack to equal
    bytes. The exact plain types (what views and the wire hold) take a fast path, and scalars are
    never recursed into: every step is hashed on the host and on every peer."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _SCALARS else canonical(v)
                for k, v in sorted(value.items(), key=_str_key)}
    if kind is list or kind is tuple:
        return [v if type(v) in _SCALARS else canonical(v) for v in value]
    if kind in _SCALARS:
        return value
    if isinstance(value, Mapping):
        return canonical(dict(value))
    if isinstance(value, (list, tuple)):
        return canonical(list(value))
    return value


def _str_key(item: tuple[Any, Any]) -> tuple[str, str]:
    # by text first (views' keys are text); the type breaks a tie such as 1 and "1", so the order,
    # and the hash, never depends on how the map was built
    return str(item[0]), type(item[0]).__name__


def view_hash(view: View) -> bytes:
    """The fingerprint of a view: canonical msgpack, BLAKE2b-64."""
    packed = msgpack.packb(canonical(view), use_bin_type=True)
    return hashlib.blake2b(packed, digest_size=8).digest()


def rank_winners(scores: Sequence[int], *, lowest_wins: bool = False) -> tuple[int, ...]:
    best = min(scores) if lowest_wins else max(scores)
    return tuple(i for i, s in enumerate(scores) if s == best)
