"""Kombo Klash!'s Expert: the hard bot's best few choices, each judged as a plan by Monte Carlo over
deals of what the seat cannot see.

A plan is a choice and the rest of the turn as the medium bot plays it after that choice, worked out
once a decision on one deal (what the seat sees does not change between deals until it draws a tile).
Each deal (game.kombo_klash.determinise, from the view and what the seat remembers of its own events)
then plays every plan: the plan while it stays legal (a tile drawn unseen may change it; the playout
policy finishes the turn then), and the next seats' turns by the playout policy until the turn comes
back to the bot or the game ends. Every plan meets the same deals and the same replies, so what
differs between their totals is the plans. The position reached is judged by each seat's points, its
hand (valued as the hard bot values one) and, for the seat to act, the Kombo it scores first, between
the bot and its best rival; a finished game by its winners.

The playout policy plays a turn as the hard bot does (its habits, counted in hard-vs-hard games: it
scores a Kombo in three turns of four and empties its hand, five to seven tiles a turn, the Wolf
howling first): score the best Kombo on offer, else place the tile that joins one up, else go on
placing tiles with the abilities the hard bot triggers.

Why plans and not a tree: information-set MCTS over the same shortlist (game.core.search, with this
policy below the root) played the rest of the bot's own turn by the playout policy, so its verdict on
a choice was mostly the noise of random placements after it; it stopped gaining past 800 iterations,
at 61% of 182 games against hard. Judging the whole turn the bot would really play, on shared deals,
is what the opponent's reply should be measured against.
"""
from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from game.core.bots import random_by_kind
from game.core.engine import Action, Engine, Event
from game.core.rng import Rng
from game.core.search import Budget, SearchReport

from .actions import EndTurn, Place, Redraw, Swamp
from .determinise import Dealer, Memory
from .greedy import GreedyBot
from .model import UNKNOWN, Board
from .outlook import MEDIUM, keep_value
from .planner import PlannerBot
from .rules import KomboKlashEngine, KomboState
from .tables import CREATURE_INDEX, CREATURES, PLAY, RAVEN, SWAMP, TABLE, WOLF, creature_of
from .view import KomboView

ENGINE = KomboKlashEngine()
SWAMP_MAX = TABLE.swamp_max
EXPERT_BUDGET = Budget(seconds=0.4)
SHORTLIST = 5                # the hard bot's best choices the Expert decides among
PLAYOUT = 60                 # actions at most in a playout (a cut-off judges the rest)
SCALE = 6.0                  # points of lead that make a position about three to one
PLAN_MAX = 30                # actions at most in the rest of a turn (a turn plays five to seven)
END_CHANCE = 0.1             # in a playout, once a tile is down: chance to end the turn there


def _hand_counts(tiles: Sequence[int]) -> list[int]:
    counts = [0] * (UNKNOWN + 1)
    for tile in tiles:
        counts[creature_of(tile)] += 1
    return counts


def completing_place(state: KomboState, seat: int) -> tuple[int, int, int]:
    """(points, creature, square) of the best Kombo one tile of `seat`'s hand, placed on an open
    space, joins up ((0, -1, -1) when none does): what a player looks for before ending a turn
    without a Kombo. Read on the bots' model of the board (the state's own masks, not copied: the
    model only reads them here)."""
    board = Board(state.occ, state.occ & ~state.upm, state.faces_up)
    return board.best_join({creature_of(tile) for tile in state.hands[seat]})


# What the playout does with each creature's ability (the hard bot's habits: it howls, calls, swamps
# and hypnotises nearly always, kicks seldom; None: either, at random).
TRIGGER: tuple[bool | None, ...] = (True, True, None, False, True, None, True, False)


def playout_action(engine: Engine[Any], state: KomboState, rng: Rng) -> Action:
    """A quick move that plays a turn as the hard bot does: score the best Kombo on offer, else place
    the tile that joins up the best one (to score it next), else go on placing tiles (the Wolf first,
    while the hand is big) until the hand is empty, ending early now and then. `engine` is the search's
    view of the engine: the rules' own lists are read from ENGINE."""
    seat = state.turn
    if state.phase != PLAY:
        return random_by_kind(ENGINE.legal_actions(state, seat), rng)
    if state.pending:
        choices = ENGINE.legal_actions(state, seat)
        if state.pending == SWAMP:
            pairs: list[Action] = [a for a in choices if isinstance(a, Swamp) and len(a.squares) == SWAMP_MAX]
            choices = pairs or choices      # a point a tile flipped
        return rng.choice(choices)
    hand = state.hands[seat]
    if not state.scored:
        kombos = state.kombos()
        if kombos:
            best = max(kombos, key=lambda k: k.points)
            return state.score_actions(seat, [best])[0]
        points, creature, sq = completing_place(state, seat)
        if points:
            # a Wolf howls for the tiles left and a Raven draws: never worse than not triggering
            return Place(seat, CREATURES[creature], sq, creature in (WOLF, RAVEN))
    if not hand or (state.played and rng.random() < END_CHANCE):
        return EndTurn(seat)
    places: dict[int, list[Place]] = {}
    for action in ENGINE.legal_actions(state, seat):
        if isinstance(action, Place):
            places.setdefault(CREATURE_INDEX[action.creature], []).append(action)
    if not places:
        return EndTurn(seat)
    creature = WOLF if WOLF in places else rng.choice(sorted(places))
    wanted = TRIGGER[creature]
    options = [a for a in places[creature] if wanted is None or a.trigger == wanted] or places[creature]
    return rng.choice(options)


def prospects(state: KomboState) -> list[float]:
    """Each seat's points plus what it holds (its hand, valued as the hard bot values a hand) and, for
    the seat to act, the Kombo it scores first: on the board now, or a share of one its hand joins up."""
    values = [score + keep_value(_hand_counts(hand), MEDIUM) for score, hand in zip(state.scores, state.hands)]
    mover = state.turn
    if state.phase == PLAY and not state.scored and not state.pending:
        on_board = max((k.points for k in state.kombos()), default=0)
        values[mover] += max(on_board, MEDIUM.this_turn * completing_place(state, mover)[0])
    return values


def value_for(engine: Engine[Any], state: KomboState, seat: int) -> float:
    """A playout's end for `seat`, in [0, 1]: its prospects against its best rival's, squashed."""
    values = prospects(state)
    lead = values[seat] - max(v for i, v in enumerate(values) if i != seat)
    return 1.0 / (1.0 + math.exp(-lead / SCALE))


class ExpertBot(PlannerBot):
    """PlannerBot's shortlist, each choice judged as a plan (see the module's doc)."""

    def __init__(self, seat: int, seed: int, budget: Budget = EXPERT_BUDGET) -> None:
        super().__init__(seat, seed)
        self.budget = budget
        self.memory = Memory(seat)
        self.report = SearchReport()

    def observe(self, events: Sequence[Event]) -> None:
        self.memory.observe(events)

    def choose(self, view: KomboView, legal: list[Action]) -> Action:
        self.memory.look(view)
        if view.phase == "redraw" or len(legal) == 1:
            return super().choose(view, legal)
        shortlist = self._shortlist(view, legal)
        if len(shortlist) == 1:
            return shortlist[0]
        started = time.perf_counter()
        dealer = Dealer.from_view(view, self.memory)
        plans = self._plans(dealer.deal(self.rng), shortlist)
        totals = [0.0] * len(shortlist)
        budget = self.budget
        deals_wanted = None if budget.iterations is None else max(1, budget.iterations // len(shortlist))
        deadline = None if budget.seconds is None else started + budget.seconds
        deals = 0
        while True:
            # every plan meets the same deal and the same replies: the differences are the plans'
            state = dealer.deal(self.rng)
            replies = self.rng.below(1 << 30)
            for i, plan in enumerate(plans):
                totals[i] += self._judge(state.copy(), plan, Rng(replies))
            deals += 1
            if deals_wanted is not None and deals >= deals_wanted:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.report.iterations = deals * len(shortlist)
        self.report.seconds = time.perf_counter() - started
        self.report.visits = dict.fromkeys(shortlist, deals)
        best = max(range(len(shortlist)), key=lambda i: (totals[i], -i))    # ties: the hard bot's order
        return shortlist[best]

    def _mine(self, state: KomboState) -> bool:
        return state.turn == self.seat and state.phase == PLAY and ENGINE.outcome(state) is None

    def _plans(self, deal: KomboState, shortlist: list[Action]) -> list[list[Action]]:
        """Each choice and the rest of the turn as the medium bot would play it after it, worked out
        once on one deal: what the seat sees does not change between deals until it draws."""
        finisher = GreedyBot(self.seat, self.rng.below(1 << 30))
        plans = []
        for first in shortlist:
            state = deal.copy()
            ENGINE.apply(state, first)
            plan = [first]
            while self._mine(state) and len(plan) < PLAN_MAX:
                action = finisher.choose(ENGINE.view(state, self.seat), ENGINE.legal_actions(state, self.seat))
                plan.append(action)
                ENGINE.apply(state, action)
            plans.append(plan)
        return plans

    def _judge(self, state: KomboState, plan: list[Action], rng: Rng) -> float:
        """One deal's verdict on a plan, in [0, 1]: the plan played while it stays legal (a tile drawn
        unseen may change it; the playout policy ends the turn then), the next seats' turns by the
        playout policy until the turn comes back, and the position then judged (value_for)."""
        seat = self.seat
        ENGINE.apply(state, plan[0])
        for action in plan[1:]:
            if not self._mine(state) or action not in ENGINE.legal_actions(state, seat):
                break
            ENGINE.apply(state, action)
        steps = 0
        while self._mine(state) and steps < PLAN_MAX:
            ENGINE.apply(state, playout_action(ENGINE, state, rng))
            steps += 1
        steps = 0
        while ENGINE.outcome(state) is None and steps < PLAYOUT:
            if state.turn == seat and not state.played and not state.scored:
                break
            ENGINE.apply(state, playout_action(ENGINE, state, rng))
            steps += 1
        outcome = ENGINE.outcome(state)
        if outcome is not None:
            return 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
        return value_for(ENGINE, state, seat)

    def _shortlist(self, view: KomboView, legal: list[Action]) -> list[Action]:
        """The hard bot's best few choices, best first."""
        ranked = sorted(self.valued(view, legal), key=lambda c: -c.value)
        seen: list[Action] = []
        for choice in ranked:
            if choice.action not in seen and choice.action in legal:
                seen.append(choice.action)
            if len(seen) == SHORTLIST:
                break
        return seen or [a for a in legal if not isinstance(a, Redraw)][:1] or legal[:1]
