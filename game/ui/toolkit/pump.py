"""The input pump: how the app loop waits for its next frame without losing the timing of presses.

SDL reads the window system's input only when its queue is pumped, and stamps events then (in whole
milliseconds), so a loop that sleeps until the next frame learns of two presses 3 ms apart in that
frame at the same moment, in one batch, and cannot tell which came first by time. The pump sleeps in
slices of at most SLICE seconds instead, drains SDL's queue after each slice and stamps every event it
drained with the app clock's reading at that drain (`Stamped`). An event is then stamped at most a
slice (plus the scheduler's lateness) after it reached SDL, and SDL's queue being first in, first out,
stamps never go down from one event to the next.

The loop does not busy-wait: between drains the thread sleeps, and a drain of an empty queue costs
microseconds (see tools/bench/bench_input_pump.py for the error of the stamps and the cost).
"""
from __future__ import annotations

import time
from collections.abc import Callable
from typing import NamedTuple

import pygame

# Longest sleep between two drains of SDL's queue. Linux oversleeps a short sleep by about 0.1 ms,
# so 1.5 ms slices pump at about 600 Hz and keep a stamp within 2 ms of an event that comes while the
# loop waits. An event that comes while a frame is updated and drawn is stamped by the first drain
# after it: late by up to the frame's own time (1.5 ms median, 5 ms p99 for a busy game scene).
SLICE = 0.0015


class Stamped(NamedTuple):
    """A raw event and the app-clock time of the drain that took it from SDL's queue."""

    time: float
    event: pygame.event.Event


# What the loop hands the app each frame: events the pump stamped, or plain events (tests, callers
# that pump by themselves), which the app stamps with its clock when it takes them.
LoopEvent = pygame.event.Event | Stamped


class InputPump:
    """Waits for the next frame in slices, draining and stamping SDL's events after each one.

    `clock` is the app's clock (stamps are in its time, as every Press is); `sleep` and `drain` are
    time.sleep and pygame.event.get but for tests, which script both."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, *, slice_seconds: float = SLICE,
                 sleep: Callable[[float], object] = time.sleep,
                 drain: Callable[[], list[pygame.event.Event]] = pygame.event.get) -> None:
        if slice_seconds <= 0:
            raise ValueError(f"a pump slice must be positive, not {slice_seconds}")
        self.clock = clock
        self.slice = slice_seconds
        self._sleep = sleep
        self._drain = drain
        self.pumps = 0          # drains so far: the bench's pumping rate
        self._held: list[Stamped] = []

    def pump(self) -> list[Stamped]:
        """Drain SDL's queue now; every event drained carries the clock's reading taken just after
        the drain, so a stamp is never earlier than the moment its event reached the queue."""
        events = self._drain()
        now = self.clock()
        self.pumps += 1
        return [Stamped(now, event) for event in events]

    def hold(self) -> None:
        """Drain SDL's queue now and keep what came for the next wait. The loop calls it between
        updating and drawing a frame and again before presenting it, so a press that comes while
        the loop is busy is stamped when that piece of work ends, not only after the whole frame."""
        self._held += self.pump()

    def wait(self, seconds: float, wake: bool) -> list[Stamped]:
        """Spend `seconds` pumping every slice and return what came, in SDL's order; with `wake`,
        return as soon as a drain brings anything (an idle loop answers input at once). The first
        drain is at once: it stamps what came while the last frame was being drawn."""
        deadline = self.clock() + seconds
        got, self._held = self._held, []
        got += self.pump()
        while not (wake and got):
            left = deadline - self.clock()
            if left <= 0:
                break
            self._sleep(min(left, self.slice))
            got.extend(self.pump())
        return got
