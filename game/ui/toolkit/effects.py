"""The effects every game screen builds its animations from: a pause, a flight, a flip, a pop, a
glow, a shake, a painted part of the game's own, and chains of them.

Each is a `Part`: a Clip (game.ui.toolkit.tween) that advances by the fixed step, calls `on_done`
once as it ends and draws itself at `alpha` between steps. A part names the places of the table it
draws itself while it runs (`hides`: whatever keys the game uses, a square, (owner, slot)), which the
table's own drawing leaves out meanwhile, so nothing is drawn twice. A `Chain` runs parts one after
another and is the animation of one event (game.ui.play.presenters).

Parts draw sprites named by keys that the game resolves to cached surfaces (`Sprites`): a card's
face, a tile, a stack of counters, a "+4". Sizes along a flight are quantised so that the cache
holds a few sizes, not one per frame.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from .tween import Clip, Easing, back_out, ease_in_out, ease_out_cubic

Point = tuple[float, float]
SpriteKey = Hashable
Place = Hashable


class Sprites(Protocol):
    def sprite(self, key: Any, size: int) -> pygame.Surface:
        """The cached surface for `key` about `size` pixels across (text ignores the size)."""

    def flipped(self, key: Any, size: int, width: int) -> pygame.Surface:
        """The sprite squeezed to `width` pixels across: one frame of a flip, cached."""


def quantised(size: float, step: int = 4) -> int:
    """A size rounded to a few cached values."""
    return max(step, round(size / step) * step)


@dataclass
class Part(Clip):
    """A pause by itself (draws nothing); what it hides stays hidden while it runs."""

    hides: frozenset[Any] = frozenset()

    def draw(self, surface: pygame.Surface, alpha: float, sprites: Sprites) -> None:
        """A pause draws nothing."""

    def skip(self) -> None:
        """Cut short (a player pressed on)."""
        self.age = self.duration

    def now(self, alpha: float) -> float:
        """Seconds since the part began, `alpha` of a step past the last update."""
        return min(self.duration, self.age + alpha * self.last_dt)


@dataclass
class Flying:
    """One sprite on its way: from `start` to `end` at `size` (growing to `end_size`), starting
    `delay` seconds into its flight part."""

    key: SpriteKey
    start: Point
    end: Point
    size: int
    end_size: int | None = None
    delay: float = 0.0


@dataclass
class Flight(Part):
    """Sprites travelling on a low arc, each over `travel` seconds (default: the whole part)."""

    items: list[Flying] = field(default_factory=list)
    arc: float = 30.0
    travel: float | None = None
    easing: Easing = ease_in_out

    def position(self, item: Flying, alpha: float) -> tuple[Point, int] | None:
        """Where `item` is now and its size; None before it starts or once the part is over."""
        span = self.travel if self.travel is not None else max(1e-6, self.duration - item.delay)
        raw = (self.now(alpha) - item.delay) / span if span > 0 else 1.0
        if raw < 0.0:
            return None
        u = self.easing(min(1.0, raw))
        x = item.start[0] + (item.end[0] - item.start[0]) * u
        y = item.start[1] + (item.end[1] - item.start[1]) * u - math.sin(min(1.0, raw) * math.pi) * self.arc
        size = item.size if item.end_size is None else quantised(item.size + (item.end_size - item.size) * u)
        return (x, y), size

    def draw(self, surface: pygame.Surface, alpha: float, sprites: Sprites) -> None:
        for item in self.items:
            at = self.position(item, alpha)
            if at is None:
                continue
            (x, y), size = at
            sprite = sprites.sprite(item.key, size)
            surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))


@dataclass
class Turning:
    centre: Point
    before: SpriteKey
    after: SpriteKey
    delay: float = 0.0


@dataclass
class Flip(Part):
    """Things turning over in place: squeezed to an edge, then widened showing the other side."""

    items: list[Turning] = field(default_factory=list)
    turn: float = 0.3
    size: int = 80

    def draw(self, surface: pygame.Surface, alpha: float, sprites: Sprites) -> None:
        now = self.now(alpha)
        for item in self.items:
            t = max(0.0, min(1.0, (now - item.delay) / self.turn)) if self.turn > 0 else 1.0
            key = item.before if t < 0.5 else item.after
            width = quantised(self.size * abs(math.cos(math.pi * t)))
            lift = math.sin(math.pi * t) * 10
            if width >= self.size:
                sprite = sprites.sprite(key, self.size)
            else:
                sprite = sprites.flipped(key, self.size, width)
            surface.blit(sprite, sprite.get_rect(center=(round(item.centre[0]), round(item.centre[1] - lift))))


@dataclass
class Pop(Part):
    """A sprite that pops in over a spot, rises a little and stays to the end (a "+4")."""

    key: SpriteKey = ()
    at: Point = (0.0, 0.0)
    rise: float = 18.0

    def draw(self, surface: pygame.Surface, alpha: float, sprites: Sprites) -> None:
        t = self.t(alpha)
        sprite = sprites.sprite(self.key, 0)
        scale = back_out(min(1.0, t / 0.4))
        if scale < 0.98:
            w, h = sprite.get_size()
            sprite = pygame.transform.scale(sprite, (max(1, round(w * scale)), max(1, round(h * scale))))
        y = self.at[1] - self.rise * ease_out_cubic(t)
        surface.blit(sprite, sprite.get_rect(center=(round(self.at[0]), round(y))))


@dataclass
class Glow(Part):
    """Something lit up for a moment: its strength pulses; the game draws the outline with it."""

    places: tuple[Any, ...] = ()
    pulses: float = 1.0

    def strength(self, alpha: float) -> float:
        return abs(math.sin(self.t(alpha) * math.pi * 2 * self.pulses))


@dataclass
class Painted(Part):
    """A part the game draws itself: `paint(surface, t)` with the eased progress t in [0, 1]."""

    paint: Callable[[pygame.Surface, float], None] | None = None
    easing: Easing = ease_in_out

    def draw(self, surface: pygame.Surface, alpha: float, sprites: Sprites) -> None:
        if self.paint is not None:
            self.paint(surface, self.easing(self.t(alpha)))


@dataclass
class Resting(Part):
    """Another part drawn over things at rest where it left them: an event is folded into the shown
    view only when its whole animation ends, so a part late in a chain must draw what the parts
    before it left (a scored Kombo's backs while its "+N" flies; the arrow on the space it stopped
    on while its tile flies off). It lasts as long as the part it wraps."""

    inner: Part = field(default_factory=lambda: Part(0.0))
    still: tuple[tuple[SpriteKey, Point], ...] = ()
    size: int = 80
    paint: Callable[[pygame.Surface], None] | None = None

    def update(self, dt: float) -> bool:
        self.inner.update(dt)
        return super().update(dt)

    def skip(self) -> None:
        self.inner.skip()
        super().skip()

    def draw(self, surface: pygame.Surface, alpha: float, sprites: Sprites) -> None:
        if self.paint is not None:
            self.paint(surface)
        for key, (x, y) in self.still:
            sprite = sprites.sprite(key, self.size)
            surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))
        self.inner.draw(surface, alpha, sprites)


def resting(part: Part, still: Sequence[tuple[SpriteKey, Point]] = (), size: int = 80,
            places: Sequence[Any] = (), paint: Callable[[pygame.Surface], None] | None = None) -> Resting:
    """`part` over things at rest (sprites `still`, or what `paint` draws), hiding what it hides and
    `places` (where the things at rest lie, which the table would draw as they were)."""
    return Resting(part.duration, hides=part.hides | frozenset(places), inner=part,
                   still=tuple(still), size=size, paint=paint)


def fly_to_score(key: SpriteKey, start: Point, end: Point, seconds: float,
                 on_land: Callable[[], None] | None = None, pop: float = 0.35) -> list[Part]:
    """Points popping up over where they were won, then flying to the score: the number on the
    score changes as they land (`on_land`), never before."""
    return [Pop(pop, key=key, at=start),
            Flight(seconds, on_done=on_land, items=[Flying(key, (start[0], start[1] - 18), end, 0)], arc=20.0)]


class Chain:
    """Parts one after another: the animation of one event. Parts of no duration (a count that
    changes) finish at once."""

    def __init__(self, *parts: Part | None) -> None:
        self.parts: list[Part] = [p for p in parts if p is not None]
        self.index = 0

    @property
    def current(self) -> Part | None:
        return self.parts[self.index] if self.index < len(self.parts) else None

    @property
    def hides(self) -> frozenset[Any]:
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

    def draw(self, surface: pygame.Surface, alpha: float, sprites: Sprites) -> None:
        part = self.current
        if part is not None:
            part.draw(surface, alpha, sprites)

    def find(self, kind: type[Part]) -> Part | None:
        """The running part if it is a `kind` (a Glow whose outline the game draws)."""
        part = self.current
        return part if isinstance(part, kind) else None


@dataclass
class Shake:
    """A decaying shake of part of the screen (a blast's board), `seconds` long: `offset(alpha)` is
    where that part is drawn. Not an animation that holds the queue: it runs beside it."""

    seconds: float = 0.35
    amplitude: float = 12.0
    age: float = 0.0
    last_dt: float = 0.0

    def update(self, dt: float) -> bool:
        self.last_dt = dt
        self.age = min(self.seconds, self.age + dt)
        return self.age < self.seconds

    def offset(self, alpha: float = 0.0) -> tuple[int, int]:
        t = self.age + alpha * self.last_dt
        if t >= self.seconds:
            return (0, 0)
        amp = self.amplitude * (1 - t / self.seconds) ** 2
        return (round(math.sin(t * 97) * amp), round(math.cos(t * 71) * amp))


def total_offset(shakes: Sequence[Shake], alpha: float) -> tuple[int, int]:
    dx = dy = 0
    for shake in shakes:
        x, y = shake.offset(alpha)
        dx, dy = dx + x, dy + y
    return dx, dy


def shake_area(surface: pygame.Surface, frame: pygame.Surface, area: pygame.Rect, offset: tuple[int, int],
               fill: tuple[int, int, int]) -> None:
    """`area` of the frame already drawn on `surface`, shaken: drawn again `offset` away over a cleared
    area. The rest of the screen (the panels) keeps still, and a shaken frame costs one blit of the
    area more than a still one, not a second blit of the whole screen."""
    surface.fill(fill, area)
    surface.blit(frame, area.move(offset), area)


__all__ = ["Chain", "Flight", "Flip", "Flying", "Glow", "Painted", "Part", "Pop", "Resting", "Shake", "Sprites",
           "Turning", "fly_to_score", "quantised", "resting", "shake_area", "total_offset"]
