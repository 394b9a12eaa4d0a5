"""Playing again at the same LAN table, headless against the fake facade: the host's Play again, a
peer that stays and follows, leaves, or loses its host, and the results each reads."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.lobby.lan_results import LanResultsScene
from game.ui.lobby.lan_status import LanStatusScene
from game.ui.lobby.waiting_room import WaitingRoom
from game.ui.routes import new_app
from game.ui.screens.menu import MainMenu
from game.ui.toolkit import theme
from game.ui.toolkit.app import App
from game.ui.toolkit.devices import InputRouter

from ..fake_lan import FakeLan
from .helpers import (
    KABOOOM,
    Audio,
    Clock,
    choose,
    finish,
    game_scene,
    labels,
    peer_in_game,
    results_of,
    run,
    select_button,
    start_hosted_game,
    toasts,
)


def test_the_host_plays_again_at_the_same_table(app: App, lan: FakeLan) -> None:
    game, _ = start_hosted_game(app, lan)
    host = lan.hosts[0]
    first = game.session
    finish(first)
    results = results_of(app)
    assert labels(results) == ["Play again", "Watch again", "See the board", "Main menu"]
    assert results.menu.focused.label == "Play again"
    choose(app, results, "Play again")
    assert host.rematches == [None] and not host.started and host.closed == 0
    room = app.stack.top
    assert isinstance(room, WaitingRoom) and room.is_host
    assert [type(s) for s in app.stack] == [MainMenu, WaitingRoom]     # no finished game below
    assert room.lan is host and room.devices == {0: "kb1"}
    run(app)
    assert room.start_button.dimmed and room.reason == "Waiting for Alice to be ready"
    host.join(1, "Alice", ready=True)
    run(app)
    select_button(app, room, "Start game")
    again = game_scene(app)
    assert again.session is not first and again.session.outcome() is None
    assert host.sessions == [first, again.session]
    assert again.match.plans[0].kind == "human" and again.match.plans[0].device == "kb1"
    assert isinstance(app.stack.top, LanStatusScene)
    assert host.closed == 0
    finish(again.session)                      # and the table can go round once more
    choose(app, results_of(app), "Play again")
    assert host.rematches == [None, None] and isinstance(app.stack.top, WaitingRoom)


def test_the_host_closes_the_table_from_the_results(app: App, lan: FakeLan) -> None:
    game, _ = start_hosted_game(app, lan)
    finish(game.session)
    choose(app, results_of(app), "Main menu")
    assert lan.hosts[0].closed == 1 and lan.hosts[0].rematches == []
    assert [type(s) for s in app.stack] == [MainMenu]


def test_a_refused_play_again_is_a_toast_and_the_results_stay(app: App, lan: FakeLan) -> None:
    game, _ = start_hosted_game(app, lan)
    host = lan.hosts[0]
    finish(game.session)
    results = results_of(app)
    host.rematch_error = RuntimeError("the table is closing")
    choose(app, results, "Play again")
    assert app.stack.top is results and host.closed == 0
    assert "Could not play again: the table is closing" in toasts(app)
    assert "error" in app.audio.played


def test_play_again_before_the_end_is_refused_by_the_facade(app: App, lan: FakeLan) -> None:
    game, _ = start_hosted_game(app, lan)
    results = LanResultsScene(app, game.match)        # as if shown early: the facade says no
    app.push(results)
    results.play_again()
    assert app.stack.top is results
    assert "Could not play again: the game is not over yet" in toasts(app)


def test_a_peer_stays_and_follows_the_host_into_the_next_game(app: App, lan: FakeLan) -> None:
    from game.ui.lobby.seat_memory import seat_memory_for
    game, client = peer_in_game(app, lan)
    memory = seat_memory_for(app)
    address = ("192.168.1.5", 47800)
    assert memory.recall(address, "kabooom") == client.token
    first = game.session
    finish(first)
    results = results_of(app)
    assert client.state == "over"
    assert labels(results) == ["Watch again", "See the board", "Leave table"]
    assert results.note == "Stay here: the host may start another game"
    run(app, 1.0)
    assert app.stack.top is results                   # nothing happens until the host replays
    assert memory.recall(address, "kabooom") is None  # no seat to come back to for now

    client.reopen()                                   # the host pressed Play again
    run(app)
    room = app.stack.top
    assert isinstance(room, WaitingRoom) and not room.is_host
    assert [type(s) for s in app.stack] == [MainMenu, WaitingRoom]
    assert room.lan is client and room.where == "192.168.1.5:47800"
    assert room.devices == ["kb1"] and room.rejoin is game.match.rejoin
    run(app)
    assert "The host started a new game: press Ready" in toasts(app)
    assert memory.recall(address, "kabooom") == client.token       # the seat is kept again
    assert room.ready_button.label == "I'm ready"
    select_button(app, room, "I'm ready")
    assert client.ready_calls == [True]

    client.begin(KABOOOM)
    run(app)
    again = game_scene(app)
    assert again.session is not first and again.session.outcome() is None
    assert again.match.seats_of("kb1") == [1] and again.viewer == 1
    assert client.closed == 0


def test_a_peer_that_finds_the_next_game_begun_goes_straight_in(app: App, lan: FakeLan) -> None:
    game, client = peer_in_game(app, lan)
    first = game.session
    finish(first)
    results_of(app)
    client.reopen()
    client.begin(KABOOOM)                             # lobby and start between two steps
    run(app)
    run(app)
    assert game_scene(app).session is not first


def test_a_peer_leaves_the_table_from_the_results(app: App, lan: FakeLan) -> None:
    from game.ui.lobby.seat_memory import seat_memory_for
    game, client = peer_in_game(app, lan)
    finish(game.session)
    results = results_of(app)
    choose(app, results, "Leave table")
    assert client.closed == 1
    assert [type(s) for s in app.stack] == [MainMenu]
    assert seat_memory_for(app).recall(("192.168.1.5", 47800), "kabooom") is None


@pytest.mark.parametrize("state", ["lost", "refused"])
def test_a_peer_whose_host_is_gone_goes_back_to_the_menu(app: App, lan: FakeLan, state: str) -> None:
    game, client = peer_in_game(app, lan)
    finish(game.session)
    results_of(app)
    client.state, client.message = state, "The host closed the table."
    run(app)
    assert [type(s) for s in app.stack] == [MainMenu]
    assert "The host closed the table." in toasts(app)
    assert client.closed == 1


def test_the_lan_results_screens_render(app: App, lan: FakeLan) -> None:
    """Host and peer results draw (REMATCH_SHOTS=folder saves them as PNGs to look at)."""
    import os
    out = os.environ.get("REMATCH_SHOTS")
    game, _ = start_hosted_game(app, lan)
    finish(game.session)
    results_of(app)
    run(app, 1.0)
    peer_app = new_app(pygame.Surface((1280, 720)), clock=Clock(), audio=Audio(), inputs=InputRouter())
    peer_app.match_kwargs = dict(app.match_kwargs)
    peer_app.lan_backend = lan.backend()      # type: ignore[attr-defined]
    peer_app.push(MainMenu(peer_app))
    peer_game, _ = peer_in_game(peer_app, lan)
    finish(peer_game.session)
    peer_results = results_of(peer_app)
    run(peer_app, 1.0)
    note = peer_results.app.fonts.render(peer_results.note, theme.SMALL, theme.TEXT_DIM, False)
    assert note.get_width() < peer_results.panel.width
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.surface, str(Path(out) / "host.png"))
        pygame.image.save(peer_app.surface, str(Path(out) / "peer.png"))


def test_a_peer_reading_results_is_told_when_the_host_has_left(app: App, lan: FakeLan) -> None:
    game, client = peer_in_game(app, lan)
    finish(game.session)
    results = results_of(app)
    assert results.note == "Stay here: the host may start another game"
    client.host_left = True                           # "over" stays: the result is still shown
    run(app)
    assert app.stack.top is results
    assert results.note == "The host has left the table"
    assert labels(results) == ["Watch again", "See the board", "Leave table"]


def test_a_peers_results_tell_the_story_once_the_hosts_replay_arrives(app: App, lan: FakeLan) -> None:
    from game.replays import open_replay, read_bytes
    from game.ui.screens.chart import story_told
    from game.ui.screens.results import NO_STORY
    from tests.replay_games import played

    game, client = peer_in_game(app, lan)
    finish(game.session)
    results = results_of(app)
    run(app)
    assert results.story is None and results.story_note == NO_STORY, "no replay from the host yet"
    match, _ = played("kabooom", seed=4)
    assert match.replay_path is not None
    client.sent_replay = read_bytes(match.replay_path)
    run(app)
    assert results.story is not None
    assert results.story == story_told(KABOOOM, open_replay(match.replay_path))
