"""What the Kabooom! scene's tests share (test_scene, test_scene_end): a match and its scene made, the
scene settled, the focus walked to a square, a square's centre, a seat's first move."""
from __future__ import annotations

import pygame

from game.games import game_by_key
from game.kabooom.rules import Move
from game.kabooom.scene import KabooomScene
from game.kabooom.scene.controls import square_key
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.toolkit.app import STEP, App
from tests.focus_driver import walk_to
from tests.scene_doubles import Clock, FakeAudio, run


def make(plans: list[SeatPlan], difficulty: str = "easy", seed: int = 1):
    clock = Clock()
    app = new_app(pygame.Surface((1280, 720)), clock=clock, audio=FakeAudio())
    match = Match(game_by_key("kabooom"), len(plans), {"difficulty": difficulty}, tuple(plans), seed,
                  bot_think_time=0.0, inline_bots=True)
    scene = KabooomScene(app, match)
    app.push(scene)
    return app, clock, match, scene


def settle(app: App, clock: Clock, scene: KabooomScene, limit: float = 10.0) -> None:
    """Run until no animation is pending (bots may move meanwhile)."""
    t = 0.0
    run(app, clock, STEP * 2)
    while scene.busy() and t < limit:
        run(app, clock, 0.1, draw=False)
        t += 0.1


def walk(app: App, scene: KabooomScene, seat: int, device: str, square: int) -> None:
    walk_to(app, scene, seat, device, square_key(square))


def centre_of(scene: KabooomScene, square: int) -> tuple[int, int]:
    return scene.layout.cell_rect(square).center


def first_move(match: Match, seat: int = 0) -> Move:
    return next(a for a in match.session.legal_actions(seat) if isinstance(a, Move))
