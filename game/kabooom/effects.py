"""Kabooom! animations: counters sliding and dropping, and the explosion.

Each advances by the fixed step (`update(dt)` returns False when finished) and draws itself at
`alpha` between steps. Randomness for particles comes from a seeded random.Random per effect, so the
same step always looks the same (screenshots, tests)."""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from game.ui.toolkit.tween import Tween, back_out, ease_in_cubic, ease_in_out, ease_out_cubic

Stack = list  # [[owner, symbol], ...] bottom to top


@dataclass
class Slide:
    """A tower travelling from `src` to `dst`; `under` is what it lands on (drawn at dst meanwhile)."""

    seat: int
    src: int
    dst: int
    moving: Stack
    under: Stack
    explode: bool
    tween: Tween

    def update(self, dt: float) -> bool:
        return self.tween.update(dt)

    def position(self, a: tuple[float, float], b: tuple[float, float], alpha: float) -> tuple[float, float]:
        t = float(self.tween.value(alpha))
        hop = math.sin(math.pi * t) * 18   # a small hop reads as "jumps onto", not "pushes"
        return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t - hop)


def make_slide(seat: int, src: int, dst: int, moving: Stack, under: Stack, explode: bool,
               duration: float) -> Slide:
    easing = ease_in_cubic if explode else ease_in_out
    return Slide(seat, src, dst, moving, under, explode, Tween(0.0, 1.0, duration, easing))


@dataclass
class Drop:
    """A counter being placed: falls in from above and bounces."""

    square: int
    tween: Tween = field(default_factory=lambda: Tween(-46.0, 0.0, 0.28, back_out))

    def update(self, dt: float) -> bool:
        return self.tween.update(dt)

    def offset(self, alpha: float) -> float:
        return float(self.tween.value(alpha))


@dataclass
class Particle:
    x: float
    y: float
    vx: float
    vy: float
    life: float
    age: float
    radius: float
    colour: tuple[int, int, int]


class Explosion:
    """Flash, boom sprite, sparks and smoke, and a decaying screen shake: about 0.8 s in all."""

    DURATION = 0.8
    SHAKE = 0.35
    SPARKS = 64

    def __init__(self, centre: tuple[float, float], seed: int, colours: list[tuple[int, int, int]],
                 boom_frames: list[pygame.Surface], glow: pygame.Surface | None = None) -> None:
        self.centre = centre
        self.glow = glow
        self.rng = random.Random(seed)
        self.boom_frames = boom_frames
        self.age = 0.0
        self._last_dt = 0.0
        self.particles: list[Particle] = []
        fire = [(255, 220, 90), (255, 150, 40), (240, 80, 40)]
        for i in range(self.SPARKS):
            angle = self.rng.random() * math.tau
            speed = 120 + self.rng.random() * 420
            colour = colours[i % len(colours)] if i % 4 == 0 and colours else self.rng.choice(fire)
            self.particles.append(Particle(centre[0], centre[1], math.cos(angle) * speed,
                                           math.sin(angle) * speed - 60, 0.35 + self.rng.random() * 0.45,
                                           0.0, 3 + self.rng.random() * 5, colour))
        for _ in range(10):   # smoke: slow, big, grey
            angle = self.rng.random() * math.tau
            speed = 20 + self.rng.random() * 60
            self.particles.append(Particle(centre[0], centre[1], math.cos(angle) * speed,
                                           math.sin(angle) * speed - 30, 0.6 + self.rng.random() * 0.2,
                                           0.0, 10 + self.rng.random() * 8, (170, 164, 176)))

    @property
    def done(self) -> bool:
        return self.age >= self.DURATION

    def update(self, dt: float) -> bool:
        self._last_dt = dt
        self.age += dt
        drag = 0.9 ** (dt * 60)
        for p in self.particles:
            p.age += dt
            p.vx *= drag
            p.vy = p.vy * drag + 500 * dt   # gravity pulls the sparks down
            p.x += p.vx * dt
            p.y += p.vy * dt
        return not self.done

    def shake(self, alpha: float = 0.0) -> tuple[int, int]:
        t = self.age + alpha * self._last_dt
        if t >= self.SHAKE:
            return (0, 0)
        amp = 12 * (1 - t / self.SHAKE) ** 2
        return (round(math.sin(t * 97) * amp), round(math.cos(t * 71) * amp))

    def flash(self, alpha: float = 0.0) -> int:
        """Opacity of the white glow around the blast (0..255): bright at once, gone in 0.3 s."""
        t = self.age + alpha * self._last_dt
        return max(0, int(255 * (1 - t / 0.3))) if t < 0.3 else 0

    def draw(self, surface: pygame.Surface, alpha: float, offset: tuple[int, int] = (0, 0)) -> None:
        t = self.age + alpha * self._last_dt
        dt = alpha * self._last_dt
        ox, oy = offset
        flash = self.flash(alpha)
        if flash and self.glow is not None:
            self.glow.set_alpha(flash)   # the glow is shared: its opacity is set afresh each draw
            surface.blit(self.glow, self.glow.get_rect(center=(self.centre[0] + ox, self.centre[1] + oy)))
        smoke = self.particles[self.SPARKS:]
        self._draw_particles(surface, smoke, dt, ox, oy)
        frames = self.boom_frames
        if frames and t < 0.55:
            k = min(len(frames) - 1, int(ease_out_cubic(min(t / 0.3, 1.0)) * (len(frames) - 1)))
            frame = frames[k]
            if t > 0.35:
                frame = frame.copy()
                frame.set_alpha(int(255 * max(0.0, 1 - (t - 0.35) / 0.2)))
            surface.blit(frame, frame.get_rect(center=(self.centre[0] + ox, self.centre[1] + oy)))
        self._draw_particles(surface, self.particles[:self.SPARKS], dt, ox, oy)

    @staticmethod
    def _draw_particles(surface: pygame.Surface, particles: list[Particle], dt: float, ox: int, oy: int) -> None:
        for p in particles:
            if p.age >= p.life:
                continue
            fade = 1 - p.age / p.life
            r = p.radius * (0.4 + 0.6 * fade)
            x, y = p.x + p.vx * dt + ox, p.y + p.vy * dt + oy
            pygame.draw.circle(surface, tuple(int(c * (0.5 + 0.5 * fade)) for c in p.colour), (x, y), r)
