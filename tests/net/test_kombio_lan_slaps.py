"""A LAN peer's KOMBIO screen over real sockets: its slap answers the discard its screen shows, even
while it holds later steps it has not shown yet, and the host's answer names the real cause.

Runs only inside `unshare -n` (see lan_helpers.loopback):
  unshare -n sh -c 'ip link set lo up; ip link set lo multicast on; \
      python -m pytest -q tests/net/test_kombio_lan_slaps.py'
"""
from __future__ import annotations

from pathlib import Path

import pygame
from lan_helpers import loopback, started_two_seat_table, wait_for  # noqa: F401  (fixture)

from game.games import game_by_key
from game.kombio.actions import Discard, Draw, Look, Skip
from game.kombio.scene import KombioScene
from game.kombio.scene.controls import card_key
from game.ui.lobby.net_match import NetMatch
from game.ui.routes import new_app
from game.ui.toolkit.app import STEP
from net.session import NetSession
from tests.focus_driver import press
from tests.scene_doubles import Clock, FakeAudio, run

KOMBIO = game_by_key("kombio")


def _turn(core, sessions: dict[int, NetSession]) -> None:
    """The seat whose turn it is draws, discards, and skips an ability, each through its session."""
    seat = core.state.turn
    session = sessions[seat]
    for move in (Draw(seat), Discard(seat), Skip(seat)):
        if move.TAG == "skip" and core.state.phase != "ability":
            break
        wait_for(lambda: move in session.legal_actions(seat), what=f"{move} legal on its screen")
        before = core.step
        session.submit(move)
        wait_for(lambda: core.step > before and session.step == core.step, what=f"{move} made")


def test_a_peer_slaps_the_discard_it_sees_while_later_steps_arrive(loopback, pygame_video,  # noqa: F811
                                                                   tmp_path: Path) -> None:
    host, client = started_two_seat_table(KOMBIO, tmp_path, seed=11)
    try:
        core, theirs = host.core, client.session()
        wait_for(lambda: theirs.peer.seats, what="the peer's seat")
        peer_seat = next(iter(theirs.peer.seats))
        sessions = {0: host.session(), peer_seat: theirs}
        for seat, session in sessions.items():
            session.submit(Look(seat))
        wait_for(lambda: core.state.phase == "turn" and theirs.step == core.step, what="everyone has looked")

        clock = Clock()
        app = new_app(pygame.Surface((1280, 720)), clock=clock, audio=FakeAudio())
        scene = KombioScene(app, NetMatch(app, KOMBIO, client))
        app.push(scene)
        _turn(core, sessions)                          # discard 1
        wait_for(lambda: theirs.step == core.step, what="the peer has discard 1")
        for _ in range(600):                           # the peer's screen shows it, at rest
            run(app, clock, 0.05)
            if not scene.busy() and scene.shown.discard_serial == 1:
                break
        assert scene.shown.discard_serial == 1 and scene.shown.top is not None
        hand = list(core.state.hands[peer_seat])
        slot = next(i for i, card in enumerate(hand) if card >= 0)

        _turn(core, sessions)                          # discard 2: the 1 is gone
        wait_for(lambda: theirs.step == core.step, what="the peer holds discard 2")
        run(app, clock, STEP)                          # taken in, not shown yet
        assert scene.view.discard_serial == 2 and scene.shown.discard_serial == 1
        steps = core.step
        scene.input.put(peer_seat, card_key(peer_seat, slot))
        press(app, "kb1", "slap")                      # on the 1, which the screen still shows

        notices: list[str] = []
        wait_for(lambda: notices.extend(theirs.notices()) or notices, what="the host's answer")
        assert any("another card was discarded since" in text for text in notices), notices
        assert core.step == steps and core.state.hands[peer_seat] == hand     # no penalty, no step
        assert scene.toast is None or "not a legal move" not in scene.toast.text
    finally:
        client.close()
        host.close()
