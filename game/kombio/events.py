"""KOMBIO's events: what happened, for screens, sounds, logs and the views' fold (view.py). Values are
card values; a value a seat may not see is redacted to None (or ()) by the engine's `redact`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from game.core.engine import Event, Termination
from game.core.schema import MaxLen

from .table import MAX_SLOTS

Hands = tuple[Annotated[tuple[int | None, ...], MaxLen(MAX_SLOTS)], ...]


@dataclass(frozen=True)
class RoundStarted(Event):
    TAG: ClassVar[str] = "round_started"
    round: int
    first: int                        # the seat that plays first


@dataclass(frozen=True)
class Looked(Event):
    """A seat's look at its near row: `values` for that seat only (() for the others)."""

    TAG: ClassVar[str] = "looked"
    seat: int
    slots: tuple[int, ...]
    values: tuple[int, ...]


@dataclass(frozen=True)
class TurnBegan(Event):
    """`seat`'s turn began; `final`: a final turn after the call; `final_left`: the seats still owed
    a final turn, this one included (the turn that ended may have been one: only the engine knows)."""

    TAG: ClassVar[str] = "turn"
    seat: int
    final: bool
    final_left: tuple[int, ...]


@dataclass(frozen=True)
class Drew(Event):
    """The seat to play drew a card: its value for that seat only (None for the others)."""

    TAG: ClassVar[str] = "drew"
    seat: int
    value: int | None


@dataclass(frozen=True)
class Took(Event):
    """The top discard (`value`, seen by all) went into `slot`; the card there (`discarded`) opened
    discard number `serial`."""

    TAG: ClassVar[str] = "took"
    seat: int
    slot: int
    value: int
    discarded: int
    serial: int


@dataclass(frozen=True)
class Replaced(Event):
    """The drawn card went into `slot`; the card there (`discarded`) opened discard `serial`."""

    TAG: ClassVar[str] = "replaced"
    seat: int
    slot: int
    discarded: int
    serial: int


@dataclass(frozen=True)
class Discarded(Event):
    """The drawn card (`value`) was discarded directly, opening discard `serial`; `ability` is what
    it offers now ("" for none)."""

    TAG: ClassVar[str] = "discarded"
    seat: int
    value: int
    serial: int
    ability: str


@dataclass(frozen=True)
class Peeked(Event):
    """An ability's look: the value for the looking seat only (None for the others)."""

    TAG: ClassVar[str] = "peeked"
    seat: int
    owner: int
    slot: int
    value: int | None


@dataclass(frozen=True)
class Swapped(Event):
    """Two places exchanged their cards (everybody sees which)."""

    TAG: ClassVar[str] = "swapped"
    seat: int
    a: tuple[int, int]
    b: tuple[int, int]


@dataclass(frozen=True)
class Skipped(Event):
    TAG: ClassVar[str] = "skipped"
    seat: int


@dataclass(frozen=True)
class Passed(Event):
    TAG: ClassVar[str] = "passed"
    seat: int


@dataclass(frozen=True)
class Called(Event):
    TAG: ClassVar[str] = "called"
    seat: int
    automatic: bool                   # the hand went down to zero cards


@dataclass(frozen=True)
class Slapped(Event):
    """A slap, seen by all: the card (`value`) in `owner`'s `slot` was flipped onto discard
    `discard`; `right`: it matched and the discard closed (the card is now its top)."""

    TAG: ClassVar[str] = "slapped"
    seat: int
    owner: int
    slot: int
    discard: int
    value: int
    right: bool


@dataclass(frozen=True)
class PenaltyDrawn(Event):
    """A face-down penalty card (nobody sees it) went into `slot` (-1: the piles were empty)."""

    TAG: ClassVar[str] = "penalty"
    seat: int
    slot: int


@dataclass(frozen=True)
class ChoiceOwed(Event):
    """A slap's follow-up choice is now owed by `seat` ("give" or "penalty"); `other` is the seat
    the choice concerns (the gap's owner, or the slapper); `slot` the slot it is about (the gap in
    `other`'s hand, or the wrong card in `seat`'s)."""

    TAG: ClassVar[str] = "owed"
    seat: int
    kind: str
    other: int
    slot: int


@dataclass(frozen=True)
class Gave(Event):
    """The card in `seat`'s `slot` went face down into `owner`'s gap `gap` (slot -1: the seat had no
    card left to give, the gap stays)."""

    TAG: ClassVar[str] = "gave"
    seat: int
    slot: int
    owner: int
    gap: int


@dataclass(frozen=True)
class Settled(Event):
    """`seat` answered the failed slap of `slapper`: hand_over, its card in `slot` went to the
    slapper's `to_slot`; else the slapper drew (a PenaltyDrawn follows)."""

    TAG: ClassVar[str] = "settled"
    seat: int
    slapper: int
    hand_over: bool
    slot: int
    to_slot: int


@dataclass(frozen=True)
class Reshuffled(Event):
    TAG: ClassVar[str] = "reshuffled"
    count: int


@dataclass(frozen=True)
class RoundEnded(Event):
    """All hands revealed (None for a gap), each seat's hand total, what was added to its score and
    the scores after it."""

    TAG: ClassVar[str] = "round_ended"
    round: int
    caller: int
    hands: Hands
    totals: tuple[int, ...]
    added: tuple[int, ...]
    scores: tuple[int, ...]


@dataclass(frozen=True)
class GameOver(Event):
    TAG: ClassVar[str] = "over"
    termination: Termination


EVENT_CLASSES: tuple[type[Event], ...] = (
    RoundStarted, Looked, TurnBegan, Drew, Took, Replaced, Discarded, Peeked, Swapped, Skipped, Passed,
    Called, Slapped, PenaltyDrawn, ChoiceOwed, Gave, Settled, Reshuffled, RoundEnded, GameOver)

