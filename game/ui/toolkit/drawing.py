"""The drawing every screen shares: text at an anchor, panels, titles, small marks (a check, an
arrow, a chip), the menus' backdrop, an overlay's veil, the focus highlight and the line of hints."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.text import record_layer, record_panel
from game.ui.toolkit.theme import Fonts


def draw_text(surface: pygame.Surface, fonts: Fonts, text: str, pos: tuple[int, int], *,
              size: int = theme.BODY, colour: theme.Colour = theme.TEXT, bold: bool = False,
              anchor: str = "topleft") -> pygame.Rect:
    image = fonts.render(text, size, colour, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, *, fill: theme.Colour = theme.PANEL,
               edge: theme.Colour = theme.PANEL_EDGE, radius: int = theme.RADIUS, width: int = 2) -> None:
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)
    record_panel(surface, rect)


def draw_title(surface: pygame.Surface, fonts: Fonts, text: str, centre: tuple[int, int], *,
               size: int = theme.TITLE, colour: theme.Colour = theme.TEXT) -> pygame.Rect:
    shadow = fonts.render(text, size, (0, 0, 0), True)
    image = fonts.render(text, size, colour, True)
    rect = image.get_rect(center=centre)
    surface.blit(shadow, rect.move(3, 4))
    surface.blit(image, rect)
    return rect


def draw_check(surface: pygame.Surface, centre: tuple[int, int], colour: tuple[int, int, int]) -> None:
    """A tick mark, drawn: the default font has no ✓."""
    x, y = centre
    pygame.draw.lines(surface, colour, False, [(x - 9, y), (x - 3, y + 7), (x + 10, y - 8)], 4)


def draw_arrow(surface: pygame.Surface, centre: tuple[int, int], direction: int, size: int,
               colour: theme.Colour) -> None:
    """A solid triangle pointing left (-1) or right (+1); drawn, as the default font has no arrows."""
    x, y = centre
    half = size // 2
    tip = x + direction * half
    back = x - direction * half
    pygame.draw.polygon(surface, colour, [(tip, y), (back, y - half), (back, y + half)])


def draw_chip(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: theme.Colour) -> None:
    """A player's colour disc with a light rim."""
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, theme.mix(colour, (255, 255, 255), 0.45), centre, radius, 2)


@dataclass
class Backdrop:
    """The background every menu shares: a vertical gradient with a soft glow behind the title.
    Built once per size, then one blit per frame."""

    _image: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._image is None or self._image.get_size() != size:
            self._image = self._build(size)
        surface.blit(self._image, (0, 0))

    @staticmethod
    def _build(size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        image = pygame.Surface(size)
        bottom = theme.mix(theme.BG, (0, 0, 0), 0.35)
        for y in range(h):
            pygame.draw.line(image, theme.mix(theme.BG, bottom, y / h), (0, y), (w, y))
        glow = pygame.Surface((w, h // 2), pygame.SRCALPHA)
        for i in range(12, 0, -1):
            r = pygame.Rect(0, 0, w * i // 10, h * i // 18)
            r.center = (w // 2, 0)
            pygame.draw.ellipse(glow, (*theme.BG_GLOW, 14), r)
        image.blit(glow, (0, 0))
        for x in range(0, w, 32):                         # a faint grid of dots, like a game table
            for y in range(16, h, 32):
                image.set_at((x + 16, y), theme.mix(theme.BG, theme.TEXT_FAINT, 0.25))
        return image


@dataclass
class Veil:
    """The shade an overlay lays over the scene beneath it."""

    _image: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface) -> None:
        if self._image is None or self._image.get_size() != surface.get_size():
            self._image = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._image.fill(theme.SHADE)
        surface.blit(self._image, (0, 0))
        record_layer(surface)


def draw_focus(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The focus highlight: a lit row with an accent edge and a bar on its left."""
    pygame.draw.rect(surface, theme.PANEL_HI, rect, border_radius=theme.RADIUS)
    pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=theme.RADIUS)
    bar = pygame.Rect(rect.x + 6, rect.y + 9, 5, rect.height - 18)
    pygame.draw.rect(surface, theme.ACCENT, bar, border_radius=3)


def draw_hints(surface: pygame.Surface, fonts: Fonts, text: str) -> None:
    """The line of controls at the foot of a screen."""
    w, h = surface.get_size()
    draw_text(surface, fonts, text, (w // 2, h - 22), size=theme.TINY, colour=theme.TEXT_FAINT,
              anchor="center")


__all__ = ["Backdrop", "Veil", "draw_arrow", "draw_check", "draw_chip", "draw_focus", "draw_hints",
           "draw_panel", "draw_text", "draw_title"]
