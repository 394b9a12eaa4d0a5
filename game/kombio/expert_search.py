"""How the Expert weighs a few options: each played to the round's end (expert_playout) from the same
deals of the cards its seat cannot place (determinise.state_from_view), the one that wins the round
most often taken. Common random numbers: every option of one deal is played with the same generator,
so the options differ only by the option.

Flat playouts beat game.core.search's ISMCTS here (measured: its tree spends its iterations on other
seats' moves, wrong slaps among them, that no hard player makes); `tree_choice` keeps it to compare.
"""
from __future__ import annotations

import time
from collections.abc import Sequence

from game.core.engine import Action
from game.core.rng import Rng
from game.core.search import Budget, search

from .determinise import Seen, state_from_view
from .expert_playout import playout_action, round_value
from .rules import KombioEngine
from .state import KombioState
from .view import KombioView

_ENGINE = KombioEngine()      # holds no state: the rules the playouts apply


def distinct(options: Sequence[Action | None]) -> list[Action]:
    """The options given, in order, each once."""
    out: list[Action] = []
    for option in options:
        if option is not None and option not in out:
            out.append(option)
    return out


def flat_choice(view: KombioView, seen: Seen, rng: Rng, candidates: list[Action], budget: Budget) -> Action:
    """The candidate that wins the round most often over `budget.iterations` deals of the unseen
    cards, each played out once per candidate (or as many deals as `budget.seconds` allows, at least
    one); the first candidate keeps ties."""
    deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
    wins = [0.0] * len(candidates)
    engine = _ENGINE
    deals = 0
    while budget.iterations is None or deals < budget.iterations:
        deals += 1
        world = state_from_view(view, seen, rng)
        seed = rng.below(1 << 30)
        for i, action in enumerate(candidates):
            state = world.copy()
            engine.apply(state, action)
            wins[i] += round_value(engine, state, seen.seat, Rng(seed))
        if deadline is not None and time.perf_counter() >= deadline:
            break
    return _best(candidates, wins)


def _best(candidates: list[Action], wins: list[float]) -> Action:
    return candidates[max(range(len(candidates)), key=lambda i: (wins[i], -i))]


def tree_choice(view: KombioView, seen: Seen, rng: Rng, candidates: list[Action], budget: Budget) -> Action:
    """The candidates by information-set MCTS (game.core.search) over the same playouts (an
    iteration: one playout, so as many as `flat_choice` plays for the same budget)."""
    iterations = budget.iterations
    scaled = Budget(seconds=budget.seconds, iterations=None if iterations is None else iterations * len(candidates))
    engine = _Rooted(seen.seat, view, candidates)
    return search(engine, seen.seat, lambda r: state_from_view(view, seen, r), rng, scaled,
                  rollout=playout_action, max_rollout=400)


class _Rooted(KombioEngine):
    """The rules, with the searching seat's choice in the searched position narrowed to the
    Expert's options (the position: same round, phase, discard and turn, as no option keeps them)."""

    def __init__(self, seat: int, view: KombioView, options: list[Action]) -> None:
        self.seat, self.options = seat, options
        self.root = (view.round, view.phase, view.discard_serial, view.turn, len(view.pending))

    def legal_actions(self, state: KombioState, seat: int) -> list[Action]:
        if seat == self.seat and (state.round, state.phase, state.serial, state.turn,
                                  len(state.pending)) == self.root:
            return list(self.options)
        return super().legal_actions(state, seat)
