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
from game.core.seats import seat_name

from .actions import squares_text
from .tables import square_name


@dataclass(frozen=True)
class CornersDealt(Event):
    TAG: ClassVar[str] = "corners"
    creatures: tuple[str, ...]        # on CORNERS, in order

    def __str__(self) -> str:
        return "Corner tiles: " + ", ".join(self.creatures)


@dataclass(frozen=True)
class Drew(Event):
    """A seat drew `count` tiles; `tiles` names them for that seat only (redacted to () for others)."""

    TAG: ClassVar[str] = "drew"
    seat: int
    count: int
    tiles: tuple[str, ...]
    reason: str                       # "deal", "redraw", "call", "scatter", "refill", "empty_hand"

    def __str__(self) -> str:
        what = f": {', '.join(self.tiles)}" if self.tiles else ""
        return f"{seat_name(self.seat)} drew {self.count} tile{'s' if self.count != 1 else ''}{what}"


@dataclass(frozen=True)
class HandDiscarded(Event):
    """A seat's whole hand went face down to the discard pile (a redraw or a Scatter)."""

    TAG: ClassVar[str] = "hand_discarded"
    seat: int
    count: int
    yours: bool = False               # the copy its seat sees (redact): the viewer's own hand changed

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} discarded {self.count} tiles"


@dataclass(frozen=True)
class Kept(Event):
    TAG: ClassVar[str] = "kept"
    seat: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} kept the starting hand"


@dataclass(frozen=True)
class Placed(Event):
    TAG: ClassVar[str] = "placed"
    seat: int
    creature: str
    square: int
    trigger: bool
    yours: bool = False               # the copy its seat sees (redact): the viewer's own hand changed

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} played {self.creature} on {square_name(self.square)}"


@dataclass(frozen=True)
class Howled(Event):
    TAG: ClassVar[str] = "howled"
    seat: int
    points: int

    def __str__(self) -> str:
        return f"{seat_name(self.seat)}'s Wolf howled: +{self.points}"


@dataclass(frozen=True)
class Hypnotised(Event):
    """The Snake on `square` took the face-up tile that was there into the seat's hand."""

    TAG: ClassVar[str] = "hypnotised"
    seat: int
    square: int
    creature: str
    yours: bool = False               # the copy its seat sees (redact): the viewer's own hand changed

    def __str__(self) -> str:
        return f"{seat_name(self.seat)}'s Snake hypnotised the {self.creature} on {square_name(self.square)}"


@dataclass(frozen=True)
class Kicked(Event):
    TAG: ClassVar[str] = "kicked"
    seat: int
    src: int
    dst: int
    creature: str                     # "" for a face-down tile

    def __str__(self) -> str:
        what = self.creature or "a face-down tile"
        return f"{seat_name(self.seat)} kicked {what} {square_name(self.src)}→{square_name(self.dst)}"


@dataclass(frozen=True)
class Swamped(Event):
    TAG: ClassVar[str] = "swamped"
    seat: int
    squares: tuple[int, ...]
    creatures: tuple[str, ...]
    points: int

    def __str__(self) -> str:
        return (f"{seat_name(self.seat)} swamped {', '.join(self.creatures)} on "
                f"{squares_text(self.squares)}: +{self.points}")


@dataclass(frozen=True)
class Revived(Event):
    TAG: ClassVar[str] = "revived"
    seat: int
    square: int
    creature: str

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} revived a {self.creature} on {square_name(self.square)}"


@dataclass(frozen=True)
class Scored(Event):
    TAG: ClassVar[str] = "scored"
    seat: int
    creature: str                     # the creature the Kombo counts as
    squares: tuple[int, ...]
    points: int

    def __str__(self) -> str:
        return (f"{seat_name(self.seat)} scored a Kombo of {len(self.squares)} {self.creature}s: "
                f"+{self.points}")


@dataclass(frozen=True)
class BoardCleared(Event):
    """The board was full: these tiles went face down to the discard pile."""

    TAG: ClassVar[str] = "cleared"
    squares: tuple[int, ...]
    all_face_up: bool                 # every tile was face up: all but the corners went

    def __str__(self) -> str:
        return f"The board was full: {len(self.squares)} tiles went to the discard pile"


@dataclass(frozen=True)
class Reshuffled(Event):
    TAG: ClassVar[str] = "reshuffled"
    count: int

    def __str__(self) -> str:
        return f"The discard pile ({self.count} tiles) was shuffled into a new draw pile"


@dataclass(frozen=True)
class TurnBegan(Event):
    TAG: ClassVar[str] = "turn"
    seat: int
    round: int

    def __str__(self) -> str:
        return f"Round {self.round}: {seat_name(self.seat)} to play"


@dataclass(frozen=True)
class RoundEnded(Event):
    """A round ended; `next_seats` play the next one (all seats, or the tied leaders)."""

    TAG: ClassVar[str] = "round_ended"
    round: int
    next_seats: tuple[int, ...]

    def __str__(self) -> str:
        return f"Round {self.round} ended"


@dataclass(frozen=True)
class TieBreak(Event):
    TAG: ClassVar[str] = "tie_break"
    seats: tuple[int, ...]
    score: int

    def __str__(self) -> str:
        names = " and ".join(seat_name(s) for s in self.seats)
        return f"{names} are tied on {self.score}: they play one more round"


@dataclass(frozen=True)
class GameOver(Event):
    TAG: ClassVar[str] = "over"
    termination: Termination

    def __str__(self) -> str:
        return f"game over: {self.termination.text}"


EVENTS = (CornersDealt, Drew, HandDiscarded, Kept, Placed, Howled, Hypnotised, Kicked, Swamped, Revived,
          Scored, BoardCleared, Reshuffled, TurnBegan, RoundEnded, TieBreak, GameOver)
