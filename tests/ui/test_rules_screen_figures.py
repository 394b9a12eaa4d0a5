"""Figures on the rules screen: a "[figure NAME]" line is drawn by the game's rules_figures function and
laid out into the page; Kombo Klash! draws every figure its rules ask for; a game without figures (and
its rules screen) is laid out exactly as before."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.definition import GameDef, figure_name, figure_names
from game.kabooom import GAME as KABOOOM
from game.kombo_klash import GAME as KOMBO_KLASH
from game.kombo_klash.rules_figures import FIGURE_NAMES, draw_figure
from game.ui.routes import new_app
from game.ui.screens.rules_screen import PAD, VIEW, RulesScreen, lay_out, layout_rules
from game.ui.toolkit.app import SIZE
from game.ui.toolkit.devices import InputRouter
from game.ui.toolkit.theme import Fonts

WIDTH = VIEW.width - 2 * PAD          # the rules screen's page width


@pytest.fixture
def app(pygame_video, tmp_path):
    return new_app(pygame.Surface(SIZE), clock=lambda: 0.0, inputs=InputRouter(),
                   settings_path=tmp_path / "settings.json", games=(KABOOOM,))


def _bytes(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


# -- markers, without pygame ------------------------------------------------------------------------

def test_a_marker_is_a_whole_line_naming_one_figure():
    assert figure_name("  [figure example1]  ") == "example1"
    assert figure_name("See [figure example1] here") is None
    assert figure_name("[figure]") is None
    assert figure_names("Text\n[figure a]\nmore\n[figure b-2]\n") == ["a", "b-2"]


def test_problems_report_markers_with_no_function_to_draw_them():
    broken = dataclasses.replace(KOMBO_KLASH, rules_figures="")
    assert any("figure markers" in p for p in broken.problems())
    assert not any("figure" in p for p in KOMBO_KLASH.problems())


# -- Kombo Klash!'s figures -------------------------------------------------------------------------

def test_every_marker_in_kombo_klash_rules_names_a_figure_it_draws():
    asked = figure_names(KOMBO_KLASH.rules_text())
    assert asked and set(asked) <= set(FIGURE_NAMES)
    assert sorted(set(asked)) == sorted(FIGURE_NAMES), "a figure that is drawn but never shown"
    assert KOMBO_KLASH.figure_drawer() is draw_figure


@pytest.mark.parametrize("name", FIGURE_NAMES)
def test_each_figure_draws_at_the_rules_screen_width(pygame_video, name):
    figure = draw_figure(name, WIDTH)
    width, height = figure.get_size()
    # wide enough to read, never wider than the page; short enough to see whole in the view
    assert 300 <= width <= WIDTH
    assert 100 <= height <= VIEW.height - 2 * PAD
    # something is drawn: not a blank transparent image
    assert figure.get_bounding_rect().width > width // 2


def test_an_unknown_figure_is_a_key_error(pygame_video):
    with pytest.raises(KeyError, match="no rules figure"):
        draw_figure("nowhere", WIDTH)


def test_the_page_holds_text_and_figures_and_still_scrolls_to_the_end(app):
    text_only = lay_out(KOMBO_KLASH.rules_text(), app.fonts, WIDTH)
    screen = RulesScreen(app, KOMBO_KLASH)
    app.push(screen)
    assert list(screen.figure_tops) == figure_names(KOMBO_KLASH.rules_text())
    assert text_only.figures == {}
    extra = sum(draw_figure(name, WIDTH).get_height() for name in FIGURE_NAMES)
    assert screen.page.get_height() >= text_only.image.get_height() + extra
    tops = list(screen.figure_tops.values())
    assert tops == sorted(tops) and tops[-1] < screen.page.get_height()
    for _ in range(1000):
        screen.scroll_by(40)
    assert screen.scroll == screen.max_scroll > tops[-1] - VIEW.height
    app.draw()


def test_a_figure_that_fails_costs_only_its_picture(pygame_video):
    def broken(name: str, width: int) -> pygame.Surface:
        raise RuntimeError("no pictures today")

    fonts = Fonts()
    text = "Title\nA line of text.\n[figure example1]\nMore text."
    page = lay_out(text, fonts, WIDTH, broken)
    assert page.figures == {}
    assert _bytes(page.image) == _bytes(layout_rules("Title\nA line of text.\nMore text.", fonts, WIDTH))


def test_a_figure_wider_than_the_page_is_scaled_to_fit(pygame_video):
    page = lay_out("[figure wide]", Fonts(), 200, lambda name, width: pygame.Surface((400, 100)))
    assert page.image.get_width() == 200 and page.image.get_height() >= 50


# -- games without figures --------------------------------------------------------------------------

def test_kabooom_lays_out_exactly_as_before(pygame_video):
    def never(name: str, width: int) -> pygame.Surface:
        raise AssertionError("Kabooom! has no figures")

    fonts = Fonts()
    assert figure_names(KABOOOM.rules_text()) == [] and KABOOOM.figure_drawer() is None
    plain = lay_out(KABOOOM.rules_text(), fonts, WIDTH)
    with_function = lay_out(KABOOOM.rules_text(), fonts, WIDTH, never)
    # the function is never called, and the page is the text's alone, pixel for pixel
    assert plain.figures == {} and _bytes(plain.image) == _bytes(with_function.image)


def test_kabooom_rules_screen_opens_with_no_figures(app):
    screen = RulesScreen(app, KABOOOM)
    app.push(screen)
    assert screen.figure_tops == {}
    app.draw()


def test_a_game_definition_without_figures_keeps_its_default():
    assert GameDef.coming_soon("x", "X", "x", 2, 4).rules_figures == ""
