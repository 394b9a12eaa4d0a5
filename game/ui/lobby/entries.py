"""The ways into LAN play's screens: the main menu's two entries, and the screens that show a table
hosted, resumed or joined from the command line."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from game.ui.lobby.lan import LanUnavailable, game_for_key, lan_games
from game.ui.lobby.lobby_host import HostSetup
from game.ui.lobby.lobby_join import JoinScene
from game.ui.lobby.waiting_room import WaitingRoom
from game.ui.toolkit.menu_items import Button, Item

if TYPE_CHECKING:
    from game.definition import GameDef
    from game.ui.toolkit.app import App
    from game.ui.toolkit.scene import Scene


# -- the main menu ---------------------------------------------------------------------------------

def _pressing_device(app: App) -> str:
    # The main menu remembers which device pressed last; that player gets the first local seat.
    return getattr(app.stack.top, "device", "mouse") or "mouse"


def open_host_setup(app: App) -> None:
    if not lan_games(app):
        app.toast("No game is ready for LAN play yet.")
        return
    app.push(HostSetup(app, device=_pressing_device(app)))


def open_join(app: App) -> None:
    if not lan_games(app):
        app.toast("No game is ready for LAN play yet.")
        return
    app.push(JoinScene(app, device=_pressing_device(app)))


def menu_entries(app: App) -> list[Item]:
    return [Button("Host a LAN game", lambda: open_host_setup(app), note="others join you"),
            Button("Join a LAN game", lambda: open_join(app), note="find a table")]


# -- from the command line -------------------------------------------------------------------------

def resume_scene(app: App, lan_host: Any, devices: Sequence[str] = ()) -> Scene:
    """The screen for a host resumed from its save (`kombo-arcade --resume`): the waiting room,
    which goes straight on into the game when the game had started."""
    info = getattr(lan_host, "info", None)
    if info is None:
        info = game_for_key(app, lan_host.session().engine.key)
    if info is None:
        raise LanUnavailable("the saved game is not one this version knows")
    return WaitingRoom(app, info, lan_host, devices=list(devices), host=True)


def client_scene(app: App, lan_client: Any, info: GameDef,
                 devices: Sequence[str] = ()) -> Scene:
    """The waiting room of a game joined from the command line (`--join ADDRESS`)."""
    return WaitingRoom(app, info, lan_client, devices=list(devices), host=False)
