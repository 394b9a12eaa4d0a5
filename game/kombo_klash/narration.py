"""Kombo Klash!'s move log: each event's line, the same in the window's log and a headless printout.

A line never names a tile only one seat may see: the window's log stays on a screen that hot-seat
players pass between them, so a draw says how many tiles, never which.
"""
from __future__ import annotations

from game.core.engine import Event
from game.core.seats import seat_name

from .actions import squares_text
from .events import (
    BoardCleared,
    Drew,
    GameOver,
    Howled,
    Hypnotised,
    Kept,
    Kicked,
    Placed,
    Reshuffled,
    Revived,
    Scored,
    Swamped,
    TieBreak,
)
from .tables import CREATURE_INDEX, SNAKE, TABLE, square_name

# What a drawing seat does, by the draw's reason (the deal is the setup: no line of its own). A
# redraw's and a Scatter's discard have none either: their draw says it all.
_DRAWS = {"refill": "{name} ends the turn and draws {tiles}", "empty_hand": "{name} has an empty hand: draws {tiles}",
          "call": "{name}'s Raven calls: draws {tiles}", "scatter": "{name}'s Gorilla scatters the hand: draws {tiles}",
          "redraw": "{name} redraws the starting hand"}


def tiles(count: int) -> str:
    return f"{count} tile{'s' if count != 1 else ''}"


def narrate(event: Event) -> str | None:
    if isinstance(event, Placed):
        return _placed(event)
    if isinstance(event, Drew):
        words = _DRAWS.get(event.reason)
        if words is None:
            return None
        name = seat_name(event.seat)
        if event.count == 0:
            return f"{name} ends the turn: nothing left to draw" if event.reason == "refill" else None
        return words.format(name=name, tiles=tiles(event.count))
    if isinstance(event, Kept):
        return f"{seat_name(event.seat)} keeps the starting hand"
    if isinstance(event, Howled):
        return f"{seat_name(event.seat)}'s Wolf howls: +{event.points}"
    if isinstance(event, Hypnotised):
        return f"{seat_name(event.seat)}'s Snake takes the {event.creature}"
    if isinstance(event, Kicked):
        what = event.creature or "a face-down tile"
        return f"{seat_name(event.seat)} kicks {what} {square_name(event.src)}→{square_name(event.dst)}"
    if isinstance(event, Swamped):
        return f"{seat_name(event.seat)} swamps {', '.join(event.creatures)}: +{event.points}"
    if isinstance(event, Revived):
        return f"{seat_name(event.seat)} revives a {event.creature} on {square_name(event.square)}"
    if isinstance(event, Scored):
        return (f"{seat_name(event.seat)} scores {len(event.squares)} {event.creature}s "
                f"({squares_text(event.squares)}): +{event.points}")
    if isinstance(event, BoardCleared):
        return f"Board full: {tiles(len(event.squares))} are discarded"
    if isinstance(event, Reshuffled):
        return f"{event.count} discarded tiles become the draw pile"
    if isinstance(event, TieBreak):
        names = " and ".join(seat_name(s) for s in event.seats)
        return f"Tie on {event.score}: {names} play on"
    if isinstance(event, GameOver):
        return f"Game over: {event.termination.text}"
    return None      # the setup, a turn's and a round's start and end: the screen shows them


def _placed(event: Placed) -> str:
    creature = CREATURE_INDEX[event.creature]
    where = square_name(event.square)
    name = seat_name(event.seat)
    if creature == SNAKE and event.trigger:
        return f"{name} plays the Snake onto {where}: Hypnotise"
    ability = f" ({TABLE.creatures[creature].ability})" if event.trigger else ""
    return f"{name} plays {event.creature} on {where}{ability}"
