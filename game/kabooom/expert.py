"""Kabooom!'s Expert: the hard bot's alpha-beta, deepened as far as a time budget allows.

Kabooom! has no secrets (game.kabooom.determinise: the view is the state), so the shared
information-set search (game.core.search) has nothing to sample, and measured against the hard bot it
lost: Monte Carlo tree search with the hard bot's evaluation at its leaves, 1,000 iterations a
decision, won 10-25% of 10-game samples, while the same alpha-beta searched to six plies won 80%
(tools/tournament.py). A game of a few dozen captures, each of which can swing a tower, rewards
exact tactics; sampled playouts blur them. So the Expert is the hard bot's search with a deeper
horizon, stopped by the clock (or, for reproducible tests, by a count of positions evaluated);
placing counters stays the hard bot's judgement of a square.
"""
from __future__ import annotations

import time

from game.core.engine import Action, View
from game.core.search import Budget

from .bot import SearchBot, _Cutoff, _Search
from .rules import Tower

EXPERT_BUDGET = Budget(seconds=0.45)
EXPERT_DEPTH = 8             # plies at most (a deadline or the count stops it sooner)
CLOCK_EVERY = 64             # positions evaluated between looks at the clock
UNCAPPED = 1 << 40           # the node cap when only the clock bounds the search


class ExpertBot(SearchBot):
    """SearchBot, iteratively deepened to EXPERT_DEPTH within `budget` (seconds, or positions
    evaluated as its `iterations`); an unfinished depth is thrown away, as the hard bot does."""

    max_depth = EXPERT_DEPTH

    def __init__(self, seat: int, seed: int, budget: Budget = EXPERT_BUDGET) -> None:
        super().__init__(seat, seed)
        self.budget = budget
        self._deadline: float | None = None
        self._look_at = 0            # the node count at which the clock is next read

    def choose(self, view: View, legal: list[Action]) -> Action:
        budget = self.budget
        self.node_cap = budget.iterations if budget.iterations is not None else UNCAPPED
        self._deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        self._look_at = 0
        return super().choose(view, legal)

    def _negamax(self, search: _Search, board: list[Tower], passes: int, seat: int, depth: int,
                 alpha: float, beta: float) -> float:
        if self._deadline is not None and search.nodes >= self._look_at:
            if time.perf_counter() >= self._deadline:
                raise _Cutoff
            self._look_at = search.nodes + CLOCK_EVERY
        return super()._negamax(search, board, passes, seat, depth, alpha, beta)
