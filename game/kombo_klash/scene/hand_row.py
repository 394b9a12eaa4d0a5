"""Where each tile of the viewer's hand sits on screen: the row is laid out (centred under the board)
as the turn starts, and a tile played from it leaves its place empty until the turn ends, so a second
click where the next tile was still finds it. A hand that gains tiles mid-turn (a Call, a Scatter) is
laid out anew: its tiles changed anyway.

The truth runs ahead of the shown view (a placed tile has left the truth's hand while it still flies
on screen); both ask here with their own hand and turn, and the same hand of the same turn gets the
same places."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from .layout import Layout

Turn = tuple[int, int]          # (round, seat to act): one turn


@dataclass
class _TurnRow:
    start: tuple[str, ...]                          # the hand as the turn began
    emptied: list[int] = field(default_factory=list)   # its places played from, in play order


@dataclass
class HandRow:
    layout: Layout
    _turns: dict[Turn, _TurnRow] = field(default_factory=dict)

    def slot(self, turn: Turn, hand: Sequence[str], index: int) -> pygame.Rect:
        """Where tile `index` of `hand` sits during `turn`."""
        start, places = self.places(turn, hand)
        return self.layout.hand_slot(places[index], len(start))

    def places(self, turn: Turn, hand: Sequence[str]) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """The row `hand` sits in (the turn's starting hand) and each tile's place in it."""
        hand = tuple(hand)
        row = self._row(turn, hand)
        kept = [i for i in range(len(row.start)) if i not in row.emptied]
        # the places left after the first n plays of the turn: the shown hand may lag behind the truth
        for n in range(len(row.emptied), -1, -1):
            left = [i for i in range(len(row.start)) if i not in row.emptied[:n]]
            if tuple(row.start[i] for i in left) == hand:
                return row.start, tuple(left)
        if not Counter(hand) - Counter(row.start):      # fewer tiles, none new: take them left to right
            return row.start, _matching(row.start, hand, kept)
        return hand, tuple(range(len(hand)))

    def played(self, turn: Turn, hand: Sequence[str], index: int) -> None:
        """Tile `index` of `hand` (as held before the play) left the row during `turn`."""
        start, places = self.places(turn, hand)
        row = self._row(turn, tuple(hand))
        if row.start == start and 0 <= index < len(places):
            row.emptied.append(places[index])

    def _row(self, turn: Turn, hand: tuple[str, ...]) -> _TurnRow:
        row = self._turns.get(turn)
        if row is None:
            row = self._turns[turn] = _TurnRow(hand)
            for old in [t for t in self._turns if t != turn][:-1]:   # this turn and the one before
                del self._turns[old]
        return row


def _matching(start: Sequence[str], hand: Sequence[str], prefer: Sequence[int]) -> tuple[int, ...]:
    """A place in `start` for each tile of `hand` (a sub-multiset of it, both in creature order):
    the places in `prefer` first, then the others."""
    free = list(prefer) + [i for i in range(len(start)) if i not in prefer]
    out = []
    for creature in hand:
        place = next(i for i in free if start[i] == creature)
        free.remove(place)
        out.append(place)
    return tuple(out)
