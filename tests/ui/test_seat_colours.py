"""Seat colours and symbols: the colour-vision maths, the two palettes' promises, the seat symbols as
data and as drawn shapes, and the Seat colours setting from the settings file to the screen.

Why ΔE76 ≥ 20 (and CIEDE2000 ≥ 10) between every two seats, in normal vision and in each of
Machado et al.'s protanopia, deuteranopia and tritanopia simulations: 2.3 ΔE76 is a just-noticeable
difference between two patches side by side, but players must *name* a seat from one small ring or a
card across the table, not compare two patches; about ten times that is a difference people call
"another colour" at a glance, with room for a cheap monitor and for the simulation's approximation.
The old palette's Red and Green were 16 apart for deuteranopes (9.6 in CIEDE2000), which is where
the complaint came from. The figures (tools/colour_vision.py --palettes):

                      normal  protan  deutan  tritan     (closest pair, ΔE76)
    before, 4 seats     66.3    33.2    16.2    22.7
    before, 6 seats     37.2     3.8    16.0    22.7
    Standard, 4 seats   76.3    42.8    26.8    26.1
    Standard, 6 seats   41.4    30.9    26.0    26.1
    High contrast, 4    80.5    43.3    30.5    30.0
    High contrast, 6    43.5    31.7    24.1    29.4
"""
from __future__ import annotations

import itertools
import json

import pygame
import pytest

from game.core.seats import SEAT_NAMES, SEAT_SYMBOLS, seat_label, seat_symbol
from game.ui.routes import new_app
from game.ui.screens.settings_screen import SettingsScreen
from game.ui.toolkit import theme
from game.ui.toolkit.colour_vision import (
    KINDS,
    closest_pair,
    delta_e76,
    delta_e2000,
    delta_e2000_lab,
    lowest_contrast,
    nearest_to,
    simulate,
    simulate_surface,
    to_lab,
    to_linear,
)
from game.ui.toolkit.input import Press
from game.ui.toolkit.seat_marks import draw_seat_chip, symbol_sprite
from game.ui.toolkit.settings import SEAT_COLOURS, Settings, load_settings, save_settings

MIN_DE76 = 20.0
MIN_DE2000 = 10.0
OLD_PALETTE = ((232, 72, 72), (64, 140, 240), (72, 196, 110), (240, 200, 60), (190, 110, 230), (240, 140, 60))
MIN_TEXT_CONTRAST = 4.5          # WCAG 2's minimum for body text
# The highlights before issue 19, each hard-coded where it was drawn: the gold of selections, lit
# Kombos and Combi-Nations' rings (ACCENT), Kombo Klash!'s ability rings (kick, swamp, revive,
# hypnotise), other and scored Kombos and its own pick, Kabooom!'s last move and Dynamite targets,
# Combi-Nations' U-turn blue and KOMBIO's choosable outline.
OLD_HIGHLIGHTS = ((255, 196, 64), (246, 244, 252), (110, 220, 130), (120, 230, 255), (200, 150, 255),
                  (190, 150, 60), (110, 100, 86), (150, 146, 170), (236, 232, 244), (255, 140, 60),
                  (120, 200, 255), (240, 236, 226))


@pytest.fixture(autouse=True)
def _standard_palette():
    theme.use_palette("standard")
    yield
    theme.use_palette("standard")


def contrast(a, b) -> float:
    """WCAG 2 contrast ratio between two sRGB colours."""
    def lum(c):
        r, g, b = to_linear(c)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


# -- the maths --------------------------------------------------------------------------------------

def test_greys_white_and_black_look_the_same_to_every_simulation():
    for kind in KINDS:
        for grey in ((0, 0, 0), (128, 128, 128), (255, 255, 255)):
            assert max(abs(a - b) for a, b in zip(simulate(grey, kind), grey)) <= 1


def test_the_simulations_confuse_the_colours_each_deficiency_confuses():
    confused = {"deutan": ((220, 40, 40), (70, 150, 40)),      # red and green
                "protan": ((200, 60, 40), (120, 120, 40)),     # red and olive
                "tritan": ((40, 90, 230), (40, 150, 150))}     # blue and teal
    for kind, (a, b) in confused.items():
        assert delta_e76(a, b) > 60
        assert delta_e76(simulate(a, kind), simulate(b, kind)) < 0.3 * delta_e76(a, b), kind
    # and the old palette's complaint, measured: Red and Green close for a deuteranope
    assert closest_pair(OLD_PALETTE[:4], "deutan")[0] < MIN_DE76


def test_cielab_and_ciede2000_match_published_values():
    assert to_lab((255, 255, 255)) == pytest.approx((100, 0, 0), abs=1e-3)
    assert to_lab((255, 0, 0)) == pytest.approx((53.24, 80.09, 67.20), abs=0.01)
    # Sharma, Wu & Dalal (2005), table 1
    pairs = [((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
             ((50, 2.5, 0), (73, 25, -18), 27.1492),
             ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
             ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
             ((50, 0, 0), (50, -1, 2), 2.3669)]
    for a, b, expected in pairs:
        assert delta_e2000_lab(a, b) == pytest.approx(expected, abs=1e-4)
    assert delta_e2000((10, 20, 30), (10, 20, 30)) == 0


def test_a_simulated_surface_is_each_pixel_simulated_and_keeps_alpha():
    surf = pygame.Surface((4, 2), pygame.SRCALPHA)
    colours = [(228, 66, 66, 255), (58, 228, 140, 255), (1, 2, 3, 128), (255, 230, 38, 0)]
    for i, c in enumerate(colours):
        surf.set_at((i, 0), c)
        surf.set_at((i, 1), c)
    for kind in KINDS:
        out = simulate_surface(surf, kind)
        assert out.get_size() == (4, 2)
        for i, c in enumerate(colours):
            got = tuple(out.get_at((i, 1)))
            assert got[:3] == simulate(c[:3], kind) and got[3] == c[3]


# -- the palettes -----------------------------------------------------------------------------------

@pytest.mark.parametrize("key", list(theme.PALETTES))
@pytest.mark.parametrize("seats", [4, 6])
def test_every_pair_of_seats_stays_apart_in_every_simulation(key: str, seats: int):
    colours = theme.PALETTES[key].colours[:seats]
    for kind in ("normal", *KINDS):
        d76, i, j = closest_pair(colours, kind, "76")
        d00, k, m = closest_pair(colours, kind, "2000")
        assert d76 >= MIN_DE76, f"{kind}: {SEAT_NAMES[i]} and {SEAT_NAMES[j]} only {d76:.1f} apart"
        assert d00 >= MIN_DE2000, f"{kind}: {SEAT_NAMES[k]} and {SEAT_NAMES[m]} only {d00:.1f} apart"


def test_high_contrast_stands_out_more_and_keeps_four_seats_further_apart():
    for colour in theme.HIGH_CONTRAST.colours:
        for ground in (theme.PANEL, theme.BG):       # where names, chips and symbols are drawn
            assert contrast(colour, ground) >= 4.5
    for colour in theme.STANDARD.colours:      # names are drawn large and bold in these colours
        assert contrast(colour, theme.PANEL) >= 3.0
    for kind in ("normal", *KINDS):
        assert (closest_pair(theme.HIGH_CONTRAST.colours[:4], kind)[0]
                >= closest_pair(theme.STANDARD.colours[:4], kind)[0])


@pytest.mark.parametrize("key", list(theme.PALETTES))
def test_seat_text_reads_on_every_panel_in_every_simulation(key: str):
    """Seat-coloured words (names, log lines, key hints) at least 4.5:1 on every ground they are
    written on, the ground seen through the same eyes; the seat colours themselves were not (a
    saturated red is dark olive to a protanope: 1.9:1 on a highlighted panel)."""
    pal = theme.PALETTES[key]
    grounds = list(theme.TEXT_GROUNDS.values())
    assert len(pal.text) == len(pal.colours)
    worst, i, j, kind = lowest_contrast(pal.text, grounds)
    assert worst >= MIN_TEXT_CONTRAST, \
        f"{kind}: {SEAT_NAMES[i]} text {worst:.2f}:1 on {list(theme.TEXT_GROUNDS)[j]}"
    assert lowest_contrast(pal.colours, grounds)[0] < MIN_TEXT_CONTRAST      # why text has its own
    # each text colour is its seat's colour made lighter, not another colour
    for colour, text in zip(pal.colours, pal.text):
        assert delta_e2000(colour, text) < 30 and contrast(text, theme.PANEL) >= contrast(colour, theme.PANEL)


def test_seat_text_follows_the_palette_in_use():
    assert theme.seat_text(0) == theme.STANDARD.text[0] != theme.seat_colour(0)
    theme.use_palette("high_contrast")
    assert theme.seat_text(0) == theme.HIGH_CONTRAST.text[0]
    assert theme.seat_text(6) == theme.seat_text(0)             # seats beyond the palette wrap round


@pytest.mark.parametrize("key", list(theme.PALETTES))
def test_highlights_stay_apart_from_every_seat_colour_in_every_simulation(key: str):
    """What the table marks (picked, choosable, the last move, a spent Kombo) is never what a seat's
    colour looks like: CIEDE2000 at least 10 from every seat colour, in normal vision and under each
    simulation. The old gold was Yellow's to a deuteranope (5.5) and Red's pink to a tritanope."""
    seats = theme.PALETTES[key].colours
    names = list(theme.HIGHLIGHTS)
    d, i, j, kind = nearest_to(theme.HIGHLIGHTS.values(), seats)
    assert d >= MIN_DE2000, f"{kind}: {names[i]} only {d:.1f} from {SEAT_NAMES[j]}"
    assert nearest_to(OLD_HIGHLIGHTS, seats)[0] < MIN_DE2000
    assert nearest_to([theme.ACCENT], seats)[0] < MIN_DE2000     # the gold stays for titles, not marks


def test_the_highlights_differ_from_each_other_in_lightness_too():
    """A pick, a choice and a spent Kombo can be on one board: apart in every simulation (lightness,
    which every eye keeps), and each visible on the panels (3:1, WCAG's minimum for a mark)."""
    marks = (theme.HIGHLIGHT, theme.CHOOSABLE, theme.SPENT)
    for a, b in itertools.combinations(marks, 2):
        assert nearest_to([a], [b])[0] >= MIN_DE2000, (a, b)
    for mark in (theme.HIGHLIGHT, theme.CHOOSABLE, theme.LAST_MOVE):
        assert lowest_contrast([mark], theme.TEXT_GROUNDS.values())[0] >= 3.0, mark


def test_colour_names_stay_honest():
    """Each seat's colour still looks like its name: its hue in the name's range."""
    import colorsys
    hues = {"Red": (345, 15), "Blue": (200, 235), "Green": (100, 165), "Yellow": (45, 62),
            "Purple": (260, 300), "Orange": (20, 40)}
    for palette in theme.PALETTES.values():
        for name, colour in [*zip(SEAT_NAMES, palette.colours), *zip(SEAT_NAMES, palette.text)]:
            h = colorsys.rgb_to_hsv(*(c / 255 for c in colour))[0] * 360
            lo, hi = hues[name]
            assert (h >= lo or h <= hi) if lo > hi else lo <= h <= hi, (palette.key, name, h)


def test_the_palette_in_use_is_what_every_reader_sees():
    assert theme.seat_colour(2) == theme.STANDARD.colours[2] == theme.PLAYER_COLOURS[2]
    theme.use_palette("high_contrast")
    assert theme.palette() is theme.HIGH_CONTRAST
    assert theme.seat_colour(2) == theme.HIGH_CONTRAST.colours[2] == theme.PLAYER_COLOURS[2]
    assert tuple(theme.PLAYER_COLOURS[:4]) == theme.HIGH_CONTRAST.colours[:4]
    assert len(theme.PLAYER_COLOURS) == 6
    assert theme.use_palette("no such palette") is theme.STANDARD


# -- symbols ----------------------------------------------------------------------------------------

def test_every_seat_has_its_own_symbol_and_a_label():
    assert len(SEAT_SYMBOLS) == len(set(SEAT_SYMBOLS)) == len(SEAT_NAMES)
    assert seat_label(0) == "● Red" and seat_label(3) == "◆ Yellow"
    assert seat_symbol(6) == "" and seat_label(6) == "Seat 7"


def _mask(surf: pygame.Surface) -> set[tuple[int, int]]:
    w, h = surf.get_size()
    return {(x, y) for x in range(w) for y in range(h) if surf.get_at((x, y))[3] > 128}


def test_the_drawn_symbols_differ_in_shape_not_only_colour(pygame_video):
    size = 24
    masks = {shape: _mask(symbol_sprite(shape, size, (255, 255, 255))) for shape in SEAT_SYMBOLS}
    for shape, mask in masks.items():
        assert 0.25 * size * size < len(mask) < 0.8 * size * size, shape     # a solid, visible shape
    for a, b in itertools.combinations(SEAT_SYMBOLS, 2):
        # overlap when laid on each other: the circle and the square, drawn equally heavy, overlap
        # most (their corners differ); every other pair far less
        overlap = len(masks[a] & masks[b]) / len(masks[a] | masks[b])
        assert overlap < (0.86 if {a, b} == {"circle", "square"} else 0.75), (a, b, overlap)


def test_seat_chips_differ_even_if_two_seats_shared_a_colour(pygame_video, monkeypatch):
    grey = theme.Palette("grey", "Grey", ((150, 150, 150),) * 6)
    monkeypatch.setattr(theme, "_active", grey)
    images = []
    for seat in range(6):
        surf = pygame.Surface((40, 40))
        surf.fill(theme.PANEL)
        draw_seat_chip(surf, seat, (20, 20), 16)
        images.append(pygame.image.tobytes(surf, "RGB"))
    assert len(set(images)) == 6


# -- the setting ------------------------------------------------------------------------------------

def test_the_setting_names_the_theme_palettes_and_survives_a_round_trip(tmp_path):
    assert tuple(theme.PALETTES) == SEAT_COLOURS
    assert Settings().seat_colours == "standard"
    path = tmp_path / "settings.json"
    save_settings(Settings(seat_colours="high_contrast"), path)
    assert load_settings(path).settings.seat_colours == "high_contrast"
    path.write_text(json.dumps({"seat_colours": "rainbow"}))
    assert load_settings(path).settings.seat_colours == "standard"


def test_the_app_uses_the_saved_palette_from_the_start(pygame_video):
    new_app(pygame.Surface((1280, 720)), settings=Settings(seat_colours="high_contrast"))
    assert theme.palette() is theme.HIGH_CONTRAST
    new_app(pygame.Surface((1280, 720)), settings=Settings())
    assert theme.palette() is theme.STANDARD


def test_the_settings_screen_switches_the_seat_colours(pygame_video):
    app = new_app(pygame.Surface((1280, 720)), settings=Settings())
    screen = SettingsScreen(app)
    app.push(screen)
    row = screen.seat_colours
    assert row.label == "Seat colours" and row.fmt(row.value) == "Standard"
    screen.menu.focus_on(row)
    app.stack.dispatch("handle", Press("kb1", "right", 0.0, None))
    assert app.settings.seat_colours == "high_contrast"
    assert theme.palette() is theme.HIGH_CONTRAST
    assert row.fmt(row.value) == "High contrast"
    app.stack.dispatch("handle", Press("kb1", "right", 0.0, None))
    assert theme.palette() is theme.STANDARD


def test_a_banner_in_a_seats_colour_writes_its_words_in_the_seats_text_colour(pygame_video):
    from game.ui.play.banner import banner_surface
    from game.ui.toolkit.text import TextCache

    words = theme.seat_text(0)
    surf = banner_surface(TextCache(theme.Fonts()), "Red calls KOMBIO!", theme.seat_colour(0))
    inside = [surf.get_at((x, y))[:3] for x in range(40, surf.get_width() - 40) for y in range(20, surf.get_height() - 20)]
    assert words in inside and theme.readable(theme.ACCENT) == theme.ACCENT
