"""The LAN screens driven headless against a fake facade (tests/ui/fake_lan.py): hosting a table,
joining one (the list, the address, the devices) and the waiting room."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.kabooom.scene import KabooomScene
from game.ui.lobby.lan_status import LanStatusScene
from game.ui.lobby.lobby_host import HostSetup, LanSeatOption
from game.ui.lobby.lobby_join import JoinScene
from game.ui.lobby.net_match import NetMatch
from game.ui.lobby.waiting_room import WaitingRoom
from game.ui.routes import new_app
from game.ui.screens.menu import MainMenu
from game.ui.toolkit.app import App
from game.ui.toolkit.devices import InputRouter
from game.ui.toolkit.settings import load_settings

from ..fake_lan import Entry, FakeLan, LanSeat
from .helpers import (
    ENTRIES,
    KABOOOM,
    TABLE,
    Audio,
    Clock,
    game_rows,
    join_room,
    key,
    labels,
    open_join,
    open_lobby,
    press,
    run,
    select_button,
    toasts,
    type_text,
)


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


