"""Kombo Klash! bots. They decide from a seat's view (their own hand, the board as they may see it)
and the legal list, never from the state.

- easy: random-legal. It first picks what kind of thing to do (place a tile, score a Kombo, end the
  turn) and then one action of that kind, so it scores and ends turns as often as it places.
"""
from __future__ import annotations

from game.core.bots import Bot
from game.core.engine import Action, View
from game.core.rng import Rng

LEVELS = ("easy",)


def make_bot(level: str, seat: int, seed: int) -> Bot:
    if level == "easy":
        return RandomBot(seat, seed)
    raise ValueError(f"no Kombo Klash! bot level {level!r}; levels: {', '.join(LEVELS)}")


class RandomBot:
    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)

    def choose(self, view: View, legal: list[Action]) -> Action:
        kinds: dict[str, list[Action]] = {}
        for action in legal:
            kinds.setdefault(action.TAG, []).append(action)
        return self.rng.choice(kinds[self.rng.choice(sorted(kinds))])
