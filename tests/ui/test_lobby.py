"""The LAN screens driven headless against a fake facade (tests/ui/fake_lan.py): hosting, joining,
the waiting room, and what a LAN game shows when a player drops. No sockets: one test at the end
runs the real facade on 127.0.0.1 inside an isolated network namespace."""
from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from game.games import game_by_key
from game.kabooom.rules import Pass
from game.kabooom.scene import KabooomScene
from game.ui.lobby.entries import resume_scene
from game.ui.lobby.lan import back_to_menu
from game.ui.lobby.lan_results import LanResultsScene
from game.ui.lobby.lan_status import HAND_KEY, STOP_KEY, LanStatusScene
from game.ui.lobby.lobby_host import HostSetup, LanSeatOption
from game.ui.lobby.lobby_join import GameRow, JoinScene
from game.ui.lobby.net_match import STOPPED_WAITING, NetMatch
from game.ui.lobby.waiting_room import WaitingRoom
from game.ui.routes import new_app
from game.ui.screens.menu import MainMenu
from game.ui.screens.pause import PauseScene
from game.ui.screens.results import ResultsScene
from game.ui.toolkit import theme
from game.ui.toolkit.app import STEP, App
from game.ui.toolkit.devices import InputRouter
from game.ui.toolkit.input import Press
from game.ui.toolkit.settings import load_settings

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fake_lan import Entry, FakeLan, LanSeat

KABOOOM = game_by_key("kabooom")


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


class Audio:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


@pytest.fixture
def lan() -> FakeLan:
    return FakeLan()


@pytest.fixture
def app(lan: FakeLan) -> App:
    app = new_app(pygame.Surface((1280, 720)), clock=Clock(), audio=Audio(), inputs=InputRouter())
    app.match_kwargs = {"inline_bots": True, "bot_think_time": 0.0}
    app.lan_backend = lan.backend()            # type: ignore[attr-defined]
    app.push(MainMenu(app))
    return app


def run(app: App, seconds: float = STEP) -> None:
    for _ in range(max(1, round(seconds / STEP))):
        app.clock.t += STEP                     # type: ignore[attr-defined]
        app.advance(STEP)
    app.draw()


def press(app: App, button: str, device: str = "kb1", pos=None) -> None:
    app.stack.dispatch("handle", Press(device, button, 0.0, pos))


def type_text(app: App, text: str) -> None:
    for char in text:
        app.feed([pygame.event.Event(pygame.KEYDOWN, key=ord(char.lower()), unicode=char, mod=0)])


def key(app: App, code: int) -> None:
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=code, unicode="", mod=0)])


def select_button(app: App, scene, label: str) -> None:
    """Focus the row holding the button `label` and press select on it, as a player would."""
    for item in scene.menu.items:
        buttons = getattr(item, "buttons", None)
        if buttons is None:
            continue
        for i, button in enumerate(buttons):
            if button.label == label:
                scene.menu.focus_on(item)
                item.index = i
                press(app, "select")
                return
    raise AssertionError(f"no button {label!r}")


def labels(scene) -> list[str]:
    return [item.label for item in scene.menu.items]


def toasts(app: App) -> list[str]:
    return app.toasts.texts


# -- hosting ---------------------------------------------------------------------------------------

def open_lobby(app: App, lan: FakeLan, players: int = 2) -> WaitingRoom:
    setup = HostSetup(app, device="kb1", info=KABOOOM)
    app.push(setup)
    if players != setup.players:
        setup._set_players(players)
    select_button(app, setup, "Open the lobby")
    room = app.stack.top
    assert isinstance(room, WaitingRoom), toasts(app)
    return room


def test_main_menu_lists_lan_entries_above_settings(app: App) -> None:
    names = labels(app.stack.top)
    assert names.index("Host a LAN game") < names.index("Join a LAN game") < names.index("Settings")


def test_main_menu_entry_opens_host_setup(app: App) -> None:
    menu = app.stack.top
    menu.menu.focus_on(next(i for i in menu.menu.items if i.label == "Host a LAN game"))
    press(app, "select")
    assert isinstance(app.stack.top, HostSetup)


def test_host_setup_opens_the_waiting_room_with_the_seats(app: App, lan: FakeLan) -> None:
    room = open_lobby(app, lan)
    host = lan.hosts[0]
    assert [p.kind for p in host.plans] == ["local", "open"]
    assert host.plans[0].name == "Host" and host.name == "Host"
    assert host.address[1] == 47800
    run(app)
    assert [(s.kind, s.mine) for s in room.seats] == [("human", True), ("open", False)]
    first, second = room.header()
    assert first.startswith("Others can join at ") and first.endswith(":47800")
    assert second == "Waiting for 1 player"


def test_host_name_and_port_are_typed(app: App, lan: FakeLan) -> None:
    setup = HostSetup(app, device="kb1", info=KABOOOM)
    app.push(setup)
    setup.menu.focus_on(setup.name_field)
    key(app, pygame.K_DELETE)
    type_text(app, "Wes")
    assert setup.menu.focused is setup.name_field     # typing "s" or "w" never moved the focus
    setup.menu.focus_on(setup.port_field)
    type_text(app, "47900")
    select_button(app, setup, "Open the lobby")
    assert lan.hosts[0].name == "Wes" and lan.hosts[0].address[1] == 47900
    assert app.settings.player_name == "Wes"


def test_seat_choices_offer_open_local_devices_and_bots(app: App) -> None:
    setup = HostSetup(app, device="kb2", info=KABOOOM)
    values = setup._seat_choices(1)
    assert values[0] == LanSeatOption("open")
    assert LanSeatOption("human", "mouse") in values and LanSeatOption("human", "kb3") in values
    assert [v.value for v in values if v.kind == "bot"] == list(KABOOOM.bot_levels)
    assert setup.seats[0] == LanSeatOption("human", "kb2")


def test_port_in_use_is_a_toast_and_the_setup_stays(app: App, lan: FakeLan) -> None:
    lan.busy_ports.add(47800)
    setup = HostSetup(app, device="kb1", info=KABOOOM)
    app.push(setup)
    select_button(app, setup, "Open the lobby")
    assert app.stack.top is setup
    assert any("Port 47800 is already in use" in t for t in toasts(app))


def test_a_lobby_needs_an_open_seat(app: App, lan: FakeLan) -> None:
    setup = HostSetup(app, device="kb1", info=KABOOOM)
    app.push(setup)
    setup.seats[1] = LanSeatOption("bot", "easy")
    select_button(app, setup, "Open the lobby")
    assert app.stack.top is setup and not lan.hosts
    assert any("at least one seat open" in t for t in toasts(app))


def test_start_is_disabled_until_the_facade_can_start(app: App, lan: FakeLan) -> None:
    room = open_lobby(app, lan)
    host = lan.hosts[0]
    run(app)
    assert room.start_button.dimmed
    select_button(app, room, "Start game")
    assert not host.started and app.stack.top is room
    assert "Waiting for 1 player" in toasts(app)

    host.join(1, "Alice", ready=False)
    run(app)
    assert room.start_button.dimmed and room.reason == "Waiting for Alice to be ready"
    host.join(1, "Alice", ready=True)
    run(app)
    assert not room.start_button.dimmed
    select_button(app, room, "Start game")
    assert host.started
    scenes = list(app.stack)
    assert isinstance(scenes[0], MainMenu)
    assert isinstance(scenes[1], KabooomScene) and isinstance(scenes[1].match, NetMatch)
    assert isinstance(scenes[2], LanStatusScene)
    assert host.closed == 0                          # the match holds the connection now


def test_fill_open_seats_with_bots(app: App, lan: FakeLan) -> None:
    room = open_lobby(app, lan, players=3)
    host = lan.hosts[0]
    host.join(1, "Alice", ready=True)
    run(app)
    assert room.start_button.dimmed                  # seat 3 is open
    room.menu.focus_on(room.fill)
    press(app, "right")
    run(app)
    assert not room.start_button.dimmed
    select_button(app, room, "Start game")
    assert host.fill_used == "easy"
    game = next(s for s in app.stack if isinstance(s, KabooomScene))
    assert game.match.plans[2].kind == "bot"


def test_close_lobby_closes_the_facade(app: App, lan: FakeLan) -> None:
    room = open_lobby(app, lan)
    select_button(app, room, "Close lobby")
    assert lan.hosts[0].closed == 1
    assert isinstance(app.stack.top, HostSetup)


def test_backspace_leaves_the_lobby_and_closes_the_facade(app: App, lan: FakeLan) -> None:
    open_lobby(app, lan)
    press(app, "back")
    assert lan.hosts[0].closed == 1
    assert isinstance(app.stack.top, HostSetup)


def test_host_notices_become_toasts(app: App, lan: FakeLan) -> None:
    open_lobby(app, lan)
    lan.hosts[0].pending_notices.append("Alice joined the table")
    run(app)
    assert "Alice joined the table" in toasts(app)


# -- joining ---------------------------------------------------------------------------------------

ENTRIES = [Entry("Alice's table", "192.168.1.5", 47800, "kabooom", 2, "Alice", players=("Alice",),
                 service_name="a"),
           Entry("Old table", "192.168.1.9", 47800, "kabooom", 1, "Carol", compatible=False,
                 service_name="b"),
           Entry("Full table", "192.168.1.7", 47801, "kabooom", 0, "Dan", service_name="c")]


def open_join(app: App, lan: FakeLan) -> JoinScene:
    scene = JoinScene(app, device="kb1")
    app.push(scene)
    assert scene.browser is not None
    scene.browser.wait()          # the Browser starts on a thread of its own
    run(app)
    return scene


def game_rows(scene: JoinScene) -> list[GameRow]:
    return [i for i in scene.menu.items if isinstance(i, GameRow)]


def test_join_lists_discovered_games_live(app: App, lan: FakeLan) -> None:
    scene = open_join(app, lan)
    assert game_rows(scene) == []
    lan.entries = list(ENTRIES)
    run(app)
    rows = game_rows(scene)
    assert [r.title for r in rows] == ["Kabooom! · Alice", "Kabooom! · Carol", "Kabooom! · Dan"]
    assert [r.status for r in rows] == ["2 seats free", "different version", "full"]
    assert [r.joinable for r in rows] == [True, False, False]
    assert "192.168.1.5:47800" in rows[0].detail
    assert scene.menu.focused is rows[0]             # the first game found takes the focus
    lan.entries = ENTRIES[:1]
    run(app)
    assert len(game_rows(scene)) == 1


def test_joining_a_listed_game(app: App, lan: FakeLan) -> None:
    lan.entries = list(ENTRIES)
    scene = open_join(app, lan)
    scene.menu.focus_on(game_rows(scene)[0])
    press(app, "select")
    client = lan.clients[0]
    assert client.address == ("192.168.1.5", 47800) and client.game == "kabooom"
    assert client.want == 1
    assert isinstance(app.stack.top, WaitingRoom)


def test_an_incompatible_or_full_game_is_not_joined(app: App, lan: FakeLan) -> None:
    lan.entries = list(ENTRIES)
    scene = open_join(app, lan)
    for row, message in zip(game_rows(scene)[1:], ("different version", "full")):
        scene.menu.focus_on(row)
        press(app, "select")
        assert any(message in t for t in toasts(app))
    assert not lan.clients and app.stack.top is scene


def test_local_players_join_with_their_devices(app: App, lan: FakeLan) -> None:
    lan.entries = list(ENTRIES)
    scene = open_join(app, lan)
    scene.menu.focus_on(next(i for i in scene.menu.items if getattr(i, "label", "") == "Players here"))
    press(app, "right")                         # "Players here": 1 -> 2, as a player would
    assert scene.local == ["kb1", "kb2"]
    scene.join_entry(ENTRIES[0])
    assert lan.clients[0].want == 2
    room = app.stack.top
    assert room.devices == ["kb1", "kb2"]


def test_the_next_join_starts_from_the_devices_of_the_last(app: App, lan: FakeLan, tmp_path: Path) -> None:
    app.settings_path = tmp_path / "settings.json"
    lan.entries = list(ENTRIES)
    scene = open_join(app, lan)
    scene.menu.focus_on(next(i for i in scene.menu.items if getattr(i, "label", "") == "Players here"))
    press(app, "right")
    scene.join_entry(ENTRIES[0])
    later = new_app(pygame.Surface((1280, 720)), clock=Clock(), audio=Audio(), inputs=InputRouter(),
                    settings=load_settings(app.settings_path).settings)
    later.lan_backend = lan.backend()           # type: ignore[attr-defined]
    assert JoinScene(later).local == ["kb1", "kb2"]   # a later start of the program reads the same file


def test_manual_address_errors_show_under_the_field(app: App, lan: FakeLan) -> None:
    scene = open_join(app, lan)
    scene.menu.focus_on(scene.address_field)
    type_text(app, "192.168.1:99999")
    assert scene.address_field.text == "192.168.1:99999"
    key(app, pygame.K_RETURN)                  # Enter on the field joins
    assert "not a valid IPv4 address" in scene.error_line.label
    assert not lan.clients
    key(app, pygame.K_BACKSPACE)               # changing the text clears the error
    assert scene.error_line.label == ""
    scene.address_field.text = "host name"
    select_button(app, scene, "Join")
    assert scene.error_line.label and not lan.clients


def test_manual_address_joins(app: App, lan: FakeLan) -> None:
    scene = open_join(app, lan)
    scene.menu.focus_on(scene.address_field)
    type_text(app, "192.168.1.5:47801")
    select_button(app, scene, "Join")
    assert lan.clients[0].address == ("192.168.1.5", 47801)
    assert app.stack.top.where == "192.168.1.5:47801"


def test_discovery_unavailable_still_joins_by_address(app: App, lan: FakeLan) -> None:
    lan.browser_error = OSError("no multicast here")
    scene = open_join(app, lan)
    notes = [i.label for i in scene.menu.items if not i.focusable]
    assert "LAN discovery is unavailable here; join by address" in notes
    scene.address_field.text = "10.0.0.2"
    scene.join_address()
    assert lan.clients[0].address == ("10.0.0.2", 47800)


def test_leaving_the_join_screen_closes_the_browser(app: App, lan: FakeLan) -> None:
    scene = open_join(app, lan)
    press(app, "back")
    scene.browser.wait()
    assert lan.browsers[0].closed == 1
    assert isinstance(app.stack.top, MainMenu)


# -- the waiting room as a peer --------------------------------------------------------------------

def join_room(app: App, lan: FakeLan) -> tuple[JoinScene, WaitingRoom]:
    lan.entries = list(ENTRIES)
    scene = open_join(app, lan)
    scene.join_entry(ENTRIES[0])
    room = app.stack.top
    assert isinstance(room, WaitingRoom)
    return scene, room


TABLE = [LanSeat(0, "Alice", "human", "", True, True, False),
         LanSeat(1, "Player", "human", "", True, False, True),
         LanSeat(2, "Bot 3", "bot", "hard", True, True, False)]


@pytest.mark.parametrize("message", ["The game is full", "Wrong version: the host runs 0.3"])
def test_a_refusal_returns_to_the_menu_with_its_message(app: App, lan: FakeLan, message: str) -> None:
    scene, room = join_room(app, lan)
    client = lan.clients[0]
    client.state, client.message = "refused", message
    run(app)
    assert isinstance(app.stack.top, MainMenu) and len(app.stack) == 1
    assert message in toasts(app)
    assert client.closed == 1
    scene.browser.wait()
    assert lan.browsers[0].closed == 1


def test_a_lost_host_in_the_lobby_returns_to_the_menu(app: App, lan: FakeLan) -> None:
    _, room = join_room(app, lan)
    client = lan.clients[0]
    client.welcome(TABLE)
    run(app)
    client.state, client.message = "lost", ""
    run(app)
    assert isinstance(app.stack.top, MainMenu)
    assert "Lost the host." in toasts(app)
    assert client.closed == 1


def test_ready_toggles_through_the_facade(app: App, lan: FakeLan) -> None:
    _, room = join_room(app, lan)
    client = lan.clients[0]
    select_button(app, room, "I'm ready")
    assert client.ready_calls == []                 # still connecting: nothing to say yet
    client.welcome(TABLE)
    run(app)
    select_button(app, room, "I'm ready")
    run(app)
    assert client.ready_calls == [True]
    assert room.ready_button.label == "Not ready"
    select_button(app, room, "Not ready")
    assert client.ready_calls == [True, False]


def test_leaving_the_room_closes_the_client(app: App, lan: FakeLan) -> None:
    scene, room = join_room(app, lan)
    select_button(app, room, "Leave")
    assert lan.clients[0].closed == 1
    assert app.stack.top is scene


def test_the_game_starts_for_a_peer(app: App, lan: FakeLan) -> None:
    scene, room = join_room(app, lan)
    client = lan.clients[0]
    client.welcome(TABLE)
    run(app)
    client.begin(KABOOOM)
    run(app)
    game = next(s for s in app.stack if isinstance(s, KabooomScene))
    match = game.match
    assert isinstance(match, NetMatch)
    assert [p.kind for p in match.plans] == ["remote", "human", "bot"]
    assert match.plans[0].label() == "Alice · LAN"
    assert game.input.drawn_seats() == [1]           # only this screen's player has a focus
    assert match.seats_of("kb1") == [1]
    assert game.viewer == 1
    scene.browser.wait()
    assert lan.browsers[0].closed == 1              # the join screen is gone, and its Browser
    assert client.closed == 0


# -- in a LAN game ---------------------------------------------------------------------------------

def start_hosted_game(app: App, lan: FakeLan) -> tuple[KabooomScene, LanStatusScene]:
    room = open_lobby(app, lan)
    lan.hosts[0].join(1, "Alice", ready=True)
    run(app)
    select_button(app, room, "Start game")
    scenes = list(app.stack)
    return scenes[1], scenes[2]


def blue_to_move(game: KabooomScene) -> None:
    session = game.session
    if 1 not in session.to_act():
        session.submit(session.legal_actions(0)[0])


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


TABLE_ADDRESS = ("192.168.1.5", 47800)


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


# -- the real facade, on loopback in an isolated network namespace ---------------------------------

def _isolation() -> str | None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "net"))
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


def test_left_and_right_hop_between_the_columns(app: App, lan: FakeLan) -> None:
    lan.entries = list(ENTRIES)
    scene = open_join(app, lan)
    rows = game_rows(scene)
    scene.menu.focus_on(rows[2])
    press(app, "right")                     # a game row has nothing to change: over to the form
    beside = scene.menu.focused
    assert scene.menu.column(beside) == 1
    assert abs(beside.rect.centery - rows[2].rect.centery) < 60
    scene.menu.focus_on(scene.join_row)
    scene.join_row.index = 0
    press(app, "left")                      # Join is the row's first button: back to the games
    assert scene.menu.focused in rows


def test_a_chosen_lan_interface_binds_the_host_and_the_browser_to_it():
    from types import SimpleNamespace

    from game.ui.lobby.lan import backend
    from game.ui.toolkit.settings import Settings
    app = SimpleNamespace(settings=Settings(lan_interface="192.0.2.5"))
    chosen = backend(app)
    assert chosen.host.keywords == {"bind": "192.0.2.5"}
    assert chosen.browser.keywords == {"interfaces": ["192.0.2.5"]}
    everywhere = backend(SimpleNamespace(settings=Settings()))
    assert not hasattr(everywhere.host, "keywords")


def test_a_player_whose_client_closed_rejoins_a_full_table_with_the_kept_token(app: App,
                                                                              lan: FakeLan) -> None:
    lan.entries = list(ENTRIES)
    scene = open_join(app, lan)
    scene.menu.focus_on(game_rows(scene)[0])
    press(app, "select")
    first = lan.clients[0]
    assert first.given_token is None
    first.welcome([LanSeat(0, "Alice", "human", "", True, False, False),
                   LanSeat(1, "Player", "human", "", True, False, True)])
    run(app)                                     # the waiting room keeps the host's token
    app.stack.reset(MainMenu(app))               # the client dies without leaving properly

    full = Entry("Alice's table", "192.168.1.5", 47800, "kabooom", 0, "Alice", service_name="a")
    lan.entries = [full]
    scene = open_join(app, lan)
    row = game_rows(scene)[0]
    assert (row.status, row.joinable) == ("your seat", True)
    scene.menu.focus_on(row)
    press(app, "select")
    assert lan.clients[-1].given_token == first.token
    assert isinstance(app.stack.top, WaitingRoom)


def test_leaving_the_waiting_room_on_purpose_gives_the_seat_up(app: App, lan: FakeLan) -> None:
    lan.entries = list(ENTRIES)
    scene = open_join(app, lan)
    scene.menu.focus_on(game_rows(scene)[0])
    press(app, "select")
    lan.clients[0].welcome([LanSeat(0, "Player", "human", "", True, False, True)])
    run(app)
    app.stack.top.back()
    again = open_join(app, lan)
    assert game_rows(again)[0].status == "2 seats free"


def test_the_join_list_shows_each_tables_ping(app: App, lan: FakeLan) -> None:
    from dataclasses import replace
    app.lan_backend = replace(app.lan_backend, ping=lambda address: 7.0)   # type: ignore[attr-defined]
    lan.entries = list(ENTRIES[:1])
    scene = open_join(app, lan)
    for _ in range(50):
        run(app)
        if "7 ms" in game_rows(scene)[0].detail:
            break
        import time
        time.sleep(0.01)
    assert "7 ms" in game_rows(scene)[0].detail


# -- playing again at the same table ---------------------------------------------------------------

def finish(session) -> None:
    """Everyone passes until the game ends (a fake session takes any seat's action)."""
    for _ in range(400):
        if session.outcome() is not None:
            return
        seat = min(session.to_act())
        legal = session.legal_actions(seat)
        session.submit(next((a for a in legal if isinstance(a, Pass)), legal[0]))
    raise AssertionError("the game did not end")


def results_of(app: App, seconds: float = 10.0) -> ResultsScene:
    """Run the app until the game scene has put its results up."""
    for _ in range(round(seconds / 0.1)):
        if isinstance(app.stack.top, ResultsScene):
            return app.stack.top
        run(app, 0.1)
    raise AssertionError(f"no results: {list(app.stack)}")


def game_scene(app: App) -> KabooomScene:
    return next(s for s in app.stack if isinstance(s, KabooomScene))


def choose(app: App, scene, label: str) -> None:
    """Focus the menu's button `label` and press select on it."""
    item = next(i for i in scene.menu.items if getattr(i, "label", None) == label)
    scene.menu.focus_on(item)
    press(app, "select")


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


def peer_in_game(app: App, lan: FakeLan):
    _, room = join_room(app, lan)
    client = lan.clients[-1]
    client.welcome(TABLE)
    run(app)
    client.begin(KABOOOM)
    run(app)
    return game_scene(app), client


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
