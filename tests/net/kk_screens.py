"""A Kombo Klash! table of two NetSessions over LoopNet (no sockets), and a game screen on one of
them: for tests of what a LAN peer's screen makes of the steps it is given."""
from __future__ import annotations

import random

import pygame
from fake_engine import LoopNet, counter_tokens

from game.games import game_by_key
from game.kombo_klash.scene import KomboKlashScene
from game.ui.lobby.net_match import NetMatch
from game.ui.routes import new_app
from net.host_core import HostCore, HostSeat
from net.peer_core import PeerCore
from net.session import NetSession
from tests.scene_doubles import Clock, FakeAudio, run


class ScreenLan:
    """What a game screen's NetMatch reads of a LanClient here: its session, playing."""

    state = "playing"

    def __init__(self, session: NetSession) -> None:
        self._session = session

    def session(self) -> NetSession:
        return self._session

    def replay_data(self) -> bytes | None:
        return self._session.peer.replay


def screen_of(session: NetSession, frames: int = 40) -> KomboKlashScene:
    """A Kombo Klash! screen on `session`, run for `frames` frames of 50 ms."""
    clock = Clock()
    app = new_app(pygame.Surface((1280, 720)), clock=clock, audio=FakeAudio())
    scene = KomboKlashScene(app, NetMatch(app, game_by_key("kombo_klash"), ScreenLan(session), ["kb1"]))
    app.push(scene)
    for _ in range(frames):          # what it narrates without animating: a few frames
        run(app, clock, 0.05, draw=False)
    return scene


def kk_table(session_type: type[NetSession] = NetSession) -> tuple[HostCore, LoopNet, dict[str, NetSession]]:
    """A started two-seat table: "red" holds seat 1 and "blue" seat 2."""
    info = game_by_key("kombo_klash")
    engine = info.engine()
    host = HostCore(engine, info.make_config(2, {}), 11, [HostSeat("open")] * 2, counter_tokens())
    net = LoopNet(host)
    sessions = {}
    for i, conn in enumerate(("red", "blue")):
        sessions[conn] = session_type(engine, PeerCore(engine, conn, prefer=(i,)), net.sender(conn))
        net.join(conn, sessions[conn])
    net.deliver(host.start(0.0, require_ready=False))
    net.pump()
    return host, net, sessions


def play(host: HostCore, net: LoopNet, moves: int, rnd: random.Random) -> None:
    """Moves made on the host's authority (net.host_core.act), away seats' included."""
    for _ in range(moves):
        if not host.to_act():
            return
        seat = min(host.to_act())
        net.deliver(host.act(rnd.choice(host.engine.legal_actions(host.state, seat))))
        net.pump()
