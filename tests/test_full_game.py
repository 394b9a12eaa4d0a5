"""A whole game as a player plays it: real key and mouse events from the main menu, through setup,
a full game of Kabooom! against a bot, the results screen and a rematch. Headless, fake clock."""
from __future__ import annotations

import pygame
import pytest

from game.kabooom.rules import Move, Place
from game.kabooom.scene import KabooomScene
from game.kabooom.scene.controls import square_key
from game.ui.routes import new_app
from game.ui.screens.menu import MainMenu
from game.ui.screens.results import ResultsScene
from game.ui.screens.setup import GameSetup
from game.ui.toolkit.app import SIZE, STEP, App
from game.ui.toolkit.devices import InputRouter
from tests.focus_driver import focus_key, route


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setenv("KOMBO_ARCADE_CONFIG_DIR", str(tmp_path))
    pygame.display.init()
    pygame.font.init()
    clock = {"t": 0.0}
    app = new_app(pygame.Surface(SIZE), clock=lambda: clock["t"], inputs=InputRouter())
    app.match_kwargs = {"inline_bots": True, "bot_think_time": 0.0}
    app.clock_box = clock
    yield app
    app.shutdown()
    pygame.quit()


def run(app: App, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        app.clock_box["t"] += STEP
        app.advance(STEP)
    app.draw()


def key(app: App, name: str) -> None:
    code = pygame.key.key_code(name)
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0),
              pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)])
    run(app, 2 * STEP)


def walk_to(app: App, scene: KabooomScene, target: int) -> None:
    """Arrow keys until the arrow-key seat's focus is on square `target`."""
    path = route(scene, 0, square_key(target))
    assert path is not None, f"square {target} is out of the keys' reach"
    for button in path:
        key(app, button)                         # the arrow keys are named as the buttons are
    assert focus_key(scene, 0) == square_key(target)


def play_turn_with_the_keys(app: App, scene: KabooomScene) -> None:
    legal = scene.match.session.legal_actions(0)
    move = next((a for a in legal if isinstance(a, Move)), None)
    place = next((a for a in legal if isinstance(a, Place)), None)
    if place is not None:
        walk_to(app, scene, place.square)
        key(app, "return")                       # the tray's chosen symbol goes there
    elif move is not None:
        walk_to(app, scene, move.src)
        key(app, "return")
        walk_to(app, scene, move.dst)
        key(app, "return")
    else:
        key(app, "right shift")
        key(app, "right shift")                  # the second press confirms the pass


@pytest.mark.parametrize("difficulty_presses", [0, 1])   # easy (dealt), medium (placed one by one)
def test_menu_setup_game_results_and_rematch(app, difficulty_presses):
    menu = MainMenu(app)
    app.push(menu)
    for _ in range(len(menu.menu.items)):                 # down the list of games to Kabooom!
        if menu.menu.focused is not None and menu.menu.focused.label == "Kabooom!":
            break
        key(app, "down")
    key(app, "return")
    setup = app.stack.top
    assert isinstance(setup, GameSetup)
    def focused(menu):
        return menu.items[menu.focus]

    assert focused(setup.menu) is setup.start_row          # Start is where the focus begins
    if difficulty_presses:
        while focused(setup.menu).label != "Difficulty":
            key(app, "up")
        key(app, "right")
        while focused(setup.menu) is not setup.start_row:
            key(app, "down")
    key(app, "return")
    scene = app.stack.top
    assert isinstance(scene, KabooomScene)
    assert scene.match.plans[0].device == "kb3" and scene.match.plans[1].kind == "bot"
    expected = "medium" if difficulty_presses else "easy"
    assert scene.match.session.view(None).difficulty == expected

    my_turns = 0
    for _ in range(3000):
        if isinstance(app.stack.top, ResultsScene):
            break
        session = scene.match.session
        if 0 in session.to_act() and not scene.busy() and app.stack.top is scene:
            before = session.step
            play_turn_with_the_keys(app, scene)
            assert session.step == before + 1, "every turn of mine is made by key presses"
            my_turns += 1
        run(app, 0.05)
    results = app.stack.top
    assert isinstance(results, ResultsScene), "the game reached the results screen"
    outcome = scene.match.session.outcome()
    assert outcome is not None and len(outcome.scores) == 2
    assert my_turns >= (12 if difficulty_presses else 1)

    while focused(results.menu).label != "Rematch":
        key(app, "up")
    key(app, "return")
    again = app.stack.top
    assert isinstance(again, KabooomScene) and again is not scene
    assert again.match.session.step == 0 and again.match.seed != scene.match.seed
