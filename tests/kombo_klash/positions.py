"""Kombo Klash! positions for tests, built straight as a KomboState (through put/flip, so the bit
masks stay right), with every one of the 48 tiles somewhere exactly once (check_invariants passes).

A board is given as {"a1": "Gorilla", "b1": "?Chameleon", ...}: a creature name is a face-up tile, a
name after "?" a face-down one. Hands are lists of creature names. `draw` and `discard` name the
piles' tiles bottom first (the draw pile's top is its last tile); every tile not named anywhere goes
under the draw pile (rest="draw") or into the discard pile (rest="discard").
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.core import IllegalActionError
from game.core.rng import Rng
from game.kombo_klash.rules import KomboKlashEngine, KomboState
from game.kombo_klash.tables import CENTRE, COPIES, CREATURE_INDEX, CREATURES, EMPTY, PLAY, SQUARES
from tests import engine_checks

ENGINE = KomboKlashEngine()


def sq(name: str) -> int:
    """'a1' -> 0 ... 'e5' -> 24 (column letter, row number); 'c3' is the centre (12)."""
    return (int(name[1]) - 1) * 5 + "abcde".index(name[0])


def sqs(*names: str) -> tuple[int, ...]:
    """Squares in ascending order, as actions and Kombos carry them."""
    return tuple(sorted(sq(n) for n in names))


class _Pool:
    def __init__(self) -> None:
        self.free = {c: list(range(c * COPIES, (c + 1) * COPIES)) for c in range(len(CREATURES))}

    def take(self, name: str) -> int:
        creature = CREATURE_INDEX[name]
        if not self.free[creature]:
            raise ValueError(f"more than {COPIES} {name}s in the position")
        return self.free[creature].pop(0)

    def rest(self) -> list[int]:
        return sorted(t for tiles in self.free.values() for t in tiles)


def position(board: Mapping[str, str], hands: Sequence[Sequence[str]], *, turn: int = 0,
             scores: Sequence[int] | None = None, draw: Sequence[str] | None = None,
             discard: Sequence[str] = (), rest: str = "draw", target: int = 75,
             in_round: Sequence[int] | None = None, round_no: int = 1, played: int = 0,
             scored: bool = False, seed: int = 0) -> KomboState:
    players = len(hands)
    pool = _Pool()
    state = KomboState(
        players=players, target=target, phase=PLAY, turn=turn, board=[EMPTY] * SQUARES,
        up=[False] * SQUARES, hands=[], draw=[], discard=[],
        scores=list(scores) if scores is not None else [0] * players,
        in_round=tuple(in_round) if in_round is not None else tuple(range(players)),
        round=round_no, played=played, scored=scored, redraw_done=[True] * players, rng=Rng(seed))
    for name, what in board.items():
        square = sq(name)
        assert square != CENTRE, "the centre holds the draw pile"
        face_up = not what.startswith("?")
        state.put(square, pool.take(what.lstrip("?")), face_up)
    state.hands = [[pool.take(c) for c in hand] for hand in hands]
    top = [pool.take(c) for c in draw or ()]
    state.discard = [pool.take(c) for c in discard]
    left = pool.rest()
    if rest == "draw":
        state.draw = left + top
    else:
        assert rest == "discard"
        state.draw = top
        state.discard = left + state.discard
    ENGINE.check_invariants(state)
    return state


def board_of(state: KomboState) -> dict[str, str]:
    """The board in the form `position` takes (for readable assertions)."""
    out = {}
    for square, tile in enumerate(state.board):
        if tile >= 0:
            name = CREATURES[tile // COPIES]
            out["abcde"[square % 5] + str(square // 5 + 1)] = name if state.up[square] else "?" + name
    return out


def hand_of(state: KomboState, seat: int) -> list[str]:
    return sorted(CREATURES[t // COPIES] for t in state.hands[seat])


# -- what the rules tests share (test_rules, test_rules_play) ------------------------------------

def refused(state, action, match: str) -> IllegalActionError:
    """The action is refused in words, changing nothing (tests/engine_checks.py)."""
    return engine_checks.refused(ENGINE, state, action, match)


def play(state, *actions):
    """The actions applied, each checked (tests/engine_checks.py); the events of all of them."""
    return engine_checks.play(ENGINE, state, *actions)


of = engine_checks.of


# Corners and a little more; no Kombo anywhere.
BASE = {"a1": "Gorilla", "e1": "Raven", "a5": "Snake", "e5": "Wolf",
        "c2": "Alligator", "b3": "?Vulture", "d3": "Kangaroo"}
HAND = ["Wolf", "Raven", "Gorilla", "Kangaroo", "Snake"]


def base(hand=HAND, *, players: int = 2, **kw):
    hands = [list(hand)] + [["Wolf", "Raven", "Vulture", "Alligator", "Chameleon"]] * (players - 1)
    return position(BASE, hands, **kw)


def full_board(last: str = "e5", face_down: tuple[str, ...] = ("b2", "d4")):
    """Every tile space but `last` taken, face up but for `face_down`, no Kombo (no two like tiles
    side by side)."""
    names = ["Wolf", "Alligator", "Gorilla", "Kangaroo", "Snake", "Vulture"]
    board = {}
    spaces = [f"{c}{r}" for r in range(1, 6) for c in "abcde" if f"{c}{r}" not in ("c3", last)]
    for name in spaces:
        col, row = "abcde".index(name[0]), int(name[1])
        creature = names[(col + 2 * row) % 6] if name not in face_down else "Raven"
        board[name] = ("?" if name in face_down else "") + creature
    return board
