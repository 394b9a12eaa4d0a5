"""What the Combi-Nations scene's tests share (test_scene, test_scene_table, test_scene_readable): a
match and its scene made, the scene settled, a tile taken on the ring and held for placing, the
pointer moved."""
from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest

from game.combi_nations import GAME
from game.combi_nations.scene import CombiNationsScene
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.toolkit.app import STEP, App
from tests.focus_driver import press
from tests.scene_doubles import Clock, FakeAudio, run

BOT = SeatPlan("bot", level="easy")


def make(plans: list[SeatPlan], seed: int = 1, random_steps: int = 0, options: dict[str, str] | None = None,
         until: Callable[[Match], bool] | None = None) -> tuple[App, Clock, Match, CombiNationsScene]:
    """A match of these seats after `random_steps` random legal actions (then, with `until`, more
    up to a turn of seat 0 where it holds); the scene opens after."""
    clock = Clock()
    app = new_app(pygame.Surface((1280, 720)), clock=clock, audio=FakeAudio())
    opts = GAME.default_options()
    opts.update(options or {})
    match = Match(GAME, len(plans), opts, tuple(plans), seed, bot_think_time=0.0, inline_bots=True)
    session, rng = match.session, random.Random(seed)
    for i in range(400):
        if session.outcome() is not None:
            break
        if i >= random_steps and (until is None or (0 in session.to_act() and until(match))):
            break
        seat = min(session.to_act())
        session.submit(rng.choice(session.legal_actions(seat)))
    else:
        pytest.skip("no such position")
    session.poll()
    scene = CombiNationsScene(app, match)
    app.push(scene)
    settle(app, clock, scene)
    lift(app, clock, scene)
    return app, clock, match, scene


def lift(app: App, clock: Clock, scene: CombiNationsScene) -> None:
    """No curtain ever goes up: the stacks' order is hidden from every seat alike."""
    assert scene.curtain_seat is None


def settle(app: App, clock: Clock, scene: CombiNationsScene, limit: float = 30.0) -> None:
    t = 0.0
    run(app, clock, STEP * 2)
    while scene.busy() and t < limit:
        run(app, clock, 0.1, draw=False)
        t += 0.1
    app.draw()


def seat0_moves(m: Match) -> bool:
    return m.session.view(0).phase == "move"


def take(app: App, device: str) -> None:
    """Select twice: a choice that cannot be taken back."""
    press(app, device, "select")
    press(app, device, "select")


def hover(app: App, pos: tuple[int, int]) -> None:
    app.stack.dispatch("handle_raw", pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def to_place(app: App, clock: Clock, scene: CombiNationsScene, device: str = "kb1") -> None:
    """From seat 0's turn to move, take the focused (1st) tile and wait until it is held."""
    take(app, device)
    settle(app, clock, scene)
    assert scene.view.phase == "place" and scene.view.turn == 0
