"""The fixed-step loop: the simulation depends on how much time passed, never on how the time was
cut into frames; and the pacing of frames: every frame while the picture moves, a few a second once it
stands still, at once on input (a scripted clock, so counts, never timings)."""
import itertools
import random

import pygame
import pytest

from game.ui.toolkit.app import (
    DEEP_AFTER,
    DEEP_IDLE_FPS,
    FPS,
    IDLE_FPS,
    MAX_FRAME,
    MAX_WAIT,
    SETTLE,
    STEP,
    App,
    Pacer,
    wait_for_events,
)
from game.ui.toolkit.devices import REPEAT_DELAY
from game.ui.toolkit.scene import Scene


class FakeClock:
    def __init__(self, start: float = 1000.0) -> None:
        self.t = start

    def __call__(self) -> float:
        return self.t


class Integrator(Scene):
    """A little simulation whose end state shows every step it took, in order."""

    def __init__(self, app):
        super().__init__(app)
        self.steps = 0
        self.x = 1.0
        self.v = 0.0
        self.alphas: list[float] = []

    def update(self, dt):
        self.steps += 1
        self.v += (3.0 - self.x) * dt      # a spring: the order and size of steps matter
        self.x += self.v * dt

    def draw(self, surface, alpha):
        self.alphas.append(alpha)


def run(frames: list[float]):
    clock = FakeClock()
    app = App(pygame.Surface((64, 36)), clock=clock)
    scene = Integrator(app)
    app.push(scene)
    app.frame([])                       # the first frame only starts the clock
    for dt in frames:
        clock.t += dt
        app.frame([])
    return app, scene


def jittered(total: float, seed: int) -> list[float]:
    rng = random.Random(seed)
    frames = []
    left = total
    while left > 1e-9:
        dt = min(left, rng.choice([0.0005, 0.004, 1 / 144, 1 / 60, 0.021, 0.05, 0.1]))
        frames.append(dt)
        left -= dt
    return frames


PACINGS = {
    "many small frames": [0.001] * 2000,
    "few large frames": [0.2] * 10,
    "60 Hz": [1 / 60] * 120,
    "jittered": jittered(2.0, 7),
    "jittered again": jittered(2.0, 99),
}


def test_same_steps_and_same_state_for_any_frame_pacing():
    results = {name: run(frames)[1] for name, frames in PACINGS.items()}
    steps = {name: s.steps for name, s in results.items()}
    assert set(steps.values()) == {240}, steps
    states = {(s.x, s.v) for s in results.values()}
    assert len(states) == 1                      # bit-for-bit the same simulation


def test_app_time_counts_whole_steps():
    app, scene = run([0.05] * 20)
    assert app.sim_steps == scene.steps == 120
    assert app.now() == pytest.approx(1.0)


def test_a_long_stall_is_capped():
    app, scene = run([5.0])
    assert scene.steps == round(MAX_FRAME / STEP)
    app2, scene2 = run([5.0, 1 / 120])
    assert scene2.steps == round(MAX_FRAME / STEP) + 1   # time after the stall counts normally


def test_alpha_stays_in_unit_interval():
    _, scene = run(jittered(1.0, 3) + [0.0042, 0.0001, 0.00833])
    assert scene.alphas
    assert all(0.0 <= a < 1.0 for a in scene.alphas)


def test_alpha_is_the_fraction_of_a_step_left_over():
    app, _ = run([STEP * 2.5])
    assert app.alpha == pytest.approx(0.5, abs=1e-6)


def test_advance_ignores_negative_time_and_caps_large():
    app = App(pygame.Surface((8, 8)), clock=FakeClock())
    scene = Integrator(app)
    app.push(scene)
    assert app.advance(-1.0) == 0
    assert app.advance(10.0) == round(MAX_FRAME / STEP)
    assert app.advance(STEP) == 1


def test_a_clock_going_backwards_runs_no_steps():
    clock = FakeClock()
    app = App(pygame.Surface((8, 8)), clock=clock)
    scene = Integrator(app)
    app.push(scene)
    app.frame([])
    clock.t -= 3.0
    app.frame([])
    assert scene.steps == 0


def test_quit_event_and_empty_stack_stop_the_loop():
    app = App(pygame.Surface((8, 8)), clock=FakeClock())
    app.push(Integrator(app))
    app.frame([pygame.event.Event(pygame.QUIT)])
    assert not app.running
    app2 = App(pygame.Surface((8, 8)), clock=FakeClock())
    app2.frame([])
    assert not app2.running


# -- pacing: a scripted clock and event queue drive App.run ------------------------------------------

class Script:
    """What App.run waits on: `wait(seconds, wake)` moves the clock on by `seconds`, or only up to
    the next scripted event when `wake`, and hands over the events due; a QUIT at `end`."""

    def __init__(self, clock: FakeClock, end: float, events=()) -> None:
        self.clock = clock
        self.end = end
        self.events = sorted(events, key=lambda te: te[0])
        self.waits: list[tuple[float, float, bool]] = []     # (when, seconds, wake)

    def __call__(self, seconds: float, wake: bool):
        self.waits.append((self.clock.t, seconds, wake))
        target = min(self.end, self.clock.t + seconds)
        if wake and self.events and self.events[0][0] < target:
            target = max(self.clock.t, self.events[0][0])
        self.clock.t = target
        due = [e for t, e in self.events if t <= target + 1e-9]
        self.events = [(t, e) for t, e in self.events if t > target + 1e-9]
        if target >= self.end:
            due.append(pygame.event.Event(pygame.QUIT))
        return due


class Picture(Scene):
    """A scene whose picture is `look(sim_time)`; it notes when it was drawn and shown."""

    def __init__(self, app, look=lambda t: 0):
        super().__init__(app)
        self.look = look
        self.steps = 0
        self.drawn: list[float] = []
        self.keys = 0

    def update(self, dt):
        self.steps += 1

    def handle_raw(self, event):
        if event.type == pygame.KEYDOWN:
            self.keys += 1
        return False

    def draw(self, surface, alpha):
        self.drawn.append(self.app.clock())
        surface.fill(((self.look(self.app.now()) + 7 * self.keys) % 256, 0, 0))


def play(look=lambda t: 0, seconds=10.0, events=(), start=1000.0):
    clock = FakeClock(start)
    app = App(pygame.Surface((64, 36)), clock=clock)
    scene = Picture(app, look)
    app.push(scene)
    script = Script(clock, start + seconds, [(start + t, e) for t, e in events])
    shown: list[float] = []
    app.run(present=lambda: shown.append(clock.t), wait=script)
    return app, scene, script, [t - start for t in shown], [t - start for t in scene.drawn]


def gaps(times):
    return [b - a for a, b in itertools.pairwise(times)]


def test_a_still_picture_is_shown_once_then_drawn_only_a_few_times_a_second():
    app, scene, script, shown, drawn = play(seconds=10.0)
    assert shown == [0.0]
    idle = [t for t in drawn if SETTLE + 0.05 < t < DEEP_AFTER - 0.05]
    deep = [t for t in drawn if t > DEEP_AFTER + 0.05]
    assert idle and all(g == pytest.approx(1 / IDLE_FPS) for g in gaps(idle))
    assert deep and all(g == pytest.approx(1 / DEEP_IDLE_FPS) for g in gaps(deep))
    assert len(drawn) <= SETTLE * FPS + DEEP_AFTER * IDLE_FPS + 10 * DEEP_IDLE_FPS + 3
    # idle, the loop sleeps in waits that input may cut short, and steps the simulation between
    later = [(seconds, wake) for when, seconds, wake in script.waits if when - 1000.0 > SETTLE + 0.05]
    assert all(wake and seconds <= MAX_WAIT + 1e-9 for seconds, wake in later)


def test_a_moving_picture_is_drawn_and_shown_every_frame():
    app, scene, script, shown, drawn = play(look=lambda t: round(t * 120), seconds=2.0)
    assert shown == drawn
    assert len(shown) in range(2 * FPS - 1, 2 * FPS + 2)
    assert all(g == pytest.approx(1 / FPS) for g in gaps(shown))
    assert not any(wake for _, _, wake in script.waits[1:])  # awake, frames are not cut short


@pytest.mark.parametrize("when, late", [(1.0, 1 / IDLE_FPS), (5.0, 1 / DEEP_IDLE_FPS)])
def test_a_change_after_a_still_spell_is_shown_at_the_next_idle_frame_then_it_settles_again(when, late):
    app, scene, script, shown, drawn = play(look=lambda t: 1 if t >= when else 0, seconds=when + 3.0)
    assert shown[0] == 0.0 and len(shown) == 2
    assert when - 1e-6 <= shown[1] <= when + late + 1e-6
    # then full speed for SETTLE seconds, then idle frames again
    after = [t for t in drawn if t > shown[1]]
    fast = [t for t in after if t < shown[1] + SETTLE - 1e-9]
    assert len(fast) >= round(SETTLE * FPS) - 1
    idle = [t for t in after if shown[1] + SETTLE + 0.05 < t < shown[1] + DEEP_AFTER - 0.05]
    assert idle and all(g == pytest.approx(1 / IDLE_FPS) for g in gaps(idle))


def test_input_wakes_an_idle_loop_at_once():
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    app, scene, script, shown, drawn = play(seconds=5.0, events=[(2.345, key)])
    assert scene.keys == 1
    assert shown == [0.0, pytest.approx(2.345)]          # drawn and shown the moment it came
    assert any(t == pytest.approx(2.345) for t in drawn)


def test_mouse_motion_that_changes_nothing_is_drawn_once_but_not_shown_and_the_loop_stays_idle():
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0, 0, 0))
    app, scene, script, shown, drawn = play(seconds=5.0, events=[(2.5, motion)])
    assert shown == [0.0]
    assert any(t == pytest.approx(2.5) for t in drawn)
    after = [t for t in drawn if t >= 2.5 - 1e-9]
    assert all(g >= 1 / IDLE_FPS - 1e-9 for g in gaps(after))


def test_a_held_key_repeats_before_the_loop_goes_idle():
    assert SETTLE > REPEAT_DELAY


def test_the_window_is_painted_again_when_it_is_exposed_or_resized():
    events = [(2.0, pygame.event.Event(pygame.WINDOWEXPOSED)),
              (3.0, pygame.event.Event(pygame.VIDEORESIZE, size=(900, 500), w=900, h=500))]
    app, scene, script, shown, drawn = play(seconds=5.0, events=events)
    assert shown == [0.0, pytest.approx(2.0), pytest.approx(3.0)]


@pytest.mark.parametrize("look", [lambda t: 0, lambda t: round(t * 120), lambda t: 1 if t > 2.0 else 0],
                         ids=["still", "moving", "one change"])
def test_the_simulation_keeps_its_fixed_step_whatever_the_drawing_does(look):
    app, scene, script, shown, drawn = play(look=look, seconds=7.0)
    assert scene.steps == app.sim_steps == round(7.0 / STEP)


def test_the_pacer():
    pacer = Pacer(fps=100, idle_fps=10, settle=0.5, deep_fps=2, deep_after=3.0, max_wait=0.1)
    assert pacer.due(0.0) and pacer.timeout(0.0) == 0.0
    pacer.drawn(0.0, changed=True)
    assert not pacer.idle(0.2) and pacer.timeout(0.004) == pytest.approx(0.006)
    assert pacer.idle(0.5) and pacer.timeout(0.5) == pytest.approx(0.0)
    pacer.drawn(0.6, changed=False)
    assert pacer.timeout(0.6) == pytest.approx(0.1) and not pacer.due(0.65)
    pacer.poke(0.65)                           # input: full speed again
    assert not pacer.idle(0.65) and pacer.due(0.65)
    pacer.drawn(0.65, changed=False)
    assert pacer.timeout(0.65) == pytest.approx(0.01)
    pacer.drawn(3.7, changed=False)            # still for three seconds: deep idle
    assert pacer.next_draw(3.7) == pytest.approx(4.2)
    assert pacer.timeout(3.7) == pytest.approx(0.1)          # the simulation still steps
    assert not pacer.due(4.1) and pacer.due(4.2)


def test_a_real_wait_returns_the_queued_events():
    pygame.display.init()
    pygame.event.clear()
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, n=1))
    events = wait_for_events(0.0, wake=True)
    assert [e.type for e in events] == [pygame.USEREVENT]
