"""Kombo Klash!'s events: what happened, for screens, sounds, the move log and each seat's view.

Squares are tile spaces; creatures are names ("" where the tile is face down). A `Drew` names the tiles
only for the seat that drew them (`KomboKlashEngine.redact` takes them out of everyone else's copy).
Three events change a hand whose contents only its seat sees (`Placed`, `Hypnotised`,
`HandDiscarded`): the copy redacted for that seat says so (`yours`), so that a view, which holds its
viewer's hand but not its viewer's seat, can be folded forward by them (game.kombo_klash.view).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.core.engine import Event, Termination


@dataclass(frozen=True)
class CornersDealt(Event):
    TAG: ClassVar[str] = "corners"
    creatures: tuple[str, ...]        # on CORNERS, in order


@dataclass(frozen=True)
class Drew(Event):
    """A seat drew `count` tiles; `tiles` names them for that seat only (redacted to () for others)."""

    TAG: ClassVar[str] = "drew"
    seat: int
    count: int
    tiles: tuple[str, ...]
    reason: str                       # "deal", "redraw", "call", "scatter", "refill", "empty_hand"


@dataclass(frozen=True)
class HandDiscarded(Event):
    """A seat's whole hand went face down to the discard pile (a redraw or a Scatter)."""

    TAG: ClassVar[str] = "hand_discarded"
    seat: int
    count: int
    yours: bool = False               # the copy its seat sees (redact): the viewer's own hand changed


@dataclass(frozen=True)
class Kept(Event):
    TAG: ClassVar[str] = "kept"
    seat: int


@dataclass(frozen=True)
class Placed(Event):
    TAG: ClassVar[str] = "placed"
    seat: int
    creature: str
    square: int
    trigger: bool
    yours: bool = False               # the copy its seat sees (redact): the viewer's own hand changed


@dataclass(frozen=True)
class Howled(Event):
    TAG: ClassVar[str] = "howled"
    seat: int
    points: int


@dataclass(frozen=True)
class Hypnotised(Event):
    """The Snake on `square` took the face-up tile that was there into the seat's hand."""

    TAG: ClassVar[str] = "hypnotised"
    seat: int
    square: int
    creature: str
    yours: bool = False               # the copy its seat sees (redact): the viewer's own hand changed


@dataclass(frozen=True)
class Kicked(Event):
    TAG: ClassVar[str] = "kicked"
    seat: int
    src: int
    dst: int
    creature: str                     # "" for a face-down tile


@dataclass(frozen=True)
class Swamped(Event):
    TAG: ClassVar[str] = "swamped"
    seat: int
    squares: tuple[int, ...]
    creatures: tuple[str, ...]
    points: int


@dataclass(frozen=True)
class Revived(Event):
    TAG: ClassVar[str] = "revived"
    seat: int
    square: int
    creature: str


@dataclass(frozen=True)
class Scored(Event):
    TAG: ClassVar[str] = "scored"
    seat: int
    creature: str                     # the creature the Kombo counts as
    squares: tuple[int, ...]
    points: int


@dataclass(frozen=True)
class BoardCleared(Event):
    """The board was full: these tiles went face down to the discard pile."""

    TAG: ClassVar[str] = "cleared"
    squares: tuple[int, ...]
    all_face_up: bool                 # every tile was face up: all but the corners went


@dataclass(frozen=True)
class Reshuffled(Event):
    TAG: ClassVar[str] = "reshuffled"
    count: int


@dataclass(frozen=True)
class TurnBegan(Event):
    TAG: ClassVar[str] = "turn"
    seat: int
    round: int


@dataclass(frozen=True)
class RoundEnded(Event):
    """A round ended; `next_seats` play the next one (all seats, or the tied leaders)."""

    TAG: ClassVar[str] = "round_ended"
    round: int
    next_seats: tuple[int, ...]


@dataclass(frozen=True)
class TieBreak(Event):
    TAG: ClassVar[str] = "tie_break"
    seats: tuple[int, ...]
    score: int


@dataclass(frozen=True)
class GameOver(Event):
    TAG: ClassVar[str] = "over"
    termination: Termination


EVENTS = (CornersDealt, Drew, HandDiscarded, Kept, Placed, Howled, Hypnotised, Kicked, Swamped, Revived,
          Scored, BoardCleared, Reshuffled, TurnBegan, RoundEnded, TieBreak, GameOver)
