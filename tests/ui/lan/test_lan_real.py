"""The LAN screens on the real facade: two windows' apps on 127.0.0.1 inside an isolated network
namespace (skipped outside one)."""
from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from game.kabooom.scene import KabooomScene
from game.ui.lobby.lan_status import LanStatusScene
from game.ui.lobby.lobby_host import HostSetup
from game.ui.lobby.lobby_join import JoinScene
from game.ui.lobby.waiting_room import WaitingRoom
from game.ui.routes import new_app
from game.ui.screens.menu import MainMenu
from game.ui.toolkit.app import App
from game.ui.toolkit.devices import InputRouter

sys.path.insert(0, str(Path(__file__).resolve().parent))

from .helpers import (
    KABOOOM,
    Audio,
    select_button,
    toasts,
)


def _isolation() -> str | None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "net"))
    from netns import isolation_problem, loopback_problem
    return isolation_problem() or loopback_problem()


class _NoBrowser:
    """Discovery stays out of this test: it joins by address."""

    def entries(self) -> list:
        return []

    def close(self) -> None:
        pass


def _pump(apps: list[App], probe, timeout: float = 10.0):
    """Frames on every app until probe() is truthy or the deadline passes; its last value."""
    import time
    end = time.monotonic() + timeout
    value = probe()
    while not value and time.monotonic() < end:
        for one in apps:
            one.frame([])
        time.sleep(0.005)
        value = probe()
    return value


def test_a_real_lan_game_on_loopback(tmp_path: Path) -> None:
    problem = _isolation()
    if problem:
        pytest.skip(problem)
    import functools
    import time

    from game.ui.lobby.lan import LanBackend
    from net.lan import LanClient, LanHost

    backend = LanBackend(host=functools.partial(LanHost, bind="127.0.0.1", advertise=False,
                                                save_path=tmp_path / "table.save",
                                                bot_inline=True, bot_think_time=0.0),
                         client=LanClient, browser=_NoBrowser)
    apps = []
    for _ in range(2):
        one = new_app(pygame.Surface((1280, 720)), clock=time.monotonic, audio=Audio(),
                  inputs=InputRouter())
        one.lan_backend = backend                 # type: ignore[attr-defined]
        one.push(MainMenu(one))
        apps.append(one)
    host_app, peer_app = apps
    try:
        setup = HostSetup(host_app, device="kb1", info=KABOOOM)
        host_app.push(setup)
        setup.port_field.text = "47811"
        select_button(host_app, setup, "Open the lobby")
        room = host_app.stack.top
        assert isinstance(room, WaitingRoom), toasts(host_app)
        assert room.header()[0] == "Others can join at 127.0.0.1:47811"

        join = JoinScene(peer_app, device="kb2")
        peer_app.push(join)
        join.name_field.text = "Alice"
        join.info = KABOOOM                       # the game row: what the host plays
        join.address_field.text = "127.0.0.1:47811"
        select_button(peer_app, join, "Join")
        peer_room = peer_app.stack.top
        assert isinstance(peer_room, WaitingRoom)

        assert _pump(apps, lambda: any(s.name == "Alice" and s.connected for s in room.seats))
        assert _pump(apps, lambda: peer_room.state == "lobby")
        assert room.start_button.dimmed and "ready" in room.reason
        select_button(peer_app, peer_room, "I'm ready")
        assert _pump(apps, lambda: not room.start_button.dimmed), room.reason
        select_button(host_app, room, "Start game")

        def game_of(one: App):
            return next((s for s in one.stack if isinstance(s, KabooomScene)), None)
        assert _pump(apps, lambda: game_of(host_app) and game_of(peer_app)), toasts(host_app)
        host_game, peer_game = game_of(host_app), game_of(peer_app)
        assert [p.kind for p in host_game.match.plans] == ["human", "remote"]
        assert [p.kind for p in peer_game.match.plans] == ["remote", "human"]
        assert peer_game.input.drawn_seats() == [1] and peer_game.viewer == 1

        # One move by whoever is to act, through their own session; the other screen sees it.
        mover = host_game if 0 in host_game.session.to_act() else peer_game
        seat = 0 if mover is host_game else 1
        assert _pump(apps, lambda: mover.session.legal_actions(seat))
        mover.submit(mover.session.legal_actions(seat)[0])
        assert _pump(apps, lambda: host_game.session.step == peer_game.session.step == 1)

        # Alice leaves: the host marks her away, and can give her seat to a bot.
        peer_app.shutdown()
        overlay = host_app.stack.top
        assert isinstance(overlay, LanStatusScene)
        assert _pump([host_app], lambda: 1 in overlay.status.away)
        overlay.match.hand_to_bot(1)
        assert _pump([host_app], lambda: 1 in host_game.session.bot_seats)
        assert _pump([host_app], lambda: host_game.match.plans[1].kind == "bot")
    finally:
        for one in apps:
            one.shutdown()
