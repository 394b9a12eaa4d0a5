"""KOMBIO's actions: what a seat may do (rules.py says when), each a small frozen dataclass with its
wire form and a readable str, and the actions listed on every step, built once.

- Look: at the start of a round, once, at the two cards of one's near row.
- Draw, Take (the top discard for a hand card), Call, Pass: the turn's first choice.
- Replace (a hand card by the drawn card) or Discard (the drawn card): what the drawn card does.
- Peek, Swap, Skip: an ability's steps, or not using it.
- Slap: flip a card on the table onto the open discard, claiming it matches (any seat, any time).
- Give, Settle: a slap's follow-up choice.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.engine import Action
from game.core.seats import seat_name

from .table import MAX_SLOTS, SEATS, place_name


def _check_seat(seat: int, what: str = "seat") -> None:
    # A ValueError here makes WireCodec.decode refuse an out-of-range value as a WireFormatError.
    if not 0 <= seat < SEATS:
        raise ValueError(f"{what} {seat} out of range")


def _check_slot(slot: int) -> None:
    if not 0 <= slot < MAX_SLOTS:
        raise ValueError(f"slot {slot} out of range")


def _check_place(place: tuple[int, int]) -> None:
    _check_seat(place[0], "owner")
    _check_slot(place[1])


@dataclass(frozen=True)
class Look(Action):
    """At the start of a round: look once at the two cards of one's near row."""

    TAG: ClassVar[str] = "look"
    # every seat looks at once, in any order: another seat's look moving the step on does not make
    # this one stale (the engine refuses a second look of the same round)
    STEP_FREE: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _check_seat(self.seat)

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} looks at the near row"


@dataclass(frozen=True)
class Draw(Action):
    TAG: ClassVar[str] = "draw"

    def __post_init__(self) -> None:
        _check_seat(self.seat)

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} draws"


@dataclass(frozen=True)
class Take(Action):
    """Take the top discard face down into `slot`; the card there goes face up onto the pile."""

    TAG: ClassVar[str] = "take"
    slot: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_slot(self.slot)

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} takes the discard for {place_name(self.seat, self.slot)}"


@dataclass(frozen=True)
class Call(Action):
    TAG: ClassVar[str] = "call"

    def __post_init__(self) -> None:
        _check_seat(self.seat)

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} calls KOMBIO"


@dataclass(frozen=True)
class Pass(Action):
    """Only when the seat can neither draw nor take (both piles used up)."""

    TAG: ClassVar[str] = "pass"

    def __post_init__(self) -> None:
        _check_seat(self.seat)

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} passes"


@dataclass(frozen=True)
class Replace(Action):
    """The drawn card goes face down into `slot`; the card there is discarded face up."""

    TAG: ClassVar[str] = "replace"
    slot: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_slot(self.slot)

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} replaces {place_name(self.seat, self.slot)}"


@dataclass(frozen=True)
class Discard(Action):
    """The drawn card goes face up onto the discard pile; a 7–14 then offers its ability."""

    TAG: ClassVar[str] = "discard"

    def __post_init__(self) -> None:
        _check_seat(self.seat)

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} discards the drawn card"


@dataclass(frozen=True)
class Peek(Action):
    """An ability's look at the card in `owner`'s `slot`."""

    TAG: ClassVar[str] = "peek"
    owner: int
    slot: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_seat(self.owner, "owner")
        _check_slot(self.slot)

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} looks at {place_name(self.owner, self.slot)}"


@dataclass(frozen=True)
class Swap(Action):
    """An ability's swap of the cards at two places (owner, slot), written in ascending order."""

    TAG: ClassVar[str] = "swap"
    a: tuple[int, int]
    b: tuple[int, int]

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_place(self.a)
        _check_place(self.b)
        if not self.a < self.b:
            raise ValueError("a swap names two different places, the lower first")

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} swaps {place_name(*self.a)} and {place_name(*self.b)}"


@dataclass(frozen=True)
class Skip(Action):
    """Leave the ability unused, or its swap undone, and end the turn."""

    TAG: ClassVar[str] = "skip"

    def __post_init__(self) -> None:
        _check_seat(self.seat)

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} ends the ability"


@dataclass(frozen=True)
class Slap(Action):
    """Flip the card in `owner`'s `slot` onto discard number `discard`, claiming it matches."""

    TAG: ClassVar[str] = "slap"
    STEP_FREE: ClassVar[bool] = True    # it answers a discard serial, not a step (Action.STEP_FREE)
    owner: int
    slot: int
    discard: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_seat(self.owner, "owner")
        _check_slot(self.slot)
        if self.discard < 1:
            raise ValueError(f"discard {self.discard} out of range")

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} slaps {place_name(self.owner, self.slot)} on discard {self.discard}"


@dataclass(frozen=True)
class Give(Action):
    """After matching an opponent's card: the own card in `slot` goes face down into the gap."""

    TAG: ClassVar[str] = "give"
    slot: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_slot(self.slot)

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} gives {place_name(self.seat, self.slot)}"


@dataclass(frozen=True)
class Settle(Action):
    """After a failed slap of one's card: hand the wrong card over to the slapper (True), or keep it
    and make the slapper draw a penalty card (False)."""

    TAG: ClassVar[str] = "settle"
    hand_over: bool

    def __post_init__(self) -> None:
        _check_seat(self.seat)

    def __str__(self) -> str:
        how = "hands the wrong card over" if self.hand_over else "keeps the card: the slapper draws"
        return f"{seat_name(self.seat)} {how}"


ACTION_CLASSES: tuple[type[Action], ...] = (
    Look, Draw, Take, Call, Pass, Replace, Discard, Peek, Swap, Skip, Slap, Give, Settle)


# Actions are immutable: the ones listed on every step are built once here.
LOOKS = tuple(Look(s) for s in range(SEATS))
DRAWS = tuple(Draw(s) for s in range(SEATS))
CALLS = tuple(Call(s) for s in range(SEATS))
PASSES = tuple(Pass(s) for s in range(SEATS))
DISCARDS = tuple(Discard(s) for s in range(SEATS))
SKIPS = tuple(Skip(s) for s in range(SEATS))
TAKES = tuple(tuple(Take(s, i) for i in range(MAX_SLOTS)) for s in range(SEATS))
REPLACES = tuple(tuple(Replace(s, i) for i in range(MAX_SLOTS)) for s in range(SEATS))
GIVES = tuple(tuple(Give(s, i) for i in range(MAX_SLOTS)) for s in range(SEATS))
SETTLES = tuple((Settle(s, False), Settle(s, True)) for s in range(SEATS))
PEEKS = tuple(tuple(tuple(Peek(s, o, i) for i in range(MAX_SLOTS)) for o in range(SEATS)) for s in range(SEATS))

# Slaps and swaps name more than a table can hold up front (a slap names its discard): built once
# when first needed and kept, a bounded intern.
_INTERN_LIMIT = 200_000
SLAP_ROWS: dict[int, list[Slap]] = {}      # (serial, seat, owner) -> its slaps by slot
_SWAPS: dict[tuple[int, tuple[int, int], tuple[int, int]], Swap] = {}


def slap_row(seat: int, owner: int, serial: int, length: int) -> list[Slap]:
    """The slaps of `seat` on `owner`'s slots 0..length-1 answering discard `serial`."""
    key = (serial * SEATS + seat) * SEATS + owner
    row = SLAP_ROWS.get(key)
    if row is None:
        if len(SLAP_ROWS) >= _INTERN_LIMIT // 8:
            SLAP_ROWS.clear()
        row = SLAP_ROWS[key] = []
    while len(row) < length:
        row.append(_unchecked_slap(seat, owner, len(row), serial))
    return row


def _unchecked_slap(seat: int, owner: int, slot: int, serial: int) -> Slap:
    """Slap(seat, owner, slot, serial), equal to it, built without the frozen dataclass's __init__
    (a setattr call per field) and __post_init__'s range checks: every seat that may slap lists a
    fresh row of slaps on every discard (the most built action of 6-player random play), and these
    values are in range by construction (seat, owner < SEATS; slot < MAX_SLOTS; serial >= 1)."""
    action = object.__new__(Slap)
    action.__dict__.update(seat=seat, owner=owner, slot=slot, discard=serial)
    return action


def swap_of(seat: int, a: tuple[int, int], b: tuple[int, int]) -> Swap:
    """Swap(seat, a, b) with its places in order, interned."""
    if b < a:
        a, b = b, a
    key = (seat, a, b)
    action = _SWAPS.get(key)
    if action is None:
        if len(_SWAPS) >= _INTERN_LIMIT:
            _SWAPS.clear()
        action = _SWAPS[key] = Swap(seat, a, b)
    return action

