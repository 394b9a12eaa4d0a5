"""Kabooom!'s move log: each event's line, the same in the window's log and a headless printout."""
from __future__ import annotations

from game.core.engine import Event
from game.core.seats import seat_name

from .rules import SYM_INDEX, SYMBOL_NAMES, Exploded, GameOver, Moved, Passed, PhaseChanged, Placed, square_name


def narrate(event: Event) -> str | None:
    if isinstance(event, Placed):
        name = SYMBOL_NAMES[SYM_INDEX[event.symbol]] if event.symbol in SYM_INDEX else event.symbol
        return f"{seat_name(event.seat)} places {name} on {square_name(event.square)}"
    if isinstance(event, Moved):
        return (f"{seat_name(event.seat)} moves {square_name(event.src)}→{square_name(event.dst)}: "
                f"a tower of {event.height}")
    if isinstance(event, Exploded):
        return (f"{seat_name(event.seat)}'s Dynamite {square_name(event.src)}→{square_name(event.dst)}: "
                f"KABOOOM! {event.destroyed} counters gone")
    if isinstance(event, Passed):
        return f"{seat_name(event.seat)} passes"
    if isinstance(event, PhaseChanged):
        return "All counters placed: capture!" if event.phase == "capture" else None
    if isinstance(event, GameOver):
        return f"Game over: {event.termination.text}"
    return None
