"""The input pump: how the app loop waits for its next frame without losing the timing of presses.

SDL reads the window system's input only when its queue is pumped, and stamps events then (in whole
milliseconds), so a loop that sleeps until the next frame learns of two presses 3 ms apart in that
frame at the same moment, in one batch, and cannot tell which came first by time. The pump sleeps in
slices of at most SLICE seconds instead, drains SDL's queue after each slice and stamps every event it
drained with the app clock's reading at that drain (`Stamped`). An event is then stamped at most a
slice (plus the scheduler's lateness) after it reached SDL, and SDL's queue being first in, first out,
stamps never go down from one event to the next.

While the loop updates and draws a frame it cannot sleep in slices, so `working()` arms an interval
timer (SIGALRM every SLICE) whose handler drains the queue the same way: Python runs signal handlers
on the main thread between bytecodes, the thread SDL wants its queue pumped on, so a press that comes
during a long frame is stamped within a slice too, not when the frame's work ends. Only C code that
runs longer than a slice (a big blit) delays a drain, to its end. Where there is no such timer (not
the main thread, no setitimer) the loop's own drains between updating, drawing and presenting remain.

The loop does not busy-wait: between drains the thread sleeps, and a drain of an empty queue costs
microseconds (see tools/bench/bench_input_pump.py for the error of the stamps and the cost).
"""
from __future__ import annotations

import logging
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, NamedTuple, Protocol

import pygame

log = logging.getLogger(__name__)

# Longest time between two drains of SDL's queue. Linux oversleeps a short sleep (and delivers a
# timer's signal late) by about 0.1 ms, so 1.5 ms slices pump at about 600 Hz and keep a stamp within
# 2 ms of its event, while the loop waits and, by the work timer, while it updates and draws.
SLICE = 0.0015
# The work timer's period is shorter: a drain comes up to a bytecode (or a C call) after its signal.
WORK_SLICE = 0.001


class Ticker(Protocol):
    """Calls a function every `seconds` until stopped: the work timer (tests script their own)."""

    def start(self, seconds: float, tick: Callable[[], None]) -> None: ...

    def stop(self) -> None: ...


class AlarmTicker:
    """SIGALRM from an interval timer; its handler runs on the main thread between bytecodes."""

    def __init__(self) -> None:
        self._previous: Callable[[int, FrameType | None], Any] | int | signal.Handlers | None = None

    @staticmethod
    def available() -> bool:
        return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()

    def start(self, seconds: float, tick: Callable[[], None]) -> None:
        self._previous = signal.signal(signal.SIGALRM, lambda _signum, _frame: tick())
        signal.setitimer(signal.ITIMER_REAL, seconds, seconds)

    def stop(self) -> None:
        signal.setitimer(signal.ITIMER_REAL, 0, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL if self._previous is None else self._previous)


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
                 drain: Callable[[], list[pygame.event.Event]] = pygame.event.get,
                 ticker: Ticker | None = None) -> None:
        if slice_seconds <= 0:
            raise ValueError(f"a pump slice must be positive, not {slice_seconds}")
        self.clock = clock
        self.slice = slice_seconds
        self._sleep = sleep
        self._drain = drain
        self._ticker = ticker
        self.pumps = 0          # drains so far: the bench's pumping rate
        self.ticks = 0          # ... of which the work timer's
        self._held: list[Stamped] = []
        self._busy = False      # a drain is under way: the timer's handler must not cut into it
        self._working = False   # the timer may drain (a signal can still come just after stop)

    def pump(self) -> list[Stamped]:
        """Drain SDL's queue now; every event drained carries the clock's reading taken just after
        the drain, so a stamp is never earlier than the moment its event reached the queue."""
        busy, self._busy = self._busy, True
        try:
            events = self._drain()
            now = self.clock()
            self.pumps += 1
            return [Stamped(now, event) for event in events]
        finally:
            self._busy = busy

    @contextmanager
    def working(self) -> Iterator[None]:
        """While the loop updates and draws: the timer drains into what `hold` keeps, every slice."""
        ticker = self._ticker
        if ticker is None:
            if not AlarmTicker.available():
                yield
                return
            ticker = AlarmTicker()
        self._working = True
        ticker.start(min(self.slice, WORK_SLICE), self._tick)
        try:
            yield
        finally:
            self._working = False
            ticker.stop()

    def _tick(self) -> None:
        # Runs inside whatever the loop was doing: never while a drain is half done (its events
        # would be stamped out of order) nor once the work is over (wait() owns the held list then).
        if not self._working or self._busy:
            return
        try:
            self.hold()
        except pygame.error:
            # the video system went away under the loop: stop ticking, the loop's own drain reports it
            self._working = False
            log.warning("the input pump's work timer stopped", exc_info=True)
            return
        self.ticks += 1

    def hold(self) -> None:
        """Drain SDL's queue now and keep what came for the next wait. The work timer calls it every
        slice, and the loop between updating and drawing a frame and again before presenting it (all
        there is where the timer is not available)."""
        busy, self._busy = self._busy, True       # the timer's drain must not land in between
        try:
            self._held += self.pump()
        finally:
            self._busy = busy

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
