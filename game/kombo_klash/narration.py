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
    HandDiscarded,
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

# What a drawing seat does, by the draw's reason (a deal and a redraw's draw say nothing of their own:
# the deal is the setup, and the redraw's discard has its line).
_DRAWS = {"refill": "{name} ends the turn and draws {tiles}", "empty_hand": "{name} has an empty hand: draws {tiles}",
          "call": "{name}'s Raven calls: draws {tiles}", "scatter": "{name}'s Gorilla scatters: draws {tiles}"}


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
    if isinstance(event, HandDiscarded):
        # a redraw before the first turn, or a Gorilla's Scatter (whose draw has the line)
        return None if event.count == 0 else f"{seat_name(event.seat)} discards {tiles(event.count)} face down"
    if isinstance(event, Howled):
        return f"{seat_name(event.seat)}'s Wolf howls: +{event.points}"
    if isinstance(event, Hypnotised):
        return f"{seat_name(event.seat)}'s Snake takes the {event.creature} into the hand"
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
        return f"The board is full: {tiles(len(event.squares))} go to the discard pile"
    if isinstance(event, Reshuffled):
        return f"The discard pile ({tiles(event.count)}) becomes the new draw pile"
    if isinstance(event, TieBreak):
        names = " and ".join(seat_name(s) for s in event.seats)
        return f"{names} are tied on {event.score}: one more round"
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
