"""The hard bot's evaluation (game.kabooom.bot.evaluate) taken apart, so that the Expert can value
every position one move away from a board without scanning each of them whole.

That evaluation is a sum of each seat's material (points and height of the towers it tops) and a
share of the best capture each seat could make now. A move changes two squares: every capture that
neither starts nor lands on them is the same after it, so one scan of the board (`Frontier`) gives
each child's value from the captures it keeps, the few the moved tower makes or suffers, and the two
towers' material. Most of the Expert's leaves are children of one frontier node, so this is most of
its time saved.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .bot import CHANCE_TO_MOVE, CHANCE_WAITING, DYNAMITE_VALUE, HEIGHT_POTENTIAL, POINTS
from .rules import BOARD_SQUARES, DYNAMITE, NEIGHBOURS, TAKES, Tower

Capture = tuple[float, int, int]        # (swing for the mover, from square, to square)


def material(tower: Tower, points: Sequence[int]) -> float:
    """What the top of a tower is worth to its owner in the evaluation (points, height, Dynamite)."""
    if tower[-1] & 3 == DYNAMITE:
        return DYNAMITE_VALUE
    return points[len(tower)] + HEIGHT_POTENTIAL * len(tower)


def capture_swing(tower: Tower, target: Tower, points: Sequence[int]) -> float:
    """The evaluation's value of moving `tower` onto `target` (a legal move): what the mover gains,
    and what the victim loses when it is an enemy's."""
    top, victim = tower[-1], target[-1]
    lost = 0 if victim & 3 == DYNAMITE else points[len(target)]
    if top & 3 == DYNAMITE:
        gain = -DYNAMITE_VALUE
    else:
        gain = points[len(tower) + len(target)] - points[len(tower)]
    return gain - lost if victim >> 2 == top >> 2 else gain + lost


@dataclass
class Frontier:
    """One board scanned: each seat's material and its legal moves with their swings, best first."""

    board: list[Tower]
    points: Sequence[int]
    material: list[float]
    captures: tuple[list[Capture], list[Capture]]

    @classmethod
    def scan(cls, board: list[Tower], offset: int) -> Frontier:
        points = POINTS[offset]
        worth = [0.0, 0.0]
        captures: tuple[list[Capture], list[Capture]] = ([], [])
        # capture_swing and material written out: this loop is most of the Expert's time
        for sq in BOARD_SQUARES:
            tower = board[sq]
            if not tower:
                continue
            top = tower[-1]
            owner, sym, height = top >> 2, top & 3, len(tower)
            if sym == DYNAMITE:
                worth[owner] += DYNAMITE_VALUE
                base = -DYNAMITE_VALUE
            else:
                base = points[height]
                worth[owner] += base + HEIGHT_POTENTIAL * height
                base = -base
            mask = TAKES[sym]
            found = captures[owner]
            for n in NEIGHBOURS[sq]:
                target = board[n]
                if not target:
                    continue
                victim = target[-1]
                if mask >> (victim & 3) & 1:
                    lost = 0 if victim & 3 == DYNAMITE else points[len(target)]
                    gain = base if sym == DYNAMITE else base + points[height + len(target)]
                    found.append((gain - lost if victim >> 2 == owner else gain + lost, sq, n))
        for found in captures:
            found.sort(reverse=True)
        return cls(board, points, worth, captures)

    def after(self, src: int, dst: int) -> Frontier:
        """The scan of the board after the move src->dst, from this one: the captures that keep
        both squares out stay (in order), the moved tower's new ones are added."""
        board = list(self.board)
        points = self.points
        tower, target = board[src], board[dst]
        mover = tower[-1] >> 2
        worth = list(self.material)
        worth[mover] -= material(tower, points)
        worth[target[-1] >> 2] -= material(target, points)
        gone = (src, dst)
        captures = tuple([c for c in found if c[1] not in gone and c[2] not in gone]
                         for found in self.captures)
        board[src] = ()
        if tower[-1] & 3 == DYNAMITE:
            board[dst] = ()
            return Frontier(board, points, worth, (captures[0], captures[1]))
        merged = board[dst] = target + tower
        worth[mover] += material(merged, points)
        sym = tower[-1] & 3
        mask = TAKES[sym]
        changed = [False, False]
        for n in NEIGHBOURS[dst]:
            other = board[n]
            if not other:
                continue
            if mask >> (other[-1] & 3) & 1:
                captures[mover].append((capture_swing(merged, other, points), dst, n))
                changed[mover] = True
            if TAKES[other[-1] & 3] >> sym & 1:
                owner = other[-1] >> 2
                captures[owner].append((capture_swing(other, merged, points), n, dst))
                changed[owner] = True
        for owner in (0, 1):
            if changed[owner]:
                captures[owner].sort(reverse=True)
        return Frontier(board, points, worth, (captures[0], captures[1]))

    def over(self) -> bool:
        """Nobody can move: the game has ended."""
        return not self.captures[0] and not self.captures[1]

    def value(self, seat: int) -> float:
        """The evaluation of this board for `seat`, who is to move (bot.evaluate, relative)."""
        best = [found[0][0] if found and found[0][0] > 0 else 0.0 for found in self.captures]
        other = 1 - seat
        return (self.material[seat] + CHANCE_TO_MOVE * best[seat]
                - self.material[other] - CHANCE_WAITING * best[other])

    def child(self, src: int, dst: int) -> float | None:
        """The evaluation for the seat to move after the move src->dst; None when that move ends
        the game (nobody could move after it)."""
        board, points = self.board, self.points
        tower, target = board[src], board[dst]
        mover = tower[-1] >> 2
        worth = list(self.material)
        worth[mover] -= material(tower, points)
        worth[target[-1] >> 2] -= material(target, points)
        best = [0.0, 0.0]
        moves = False
        for owner, found in enumerate(self.captures):
            for swing, a, v in found:
                if a != src and a != dst and v != src and v != dst:
                    moves = True
                    if swing > 0:
                        best[owner] = swing
                    break
        top = tower[-1]
        if top & 3 != DYNAMITE:
            # capture_swing written out for the merged tower (most leaves come through here)
            height = len(tower) + len(target)
            here = points[height]
            worth[mover] += here + HEIGHT_POTENTIAL * height
            mask, sym = TAKES[top & 3], top & 3
            for n in NEIGHBOURS[dst]:
                other = board[n]
                if not other or n == src:
                    continue
                victim = other[-1]
                if mask >> (victim & 3) & 1:
                    moves = True
                    lost = 0 if victim & 3 == DYNAMITE else points[len(other)]
                    gain: float = points[height + len(other)] - here
                    swing = gain - lost if victim >> 2 == mover else gain + lost
                    if swing > best[mover]:
                        best[mover] = swing
                if TAKES[victim & 3] >> sym & 1:
                    moves = True
                    owner = victim >> 2
                    if victim & 3 == DYNAMITE:
                        gain = -DYNAMITE_VALUE
                    else:
                        gain = points[len(other) + height] - points[len(other)]
                    swing = gain - here if owner == mover else gain + here
                    if swing > best[owner]:
                        best[owner] = swing
        if not moves:
            return None
        seat = 1 - mover
        return (worth[seat] + CHANCE_TO_MOVE * best[seat]
                - worth[mover] - CHANCE_WAITING * best[mover])
