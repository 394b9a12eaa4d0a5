"""The catalogue: the games the menus list, in menu order, one line each.

A playable game is a package under game/ exporting ``GAME`` (a game.definition.GameDef); its line
here names the package. A game still being made is listed by a ``coming_soon`` line.
"""
from __future__ import annotations

import importlib

from game.definition import GameDef

_ENTRIES: tuple[str | GameDef, ...] = (
    "game.kombo_klash",
    "game.kombio",
    "game.combi_nations",
    "game.kabooom",
)


def _definition(entry: str | GameDef) -> GameDef:
    if isinstance(entry, GameDef):
        return entry
    game = getattr(importlib.import_module(entry), "GAME", None)
    if not isinstance(game, GameDef):
        raise TypeError(f"{entry} must export GAME, a game.definition.GameDef")
    return game


GAMES: tuple[GameDef, ...] = tuple(_definition(e) for e in _ENTRIES)


def available_games() -> tuple[GameDef, ...]:
    return tuple(g for g in GAMES if g.available)


def game_by_key(key: str) -> GameDef:
    for info in GAMES:
        if info.key == key:
            return info
    raise KeyError(f"no game called {key!r}; games: {', '.join(g.key for g in GAMES)}")
