"""The app loop: a fixed simulation step of 1/120 s from an accumulator, capped frame time, and
drawing interpolated between steps (Glenn Fiedler, "Fix Your Timestep")."""
from __future__ import annotations

import time
from typing import Any, Callable, Iterable

import pygame

from .scene import Scene, SceneStack
from .theme import Fonts

STEP = 1 / 120
MAX_FRAME = 0.25          # a stall (window drag, slow disk) never fast-forwards more than this
SIZE = (1280, 720)        # logical resolution; the window scales it


class SilentAudio:
    """Stands in where there is no sound device."""

    def play(self, name: str) -> None:
        pass


class App:
    def __init__(self, surface: pygame.Surface, *, clock: Callable[[], float] = time.monotonic,
                 audio: Any = None, inputs: Any = None, settings: Any = None) -> None:
        self.surface = surface
        self.clock = clock
        self.stack = SceneStack()
        self.fonts = Fonts()
        self.audio = audio or SilentAudio()
        self.inputs = inputs          # translates raw events into Presses (game.ui.devices)
        self.settings = settings
        self.running = True
        self.accumulator = 0.0
        self.sim_steps = 0
        self.sim_time = 0.0
        self._last: float | None = None

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    def now(self) -> float:
        """Simulation time: what tweens and timers should use."""
        return self.sim_time

    def advance(self, frame_time: float) -> int:
        """Run the fixed steps owed for `frame_time` seconds; returns how many ran."""
        self.accumulator += min(max(frame_time, 0.0), MAX_FRAME)
        steps = 0
        while self.accumulator >= STEP:
            self.stack.update(STEP)
            self.accumulator -= STEP
            self.sim_time += STEP
            self.sim_steps += 1
            steps += 1
        return steps

    @property
    def alpha(self) -> float:
        return self.accumulator / STEP

    def feed(self, events: Iterable[pygame.event.Event]) -> None:
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
                continue
            if self.stack.dispatch("handle_raw", event):
                continue
            if self.inputs is not None:
                for press in self.inputs.translate(event, self.clock()):
                    self.stack.dispatch("handle", press)

    def frame(self, events: Iterable[pygame.event.Event] | None = None) -> None:
        now = self.clock()
        frame_time = 0.0 if self._last is None else now - self._last
        self._last = now
        self.feed(pygame.event.get() if events is None else events)
        self.advance(frame_time)
        self.draw()

    def draw(self) -> None:
        self.stack.draw(self.surface, self.alpha)

    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def quit(self) -> None:
        self.running = False
