"""The navigator: which screen each way out of a screen leads to (see game.ui.toolkit.nav).

The one module that knows every screen, so that screens never import each other to move on.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.games import GAMES
from game.ui.lobby.entries import menu_entries
from game.ui.lobby.lan_results import LanResultsScene
from game.ui.lobby.net_match import NetMatch
from game.ui.replay.replays_list import ReplaysScene
from game.ui.replay.viewer import ReplayViewer
from game.ui.screens.menu import MainMenu
from game.ui.screens.pause import PauseScene
from game.ui.screens.results import ResultsScene
from game.ui.screens.rules_screen import RulesScreen
from game.ui.screens.settings_screen import SettingsScreen
from game.ui.screens.setup import GameSetup
from game.ui.toolkit.app import App
from game.ui.toolkit.menu_items import Button

if TYPE_CHECKING:
    from game.core.replay import Replay
    from game.definition import GameDef
    from game.ui.toolkit.menu_items import Item
    from game.ui.toolkit.scene import Scene


class Routes:
    def main_menu(self, app: App, message: str = "", kind: str = "error") -> None:
        app.stack.reset(MainMenu(app))
        if message:
            app.toast(message, kind)

    def game_setup(self, app: App, info: GameDef, device: str = "mouse") -> None:
        app.push(GameSetup(app, info, device=device))

    def settings(self, app: App) -> None:
        app.push(SettingsScreen(app))

    def rules(self, app: App, info: GameDef) -> None:
        app.push(RulesScreen(app, info))

    def pause(self, app: App, match: Any) -> None:
        app.push(PauseScene(app, match))

    def confirm_close(self, app: App, match: Any) -> None:
        scene = PauseScene(app, match)
        scene.ask_close()
        app.push(scene)

    def results(self, app: App, match: Any) -> None:
        app.push(LanResultsScene(app, match) if isinstance(match, NetMatch) else ResultsScene(app, match))

    def game_scene(self, app: App, match: Any) -> Scene:
        scene: Scene = match.info.scene()(app, match)
        return scene

    def menu_entries(self, app: App) -> list[Item]:
        return [*menu_entries(app), Button("Replays", lambda: self.replays(app), note="watch again")]

    def replays(self, app: App) -> None:
        app.push(ReplaysScene(app))

    def watch(self, app: App, replay: Replay) -> None:
        app.push(ReplayViewer(app, replay))


def new_app(surface: pygame.Surface, games: Any = GAMES, **kwargs: Any) -> App:
    """The client's App: the catalogue's games and these routes."""
    return App(surface, games=games, nav=Routes(), **kwargs)
