"""Kombo Klash! animations: tiles flying (placed, drawn, kicked, discarded, reshuffled), tiles flipping
(scale-x), a Kombo's glow, and "+N" flying to the score track.

Each advances by the fixed step (`update(dt)` returns False once finished) and draws itself at `alpha`
between steps. A part may carry `on_done`, run once as it finishes: that is where the scene's table
takes the event's result (a tile lands, a count changes), so what is drawn never runs ahead of what
is seen moving. Parts name the board squares and hand slots they draw themselves (`hides`), which the
board and the hand leave out meanwhile. Sprites are named by keys the scene resolves to cached
surfaces: ("face", creature), ("back",), ("text", "+12", seat).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from game.ui.toolkit.tween import Clip, back_out, ease_in_out, ease_out_cubic

Point = tuple[float, float]
SpriteKey = tuple[Any, ...]


class Sprites(Protocol):
    def sprite(self, key: SpriteKey, size: int) -> pygame.Surface:
        """The cached surface for `key` at `size` pixels (a tile's side; text ignores it)."""

    def flipped(self, key: SpriteKey, size: int, width: int) -> pygame.Surface:
        """The sprite squeezed to `width` pixels across (a flip's frame), cached."""


@dataclass
class Part(Clip):
    hides: frozenset[int] = frozenset()          # board squares this part draws itself
    hides_hand: frozenset[int] = frozenset()     # hand slots still empty until their tile lands

    def draw(self, surface: pygame.Surface, alpha: float, sprites: Sprites) -> None:
        """A pause draws nothing."""


@dataclass
class FlightItem:
    key: SpriteKey
    start: Point
    end: Point
    delay: float = 0.0
    size: int = 80
    end_size: int | None = None      # shrinks or grows on the way (to a small card, the discard pile)


@dataclass
class Flight(Part):
    """Sprites travelling from their start to their end on a low arc, one after another (`delay`)."""

    items: list[FlightItem] = field(default_factory=list)
    travel: float = 0.34             # each item's own flight time
    arc: float = 34.0

    def draw(self, surface: pygame.Surface, alpha: float, sprites: Sprites) -> None:
        now = self.age + alpha * self.last_dt
        for item in self.items:
            raw = (now - item.delay) / self.travel if self.travel > 0 else 1.0
            if raw <= 0.0 or (raw >= 1.0 and now >= self.duration):
                continue
            t = ease_in_out(min(1.0, raw))
            x = item.start[0] + (item.end[0] - item.start[0]) * t
            y = item.start[1] + (item.end[1] - item.start[1]) * t - math.sin(math.pi * t) * self.arc
            size = item.size
            if item.end_size is not None:
                size = round((item.size + (item.end_size - item.size) * t) / 4) * 4   # a few cached sizes
            sprite = sprites.sprite(item.key, size)
            surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))


@dataclass
class FlipItem:
    centre: Point
    before: SpriteKey
    after: SpriteKey
    delay: float = 0.0


@dataclass
class Flip(Part):
    """Tiles turning over in place: squeezed to an edge, then widened showing the other side."""

    items: list[FlipItem] = field(default_factory=list)
    turn: float = 0.3
    size: int = 80

    def draw(self, surface: pygame.Surface, alpha: float, sprites: Sprites) -> None:
        now = self.age + alpha * self.last_dt
        for item in self.items:
            t = max(0.0, min(1.0, (now - item.delay) / self.turn))
            key = item.before if t < 0.5 else item.after
            width = round(self.size * abs(math.cos(math.pi * t)) / 4) * 4   # quantised: cached frames
            lift = math.sin(math.pi * t) * 10
            if width >= self.size:
                sprite = sprites.sprite(key, self.size)
            elif width <= 0:
                continue
            else:
                sprite = sprites.flipped(key, self.size, width)
            surface.blit(sprite, sprite.get_rect(center=(round(item.centre[0]), round(item.centre[1] - lift))))


@dataclass
class Glow(Part):
    """A Kombo lighting up before it is flipped: its outline pulses (the scene draws the outline)."""

    squares: tuple[int, ...] = ()
    points: int = 0

    def strength(self, alpha: float) -> float:
        return abs(math.sin(self.t(alpha) * math.pi * 2))


@dataclass
class Pop(Part):
    """A label that pops in over a spot and fades (a "+4" over a howling Wolf)."""

    key: SpriteKey = ()
    at: Point = (0.0, 0.0)

    def draw(self, surface: pygame.Surface, alpha: float, sprites: Sprites) -> None:
        t = self.t(alpha)
        sprite = sprites.sprite(self.key, 0)
        scale = back_out(min(1.0, t / 0.4))
        if scale < 0.98:
            w, h = sprite.get_size()
            sprite = pygame.transform.scale(sprite, (max(1, round(w * scale)), max(1, round(h * scale))))
        y = self.at[1] - 18 * ease_out_cubic(t)
        surface.blit(sprite, sprite.get_rect(center=(round(self.at[0]), round(y))))


class Chain:
    """Parts one after another: the animation of one event (flip the Kombo, then fly its points)."""

    def __init__(self, *parts: Part) -> None:
        self.parts = [p for p in parts if p is not None]
        self.index = 0

    @property
    def current(self) -> Part | None:
        return self.parts[self.index] if self.index < len(self.parts) else None

    def update(self, dt: float) -> bool:
        part = self.current
        if part is None:
            return False
        if not part.update(dt):
            self.index += 1
            # parts of no duration (a count changing) finish at once
            while self.current is not None and self.current.duration <= 0:
                self.current.update(0.0)
                self.index += 1
        return self.current is not None

    def draw(self, surface: pygame.Surface, alpha: float, sprites: Sprites) -> None:
        part = self.current
        if part is not None:
            part.draw(surface, alpha, sprites)

    @property
    def hides(self) -> frozenset[int]:
        part = self.current
        return part.hides if part is not None else frozenset()

    @property
    def hides_hand(self) -> frozenset[int]:
        part = self.current
        return part.hides_hand if part is not None else frozenset()

    def glow(self) -> Glow | None:
        part = self.current
        return part if isinstance(part, Glow) else None


@dataclass
class CounterMove:
    """A seat's counter walking along the score track from one score to another (not blocking)."""

    seat: int
    start: float
    end: float
    duration: float = 0.5
    age: float = 0.0
    last_dt: float = 0.0

    def update(self, dt: float) -> bool:
        self.last_dt = dt
        self.age = min(self.duration, self.age + dt)
        return self.age < self.duration

    def value(self, alpha: float) -> float:
        t = min(1.0, (self.age + alpha * self.last_dt) / self.duration) if self.duration > 0 else 1.0
        return self.start + (self.end - self.start) * ease_in_out(t)
