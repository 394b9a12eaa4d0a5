"""Hosting a LAN game: which game, how many play, and who sits where: an open seat for a player on
the network, a player at this screen on a device, or a bot. "Open the lobby" starts serving and
goes to the waiting room; if that fails (the port is taken, no network) a toast says why and the
screen stays as it was."""
from __future__ import annotations

import errno
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from . import theme
from .input import device_hint, device_name
from .lan import LanUnavailable, MAX_NAME, backend, default_name, lan_games, remember_name
from .text_field import TextField, TextInputSwitch
from .theme import PLAYER_COLOURS, PLAYER_NAMES
from .widgets import (Backdrop, Button, ButtonRow, Choice, DigitField, Gap, Item, MenuScene,
                      draw_hints, draw_panel, draw_text, draw_title)

if TYPE_CHECKING:
    from game.games import GameInfo

    from .app import App

MENU_LEFT, MENU_TOP, MENU_WIDTH, MENU_HEIGHT = 170, 132, 940, 530
SEAT_ROW_H = 54
ROW = 42
VALUE_W = 460
SAVE_PREFIX = "lan:"          # the last LAN setup of a game sits beside its couch setup


def default_port() -> int:
    try:
        from net.address import DEFAULT_PORT
    except ImportError:
        return 47800
    return DEFAULT_PORT


@dataclass(frozen=True)
class LanSeatOption:
    """One value of a seat's selector on the host."""

    kind: str       # "open", "human" (at this screen) or "bot"
    value: str = ""  # the device, or the bot level

    def host_seat(self, name: str) -> Any:
        from net.host_core import HostSeat
        if self.kind == "open":
            return HostSeat("open")
        if self.kind == "bot":
            return HostSeat("bot", name, self.value)
        return HostSeat("local", name)


OPEN = LanSeatOption("open")


class HostSetup(MenuScene):
    def __init__(self, app: "App", *, device: str = "mouse", info: "GameInfo | None" = None) -> None:
        super().__init__(app)
        self.games = lan_games(app)
        self.info = info or self.games[0]
        self.device = "kb1" if device == "mouse" else device   # see _default_seats
        self.backdrop = Backdrop()
        self.text_input = TextInputSwitch()
        self.name_field = TextField("Your name", text=default_name(app), max_len=MAX_NAME,
                                    placeholder="Host", value_width=VALUE_W, height=ROW)
        self.port_field = DigitField("Port", max_len=5, placeholder=str(default_port()),
                                     value_width=VALUE_W, height=ROW)
        self._reset_game()
        self._devices_version = self._router_version()
        self.menu.place((MENU_LEFT, MENU_TOP), MENU_WIDTH, MENU_HEIGHT)
        self._build()
        self.menu.focus_on(self.start_row)

    # -- state ------------------------------------------------------------------------------------

    def _reset_game(self) -> None:
        info = self.info
        self.players = max(2, info.min_players) if info.max_players >= 2 else info.min_players
        # The host plays the first seat on the device that chose "Host"; a keyboard zone rather
        # than the mouse, since the mouse helps any seat whose player has no mouse of their own.
        self.seats: list[LanSeatOption] = [LanSeatOption("human", self.device)]
        self.seats += [OPEN] * (info.max_players - 1)
        self.options: dict[str, str] = {o.key: o.default for o in info.options}
        self._restore()

    def _devices(self) -> list[str]:
        devices = getattr(self.app.inputs, "devices", None)
        return devices() if devices else ["mouse", "kb1", "kb2", "kb3", "kb4"]

    def _router_version(self) -> int:
        return getattr(self.app.inputs, "version", 0)

    def _restore(self) -> None:
        last: Any = self.app.settings.last_setup.get(SAVE_PREFIX + self.info.key)
        if not isinstance(last, dict):
            return
        players = last.get("players")
        if isinstance(players, int) and self.info.min_players <= players <= self.info.max_players:
            self.players = players
        seats = last.get("seats")
        if isinstance(seats, list):
            for i, seat in enumerate(seats[: self.info.max_players]):
                option = self._seat_from_json(seat)
                if option is not None:
                    self.seats[i] = option
        options = last.get("options")
        if isinstance(options, dict):
            for opt in self.info.options:
                if options.get(opt.key) in opt.choices:
                    self.options[opt.key] = options[opt.key]
        port = last.get("port")
        if isinstance(port, int) and 1 <= port <= 65535 and port != default_port():
            self.port_field.text = str(port)

    def _seat_from_json(self, seat: Any) -> LanSeatOption | None:
        if not isinstance(seat, dict):
            return None
        kind, value = seat.get("kind"), seat.get("value")
        if kind == "open":
            return OPEN
        if kind == "bot" and value in self.info.bot_levels:
            return LanSeatOption("bot", value)
        if kind == "human" and isinstance(value, str) and (
                value in ("mouse", "kb1", "kb2", "kb3", "kb4") or value.startswith("pad")):
            return LanSeatOption("human", value)
        return None

    def remember(self, port: int) -> None:
        self.app.settings.last_setup[SAVE_PREFIX + self.info.key] = {
            "players": self.players,
            "seats": [{"kind": s.kind, "value": s.value} for s in self.seats],
            "options": dict(self.options),
            "port": port,
        }

    # -- the menu ---------------------------------------------------------------------------------

    def _seat_choices(self, seat: int) -> list[LanSeatOption]:
        choices = [OPEN] + [LanSeatOption("human", d) for d in self._devices()]
        if self.seats[seat] not in choices and self.seats[seat].kind == "human":
            choices.append(self.seats[seat])     # an unplugged pad stays visible, marked
        choices += [LanSeatOption("bot", level) for level in self.info.bot_levels]
        return choices

    def _seat_text(self, option: LanSeatOption) -> str:
        if option.kind == "open":
            return "Open · a LAN player"
        if option.kind == "bot":
            return f"Bot · {option.value}"
        name = device_name(option.value)
        here = f"Here · {name}"
        return here if option.value in self._devices() else f"{here} (unplugged)"

    def _seat_detail(self, seat: int) -> str:
        option = self.seats[seat]
        if option.kind == "open":
            return "Someone on this network takes it"
        if option.kind == "bot":
            return "Plays by itself, run on this computer"
        return device_hint(option.value, self.app.settings.bindings)

    def _build(self) -> None:
        info = self.info
        items: list[Item] = []
        self.game_choice = Choice("Game", choices=self.games, index=self.games.index(info),
                                  on_change=self._set_game, fmt=lambda g: g.title, wrap=False,
                                  value_width=VALUE_W, height=ROW)
        items += [self.game_choice, self.name_field,
                  Choice("Players", choices=list(range(info.min_players, info.max_players + 1)),
                         index=self.players - info.min_players, on_change=self._set_players,
                         fmt=lambda n: f"{n} players", wrap=False, value_width=VALUE_W, height=ROW),
                  Gap(height=8)]
        for seat in range(self.players):
            choices = self._seat_choices(seat)
            items.append(Choice(f"Seat {seat + 1} · {PLAYER_NAMES[seat]}", choices=choices,
                                index=choices.index(self.seats[seat]),
                                on_change=self._seat_setter(seat), fmt=self._seat_text,
                                detail=lambda s=seat: self._seat_detail(s),
                                chip=lambda s=seat: PLAYER_COLOURS[s], value_width=VALUE_W,
                                height=SEAT_ROW_H))
        items.append(Gap(height=8))
        for opt in info.options:
            items.append(Choice(opt.label, choices=list(opt.choices),
                                index=list(opt.choices).index(self.options[opt.key]),
                                on_change=self._option_setter(opt.key),
                                fmt=lambda c: c.capitalize(), value_width=VALUE_W, height=ROW))
        items.append(self.port_field)
        items.append(Gap(height=10))
        self.start_row = ButtonRow(buttons=[Button("Open the lobby", self.open_lobby, primary=True),
                                            Button("Back", self.back)], height=ROW + 4)
        items.append(self.start_row)
        self.menu.set_items(items)

    def _set_game(self, info: "GameInfo") -> None:
        self.info = info
        self._reset_game()
        self._build()

    def _set_players(self, n: int) -> None:
        self.players = n
        self._build()

    def _seat_setter(self, seat: int):
        def set_seat(option: LanSeatOption) -> None:
            self.seats[seat] = option
        return set_seat

    def _option_setter(self, key: str):
        def set_option(choice: str) -> None:
            self.options[key] = choice
        return set_option

    # -- opening the lobby ------------------------------------------------------------------------

    def _fail(self, text: str) -> None:
        self.app.audio.play("error")
        self.app.toast(text, "error")

    def _port(self) -> int | None:
        text = self.port_field.text
        if not text:
            return default_port()
        port = int(text)
        if not 1024 <= port <= 65535:
            self._fail("Pick a port between 1024 and 65535.")
            return None
        return port

    def plans(self, name: str) -> list[Any]:
        """The HostSeat of each seat: this screen's players are named after the host."""
        out = []
        here = 0
        for i, seat in enumerate(self.seats[: self.players]):
            if seat.kind == "human":
                here += 1
                out.append(seat.host_seat(name if here == 1 else f"{name} {here}"))
            elif seat.kind == "bot":
                out.append(seat.host_seat(f"Bot {i + 1}"))
            else:
                out.append(seat.host_seat(""))
        return out

    def open_lobby(self) -> None:
        seats = self.seats[: self.players]
        connected = self._devices()
        for seat in seats:
            if seat.kind == "human" and seat.value not in connected:
                self._fail(f"{device_name(seat.value)} is not connected.")
                return
        if not any(s.kind == "open" for s in seats):
            self._fail("Leave at least one seat open for a player on the network.")
            return
        port = self._port()
        if port is None:
            return
        name = self.name_field.text.strip() or "Host"
        try:
            lan = backend(self.app)
            host = lan.host(self.info, self.players, dict(self.options), self.plans(name),
                            name=name, port=port)
        except LanUnavailable as exc:
            self._fail(str(exc))
            return
        except Exception as exc:  # noqa: BLE001  whatever it was, the player reads one line
            in_use = (isinstance(exc, OSError) and exc.errno in (errno.EADDRINUSE, errno.EACCES)) \
                or "in use" in str(exc).lower()
            if in_use:
                self._fail(f"Port {port} is already in use on this computer: "
                           f"choose another port, or close the other game.")
            else:
                text = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
                self._fail(f"Could not open the lobby: {text or exc.__class__.__name__}")
            return
        self.remember(port)
        remember_name(self.app, name)
        self.app.save_settings()
        devices = {i: s.value for i, s in enumerate(seats) if s.kind == "human"}
        from .waiting_room import WaitingRoom
        self.text_input.sync(False)
        self.app.push(WaitingRoom(self.app, self.info, host, devices=devices, host=True))

    # -- scene ------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.text_input.sync(isinstance(self.menu.focused, TextField))
        version = self._router_version()
        if version != self._devices_version:       # a gamepad came or went: refresh the seats
            self._devices_version = version
            self._build()

    def on_exit(self) -> None:
        self.text_input.sync(False)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        self.backdrop.draw(surface)
        w = surface.get_width()
        draw_title(surface, fonts, "Host a LAN game", (w // 2, 52), size=80)
        draw_text(surface, fonts, "Players on this network join your table",
                  (w // 2, 102), colour=theme.TEXT_DIM, anchor="center")
        draw_panel(surface, self.menu.rect.inflate(28, 24))
        self.menu.draw(surface, fonts)
        draw_hints(surface, fonts, "Left / Right change a row · type your name in its box · "
                                   "Backspace back")
