"""KOMBIO's move log: each event's line, the same in the window's log and a headless printout.

A hot-seat log is read by everyone at the screen, so no line names a card only one seat may see (a
drawn card, a peek, a look): those say who looked, never what they saw.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.engine import Event
from game.core.seats import seat_name

from .events import (
    Called,
    Discarded,
    Drew,
    GameOver,
    Gave,
    Looked,
    Passed,
    Peeked,
    PenaltyDrawn,
    Replaced,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    Settled,
    Skipped,
    Slapped,
    Swapped,
    Took,
    TurnBegan,
)
from .table import a_card, place_name, value_text

ABILITY_WORDS = {"look_own": "look at one of your cards", "look_other": "look at an opponent's card",
                 "blind_swap": "swap two cards unseen", "look_swap": "look at a card, then swap it",
                 "double_look_swap": "look at two cards, then swap them"}


ABILITY_NAMES = {"look_own": "look at your own", "look_other": "look at others", "blind_swap": "blind swap",
                 "look_swap": "look and swap", "double_look_swap": "double look and swap"}   # the rules' names


def card_of(owner: int, slot: int, seat: int = -1, own: str = "their") -> str:
    """A place at the table as `seat` speaks of it, its row named as the headless log names it:
    "their card 2 (near row)" for its own, "Blue's card 3 (far row)"."""
    name = place_name(owner, slot)
    return f"{own}{name[len(seat_name(owner)) + 2:]}" if owner == seat else name


def own_card(seat: int, slot: int) -> str:
    """"card 2 (near row)": a place in the speaker's own hand."""
    return card_of(seat, slot, seat, own="")[1:]


def _slapped(e: Slapped) -> str:
    whose = "their own card" if e.owner == e.seat else f"{seat_name(e.owner)}'s card"
    verdict = "match!" if e.right else "wrong!"
    return f"{seat_name(e.seat)} slaps {whose}, {a_card(e.value)}: {verdict}"


def _discarded(e: Discarded) -> str:
    # what happened: the card went down with its ability on offer (whether it is used comes next)
    offer = f" (ability: {ABILITY_NAMES[e.ability]})" if e.ability else ""
    return f"{seat_name(e.seat)} discards the drawn {value_text(e.value)}{offer}"


def _penalty(e: PenaltyDrawn) -> str:
    if e.slot < 0:
        return f"{seat_name(e.seat)} owes a penalty card, but none is left"
    return f"{seat_name(e.seat)} draws a penalty card"


def _gave(e: Gave) -> str:
    if e.slot < 0:
        return f"{seat_name(e.seat)} has no card to give"
    return f"{seat_name(e.seat)} gives {own_card(e.seat, e.slot)} to {seat_name(e.owner)}"


def _settled(e: Settled) -> str:
    if e.hand_over:
        return f"{seat_name(e.seat)} hands the wrong card to {seat_name(e.slapper)}"
    return f"{seat_name(e.seat)} keeps the card: {seat_name(e.slapper)} draws"


_LINES: dict[type[Event], Callable[[Any], str | None]] = {
    RoundStarted: lambda e: f"Round {e.round}: {seat_name(e.first)} plays first",
    Looked: lambda e: f"{seat_name(e.seat)} looks at the near row",
    TurnBegan: lambda e: f"{seat_name(e.seat)}'s final turn" if e.final else None,
    Drew: lambda e: f"{seat_name(e.seat)} draws",
    Took: lambda e: f"{seat_name(e.seat)} takes the {value_text(e.value)} for {own_card(e.seat, e.slot)}, "
                    f"discards {a_card(e.discarded)}",
    Replaced: lambda e: f"{seat_name(e.seat)} replaces {own_card(e.seat, e.slot)}, discards {a_card(e.discarded)}",
    Discarded: _discarded,
    Peeked: lambda e: f"{seat_name(e.seat)} looks at {card_of(e.owner, e.slot, e.seat)}",
    Swapped: lambda e: f"{seat_name(e.seat)} swaps {card_of(e.a[0], e.a[1], e.seat)} and {card_of(e.b[0], e.b[1], e.seat)}",
    Skipped: lambda e: f"{seat_name(e.seat)} leaves the ability unused",
    Passed: lambda e: f"{seat_name(e.seat)} passes: nothing to draw or take",
    Called: lambda e: f"{seat_name(e.seat)} calls KOMBIO{' (no cards left)' if e.automatic else ''}",
    Slapped: _slapped,
    PenaltyDrawn: _penalty,
    Gave: _gave,
    Settled: _settled,
    Reshuffled: lambda e: f"The discard pile ({e.count} cards) becomes the new draw pile",
    RoundEnded: lambda e: f"Round {e.round} ends",
    GameOver: lambda e: f"Game over: {e.termination.text}",
}


def narrate(event: Event) -> str | None:
    line = _LINES.get(type(event))
    return line(event) if line is not None else None
