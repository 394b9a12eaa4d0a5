"""Kabooom!'s explosion: flash, boom sprite, sparks and smoke (the shake of the board beside it is the
toolkit's Shake; counters sliding and dropping are toolkit flights).

It advances by the fixed step (`update(dt)` returns False when finished) and draws itself at `alpha`
between steps. Randomness for particles comes from a seeded random.Random per blast, so the same step
always looks the same (screenshots, tests)."""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

import pygame

from game.ui.toolkit.tween import ease_out_cubic


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
    """Flash, boom sprite, sparks and smoke: about 0.8 s in all."""

    DURATION = 0.8
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
