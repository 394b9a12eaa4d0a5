"""Kabooom! rules engine: pure, no pygame, no I/O (rules: shared/rules/kabooom.txt, DECISIONS.md).

A 5x5 board without its centre. Squares are ints 0..24, index = row * 5 + col, written for players as
column letter a-e and row number 1-5 ("a1" is square 0, "e5" square 24). Square 12 never holds a
counter. Each player owns a pool of 3 Rock, 3 Paper, 3 Scissors, 3 Dynamite and brings a quota of
them to the board (12/8/6 counters for 2/3/4 players), so the 24 squares are filled exactly.

Inside the engine a counter is one int, ``seat * 4 + symbol`` (symbol 0..3 = R, P, S, D), and a tower
is a tuple of counters bottom to top; an empty square is ``()``. Ints and tuples keep cloning,
comparing and move generation cheap: random playouts must run at tens of thousands of actions a
second. Views turn them back into plain ``[owner, "R"]`` pairs.

`apply` checks the given action directly (O(1)) instead of searching the legal list, and raises
IllegalActionError with a reason fit for the player before touching the state.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Annotated, Any, ClassVar

from game.core.engine import Action, Engine, Event, GameConfig, Outcome, Termination, rank_winners
from game.core.errors import ConfigError, IllegalActionError, WireFormatError
from game.core.options import Choice, Opt
from game.core.rng import Rng
from game.core.seats import seat_name
from game.core.view import ActionWire, ViewCodec
from game.core.wire import WireCodec

# -- the numbers of the game, in one table ------------------------------------------------------


@dataclass(frozen=True)
class KabooomTable:
    """Every count and scoring rule that depends on player count or difficulty."""

    pool: tuple[int, int, int, int]          # per symbol R, P, S, D, for each player
    quota: Mapping[int, int]                 # players -> counters each player brings
    offset: Mapping[str, int]                # difficulty -> points taken off every tower
    random_deal: Mapping[str, bool]          # difficulty -> the game deals the counters itself


TABLE = KabooomTable(
    pool=(3, 3, 3, 3),
    quota=MappingProxyType({2: 12, 3: 8, 4: 6}),
    offset=MappingProxyType({"easy": 0, "medium": 1, "hard": 2}),
    random_deal=MappingProxyType({"easy": True, "medium": False, "hard": False}),
)

DIFFICULTIES: tuple[str, ...] = tuple(TABLE.offset)
SYMBOLS = "RPSD"
SYMBOL_NAMES = ("Rock", "Paper", "Scissors", "Dynamite")
SYM_INDEX = MappingProxyType({s: i for i, s in enumerate(SYMBOLS)})
ROCK, PAPER, SCISSORS, DYNAMITE = range(4)
SEATS = 4                  # Kabooom! seats at most

SIZE = 5
SQUARES = SIZE * SIZE
CENTRE = 12
BOARD_SQUARES: tuple[int, ...] = tuple(sq for sq in range(SQUARES) if sq != CENTRE)

# TAKES[mover] is a bit mask over the target symbols the mover may land on: a symbol takes its own
# kind and the one it beats; Dynamite takes everything; nothing else lands on Dynamite.
TAKES: tuple[int, ...] = (
    (1 << ROCK) | (1 << SCISSORS),
    (1 << PAPER) | (1 << ROCK),
    (1 << SCISSORS) | (1 << PAPER),
    0b1111,
)


def can_take(mover: str, target: str) -> bool:
    """May a tower topped by `mover` move onto one topped by `target`? (symbols "R", "P", "S", "D")"""
    return bool(TAKES[SYM_INDEX[mover]] >> SYM_INDEX[target] & 1)


def square_name(sq: int) -> str:
    return "abcde"[sq % SIZE] + str(sq // SIZE + 1)


def _neighbours(sq: int) -> tuple[int, ...]:
    row, col = divmod(sq, SIZE)
    out = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            r, c = row + dr, col + dc
            if (dr or dc) and 0 <= r < SIZE and 0 <= c < SIZE and r * SIZE + c != CENTRE:
                out.append(r * SIZE + c)
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    _neighbours(sq) if sq != CENTRE else () for sq in range(SQUARES))
NEIGHBOUR_SETS: tuple[frozenset[int], ...] = tuple(frozenset(n) for n in NEIGHBOURS)


# -- config, actions, events ----------------------------------------------------------------------


def _difficulty_note(level: str) -> str:
    deal = "The game deals the counters" if TABLE.random_deal[level] else "You place your counters"
    off = TABLE.offset[level]
    score = "a tower scores its height" if off == 0 else f"a tower scores its height minus {off}"
    return f"{deal}; {score}"


# (built here, not inside the annotation: a class's annotations are evaluated without the module's names)
_DIFFICULTY = Opt("Difficulty", tuple(Choice(level, note=_difficulty_note(level)) for level in DIFFICULTIES))


@dataclass(frozen=True)
class KabooomConfig(GameConfig):
    TAG: ClassVar[str] = "kabooom"
    difficulty: Annotated[str, _DIFFICULTY] = "easy"


def _check_seat(seat: int) -> None:
    # Raising ValueError here makes WireCodec.decode refuse out-of-range values as WireFormatError.
    if not 0 <= seat < SEATS:
        raise ValueError(f"seat {seat} out of range")


def _check_square(sq: int) -> None:
    if not 0 <= sq < SQUARES:
        raise ValueError(f"square {sq} out of range")


@dataclass(frozen=True)
class Place(Action):
    TAG: ClassVar[str] = "place"
    square: int
    symbol: str

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_square(self.square)
        if self.symbol not in SYM_INDEX:
            raise ValueError(f"unknown symbol {self.symbol!r}")

    def __str__(self) -> str:
        name = SYMBOL_NAMES[SYM_INDEX[self.symbol]]
        return f"{seat_name(self.seat)} places {name} on {square_name(self.square)}"


@dataclass(frozen=True)
class Move(Action):
    TAG: ClassVar[str] = "move"
    src: int
    dst: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_square(self.src)
        _check_square(self.dst)

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} moves {square_name(self.src)}→{square_name(self.dst)}"


@dataclass(frozen=True)
class Pass(Action):
    TAG: ClassVar[str] = "pass"

    def __post_init__(self) -> None:
        _check_seat(self.seat)

    def __str__(self) -> str:
        return f"{seat_name(self.seat)} passes"


@dataclass(frozen=True)
class Placed(Event):
    TAG: ClassVar[str] = "placed"
    seat: int
    square: int
    symbol: str


@dataclass(frozen=True)
class Moved(Event):
    TAG: ClassVar[str] = "moved"
    seat: int
    src: int
    dst: int
    height: int


@dataclass(frozen=True)
class Exploded(Event):
    TAG: ClassVar[str] = "exploded"
    seat: int
    src: int
    dst: int
    destroyed: int


@dataclass(frozen=True)
class Passed(Event):
    TAG: ClassVar[str] = "passed"
    seat: int


@dataclass(frozen=True)
class PhaseChanged(Event):
    TAG: ClassVar[str] = "phase"
    phase: str


@dataclass(frozen=True)
class GameOver(Event):
    """The game ended; scores and winners are the engine's outcome()."""

    TAG: ClassVar[str] = "over"
    termination: Termination


# Actions are immutable, so every one the game can ever list is built once here; legal_actions then
# only picks from these tables (building frozen dataclasses per call would dominate playout time).
_PLACES = tuple(tuple(tuple(Place(seat, sq, sym) for sym in SYMBOLS) for sq in range(SQUARES))
                for seat in range(SEATS))
_MOVES = tuple(tuple(tuple((dst, Move(seat, src, dst)) for dst in NEIGHBOURS[src])
                     for src in range(SQUARES)) for seat in range(SEATS))
_PASSES = tuple(Pass(seat) for seat in range(SEATS))
_TO_ACT = tuple(frozenset({seat}) for seat in range(SEATS))


# -- state and view -------------------------------------------------------------------------------

Counter = tuple[int, str]          # (owner seat, symbol letter), e.g. (0, "R")
Stack = tuple[Counter, ...]        # a tower bottom -> top


@dataclass(frozen=True)
class KabooomView:
    """What view() returns, for every seat and the spectator alike (Kabooom! has no secrets)."""

    phase: str                      # "place", "capture" or "over"
    players: int
    difficulty: str
    turn: int                       # seat to act; -1 when over
    board: tuple[Stack | None, ...]  # 25 squares: a tower bottom -> top, None for empty
    pool: tuple[tuple[int, int, int, int], ...]   # per seat, R P S D counts still in hand
    to_place: tuple[int, ...]       # per seat, counters still to place
    passes: int                     # consecutive passes
    scores: tuple[int, ...]
    towers: tuple[tuple[int, ...], ...]   # per seat, heights of its scoring towers, tallest first
    can_move: tuple[bool, ...]      # per seat: has a move (always False while placing)
    out: tuple[int, ...]            # per seat, own counters blown up
    last: Annotated[Any, ActionWire()]    # the last action's wire form, None before the first


PLACE, CAPTURE, OVER = "place", "capture", "over"
Tower = tuple[int, ...]


@dataclass
class KabooomState:
    players: int
    difficulty: str
    phase: str                      # "place", "capture" or "over"
    turn: int                       # seat to act; -1 when over
    board: list[Tower]              # 25 towers bottom->top, () for empty (and the centre)
    pool: list[list[int]]           # per seat, R P S D counts still in hand
    to_place: list[int]             # per seat, counters still to place
    passes: int = 0                 # consecutive passes
    out: list[int] = field(default_factory=list)   # per seat, own counters blown up
    last: Action | None = None
    rng: Rng = field(default_factory=lambda: Rng(0))

    def copy(self) -> KabooomState:
        """An independent copy, much cheaper than deepcopy (towers are immutable tuples)."""
        return KabooomState(self.players, self.difficulty, self.phase, self.turn, list(self.board),
                            [list(p) for p in self.pool], list(self.to_place), self.passes,
                            list(self.out), self.last, self.rng.clone())


# -- pure board helpers (shared with the bots) -----------------------------------------------------


def tower_points(tower: Tower, offset: int) -> int:
    """Points one tower is worth to its owner: height - offset, never below 0; Dynamite scores 0."""
    if not tower or tower[-1] & 3 == DYNAMITE:
        return 0
    return max(0, len(tower) - offset)


def scores_of(board: list[Tower], players: int, offset: int) -> list[int]:
    scores = [0] * players
    for tower in board:
        if tower and tower[-1] & 3 != DYNAMITE and len(tower) > offset:
            scores[tower[-1] >> 2] += len(tower) - offset
    return scores


def any_move(board: list[Tower]) -> bool:
    """Does any player have a move? Stops at the first one found."""
    for sq in BOARD_SQUARES:
        tower = board[sq]
        if tower:
            mask = TAKES[tower[-1] & 3]
            for n in NEIGHBOURS[sq]:
                target = board[n]
                if target and mask >> (target[-1] & 3) & 1:
                    return True
    return False


def has_move(board: list[Tower], seat: int) -> bool:
    for sq in BOARD_SQUARES:
        tower = board[sq]
        if tower and tower[-1] >> 2 == seat:
            mask = TAKES[tower[-1] & 3]
            for n in NEIGHBOURS[sq]:
                target = board[n]
                if target and mask >> (target[-1] & 3) & 1:
                    return True
    return False


def move_list(board: list[Tower], seat: int) -> list[tuple[int, int]]:
    """Every (src, dst) move of `seat` on this board."""
    out = []
    for sq in BOARD_SQUARES:
        tower = board[sq]
        if tower and tower[-1] >> 2 == seat:
            mask = TAKES[tower[-1] & 3]
            for n in NEIGHBOURS[sq]:
                target = board[n]
                if target and mask >> (target[-1] & 3) & 1:
                    out.append((sq, n))
    return out


def board_after(board: list[Tower], src: int, dst: int) -> list[Tower]:
    """A new board with the (legal) move src->dst made: a tower lands on top, Dynamite explodes."""
    new = list(board)
    tower = new[src]
    new[src] = ()
    new[dst] = () if tower[-1] & 3 == DYNAMITE else new[dst] + tower
    return new


# -- the engine -----------------------------------------------------------------------------------


class KabooomEngine(Engine[KabooomState]):
    key: ClassVar[str] = "kabooom"
    title: ClassVar[str] = "Kabooom!"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    actions: ClassVar[WireCodec] = WireCodec([Place, Move, Pass])
    events: ClassVar[WireCodec] = WireCodec([Placed, Moved, Exploded, Passed, PhaseChanged, GameOver])
    configs: ClassVar[WireCodec] = WireCodec([KabooomConfig])
    views: ClassVar[ViewCodec[KabooomView]] = ViewCodec(KabooomView)

    # -- setup --

    def new_game(self, config: GameConfig, seed: int) -> KabooomState:
        if not isinstance(config, KabooomConfig):
            raise ConfigError("Kabooom! needs a KabooomConfig")
        self.check_config(config)
        if config.difficulty not in TABLE.offset:
            raise ConfigError(f"unknown difficulty {config.difficulty!r}")
        n = config.players
        quota = TABLE.quota[n]
        state = KabooomState(
            players=n, difficulty=config.difficulty, phase=PLACE, turn=0,
            board=[()] * SQUARES, pool=[list(TABLE.pool) for _ in range(n)],
            to_place=[quota] * n, out=[0] * n, rng=Rng(seed))
        if TABLE.random_deal[config.difficulty]:
            self._deal(state, quota)
            state.phase = CAPTURE
            if not any_move(state.board):
                state.phase, state.turn = OVER, -1
        return state

    @staticmethod
    def _deal(state: KabooomState, quota: int) -> None:
        rng = state.rng
        counters: list[int] = []
        for seat in range(state.players):
            hand = [seat * 4 + sym for sym, count in enumerate(TABLE.pool) for _ in range(count)]
            rng.shuffle(hand)
            counters.extend(hand[:quota])
        squares = list(BOARD_SQUARES)
        rng.shuffle(squares)
        for sq, counter in zip(squares, counters, strict=False):  # more squares than counters
            state.board[sq] = (counter,)
        # The unused counters never reach the board: nothing is left to place (view shows zeros).
        state.pool = [[0, 0, 0, 0] for _ in range(state.players)]
        state.to_place = [0] * state.players

    # -- queries --

    def to_act(self, state: KabooomState) -> frozenset[int]:
        return frozenset() if state.phase == OVER else _TO_ACT[state.turn]

    def legal_actions(self, state: KabooomState, seat: int) -> list[Action]:
        if state.phase == OVER or seat != state.turn:
            return []
        board = state.board
        if state.phase == PLACE:
            pool = state.pool[seat]
            places = _PLACES[seat]
            syms = [i for i in range(4) if pool[i]]
            return [places[sq][i] for sq in BOARD_SQUARES if not board[sq] for i in syms]
        out: list[Action] = []
        moves = _MOVES[seat]
        for sq in BOARD_SQUARES:
            tower = board[sq]
            if tower and tower[-1] >> 2 == seat:
                mask = TAKES[tower[-1] & 3]
                for dst, move in moves[sq]:
                    target = board[dst]
                    if target and mask >> (target[-1] & 3) & 1:
                        out.append(move)
        out.append(_PASSES[seat])
        return out

    def scores(self, state: KabooomState) -> list[int]:
        return scores_of(state.board, state.players, TABLE.offset[state.difficulty])

    def outcome(self, state: KabooomState) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = self.scores(state)
        return Outcome(tuple(scores), rank_winners(scores), self._termination(state))

    @staticmethod
    def _termination(state: KabooomState) -> Termination:
        # Derived rather than stored, so a state rebuilt from a view is whole.
        return Termination.ALL_PASSED if state.passes >= state.players else Termination.NO_MOVES

    # -- apply --

    def apply(self, state: KabooomState, action: Action) -> list[Event]:
        if state.phase == OVER:
            raise IllegalActionError("the game is over", action)
        if not isinstance(action, (Place, Move, Pass)):
            raise IllegalActionError("that is not a Kabooom! action", action)
        if action.seat != state.turn:
            raise IllegalActionError(f"it is {seat_name(state.turn)}'s turn", action)
        if isinstance(action, Move):
            return self._move(state, action)
        if isinstance(action, Pass):
            if state.phase == PLACE:
                raise IllegalActionError("you cannot pass while placing counters", action)
            return self._pass(state, action)
        return self._place(state, action)

    def _place(self, state: KabooomState, action: Place) -> list[Event]:
        if state.phase != PLACE:
            raise IllegalActionError("all counters are placed: move a tower or pass", action)
        seat, sq = action.seat, action.square
        sym = SYM_INDEX[action.symbol]
        if sq == CENTRE:
            raise IllegalActionError("the centre square is not part of the board", action)
        if state.board[sq]:
            raise IllegalActionError("that square is taken", action)
        if not state.pool[seat][sym]:
            raise IllegalActionError(f"you have no {SYMBOL_NAMES[sym]} left", action)
        if not state.to_place[seat]:
            raise IllegalActionError("you have placed all your counters", action)
        state.board[sq] = (seat * 4 + sym,)
        state.pool[seat][sym] -= 1
        state.to_place[seat] -= 1
        state.last = action
        events: list[Event] = [Placed(seat, sq, action.symbol)]
        if not any(state.to_place):
            state.phase, state.turn = CAPTURE, 0
            events.append(PhaseChanged(CAPTURE))
            if not any_move(state.board):
                events.append(self._finish(state))
        else:
            nxt = (seat + 1) % state.players
            while not state.to_place[nxt]:
                nxt = (nxt + 1) % state.players
            state.turn = nxt
        return events

    def _move(self, state: KabooomState, action: Move) -> list[Event]:
        if state.phase != CAPTURE:
            raise IllegalActionError("place your counters first", action)
        seat, src, dst = action.seat, action.src, action.dst
        board = state.board
        tower = board[src]
        if not tower:
            raise IllegalActionError("that square is empty", action)
        top = tower[-1]
        if top >> 2 != seat:
            raise IllegalActionError(f"that tower is {seat_name(top >> 2)}'s", action)
        if dst not in NEIGHBOUR_SETS[src]:
            raise IllegalActionError("a tower moves only to a neighbouring square", action)
        target = board[dst]
        if not target:
            raise IllegalActionError("you cannot move onto an empty square", action)
        mover, victim = top & 3, target[-1] & 3
        if not TAKES[mover] >> victim & 1:
            raise IllegalActionError(f"{SYMBOL_NAMES[mover]} cannot take {SYMBOL_NAMES[victim]}",
                                     action)
        board[src] = ()
        event: Event
        if mover == DYNAMITE:
            # Dynamite is only ever a single counter: it and the whole target stack leave the game.
            board[dst] = ()
            out = state.out
            out[seat] += 1
            for counter in target:
                out[counter >> 2] += 1
            event = Exploded(seat, src, dst, 1 + len(target))
        else:
            board[dst] = target + tower
            event = Moved(seat, src, dst, len(target) + len(tower))
        state.passes = 0
        state.last = action
        state.turn = (seat + 1) % state.players
        if not any_move(board):
            return [event, self._finish(state)]
        return [event]

    def _pass(self, state: KabooomState, action: Pass) -> list[Event]:
        state.passes += 1
        state.last = action
        state.turn = (action.seat + 1) % state.players
        if state.passes >= state.players:
            return [Passed(action.seat), self._finish(state)]
        return [Passed(action.seat)]

    def _finish(self, state: KabooomState) -> GameOver:
        state.phase, state.turn = OVER, -1
        return GameOver(self._termination(state))

    # -- views --

    def view(self, state: KabooomState, seat: int | None) -> KabooomView:
        """Kabooom! has no secrets: every seat (and a spectator) sees the same view."""
        board = tuple(None if not t else tuple((c >> 2, SYMBOLS[c & 3]) for c in t) for t in state.board)
        return _with_board(state.phase, state.players, state.difficulty, state.turn, state.board, board,
                           tuple((p[0], p[1], p[2], p[3]) for p in state.pool), tuple(state.to_place),
                           state.passes, tuple(state.out),
                           None if state.last is None else _frozen_wire(self.actions.encode(state.last)))

    def fold(self, view: KabooomView, event: Event) -> KabooomView:
        return fold(view, event)

    def clone(self, state: KabooomState) -> KabooomState:
        return state.copy()

    # -- checks --

    def check_invariants(self, state: KabooomState) -> None:
        n = state.players
        assert n in TABLE.quota, f"bad player count {n}"
        assert state.difficulty in TABLE.offset, f"bad difficulty {state.difficulty!r}"
        assert len(state.board) == SQUARES and state.board[CENTRE] == (), "the centre holds a counter"
        assert len(state.pool) == n and len(state.to_place) == n and len(state.out) == n
        quota = TABLE.quota[n]
        on_board = [0] * n
        per_symbol = [[0] * 4 for _ in range(n)]
        occupied = 0
        for sq, tower in enumerate(state.board):
            assert isinstance(tower, tuple), f"square {sq} holds {tower!r}"
            if not tower:
                continue
            occupied += 1
            for counter in tower:
                owner, sym = counter >> 2, counter & 3
                assert 0 <= owner < n, f"square {sq}: counter of seat {owner}"
                on_board[owner] += 1
                per_symbol[owner][sym] += 1
                assert sym != DYNAMITE or len(tower) == 1, f"square {sq}: Dynamite inside a tower"
        assert occupied <= len(BOARD_SQUARES)
        deal = TABLE.random_deal[state.difficulty]
        for seat in range(n):
            pool = state.pool[seat]
            assert all(0 <= pool[i] <= TABLE.pool[i] for i in range(4)), f"seat {seat}: pool {pool}"
            assert 0 <= state.to_place[seat] <= quota
            placed = quota - state.to_place[seat]
            if deal:
                assert pool == [0, 0, 0, 0] and placed == quota, "easy deals every counter at once"
            else:
                assert sum(TABLE.pool) - sum(pool) == placed, f"seat {seat}: pool and placed disagree"
                for i in range(4):
                    assert per_symbol[seat][i] <= TABLE.pool[i] - pool[i], f"seat {seat}: extra {SYMBOLS[i]}"
            assert on_board[seat] + state.out[seat] == placed, (
                f"seat {seat}: {on_board[seat]} on board + {state.out[seat]} out != {placed} placed")
            assert state.out[seat] >= 0
        if state.phase == PLACE:
            assert any(state.to_place) and 0 <= state.turn < n and state.passes == 0
            assert state.to_place[state.turn] > 0
            assert occupied == sum(quota - t for t in state.to_place) and not any(state.out)
        elif state.phase == CAPTURE:
            assert not any(state.to_place) and 0 <= state.turn < n and 0 <= state.passes < n
            assert any_move(state.board), "the game goes on though nobody can move"
        else:
            assert state.phase == OVER and state.turn == -1, f"bad phase {state.phase!r}"
            assert not any(state.to_place)
            assert state.passes >= n or not any_move(state.board)
        assert all(s >= 0 for s in self.scores(state))


def _frozen_wire(wire: list[Any]) -> tuple[Any, ...]:
    return tuple(wire)


def _with_board(phase: str, players: int, difficulty: str, turn: int, towers: list[Tower] | tuple[Tower, ...],
                board: tuple[Stack | None, ...], pool: tuple[tuple[int, int, int, int], ...],
                to_place: tuple[int, ...], passes: int, out: tuple[int, ...], last: Any) -> KabooomView:
    """A view, its scores, towers and moves worked out from the board (the engine's and the fold's)."""
    heights: list[list[int]] = [[] for _ in range(players)]
    for tower in towers:
        # A lone Dynamite is a counter waiting to blow up, not a tower: it never scores.
        if tower and tower[-1] & 3 != DYNAMITE:
            heights[tower[-1] >> 2].append(len(tower))
    playing = phase != PLACE
    board_list = list(towers)
    return KabooomView(
        phase=phase, players=players, difficulty=difficulty, turn=turn, board=board, pool=pool,
        to_place=to_place, passes=passes,
        scores=tuple(scores_of(board_list, players, TABLE.offset[difficulty])),
        towers=tuple(tuple(sorted(h, reverse=True)) for h in heights),
        can_move=tuple(playing and has_move(board_list, s) for s in range(players)),
        out=out, last=last)


def _tower(stack: Stack | None) -> Tower:
    return () if not stack else tuple(owner * 4 + SYM_INDEX[symbol] for owner, symbol in stack)


def fold(view: KabooomView, event: Event) -> KabooomView:
    """`view` after `event` (Kabooom! has no secrets: every seat folds the same events)."""
    n = view.players
    board = list(view.board)
    pool, to_place, out = view.pool, view.to_place, view.out
    phase, turn, passes, last = view.phase, view.turn, view.passes, view.last
    if isinstance(event, Placed):
        board[event.square] = ((event.seat, event.symbol),)
        sym = SYM_INDEX[event.symbol]
        mine = list(pool[event.seat])
        mine[sym] -= 1
        pool = (*pool[:event.seat], (mine[0], mine[1], mine[2], mine[3]), *pool[event.seat + 1:])
        to_place = tuple(t - 1 if s == event.seat else t for s, t in enumerate(to_place))
        last = ("place", event.seat, event.square, event.symbol)
        if any(to_place):
            turn = (event.seat + 1) % n
            while not to_place[turn]:
                turn = (turn + 1) % n
    elif isinstance(event, (Moved, Exploded)):
        moving, under = board[event.src] or (), board[event.dst] or ()
        board[event.src] = None
        if isinstance(event, Exploded):
            board[event.dst] = None
            counts = list(out)
            for owner, _ in moving + under:
                counts[owner] += 1
            out = tuple(counts)
        else:
            board[event.dst] = under + moving
        passes, turn = 0, (event.seat + 1) % n
        last = ("move", event.seat, event.src, event.dst)
    elif isinstance(event, Passed):
        passes, turn = passes + 1, (event.seat + 1) % n
        last = ("pass", event.seat)
    elif isinstance(event, PhaseChanged):
        phase, turn = event.phase, 0
    elif isinstance(event, GameOver):
        phase, turn = OVER, -1
    else:
        return view
    stacks = tuple(board)
    return _with_board(phase, n, view.difficulty, turn, [_tower(stack) for stack in stacks], stacks,
                       pool, to_place, passes, out, last)


def state_from_view(view: KabooomView) -> KabooomState:
    """Rebuild a state from a view (bots search on it); `view(state_from_view(v), s) == v`.

    The Rng is not part of any view; after setup the game draws nothing, so a fresh one does.
    """
    try:
        return KabooomState(
            players=view.players, difficulty=view.difficulty, phase=view.phase, turn=view.turn,
            board=[_tower(stack) for stack in view.board], pool=[list(p) for p in view.pool],
            to_place=list(view.to_place), passes=view.passes, out=list(view.out),
            last=None if view.last is None else KabooomEngine.actions.decode(list(view.last)))
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        raise WireFormatError(f"not a Kabooom! view: {exc}") from None
