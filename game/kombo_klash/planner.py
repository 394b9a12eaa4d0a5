"""Kombo Klash!'s hard bot: the medium bot's best few choices looked at one action further (the best
next tile of its hand, or stopping there), so it sees two-step plans: kick or swamp and then the
Kombo it opens, two tiles that make a Kombo together, enlarging a Kombo before scoring it. A decision
evaluates a few thousand positions at most. The Expert (game.kombo_klash.expert) is this planner
looking further (`depth`), on its own weights.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .greedy import Choice, GreedyBot
from .model import Turn, bits
from .outlook import Outlook
from .tables import ALLIGATOR, CHAMELEON, KANGAROO, SNAKE, VULTURE


@dataclass
class PlannerBot(GreedyBot):
    """The medium bot's choices, the best few of them looked at one action further: after each, the
    best next tile of the known hand (any space, its ability estimated as on the board before it), or
    stopping there. Two steps make plans one step cannot see: a kick or a swamp and then the Kombo
    it opens, two tiles that make a Kombo together, a tile placed first to enlarge the Kombo. With
    `depth` above 1 the look goes on from the `beam` best positions of each step."""

    shortlist: int = 6          # choices looked at further (bounds the positions evaluated)
    depth: int = 1              # actions looked at beyond each shortlisted choice
    beam: int = 4               # below the first, the best few positions looked at further

    def _deepen(self, choices: list[Choice], out: Outlook) -> list[Choice]:
        ranked = sorted(choices, key=lambda c: -c.value)
        return [Choice(max(c.value, self._follow(c.after, out, self.depth)), c.action, c.after)
                if rank < self.shortlist and c.after is not None else c
                for rank, c in enumerate(ranked)]

    def _follow(self, turn: Turn, out: Outlook, depth: int) -> float:
        """The best value `depth` more actions reach on the model (or stopping): tiles from the known
        hand, and beyond the first action scoring the best Kombo. Deeper looks go on from the `beam`
        best positions whose model is exact (a Kick, Swamp or Revive is only estimated here)."""
        w = self.weights
        best = self._eval(turn, out)
        board = turn.board
        gains: dict[int, float] = {}
        onward: list[tuple[float, Turn]] = []
        for creature in range(CHAMELEON + 1):
            if not turn.hand[creature]:
                continue
            triggers = (False,) if creature in (CHAMELEON, SNAKE) else (False, True)
            for sq in bits(board.open_spaces()):
                for trigger in triggers:
                    after = turn.copy()
                    after.place(creature, sq, trigger)
                    value = self._eval(after, out) - w.place_cost
                    if trigger and creature in (KANGAROO, ALLIGATOR, VULTURE):
                        if creature not in gains:
                            gains[creature] = self._ability_gain(turn, out, creature)
                        value += gains[creature]
                    else:
                        onward.append((value, after))
                    best = max(best, value)
            if creature == SNAKE:
                for sq in bits(board.occ & ~board.down & ~board.faces[SNAKE]):
                    after = turn.copy()
                    after.place(SNAKE, sq, True)
                    value = self._eval(after, out) - w.place_cost
                    onward.append((value, after))
                    best = max(best, value)
        if depth > 1:
            best = max(best, self._further(turn, out, depth - 1, onward))
        return best

    def _further(self, turn: Turn, out: Outlook, depth: int, onward: list[tuple[float, Turn]]) -> float:
        """The best of the `beam` best next positions (and scoring the best Kombo now), looked at
        `depth` actions further."""
        points, mask = turn.board.best_kombo()
        if points and not turn.scored:
            scored = turn.copy()
            scored.score(mask, points)
            onward.append((self._eval(scored, out), scored))
        onward.sort(key=lambda o: -o[0])
        return max((self._follow(after, out, depth) for _, after in onward[:self.beam]), default=-math.inf)
