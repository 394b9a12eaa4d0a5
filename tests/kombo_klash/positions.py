"""Kombo Klash! positions for tests, built straight as a KomboState (through put/flip, so the bit
masks stay right), with every one of the 48 tiles somewhere exactly once (check_invariants passes).

A board is given as {"a1": "Gorilla", "b1": "?Chameleon", ...}: a creature name is a face-up tile, a
name after "?" a face-down one. Hands are lists of creature names. `draw` and `discard` name the
piles' tiles bottom first (the draw pile's top is its last tile); every tile not named anywhere goes
under the draw pile (rest="draw") or into the discard pile (rest="discard").
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.core.rng import Rng
from game.kombo_klash.rules import KomboKlashEngine, KomboState
from game.kombo_klash.tables import CENTRE, COPIES, CREATURE_INDEX, CREATURES, EMPTY, PLAY, SQUARES

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
