"""Text and surfaces made once and blitted often: a cache of rendered text, lines shrunk to fit a
width, and surfaces converted to the display's pixel format."""
from __future__ import annotations

import pygame

from game.ui.toolkit import theme


def fit(surface: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    """Match the display's pixel format for fast blits, where there is a display to match."""
    try:
        return surface.convert_alpha() if alpha else surface.convert()
    except pygame.error:
        return surface


class TextCache:
    """Rendered text by (text, size, colour, bold); cleared wholesale when it grows, which only
    happens if the texts keep changing (a clock), never in normal play."""

    def __init__(self, fonts: theme.Fonts, limit: int = 400) -> None:
        self.fonts = fonts
        self.limit = limit
        self._cache: dict[tuple, pygame.Surface] = {}

    def get(self, text: str, size: int, colour: theme.Colour = theme.TEXT, bold: bool = False) -> pygame.Surface:
        key = (text, size, tuple(colour), bold)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) >= self.limit:
                self._cache.clear()
            surf = self._cache[key] = fit(self.fonts.render(text, size, colour, bold))
        return surf

    def __len__(self) -> int:
        return len(self._cache)


def text_fitting(text: TextCache, line: str, size: int, width: int, colour: theme.Colour = theme.TEXT,
                 bold: bool = False) -> pygame.Surface:
    """The line at `size`, or smaller until it fits `width`."""
    surf = text.get(line, size, colour, bold)
    while surf.get_width() > width and size > 12:
        size -= 2
        surf = text.get(line, size, colour, bold)
    return surf
