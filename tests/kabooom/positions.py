"""Kabooom! positions for the bots' tests (test_bot, test_expert): a capture-phase state built from
its towers, and two set positions, a good capture and a trap."""
from __future__ import annotations

from game.kabooom.rules import SYMBOLS, KabooomEngine, KabooomState

ENGINE = KabooomEngine()


def sq(name: str) -> int:
    return (int(name[1]) - 1) * 5 + "abcde".index(name[0])


def position(towers: dict, *, difficulty: str = "easy", turn: int = 0, passes: int = 0) -> KabooomState:
    """A two-player capture-phase state (counters not shown count as blown up)."""
    board: list[tuple[int, ...]] = [()] * 25
    for name, tower in towers.items():
        board[sq(name)] = tuple(seat * 4 + SYMBOLS.index(sym) for seat, sym in tower)
    on_board = [sum(1 for t in board for c in t if c >> 2 == s) for s in range(2)]
    state = KabooomState(players=2, difficulty=difficulty, phase="capture", turn=turn, board=board,
                         pool=[[0, 0, 0, 0], [0, 0, 0, 0]], to_place=[0, 0], passes=passes,
                         out=[12 - n for n in on_board])
    ENGINE.check_invariants(state)
    return state


# A good capture: Red's Rock next to Blue's 3-high Scissors tower; Red's only move. Far away, Blue's
# Rock threatens Red's Scissors whatever Red does.
GOOD = {"a1": [(0, "R")], "b2": [(1, "S"), (1, "S"), (1, "S")], "e5": [(1, "R")], "d5": [(0, "S")]}

# Red leads 3-2 and its only move (Rock takes Scissors on b2) would put the 4-high tower next to
# Blue's Paper on b3, which takes it back. Standing still keeps the lead.
TRAP = {"a1": [(0, "R"), (0, "R"), (0, "R")], "b2": [(1, "S")], "b3": [(1, "P")]}
