"""Over real sockets: a LAN peer's own look at its near row stays face up on its screen until its
player presses Select, however the step arrived (issue 19, point 1: the look is not missed).

Runs only inside `unshare -n` (see lan_helpers.loopback)."""
from __future__ import annotations

from pathlib import Path

import pygame
from lan_helpers import loopback, started_two_seat_table, wait_for  # noqa: F401  (fixture)

from game.games import game_by_key
from game.kombio.actions import Look
from game.kombio.scene import KombioScene
from game.ui.lobby.net_match import NetMatch
from game.ui.routes import new_app
from tests.focus_driver import press
from tests.scene_doubles import Clock, FakeAudio, run

KOMBIO = game_by_key("kombio")


def test_a_peers_look_at_its_near_row_stays_until_select(loopback, pygame_video, tmp_path: Path) -> None:  # noqa: F811
    host, client = started_two_seat_table(KOMBIO, tmp_path, seed=11)
    try:
        theirs = client.session()
        wait_for(lambda: theirs.peer.seats, what="the peer's seat")
        seat = next(iter(theirs.peer.seats))
        host.session().submit(Look(0))
        clock = Clock()
        app = new_app(pygame.Surface((1280, 720)), clock=clock, audio=FakeAudio())
        scene = KombioScene(app, NetMatch(app, KOMBIO, client))
        app.push(scene)
        run(app, clock, 0.5)
        scene.submit(Look(seat))
        for _ in range(100):
            run(app, clock, 0.05)
            if scene.looks.waiting() is not None:
                break
        run(app, clock, 3.0)
        assert scene.looks.waiting() is not None, "the look went without a press"
        press(app, "kb1", "select")
        run(app, clock, 0.2)
        assert scene.looks.waiting() is None
    finally:
        client.close()
        host.close()
