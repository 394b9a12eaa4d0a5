"""Combi-Nations bots. easy: a random legal move, choosing the kind of move first (so a U-turn is
not taken just because it lists more moves)."""
from __future__ import annotations

from game.core.bots import Bot
from game.core.engine import Action, View
from game.core.rng import Rng

LEVELS = ("easy",)


def make_bot(level: str, seat: int, seed: int) -> Bot:
    if level == "easy":
        return RandomBot(seat, seed)
    raise ValueError(f"no Combi-Nations bot level {level!r}; levels: {', '.join(LEVELS)}")


class RandomBot:
    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)

    def choose(self, view: View, legal: list[Action]) -> Action:
        kinds: dict[tuple[str, bool], list[Action]] = {}
        for action in legal:
            kinds.setdefault((action.TAG, bool(getattr(action, "uturn", False))), []).append(action)
        group = kinds[self.rng.choice(sorted(kinds))]
        return self.rng.choice(group)
