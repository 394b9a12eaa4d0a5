"""What one Kombo Klash! seat knows beyond its view, kept from its own events: the face of every tile
that went face down while it watched (a scored Kombo, a Swamp), followed when kicked, and a tile a
rival's Snake hypnotised into that rival's hand, until the rival plays that creature or discards.

Every tile reaches the board face up (a corner, a placement), so a seat that watched the whole game
knows every face-down tile on the board, as a player with a perfect memory would: the rulebook
forbids looking at a face-down tile, not remembering one. The Expert plays on this
(game.kombo_klash.expert), and a search deals with it (game.kombo_klash.determinise).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.core.engine import Event

from .events import BoardCleared, HandDiscarded, Hypnotised, Kicked, Placed, Revived, Scored, Swamped
from .view import KomboView, fold


@dataclass
class Memory:
    """The seat's memories, kept from its own events (`observe`) folded into the last view it was
    shown (`look`)."""

    seat: int
    view: KomboView | None = None
    down: dict[int, str] = field(default_factory=dict)          # face-down square -> its creature
    held: dict[int, list[str]] = field(default_factory=dict)    # rival seat -> creatures in hand

    def look(self, view: KomboView) -> None:
        """The view the seat is shown now; memories it contradicts are dropped."""
        self.view = view
        self.down = {sq: name for sq, name in self.down.items() if view.board[sq] == "?"}
        for seat, names in list(self.held.items()):
            if len(names) > view.hand_counts[seat]:
                self.held[seat] = names[:view.hand_counts[seat]]

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:
            self._remember(event)
            if self.view is not None:
                self.view = fold(self.view, event)

    def _remember(self, event: Event) -> None:
        if isinstance(event, Swamped):
            self.down.update(zip(event.squares, event.creatures, strict=True))
        elif isinstance(event, Scored):
            # a Chameleon in the Kombo is named by the board, not by the creature the Kombo counts as
            board = self.view.board if self.view is not None else ()
            for sq in event.squares:
                name = board[sq] if board else None
                if name is not None and name != "?":
                    self.down[sq] = name
        elif isinstance(event, Kicked):
            if event.src in self.down:
                self.down[event.dst] = self.down.pop(event.src)
        elif isinstance(event, BoardCleared):
            for sq in event.squares:
                self.down.pop(sq, None)
        elif isinstance(event, Revived):
            self.down.pop(event.square, None)
        elif isinstance(event, Hypnotised):
            if event.seat != self.seat:
                self.held.setdefault(event.seat, []).append(event.creature)
        elif isinstance(event, Placed):
            names = self.held.get(event.seat)
            if names and event.creature in names:
                names.remove(event.creature)
        elif isinstance(event, HandDiscarded):
            self.held.pop(event.seat, None)


__all__ = ["Memory"]
