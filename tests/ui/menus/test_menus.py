"""Scripted presses drive the menus: main menu -> setup -> a game -> pause -> menu, results and
rematch (settings, drawing, the real game and How to play are test_settings_and_help.py's). A stub
game stands in for the real ones (support.py)."""
from __future__ import annotations

import pygame

from game.ui.play.match import SeatPlan
from game.ui.screens.menu import MainMenu
from game.ui.screens.pause import PauseScene
from game.ui.screens.results import ResultsScene
from game.ui.screens.rules_screen import RulesScreen
from game.ui.screens.settings_screen import SettingsScreen
from game.ui.screens.setup import GameSetup
from game.ui.toolkit.settings import load_settings

from .support import (
    STUB,
    StubEngine,
    StubScene,
    finished_match,
    focus_row,
    focused_label,
    keys,
    step,
)

# -- main menu -----------------------------------------------------------------------------------

def test_main_menu_starts_on_the_first_playable_game(app):
    assert focused_label(app.stack.top) == "Stub Game"


def test_unavailable_game_shows_a_toast_and_stays(app):
    menu = app.stack.top
    keys(app, "w")                                # kb1 up: to "Later Game"
    assert focused_label(menu) == "Later Game"
    keys(app, "e")
    assert app.stack.top is menu
    assert any("coming soon" in t for t in app.toasts.texts)


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def test_mouse_hover_focuses_and_click_selects(app):
    menu = app.stack.top
    later = menu.menu.items[0]
    x, y = later.rect.center
    app.feed([motion((x - 40, y)), motion((x, y))])
    assert focused_label(menu) == "Later Game"
    stub = menu.menu.items[1]
    app.feed([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=stub.rect.center)])
    assert isinstance(app.stack.top, GameSetup)
    assert app.stack.top.seats[0].value == "mouse"        # the device that chose sits first


def test_a_resting_pointer_does_not_steal_the_keyboards_focus(app):
    menu = app.stack.top
    later = menu.menu.items[0].rect.center
    app.feed([motion(later)])                 # SDL's motion event as the window opens
    assert focused_label(menu) == "Stub Game"
    keys(app, "s")
    focused = focused_label(menu)
    app.feed([motion(later), motion((later[0] + 2, later[1]))])   # a window resize, a tremor
    assert focused_label(menu) == focused
    app.feed([motion((later[0] + 30, later[1]))])                  # the mouse really moves
    assert focused_label(menu) == "Later Game"


def test_any_zone_navigates(app):
    menu = app.stack.top
    for down, up in (("s", "w"), ("k", "i"), ("down", "up"), ("[5]", "[8]")):
        keys(app, down)
        assert focused_label(menu) != "Stub Game"
        keys(app, up)
        assert focused_label(menu) == "Stub Game"


def test_escape_on_main_menu_points_at_quit_and_quit_stops(app):
    keys(app, "escape")
    assert focused_label(app.stack.top) == "Quit"
    keys(app, "return")
    assert not app.running


# -- setup -> game -> pause -> menu --------------------------------------------------------------

def test_setup_starts_a_game_with_the_chosen_seats_and_remembers_them(app):
    keys(app, "e")                                 # kb1 chooses the stub game
    setup = app.stack.top
    assert isinstance(setup, GameSetup)
    assert [s.kind for s in setup.seats[:2]] == ["human", "bot"]
    assert setup.seats[0].value == "kb1"
    focus_row(setup, lambda i: i.label == "Players")
    keys(app, "d")                                 # 3 players
    assert setup.players == 3
    focus_row(setup, lambda i: i.label.startswith("Seat 3"))
    keys(app, "d")                                 # seat 3: from a bot to... the next choice
    focus_row(setup, lambda i: i.label == "Difficulty")
    keys(app, "d")
    assert setup.options["difficulty"] == "medium"
    focus_row(setup, lambda i: i.label == "Seed")
    keys(app, "4", "2", "7", "backspace", "1")    # backspace deletes a digit here
    assert setup.seed_field.text == "421"
    focus_row(setup, lambda i: i is setup.start_row)
    keys(app, "e")
    game = app.stack.top
    assert isinstance(game, StubScene)
    assert [type(s) for s in app.stack] == [MainMenu, StubScene]
    match = game.match
    assert match.players == 3 and match.seed == 421
    assert match.options["difficulty"] == "medium"
    assert match.plans[0] == SeatPlan("human", "kb1")
    assert match.plans[1] == SeatPlan("bot", level="easy")
    assert match.plans[2] == setup.seats[2].plan()
    saved = load_settings(app.settings_path).settings.last_setup["stub"]
    assert saved["players"] == 3 and saved["options"] == {"difficulty": "medium"}
    # The next setup of this game starts from the remembered one.
    again = GameSetup(app, STUB)
    assert again.players == 3 and again.options["difficulty"] == "medium"


def test_a_bot_seat_names_its_level_and_says_what_it_is_like(app):
    keys(app, "e")                                 # kb1 chooses the stub game: seat 2 is a bot
    setup = app.stack.top
    focus_row(setup, lambda i: i.label.startswith("Seat 2"))
    row = setup.menu.focused
    assert (row.fmt(row.value), row.detail()) == ("Bot · Easy", "Plays loosely: for a first game")
    keys(app, "d")                                 # the next level
    focus_row(setup, lambda i: i.label.startswith("Seat 2"))
    row = setup.menu.focused
    assert setup.seats[1].value == "hard"
    assert (row.fmt(row.value), row.detail()) == ("Bot · Hard", "Looks ahead before it plays")


def test_empty_seed_picks_a_random_one(app):
    keys(app, "e", "e")                            # choose the game, then Start (focused first)
    assert isinstance(app.stack.top, StubScene)
    assert 1 <= app.stack.top.match.seed < 2**31


def test_back_from_setup_returns_to_the_menu(app):
    keys(app, "e")
    assert isinstance(app.stack.top, GameSetup)
    keys(app, "backspace")
    assert isinstance(app.stack.top, MainMenu) and len(app.stack) == 1


def test_pause_resume_and_quit_to_menu(app):
    keys(app, "e", "e")
    game = app.stack.top
    keys(app, "escape")
    assert isinstance(app.stack.top, PauseScene)
    presses_before = len(game.presses)
    keys(app, "w", "s")                            # menu moves do not reach the paused game
    assert len(game.presses) == presses_before
    keys(app, "escape")                            # Esc resumes
    assert app.stack.top is game
    keys(app, "escape")
    pause = app.stack.top
    closed = []
    game.match.close = lambda: closed.append(True)
    focus_row(pause, lambda i: i.label == "Quit to menu")
    keys(app, "e")                                 # asks first; keeping on is the default
    assert app.stack.top is pause and pause.confirming and focused_label(pause) == "Keep playing"
    keys(app, "e")
    assert app.stack.top is game and closed == []
    keys(app, "escape")
    pause = app.stack.top
    focus_row(pause, lambda i: i.label == "Quit to menu")
    keys(app, "e")
    focus_row(pause, lambda i: i.label == "Quit, end this game")
    keys(app, "e")
    assert [type(s) for s in app.stack] == [MainMenu]
    assert closed == [True]


def test_pause_opens_rules_and_settings_over_the_game(app):
    keys(app, "e", "e")
    keys(app, "escape")
    pause = app.stack.top
    focus_row(pause, lambda i: i.label == "Rules")
    keys(app, "e")
    rules = app.stack.top
    assert isinstance(rules, RulesScreen)
    keys(app, "s", "s")
    assert rules.scroll > 0
    keys(app, "backspace")
    assert app.stack.top is pause
    focus_row(pause, lambda i: i.label == "Settings")
    keys(app, "e")
    assert isinstance(app.stack.top, SettingsScreen)
    keys(app, "escape")
    assert app.stack.top is pause


def test_a_game_that_cannot_start_says_why_and_stays_on_setup(app, monkeypatch):
    def broken(self, config, seed):
        raise ValueError("the board is missing")

    monkeypatch.setattr(StubEngine, "new_game", broken)
    keys(app, "e", "e")
    assert isinstance(app.stack.top, GameSetup)
    assert any("the board is missing" in t for t in app.toasts.texts)


def test_unplugged_pad_seat_cannot_start(app):
    keys(app, "e")
    setup = app.stack.top
    setup.seats[1] = type(setup.seats[1])("human", "pad3")
    setup._build()
    keys(app, "e")
    assert app.stack.top is setup
    assert any("not connected" in t for t in app.toasts.texts)


def test_setup_lists_a_gamepad_when_one_is_plugged_in(app):
    class Pad:
        def get_instance_id(self):
            return 5

        def get_name(self):
            return "Test Pad"

    app.inputs._open_joystick = lambda index: Pad()
    keys(app, "e")
    setup = app.stack.top
    app.feed([pygame.event.Event(pygame.JOYDEVICEADDED, device_index=0)])
    step(app)
    seat_row = next(i for i in setup.menu.items if i.label.startswith("Seat 1"))
    assert any(c.value == "pad0" for c in seat_row.choices)
    # The pad itself can drive the menus.
    app.feed([pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=5, button=1)])
    assert isinstance(app.stack.top, MainMenu)


# -- results ---------------------------------------------------------------------------------------

def test_results_show_winners_details_and_rematch(app):
    match = finished_match(app)
    game = StubScene(app, match)
    app.stack.reset(game)
    played = []
    app.audio = type("Rec", (), {"play": lambda self, n: played.append(n),
                                 "apply": lambda self, s: None})()
    results = ResultsScene(app, match)
    app.push(results)
    step(app)
    assert "game_end" in played
    assert results.details == [f"took {n}" for n in match.session.view(None)["taken"]]
    assert results.outcome.winners == (0,)
    assert focused_label(results) == "Rematch"
    keys(app, "e")
    new_game = app.stack.top
    assert isinstance(new_game, StubScene) and new_game.match is not match
    assert new_game.match.plans == match.plans
    assert game not in list(app.stack) and results not in list(app.stack)


def test_results_main_menu(app):
    match = finished_match(app, 3)
    app.stack.reset(StubScene(app, match))
    app.push(ResultsScene(app, match))
    keys(app, "escape")                            # Esc only points at the way out
    assert isinstance(app.stack.top, ResultsScene)
    assert focused_label(app.stack.top) == "Main menu"
    keys(app, "e")
    assert [type(s) for s in app.stack] == [MainMenu]
