"""Kombo Klash!'s medium bot: greedy over its own turn. Every legal action is tried on the light model
of the board and the hand rebuilt from the view (game.kombo_klash.model), and the one whose position
evaluates best (game.kombo_klash.outlook) is played; the bot is asked again after each action and
decides afresh from the new view.

Abilities with a choice (Kick, Swamp, Revive) are first valued by their best choice on the board as
it is, then the few best placements are checked with their real choices. Everything is counted,
nothing timed: a decision evaluates a few hundred positions, and ties go to the bot's own seeded
generator, so a seed always plays the same game.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

from game.core.engine import Action
from game.core.rng import Rng

from .actions import EndTurn, Kick, Place, Redraw, Revive, Score, Swamp
from .model import HAND_SIZE, UNKNOWN, Board, Turn, bits, mask_of
from .outlook import MEDIUM, Outlook, Weights, evaluate, keep_value, revive_candidates, revive_value
from .tables import ALLIGATOR, CHAMELEON, CREATURE_INDEX, CREATURES, KANGAROO, NEIGHBOURS, SCORES, VULTURE, WOLF
from .view import KomboView


@dataclass
class Choice:
    value: float
    action: Action
    after: Turn | None = None      # the model after it, where a deeper look may go on from


@dataclass
class GreedyBot:
    """Each call: every legal action on the model, the best evaluation wins (see the module's doc)."""

    seat: int
    seed: int
    weights: Weights = MEDIUM
    rng: Rng = field(init=False)
    evaluated: int = field(default=0, init=False)    # positions evaluated by the last decision

    def __post_init__(self) -> None:
        self.rng = Rng(self.seed)

    def choose(self, view: KomboView, legal: list[Action]) -> Action:
        self.evaluated = 0
        if view.phase == "redraw":
            return self._redraw(view, legal)
        return self._pick(self.valued(view, legal))

    def valued(self, view: KomboView, legal: list[Action]) -> list[Choice]:
        """Every choice of the turn so far, valued (deepened where the level looks further)."""
        self.evaluated = 0
        out = self._outlook(view)
        turn = Turn(Board.from_view(view.board), self._hand(view), scored=view.scored)
        if view.pending is not None:
            choices = self._pending(turn, out, view.pending.square, legal)
        else:
            choices = self._main(turn, out, legal)
        return self._deepen(choices, out)

    def _outlook(self, view: KomboView) -> Outlook:
        """The decision's facts: from the view alone (the Expert adds what it remembers)."""
        return Outlook.from_view(view, self.seat, self.weights)

    def _hand(self, view: KomboView) -> list[int]:
        hand = [0] * (UNKNOWN + 1)
        for name in view.hand:
            hand[CREATURE_INDEX[name]] += 1
        return hand

    def _pick(self, choices: list[Choice]) -> Action:
        top = max(c.value for c in choices)
        # Equal choices are broken by the bot's own seeded generator, so bots differ between seeds.
        best = [c.action for c in choices if c.value >= top - 1e-9]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _eval(self, turn: Turn, out: Outlook, ending: bool = False) -> float:
        self.evaluated += 1
        return evaluate(turn, out, ending)

    def _redraw(self, view: KomboView, legal: list[Action]) -> Action:
        """Redraw a starting hand worth clearly less than five average tiles."""
        w = self.weights
        hand = self._hand(view)
        redraw = keep_value(hand, w) < HAND_SIZE * w.average_keep() - 1.0
        return next(a for a in legal if isinstance(a, Redraw) and a.redraw == redraw)

    def _deepen(self, choices: list[Choice], out: Outlook) -> list[Choice]:
        """A hook for deeper bots: the medium bot keeps its one-step values."""
        return choices

    # -- the main choices: place, score, end --

    def _main(self, turn: Turn, out: Outlook, legal: list[Action]) -> list[Choice]:
        w = self.weights
        choices: list[Choice] = []
        gains: dict[int, float] = {}     # ability -> its best choice's gain on the board as it is
        deferred: list[Choice] = []
        for action in legal:
            if isinstance(action, EndTurn):
                choices.append(Choice(self._eval(turn, out, ending=True), action))
            elif isinstance(action, Score):
                after = turn.copy()
                after.score(mask_of(action.squares), self._kombo_points(turn.board, action.squares))
                choices.append(Choice(self._eval(after, out), action, after))
            elif isinstance(action, Place):
                creature = CREATURE_INDEX[action.creature]
                after = turn.copy()
                after.place(creature, action.square, action.trigger)
                value = self._eval(after, out) - w.place_cost
                if action.trigger and creature in (KANGAROO, ALLIGATOR, VULTURE):
                    if creature not in gains:
                        gains[creature] = self._ability_gain(turn, out, creature)
                    deferred.append(Choice(value + gains[creature], action))
                else:
                    choices.append(Choice(value, action, after))
        # The few best placements with a choice are checked with their real choices on the board
        # they make; the others keep the estimate (they are not going to win anyway).
        deferred.sort(key=lambda c: -c.value)
        for rank, choice in enumerate(deferred):
            if rank < w.refine and isinstance(choice.action, Place):
                best = self._refined(turn, out, choice.action)
                choice = Choice(best.value - w.place_cost, choice.action, best.after)
            choices.append(choice)
        return choices

    @staticmethod
    def _kombo_points(board: Board, squares: Sequence[int]) -> int:
        mask = mask_of(squares)
        creatures = {c for c in range(CHAMELEON) if board.faces[c] & mask}
        creature = min(creatures) if creatures else WOLF
        return len(squares) * SCORES[creature]

    def _ability_gain(self, turn: Turn, out: Outlook, creature: int) -> float:
        """How much the best choice of this ability adds, on the board as it is."""
        base = self._eval(turn, out)
        best = max((c.value for c in self._ability_options(turn, out, creature, -1)), default=base)
        return max(0.0, best - base)

    def _refined(self, turn: Turn, out: Outlook, place: Place) -> Choice:
        """The placement with its best choice: value, and the model after both."""
        creature = CREATURE_INDEX[place.creature]
        after = turn.copy()
        after.place(creature, place.square, True)     # the board-full clear waits for the choice
        options = self._ability_options(after, out, creature, place.square)
        if not options:
            after.board.clear_if_full()
            return Choice(self._eval(after, out), place, after)
        return max(options, key=lambda c: c.value)

    def _ability_options(self, turn: Turn, out: Outlook, creature: int, placed: int) -> list[Choice]:
        """The choices of the ability of `creature` placed on `placed` (-1: not placed yet)."""
        board = turn.board
        found: list[Choice] = []
        if creature == KANGAROO:
            for src in bits(board.occ & ~(1 << placed) if placed >= 0 else board.occ):
                for dst in NEIGHBOURS[src]:
                    if not board.occ >> dst & 1 and dst != placed:
                        after = turn.copy()
                        after.kick(src, dst)
                        found.append(Choice(self._eval(after, out), Kick(self.seat, src, dst), after))
        elif creature == ALLIGATOR:
            targets = [sq for sq in bits(board.occ & ~board.down) if sq != placed]
            found = self._swamps(turn, out, targets)
        elif creature == VULTURE:
            # A remembered tile is revived exactly, and the model goes on from it. What any other
            # Revive shows is unknown: valued on average, no model to go on from (after stays None).
            known = {sq: seen for sq, seen in out.remembered.items() if board.down >> sq & 1}
            for sq, seen in known.items():
                after = turn.copy()
                after.revive(sq, seen)
                found.append(Choice(self._eval(after, out), Revive(self.seat, sq), after))
            for sq in revive_candidates(board, self.weights.revive_squares):
                if sq not in known:
                    found.append(Choice(revive_value(turn, sq, out), Revive(self.seat, sq)))
                    self.evaluated += len(CREATURES)
        return found

    def _swamps(self, turn: Turn, out: Outlook, targets: list[int]) -> list[Choice]:
        """Single flips first; pairs only among the best singles (a pair's worth is mostly its two
        flips')."""
        singles: list[Choice] = []
        for sq in targets:
            after = turn.copy()
            after.swamp((sq,))
            singles.append(Choice(self._eval(after, out), Swamp(self.seat, (sq,)), after))
        singles.sort(key=lambda c: -c.value)
        best = sorted(sq for c in singles[:self.weights.swamp_pairs_from] if isinstance(c.action, Swamp)
                      for sq in c.action.squares)
        pairs: list[Choice] = []
        for pair in combinations(best, 2):
            after = turn.copy()
            after.swamp(pair)
            pairs.append(Choice(self._eval(after, out), Swamp(self.seat, pair), after))
        return singles + pairs

    # -- an ability waiting for its choice --

    def _pending(self, turn: Turn, out: Outlook, placed: int, legal: list[Action]) -> list[Choice]:
        creature = turn.board.creature_at(placed)
        options = {c.action: c for c in self._ability_options(turn, out, creature, placed)}
        choices = [options[a] for a in legal if a in options]
        if choices:
            return choices
        # Nothing the model offered is legal (it should not happen): any legal choice, valued alike.
        return [Choice(0.0, a) for a in legal]
