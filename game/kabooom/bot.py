"""Kabooom! bots. They see only a view (perfect information: the whole board) and the legal list.

- easy:   a random legal action.
- medium: greedy one-ply: the move whose resulting position evaluates best; passes when no move
          beats standing still.
- hard:   searches. Two players: alpha-beta over moves and passes, deepening from 2 to 4 plies.
          Three or four: every move, then each other seat's own best one-ply reply in turn order,
          judged where the turn comes back. The search is capped by a count of evaluated
          positions, never by the clock, so a bot with a given seed always plays the same game.
- expert: a deeper alpha-beta (transposition table, move ordering) within a time budget
          (game.kabooom.expert).

The evaluation gives every seat its points, a little for height that does not score yet (Medium and
Hard), and part of the best capture it can make now (more for the seat about to move). A position
where the game is over is worth its result: a win outranks any lead in points.

Placing (Medium and Hard setup) is judged locally: attack enemy counters next to the square, do not
stand next to one that takes you, sit next to your own (towers score more than singles), Dynamite
where it has many enemy targets. The hard bot also looks at the next seat's best answer.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.bots import LEVELS, Bot
from game.core.engine import Action, View
from game.core.loader import load
from game.core.rng import Rng

from .rules import (
    BOARD_SQUARES,
    DYNAMITE,
    NEIGHBOURS,
    SYM_INDEX,
    TABLE,
    TAKES,
    KabooomState,
    Move,
    Pass,
    Place,
    Tower,
    any_move,
    board_after,
    move_list,
    state_from_view,
)

# Evaluation weights (tuned in bot-vs-bot games; see tools/bench).
HEIGHT_POTENTIAL = 0.15      # per counter under an own non-Dynamite top, on top of its points
DYNAMITE_VALUE = 0.3         # an own Dynamite is a weapon kept for later
CHANCE_TO_MOVE = 0.7         # share of its best capture the seat about to move is credited
CHANCE_WAITING = 0.3         # share for the seats that move later (the position may change)
WIN_VALUE = 1000.0           # a finished game won outranks every lead in points
MOVE_MARGIN = 1e-6           # a move must beat passing by more than this to be played
HARD_NODE_CAP = 4000         # positions evaluated per hard decision (bounds its worst case)
DEEPEN_GROWTH = 3            # a search one ply deeper costs about this many times more

# Placement weights.
PLACE_ATTACK = 1.0           # my new counter may take an enemy neighbour
PLACE_EXPOSED = 1.3          # an enemy neighbour may take my new counter
PLACE_EMPTY = 0.05           # an empty neighbour: room to manoeuvre
PLACE_DYNAMITE_ATTACK = 0.45  # Dynamite threatens everything, but is spent when used
PLACE_MERGE = (0.1, 0.6, 0.8)  # next to an own counter it can join: by offset 0/1/2
PLACE_SHORTLIST = 24         # placements the hard bot checks against the next seat's answer


def make_bot(level: str, seat: int, seed: int) -> Bot:
    if level == "easy":
        return RandomBot(seat, seed)
    if level == "medium":
        return GreedyBot(seat, seed)
    if level == "hard":
        return SearchBot(seat, seed)
    if level == "expert":
        # by path: the Expert builds on this module's bots, so importing it here would be a cycle
        expert: Bot = load("game.kabooom.expert:ExpertBot")(seat, seed)
        return expert
    raise ValueError(f"no Kabooom! bot level {level!r}; levels: {', '.join(LEVELS)}")


class RandomBot:
    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)   # the game's generator: stable across Python versions

    def choose(self, view: View, legal: list[Action]) -> Action:
        return self.rng.choice(legal)


# -- evaluation -----------------------------------------------------------------------------------


# POINTS[offset][height]: a tower's points (a table: the evaluation looks these up very often).
POINTS = tuple(tuple(max(0, h - off) for h in range(64)) for off in range(3))


def _points(height: int, offset: int) -> int:
    return POINTS[offset][height]


def evaluate(board: Sequence[Tower], players: int, offset: int, to_move: int) -> list[float]:
    """A value per seat for a position in the capture phase (higher is better for that seat)."""
    value = [0.0] * players
    best = [0.0] * players
    points = POINTS[offset]
    # Tops and heights first: the neighbour loop below then reads two flat lists (this function is
    # most of the hard bot's time).
    tops = [-1] * 25
    heights = [0] * 25
    occupied = []
    for sq in BOARD_SQUARES:
        tower = board[sq]
        if tower:
            tops[sq] = tower[-1]
            heights[sq] = len(tower)
            occupied.append(sq)
    for sq in occupied:
        top = tops[sq]
        owner, sym, height = top >> 2, top & 3, heights[sq]
        if sym == DYNAMITE:
            value[owner] += DYNAMITE_VALUE
            base = -DYNAMITE_VALUE
        else:
            value[owner] += points[height] + HEIGHT_POTENTIAL * height
            base = -points[height]
        mask = TAKES[sym]
        swing_best = best[owner]
        for n in NEIGHBOURS[sq]:
            victim_top = tops[n]
            if victim_top < 0 or not mask >> (victim_top & 3) & 1:
                continue
            vh = heights[n]
            lost = 0 if victim_top & 3 == DYNAMITE else points[vh]
            gain = base if sym == DYNAMITE else base + points[height + vh]
            # Joining own towers counts only what it adds (Medium and Hard); a capture counts both
            # what the mover gains and what the victim loses.
            swing = gain - lost if victim_top >> 2 == owner else gain + lost
            if swing > swing_best:
                swing_best = swing
        best[owner] = swing_best
    for seat in range(players):
        value[seat] += best[seat] * (CHANCE_TO_MOVE if seat == to_move else CHANCE_WAITING)
    return value


def final_values(board: Sequence[Tower], players: int, offset: int) -> list[float]:
    scores = [0] * players
    for tower in board:
        if tower and tower[-1] & 3 != DYNAMITE:
            scores[tower[-1] >> 2] += _points(len(tower), offset)
    top = max(scores)
    winners = [s for s in range(players) if scores[s] == top]
    return [scores[s] + (WIN_VALUE / len(winners) if s in winners else 0.0) for s in range(players)]


def relative(values: Sequence[float], seat: int) -> float:
    """How good for `seat`: its value against the leader and the field of the others."""
    others = [v for i, v in enumerate(values) if i != seat]
    return values[seat] - 0.5 * max(others) - 0.5 * sum(others) / len(others)


@dataclass
class _Search:
    """One decision's search: the fixed facts and the count of positions evaluated."""

    players: int
    offset: int
    nodes: int = 0

    def leaf(self, board: list[Tower], to_move: int, over: bool) -> list[float]:
        self.nodes += 1
        if over:
            return final_values(board, self.players, self.offset)
        return evaluate(board, self.players, self.offset, to_move)

    def step(self, board: list[Tower], passes: int, seat: int,
             move: tuple[int, int] | None) -> tuple[list[Tower], int, bool]:
        """The position after `seat` moves (or passes, move None): board, passes, game over."""
        if move is None:
            return board, passes + 1, passes + 1 >= self.players
        new = board_after(board, *move)
        return new, 0, not any_move(new)

    def greedy(self, board: list[Tower], passes: int, seat: int) -> tuple[list[Tower], int, bool]:
        """`seat`'s best one-ply answer, judged by its own evaluation; ties go to the first found."""
        nxt = (seat + 1) % self.players
        best: tuple[list[Tower], int, bool] | None = None
        best_value = float("-inf")
        options: list[tuple[int, int] | None] = [None, *move_list(board, seat)]
        for move in options:
            pos = self.step(board, passes, seat, move)
            value = relative(self.leaf(pos[0], nxt, pos[2]), seat)
            if value > best_value + MOVE_MARGIN:
                best, best_value = pos, value
        assert best is not None
        return best


def _decode_moves(legal: list[Action]) -> tuple[list[Move], Pass | None]:
    moves = [a for a in legal if isinstance(a, Move)]
    passes = [a for a in legal if isinstance(a, Pass)]
    return moves, passes[0] if passes else None


class GreedyBot:
    """One ply: the move (or pass) whose position evaluates best for this seat."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)   # the game's generator: stable across Python versions

    def choose(self, view: View, legal: list[Action]) -> Action:
        if view.phase == "place":
            return self._place(view, legal)
        moves, pass_ = _decode_moves(legal)
        if not moves:
            assert pass_ is not None, "a Kabooom! seat in the capture phase may always pass"
            return pass_
        state = state_from_view(view)
        search = _Search(state.players, TABLE.offset[state.difficulty])
        scored = self._score(search, state.board, state.passes, moves)
        pass_value = self._value(search, state.board, state.passes, None) if pass_ else None
        top = max(v for v, _ in scored)
        if pass_ is not None and pass_value is not None and pass_value >= top - MOVE_MARGIN:
            return pass_
        # Equal moves are broken by the bot's own seeded generator, so bots differ between seeds.
        best = [m for v, m in scored if v >= top - MOVE_MARGIN]
        return self.rng.choice(best)

    def _value(self, search: _Search, board: list[Tower], passes: int, move: Move | None) -> float:
        """The position after `move` (None: a pass), one ply deep, for this seat."""
        key = None if move is None else (move.src, move.dst)
        pos = search.step(board, passes, self.seat, key)
        return relative(search.leaf(pos[0], (self.seat + 1) % search.players, pos[2]), self.seat)

    def _score(self, search: _Search, board: list[Tower], passes: int,
               moves: list[Move]) -> list[tuple[float, Move]]:
        return [(self._value(search, board, passes, move), move) for move in moves]

    # -- placing --

    def _place(self, view: View, legal: list[Action]) -> Action:
        state = state_from_view(view)
        offset = TABLE.offset[state.difficulty]
        board = state.board
        scored = [(place_score(board, self.seat, a.square, SYM_INDEX[a.symbol], offset), a)
                  for a in legal if isinstance(a, Place)]
        scored = self._refine_places(scored, state, offset)
        top = max(v for v, _ in scored)
        best = [a for v, a in scored if v >= top - MOVE_MARGIN]
        return self.rng.choice(best)

    def _refine_places(self, scored: list[tuple[float, Place]], state: KabooomState,
                       offset: int) -> list[tuple[float, Place]]:
        """A hook for deeper bots; one ply keeps the local scores."""
        return scored


def _capture_size(board: Sequence[Tower], move: tuple[int, int], seat: int) -> int:
    target = board[move[1]]
    return len(target) if target[-1] >> 2 != seat else 0


def place_score(board: Sequence[Tower], seat: int, sq: int, sym: int, offset: int) -> float:
    """How good placing `sym` of `seat` on the empty square `sq` looks, from its neighbours."""
    score = 0.0
    mine = TAKES[sym]
    for n in NEIGHBOURS[sq]:
        tower = board[n]
        if not tower:
            score += PLACE_EMPTY
            continue
        top = tower[-1]
        other, theirs = top >> 2, top & 3
        if other == seat:
            if sym != DYNAMITE and theirs != DYNAMITE and (mine >> theirs & 1 or TAKES[theirs] >> sym & 1):
                score += PLACE_MERGE[offset]
            continue
        if mine >> theirs & 1:
            score += PLACE_DYNAMITE_ATTACK if sym == DYNAMITE else PLACE_ATTACK
        if TAKES[theirs] >> sym & 1:
            score -= PLACE_EXPOSED
    return score


class _Cutoff(Exception):
    """The node cap was reached: the deepening keeps the last depth it finished."""


class SearchBot(GreedyBot):
    """Two players: alpha-beta to growing depth. Three or four: every move, then each other seat's
    best one-ply reply in turn order (max-n with greedy opponents).

    Both are capped by positions evaluated, so the worst case is bounded and the play deterministic.
    """

    node_cap = HARD_NODE_CAP
    max_depth = 4
    last_nodes = 0          # positions evaluated by the last capture-phase decision (for tests)

    def choose(self, view: View, legal: list[Action]) -> Action:
        if view.phase == "place":
            return self._place(view, legal)
        moves, pass_ = _decode_moves(legal)
        if not moves:
            assert pass_ is not None, "a Kabooom! seat in the capture phase may always pass"
            return pass_
        assert pass_ is not None
        state = state_from_view(view)
        search = _Search(state.players, TABLE.offset[state.difficulty])
        # Shuffle first, then sort by the one-ply value (a stable sort): equal moves are tried in
        # an order set by the bot's seed, and the cap, if it bites, cuts the least promising ones.
        moves = list(moves)
        self.rng.shuffle(moves)
        first = self._score(search, state.board, state.passes, moves)
        first.sort(key=lambda vm: -vm[0])
        ordered = [m for _, m in first]
        if state.players == 2:
            pass_value, best, best_value = self._deepen(search, state.board, state.passes, ordered)
        else:
            pass_value, best, best_value = self._chain(search, state.board, state.passes, ordered)
        self.last_nodes = search.nodes
        # Pass unless some move does strictly better than standing still.
        return best if best is not None and best_value > pass_value + MOVE_MARGIN else pass_

    # -- more than two players: every move, then each other seat's greedy reply --

    def _chain(self, search: _Search, board: list[Tower], passes: int,
               ordered: list[Move]) -> tuple[float, Move | None, float]:
        pass_value = self._after_replies(search, board, passes, None)
        best, best_value = None, float("-inf")
        for move in ordered:
            if best is not None and search.nodes >= self.node_cap:
                break
            value = self._after_replies(search, board, passes, (move.src, move.dst))
            if value > best_value:
                best, best_value = move, value
        return pass_value, best, best_value

    def _after_replies(self, search: _Search, board: list[Tower], passes: int,
                       move: tuple[int, int] | None) -> float:
        n = search.players
        board, passes, over = search.step(board, passes, self.seat, move)
        seat = (self.seat + 1) % n
        while not over and seat != self.seat:
            board, passes, over = search.greedy(board, passes, seat)
            seat = (seat + 1) % n
        return relative(search.leaf(board, self.seat, over), self.seat)

    # -- two players: alpha-beta, deepening while the node cap allows --

    def _deepen(self, search: _Search, board: list[Tower], passes: int,
                ordered: list[Move]) -> tuple[float, Move | None, float]:
        result: tuple[float, Move | None, float] | None = None
        for depth in range(2, self.max_depth + 1):
            started = search.nodes
            try:
                pass_value = self._root_value(search, board, passes, None, depth, float("-inf"))
                best, best_value = None, float("-inf")
                alpha = pass_value
                for move in ordered:
                    value = self._root_value(search, board, passes, move, depth, alpha)
                    if value > alpha:
                        alpha = value
                        best, best_value = move, value
            except _Cutoff:
                if result is not None:
                    break
                return self._chain(search, board, passes, ordered)   # shallow, always finishes
            result = (pass_value, best, best_value)
            if best is not None:
                ordered = [best, *(m for m in ordered if m is not best)]
            # A deeper pass costs several times the last one: skip it when it cannot finish, rather
            # than spend the rest of the budget on a search that is thrown away.
            if search.nodes + DEEPEN_GROWTH * (search.nodes - started) > self.node_cap:
                break
        assert result is not None
        return result

    def _root_value(self, search: _Search, board: list[Tower], passes: int, move: Move | None,
                    depth: int, alpha: float) -> float:
        key = None if move is None else (move.src, move.dst)
        board, passes, over = search.step(board, passes, self.seat, key)
        other = 1 - self.seat
        if over:
            return relative(search.leaf(board, other, True), self.seat)
        return -self._negamax(search, board, passes, other, depth - 1, float("-inf"), -alpha)

    def _negamax(self, search: _Search, board: list[Tower], passes: int, seat: int, depth: int,
                 alpha: float, beta: float) -> float:
        """The value of the position for `seat`, who is to move (two players, zero-sum)."""
        if depth == 0:
            return relative(search.leaf(board, seat, False), seat)
        if search.nodes >= self.node_cap:
            raise _Cutoff
        other = 1 - seat
        # Biggest captures first: cheap ordering that makes the cut-offs come early.
        captures = sorted(move_list(board, seat), key=lambda m: -_capture_size(board, m, seat))
        options: list[tuple[int, int] | None] = [*captures, None]
        best = float("-inf")
        for move in options:
            nb, np, over = search.step(board, passes, seat, move)
            if over:
                value = relative(search.leaf(nb, other, True), seat)
            else:
                value = -self._negamax(search, nb, np, other, depth - 1, -beta, -alpha)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best

    # -- placing: also weigh the next seat's best answer --

    def _refine_places(self, scored: list[tuple[float, Place]], state: KabooomState,
                       offset: int) -> list[tuple[float, Place]]:
        shortlist = sorted(scored, key=lambda va: -va[0])[:PLACE_SHORTLIST]
        return [(value - self._reply(state, action, offset), action) for value, action in shortlist]

    def _reply(self, state: KabooomState, action: Place, offset: int) -> float:
        """The local score of the next seat's best placement once `action` is made."""
        nxt = (self.seat + 1) % state.players
        if state.to_place[nxt] == 0 or nxt == self.seat:
            return 0.0
        pool = state.pool[nxt]
        board = list(state.board)
        board[action.square] = (self.seat * 4 + SYM_INDEX[action.symbol],)
        best = 0.0
        for sq in BOARD_SQUARES:
            if board[sq]:
                continue
            for sym in range(4):
                if pool[sym]:
                    v = place_score(board, nxt, sq, sym, offset)
                    if v > best:
                        best = v
        return best
