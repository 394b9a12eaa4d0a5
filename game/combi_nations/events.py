"""Combi-Nations' events: what happened, for the fold (view.py), the screens, the sounds and the move
log (narration.py). Each carries what a view needs to move forward by it: a refill names its tile, an
arrow's move the tile it took, a placing the tile and where it went."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.engine import Event

OPPONENT = -1                  # the solo opponent's arrow, in events


@dataclass(frozen=True)
class CountryBuilt(Event):
    TAG: ClassVar[str] = "country_built"
    seat: int
    preset: int                 # -1: built freely


@dataclass(frozen=True)
class SandLaid(Event):
    TAG: ClassVar[str] = "sand_laid"
    seat: int
    tile: int
    turns: int
    q: int
    r: int


@dataclass(frozen=True)
class TurnBegan(Event):
    TAG: ClassVar[str] = "turn_began"
    seat: int
    extra: bool                 # one of the extra turns after the end was triggered


@dataclass(frozen=True)
class ArrowMoved(Event):
    """An arrow went from space `start` to `end` (`steps` spaces, the `k`-th tile counted); it took
    `tile` (a LandTile id). seat OPPONENT is the solo opponent."""

    TAG: ClassVar[str] = "arrow_moved"
    seat: int
    start: int
    end: int
    k: int
    uturn: bool
    tile: int


@dataclass(frozen=True)
class MarkerMoved(Event):
    TAG: ClassVar[str] = "marker_moved"
    stack: int                  # index into STACKS


@dataclass(frozen=True)
class Refilled(Event):
    """Space `space` got tile `tile` from stack `stack` (tile EMPTY: every stack was empty)."""

    TAG: ClassVar[str] = "refilled"
    space: int
    stack: int
    tile: int


@dataclass(frozen=True)
class Placed(Event):
    TAG: ClassVar[str] = "placed"
    seat: int
    tile: int
    turns: int
    q: int
    r: int


@dataclass(frozen=True)
class Discarded(Event):
    """The solo opponent discards the tile it took."""

    TAG: ClassVar[str] = "discarded"
    tile: int
    taken: int                  # tiles the opponent has taken so far


@dataclass(frozen=True)
class Skipped(Event):
    TAG: ClassVar[str] = "skipped"
    seat: int


@dataclass(frozen=True)
class EndTriggered(Event):
    TAG: ClassVar[str] = "end_triggered"
    seat: int
    full: bool                  # the seat filled its country (else: no tile fits it)


@dataclass(frozen=True)
class GameOver(Event):
    TAG: ClassVar[str] = "game_over"
    scores: tuple[int, ...]
