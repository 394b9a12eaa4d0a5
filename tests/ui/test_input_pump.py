"""The input pump: while the loop waits for its next frame it drains SDL's queue every slice and
stamps each event with the app clock's reading at that drain, so presses that come within one frame
reach the scene in order, each with its own time; while the loop updates and draws, its work timer
drains the same way. A scripted clock (its sleep moves it on and posts the events due by then into
SDL's real queue) and a scripted timer, so counts and orders, never timings; one test runs the real
timer and asserts only that it drained before some Python work ended."""
from __future__ import annotations

import signal
import time
from collections.abc import Callable

import pygame
import pytest

from game.ui.toolkit.app import FPS, App
from game.ui.toolkit.devices import InputRouter
from game.ui.toolkit.input import Press
from game.ui.toolkit.pump import SLICE, AlarmTicker, InputPump, Stamped
from game.ui.toolkit.scene import Scene

START = 1000.0


@pytest.fixture(autouse=True)
def video():
    pygame.display.init()       # SDL's event queue and key names need the (dummy) video system
    pygame.event.clear()
    yield
    pygame.event.clear()


def key(code: int, kind: int = pygame.KEYDOWN) -> pygame.event.Event:
    return pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0)


class Timeline:
    """A fake clock whose `sleep` moves it on and then posts, into SDL's queue, every scripted event
    due by the new time (as a player's key would reach the queue while the loop sleeps); a QUIT at
    `end`. Times are seconds after START. `drain` is pygame.event.get, noting the clock's reading at
    each drain."""

    def __init__(self, events: list[tuple[float, pygame.event.Event]] = (), end: float = 1.0) -> None:
        self.t = START
        self.pending = sorted(((START + t, e) for t, e in events), key=lambda te: te[0])
        self.end = START + end
        self.sleeps: list[float] = []
        self.drains: list[float] = []

    def __call__(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.t += seconds
        while self.pending and self.pending[0][0] <= self.t:
            pygame.event.post(self.pending.pop(0)[1])
        if self.t >= self.end:
            self.end = float("inf")
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    def drain(self) -> list[pygame.event.Event]:
        self.drains.append(self.t)
        return pygame.event.get()


class Recorder(Scene):
    """Notes each press with the simulation step it came before, and each drawing; its picture
    changes every step, so the loop stays awake and draws at full speed."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.steps = 0
        self.presses: list[tuple[int, Press]] = []
        self.draws: list[int] = []

    def handle(self, press: Press) -> bool:
        self.presses.append((self.steps, press))
        return True

    def update(self, dt: float) -> None:
        self.steps += 1

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.draws.append(self.steps)
        surface.fill((self.steps % 256, 0, 0))


def run_loop(events: list[tuple[float, pygame.event.Event]], seconds: float = 1.0) -> tuple[Timeline, Recorder, App]:
    timeline = Timeline(events, end=seconds)
    app = App(pygame.Surface((32, 18)), clock=timeline, inputs=InputRouter())
    scene = Recorder(app)
    app.push(scene)
    pump = InputPump(timeline, sleep=timeline.sleep, drain=timeline.drain)
    app.run(present=lambda: None, wait=pump.wait)
    return timeline, scene, app


def test_presses_within_one_frame_come_in_posting_order_with_their_pump_stamps():
    # kb1 slaps (q), kb2 slaps (u) 3 ms later, kb3 (right shift) 2 ms after that: one 120 Hz frame
    posted = [(0.5001, key(pygame.K_q)), (0.5031, key(pygame.K_u)), (0.5051, key(pygame.K_RSHIFT))]
    timeline, scene, app = run_loop(posted)
    assert [(p.device, p.button) for _, p in scene.presses] == [("kb1", "slap"), ("kb2", "slap"), ("kb3", "slap")]
    stamps = [p.time for _, p in scene.presses]
    assert stamps == sorted(stamps) and len(set(stamps)) == 3      # told apart, in order
    for stamp, (when, _) in zip(stamps, posted):
        assert stamp in timeline.drains                            # the reading of the drain that saw it
        assert START + when <= stamp <= START + when + SLICE + 1e-9  # the first drain after the post
    # all three reach the scene together, at the step after the wait they came in
    assert len({step for step, _ in scene.presses}) == 1


def test_the_pump_drains_every_slice_while_the_loop_waits_and_never_busy_waits():
    timeline, scene, app = run_loop([], seconds=0.5)
    assert timeline.sleeps and max(timeline.sleeps) <= SLICE + 1e-12
    assert min(timeline.sleeps) > 0
    # about a drain a slice, not a spin: drains per second of the run are bounded by the slices
    assert len(timeline.drains) <= len(timeline.sleeps) + len(scene.draws) + 2


def test_a_frame_is_still_drawn_once_per_step_of_the_loop():
    timeline, scene, app = run_loop([(0.2, key(pygame.K_q)), (0.2021, key(pygame.K_u))], seconds=1.0)
    # at full speed the loop draws FPS frames a second, however many times it pumped in between
    assert len(scene.draws) in range(FPS - 1, FPS + 2)
    assert len(timeline.drains) > 3 * len(scene.draws)
    assert app.sim_steps == scene.steps and scene.steps in range(119, 123)   # 120 Hz, as ever


def test_an_idle_wait_returns_at_the_first_drain_that_brings_an_event():
    timeline = Timeline([(0.0101, key(pygame.K_q))])
    pump = InputPump(timeline, sleep=timeline.sleep, drain=timeline.drain)
    got = pump.wait(0.1, wake=True)
    assert [s.event.key for s in got] == [pygame.K_q]
    assert got[0].time == timeline.t and timeline.t - START < 0.0101 + SLICE + 1e-9


def test_an_awake_wait_keeps_pumping_to_its_end_and_keeps_what_came_in_order():
    timeline = Timeline([(0.001, key(pygame.K_q)), (0.004, key(pygame.K_u)), (0.0041, key(pygame.K_i))])
    pump = InputPump(timeline, sleep=timeline.sleep, drain=timeline.drain)
    got = pump.wait(0.008, wake=False)
    assert timeline.t == pytest.approx(START + 0.008)
    assert [s.event.key for s in got] == [pygame.K_q, pygame.K_u, pygame.K_i]
    assert got[0].time < got[1].time == got[2].time                 # the last two came in one slice


def test_a_wait_with_no_time_left_still_drains_once():
    pygame.event.post(key(pygame.K_q))
    timeline = Timeline()
    pump = InputPump(timeline, sleep=timeline.sleep, drain=timeline.drain)
    got = pump.wait(0.0, wake=False)
    assert [s.event.key for s in got] == [pygame.K_q] and timeline.sleeps == []
    assert pump.pumps == 1


def test_unstamped_events_are_stamped_with_the_clock_when_the_app_takes_them():
    timeline = Timeline()
    app = App(pygame.Surface((8, 8)), clock=timeline, inputs=InputRouter())
    scene = Recorder(app)
    app.push(scene)
    timeline.t = START + 2.0
    app.frame([key(pygame.K_q), Stamped(START + 1.5, key(pygame.K_u))])
    assert [(p.device, p.time) for _, p in scene.presses] == [("kb1", START + 2.0), ("kb2", START + 1.5)]


def test_a_slice_must_be_positive():
    with pytest.raises(ValueError):
        InputPump(slice_seconds=0.0)


class ScriptedTicker:
    """The work timer, fired by the test where a signal would have come."""

    def __init__(self) -> None:
        self.tick: Callable[[], None] | None = None
        self.running = False
        self.periods: list[float] = []

    def start(self, seconds: float, tick: Callable[[], None]) -> None:
        self.tick, self.running = tick, True
        self.periods.append(seconds)

    def stop(self) -> None:
        self.running = False

    def fire(self) -> None:
        assert self.tick is not None
        self.tick()


class LongDraw(Recorder):
    """Its first drawing is long (5 ms on the timeline): a key comes 0.5 ms in, the work timer fires
    at 1 ms. It notes the clock at the end of that drawing."""

    def __init__(self, app: App, timeline: Timeline, ticker: ScriptedTicker) -> None:
        super().__init__(app)
        self.timeline, self.ticker = timeline, ticker
        self.fired_at = self.ended_at = 0.0

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        super().draw(surface, alpha)
        if len(self.draws) != 1:
            return
        assert self.ticker.running                      # the loop draws inside its work time
        self.timeline.t += 0.0005
        pygame.event.post(key(pygame.K_q))
        self.timeline.t += 0.0005
        self.fired_at = self.timeline.t
        self.ticker.fire()
        self.timeline.t += 0.004
        self.ended_at = self.timeline.t


def test_a_press_during_a_long_drawing_is_stamped_by_the_work_timers_drain_not_at_the_frames_end():
    timeline = Timeline(end=0.1)
    app = App(pygame.Surface((32, 18)), clock=timeline, inputs=InputRouter())
    ticker = ScriptedTicker()
    scene = LongDraw(app, timeline, ticker)
    app.push(scene)
    pump = InputPump(timeline, sleep=timeline.sleep, drain=timeline.drain, ticker=ticker)
    app.run(present=lambda: None, pump=pump)
    assert [p.button for _, p in scene.presses] == ["slap"]
    stamp = scene.presses[0][1].time
    assert stamp == scene.fired_at < scene.ended_at
    assert pump.ticks == 1 and not ticker.running          # stopped when the loop waits again
    assert ticker.periods and max(ticker.periods) <= SLICE


def test_the_work_timer_never_cuts_into_a_drain_nor_drains_once_the_work_is_over():
    ticker = ScriptedTicker()
    late: list[bool] = []

    def drain() -> list[pygame.event.Event]:
        got = pygame.event.get()
        if not late:                       # a signal in the middle of the loop's own drain
            late.append(True)
            pygame.event.post(key(pygame.K_u))
            ticker.fire()
        return got

    clock = Timeline()
    pump = InputPump(clock, sleep=clock.sleep, drain=drain, ticker=ticker)
    pygame.event.post(key(pygame.K_q))
    with pump.working():
        pump.hold()                        # takes q; the tick inside it must not take u first
        assert pump.ticks == 0
        clock.t += 0.001
        ticker.fire()                      # takes u
        assert pump.ticks == 1
    pygame.event.post(key(pygame.K_i))
    ticker.fire()                          # a signal that came just after the work: wait() owns it
    assert pump.ticks == 1
    got = pump.wait(0.0, wake=False)
    assert [s.event.key for s in got] == [pygame.K_q, pygame.K_u, pygame.K_i]
    assert got[0].time < got[1].time <= got[2].time


@pytest.mark.skipif(not AlarmTicker.available(), reason="needs setitimer on the main thread")
def test_the_real_work_timer_drains_during_python_work_and_is_put_away_after_the_loop():
    before = signal.getsignal(signal.SIGALRM)

    class Busy(Recorder):
        ended_at = 0.0

        def draw(self, surface: pygame.Surface, alpha: float) -> None:
            super().draw(surface, alpha)
            if len(self.draws) == 1:
                pygame.event.post(key(pygame.K_q))
                # a slow first frame may already have seen ticks: wait for one after the press
                ticked = pump.ticks
                give_up = time.monotonic() + 5.0
                while pump.ticks == ticked and time.monotonic() < give_up:
                    pass                   # Python work the timer's signal interrupts
                self.ended_at = time.monotonic()
            elif len(self.draws) == 3:
                pygame.event.post(pygame.event.Event(pygame.QUIT))

    app = App(pygame.Surface((32, 18)), clock=time.monotonic, inputs=InputRouter())
    scene = Busy(app)
    app.push(scene)
    pump = InputPump(time.monotonic)
    app.run(present=lambda: None, pump=pump)
    assert pump.ticks >= 1
    assert [p.button for _, p in scene.presses] == ["slap"]
    assert scene.presses[0][1].time < scene.ended_at       # stamped in the work, not after it
    assert signal.getsignal(signal.SIGALRM) == before
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
