"""Information-set Monte Carlo tree search, shared by the Expert bots that search over deals of what
their seat cannot see (Kabooom!'s and KOMBIO's; the other Experts plan on their view, which measured
stronger in their games).

After OpenSpiel's ismcts.py and Cowling, Powley and Whitehouse's single-observer ISMCTS: one tree
over the searching seat's information set. Each iteration draws a fresh determinisation (a full
state consistent with what the seat has seen, from `determinise`), walks the tree choosing only
among the actions legal in that determinisation (UCT, with each child's availability count in place
of its parent's visits, so an action that is rarely possible is not starved), adds one node, plays
the rest out, and backs the result up. The search never sees the true state: only what
`determinise` builds from the bot's view and memory.

A node's value is kept for the seat whose action led to it, so every seat chooses for itself (max^n
for more than two players). Where several seats may act at once the playout picks one of them at
random; the searching seat acts at the root.

Deterministic for a given Rng when the budget is by iterations: the clock is read only to stop.
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .engine import Action, Engine
from .rng import Rng

State = Any
Rollout = Callable[[Engine[Any], State, Rng], Action]
Evaluate = Callable[[Engine[Any], State, int], float]


@dataclass(frozen=True)
class Budget:
    seconds: float | None = 0.5     # wall-clock per decision (the only use of a clock)
    iterations: int | None = None   # a move-count budget, for reproducible tests; whichever ends first

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise ValueError("a search budget needs seconds, iterations or both")


@dataclass
class SearchReport:
    """What one search did, for tools and tests (filled in when passed to `search`)."""

    iterations: int = 0
    seconds: float = 0.0
    visits: dict[Action, int] = field(default_factory=dict)   # per root action


@dataclass
class _Node:
    mover: int = -1                 # the seat whose action led here (-1 at the root)
    visits: int = 0
    total: float = 0.0              # summed value for `mover`
    avail: int = 0                  # iterations in which the action leading here was legal
    children: dict[Action, _Node] = field(default_factory=dict)


def search(engine: Engine[Any], seat: int, determinise: Callable[[Rng], State], rng: Rng, budget: Budget, *,
           rollout: Rollout | None = None,
           evaluate: Evaluate | None = None,
           max_rollout: int = 200, c: float = 1.4,
           root_actions: Sequence[Action] | None = None,
           stop: Callable[[Engine[Any], State], bool] | None = None,
           report: SearchReport | None = None) -> Action:
    """The action for `seat` that the search visited most (see the module's doc).

    `rollout` picks a playout's actions (default: uniform among the legal ones); `evaluate` values a
    playout stopped after `max_rollout` actions for a seat, in [0, 1] (default: 0.5, a draw: only
    outcomes count). A finished game is worth 1 to a sole winner, 1/k to each of k tied winners.
    `stop(engine, state)` true ends a playout there, to be judged by `evaluate` (the turn came back).
    `root_actions` narrows the seat's choice now to these (a shortlist from a cheaper judge)."""
    started = time.perf_counter()
    deadline = None if budget.seconds is None else started + budget.seconds
    root = _Node()
    play = rollout or _random_action
    first: list[Action] | None = None
    done = 0
    while True:
        state = determinise(rng)
        if first is None:
            first = engine.legal_actions(state, seat)
            if root_actions is not None:
                first = [a for a in root_actions if a in first]
            if not first:
                raise ValueError(f"seat {seat} has no legal action in the position searched")
            if len(first) == 1:
                done = 0
                break
        _iterate(engine, seat, root, first, state, rng, play, evaluate, max_rollout, c, stop)
        done += 1
        if budget.iterations is not None and done >= budget.iterations:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            break
    assert first is not None
    if report is not None:
        report.iterations = done
        report.seconds = time.perf_counter() - started
        report.visits = {a: n.visits for a, n in root.children.items()}
    if not root.children:
        return first[0]
    # most visits; ties to the higher mean, then to the order the root listed its actions
    order = {a: i for i, a in enumerate(first)}
    return max(root.children.items(),
               key=lambda item: (item[1].visits, item[1].total / max(1, item[1].visits),
                                 -order.get(item[0], len(order))))[0]


def _random_action(engine: Engine[Any], state: State, rng: Rng) -> Action:
    acting = sorted(engine.to_act(state))
    mover = acting[0] if len(acting) == 1 else rng.choice(acting)
    return rng.choice(engine.legal_actions(state, mover))


def _iterate(engine: Engine[Any], seat: int, root: _Node, at_root: list[Action], state: State, rng: Rng,
             play: Rollout, evaluate: Evaluate | None, max_rollout: int, c: float,
             stop: Callable[[Engine[Any], State], bool] | None) -> None:
    path = [root]
    node = root
    # selection and expansion: within the tree, among the actions legal in this determinisation
    while engine.outcome(state) is None:
        if node is root:
            mover = seat
        else:
            acting = sorted(engine.to_act(state))
            mover = acting[0] if len(acting) == 1 else rng.choice(acting)
        # the seat's legal actions now are the same in every determinisation (the view decides them)
        legal = at_root if node is root else engine.legal_actions(state, mover)
        children = node.children
        fresh = [a for a in legal if a not in children]
        for action in legal:
            child = children.get(action)
            if child is not None:
                child.avail += 1
        if fresh:
            action = fresh[0] if len(fresh) == 1 else rng.choice(fresh)
            child = children[action] = _Node(mover=mover, avail=1)
            engine.apply(state, action)
            path.append(child)
            break
        action = _uct(children, legal, c)
        node = children[action]
        engine.apply(state, action)
        path.append(node)
    # the playout
    steps = 0
    while steps < max_rollout and engine.outcome(state) is None:
        if stop is not None and stop(engine, state):
            break
        engine.apply(state, play(engine, state, rng))
        steps += 1
    values: dict[int, float] = {}
    outcome = engine.outcome(state)
    for node in path[1:]:
        value = values.get(node.mover)
        if value is None:
            if outcome is not None:
                winners = outcome.winners
                value = 1.0 / len(winners) if node.mover in winners else 0.0
            elif evaluate is not None:
                value = evaluate(engine, state, node.mover)
            else:
                value = 0.5
            values[node.mover] = value
        node.visits += 1
        node.total += value
    root.visits += 1


def _uct(children: dict[Action, _Node], legal: list[Action], c: float) -> Action:
    best: Action | None = None
    best_score = -math.inf
    for action in legal:
        child = children[action]
        score = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
        if score > best_score:
            best, best_score = action, score
    assert best is not None
    return best
