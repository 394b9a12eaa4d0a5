"""Scripted presses drive the Settings screen and its rebinding, the menus drawn, the real game's
flow from the main menu, and How to play. A stub game stands in for the real ones (support.py)."""
from __future__ import annotations

import pygame
import pytest

from game.ui.routes import new_app
from game.ui.screens.menu import MainMenu
from game.ui.screens.pause import PauseScene
from game.ui.screens.results import ResultsScene
from game.ui.screens.rules_screen import RulesScreen
from game.ui.screens.settings_screen import BindingRow, SettingsScreen
from game.ui.screens.setup import GameSetup
from game.ui.toolkit.app import SIZE
from game.ui.toolkit.devices import InputRouter
from game.ui.toolkit.settings import load_settings

from .support import (
    STUB,
    finished_match,
    focus_row,
    focused_label,
    keys,
    press,
    step,
)

# -- settings --------------------------------------------------------------------------------------

def open_settings(app):
    menu = app.stack.top
    focus_row(menu, lambda i: i.label == "Settings")
    keys(app, "e")
    screen = app.stack.top
    assert isinstance(screen, SettingsScreen)
    return screen


def test_rebinding_a_key(app):
    screen = open_settings(app)
    focus_row(screen, lambda i: isinstance(i, BindingRow) and i.button == "up")
    keys(app, "e")                                 # the kb1 column: capture its Up key
    assert screen.grid.capturing == ("kb1", "up")
    keys(app, "i")                                 # taken by kb2's Up: refused
    assert screen.grid.capturing == ("kb1", "up")
    assert app.settings.bindings["kb1"]["up"] == "w"
    assert any("already used" in t for t in app.toasts.texts)
    keys(app, "t")
    assert screen.grid.capturing is None
    assert app.settings.bindings["kb1"]["up"] == "t"
    assert load_settings(app.settings_path).settings.bindings["kb1"]["up"] == "t"
    # The router follows at once: T is kb1's up now, W is nothing.
    router = app.inputs
    t_down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t", scancode=0)
    assert [(p.device, p.button) for p in router.translate(t_down, 0)] == [("kb1", "up")]
    w_down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w", scancode=0)
    assert router.translate(w_down, 0) == []


def test_rebinding_in_another_column_and_cancel(app):
    screen = open_settings(app)
    focus_row(screen, lambda i: isinstance(i, BindingRow) and i.button == "slap")
    keys(app, "d", "d")                            # to the third zone's column
    keys(app, "e")
    assert screen.grid.capturing == ("kb3", "slap")
    keys(app, "escape")                            # cancels, and does not leave the screen
    assert screen.grid.capturing is None and app.stack.top is screen
    assert app.settings.bindings["kb3"]["slap"] == "right shift"
    keys(app, "e")
    keys(app, "backspace")                         # reserved for going back
    assert app.settings.bindings["kb3"]["slap"] == "right shift"
    keys(app, "escape")
    assert screen.grid.capturing is None


def test_general_settings_change_and_save(app):
    screen = open_settings(app)
    focus_row(screen, lambda i: i.label == "Volume")
    keys(app, "a")
    assert app.settings.volume == 70
    focus_row(screen, lambda i: i.label == "Sound")
    keys(app, "d")
    assert app.settings.muted is True
    focus_row(screen, lambda i: i.label == "Fullscreen")
    keys(app, "d")
    assert app.settings.fullscreen is True
    saved = load_settings(app.settings_path).settings
    assert (saved.volume, saved.muted, saved.fullscreen) == (70, True, True)
    keys(app, "backspace")
    assert isinstance(app.stack.top, MainMenu)


def test_reset_keys(app):
    app.settings.bindings["kb1"]["up"] = "t"
    screen = open_settings(app)
    focus_row(screen, lambda i: type(i).__name__ == "ButtonRow")
    keys(app, "e")
    assert app.settings.bindings["kb1"]["up"] == "w"


# -- drawing -------------------------------------------------------------------------------------

def test_every_screen_draws(app):
    match = finished_match(app)
    for scene in (MainMenu(app), GameSetup(app, STUB), SettingsScreen(app), RulesScreen(app, STUB),
                  PauseScene(app, match), ResultsScene(app, match)):
        app.stack.reset(scene)
        app.toast("A notice")
        step(app)
        assert app.surface.get_at((5, 5)) != (0, 0, 0, 255)      # the backdrop or veil is there


def test_rules_scroll_is_clamped(app):
    rules = RulesScreen(app, STUB)
    app.push(rules)
    for _ in range(500):
        press(app, "down")
    assert rules.scroll == rules.max_scroll > 0
    app.feed([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=100, flipped=False)])
    assert rules.scroll == 0


# -- the real game, once it is there ---------------------------------------------------------------

def test_kabooom_starts_from_the_real_menu(tmp_path):
    pytest.importorskip("game.kabooom.scene")
    pytest.importorskip("game.kabooom.bot")
    pygame.display.init()
    clock = {"t": 0.0}
    app = new_app(pygame.Surface(SIZE), clock=lambda: clock["t"], inputs=InputRouter())
    app.match_kwargs = {"inline_bots": True, "bot_think_time": 0.0}
    app.test_clock = clock
    app.push(MainMenu(app))
    while focused_label(app.stack.top) != "Kabooom!":     # down the list of games
        keys(app, "down")
    keys(app, "return", "return")
    top = app.stack.top
    assert type(top).__name__ == "KabooomScene"
    for _ in range(10):
        step(app)
    keys(app, "escape")
    assert isinstance(app.stack.top, PauseScene)
    top.match.close()


def test_toasts_fade_away(app):
    app.toast("Hello")
    app.toast("Hello")                  # the same notice twice shows once
    assert app.toasts.texts == ["Hello"]
    for _ in range(200):                # a little over three seconds
        step(app)
    assert app.toasts.texts == []


# -- how to play ---------------------------------------------------------------------------------

def test_how_to_play_on_the_main_menu_opens_the_rules_of_the_game_pointed_at(app):
    menu = app.stack.top
    assert focused_label(menu) == "Stub Game"
    focus_row(menu, lambda item: item.label == "How to play")
    press(app, "select")
    rules = app.stack.top
    assert isinstance(rules, RulesScreen) and rules.info is STUB


def test_how_to_play_on_the_setup_screen_and_each_option_explained(app):
    keys(app, "e")
    setup = app.stack.top
    assert isinstance(setup, GameSetup)
    difficulty = next(i for i in setup.menu.items if getattr(i, "label", "") == "Difficulty")
    assert difficulty.detail is not None and difficulty.detail() == "Dealt for you"
    difficulty.adjust(1)
    assert difficulty.detail() == "You place yours"
    setup.menu.focus_on(setup.start_row)
    setup.start_row.index = [b.label for b in setup.start_row.buttons].index("How to play")
    press(app, "select")
    assert isinstance(app.stack.top, RulesScreen) and app.stack.top.info is STUB
    press(app, "back")
    assert app.stack.top is setup


def test_an_option_that_means_nothing_with_the_others_is_greyed_and_cannot_change(app):
    from game.games import game_by_key

    setup = GameSetup(app, game_by_key("combi_nations"))
    app.push(setup)
    step(app)
    focus_row(setup, lambda i: i.label == "Country")
    while setup.options["country"] != "free":
        keys(app, "d")
    preset = next(i for i in setup.menu.items if i.label == "Preset shape")
    before = setup.options["preset"]
    focus_row(setup, lambda i: i is preset)
    keys(app, "d")
    assert setup.options["preset"] == before and not preset.live
    assert preset.inactive_note == "only with Country: Preset shape"
    focus_row(setup, lambda i: i.label == "Country")
    while setup.options["country"] != "preset":
        keys(app, "d")
    focus_row(setup, lambda i: i is preset)
    keys(app, "d")
    assert setup.options["preset"] != before and preset.live
