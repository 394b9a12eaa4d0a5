"""Colours, sizes and fonts, in one place so every scene looks like one game."""
from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, overload

import pygame

from game.core.seats import SEAT_NAMES

log = logging.getLogger(__name__)

Colour = tuple[int, ...]      # RGB or RGBA

BG = (24, 22, 38)
BG_GLOW = (44, 36, 78)         # the soft light behind titles
PANEL = (40, 37, 62)
PANEL_HI = (62, 57, 94)
PANEL_EDGE = (78, 72, 116)
TEXT = (240, 236, 226)
TEXT_DIM = (160, 154, 180)
TEXT_FAINT = (110, 104, 132)
ACCENT = (255, 196, 64)
GOOD = (110, 220, 130)
BAD = (240, 90, 90)
SHADE = (8, 6, 16, 170)       # the veil an overlay lays over the scene below
FELT = (30, 62, 52)           # KOMBIO's table, where seat names are written

# Every ground seat-coloured text is drawn on (Palette.text promises 4.5:1 on each).
TEXT_GROUNDS: dict[str, tuple[int, int, int]] = {"BG": BG, "PANEL": PANEL, "PANEL_HI": PANEL_HI, "FELT": FELT}

# Highlights: what the table marks for the player, never a seat's colour. Six seat colours fill the
# hue circle, and in a dichromat's eyes (two dimensions left) only near-neutral light colours stay at
# least CIEDE2000 10 from all of them in normal vision and in every simulation (tests/ui/
# test_seat_colours.py; tools/colour_report.py prints the figures). So highlights differ from seats
# by being colourless, and from each other by lightness and shape: a seat's focus is a frame in the
# seat's colour with its symbol (game.ui.play.focus), never one of these.
HIGHLIGHT = (225, 240, 255)   # picked, selected, lit: a thick solid frame (a check disc where it fits)
CHOOSABLE = (150, 160, 172)   # may be chosen: a thinner ring, darker than a pick
LAST_MOVE = (236, 232, 244)   # what was just played: a dashed outline (Kabooom!: and an arrow)
SPENT = (96, 100, 112)        # done with for now (a Kombo scored this turn): dimmer than a choice
HIGHLIGHTS: dict[str, tuple[int, int, int]] = {"HIGHLIGHT": HIGHLIGHT, "CHOOSABLE": CHOOSABLE,
                                               "LAST_MOVE": LAST_MOVE, "SPENT": SPENT}


@dataclass(frozen=True)
class Palette:
    """Seat colours in seat order (red, blue, green, yellow: Kabooom!'s four; purple and orange for
    KOMBIO's six), named as game.core.seats names the seats. Each seat also has a symbol, so colour
    is never the only difference (game.ui.toolkit.seat_marks)."""

    key: str                                   # as game.ui.toolkit.settings stores it
    label: str                                 # as the Settings screen shows it
    colours: tuple[tuple[int, int, int], ...]
    # The same seats for text (names, log lines, key hints): each colour lightened until it reads at
    # least 4.5:1 on every TEXT_GROUNDS colour in normal vision and every simulation (a saturated
    # red is dark to a protanope), and lightened further where that keeps two seats' text apart.
    # Empty: the seat colours themselves (a palette made up for a test).
    text: tuple[tuple[int, int, int], ...] = ()


# Both palettes keep every pair of seats at least ΔE76 20 (CIEDE2000 10) apart in normal vision and
# in Machado et al.'s protanopia, deuteranopia and tritanopia simulations (tests/ui/test_seat_colours:
# why 20, and the figures). Standard stays close to the game's first look (the red, green and yellow
# that deuteranopes saw alike moved apart in lightness); High contrast makes every seat colour stand
# out from the panels at least 4.5:1 (WCAG's contrast for text) and moves four seats further apart.
STANDARD = Palette("standard", "Standard",
                   ((228, 66, 66), (106, 161, 255), (58, 228, 140), (255, 230, 38), (149, 70, 251),
                    (245, 138, 43)),
                   ((241, 159, 159), (160, 195, 255), (58, 228, 140), (255, 230, 38), (196, 151, 253),
                    (251, 211, 174)))
HIGH_CONTRAST = Palette("high_contrast", "High contrast",
                        ((241, 93, 83), (124, 180, 248), (50, 255, 172), (255, 247, 30), (172, 110, 255),
                         (248, 153, 46)),
                        ((247, 158, 152), (150, 195, 249), (50, 255, 172), (255, 247, 30), (195, 151, 255),
                         (250, 185, 111)))
PALETTES: dict[str, Palette] = {p.key: p for p in (STANDARD, HIGH_CONTRAST)}

# The palette in use. Module state, on purpose: seat colours are read by some forty drawing sites,
# many in pure render functions with no App at hand (counter art, panels, chips, the curtain), and
# the palette is a display preference like the fonts. Only two places set it: the App at start-up
# from its settings, and the Settings screen when the player changes it; a scene that caches
# coloured sprites compares `palette()` to the one it drew with.
_active: Palette = STANDARD


def use_palette(key: str) -> Palette:
    """Make the palette called `key` the one in use (an unknown key: Standard); returns it."""
    global _active
    _active = PALETTES.get(key, STANDARD)
    return _active


def palette() -> Palette:
    return _active


def seat_colour(seat: int) -> tuple[int, int, int]:
    """The seat's colour in the palette in use (seats beyond the palette wrap round)."""
    colours = _active.colours
    return colours[seat % len(colours)]


def seat_text(seat: int) -> tuple[int, int, int]:
    """The seat's colour for text (its name, its log lines, its key hints) in the palette in use:
    readable on every panel in every colour vision, where `seat_colour` fills chips, frames and
    counters."""
    colours = _active.text or _active.colours
    return colours[seat % len(colours)]


def readable(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """`colour` for words: a seat's colour becomes its text variant (seat_text), any other stays."""
    colours = tuple(tuple(c) for c in _active.colours)
    if tuple(colour) in colours:
        return seat_text(colours.index(tuple(colour)))
    return colour


class _SeatColours(Sequence[tuple[int, int, int]]):
    """PLAYER_COLOURS, read-only, always the palette in use (for code written before palettes)."""

    def __len__(self) -> int:
        return len(_active.colours)

    @overload
    def __getitem__(self, index: int) -> tuple[int, int, int]: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[tuple[int, int, int], ...]: ...

    def __getitem__(self, index: int | slice) -> Any:
        return _active.colours[index]


PLAYER_COLOURS: Sequence[tuple[int, int, int]] = _SeatColours()
PLAYER_NAMES = SEAT_NAMES            # one list of names: game.core.seats

# Font sizes (pygame's default font draws about two thirds of its nominal size).
TITLE = 104
HEADING = 56
BODY = 36
SMALL = 28
TINY = 24

ROW_H = 46          # one menu row
RADIUS = 10         # corner radius of panels and rows


FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
FONT_FILES = {False: "Inter-Regular.otf", True: "Inter-Bold.otf"}
# Sizes across the client were chosen for pygame's default font, which draws about 0.72 of Inter's
# width at the same nominal size: scaling keeps every layout's text the width it was designed for.
FONT_SCALE = 0.72


def _load_font(size: int, bold: bool) -> pygame.font.Font:
    path = FONT_DIR / FONT_FILES[bold]
    try:
        return pygame.font.Font(str(path), max(6, round(size * FONT_SCALE)))
    except (OSError, FileNotFoundError):
        log.warning("the bundled font %s is missing; using pygame's default font", path, exc_info=True)
        font = pygame.font.Font(None, size)
        font.set_bold(bold)
        return font


class Fonts:
    """Font cache per size, and a bounded cache of rendered text (rendering is the costly part of a
    frame). The bundled Inter (a real bold weight, proper kerning; assets/fonts, SIL OFL); pygame's
    default font only if those files are missing from a broken install."""

    MAX_TEXTS = 800

    def __init__(self) -> None:
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}
        self._texts: OrderedDict[tuple, pygame.Surface] = OrderedDict()

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self._cache.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = _load_font(size, bold)
            self._cache[key] = font
        return font

    def render(self, text: str, size: int, colour: Colour = TEXT, bold: bool = False) -> pygame.Surface:
        """The text as an image, shared with later calls: copy it before changing it (set_alpha)."""
        key = (text, size, tuple(colour), bold)
        surf = self._texts.get(key)
        if surf is None:
            surf = self.get(size, bold).render(text, True, colour)
            self._texts[key] = surf
            if len(self._texts) > self.MAX_TEXTS:
                self._texts.popitem(last=False)
        else:
            self._texts.move_to_end(key)
        return surf

    def width(self, text: str, size: int, bold: bool = False) -> int:
        return self.get(size, bold).size(text)[0]

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Break one paragraph into lines no wider than `width` pixels (a long word gets a line)."""
        font = self.get(size, bold)
        lines: list[str] = []
        line = ""
        for word in text.split():
            trial = f"{line} {word}" if line else word
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        if line or not lines:
            lines.append(line)
        return lines


def with_alpha(colour: tuple[int, ...], alpha: int) -> tuple[int, int, int, int]:
    return (colour[0], colour[1], colour[2], alpha)


def mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, int, int]:
    """The colour a fraction `t` of the way from a to b."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a[:3], b[:3]))  # type: ignore[return-value]
