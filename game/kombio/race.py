"""KOMBIO's slap race, as the referee judges it (game.core.referee): which actions race (slaps), what
a slap answers (the discard's serial), when it has been won (a right slap), and the words a player
reads when a slap did not count. The judging itself is the referee's: presses in press-time order,
exact ties by the game's seeded tie generator, each that counts applied to the game once."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.engine import Action, Event
from game.core.seats import seat_name

from .actions import Slap
from .events import Slapped
from .state import KombioState


class KombioRace:
    def races(self, action: Action) -> bool:
        return isinstance(action, Slap)

    def answers(self, action: Action) -> int:
        if not isinstance(action, Slap):
            raise TypeError(f"KOMBIO's race judges slaps, not {action}")
        return action.discard

    def latest(self, state: Any) -> int:
        assert isinstance(state, KombioState)
        return state.serial

    def closes(self, events: Sequence[Event]) -> bool:
        return any(isinstance(e, Slapped) and e.right for e in events)

    def closed(self, state: Any, answers: int) -> bool:
        assert isinstance(state, KombioState)
        return state.matched and answers == state.serial

    def beaten(self, winner: int) -> str:
        return f"{seat_name(winner)} matched it first"

    def stale(self) -> str:
        return "too late: another card was discarded since"


__all__ = ["KombioRace"]
