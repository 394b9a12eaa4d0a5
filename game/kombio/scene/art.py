"""KOMBIO card sprites, drawn in code and cached: a face with its value large and clear (and, for 7–14,
a badge naming the ability a drawn card offers), a back with a lattice pattern, and a gap's outline.
Views carry card values, not card ids, so the standard deck's faces are named from the value (A, J,
Q, K, Joker) rather than by suit. `CardArt` is the toolkit effects' `Sprites`: a flying card is
`face_key(value)` (None: face down), its size the card's width.
"""
from __future__ import annotations

from typing import Any

import pygame

from game.kombio.table import BLIND_SWAP, DOUBLE_LOOK_SWAP, LOOK_OTHER, LOOK_OWN, LOOK_SWAP, ability_of, value_text
from game.ui.toolkit import theme
from game.ui.toolkit.text import TextCache

CARD_RATIO = 1.4                  # height / width
PAPER = (246, 240, 226)
INK = (34, 30, 46)
BACK = (64, 50, 128)
BACK_LINE = (112, 96, 196)
BADGE = (58, 44, 140)            # the ability badge: dark enough for paper-white words
BACK_DOT = (150, 136, 226)
BACK_BAND = (34, 26, 78)
BADGE_WORDS = {LOOK_OWN: "LOOK own", LOOK_OTHER: "LOOK other", BLIND_SWAP: "SWAP",
               LOOK_SWAP: "LOOK+SWAP", DOUBLE_LOOK_SWAP: "2 LOOK+SWAP"}
# Value groups in colours that differ in lightness too (colour-blind players read them as well).
LOW = (40, 140, 90)               # −1 and 0: the cards everybody wants
HIGH = (190, 50, 60)              # 13 and 14
STANDARD_RANKS = {1: "A", 11: "J", 12: "Q", 13: "K", 14: "K", -1: "K", 0: "Joker"}


FaceKey = tuple[object, ...]      # ("face", value) or ("back",)
BACK_KEY: FaceKey = ("back",)


def face_key(value: int | None) -> FaceKey:
    """The sprite of a card showing `value` (None: its back)."""
    return BACK_KEY if value is None else ("face", value)


def value_colour(value: int) -> tuple[int, int, int]:
    if value <= 0:
        return LOW
    if value >= 13:
        return HIGH
    return INK


class CardArt:
    """Card sprites by (kind, value, width), built once each."""

    def __init__(self, text: TextCache, deck: str) -> None:
        self.text = text
        self.deck = deck
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}

    # -- the toolkit effects' Sprites --
    def sprite(self, key: Any, size: int) -> pygame.Surface:
        return self.back(size) if key == BACK_KEY else self.face(int(key[1]), size)

    def flipped(self, key: Any, size: int, width: int) -> pygame.Surface:
        sprite = self.sprite(key, size)
        return pygame.transform.scale(sprite, (max(1, width), sprite.get_height()))

    def size(self, width: int) -> tuple[int, int]:
        return width, round(width * CARD_RATIO)

    def face(self, value: int, width: int) -> pygame.Surface:
        key = ("face", value, width)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._cache[key] = self._face(value, width)
        return surf

    def back(self, width: int) -> pygame.Surface:
        key = ("back", width)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._cache[key] = self._back(width)
        return surf

    def gap(self, width: int) -> pygame.Surface:
        key = ("gap", width)
        surf = self._cache.get(key)
        if surf is None:
            w, h = self.size(width)
            surf = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(surf, (*theme.PANEL_EDGE, 150), surf.get_rect(), 2, border_radius=max(4, w // 10))
            self._cache[key] = surf
        return surf

    def _face(self, value: int, width: int) -> pygame.Surface:
        w, h = self.size(width)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(4, w // 10)
        pygame.draw.rect(surf, PAPER, surf.get_rect(), border_radius=radius)
        pygame.draw.rect(surf, (120, 110, 140), surf.get_rect(), 2, border_radius=radius)
        colour = value_colour(value)
        big = self.text.get(value_text(value), max(14, round(w * 0.62)), colour, True)
        surf.blit(big, big.get_rect(center=(w // 2, round(h * 0.46))))
        corner = self.text.get(value_text(value), max(10, w // 5), colour, True)
        surf.blit(corner, (max(3, w // 14), 2))
        if self.deck == "standard" and value in STANDARD_RANKS:
            rank = self.text.get(STANDARD_RANKS[value], max(10, w // 5), colour, True)
            surf.blit(rank, rank.get_rect(topright=(w - max(3, w // 14), 2)))
        ability = ability_of(value)
        if ability and w >= 40:
            words = BADGE_WORDS[ability]
            label = self.text.get(words, max(10, w // 5), PAPER, True)
            if label.get_width() > w - 6:
                scale = (w - 6) / label.get_width()
                label = pygame.transform.smoothscale(
                    label, (w - 6, max(1, round(label.get_height() * scale))))
            badge = pygame.Rect(0, 0, w - 4, label.get_height() + 2)
            badge.midbottom = (w // 2, h - 2)
            pygame.draw.rect(surf, BADGE, badge, border_radius=radius // 2 + 2)
            surf.blit(label, label.get_rect(center=badge.center))
        return surf

    def _back(self, width: int) -> pygame.Surface:
        """A back that reads as a back, never as a value: a two-tone lattice over the whole card and a
        KOMBIO word-mark on a band across the middle (a lone letter read as a King)."""
        w, h = self.size(width)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        radius = max(4, w // 10)
        pygame.draw.rect(surf, BACK, surf.get_rect(), border_radius=radius)
        border = min(max(6, w // 7), w - 2)      # a tiny card keeps a pattern at least 2 px wide
        inner = surf.get_rect().inflate(-border, -border)
        step = max(6, w // 6)
        pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
        for k in range(-inner.h, inner.w + inner.h, step):     # a diagonal lattice ...
            pygame.draw.line(pattern, BACK_LINE, (k, 0), (k + inner.h, inner.h), 2)
            pygame.draw.line(pattern, BACK_LINE, (k, inner.h), (k + inner.h, 0), 2)
        for k in range(-inner.h, inner.w + inner.h, step):     # ... with a dot where the lines cross
            for j in range(0, inner.h + step, step):
                pygame.draw.circle(pattern, BACK_DOT, (k + step // 2 + j, j), max(1, step // 6))
        surf.blit(pattern, inner)
        pygame.draw.rect(surf, theme.ACCENT, inner, 2, border_radius=max(3, radius - 2))
        pygame.draw.rect(surf, (30, 24, 60), surf.get_rect(), 2, border_radius=radius)
        if w >= 34:
            mark = self.text.get("KOMBIO", max(8, w // 5), theme.ACCENT, True)
            room = inner.w - 6
            if mark.get_width() > room:
                mark = pygame.transform.smoothscale(
                    mark, (room, max(1, round(mark.get_height() * room / mark.get_width()))))
            band = pygame.Rect(inner.x, 0, inner.w, mark.get_height() + 6)
            band.centery = h // 2
            pygame.draw.rect(surf, BACK_BAND, band)
            pygame.draw.line(surf, theme.ACCENT, band.topleft, band.topright, 1)
            pygame.draw.line(surf, theme.ACCENT, (band.x, band.bottom - 1), (band.right - 1, band.bottom - 1), 1)
            surf.blit(mark, mark.get_rect(center=band.center))
        return surf
