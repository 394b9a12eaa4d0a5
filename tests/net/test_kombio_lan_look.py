"""Over real sockets: a LAN peer's own look at its near row stays face up on its screen until its
player presses Select, however the step arrived (issue 19, point 1: the look is not missed).

Runs only inside `unshare -n` (see lan_helpers.loopback)."""
from __future__ import annotations

from pathlib import Path

import pygame
from lan_helpers import LO, loopback, wait_for  # noqa: F401  (fixture)

from game.games import game_by_key
from game.kombio.actions import Look
from game.kombio.scene import KombioScene
from game.ui.lobby.net_match import NetMatch
from game.ui.routes import new_app
from net.host_core import HostSeat
from net.lan import LanClient, LanHost
from tests.focus_driver import press
from tests.scene_doubles import Clock, FakeAudio, run

KOMBIO = game_by_key("kombio")


def test_a_peers_look_at_its_near_row_stays_until_select(loopback, pygame_video, tmp_path: Path) -> None:  # noqa: F811
    host = LanHost(KOMBIO, 2, {"rounds": "1"}, [HostSeat("local", "Host"), HostSeat("open")], name="Host",
                   seed=11, bind=LO, port=0, save_path=tmp_path / "autosave.bin", advertise=False)
    client = LanClient(host.address, name="Peer", game=KOMBIO.key)
    try:
        wait_for(lambda: client.state == "lobby", what="the peer in the lobby")
        client.set_ready(True)
        wait_for(lambda: host.can_start()[0], what="a table ready to start")
        host.start()
        wait_for(lambda: client.state == "playing", what="the game started")
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
