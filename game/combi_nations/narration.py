"""Combi-Nations' move log: each event's line, the same in the window's log and a headless printout.

The market marker's steps and the refills are left out (the ring shows them; a line each would push
the moves themselves out of the log), as is the start of an ordinary turn (the caption says whose it
is); an extra turn is worth a line.
"""
from __future__ import annotations

from game.core.engine import Event
from game.core.seats import seat_name

from .events import (
    OPPONENT,
    ArrowMoved,
    CountryBuilt,
    Discarded,
    EndTriggered,
    GameOver,
    Placed,
    Refilled,
    SandLaid,
    Skipped,
    TurnBegan,
)
from .tables import FACILITY_BY_KEY, LAND_NAMES, LAND_TILES, SAND_SET, SOLO_OPPONENT_TILES

SHAPE_NAMES = {"single": "single", "pair": "pair", "line": "line", "bent": "bent tile", "triangle": "triangle"}


def content_name(content: str) -> str:
    facility = FACILITY_BY_KEY.get(content)
    return facility.name if facility is not None else LAND_NAMES.get(content, content)


def tile_name(tile_id: int) -> str:
    """A LAND tile in words: "a Forest–Wildlife Park pair", "a Lake single", "an Airport triangle"."""
    tile = LAND_TILES[tile_id]
    names: list[str] = []
    for content in tile.contents:
        name = content_name(content)
        if name not in names:
            names.append(name)
    words = f"{'–'.join(names)} {SHAPE_NAMES.get(tile.stack, tile.stack)}"
    return f"{'an' if words[0] in 'AEIOU' else 'a'} {words}"


def ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")


def narrate(event: Event) -> str | None:
    if isinstance(event, ArrowMoved):
        if event.seat == OPPONENT:
            return f"The opponent takes {tile_name(event.tile)}"
        turn = "makes the U-turn and takes" if event.uturn else "takes"
        return f"{seat_name(event.seat)} {turn} the {ordinal(event.k)} tile: {tile_name(event.tile)}"
    if isinstance(event, Placed):
        return f"{seat_name(event.seat)} lays {tile_name(event.tile)}"
    if isinstance(event, SandLaid):
        printed = SAND_SET[event.tile].printed
        what = f"the SAND tile with a {LAND_NAMES[printed]} space" if printed is not None else "a SAND tile"
        return f"{seat_name(event.seat)} lays {what}"
    if isinstance(event, CountryBuilt):
        return f"{seat_name(event.seat)}'s country is built"
    if isinstance(event, TurnBegan):
        return f"{seat_name(event.seat)}'s extra turn" if event.extra else None
    if isinstance(event, Refilled):
        return None if event.tile >= 0 else "No tile is left to refill the market"
    if isinstance(event, Discarded):
        return f"The opponent discards it ({event.taken} of {SOLO_OPPONENT_TILES} taken)"
    if isinstance(event, Skipped):
        return f"{seat_name(event.seat)} has no tile that fits: no move"
    if isinstance(event, EndTriggered):
        why = "filled the country" if event.full else "has no tile that fits"
        return f"{seat_name(event.seat)} {why}: the round is finished, then extra turns"
    if isinstance(event, GameOver):
        return "Game over: " + ", ".join(f"{seat_name(s)} {points} VP" for s, points in enumerate(event.scores))
    return None
