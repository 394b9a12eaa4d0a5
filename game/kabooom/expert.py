"""Kabooom!'s Expert: a deeper, better-ordered alpha-beta than the hard bot's, within a time budget.

Kabooom! has no secrets (game.kabooom.determinise: the view is the state), so the shared
information-set search (game.core.search) has nothing to sample, and measured against the hard bot it
lost: Monte Carlo tree search with the hard bot's evaluation at its leaves, 1,000 iterations a
decision, won 10-25% of 10-game samples, while the same alpha-beta searched to six plies won 80%
(tools/tournament.py). A game of a few dozen captures, each of which can swing a tower, rewards
exact tactics; sampled playouts blur them. So the Expert searches two-player captures with
game.kabooom.expert_search: a transposition table kept between decisions, move ordering and leaves
valued from their parent's scan (game.kabooom.expert_eval) reach several plies deeper than the hard
bot in the same time, stopped by the clock (or, for reproducible tests, by a count of positions
evaluated). With more players, and for placing counters, it plays as the hard bot does.

Measured (tools/tournament.py --levels expert,hard, two players, every difficulty): with 30,000
positions a decision, about what 0.45 s of one core evaluates, the Expert won 72.8% of 200 games
[95% 66.2-78.4%] (seed 500); the old Expert, the hard search to eight plies, won 64.5% of 100.
"""
from __future__ import annotations

import time
from collections.abc import Sequence

from game.core.engine import Action, View
from game.core.search import Budget

from .bot import SearchBot, _decode_moves, final_values, relative
from .expert_search import AlphaBeta, Table
from .rules import TABLE, Move, Tower, state_from_view

EXPERT_BUDGET = Budget(seconds=0.45)
EXPERT_DEPTH = 40            # plies at most: in practice the budget or the game's end stops it
UNCAPPED = 1 << 40           # the node cap when only the clock bounds the search


def final_value(board: Sequence[Tower], offset: int, seat: int) -> float:
    return relative(final_values(board, 2, offset), seat)


class ExpertBot(SearchBot):
    """Two players: game.kabooom.expert_search within `budget` (seconds, or positions evaluated as
    its `iterations`). More players, and placing: the hard bot, capped by the same count."""

    max_depth = EXPERT_DEPTH

    def __init__(self, seat: int, seed: int, budget: Budget = EXPERT_BUDGET) -> None:
        super().__init__(seat, seed)
        self.budget = budget
        # Kept from one decision to the next: the last search already valued many of the positions
        # two plies on (a value depends only on the position, never on the path to it).
        self.table: Table = {}
        self.last_depth = 0          # plies the last two-player capture decision searched whole

    def choose(self, view: View, legal: list[Action]) -> Action:
        budget = self.budget
        self.node_cap = budget.iterations if budget.iterations is not None else UNCAPPED
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        if view.phase != "capture" or view.players != 2:
            return super().choose(view, legal)
        moves, pass_ = _decode_moves(legal)
        assert pass_ is not None, "a Kabooom! seat in the capture phase may always pass"
        if not moves:
            return pass_
        state = state_from_view(view)
        search = AlphaBeta(TABLE.offset[state.difficulty], final_value, self.node_cap,
                           deadline, table=self.table)
        # Shuffled first so that equal moves are tried in an order set by the bot's seed.
        moves = list(moves)
        self.rng.shuffle(moves)
        step, _ = search.root(state.board, state.passes, self.seat, [(m.src, m.dst) for m in moves],
                              self.max_depth)
        self.last_nodes, self.last_depth = search.nodes, search.finished
        return pass_ if step is None else Move(self.seat, *step)
