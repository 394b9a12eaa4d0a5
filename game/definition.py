"""One definition per game: everything the client, the demo, the LAN host, the tools and the shared
tests need to know about a game, in one object that the game's package exports as ``GAME``.

The engine class is the source of the key, title and player counts (its rules need them too); the
definition adds what only the client needs. The scene is named by path, so that listing a game never
imports pygame and headless runs never draw; so is the function that draws the rules' figures.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.loader import load, path_of
from game.core.narration import Narrator, plain_narration
from game.core.options import OptionRow, config_from_options, option_rows
from game.core.referee import RealTime
from game.core.story import Teller

if TYPE_CHECKING:
    from game.core.bots import Bot
    from game.core.engine import Engine, GameConfig

BotFactory = Callable[[str, int, int], "Bot"]            # (level, seat, seed) -> Bot
ResultLine = Callable[[Any, int], str]                    # (spectator view, seat) -> "Towers: 5, 3"
Option = OptionRow                                        # a setup option (declared on the config)

# A line of the rules text that is only "[figure NAME]" stands for a picture the game draws there.
FIGURE_MARKER = re.compile(r"\[figure ([A-Za-z0-9_-]+)\]")


def figure_name(line: str) -> str | None:
    """The figure a rules-text line stands for, or None for a line of text."""
    found = FIGURE_MARKER.fullmatch(line.strip())
    return found.group(1) if found else None


def figure_names(text: str) -> list[str]:
    """Every figure the rules text asks for, in order."""
    return [name for line in text.splitlines() if (name := figure_name(line)) is not None]


class DefinitionError(Exception):
    """A game's definition is incomplete or inconsistent; the message names every problem."""


@dataclass(frozen=True)
class GameDef:
    key: str
    title: str
    tagline: str
    min_players: int
    max_players: int
    engine_class: type[Engine] | None = None          # None: listed as "coming soon"
    config_type: type[GameConfig] | None = None       # its fields declare the options (game.core.options)
    bot: BotFactory | None = None
    bot_levels: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    rules: str = ""
    scene_path: str = ""                              # "module:SceneClass", imported when played
    result_line: ResultLine | None = None
    lan: bool = True                                  # offered for LAN play
    action_name: str = "Action"                       # what the game calls the action button (Pass, Slap)
    # "module:function", a function (name, width) -> pygame.Surface drawing the rules' figures; a
    # path, like the scene, because drawing needs pygame
    rules_figures: str = ""
    # each event's line in a move log, the window's and the headless printout's alike
    narrate: Narrator = plain_narration
    # a game played partly in real time: its race and how long a choice may stay silent (None: turns)
    realtime: RealTime | None = None
    # the game's story for its results and its replay: (engine, replay) -> Story (game.core.story)
    story: Teller | None = None

    @classmethod
    def for_engine(cls, engine: type[Engine], *, tagline: str, config: type[GameConfig], bot: BotFactory,
                   bot_levels: tuple[str, ...], rules: str, scene: str,
                   result_line: ResultLine | None = None, lan: bool = True, action_name: str = "Action",
                   rules_figures: str = "", narrate: Narrator = plain_narration,
                   realtime: RealTime | None = None, story: Teller | None = None) -> GameDef:
        return cls(engine.key, engine.title, tagline, engine.min_players, engine.max_players, engine,
                   config, bot, bot_levels, option_rows(config), rules, scene, result_line, lan, action_name,
                   rules_figures, narrate, realtime, story)

    @classmethod
    def coming_soon(cls, key: str, title: str, tagline: str, min_players: int,
                    max_players: int) -> GameDef:
        return cls(key, title, tagline, min_players, max_players)

    @property
    def available(self) -> bool:
        return self.engine_class is not None

    def _require(self) -> type[Engine]:
        if self.engine_class is None:
            raise DefinitionError(f"{self.title} is not playable yet")
        return self.engine_class

    def engine(self) -> Engine:
        return self._require()()

    @property
    def engine_path(self) -> str:
        return path_of(self._require())

    @property
    def bot_path(self) -> str:
        if self.bot is None:
            raise DefinitionError(f"{self.title} has no bots")
        return path_of(self.bot)

    def make_config(self, players: int, options: Mapping[str, str]) -> GameConfig:
        """The config of a game about to start from the chosen option keys (missing ones at their
        default); ConfigError names what is wrong."""
        if self.config_type is None:
            raise DefinitionError(f"{self.title} is not playable yet")
        config: GameConfig = config_from_options(self.config_type, self.title, players, options,
                                                 self.min_players, self.max_players)
        return config.made()

    def default_options(self) -> dict[str, str]:
        return {o.key: o.default for o in self.options}

    def scene(self) -> Any:
        """The game's scene class (imports pygame)."""
        return load(self.scene_path)

    def rules_text(self) -> str:
        return self.rules

    def figure_drawer(self) -> Callable[[str, int], Any] | None:
        """The function that draws the rules' figures (imports pygame), or None for a game without."""
        return load(self.rules_figures) if self.rules_figures else None

    def problems(self) -> list[str]:
        """Everything missing or inconsistent, for the catalogue test; [] for a sound definition.
        (The scene is checked by the client's own tests: loading it imports pygame.)"""
        if not self.available:
            return []
        found: list[str] = []
        engine_class = self._require()
        if (engine_class.key, engine_class.title) != (self.key, self.title):
            found.append("key and title must be the engine's")
        if not 1 <= self.min_players <= self.max_players:
            found.append(f"player counts {self.min_players}..{self.max_players}")
        if not self.rules.strip():
            found.append("no rules text")
        if not self.bot_levels:
            found.append("no bot levels")
        # Only the markers' presence is checked here: whether the function can draw each name needs
        # pygame, so the game's own tests draw them.
        if figure_names(self.rules) and not self.rules_figures:
            found.append("the rules text has figure markers but no rules_figures function")
        if self.rules_figures and ":" not in self.rules_figures:
            found.append(f"rules_figures {self.rules_figures!r} is not 'module:function'")
        for option in self.options:
            if option.default not in option.choices:
                found.append(f"option {option.key}: default {option.default!r} is not a choice")
        for path_name, getter in (("engine", lambda: self.engine_path), ("bot", lambda: self.bot_path)):
            try:
                if load(getter()) is None:
                    found.append(f"{path_name} path loads None")
            except Exception as exc:  # noqa: BLE001  reported, not raised: the test lists them all
                found.append(f"{path_name}: {exc}")
        try:
            for players in range(self.min_players, self.max_players + 1):
                self.make_config(players, self.default_options())
        except Exception as exc:  # noqa: BLE001
            found.append(f"config: {exc}")
        try:
            for level in self.bot_levels:
                if self.bot is not None:
                    self.bot(level, 0, 1)
        except Exception as exc:  # noqa: BLE001
            found.append(f"bot levels: {exc}")
        return found
