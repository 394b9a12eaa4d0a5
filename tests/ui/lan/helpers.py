"""What the LAN screens' tests share: presses and keys on the app, and the ways into a lobby, a join,
a game and its results (the app and the fake facade are conftest.py's fixtures)."""
from __future__ import annotations

import pygame

from game.games import game_by_key
from game.kabooom.rules import Pass
from game.kabooom.scene import KabooomScene
from game.ui.lobby.lan_status import LanStatusScene
from game.ui.lobby.lobby_host import HostSetup
from game.ui.lobby.lobby_join import GameRow, JoinScene
from game.ui.lobby.waiting_room import WaitingRoom
from game.ui.screens.results import ResultsScene
from game.ui.toolkit.app import STEP, App
from game.ui.toolkit.input import Press

from ..fake_lan import Entry, FakeLan, LanSeat

KABOOOM = game_by_key("kabooom")


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


class Audio:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


def run(app: App, seconds: float = STEP) -> None:
    for _ in range(max(1, round(seconds / STEP))):
        app.clock.t += STEP                     # type: ignore[attr-defined]
        app.advance(STEP)
    app.draw()


def press(app: App, button: str, device: str = "kb1", pos=None) -> None:
    app.stack.dispatch("handle", Press(device, button, 0.0, pos))


def type_text(app: App, text: str) -> None:
    for char in text:
        app.feed([pygame.event.Event(pygame.KEYDOWN, key=ord(char.lower()), unicode=char, mod=0)])


def key(app: App, code: int) -> None:
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=code, unicode="", mod=0)])


def select_button(app: App, scene, label: str) -> None:
    """Focus the row holding the button `label` and press select on it, as a player would."""
    for item in scene.menu.items:
        buttons = getattr(item, "buttons", None)
        if buttons is None:
            continue
        for i, button in enumerate(buttons):
            if button.label == label:
                scene.menu.focus_on(item)
                item.index = i
                press(app, "select")
                return
    raise AssertionError(f"no button {label!r}")


def labels(scene) -> list[str]:
    return [item.label for item in scene.menu.items]


def toasts(app: App) -> list[str]:
    return app.toasts.texts




def open_lobby(app: App, lan: FakeLan, players: int = 2) -> WaitingRoom:
    setup = HostSetup(app, device="kb1", info=KABOOOM)
    app.push(setup)
    if players != setup.players:
        setup._set_players(players)
    select_button(app, setup, "Open the lobby")
    room = app.stack.top
    assert isinstance(room, WaitingRoom), toasts(app)
    return room


ENTRIES = [Entry("Alice's table", "192.168.1.5", 47800, "kabooom", 2, "Alice", players=("Alice",),
                 service_name="a"),
           Entry("Old table", "192.168.1.9", 47800, "kabooom", 1, "Carol", compatible=False,
                 service_name="b"),
           Entry("Full table", "192.168.1.7", 47801, "kabooom", 0, "Dan", service_name="c")]


def open_join(app: App, lan: FakeLan) -> JoinScene:
    scene = JoinScene(app, device="kb1")
    app.push(scene)
    assert scene.browser is not None
    scene.browser.wait()          # the Browser starts on a thread of its own
    run(app)
    return scene


def game_rows(scene: JoinScene) -> list[GameRow]:
    return [i for i in scene.menu.items if isinstance(i, GameRow)]


def join_room(app: App, lan: FakeLan) -> tuple[JoinScene, WaitingRoom]:
    lan.entries = list(ENTRIES)
    scene = open_join(app, lan)
    scene.join_entry(ENTRIES[0])
    room = app.stack.top
    assert isinstance(room, WaitingRoom)
    return scene, room


TABLE = [LanSeat(0, "Alice", "human", "", True, True, False),
         LanSeat(1, "Player", "human", "", True, False, True),
         LanSeat(2, "Bot 3", "bot", "hard", True, True, False)]


def start_hosted_game(app: App, lan: FakeLan) -> tuple[KabooomScene, LanStatusScene]:
    room = open_lobby(app, lan)
    lan.hosts[0].join(1, "Alice", ready=True)
    run(app)
    select_button(app, room, "Start game")
    scenes = list(app.stack)
    return scenes[1], scenes[2]


def blue_to_move(game: KabooomScene) -> None:
    session = game.session
    if 1 not in session.to_act():
        session.submit(session.legal_actions(0)[0])


TABLE_ADDRESS = ("192.168.1.5", 47800)


def finish(session) -> None:
    """Everyone passes until the game ends (a fake session takes any seat's action)."""
    for _ in range(400):
        if session.outcome() is not None:
            return
        seat = min(session.to_act())
        legal = session.legal_actions(seat)
        session.submit(next((a for a in legal if isinstance(a, Pass)), legal[0]))
    raise AssertionError("the game did not end")


def results_of(app: App, seconds: float = 10.0) -> ResultsScene:
    """Run the app until the game scene has put its results up."""
    for _ in range(round(seconds / 0.1)):
        if isinstance(app.stack.top, ResultsScene):
            return app.stack.top
        run(app, 0.1)
    raise AssertionError(f"no results: {list(app.stack)}")


def game_scene(app: App) -> KabooomScene:
    return next(s for s in app.stack if isinstance(s, KabooomScene))


def choose(app: App, scene, label: str) -> None:
    """Focus the menu's button `label` and press select on it."""
    item = next(i for i in scene.menu.items if getattr(i, "label", None) == label)
    scene.menu.focus_on(item)
    press(app, "select")


def peer_in_game(app: App, lan: FakeLan):
    _, room = join_room(app, lan)
    client = lan.clients[-1]
    client.welcome(TABLE)
    run(app)
    client.begin(KABOOOM)
    run(app)
    return game_scene(app), client
