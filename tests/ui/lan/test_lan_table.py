"""A LAN game at the table, headless against the fake facade: a seat away and handed to a bot, a
host out of reach and the countdown, quitting, resuming, the focus as games come and go."""
from __future__ import annotations

import pytest

from game.kabooom.rules import Pass
from game.kabooom.scene import KabooomScene
from game.ui.lobby.entries import resume_scene
from game.ui.lobby.lan import back_to_menu
from game.ui.lobby.lan_results import LanResultsScene
from game.ui.lobby.lan_status import HAND_KEY, STOP_KEY, LanStatusScene
from game.ui.lobby.lobby_host import HostSetup, LanSeatOption
from game.ui.lobby.net_match import STOPPED_WAITING
from game.ui.screens.menu import MainMenu
from game.ui.screens.pause import PauseScene
from game.ui.screens.results import ResultsScene
from game.ui.toolkit import theme
from game.ui.toolkit.app import App

from ..fake_lan import FakeLan
from .helpers import (
    ENTRIES,
    KABOOOM,
    TABLE,
    TABLE_ADDRESS,
    blue_to_move,
    choose,
    finish,
    join_room,
    key,
    labels,
    open_join,
    open_lobby,
    peer_in_game,
    press,
    results_of,
    run,
    select_button,
    start_hosted_game,
    toasts,
)


def test_an_away_seat_is_marked_and_the_game_waits_for_it(app: App, lan: FakeLan) -> None:
    game, overlay = start_hosted_game(app, lan)
    host = lan.hosts[0]
    blue_to_move(game)
    host.drop(1, 12.0)
    run(app, 0.5)
    assert overlay.status.away == {1: 12.0}
    assert overlay.status.waiting_on == (1,)
    assert overlay.waiting_text() == "Waiting for Blue (Alice) to reconnect…"
    assert overlay.offer is None                     # not yet 30 s
    card = game.seat_rect(1)
    assert tuple(app.surface.get_at((card.right - 18, card.bottom - 20)))[:3] == theme.BAD


def test_the_host_hands_a_long_gone_seat_to_a_bot_by_key(app: App, lan: FakeLan) -> None:
    game, overlay = start_hosted_game(app, lan)
    host = lan.hosts[0]
    blue_to_move(game)
    host.drop(1, 31.0)
    run(app)
    assert overlay.offer == 1
    key(app, HAND_KEY)
    assert host.handed == [(1, "medium")]
    run(app, 0.5)
    assert game.match.plans[1].kind == "bot"
    assert 1 in game.session.bot_seats


def test_the_host_hands_a_seat_to_a_bot_by_click(app: App, lan: FakeLan) -> None:
    game, overlay = start_hosted_game(app, lan)
    host = lan.hosts[0]
    host.drop(1, 45.0)             # not Blue's turn: the button waits in a corner
    run(app)
    assert overlay.offer == 1 and overlay.waiting_text() == ""
    assert overlay.button is not None
    press(app, "select", "mouse", overlay.button.center)
    assert host.handed == [(1, "medium")]


def test_a_peer_sees_who_is_away_but_cannot_hand_seats(app: App, lan: FakeLan) -> None:
    _, room = join_room(app, lan)
    client = lan.clients[0]
    client.welcome(TABLE)
    client.begin(KABOOOM)
    run(app)
    overlay = app.stack.top
    assert isinstance(overlay, LanStatusScene)
    client.table.set(0, connected=False)
    run(app, 1.0)
    run(app, 40.0)
    assert set(overlay.status.away) == {0} and overlay.status.away[0] >= 40.0
    assert overlay.offer is None
    assert overlay.match.session.to_act() == {0}
    assert overlay.waiting_text() == "Waiting for Red (Alice) to reconnect…"


def test_a_lost_host_in_game_returns_to_the_menu(app: App, lan: FakeLan) -> None:
    _, room = join_room(app, lan)
    client = lan.clients[0]
    client.welcome(TABLE)
    client.begin(KABOOOM)
    run(app)
    client.state = "lost"
    run(app)
    assert isinstance(app.stack.top, MainMenu) and len(app.stack) == 1
    assert "Lost the host: the game has ended." in toasts(app)
    assert client.closed == 1


def test_reconnecting_shows_a_notice(app: App, lan: FakeLan) -> None:
    _, room = join_room(app, lan)
    client = lan.clients[0]
    client.welcome(TABLE)
    client.begin(KABOOOM)
    run(app)
    client.state = "reconnecting"
    run(app)
    overlay = app.stack.top
    assert overlay.waiting_text() == "Reconnecting to the host…"
    assert isinstance(overlay, LanStatusScene)


@pytest.mark.parametrize("how", ["key", "click", "back"])
def test_a_peer_waiting_for_its_host_sees_the_countdown_and_may_stop_waiting(
        app: App, lan: FakeLan, how: str) -> None:
    from game.ui.lobby.seat_memory import seat_memory_for
    game, client = peer_in_game(app, lan)
    client.state, client.reconnect_left = "reconnecting", 160.4
    run(app)
    overlay = app.stack.top
    assert isinstance(overlay, LanStatusScene)
    assert overlay.waiting_text() == "Reconnecting to the host… 2:41"
    assert overlay.button is not None                   # drawn: Stop waiting
    if how == "key":
        key(app, STOP_KEY)
    elif how == "click":
        press(app, "select", "mouse", overlay.button.center)
    else:
        press(app, "back")
    assert [type(s) for s in app.stack] == [MainMenu]
    assert client.byes == [False]                       # no Bye: the host keeps the seat
    assert seat_memory_for(app).recall(TABLE_ADDRESS, "kabooom") == client.token
    assert STOPPED_WAITING in toasts(app)


def test_stop_waiting_is_offered_only_while_the_host_is_out_of_reach(app: App, lan: FakeLan) -> None:
    game, client = peer_in_game(app, lan)
    run(app)
    overlay = app.stack.top
    key(app, STOP_KEY)
    press(app, "back")
    assert app.stack.top is overlay and client.closed == 0


def test_the_waiting_room_counts_down_and_stop_waiting_keeps_the_seat(app: App, lan: FakeLan) -> None:
    from game.ui.lobby.seat_memory import seat_memory_for
    _, room = join_room(app, lan)
    client = lan.clients[0]
    client.welcome(TABLE)
    run(app)
    client.state, client.reconnect_left = "reconnecting", 100.0
    run(app)
    assert room.header()[0] == "Reconnecting to the host at 192.168.1.5:47800… 1:40"
    select_button(app, room, "Stop waiting")
    assert [type(s) for s in app.stack] == [MainMenu]
    assert client.byes == [False]
    assert seat_memory_for(app).recall(TABLE_ADDRESS, "kabooom") == client.token


def test_the_results_count_down_while_the_host_is_out_of_reach(app: App, lan: FakeLan) -> None:
    game, client = peer_in_game(app, lan)
    finish(game.session)
    results = results_of(app)
    client.reconnect_left = 75.0                        # "over" stays: the result is the news
    run(app)
    assert results.note == "Reconnecting to the host… 1:15"
    assert labels(results) == ["Watch again", "See the board", "Stop waiting"]
    client.reconnect_left = None                        # back
    run(app)
    assert results.note == "Stay here: the host may start another game"
    assert labels(results) == ["Watch again", "See the board", "Leave table"]
    client.reconnect_left = 74.0
    run(app)
    choose(app, results, "Stop waiting")
    assert [type(s) for s in app.stack] == [MainMenu]
    assert client.byes == [False]


def test_quitting_a_lan_game_closes_the_facade(app: App, lan: FakeLan) -> None:
    game, overlay = start_hosted_game(app, lan)
    press(app, "pause")
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    pause.quit_to_menu()
    assert lan.hosts[0].closed == 0               # asked first
    pause.really_quit()
    assert lan.hosts[0].closed == 1
    assert isinstance(app.stack.top, MainMenu)


def test_results_of_a_lan_game_offer_play_again_not_a_couch_rematch(app: App, lan: FakeLan) -> None:
    game, overlay = start_hosted_game(app, lan)
    results = LanResultsScene(app, game.match)
    assert labels(results) == ["Play again", "Watch again", "See the board", "Main menu"]
    with pytest.raises(RuntimeError):
        game.match.rematch()          # the couch way (a new Match) is not the LAN way


def test_results_of_a_couch_game_keep_rematch(app: App) -> None:
    from game.ui.play.match import Match, SeatPlan
    match = Match(KABOOOM, 2, {"difficulty": "easy"}, (SeatPlan("human", "kb1"),
                                                       SeatPlan("bot", level="easy")), 3)
    try:
        assert labels(ResultsScene(app, match)) == ["Rematch", "Watch again", "See the board", "Main menu"]
    finally:
        match.close()


def test_bots_are_the_facades_and_the_scene_shows_their_moves(app: App, lan: FakeLan) -> None:
    setup = HostSetup(app, device="kb1", info=KABOOOM)
    app.push(setup)
    setup._set_players(3)
    setup.seats[2] = LanSeatOption("bot", "easy")
    select_button(app, setup, "Open the lobby")
    room = app.stack.top
    host = lan.hosts[0]
    host.join(1, "Alice", ready=True)
    run(app)
    select_button(app, room, "Start game")
    game = next(s for s in app.stack if isinstance(s, KabooomScene))
    session = game.session
    assert session.bot_seats == {2: "easy"}
    for _ in range(400):                 # Red and Blue play; the bot plays Green as it comes
        if session.outcome() is not None:
            break
        humans = sorted(s for s in session.to_act() if s != 2)
        if humans:
            legal = session.legal_actions(humans[0])
            session.submit(next((a for a in legal if isinstance(a, Pass)), legal[0]))
        run(app, 0.1)
    assert session.bot_moves > 0                          # the facade's bot played its turns
    assert not hasattr(game.match, "bots")                # and the match ran no second driver


def test_resume_goes_straight_into_a_started_game(app: App, lan: FakeLan) -> None:
    open_lobby(app, lan)
    host = lan.hosts[0]
    host.join(1, "Alice", ready=True)
    host.start()
    app.stack.reset(MainMenu(app))
    scene = resume_scene(app, host)
    app.stack.reset(scene)
    run(app)
    assert any(isinstance(s, KabooomScene) for s in app.stack)
    game = next(s for s in app.stack if isinstance(s, KabooomScene))
    assert game.match.plans[0].kind == "human" and game.match.plans[0].device == "kb1"


def test_back_to_menu_is_one_clean_stack(app: App) -> None:
    app.push(HostSetup(app, info=KABOOOM))
    back_to_menu(app, "Lost the host.")
    assert len(app.stack) == 1 and isinstance(app.stack.top, MainMenu)
    assert "Lost the host." in toasts(app)


def test_the_focus_stays_put_when_games_come_and_go(app: App, lan: FakeLan) -> None:
    scene = open_join(app, lan)
    assert scene.menu.focused is scene.join_row       # not a text box: WASD would type there
    press(app, "up")                                  # the player moves: the list must not steal it
    focused = scene.menu.focused
    lan.entries = list(ENTRIES)
    run(app)
    assert scene.menu.focused is focused
    press(app, "down")
    lan.entries = []
    run(app)
    assert scene.menu.focused is scene.join_row


