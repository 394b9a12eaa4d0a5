"""What every game screen's Layout tells the shared parts: where messages and banners go, where
the LAN overlay may say what the game waits for, and the move log (the mouse wheel scrolls it).

A game's Layout (one object with every rect and anchor of its table) has these among its own;
GameScreen reads them from it, so no scene repeats them. Where a seat's card is depends on what the
table shows (a hand's size, the country drawn large), so that one stays a scene's `seat_rect`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import pygame


class TableLayout(Protocol):
    @property
    def message_anchor(self) -> tuple[int, int]:
        """Where the newest message is centred."""

    @property
    def banner_anchor(self) -> tuple[int, int]:
        """Where a banner ("Round 2", "Blue wins!") is centred."""

    @property
    def status_rect(self) -> pygame.Rect:
        """Where the LAN overlay may say what the game waits for."""

    @property
    def log_rect(self) -> pygame.Rect:
        """Where the move log is drawn."""


@dataclass(frozen=True)
class WholeScreen:
    """The layout of a screen that has none of its own: the logical 1280×720 as one area."""

    size: tuple[int, int] = (1280, 720)

    @property
    def message_anchor(self) -> tuple[int, int]:
        return (self.size[0] // 2, self.size[1] - 60)

    @property
    def banner_anchor(self) -> tuple[int, int]:
        return (self.size[0] // 2, self.size[1] // 2)

    @property
    def status_rect(self) -> pygame.Rect:
        return pygame.Rect((0, 0), self.size)

    @property
    def log_rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, 0, 0)


WHOLE_SCREEN = WholeScreen()

__all__ = ["WHOLE_SCREEN", "TableLayout", "WholeScreen"]
