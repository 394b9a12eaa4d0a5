"""Where a screen can go next, declared here and provided by game.ui.routes.

Screens reach other screens only through `app.nav`, never by importing them: the toolkit, the game
screens, the menus and the LAN screens then import each other in one direction only (no cycles),
and a test can stand in a recording navigator.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.core.replay import Replay
    from game.definition import GameDef
    from game.ui.toolkit.app import App
    from game.ui.toolkit.menu_items import Item
    from game.ui.toolkit.scene import Scene


class Navigator(Protocol):
    def main_menu(self, app: App, message: str = "", kind: str = "error") -> None:
        """Close every screen and show the main menu, with a toast if `message`."""

    def game_setup(self, app: App, info: GameDef, device: str = "mouse") -> None: ...

    def settings(self, app: App) -> None: ...

    def rules(self, app: App, info: GameDef) -> None: ...

    def pause(self, app: App, match: Any) -> None: ...

    def confirm_close(self, app: App, match: Any) -> None:
        """The window is being closed during `match`: ask first, as Pause → Quit does."""

    def results(self, app: App, match: Any) -> None: ...

    def game_scene(self, app: App, match: Any) -> Scene:
        """The scene that plays `match` (its game's scene class)."""

    def menu_entries(self, app: App) -> list[Item]:
        """Entries the main menu lists above Settings (LAN play, Replays)."""

    def replays(self, app: App) -> None:
        """The list of the games kept as replays."""

    def watch(self, app: App, replay: Replay) -> None:
        """The replay viewer on `replay`."""


class NoNavigation:
    """For an App built without routes (toolkit tests): going anywhere is a programming error."""

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(f"this App has no navigator, so it cannot go to {name!r}; "
                           "build it with game.ui.routes.new_app")
