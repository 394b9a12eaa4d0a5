"""Colours and fonts, in one place so every scene looks like one game."""
from __future__ import annotations

import pygame

BG = (24, 22, 38)
PANEL = (40, 37, 62)
PANEL_HI = (62, 57, 94)
TEXT = (240, 236, 226)
TEXT_DIM = (160, 154, 180)
ACCENT = (255, 196, 64)
GOOD = (110, 220, 130)
BAD = (240, 90, 90)

# Seat colours: red, blue, green, yellow (Kabooom!'s four colours), then two more for KOMBIO's six.
PLAYER_COLOURS = [(232, 72, 72), (64, 140, 240), (72, 196, 110), (240, 200, 60),
                  (190, 110, 230), (240, 140, 60)]
PLAYER_NAMES = ["Red", "Blue", "Green", "Yellow", "Purple", "Orange"]


class Fonts:
    """Font cache per size; pygame's bundled default font, so nothing needs installing."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, bool], pygame.font.Font] = {}

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self._cache.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = pygame.font.Font(None, size)
            font.set_bold(bold)
            self._cache[key] = font
        return font

    def render(self, text: str, size: int, colour=TEXT, bold: bool = False) -> pygame.Surface:
        return self.get(size, bold).render(text, True, colour)
