"""The catalogue of games the menus list. Engines and scenes are named by import path, so the menu
never imports a game it does not start, and rules code never imports pygame."""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Option:
    """A setup choice shown on the game setup screen."""

    key: str
    label: str
    choices: tuple[str, ...]
    default: str


@dataclass(frozen=True)
class GameInfo:
    key: str
    title: str
    tagline: str
    min_players: int
    max_players: int
    available: bool
    engine_path: str = ""          # "module:EngineClass"
    scene_path: str = ""           # "module:SceneClass"
    bot_path: str = ""             # "module:make_bot" (level, seat, seed) -> Bot
    bot_levels: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    config_path: str = ""          # "module:make_config" (players, {option: choice}) -> GameConfig
    rules_path: str = ""           # "module:RULES" players' rules text

    def load(self, path: str) -> Any:
        module, _, name = path.partition(":")
        return getattr(importlib.import_module(module), name)

    def engine(self):
        return self.load(self.engine_path)()

    def make_config(self, players: int, options: dict[str, str]):
        return self.load(self.config_path)(players, options)

    def rules_text(self) -> str:
        return self.load(self.rules_path) if self.rules_path else "Rules coming soon."


GAMES: tuple[GameInfo, ...] = (
    GameInfo("kombo_klash", "Kombo Klash!", "Place creature tiles, chain their powers, score Kombos.",
             2, 4, available=False),
    GameInfo("kombio", "KOMBIO", "Keep your hand low, and slap matching cards before anyone else.",
             2, 6, available=False),
    GameInfo("combi_nations", "Combi-Nations", "Build a country of hexes around its facilities.",
             1, 5, available=False),
    GameInfo(
        "kabooom", "Kabooom!", "Rock, paper, scissors, dynamite: stack the tallest towers.",
        2, 4, available=True,
        engine_path="game.kabooom.rules:KabooomEngine",
        scene_path="game.kabooom.scene:KabooomScene",
        bot_path="game.kabooom.bot:make_bot",
        bot_levels=("easy", "medium", "hard"),
        options=(Option("difficulty", "Difficulty", ("easy", "medium", "hard"), "easy"),),
        config_path="game.kabooom.rules:make_config",
        rules_path="game.kabooom.rules_text:RULES",
    ),
)


def game_by_key(key: str) -> GameInfo:
    for info in GAMES:
        if info.key == key:
            return info
    raise KeyError(f"no game called {key!r}; games: {', '.join(g.key for g in GAMES)}")
