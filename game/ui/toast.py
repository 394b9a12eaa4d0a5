"""Brief notices at the bottom of the screen ("Coming soon", "That key is taken"), over every scene."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from . import theme
from .theme import Fonts

DURATION = 2.8      # seconds a notice stays
FADE = 0.4          # seconds it takes to fade out at the end
MAX_SHOWN = 3

KIND_COLOURS = {"info": theme.ACCENT, "error": theme.BAD, "good": theme.GOOD}


@dataclass
class Toast:
    text: str
    kind: str
    until: float
    image: pygame.Surface | None = None     # the card, drawn once


@dataclass
class Toasts:
    items: list[Toast] = field(default_factory=list)

    def show(self, text: str, now: float, kind: str = "info") -> None:
        for item in self.items:
            if item.text == text:         # the same notice again: keep one, for longer
                item.until = now + DURATION
                return
        self.items.append(Toast(text, kind, now + DURATION))
        del self.items[:-MAX_SHOWN]

    def update(self, now: float) -> None:
        self.items = [t for t in self.items if t.until > now]

    @property
    def texts(self) -> list[str]:
        return [t.text for t in self.items]

    def draw(self, surface: pygame.Surface, fonts: Fonts, now: float) -> None:
        width, height = surface.get_size()
        y = height - 50
        for item in reversed(self.items):
            left = item.until - now
            if left <= 0:
                continue
            if item.image is None:
                item.image = _card(item, fonts)
            card = item.image
            box = card.get_rect(midbottom=(width // 2, y))
            card.set_alpha(int(255 * left / FADE) if left < FADE else 255)
            surface.blit(card, box)
            y = box.top - 10


def _card(item: Toast, fonts: Fonts) -> pygame.Surface:
    text = fonts.render(item.text, theme.BODY, theme.TEXT)
    card = pygame.Surface((text.get_width() + 56, text.get_height() + 26), pygame.SRCALPHA)
    pygame.draw.rect(card, (*theme.PANEL_HI, 240), card.get_rect(), border_radius=theme.RADIUS)
    pygame.draw.rect(card, KIND_COLOURS.get(item.kind, theme.ACCENT), (0, 0, 8, card.get_height()),
                     border_top_left_radius=theme.RADIUS, border_bottom_left_radius=theme.RADIUS)
    card.blit(text, (32, (card.get_height() - text.get_height()) // 2))
    return card
