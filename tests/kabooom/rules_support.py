"""What the Kabooom! rules tests share (test_rules, test_rules_wire): a capture-phase state for two to
four players built from its towers, a refused action's check, and counters that keep a game going."""
from __future__ import annotations

from collections.abc import Iterable

import pytest

from game.core import IllegalActionError
from game.kabooom.rules import SYMBOLS, TABLE, KabooomEngine, KabooomState

ENGINE = KabooomEngine()


def sq(name: str) -> int:
    """'a1' -> 0 ... 'e5' -> 24 (column letter, row number)."""
    return (int(name[1]) - 1) * 5 + "abcde".index(name[0])


def position(towers: dict[str, Iterable[tuple[int, str]]], *, players: int = 2,
             difficulty: str = "easy", turn: int = 0, passes: int = 0) -> KabooomState:
    """A capture-phase state with the given towers (bottom -> top); counters not on the board are
    booked as blown up, so the state keeps the counting invariants."""
    board: list[tuple[int, ...]] = [()] * 25
    for name, tower in towers.items():
        board[sq(name)] = tuple(seat * 4 + SYMBOLS.index(sym) for seat, sym in tower)
    quota = TABLE.quota[players]
    on_board = [sum(1 for t in board for c in t if c >> 2 == s) for s in range(players)]
    pools = []
    for seat in range(players):
        if TABLE.random_deal[difficulty]:
            pools.append([0, 0, 0, 0])
            continue
        # Counters left in hand: take them from symbols not on the board, up to 12 - quota.
        used = [sum(1 for t in board for c in t if c == seat * 4 + i) for i in range(4)]
        left, pool = 12 - quota, [0, 0, 0, 0]
        for i in range(4):
            pool[i] = min(3 - used[i], left)
            left -= pool[i]
        pools.append(pool)
    return KabooomState(players=players, difficulty=difficulty, phase="capture", turn=turn,
                        board=board, pool=pools, to_place=[0] * players, passes=passes,
                        out=[quota - n for n in on_board])


def check_refused(state: KabooomState, action, match: str) -> None:
    """The action raises IllegalActionError with a matching reason and leaves the state equal."""
    before = ENGINE.clone(state)
    with pytest.raises(IllegalActionError, match=match):
        ENGINE.apply(state, action)
    assert state == before


# Three counters of seat 1 far from the action, so a game does not end for lack of moves.
QUIET = {"e4": [(1, "R")], "e5": [(1, "R")], "d5": [(0, "R")]}
