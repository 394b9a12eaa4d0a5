"""KOMBIO rules engine: pure, no pygame, no I/O, no clock (rules: shared/rules/kombio.txt, which wins
over kombio-alternate.txt, and the KOMBIO part of DECISIONS.md).

Cards are ints 0..N-1 (70 in the KOMBIO deck, 54 in the standard one); TABLE gives each its value.
A hand is a list of slots: slot i lies at column i // 2, row i % 2 (row 1 is the near row, so the
deal's near row is slots 1 and 3); a slot holds a card or EMPTY (a gap left by a match or a card given
away). A card that joins a hand (a penalty, a card handed over) fills the first gap not waiting for a
given card, else a new slot at the end: hands grow past four and shrink with gaps.

Phases of a round:
- "look": every seat makes `Look` once, in any order (all of them may act at once): a private
  `Looked` event with the two cards of its near row. A hot-seat screen walks the seats in seat order
  behind a curtain; on the LAN each seat looks when its player is ready. Default: `Look`.
- "turn": the seat to play chooses `Draw`, `Take` (the top discard, unless matched, for a hand card),
  `Call` (once every seat has had a turn this round, if nobody has called) or, only when it can
  neither draw nor take (both piles used up: random play gets there), `Pass`.
- "drawn": it holds the drawn card (only it sees it): `Replace` a hand card (that card is discarded)
  or `Discard` the drawn card directly.
- "ability": a drawn 7–14 discarded directly: the ability's steps (`Peek`, `Swap`) or `Skip` at any
  step (not using it, or not swapping after looking).
- "over": the game has ended.

Slaps (matching) are simultaneous: every card that lands face up on the discard pile through play
gets the next discard serial (`discard_serial`, counted over the whole game) and opens; any seat
may `Slap` a card on the table onto it, one attempt per seat per discard, naming the serial it
answers. The first right card closes it; a slap naming an older discard is refused without penalty
(IllegalActionError, nothing changes). `to_act` holds the seat whose turn it is and every seat that
may still slap, so the random-playout chooser and the host both see them. Slaps never advance the turn.

A slap's follow-up choice (`Give`: which own card goes into the gap after matching an opponent's
card; `Settle`: the opponent of a failed slap hands the wrong card over or keeps it and makes the
slapper draw) pauses the turn but not the slaps; several can be owed at once, each seat answers its
own in the order they arose. Time never enters the engine: `default_action(state, seat)` is the
action a silent seat's pending choice falls back to (the first own card; keep the card and make the
slapper draw; the look), and the client or host submits it when its clock says so
(TABLE.choice_seconds, 10 s, is data for that clock).

Knowledge: each seat's `known` is a bit mask of the cards on the table whose identity it has seen
(its look, its peeks, the card it placed from the draw, a card taken from the discard or revealed by a
failed slap: those two are seen by all). Every movement of a card on the table is seen by everybody,
so knowing a card is knowing what lies at its (owner, slot), wherever it is moved: the knowledge
moves with the card on every swap, give, take and hand-over, and a slot a seat did not see filled is
unknown to it (`known_slots` gives the (owner, slot) form). A card leaving the table is forgotten by
all. Views show a seat's knowledge only with the table's "memory aid" option on (off by default).

Where the texts leave a point open, DECISIONS.md rules; what this engine adds is marked *ruling* in
the code and listed in the report of the issue (kombio.txt wins over the alternate text):
- The lock of the caller's hand and the caller's ban on matching both lift with two players (one
  sentence of kombio.txt, "unless playing with only 2 players", governs both).
- An automatic call (a hand at zero cards) happens at once, even outside its owner's turn; the turn
  in progress is finished and is not a final turn; if the caller was about to start its turn, the
  call is that turn. After any call every other seat plays one final turn, in seat order.
- The round ends when the last final turn ends: its discard is not open to slaps.
- A slap of a card whose slot a 13's or 14's look pointed at is allowed; the ability then swaps the
  looked card wherever it is, or offers only Skip if it left the table.
- A wrong card may be slapped again on the same discard by another seat; its owner can hand it over
  only while it still holds it.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Annotated, Any, ClassVar, TypedDict

from game.core.engine import (
    Action,
    Engine,
    Event,
    GameConfig,
    GameType,
    Outcome,
    Termination,
    rank_winners,
)
from game.core.errors import ConfigError, IllegalActionError
from game.core.options import Choice, Opt
from game.core.rng import Rng
from game.core.schema import MaxLen
from game.core.seats import seat_name
from game.core.wire import WireCodec

# -- the numbers of the game, in one table ------------------------------------------------------

LOOK_OWN, LOOK_OTHER, BLIND_SWAP, LOOK_SWAP, DOUBLE_LOOK_SWAP = (
    "look_own", "look_other", "blind_swap", "look_swap", "double_look_swap")


def _kombio_deck() -> tuple[int, ...]:
    return (-1,) * 3 + (0,) * 3 + tuple(v for v in range(1, 13) for _ in range(5)) + (13,) * 2 + (14,) * 2


_SUITS = "♣♦♥♠"
_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _standard_deck() -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Four suits of A..K, then two Jokers: Ace 1, 2–10, Jack 11, Queen 12, black Kings 13 (clubs) and
    14 (spades), red Kings −1, Jokers 0."""
    values: list[int] = []
    labels: list[str] = []
    for suit in _SUITS:
        for rank, name in enumerate(_RANKS, start=1):
            if name == "K":
                value = {"♣": 13, "♠": 14}.get(suit, -1)
            else:
                value = rank
            values.append(value)
            labels.append(name + suit)
    values += [0, 0]
    labels += ["Joker", "Joker"]
    return tuple(values), tuple(labels)


_STANDARD_VALUES, _STANDARD_LABELS = _standard_deck()


@dataclass(frozen=True)
class KombioTable:
    """Every count and number of the game (DECISIONS.md, "KOMBIO")."""

    decks: Mapping[str, tuple[int, ...]]        # deck option -> the value of each card id
    labels: Mapping[str, tuple[str, ...]]       # deck option -> how a screen names each card id
    abilities: Mapping[int, str]                # card value -> ability (a drawn card discarded directly)
    ability_texts: Mapping[str, str]
    hand_size: int                              # cards dealt to each seat, in a 2x2 grid
    near_slots: tuple[int, ...]                 # the near row of the deal, looked at once
    others_bonus: int                           # to everyone else when the caller is strictly lowest
    caller_bonus: int                           # to the caller otherwise
    target: int                                 # a round end with someone at this or more ends the game
    rounds: Mapping[str, int]                   # option choice -> rounds (0: play to the target)
    lock_min_players: int                       # the caller's hand is locked with this many players or more
    choice_seconds: int                         # a slap's follow-up choice defaults after this (client data)
    min_players: int
    max_players: int


TABLE = KombioTable(
    decks=MappingProxyType({"kombio": _kombio_deck(), "standard": _STANDARD_VALUES}),
    labels=MappingProxyType({"kombio": tuple(str(v) for v in _kombio_deck()), "standard": _STANDARD_LABELS}),
    abilities=MappingProxyType({7: LOOK_OWN, 8: LOOK_OWN, 9: LOOK_OTHER, 10: LOOK_OTHER,
                                11: BLIND_SWAP, 12: BLIND_SWAP, 13: LOOK_SWAP, 14: DOUBLE_LOOK_SWAP}),
    ability_texts=MappingProxyType({
        LOOK_OWN: "Look at one card of your own.",
        LOOK_OTHER: "Look at one card of an opponent.",
        BLIND_SWAP: "Swap any two cards on the table without looking.",
        LOOK_SWAP: "Look at one card on the table, then swap it with any other card if you want.",
        DOUBLE_LOOK_SWAP: "Look at two cards on the table, then swap them if you want.",
    }),
    hand_size=4,
    near_slots=(1, 3),
    others_bonus=10,
    caller_bonus=15,
    target=100,
    rounds=MappingProxyType({"target": 0, "1": 1, "3": 3, "5": 5, "10": 10}),
    lock_min_players=3,
    choice_seconds=10,
    min_players=2,
    max_players=6,
)

DECKS: tuple[str, ...] = tuple(TABLE.decks)
ROUND_CHOICES: tuple[str, ...] = tuple(TABLE.rounds)
SEATS = TABLE.max_players
MAX_CARDS = max(len(d) for d in TABLE.decks.values())
MAX_SLOTS = MAX_CARDS              # a hand never has more slots than there are cards
EMPTY = -1
ABILITY_VALUES: frozenset[int] = frozenset(TABLE.abilities)

LOOK, TURN, DRAWN, ABILITY, OVER = "look", "turn", "drawn", "ability", "over"
GIVE, PENALTY = "give", "penalty"


def card_label(deck: str, card: int) -> str:
    """How a screen names a card: "7" in the KOMBIO deck, "Q♥" or "Joker" in the standard one."""
    return TABLE.labels[deck][card]


# -- config, actions, events ----------------------------------------------------------------------


def _rounds_choice(key: str) -> Choice:
    rounds = TABLE.rounds[key]
    if not rounds:
        return Choice(key, rounds, f"To {TABLE.target}", f"Until someone reaches {TABLE.target} points")
    return Choice(key, rounds, key, f"{rounds} round" + ("" if rounds == 1 else "s"))


# the options, built here: a class's annotations are evaluated without the module's names
_DECK = Opt("Deck", (Choice("kombio", label="KOMBIO", note="70 cards from −1 to 14"),
                     Choice("standard", label="Standard", note="54 playing cards, Jokers 0")))
_ROUNDS = Opt("Rounds", tuple(_rounds_choice(key) for key in TABLE.rounds))
_MEMORY_AID = Opt("Memory aid", (Choice("off", False, note="Remember your cards yourself"),
                                 Choice("on", True, note="Cards you have seen show their value")))


@dataclass(frozen=True)
class KombioConfig(GameConfig):
    TAG: ClassVar[str] = "kombio"
    deck: Annotated[str, _DECK] = "kombio"
    rounds: Annotated[int, _ROUNDS] = 0              # 0: until a round ends with someone at TABLE.target or more
    memory_aid: Annotated[bool, _MEMORY_AID] = False  # views show a seat what it has seen

    def __post_init__(self) -> None:
        if self.deck not in TABLE.decks:
            raise ValueError(f"unknown deck {self.deck!r}")
        if not 0 <= self.rounds <= 1000:
            raise ValueError(f"rounds {self.rounds} out of range")


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


def place_name(owner: int, slot: int) -> str:
    """"Blue's card 3 (near row)": slots counted from 1 for players."""
    row = "near" if slot % 2 else "far"
    return f"{seat_name(owner)}'s card {slot + 1} ({row} row)"


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

# Events. Values are card values; a value the seat may not see is redacted to None (or ()).
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
    TAG: ClassVar[str] = "turn"
    seat: int
    final: bool                       # a final turn after the call

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
    the choice concerns (the gap's owner, or the slapper)."""

    TAG: ClassVar[str] = "owed"
    seat: int
    kind: str
    other: int

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


# Actions are immutable: the ones listed on every step are built once here.
_LOOKS = tuple(Look(s) for s in range(SEATS))
_DRAWS = tuple(Draw(s) for s in range(SEATS))
_CALLS = tuple(Call(s) for s in range(SEATS))
_PASSES = tuple(Pass(s) for s in range(SEATS))
_DISCARDS = tuple(Discard(s) for s in range(SEATS))
_SKIPS = tuple(Skip(s) for s in range(SEATS))
_TAKES = tuple(tuple(Take(s, i) for i in range(MAX_SLOTS)) for s in range(SEATS))
_REPLACES = tuple(tuple(Replace(s, i) for i in range(MAX_SLOTS)) for s in range(SEATS))
_GIVES = tuple(tuple(Give(s, i) for i in range(MAX_SLOTS)) for s in range(SEATS))
_SETTLES = tuple((Settle(s, False), Settle(s, True)) for s in range(SEATS))
_PEEKS = tuple(tuple(tuple(Peek(s, o, i) for i in range(MAX_SLOTS)) for o in range(SEATS)) for s in range(SEATS))
_SEAT_SETS = tuple(frozenset(s for s in range(SEATS) if m >> s & 1) for m in range(1 << SEATS))

# Slaps and swaps name more than a table can hold up front (a slap names its discard): built once
# when first needed and kept, a bounded intern.
_INTERN_LIMIT = 200_000
_SLAP_ROWS: dict[int, list[Slap]] = {}      # (serial, seat, owner) -> its slaps by slot
_SWAPS: dict[tuple[int, tuple[int, int], tuple[int, int]], Swap] = {}


def _slap_row(seat: int, owner: int, serial: int, length: int) -> list[Slap]:
    """The slaps of `seat` on `owner`'s slots 0..length-1 answering discard `serial`."""
    key = (serial * SEATS + seat) * SEATS + owner
    row = _SLAP_ROWS.get(key)
    if row is None:
        if len(_SLAP_ROWS) >= _INTERN_LIMIT // 8:
            _SLAP_ROWS.clear()
        row = _SLAP_ROWS[key] = []
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


def _holds_card(hand: list[int]) -> bool:
    """Some slot of `hand` holds a card (any(c >= 0 ...) without a generator: asked on every slap)."""
    return hand.count(EMPTY) != len(hand)


def _swap(seat: int, a: tuple[int, int], b: tuple[int, int]) -> Swap:
    if b < a:
        a, b = b, a
    key = (seat, a, b)
    action = _SWAPS.get(key)
    if action is None:
        if len(_SWAPS) >= _INTERN_LIMIT:
            _SWAPS.clear()
        action = _SWAPS[key] = Swap(seat, a, b)
    return action


# -- state and view -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Pending:
    """A slap's follow-up choice owed by `seat`.
    give: `seat` matched `other`'s card; one of its own cards goes into `other`'s gap `slot`.
    penalty: `other` slapped `seat`'s card `card` (wrong): hand it over or make `other` draw."""

    kind: str
    seat: int
    other: int
    slot: int
    card: int


class PendingView(TypedDict):
    kind: str                         # "give" or "penalty"
    seat: int                         # who owes the choice
    other: int                        # the gap's owner (give) or the slapper (penalty)
    place: list[int] | None           # give: the gap [owner, slot]; penalty: the wrong card's, if held


class KombioView(TypedDict):
    """What view() returns. Nothing of a card a seat has not seen; what it has seen only with the
    memory aid on."""

    phase: str                        # "look", "turn", "drawn", "ability", "over"
    players: int
    deck: str
    rounds: int                       # 0: play to TABLE.target
    target: int
    memory_aid: bool
    round: int
    first: int                        # the seat that played first this round
    turn: int                         # the seat whose turn it is (-1 over)
    caller: int                       # -1: nobody has called
    final_left: list[int]             # seats still owed a final turn after the call
    locked: list[bool]                # per seat: its hand is locked (the caller's, three or more players)
    had_turn: list[bool]              # per seat: has had a turn this round
    looked: list[bool]                # per seat: has made its look this round
    scores: list[int]
    last_round: list[int]             # what each seat's score gained in the last round ended
    hands: list[list[bool]]           # per seat, per slot: holds a card (False: a gap)
    memory: list[list[int | None]]    # memory aid on and a seat: per seat, per slot, the value it knows
    held: int | None                  # the drawn card's value, to its holder only
    holding: bool                     # the seat to play holds a drawn card
    top: int | None                   # the top discard's value
    top_matched: bool                 # the top discard is a matched card (cannot be taken)
    discard_open: bool                # the top discard is open to slaps
    discard_serial: int               # the number of the last discard through play
    attempted: list[int]              # seats that have slapped the open discard
    may_slap: list[int]               # seats that may still slap it
    draw_count: int
    discard_count: int
    ability: str                      # the ability in use ("" none)
    ability_value: int                # the value of the card whose ability is in use (0 none)
    ability_looks: list[list[int]]    # the places its looks pointed at, in order
    pending: list[PendingView]
    choice_seconds: int


@dataclass
class KombioState:
    players: int
    deck: str
    rounds: int
    memory_aid: bool
    values: tuple[int, ...]           # the value of each card id (the deck's)
    phase: str
    turn: int
    first: int
    hands: list[list[int]]
    draw: list[int]                   # the top is the end
    discard: list[int]                # the top is the end
    scores: list[int]
    known: list[int]                  # per seat: bit mask of the table's cards it has seen
    round: int = 1
    held: int = EMPTY                 # the drawn card, while phase is "drawn"
    serial: int = 0                   # discards through play so far this game
    open: bool = False                # the top discard is open to slaps
    matched: bool = False             # the top discard is a matched card
    attempted: int = 0                # bit mask: seats that slapped the open discard
    looked: int = 0                   # bit mask: seats that have looked this round
    had_turn: int = 0                 # bit mask: seats that have had a turn this round
    caller: int = EMPTY
    final_left: int = 0               # bit mask: seats still owed a final turn
    final_turn: bool = False          # the turn in progress began after the call
    ability: int = 0                  # the value whose ability is in use (0 none)
    ability_looks: list[int] = field(default_factory=list)   # cards its looks saw, in order
    pending: list[Pending] = field(default_factory=list)
    last_round: list[int] = field(default_factory=list)
    rng: Rng = field(default_factory=lambda: Rng(0))

    def copy(self) -> KombioState:
        return KombioState(
            self.players, self.deck, self.rounds, self.memory_aid, self.values, self.phase, self.turn,
            self.first, [list(h) for h in self.hands], list(self.draw), list(self.discard),
            list(self.scores), list(self.known), self.round, self.held, self.serial, self.open,
            self.matched, self.attempted, self.looked, self.had_turn, self.caller, self.final_left,
            self.final_turn, self.ability, list(self.ability_looks), list(self.pending),
            list(self.last_round), self.rng.clone())

    def locked(self, owner: int) -> bool:
        """The caller's hand is locked after the call, with three players or more."""
        return owner == self.caller and self.players >= TABLE.lock_min_players

    def find(self, card: int) -> tuple[int, int] | None:
        """The (owner, slot) of a card on the table, None if it is not on the table."""
        for owner, hand in enumerate(self.hands):
            if card in hand:
                return owner, hand.index(card)
        return None

    def cards_on_table(self) -> int:
        mask = 0
        for hand in self.hands:
            for card in hand:
                if card >= 0:
                    mask |= 1 << card
        return mask


def hand_total(state: KombioState, seat: int) -> int:
    values = state.values
    return sum(values[c] for c in state.hands[seat] if c >= 0)


def card_count(state: KombioState, seat: int) -> int:
    return sum(1 for c in state.hands[seat] if c >= 0)


def known_slots(state: KombioState, seat: int) -> dict[tuple[int, int], int]:
    """What `seat` knows of the table: (owner, slot) -> the card id it saw there."""
    mask = state.known[seat]
    return {(owner, slot): card for owner, hand in enumerate(state.hands)
            for slot, card in enumerate(hand) if card >= 0 and mask >> card & 1}


def ability_of(value: int) -> str:
    return TABLE.abilities.get(value, "")


# -- the engine -----------------------------------------------------------------------------------


class KombioEngine(Engine[KombioState]):
    key: ClassVar[str] = "kombio"
    title: ClassVar[str] = "KOMBIO"
    min_players: ClassVar[int] = TABLE.min_players
    max_players: ClassVar[int] = TABLE.max_players
    actions: ClassVar[WireCodec] = WireCodec(ACTION_CLASSES)
    events: ClassVar[WireCodec] = WireCodec(EVENT_CLASSES)
    configs: ClassVar[WireCodec] = WireCodec([KombioConfig])
    game_type: ClassVar[GameType] = GameType(hidden_information=True, simultaneous=True)

    # -- setup --

    def new_game(self, config: GameConfig, seed: int) -> KombioState:
        if not isinstance(config, KombioConfig):
            raise ConfigError("KOMBIO needs a KombioConfig")
        self.check_config(config)
        n = config.players
        values = TABLE.decks[config.deck]
        state = KombioState(
            players=n, deck=config.deck, rounds=config.rounds, memory_aid=config.memory_aid,
            values=values, phase=LOOK, turn=0, first=0, hands=[[] for _ in range(n)],
            draw=list(range(len(values))), discard=[], scores=[0] * n, known=[0] * n,
            last_round=[0] * n, rng=Rng(seed))
        self._deal(state)
        return state

    def opening_events(self, state: KombioState) -> list[Event]:
        """What a screen shows for the deal of the first round, as events."""
        return [RoundStarted(state.round, state.first)]

    def _deal(self, state: KombioState) -> None:
        cards = list(range(len(state.values)))
        state.rng.shuffle(cards)
        size = TABLE.hand_size
        state.hands = [[cards.pop() for _ in range(size)] for _ in range(state.players)]
        state.draw, state.discard = cards, []
        state.known = [0] * state.players
        state.phase, state.turn = LOOK, state.first
        state.held, state.open, state.matched, state.attempted = EMPTY, False, False, 0
        state.looked = state.had_turn = 0
        state.caller, state.final_left, state.final_turn = EMPTY, 0, False
        state.ability, state.ability_looks, state.pending = 0, [], []

    # -- queries --

    def _slappers(self, state: KombioState) -> int:
        """Bit mask of the seats that may slap the open discard now (none if no card may be flipped)."""
        if not state.open:
            return 0
        n = state.players
        locked = state.caller if n >= TABLE.lock_min_players else EMPTY
        for owner, hand in enumerate(state.hands):
            if owner != locked and hand.count(EMPTY) != len(hand):
                break
        else:
            return 0
        mask = ((1 << n) - 1) & ~state.attempted
        if locked >= 0:
            mask &= ~(1 << locked)
        return mask

    def to_act(self, state: KombioState) -> frozenset[int]:
        phase = state.phase
        if phase == OVER:
            return _SEAT_SETS[0]
        if phase == LOOK:
            return _SEAT_SETS[((1 << state.players) - 1) & ~state.looked]
        mask = self._slappers(state)
        if state.pending:
            for item in state.pending:
                mask |= 1 << item.seat
        else:
            mask |= 1 << state.turn
        return _SEAT_SETS[mask]

    def legal_actions(self, state: KombioState, seat: int) -> list[Action]:
        phase = state.phase
        if phase == OVER or not 0 <= seat < state.players:
            return []
        if phase == LOOK:
            return [] if state.looked >> seat & 1 else [_LOOKS[seat]]
        out: list[Action] = []
        if state.pending:
            item = self._owed(state, seat)
            if item is not None:
                out += self._choices(state, item)
        elif seat == state.turn:
            out += self._turn_actions(state, seat)
        if state.open and not state.attempted >> seat & 1:
            out += self._slaps(state, seat)
        return out

    def _owed(self, state: KombioState, seat: int) -> Pending | None:
        for item in state.pending:
            if item.seat == seat:
                return item
        return None

    @staticmethod
    def _owed_give(state: KombioState, seat: int) -> Pending | None:
        for item in state.pending:
            if item.seat == seat and item.kind == GIVE:
                return item
        return None

    def _choices(self, state: KombioState, item: Pending) -> list[Action]:
        seat = item.seat
        if item.kind == GIVE:
            gives = _GIVES[seat]
            return [gives[i] for i, c in enumerate(state.hands[seat]) if c >= 0]
        if item.card in state.hands[seat]:
            return list(_SETTLES[seat])
        return [_SETTLES[seat][0]]

    def _turn_actions(self, state: KombioState, seat: int) -> list[Action]:
        phase = state.phase
        hand = state.hands[seat]
        if phase == TURN:
            out: list[Action] = []
            can_draw = bool(state.draw) or len(state.discard) > 1
            if can_draw:
                out.append(_DRAWS[seat])
            can_take = False
            if state.discard and not state.matched and not state.locked(seat):
                takes = _TAKES[seat]
                for i, c in enumerate(hand):
                    if c >= 0:
                        out.append(takes[i])
                        can_take = True
            if state.caller < 0 and state.had_turn == (1 << state.players) - 1:
                out.append(_CALLS[seat])
            if not can_draw and not can_take:
                out.append(_PASSES[seat])
            return out
        if phase == DRAWN:
            replaces = _REPLACES[seat]
            out = [replaces[i] for i, c in enumerate(hand) if c >= 0] if not state.locked(seat) else []
            out.append(_DISCARDS[seat])
            return out
        return self._ability_steps(state, seat) + [_SKIPS[seat]]

    def _places(self, state: KombioState, owners: Iterable[int]) -> list[tuple[int, int]]:
        return [(o, i) for o in owners if not state.locked(o)
                for i, c in enumerate(state.hands[o]) if c >= 0]

    def _ability_steps(self, state: KombioState, seat: int) -> list[Action]:
        """The ability's next step (without Skip)."""
        kind = TABLE.abilities[state.ability]
        peeks = _PEEKS[seat]
        n = state.players
        if kind == LOOK_OWN:
            return [peeks[o][i] for o, i in self._places(state, (seat,))]
        if kind == LOOK_OTHER:
            return [peeks[o][i] for o, i in self._places(state, (o for o in range(n) if o != seat))]
        places = self._places(state, range(n))
        if kind == BLIND_SWAP:
            return [_swap(seat, a, b) for j, a in enumerate(places) for b in places[j + 1:]]
        looks = state.ability_looks
        if kind == LOOK_SWAP:
            if not looks:
                return [peeks[o][i] for o, i in places]
            at = state.find(looks[0])
            if at is None or state.locked(at[0]):
                return []
            return [_swap(seat, at, b) for b in places if b != at]
        # DOUBLE_LOOK_SWAP
        if not looks:
            return [peeks[o][i] for o, i in places]
        if len(looks) == 1:
            first = state.find(looks[0])
            return [peeks[o][i] for o, i in places if (o, i) != first]
        at, other = state.find(looks[0]), state.find(looks[1])
        if at is None or other is None or state.locked(at[0]) or state.locked(other[0]):
            return []
        return [_swap(seat, at, other)]

    def _slaps(self, state: KombioState, seat: int) -> list[Action]:
        locked = state.caller if state.players >= TABLE.lock_min_players else EMPTY   # as locked()
        if seat == locked:
            return []
        serial = state.serial
        out: list[Action] = []
        rows = _SLAP_ROWS
        base = (serial * SEATS + seat) * SEATS
        for owner, hand in enumerate(state.hands):
            if owner == locked or not hand:
                continue
            row = rows.get(base + owner)
            if row is None or len(row) < len(hand):
                row = _slap_row(seat, owner, serial, len(hand))
            if EMPTY in hand:
                out += [row[i] for i, c in enumerate(hand) if c >= 0]
            else:
                out += row[:len(hand)]
        return out

    def default_action(self, state: KombioState, seat: int) -> Action | None:
        """What a silent seat falls back to when the client's or host's clock says so (after
        TABLE.choice_seconds): the look at the start of a round, and a slap's follow-up choice (give
        the first own card; keep the wrong card and make the slapper draw). None when the seat owes
        no such choice (a turn waits for its player; a slap is never made for anyone)."""
        if state.phase == LOOK:
            return None if state.looked >> seat & 1 else _LOOKS[seat]
        item = self._owed(state, seat)
        if item is None:
            return None
        if item.kind == GIVE:
            return self._choices(state, item)[0]
        return _SETTLES[seat][0]

    def outcome(self, state: KombioState) -> Outcome | None:
        if state.phase != OVER:
            return None
        ending = Termination.ROUNDS_DONE if state.rounds else Termination.TARGET_SCORE
        return Outcome(tuple(state.scores), rank_winners(state.scores, lowest_wins=True), ending)

    # -- apply --

    def apply(self, state: KombioState, action: Action) -> list[Event]:
        phase = state.phase
        if phase == OVER:
            raise IllegalActionError("the game is over", action)
        seat = action.seat
        if not 0 <= seat < state.players:
            raise IllegalActionError(f"there is no seat {seat + 1} at this table", action)
        kind = type(action)
        if kind is Slap:
            assert isinstance(action, Slap)
            return self._slap(state, action)
        if phase == LOOK:
            if kind is not Look:
                raise IllegalActionError("first every player looks at their near row", action)
            return self._look(state, seat)
        if kind is Give or kind is Settle:
            return self._settle(state, action)
        if kind is Look:
            raise IllegalActionError("the near row is looked at only at the start of a round", action)
        if seat != state.turn:
            raise IllegalActionError(f"it is {seat_name(state.turn)}'s turn", action)
        if state.pending:
            who = " and ".join(sorted({seat_name(p.seat) for p in state.pending}))
            raise IllegalActionError(f"the turn waits for {who} to choose", action)
        if phase == TURN:
            if kind is Draw:
                return self._draw_card(state, seat, action)
            if kind is Take:
                assert isinstance(action, Take)
                return self._take(state, action)
            if kind is Call:
                return self._call(state, seat, action)
            if kind is Pass:
                return self._pass(state, seat, action)
            raise IllegalActionError("draw, take the discard or call", action)
        if phase == DRAWN:
            if kind is Replace:
                assert isinstance(action, Replace)
                return self._replace(state, action)
            if kind is Discard:
                return self._discard(state, seat)
            raise IllegalActionError("put the drawn card into your hand or discard it", action)
        # ABILITY
        if kind is Skip:
            events: list[Event] = [Skipped(seat)]
            self._end_turn(state, events)
            return events
        if action not in self._ability_steps(state, seat):
            raise IllegalActionError(f"that is not a step of the {ability_of(state.ability)} ability now", action)
        if kind is Peek:
            assert isinstance(action, Peek)
            return self._peek(state, action)
        assert isinstance(action, Swap)
        return self._swap_cards(state, action)

    def _look(self, state: KombioState, seat: int) -> list[Event]:
        if state.looked >> seat & 1:
            raise IllegalActionError("you have already looked at your near row this round", Look(seat))
        hand = state.hands[seat]
        slots = TABLE.near_slots
        for i in slots:
            state.known[seat] |= 1 << hand[i]
        state.looked |= 1 << seat
        events: list[Event] = [Looked(seat, slots, tuple(state.values[hand[i]] for i in slots))]
        if state.looked == (1 << state.players) - 1:
            state.phase = TURN
            events.append(TurnBegan(state.turn, False))
        return events

    def _draw_card(self, state: KombioState, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        card = self._pop_draw(state, events)
        if card < 0:
            raise IllegalActionError("there is no card left to draw", action)
        state.held = card
        state.phase = DRAWN
        events.append(Drew(seat, state.values[card]))
        return events

    def _pop_draw(self, state: KombioState, events: list[Event]) -> int:
        """The top card of the draw pile, reshuffling the discard pile but its top card when the draw
        pile is empty; EMPTY if there is none."""
        if not state.draw:
            if len(state.discard) < 2:
                return EMPTY
            top = state.discard.pop()
            state.draw, state.discard = state.discard, [top]
            state.rng.shuffle(state.draw)
            events.append(Reshuffled(len(state.draw)))
        return state.draw.pop()

    def _open(self, state: KombioState, card: int) -> None:
        """`card` lands face up on the discard pile through play: a new discard, open to slaps."""
        state.discard.append(card)
        self._forget(state, card)
        state.serial += 1
        state.open, state.matched, state.attempted = True, False, 0

    @staticmethod
    def _forget(state: KombioState, card: int) -> None:
        keep = ~(1 << card)
        known = state.known
        for s in range(state.players):
            known[s] &= keep

    def _take(self, state: KombioState, action: Take) -> list[Event]:
        seat, slot = action.seat, action.slot
        hand = state.hands[seat]
        if not state.discard:
            raise IllegalActionError("there is no discard to take", action)
        if state.matched:
            raise IllegalActionError("a matched card cannot be taken", action)
        if state.locked(seat):
            raise IllegalActionError("your hand is locked after your call", action)
        if not 0 <= slot < len(hand) or hand[slot] < 0:
            raise IllegalActionError("take the discard for a card of your hand", action)
        taken = state.discard.pop()
        out = hand[slot]
        hand[slot] = taken
        everyone = 1 << taken
        for s in range(state.players):
            state.known[s] |= everyone          # it lay face up: all saw where it went
        self._open(state, out)
        events: list[Event] = [Took(seat, slot, state.values[taken], state.values[out], state.serial)]
        self._end_turn(state, events)
        return events

    def _call(self, state: KombioState, seat: int, action: Action) -> list[Event]:
        if state.caller >= 0:
            raise IllegalActionError(f"{seat_name(state.caller)} has already called this round", action)
        if state.had_turn != (1 << state.players) - 1:
            raise IllegalActionError("you may call once every player has had a turn", action)
        events: list[Event] = []
        self._make_call(state, seat, False, events)
        self._end_turn(state, events)
        return events

    def _make_call(self, state: KombioState, seat: int, automatic: bool, events: list[Event]) -> None:
        state.caller = seat
        state.final_left = ((1 << state.players) - 1) & ~(1 << seat)
        state.final_turn = False
        events.append(Called(seat, automatic))

    def _pass(self, state: KombioState, seat: int, action: Action) -> list[Event]:
        if _PASSES[seat] not in self._turn_actions(state, seat):
            raise IllegalActionError("you may pass only when you can neither draw nor take", action)
        events: list[Event] = [Passed(seat)]
        self._end_turn(state, events)
        return events

    def _replace(self, state: KombioState, action: Replace) -> list[Event]:
        seat, slot = action.seat, action.slot
        hand = state.hands[seat]
        if state.locked(seat):
            raise IllegalActionError("your hand is locked after your call", action)
        if not 0 <= slot < len(hand) or hand[slot] < 0:
            raise IllegalActionError("replace a card of your hand", action)
        out = hand[slot]
        hand[slot] = state.held
        state.held = EMPTY
        self._open(state, out)
        state.known[seat] |= 1 << hand[slot]
        events: list[Event] = [Replaced(seat, slot, state.values[out], state.serial)]
        self._end_turn(state, events)
        return events

    def _discard(self, state: KombioState, seat: int) -> list[Event]:
        card = state.held
        state.held = EMPTY
        self._open(state, card)
        value = state.values[card]
        state.ability, state.ability_looks = value, []
        if value in ABILITY_VALUES:
            state.phase = ABILITY
            if self._ability_steps(state, seat):
                return [Discarded(seat, value, state.serial, ability_of(value))]
        events: list[Event] = [Discarded(seat, value, state.serial, "")]
        self._end_turn(state, events)
        return events

    def _peek(self, state: KombioState, action: Peek) -> list[Event]:
        seat = action.seat
        card = state.hands[action.owner][action.slot]
        state.known[seat] |= 1 << card
        events: list[Event] = [Peeked(seat, action.owner, action.slot, state.values[card])]
        kind = TABLE.abilities[state.ability]
        state.ability_looks.append(card)
        if kind in (LOOK_OWN, LOOK_OTHER):
            self._end_turn(state, events)
        return events

    def _swap_cards(self, state: KombioState, action: Swap) -> list[Event]:
        (o1, s1), (o2, s2) = action.a, action.b
        hands = state.hands
        hands[o1][s1], hands[o2][s2] = hands[o2][s2], hands[o1][s1]
        events: list[Event] = [Swapped(action.seat, action.a, action.b)]
        self._end_turn(state, events)
        return events

    # -- slaps --

    def _slap(self, state: KombioState, action: Slap) -> list[Event]:
        seat, owner, slot = action.seat, action.owner, action.slot
        if state.phase == LOOK or not state.discard:
            raise IllegalActionError("there is no discard to match yet", action)
        if action.discard < state.serial:
            raise IllegalActionError(
                f"that slap answers discard {action.discard}, but discard {state.serial} has been played "
                "since: refused without penalty", action)
        if action.discard > state.serial:
            raise IllegalActionError(f"there is no discard {action.discard} yet", action)
        if not state.open:
            raise IllegalActionError("that discard has already been matched", action)
        if state.attempted >> seat & 1:
            raise IllegalActionError("one attempt per player per discard", action)
        locked = state.caller if state.players >= TABLE.lock_min_players else EMPTY   # as locked()
        if seat == locked:
            raise IllegalActionError("the caller makes no matches", action)
        if owner >= state.players:
            raise IllegalActionError(f"there is no seat {owner + 1} at this table", action)
        if owner == locked:
            raise IllegalActionError("the caller's hand is locked", action)
        hand = state.hands[owner]
        if not 0 <= slot < len(hand) or hand[slot] < 0:
            raise IllegalActionError("there is no card there", action)
        card = hand[slot]
        values = state.values
        value = values[card]
        state.attempted |= 1 << seat
        right = value == values[state.discard[-1]]
        events: list[Event] = [Slapped(seat, owner, slot, state.serial, value, right)]
        if right:
            hand[slot] = EMPTY
            state.discard.append(card)
            self._forget(state, card)
            state.open, state.matched = False, True
            if owner != seat:
                if _holds_card(state.hands[seat]):
                    state.pending.append(Pending(GIVE, seat, owner, slot, EMPTY))
                    events.append(ChoiceOwed(seat, GIVE, owner))
                else:
                    self._check_zero(state, owner, events)
            else:
                self._check_zero(state, seat, events)
        else:
            everyone = 1 << card
            known = state.known
            for s in range(state.players):
                known[s] |= everyone           # shown to all, then flipped back face down
            if owner == seat:
                self._penalty(state, seat, events)
            else:
                state.pending.append(Pending(PENALTY, owner, seat, EMPTY, card))
                events.append(ChoiceOwed(owner, PENALTY, seat))
        return events

    def _free_slot(self, state: KombioState, seat: int) -> int:
        """Where a card joining `seat`'s hand goes: the first gap not waiting for a given card, else a
        new slot at the end."""
        hand = state.hands[seat]
        reserved = {p.slot for p in state.pending if p.kind == GIVE and p.other == seat} if state.pending else ()
        for i, c in enumerate(hand):
            if c < 0 and i not in reserved:
                return i
        hand.append(EMPTY)
        return len(hand) - 1

    def _penalty(self, state: KombioState, seat: int, events: list[Event]) -> None:
        card = self._pop_draw(state, events)
        if card < 0:
            events.append(PenaltyDrawn(seat, EMPTY))
            return
        slot = self._free_slot(state, seat)
        state.hands[seat][slot] = card
        events.append(PenaltyDrawn(seat, slot))

    def _settle(self, state: KombioState, action: Action) -> list[Event]:
        seat = action.seat
        item = self._owed(state, seat)
        if item is None:
            raise IllegalActionError("you owe no choice now", action)
        events: list[Event] = []
        if item.kind == GIVE:
            if not isinstance(action, Give):
                raise IllegalActionError("choose the card you give", action)
            hand = state.hands[seat]
            slot = action.slot
            if not 0 <= slot < len(hand) or hand[slot] < 0:
                raise IllegalActionError("give a card of your hand", action)
            state.pending.remove(item)
            state.hands[item.other][item.slot] = hand[slot]
            hand[slot] = EMPTY
            events.append(Gave(seat, slot, item.other, item.slot))
            self._check_zero(state, seat, events)
            self._check_zero(state, item.other, events)
            return events
        if not isinstance(action, Settle):
            raise IllegalActionError("choose: hand the wrong card over or keep it", action)
        hand = state.hands[seat]
        slapper = item.other
        if action.hand_over:
            if item.card not in hand:
                raise IllegalActionError("that card is no longer in your hand", action)
            state.pending.remove(item)
            slot = hand.index(item.card)
            hand[slot] = EMPTY
            to_slot = self._free_slot(state, slapper)
            state.hands[slapper][to_slot] = item.card
            events.append(Settled(seat, slapper, True, slot, to_slot))
            give = self._owed_give(state, seat)
            if give is not None and not _holds_card(hand):
                # it handed over its last card: nothing is left to give (*ruling*), the gap stays
                state.pending.remove(give)
                events.append(Gave(seat, EMPTY, give.other, give.slot))
                self._check_zero(state, give.other, events)
            self._check_zero(state, seat, events)
        else:
            state.pending.remove(item)
            events.append(Settled(seat, slapper, False, EMPTY, EMPTY))
            self._penalty(state, slapper, events)
        return events

    def _check_zero(self, state: KombioState, seat: int, events: list[Event]) -> None:
        """A hand down to zero cards calls at once (if nobody has called this round), unless a card is
        still to be given into it."""
        if state.caller >= 0 or _holds_card(state.hands[seat]):
            return
        if any(p.kind == GIVE and p.other == seat for p in state.pending):
            return
        self._make_call(state, seat, True, events)
        if state.turn == seat and state.phase == TURN:
            self._end_turn(state, events)      # about to play: the call is its turn

    # -- turns and rounds --

    def _end_turn(self, state: KombioState, events: list[Event]) -> None:
        seat = state.turn
        state.had_turn |= 1 << seat
        state.phase = TURN
        state.ability, state.ability_looks = 0, []
        n = state.players
        if state.caller >= 0:
            if state.final_turn:
                state.final_left &= ~(1 << seat)
            if not state.final_left:
                self._end_round(state, events)
                return
            nxt = (seat + 1) % n
            while not state.final_left >> nxt & 1:
                nxt = (nxt + 1) % n
            state.final_turn = True
        else:
            nxt = (seat + 1) % n
        state.turn = nxt
        events.append(TurnBegan(nxt, state.final_turn))

    def _end_round(self, state: KombioState, events: list[Event]) -> None:
        n = state.players
        values = state.values
        totals = [hand_total(state, s) for s in range(n)]
        caller = state.caller
        added = list(totals)
        if all(totals[caller] < totals[s] for s in range(n) if s != caller):
            for s in range(n):
                if s != caller:
                    added[s] += TABLE.others_bonus
        else:
            added[caller] += TABLE.caller_bonus
        for s in range(n):
            state.scores[s] += added[s]
        state.last_round = added
        hands = tuple(tuple(values[c] if c >= 0 else None for c in hand) for hand in state.hands)
        events.append(RoundEnded(state.round, caller, hands, tuple(totals), tuple(added), tuple(state.scores)))
        state.open, state.matched, state.attempted = False, False, 0
        if state.rounds:
            done = state.round >= state.rounds
            ending = Termination.ROUNDS_DONE
        else:
            done = max(state.scores) >= TABLE.target
            ending = Termination.TARGET_SCORE
        if done:
            state.phase, state.turn = OVER, EMPTY
            state.caller, state.final_left, state.final_turn = EMPTY, 0, False
            events.append(GameOver(ending))
            return
        state.round += 1
        state.first = (state.first + 1) % n
        self._deal(state)
        events.append(RoundStarted(state.round, state.first))

    # -- secrecy --

    def redact(self, event: Event, seat: int | None) -> Event | None:
        kind = type(event)
        if kind is Looked:
            assert isinstance(event, Looked)
            if event.seat != seat:
                return Looked(event.seat, event.slots, ())
        elif kind is Drew:
            assert isinstance(event, Drew)
            if event.seat != seat:
                return Drew(event.seat, None)
        elif kind is Peeked:
            assert isinstance(event, Peeked)
            if event.seat != seat:
                return Peeked(event.seat, event.owner, event.slot, None)
        return event

    def resample_hidden(self, state: KombioState, seat: int | None, rng: Any) -> KombioState:
        """Every card `seat` has not seen (the table's cards it does not know, the draw pile, another
        seat's drawn card) re-dealt at random into the same places; the discard pile is public. What
        the other seats know moves with the places (they saw what lay there), as do the cards a
        pending choice or an ability's looks refer to. A spectator keeps only what every seat knows."""
        other = state.copy()
        if seat is None:
            fixed = (1 << len(state.values)) - 1
            for mask in state.known:
                fixed &= mask
        else:
            fixed = state.known[seat]
        places: list[tuple[list[int], int]] = []
        for hand in other.hands:
            places.extend((hand, i) for i, c in enumerate(hand) if c >= 0 and not fixed >> c & 1)
        places.extend((other.draw, i) for i in range(len(other.draw)))
        held = [other.held]
        if other.held >= 0 and seat != other.turn:
            places.append((held, 0))
        old = [where[i] for where, i in places]
        new = list(old)
        rng.shuffle(new)
        mapping = dict(zip(old, new))
        for (where, i), card in zip(places, new):
            where[i] = card
        other.held = held[0]

        def remap(mask: int) -> int:
            out = mask & fixed
            rest = mask & ~fixed
            while rest:
                low = rest & -rest
                card = low.bit_length() - 1
                out |= 1 << mapping.get(card, card)
                rest ^= low
            return out

        other.known = [mask if s == seat else remap(mask) for s, mask in enumerate(other.known)]
        other.pending = [Pending(p.kind, p.seat, p.other, p.slot, mapping.get(p.card, p.card))
                         if p.card >= 0 else p for p in other.pending]
        other.ability_looks = [mapping.get(c, c) for c in other.ability_looks]
        return other

    # -- views --

    def view(self, state: KombioState, seat: int | None) -> KombioView:
        n = state.players
        values = state.values
        hands = [[c >= 0 for c in hand] for hand in state.hands]
        memory: list[list[int | None]] = []
        if state.memory_aid and seat is not None:
            mask = state.known[seat]
            memory = [[values[c] if c >= 0 and mask >> c & 1 else None for c in hand] for hand in state.hands]
        pending: list[PendingView] = []
        for p in state.pending:
            if p.kind == GIVE:
                place: list[int] | None = [p.other, p.slot]
            else:
                hand = state.hands[p.seat]
                place = [p.seat, hand.index(p.card)] if p.card in hand else None
            pending.append({"kind": p.kind, "seat": p.seat, "other": p.other, "place": place})
        looks: list[list[int]] = []
        for card in state.ability_looks:
            at = state.find(card)
            if at is not None:
                looks.append(list(at))
        slappers = self._slappers(state) if state.phase not in (LOOK, OVER) else 0
        view: KombioView = {
            "phase": state.phase,
            "players": n,
            "deck": state.deck,
            "rounds": state.rounds,
            "target": TABLE.target,
            "memory_aid": state.memory_aid,
            "round": state.round,
            "first": state.first,
            "turn": state.turn,
            "caller": state.caller,
            "final_left": [s for s in range(n) if state.final_left >> s & 1],
            "locked": [state.locked(s) for s in range(n)],
            "had_turn": [bool(state.had_turn >> s & 1) for s in range(n)],
            "looked": [bool(state.looked >> s & 1) for s in range(n)],
            "scores": list(state.scores),
            "last_round": list(state.last_round),
            "hands": hands,
            "memory": memory,
            "held": values[state.held] if state.held >= 0 and seat == state.turn else None,
            "holding": state.held >= 0,
            "top": values[state.discard[-1]] if state.discard else None,
            "top_matched": state.matched,
            "discard_open": state.open,
            "discard_serial": state.serial,
            "attempted": [s for s in range(n) if state.attempted >> s & 1],
            "may_slap": [s for s in range(n) if slappers >> s & 1],
            "draw_count": len(state.draw),
            "discard_count": len(state.discard),
            "ability": ability_of(state.ability) if state.phase == ABILITY else "",
            "ability_value": state.ability if state.phase == ABILITY else 0,
            "ability_looks": looks,
            "pending": pending,
            "choice_seconds": TABLE.choice_seconds,
        }
        return view

    def clone(self, state: KombioState) -> KombioState:
        return state.copy()

    # -- checks --

    def check_invariants(self, state: KombioState) -> None:
        n = state.players
        assert TABLE.min_players <= n <= TABLE.max_players, f"bad player count {n}"
        assert state.values is TABLE.decks[state.deck] or state.values == TABLE.decks[state.deck]
        size = len(state.values)
        assert len(state.hands) == n and len(state.scores) == n and len(state.known) == n
        where: list[int] = [c for hand in state.hands for c in hand if c >= 0]
        table = 0
        for c in where:
            table |= 1 << c
        where += state.draw
        where += state.discard
        if state.held >= 0:
            where.append(state.held)
        assert sorted(where) == list(range(size)), f"the {size} cards are not each somewhere exactly once"
        for s in range(n):
            assert not state.known[s] & ~table, f"seat {s} knows a card that is not on the table"
            assert len(state.hands[s]) <= MAX_SLOTS
        assert (state.held >= 0) == (state.phase == DRAWN), "a drawn card is held exactly in 'drawn'"
        assert state.serial >= 0
        if state.open:
            assert state.discard and not state.matched, "an open discard is an unmatched card"
        if state.matched:
            assert state.discard and not state.open
        if not state.open:
            assert not state.matched or state.attempted, "a matched discard was slapped"
        if state.phase == LOOK:
            assert not state.pending and not state.discard and state.caller < 0 and not state.had_turn
            assert not state.open and not state.matched and not state.attempted
            assert all(len(h) == TABLE.hand_size for h in state.hands)
        elif state.phase == OVER:
            assert not state.pending and state.turn == EMPTY and not state.open
            outcome = self.outcome(state)
            assert outcome is not None
            if state.rounds:
                assert state.round == state.rounds
            else:
                assert max(state.scores) >= TABLE.target
        else:
            assert 0 <= state.turn < n
            assert state.looked == (1 << n) - 1
            if state.phase == ABILITY:
                assert state.ability in ABILITY_VALUES
                assert len(state.ability_looks) <= 2
            else:
                assert state.ability == 0 and not state.ability_looks
        if state.caller >= 0:
            assert 0 <= state.caller < n
            assert not state.final_left >> state.caller & 1, "the caller has no final turn"
            assert state.final_left, "a round with every final turn played has ended"
            if state.final_turn:
                assert state.final_left >> state.turn & 1
        else:
            assert not state.final_left and not state.final_turn
        gaps: set[tuple[int, int]] = set()
        for p in state.pending:
            assert p.seat != p.other and 0 <= p.seat < n and 0 <= p.other < n
            if p.kind == GIVE:
                assert state.hands[p.other][p.slot] == EMPTY, "a gap waiting for a card holds one"
                assert (p.other, p.slot) not in gaps
                gaps.add((p.other, p.slot))
                assert any(c >= 0 for c in state.hands[p.seat]), "a give is owed by a seat without cards"
            else:
                assert p.kind == PENALTY and 0 <= p.card < size
