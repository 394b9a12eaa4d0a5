"""Brief messages, one system for every screen: the menus' notices at the bottom ("Coming soon",
"That key is taken") and a game screen's messages over its board ("Wait: it's Blue's turn").

A message that says the same as one showing keeps one, for longer; a message with a `slot` replaces
the one in that slot (a player's own feedback replaces their previous feedback at once).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.text import fit
from game.ui.toolkit.theme import Fonts

DURATION = 2.8      # seconds a notice stays
FADE = 0.4          # seconds it takes to fade out at the end
RISE = 0.15         # seconds it takes to fade in
MAX_SHOWN = 3

Colour = tuple[int, int, int]
KIND_COLOURS: dict[str, Colour] = {"info": theme.ACCENT, "error": theme.BAD, "good": theme.GOOD}


@dataclass
class Toast:
    text: str
    colour: Colour
    born: float
    until: float
    slot: str = ""
    image: pygame.Surface | None = None     # drawn once

    def opacity(self, now: float) -> int:
        rise = min(1.0, (now - self.born) / RISE) if RISE else 1.0
        fall = (self.until - now) / FADE
        return int(255 * max(0.0, min(1.0, rise, fall)))


@dataclass
class Toasts:
    """`style` "card": a card with a coloured edge, stacked up from the bottom of the screen;
    "pill": a rounded pill in the message's colour, stacked up from an anchor (over a game's board)."""

    style: str = "card"
    max_shown: int = MAX_SHOWN
    text_size: int = 30                      # a pill's text (a card uses the body size)
    items: list[Toast] = field(default_factory=list)

    def show(self, text: str, now: float, kind: str = "info", *, colour: Colour | None = None,
             seconds: float = DURATION, slot: str = "") -> Toast:
        colour = colour if colour is not None else KIND_COLOURS.get(kind, theme.ACCENT)
        for item in self.items:
            if item.text == text and item.colour == colour:
                item.until = now + seconds
                return item
        if slot:
            self.items = [t for t in self.items if t.slot != slot]
        toast = Toast(text, colour, now, now + seconds, slot)
        self.items.append(toast)
        del self.items[:-self.max_shown]
        return toast

    def update(self, now: float) -> None:
        self.items = [t for t in self.items if t.until > now]

    def latest(self, slot: str = "") -> Toast | None:
        for item in reversed(self.items):
            if not slot or item.slot == slot:
                return item
        return None

    @property
    def texts(self) -> list[str]:
        return [t.text for t in self.items]

    def clear(self, slot: str = "") -> None:
        """Every message, or only those in `slot`."""
        self.items = [t for t in self.items if slot and t.slot != slot]

    def draw(self, surface: pygame.Surface, fonts: Fonts, now: float,
             anchor: tuple[int, int] | None = None, width: int = 600) -> None:
        """Newest lowest: at `anchor` (the middle of the lowest message), else at the bottom."""
        w, h = surface.get_size()
        x, y = anchor if anchor is not None else (w // 2, h - 50)
        for item in reversed(self.items):
            if item.until <= now:
                continue
            if item.image is None:
                item.image = _card(item, fonts) if self.style == "card" else _pill(item, fonts, width, self.text_size)
            image = item.image
            image.set_alpha(item.opacity(now))
            if anchor is None:
                box = image.get_rect(midbottom=(x, y))
                y = box.top - 10
            else:
                box = image.get_rect(center=(x, y))
                y = box.top - 10 - box.height // 2
            surface.blit(image, box)


def _card(item: Toast, fonts: Fonts) -> pygame.Surface:
    text = fonts.render(item.text, theme.BODY, theme.TEXT)
    card = pygame.Surface((text.get_width() + 56, text.get_height() + 26), pygame.SRCALPHA)
    pygame.draw.rect(card, (*theme.PANEL_HI, 240), card.get_rect(), border_radius=theme.RADIUS)
    pygame.draw.rect(card, item.colour, (0, 0, 8, card.get_height()),
                     border_top_left_radius=theme.RADIUS, border_bottom_left_radius=theme.RADIUS)
    card.blit(text, (32, (card.get_height() - text.get_height()) // 2))
    return card


def _pill(item: Toast, fonts: Fonts, width: int, size: int) -> pygame.Surface:
    label = fonts.render(item.text, size, item.colour, True)
    while label.get_width() > width - 36 and size > 12:      # never wider than the board
        size -= 2
        label = fonts.render(item.text, size, item.colour, True)
    w, h = label.get_width() + 36, label.get_height() + 18
    pill = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(pill, (14, 12, 24, 230), pill.get_rect(), border_radius=h // 2)
    pygame.draw.rect(pill, item.colour, pill.get_rect(), 2, border_radius=h // 2)
    pill.blit(label, label.get_rect(center=(w / 2, h / 2)))
    return fit(pill)
