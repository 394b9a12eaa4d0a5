"""KOMBIO's events: what happened, for screens, sounds, logs and the views' fold (view.py). Values are
card values; a value a seat may not see is redacted to None (or ()) by the engine's `redact`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

from game.core.engine import Event, Termination
from game.core.schema import MaxLen
from game.core.seats import seat_name

from .table import GIVE, MAX_SLOTS, place_name

Hands = tuple[Annotated[tuple[int | None, ...], MaxLen(MAX_SLOTS)], ...]


@dataclass(frozen=True)
class RoundStarted(Event):
    TAG: ClassVar[str] = "round_started"
    round: int
    first: int                        # the seat that plays first

    def __str__(self) -> str:
        return f"Round {self.round}: four cards each, {seat_name(self.first)} plays first"


@dataclass(frozen=True)
class Looked(Event):
    """A seat's look at its near row: `values` for that seat only (() for the others)."""

    TAG: ClassVar[str] = "looked"
    seat: int
    slots: tuple[int, ...]
    values: tuple[int, ...]

    def __str__(self) -> str:
        what = f": {', '.join(map(str, self.values))}" if self.values else ""
        return f"{seat_name(self.seat)} looked at the near row{what}"


@dataclass(frozen=True)
class TurnBegan(Event):
    """`seat`'s turn began; `final`: a final turn after the call; `final_left`: the seats still owed
    a final turn, this one included (the turn that ended may have been one: only the engine knows)."""

    TAG: ClassVar[str] = "turn"
    seat: int
    final: bool
    final_left: tuple[int, ...]

    def __str__(self) -> str:
        return f"{seat_name(self.seat)}'s {'final ' if self.final else ''}turn"


@dataclass(frozen=True)
class Drew(Event):
    """The seat to play drew a card: its value for that seat only (None for the others)."""

    TAG: ClassVar[str] = "drew"
    seat: int
    value: int | None

    def __str__(self) -> str:
        what = f" a {self.value}" if self.value is not None else " a card"
        return f"{seat_name(self.seat)} drew{what}"


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

    def __str__(self) -> str:
        return (f"{seat_name(self.seat)} took the {self.value} for {place_name(self.seat, self.slot)} "
                f"and discarded a {self.discarded}")


@dataclass(frozen=True)
class Replaced(Event):
    """The drawn card went into `slot`; the card there (`discarded`) opened discard `serial`."""

    TAG: ClassVar[str] = "replaced"
    seat: int
    slot: int
    discarded: int
    serial: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} replaced {place_name(self.seat, self.slot)}: discarded a {self.discarded}"


@dataclass(frozen=True)
class Discarded(Event):
    """The drawn card (`value`) was discarded directly, opening discard `serial`; `ability` is what
    it offers now ("" for none)."""

    TAG: ClassVar[str] = "discarded"
    seat: int
    value: int
    serial: int
    ability: str

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} discarded the drawn {self.value}"


@dataclass(frozen=True)
class Peeked(Event):
    """An ability's look: the value for the looking seat only (None for the others)."""

    TAG: ClassVar[str] = "peeked"
    seat: int
    owner: int
    slot: int
    value: int | None

    def __str__(self) -> str:
        what = f": a {self.value}" if self.value is not None else ""
        return f"{seat_name(self.seat)} looked at {place_name(self.owner, self.slot)}{what}"


@dataclass(frozen=True)
class Swapped(Event):
    """Two places exchanged their cards (everybody sees which)."""

    TAG: ClassVar[str] = "swapped"
    seat: int
    a: tuple[int, int]
    b: tuple[int, int]

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} swapped {place_name(*self.a)} and {place_name(*self.b)}"


@dataclass(frozen=True)
class Skipped(Event):
    TAG: ClassVar[str] = "skipped"
    seat: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} ended the ability"


@dataclass(frozen=True)
class Passed(Event):
    TAG: ClassVar[str] = "passed"
    seat: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} passed: nothing to draw or take"


@dataclass(frozen=True)
class Called(Event):
    TAG: ClassVar[str] = "called"
    seat: int
    automatic: bool                   # the hand went down to zero cards

    def __str__(self) -> str:
        how = " (no cards left)" if self.automatic else ""
        return f"{seat_name(self.seat)} called KOMBIO{how}"


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

    def __str__(self) -> str:
        verdict = "matched" if self.right else "missed"
        return f"{seat_name(self.seat)} slapped {place_name(self.owner, self.slot)}, a {self.value}: {verdict}"


@dataclass(frozen=True)
class PenaltyDrawn(Event):
    """A face-down penalty card (nobody sees it) went into `slot` (-1: the piles were empty)."""

    TAG: ClassVar[str] = "penalty"
    seat: int
    slot: int

    def __str__(self) -> str:
        if self.slot < 0:
            return f"{seat_name(self.seat)} owes a penalty card, but none is left"
        return f"{seat_name(self.seat)} drew a penalty card"


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

    def __str__(self) -> str:
        if self.kind == GIVE:
            return f"{seat_name(self.seat)} chooses a card to give {seat_name(self.other)}"
        return f"{seat_name(self.seat)} chooses: hand the card to {seat_name(self.other)} or keep it"


@dataclass(frozen=True)
class Gave(Event):
    """The card in `seat`'s `slot` went face down into `owner`'s gap `gap` (slot -1: the seat had no
    card left to give, the gap stays)."""

    TAG: ClassVar[str] = "gave"
    seat: int
    slot: int
    owner: int
    gap: int

    def __str__(self) -> str:
        if self.slot < 0:
            return f"{seat_name(self.seat)} has no card left to give {seat_name(self.owner)}"
        return f"{seat_name(self.seat)} gave {place_name(self.seat, self.slot)} to {seat_name(self.owner)}"


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

    def __str__(self) -> str:
        if self.hand_over:
            return f"{seat_name(self.seat)} handed the wrong card to {seat_name(self.slapper)}"
        return f"{seat_name(self.seat)} kept the card: {seat_name(self.slapper)} draws a penalty"


@dataclass(frozen=True)
class Reshuffled(Event):
    TAG: ClassVar[str] = "reshuffled"
    count: int

    def __str__(self) -> str:
        return f"The discard pile but its top card ({self.count} cards) became a new draw pile"


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

    def __str__(self) -> str:
        parts = ", ".join(f"{seat_name(s)} +{a}" for s, a in enumerate(self.added))
        return f"Round {self.round} ended: {parts}"


@dataclass(frozen=True)
class GameOver(Event):
    TAG: ClassVar[str] = "over"
    termination: Termination

    def __str__(self) -> str:
        return f"game over: {self.termination.text}"


EVENT_CLASSES: tuple[type[Event], ...] = (
    RoundStarted, Looked, TurnBegan, Drew, Took, Replaced, Discarded, Peeked, Swapped, Skipped, Passed,
    Called, Slapped, PenaltyDrawn, ChoiceOwed, Gave, Settled, Reshuffled, RoundEnded, GameOver)

