"""The games the developer tools (tournament, benches) can run: the catalogue's playable ones, and a
game the catalogue still lists as coming soon whose package already exports a playable GAME, so its
engine and bots can be measured before the menus offer it."""
from __future__ import annotations

import importlib

from game.definition import GameDef
from game.games import GAMES


def _package_game(key: str) -> GameDef | None:
    try:
        module = importlib.import_module(f"game.{key}")
    except ImportError:
        return None
    game = getattr(module, "GAME", None)
    return game if isinstance(game, GameDef) and game.available else None


def ready_games() -> tuple[GameDef, ...]:
    """In catalogue order."""
    found = []
    for info in GAMES:
        game = info if info.available else _package_game(info.key)
        if game is not None:
            found.append(game)
    return tuple(found)


def ready_game(key: str) -> GameDef:
    for game in ready_games():
        if game.key == key:
            return game
    raise KeyError(f"no playable game called {key!r}")
