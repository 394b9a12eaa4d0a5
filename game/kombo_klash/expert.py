"""Kombo Klash!'s Expert: information-set Monte Carlo tree search (game.core.search) over the hard
bot's best few choices.

Each iteration deals what the seat cannot see afresh (game.kombo_klash.determinise, from its view and
what it remembers of its own events; the view is worked out once a decision, each deal only shuffles)
and plays on: the rest of its turn and the next seats' turns, until the turn comes back to the bot or
the game ends. The playouts play a turn as the hard bot does (its habits, counted in hard-vs-hard
games: it scores a Kombo in three turns of four and empties its hand, five to seven tiles a turn, the
Wolf howling first): score the best Kombo on offer, else place the tile that joins one up, else go on
placing tiles with the abilities the hard bot triggers. The position reached is judged by each seat's
points, its hand (valued as the hard bot values one) and, for the seat to act, the Kombo it scores
first, between the bot and its best rival.

A turn offers a hundred placements, too many to sample in half a second, so the root's choice is
narrowed to the hard bot's shortlist (its one-step values, two actions deep for the best), and below
the root the search follows the playout policy (PolicyBelowRoot): each shortlisted plan is judged by
how it plays out, over many deals, against tiles the bot cannot see.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.core.bots import random_by_kind
from game.core.engine import Action, Engine, Event
from game.core.rng import Rng
from game.core.search import Budget, SearchReport, search

from .actions import EndTurn, Place, Redraw, Swamp
from .determinise import Dealer, Memory
from .model import UNKNOWN, Board
from .outlook import MEDIUM, keep_value
from .planner import PlannerBot
from .rules import KomboKlashEngine, KomboState
from .tables import CREATURE_INDEX, CREATURES, PLAY, RAVEN, SWAMP, TABLE, WOLF, creature_of
from .view import KomboView

ENGINE = KomboKlashEngine()
SWAMP_MAX = TABLE.swamp_max
EXPERT_BUDGET = Budget(seconds=0.4)
SHORTLIST = 5                # the hard bot's best choices the search decides among
PLAYOUT = 60                 # actions at most in a playout (a cut-off judges the rest)
SCALE = 6.0                  # points of lead that make a position about three to one
EXPLORE = 0.5                # UCT's exploration constant, for values squashed into [0, 1]
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


@dataclass
class PolicyBelowRoot(KomboKlashEngine):
    """The engine as the search sees it: at the root the seat's own list (the search narrows it to the
    shortlist), below it only the playout policy's move. A turn offers a hundred placements, far too
    many to expand at random in a few hundred iterations; so each shortlisted action is judged by
    how the policy plays on from it over many deals (flat Monte Carlo under the root)."""

    seat: int
    root: tuple[int, int, int, bool, str]     # round, turn, tiles played, scored, pending
    rng: Rng

    def legal_actions(self, state: KomboState, seat: int) -> list[Action]:
        if (state.round, state.turn, state.played, state.scored, state.pending) == self.root:
            return super().legal_actions(state, seat)
        return [playout_action(ENGINE, state, self.rng)]


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
    """PlannerBot's shortlist, decided by ISMCTS over determinisations of what the seat cannot see."""

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
        memory, seat = self.memory, self.seat

        def back_to_me(engine: Engine[Any], state: KomboState) -> bool:
            # every action but a pass leaves a tile played or a Kombo scored: none yet means the
            # seat's next turn has begun
            return state.turn == seat and not state.played and not state.scored

        dealer = Dealer.from_view(view, memory)
        root = (view.round, view.turn, view.played, view.scored, view.pending.ability if view.pending else "")
        engine = PolicyBelowRoot(seat, root, self.rng)
        return search(engine, seat, dealer.deal, self.rng,
                      self.budget, rollout=playout_action, evaluate=value_for, max_rollout=PLAYOUT,
                      c=EXPLORE, root_actions=shortlist, stop=back_to_me, report=self.report)

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
