"""A game's narration: each event's line in a move log, written once by the game (its narration
module, named by its GameDef) and read by the window's log, the headless printouts and the demo."""
from __future__ import annotations

from collections.abc import Callable, Iterable

from .engine import Event

Narrator = Callable[[Event], "str | None"]     # an event -> its line (None: it has none)


def plain_narration(event: Event) -> str:
    """For a game that narrates nothing of its own: the event's own words."""
    return str(event)


def told(narrate: Narrator, events: Iterable[Event]) -> str:
    """A step's events as the game narrates them, in one line."""
    return "; ".join(line for line in map(narrate, events) if line)


__all__ = ["Narrator", "plain_narration", "told"]
