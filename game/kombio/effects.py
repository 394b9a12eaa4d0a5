"""KOMBIO animations: cards flying (drawn, discarded, slapped, swapped, given), cards lifted while
someone looks at them, a pause, and chains of these. Each advances by the fixed step and runs its
`on_done` once as it finishes, which is where the scene's display table takes the event's result, so
nothing drawn runs ahead of what is seen moving. Parts name the table places they draw themselves
(`hides`: (owner, slot)), which the hands leave out meanwhile.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from game.ui.toolkit.tween import Clip, ease_in_out

Point = tuple[float, float]
Place = tuple[int, int]


class Art(Protocol):
    def face(self, value: int, width: int) -> pygame.Surface: ...

    def back(self, width: int) -> pygame.Surface: ...


@dataclass
class Part(Clip):
    hides: frozenset[Place] = frozenset()

    def draw(self, surface: pygame.Surface, alpha: float, art: Art) -> None:
        """A pause draws nothing."""

    def skip(self) -> None:
        """Cut short (a player pressed on)."""
        self.age = self.duration


@dataclass
class Flying:
    value: int | None              # None: face down
    start: Point
    end: Point
    width0: int
    width1: int
    delay: float = 0.0


@dataclass
class Flight(Part):
    items: list[Flying] = field(default_factory=list)
    arc: float = 30.0

    def draw(self, surface: pygame.Surface, alpha: float, art: Art) -> None:
        now = self.t(alpha) * self.duration
        for item in self.items:
            span = max(1e-6, self.duration - item.delay)
            u = ease_in_out(max(0.0, min(1.0, (now - item.delay) / span)))
            x = item.start[0] + (item.end[0] - item.start[0]) * u
            y = item.start[1] + (item.end[1] - item.start[1]) * u - math.sin(u * math.pi) * self.arc
            width = round(item.width0 + (item.width1 - item.width0) * u)
            sprite = art.back(width) if item.value is None else art.face(item.value, width)
            surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))


@dataclass
class Lift(Part):
    """Cards raised a little while a seat looks at them: everyone sees *that* someone looks; only the
    looker's screen has their values (None: face down)."""

    cards: dict[Place, tuple[pygame.Rect, int | None]] = field(default_factory=dict)
    colour: tuple[int, int, int] = (255, 255, 255)

    def draw(self, surface: pygame.Surface, alpha: float, art: Art) -> None:
        rise = 14 * min(1.0, self.t(alpha) * self.duration / 0.15)
        for rect, value in self.cards.values():
            sprite = art.back(rect.w) if value is None else art.face(value, rect.w)
            at = rect.move(0, -round(rise))
            pygame.draw.rect(surface, self.colour, at.inflate(8, 8), 3, border_radius=8)
            surface.blit(sprite, at)


@dataclass
class Chain:
    """Parts one after another; drawn is the part now running."""

    parts: list[Part]
    index: int = 0

    def __init__(self, *parts: Part) -> None:
        self.parts = list(parts)
        self.index = 0

    @property
    def current(self) -> Part | None:
        return self.parts[self.index] if self.index < len(self.parts) else None

    @property
    def hides(self) -> frozenset[Place]:
        part = self.current
        return part.hides if part is not None else frozenset()

    def update(self, dt: float) -> bool:
        while self.index < len(self.parts):
            if self.parts[self.index].update(dt):
                return True
            self.index += 1
            dt = 0.0
        return False

    def skip(self) -> None:
        part = self.current
        if part is not None:
            part.skip()

    def draw(self, surface: pygame.Surface, alpha: float, art: Art) -> None:
        part = self.current
        if part is not None:
            part.draw(surface, alpha, art)
