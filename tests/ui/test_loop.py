"""The fixed-step loop: the simulation depends on how much time passed, never on how the time was
cut into frames."""
import random

import pygame
import pytest

from game.ui.toolkit.app import MAX_FRAME, STEP, App
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


def test_run_presents_each_frame_until_quit():
    pygame.display.init()          # run() reads pygame's event queue (the dummy video driver)
    clock = FakeClock()
    app = App(pygame.Surface((8, 8)), clock=clock)
    scene = Integrator(app)
    app.push(scene)
    shown = []

    def tick():
        clock.t += 0.01
        if len(shown) == 5:
            app.quit()

    app.run(present=lambda: shown.append(scene.steps), tick=tick)
    assert len(shown) == 5
    assert shown == sorted(shown) and shown[-1] > 0
