"""Kombo Klash!'s actions: what a seat does on its turn (and before the first one).

A turn is a sequence of actions by the seat to play: `Place` (a tile from hand, with the choice to
trigger its ability), then, for the three abilities that need one, its choice (`Kick`, `Swamp`,
`Revive`); `Score` (one Kombo a turn, at any moment); `EndTurn` (after at least one tile, or at once
with an empty hand and nothing to draw: a pass). Before the first turn each seat in order chooses
`Redraw` or not. Each checks its own fields, so a decoded action is well formed.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from game.core.engine import Action
from game.core.seats import seat_name

from .tables import CENTRE, CREATURE_INDEX, SEATS, SPACES, SQUARES, TABLE, square_name


def _check_seat(seat: int) -> None:
    # A ValueError here makes WireCodec.decode refuse an out-of-range value as a WireFormatError.
    if not 0 <= seat < SEATS:
        raise ValueError(f"seat {seat} out of range")


def _check_square(sq: int) -> None:
    if not 0 <= sq < SQUARES or sq == CENTRE:
        raise ValueError(f"square {sq} is not a tile space")


def _check_squares(squares: tuple[int, ...], most: int) -> None:
    if not 1 <= len(squares) <= most:
        raise ValueError(f"{len(squares)} squares")
    for sq in squares:
        _check_square(sq)
    if list(squares) != sorted(set(squares)):
        raise ValueError("squares must be distinct and in ascending order")


def squares_text(squares: Iterable[int]) -> str:
    return ", ".join(square_name(sq) for sq in squares)


@dataclass(frozen=True)
class Redraw(Action):
    """Before the first turn: keep the starting hand (redraw False) or discard it and draw five."""

    TAG: ClassVar[str] = "redraw"
    redraw: bool

    def __post_init__(self) -> None:
        _check_seat(self.seat)

    def __str__(self) -> str:
        verb = "redraws the starting hand" if self.redraw else "keeps the starting hand"
        return f"{seat_name(self.seat)} {verb}"


@dataclass(frozen=True)
class Place(Action):
    """Play a tile of `creature` from hand to `square`, triggering its ability or not. A Snake that
    hypnotises is placed on the face-up tile it takes (trigger True); on an empty space it has none."""

    TAG: ClassVar[str] = "place"
    creature: str
    square: int
    trigger: bool

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_square(self.square)
        if self.creature not in CREATURE_INDEX:
            raise ValueError(f"unknown creature {self.creature!r}")

    def __str__(self) -> str:
        ability = TABLE.creatures[CREATURE_INDEX[self.creature]].ability
        how = f" ({ability})" if self.trigger else ""
        return f"{seat_name(self.seat)} plays {self.creature} on {square_name(self.square)}{how}"


@dataclass(frozen=True)
class Kick(Action):
    """The Kangaroo's Kick: the tile on `src` moves to the empty space `dst` beside it."""

    TAG: ClassVar[str] = "kick"
    src: int
    dst: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_square(self.src)
        _check_square(self.dst)

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} kicks {square_name(self.src)}→{square_name(self.dst)}"


@dataclass(frozen=True)
class Swamp(Action):
    """The Alligator's Swamp: flip these one or two other face-up tiles face down."""

    TAG: ClassVar[str] = "swamp"
    squares: tuple[int, ...]

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_squares(self.squares, TABLE.swamp_max)

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} swamps {squares_text(self.squares)}"


@dataclass(frozen=True)
class Revive(Action):
    """The Vulture's Revive: flip the face-down tile on `square` face up."""

    TAG: ClassVar[str] = "revive"
    square: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_square(self.square)

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} revives {square_name(self.square)}"


@dataclass(frozen=True)
class Score(Action):
    """Score the Kombo made of exactly these tiles (one of `kombo_options`)."""

    TAG: ClassVar[str] = "score"
    squares: tuple[int, ...]

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_squares(self.squares, len(SPACES))

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} scores the Kombo on {squares_text(self.squares)}"


@dataclass(frozen=True)
class EndTurn(Action):
    """End the turn and draw up to five; with no tile played (an empty hand), a pass."""

    TAG: ClassVar[str] = "end_turn"

    def __post_init__(self) -> None:
        _check_seat(self.seat)

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} ends the turn"


ACTIONS = (Redraw, Place, Kick, Swamp, Revive, Score, EndTurn)
