"""What the Kombo Klash! screen shows of the game while events play out: the *display table*.

The scene advances it event by event as each animation lands, so a burst of steps (a quick bot)
still plays out one move at a time; whenever nothing is animating it is reset to the latest view,
the truth. Only the viewer's own hand is ever held here: other hands are counts.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .choices import creature_order


@dataclass
class Table:
    board: list[str | None]      # 25: None empty (and the centre), "?" face down, else the creature
    hand: list[str]              # the viewer's hand, in creature order ([] for no viewer)
    counts: list[int]            # tiles in each seat's hand
    scores: list[int]
    draw: int
    discard: int
    turn: int
    round: int
    scored: bool                 # the seat to play has scored its Kombo this turn

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> Table:
        return cls(list(view["board"]), [str(c) for c in view["hand"]], [int(c) for c in view["hand_counts"]],
                   [int(s) for s in view["scores"]], int(view["draw_count"]), int(view["discard_count"]),
                   int(view["turn"]), int(view["round"]), bool(view["scored"]))

    def insert(self, creature: str) -> int:
        """Put a tile into the viewer's hand where the view would list it; returns its index."""
        order = creature_order(creature)
        index = next((i for i, c in enumerate(self.hand) if creature_order(c) > order), len(self.hand))
        self.hand.insert(index, creature)
        return index

    def take(self, creature: str) -> int:
        """Take a tile of `creature` out of the viewer's hand; returns the index it was at (-1: none)."""
        if creature in self.hand:
            index = self.hand.index(creature)
            del self.hand[index]
            return index
        return -1
