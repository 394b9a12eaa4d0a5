"""KOMBIO's table: every count and number of the game in one table (DECISIONS.md, "KOMBIO"), its two
decks, how a card and a place at the table are named, the phases of a round and the table's options.

Cards are ints 0..N-1 (70 in the KOMBIO deck, 54 in the standard one); TABLE gives each its value.
A hand is a list of slots: slot i lies at column i // 2, row i % 2 (row 1 is the near row, so the
deal's near row is slots 1 and 3); a slot holds a card or EMPTY (a gap).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Annotated, ClassVar

from game.core.engine import GameConfig
from game.core.options import Choice, Opt
from game.core.seats import seat_name

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

# The phases of a round (rules.py says what each allows) and the kinds of a slap's follow-up choice.
LOOK, TURN, DRAWN, ABILITY, OVER = "look", "turn", "drawn", "ability", "over"
GIVE, PENALTY = "give", "penalty"


def card_label(deck: str, card: int) -> str:
    """How a screen names a card: "7" in the KOMBIO deck, "Q♥" or "Joker" in the standard one."""
    return TABLE.labels[deck][card]


def value_text(value: int) -> str:
    """A card's value as players read it: "−1" with a true minus sign."""
    return "−1" if value == -1 else str(value)


def a_card(value: int) -> str:
    """ "a 7", "an 8", "an 11": a card of `value` in a sentence."""
    return f"{'an' if value in (8, 11) else 'a'} {value_text(value)}"


def ability_of(value: int) -> str:
    """The ability a card of `value` offers when discarded from the draw ("" for none)."""
    return TABLE.abilities.get(value, "")


def place_name(owner: int, slot: int) -> str:
    """"Blue's card 3 (near row)": slots counted from 1 for players."""
    row = "near" if slot % 2 else "far"
    return f"{seat_name(owner)}'s card {slot + 1} ({row} row)"


def dealt_draw_count(deck: str, players: int) -> int:
    """The draw pile's size once a round is dealt."""
    return len(TABLE.decks[deck]) - TABLE.hand_size * players


# -- the table's options ----------------------------------------------------------------------------


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
