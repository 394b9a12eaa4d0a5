"""Kombo Klash! bots, by level. They decide from a seat's view (their own hand, the board as they may
see it: "?" for a face-down tile) and the legal list, never from the state.

- easy:   random-legal. It first picks what kind of thing to do (place a tile, score a Kombo, end the
          turn) and then one action of that kind, so it scores and ends turns as often as it places.
- medium: greedy over its own turn (game.kombo_klash.greedy), on a light model of the board and the
          hand (game.kombo_klash.model) judged by an evaluation in points (game.kombo_klash.outlook).
- hard:   the medium bot's best few choices looked at one action further (game.kombo_klash.planner).
- expert: the hard bot's planner looking one action further, on weights tuned against hard, and
          remembering every tile it saw go face down (game.kombo_klash.expert).
"""
from __future__ import annotations

from game.core.bots import LEVELS, Bot, random_by_kind
from game.core.engine import Action
from game.core.rng import Rng

from .expert import ExpertBot
from .greedy import GreedyBot
from .planner import PlannerBot
from .view import KomboView


def make_bot(level: str, seat: int, seed: int) -> Bot:
    if level == "easy":
        return RandomBot(seat, seed)
    if level == "medium":
        return GreedyBot(seat, seed)
    if level == "hard":
        return PlannerBot(seat, seed)
    if level == "expert":
        return ExpertBot(seat, seed)
    raise ValueError(f"no Kombo Klash! bot level {level!r}; levels: {', '.join(LEVELS)}")


class RandomBot:
    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)

    def choose(self, view: KomboView, legal: list[Action]) -> Action:
        return random_by_kind(legal, self.rng)
