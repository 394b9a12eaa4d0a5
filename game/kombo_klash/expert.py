"""Kombo Klash!'s Expert: information-set Monte Carlo tree search (game.core.search) over the hard
bot's best few choices.

Each iteration deals what the seat cannot see afresh (game.kombo_klash.determinise, from its view and
what it remembers of its own events) and plays on: the rest of its turn and the next seats' turns,
by a quick policy (the best Kombo when one is on offer, else a random kind of action), until the turn
comes back to the bot or the game ends; the position is then judged by the points between it and its
best rival. A turn offers a hundred placements, too many to sample in half a second, so the root's
choice is narrowed to the hard bot's shortlist (its one-step values, two actions deep for the best):
the search decides among plans a cheap judge already finds plausible, by how they play out against
tiles it cannot see.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from game.core.bots import random_by_kind
from game.core.engine import Action, Engine, Event
from game.core.rng import Rng
from game.core.search import Budget, SearchReport, search

from .actions import EndTurn, Redraw, Score
from .bot import Board, Outlook, PlannerBot, Turn
from .determinise import Memory, state_from_view
from .rules import KomboKlashEngine, KomboState
from .view import KomboView

ENGINE = KomboKlashEngine()
EXPERT_BUDGET = Budget(seconds=0.4)
SHORTLIST = 5                # the hard bot's best choices the search decides among
PLAYOUT = 60                 # actions at most in a playout (a cut-off judges the rest)
SCALE = 6.0                  # points of lead that make a position about three to one
EXPLORE = 0.5                # UCT's exploration constant, for values squashed into [0, 1]
END_CHANCE = 0.35            # in a playout, once a tile is down: chance to end the turn there


def playout_action(engine: Engine[Any], state: KomboState, rng: Rng) -> Action:
    """A quick, plausible move: score the best Kombo on offer, else a random kind of action, ending
    the turn now and then once a tile is down."""
    seat = state.turn
    legal = engine.legal_actions(state, seat)
    if not state.pending and not state.scored and state.phase == "play":
        kombos = state.kombos()
        if kombos:
            best = max(kombos, key=lambda k: k.points)
            action = next((a for a in legal if isinstance(a, Score) and a.squares == best.squares), None)
            if action is not None:
                return action
    if state.played and not state.pending and rng.random() < END_CHANCE:
        end = next((a for a in legal if isinstance(a, EndTurn)), None)
        if end is not None:
            return end
    return random_by_kind(legal, rng)


def value_for(engine: Engine[Any], state: KomboState, seat: int) -> float:
    """A playout's end for `seat`, in [0, 1]: its points against its best rival's, squashed."""
    rivals = [s for i, s in enumerate(state.scores) if i != seat]
    lead = state.scores[seat] - max(rivals)
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

        return search(ENGINE, seat, lambda rng: state_from_view(view, memory, rng), self.rng,
                      self.budget, rollout=playout_action, evaluate=value_for, max_rollout=PLAYOUT,
                      c=EXPLORE, root_actions=shortlist, stop=back_to_me, report=self.report)

    def _shortlist(self, view: KomboView, legal: list[Action]) -> list[Action]:
        """The hard bot's best few choices, best first."""
        self.evaluated = 0
        out = Outlook.from_view(view, self.seat, self.weights)
        turn = Turn(Board.from_view(view.board), self._hand(view), scored=view.scored)
        if view.pending is not None:
            choices = self._pending(turn, out, view.pending.square, legal)
        else:
            choices = self._main(turn, out, legal)
        ranked = sorted(self._deepen(choices, out), key=lambda c: -c.value)
        seen: list[Action] = []
        for choice in ranked:
            if choice.action not in seen and choice.action in legal:
                seen.append(choice.action)
            if len(seen) == SHORTLIST:
                break
        return seen or [a for a in legal if not isinstance(a, Redraw)][:1] or legal[:1]
