"""The Kabooom! Expert's two-player alpha-beta: a transposition table, ordered moves, deepened by
iteration until a count of evaluated positions, a deadline or the end of the game stops it.

The hard bot's search (game.kabooom.bot) re-searches every depth from scratch, in the same capture-
size order at every node, and throws an unfinished depth away. Here each depth starts from what the
last one learned: the table's best move of a position is tried first (moves that reach the same board
in another order are searched once), then the captures that swing the most points, killer moves and
the history of moves that cut off elsewhere. Root moves after the first get a null window (principal
variation search). When the clock stops a depth after its first root move finished, a move that beat
it is kept: it was searched as deep.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .bot import MOVE_MARGIN, _Cutoff
from .expert_eval import Frontier
from .rules import Tower, board_after

Step = tuple[int, int] | None           # a move (src, dst), or None for a pass
# (board, seat to move, passes so far): what a position's value depends on
Key = tuple[tuple[Tower, ...], int, int]
Table = dict[Key, tuple[int, float, int, Step]]   # key -> depth searched, value, EXACT/LOWER/UPPER, best
# board, offset, seat -> the finished game's value for that seat (zero-sum, two players)
Final = Callable[[Sequence[Tower], int, int], float]

EXACT, LOWER, UPPER = 0, 1, 2           # what a stored value is: the value, at least it, at most it
RESOLVED = 1 << 10                      # the stored depth of a value searched to the game's end
CLOCK_EVERY = 64                        # positions evaluated between looks at the clock
TABLE_LIMIT = 200_000                   # entries kept before the table is cleared (bounds memory)
KILLERS = 2                             # cut-off moves remembered per ply
KILLER_BONUS = 50.0                     # orders a killer after the table's move, before the rest
HISTORY_SCALE = 1e-3                    # a cut-off at depth d adds d*d of this: swings come first


@dataclass
class AlphaBeta:
    """One decision's search for two seats; `nodes` counts the positions evaluated. The `table`
    may be handed on to the next decision's search (its values depend only on the position)."""

    offset: int
    final: Final
    node_cap: int
    deadline: float | None = None
    nodes: int = 0
    exact: bool = True                  # no leaf below was cut off by the horizon (set per node)
    table: Table = field(default_factory=dict)
    killers: list[list[Step]] = field(default_factory=list)
    history: dict[tuple[int, int], float] = field(default_factory=dict)
    stoppable: bool = False             # the first depth always finishes: it is the fallback
    finished: int = 0                   # the deepest depth searched whole (for tools and tests)
    _look_at: int = 0

    def _tick(self) -> None:
        self.nodes += 1
        if not self.stoppable:
            return
        if self.nodes >= self.node_cap:
            raise _Cutoff
        if self.deadline is not None and self.nodes >= self._look_at:
            if time.perf_counter() >= self.deadline:
                raise _Cutoff
            self._look_at = self.nodes + CLOCK_EVERY

    def value_after(self, scan: Frontier, passes: int, seat: int, step: Step, depth: int,
                    alpha: float, beta: float, ply: int) -> float:
        """The value for `seat` of making `step`, searched `depth` plies in all."""
        if step is None:
            if passes + 1 >= 2:
                self._tick()
                return self.final(scan.board, self.offset, seat)
            return -self.negamax(scan, passes + 1, 1 - seat, depth - 1, -beta, -alpha, ply + 1)
        child = scan.after(*step)
        if child.over():
            self._tick()
            return self.final(child.board, self.offset, seat)
        return -self.negamax(child, 0, 1 - seat, depth - 1, -beta, -alpha, ply + 1)

    def negamax(self, scan: Frontier, passes: int, seat: int, depth: int, alpha: float,
                beta: float, ply: int) -> float:
        """The value of the position for `seat`, who is to move."""
        key = (tuple(scan.board), seat, passes)
        entry = self.table.get(key)
        tt_move: Step = None
        if entry is not None:
            e_depth, e_value, e_flag, tt_move = entry
            if e_depth >= depth and (e_flag == EXACT or (e_flag == LOWER and e_value >= beta)
                                     or (e_flag == UPPER and e_value <= alpha)):
                if e_depth < RESOLVED:
                    self.exact = False
                return e_value
        if depth == 0:
            self._tick()
            self.exact = False
            return scan.value(seat)
        alpha0 = alpha
        outer, self.exact = self.exact, True
        if depth == 1:
            best, best_step = self.frontier(scan, passes, seat, alpha, beta, tt_move)
        else:
            best, best_step = self.interior(scan, passes, seat, depth, alpha, beta, ply, tt_move)
        resolved = self.exact
        self.exact = outer and resolved
        flag = UPPER if best <= alpha0 else LOWER if best >= beta else EXACT
        self._store(key, RESOLVED if resolved else depth, best, flag, best_step)
        return best

    def frontier(self, scan: Frontier, passes: int, seat: int, alpha: float, beta: float,
                 tt_move: Step) -> tuple[float, Step]:
        """One ply left: every child is valued from this board's scan (expert_eval), unbuilt."""
        steps = self.ordered(scan, seat, None, tt_move)
        best, best_step = float("-inf"), steps[0]
        for step in steps:
            self._tick()
            if step is None:
                if passes + 1 >= 2:
                    value = self.final(scan.board, self.offset, seat)
                else:
                    self.exact = False
                    value = -scan.value(1 - seat)
            else:
                child = scan.child(*step)
                if child is None:
                    value = self.final(board_after(scan.board, *step), self.offset, seat)
                else:
                    self.exact = False
                    value = -child
            if value > best:
                best, best_step = value, step
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best, best_step

    def interior(self, scan: Frontier, passes: int, seat: int, depth: int, alpha: float,
                 beta: float, ply: int, tt_move: Step) -> tuple[float, Step]:
        steps = self.ordered(scan, seat, ply, tt_move)
        best, best_step = float("-inf"), steps[0]
        for step in steps:
            value = self.value_after(scan, passes, seat, step, depth, alpha, beta, ply)
            if value > best:
                best, best_step = value, step
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        if step is not None:
                            self._remember_cut(step, depth, ply)
                        break
        return best, best_step

    def _store(self, key: Key, depth: int, value: float, flag: int, step: Step) -> None:
        if len(self.table) >= TABLE_LIMIT:
            self.table.clear()
        self.table[key] = (depth, value, flag, step)

    def _remember_cut(self, step: tuple[int, int], depth: int, ply: int) -> None:
        self.history[step] = self.history.get(step, 0.0) + depth * depth
        while len(self.killers) <= ply:
            self.killers.append([])
        killers = self.killers[ply]
        if step not in killers:
            killers.insert(0, step)
            del killers[KILLERS:]

    def ordered(self, scan: Frontier, seat: int, ply: int | None, first: Step) -> list[Step]:
        """`seat`'s moves and its pass, most promising first: the stored best move, then by swing
        (with killers at `ply` and the history, unless `ply` is None), the pass last."""
        found = scan.captures[seat]
        steps: list[Step]
        if ply is None:
            steps = [(a, v) for _, a, v in found]
        else:
            killers = self.killers[ply] if ply < len(self.killers) else ()
            history = self.history
            scored = []
            for swing, a, v in found:
                move = (a, v)
                score = swing + HISTORY_SCALE * history.get(move, 0.0)
                if move in killers:
                    score += KILLER_BONUS
                scored.append((score, move))
            scored.sort(key=lambda sm: -sm[0])
            steps = [m for _, m in scored]
        steps.append(None)
        if first is not None and steps[0] != first and first in steps:
            steps.remove(first)
            steps.insert(0, first)
        return steps

    def root(self, board: list[Tower], passes: int, seat: int, moves: list[tuple[int, int]],
             max_depth: int) -> tuple[Step, float]:
        """The best of `moves` or the pass (None) for `seat`, deepened while the budget lasts.
        Equal swings are first tried in the order given."""
        scan = Frontier.scan(board, self.offset)
        swings = {(a, v): swing for swing, a, v in scan.captures[seat]}
        steps: list[Step] = [*sorted(moves, key=lambda m: -swings[m]), None]
        result: tuple[Step, float] | None = None
        for depth in range(1, max_depth + 1):
            self.exact = True
            self.stoppable = depth > 1
            best: Step = steps[0]
            best_value = float("-inf")
            try:
                for i, step in enumerate(steps):
                    # The pass is worth a hair more: a move must do strictly better than standing still.
                    bonus = MOVE_MARGIN if step is None else 0.0
                    if i == 0:
                        value = self.value_after(scan, passes, seat, step, depth, float("-inf"),
                                                 float("inf"), 0) + bonus
                    else:
                        floor = best_value - bonus
                        value = self.value_after(scan, passes, seat, step, depth, floor,
                                                 floor + MOVE_MARGIN, 0) + bonus
                        if value > best_value:
                            value = self.value_after(scan, passes, seat, step, depth, floor,
                                                     float("inf"), 0) + bonus
                    if value > best_value:
                        best, best_value = step, value
            except _Cutoff:
                assert result is not None
                if best_value > float("-inf") and best != steps[0]:
                    result = (best, best_value)
                break
            result = (best, best_value)
            self.finished = depth
            steps = [best, *(s for s in steps if s != best)]
            if self.exact:
                break
        assert result is not None
        return result
