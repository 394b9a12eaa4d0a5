"""Words that fit the game and the player's keys: the action button is called what the game calls
it, and hints name the keys as they are bound now."""
from __future__ import annotations

import copy

from game.games import game_by_key
from game.ui.toolkit.input import DEFAULT_ZONES, device_hint, nav_hints


def test_the_menu_hints_follow_the_bindings():
    bindings = copy.deepcopy(DEFAULT_ZONES)
    assert nav_hints(bindings) == "Arrows or WASD or pad to move · Enter, E, A or click to select · Backspace back"
    bindings["kb1"]["select"] = "f"
    bindings["kb3"]["up"] = "t"
    hint = nav_hints(bindings)
    assert "F," in hint and "E," not in hint
    assert "T Left Down Right" in hint


def test_kabooom_calls_its_action_pass_on_the_setup_screen():
    kabooom = game_by_key("kabooom")
    assert kabooom.action_name == "Pass"
    assert device_hint("kb1", DEFAULT_ZONES, kabooom.action_name).endswith("Q pass")
    assert "X pass" in device_hint("pad0", DEFAULT_ZONES, kabooom.action_name)
    assert "slap" not in device_hint("kb2", DEFAULT_ZONES, kabooom.action_name)


def test_settings_names_the_action_button_as_the_games_do(pygame_video):
    import pygame

    from game.ui.routes import new_app
    from game.ui.screens.settings_screen import SettingsScreen
    from game.ui.toolkit.app import SIZE

    screen = SettingsScreen(new_app(pygame.Surface(SIZE)))
    assert screen.button_label("slap") == "Action (End turn, Slap, Turn tile, Pass)"
    assert screen.button_label("select") == "Select"


def test_a_window_scale_reads_with_single_spaces():
    from game.ui.screens.settings_screen import scale_text

    assert scale_text(1) == "1× (1280×720)" and scale_text("fit") == "Fit to screen"


def test_winners_and_passes_are_named_with_their_seat_symbol():
    from game.ui.toolkit.seat_marks import winner_line

    assert [text for text, _ in winner_line((1,), 2)] == ["▲ Blue", " wins!"]
    assert [text for text, _ in winner_line((0, 2), 3)] == ["● Red", " and ", "■ Green", " share the win!"]
