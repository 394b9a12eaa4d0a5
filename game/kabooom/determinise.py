"""A full Kabooom! state for a seat's view, for searching bots.

Kabooom! has no secrets (every seat sees the whole board and every pool), so the state is the view
itself: `resample_hidden` is a clone, and a state built from a view is the only one consistent with
it. What a seat has seen adds nothing; `seen` is taken for the shape every game's builder shares.
"""
from __future__ import annotations

from typing import Any

from game.core.rng import Rng

from .rules import KabooomState, KabooomView
from .rules import state_from_view as _rebuilt


def state_from_view(view: KabooomView, seen: Any, rng: Rng) -> KabooomState:
    """The state `view` shows. The game draws nothing after setup, so the Rng the state carries is
    only a placeholder, seeded from `rng` so that a search stays reproducible."""
    state = _rebuilt(view)
    state.rng = Rng(rng.below(1 << 30))
    return state
