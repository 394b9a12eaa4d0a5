"""A game screen's background with its panels pasted in: what a frame blits first, in one piece.

The static art (felt, board frame, titles) is drawn once into `clean`. Each panel piece (a player's
card, a prompt, the move log) is drawn onto a copy of the clean background under its rect, only when
the value it shows (its key) changes, and pasted into `frame`; a frame then blits one opaque
surface, however many panels there are, and a change repaints only its own piece.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from .text import RecordingSurface, TextRecorder


class Backdrop:
    def __init__(self) -> None:
        self.clean: pygame.Surface | None = None
        self.frame: pygame.Surface | None = None
        self._pieces: dict[Hashable, Hashable] = {}
        self._recorder: TextRecorder | None = None     # a test's: pieces then record their texts

    @property
    def ready(self) -> bool:
        return self.frame is not None

    def reset(self, clean: pygame.Surface) -> None:
        """A new static background (the first frame, another palette): every piece is drawn again."""
        self.clean = clean
        self.frame = clean.copy()
        self._pieces.clear()

    def drop(self) -> None:
        self.clean = self.frame = None
        self._pieces.clear()

    def piece(self, name: Hashable, key: Hashable, rect: pygame.Rect,
              draw: Callable[[pygame.Surface], None]) -> None:
        """Paint `name`'s piece into the frame's background if what it shows (`key`) changed:
        `draw` paints onto a surface the size of `rect`, its origin at rect's top left."""
        if self._pieces.get(name, _NONE) == key:
            return
        assert self.clean is not None and self.frame is not None, "reset() before painting pieces"
        area = rect.clip(self.clean.get_rect())
        if self._recorder is None:
            surf = self.clean.subsurface(area).copy()
        else:
            surf = RecordingSurface(area.size, self._recorder, area.topleft)
            surf.blit(self.clean, (0, 0), area)
        draw(surf)
        self.frame.blit(surf, area)
        self._pieces[name] = key

    def blit(self, surface: pygame.Surface, offset: tuple[int, int] = (0, 0)) -> None:
        assert self.frame is not None
        surface.blit(self.frame, offset)
        if isinstance(surface, RecordingSurface):
            # a test records the frame's texts: every piece is painted (and so recorded) each frame
            self._recorder = surface.recorder
            self._pieces.clear()


_NONE = object()

__all__ = ["Backdrop"]
