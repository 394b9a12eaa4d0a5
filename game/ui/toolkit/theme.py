"""Colours, sizes and fonts, in one place so every scene looks like one game."""
from __future__ import annotations

import logging
from collections import OrderedDict
from pathlib import Path

import pygame

from game.core.seats import SEAT_NAMES

log = logging.getLogger(__name__)

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

# Seat colours: red, blue, green, yellow (Kabooom!'s four colours), then two more for KOMBIO's six.
PLAYER_COLOURS = [(232, 72, 72), (64, 140, 240), (72, 196, 110), (240, 200, 60),
                  (190, 110, 230), (240, 140, 60)]
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

    def render(self, text: str, size: int, colour=TEXT, bold: bool = False) -> pygame.Surface:
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
