"""KOMBIO bots. They decide from a seat's view and the legal list only, never from the state.

- easy: random-legal among its obligations (its turn, a choice it owes); it never slaps.
"""
from __future__ import annotations

from game.core.bots import Bot
from game.core.engine import Action, View
from game.core.rng import Rng

LEVELS = ("easy",)


def make_bot(level: str, seat: int, seed: int) -> Bot:
    if level == "easy":
        return RandomBot(seat, seed)
    raise ValueError(f"no KOMBIO bot level {level!r}; levels: {', '.join(LEVELS)}")


class RandomBot:
    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)

    def choose(self, view: View, legal: list[Action]) -> Action:
        duties = [a for a in legal if a.TAG != "slap"]
        return self.rng.choice(duties or legal)
