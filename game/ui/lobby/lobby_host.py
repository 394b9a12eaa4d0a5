"""Hosting a LAN game: which game, how many play, and who sits where: an open seat for a player on
the network, a player at this screen on a device, or a bot. "Open the lobby" starts serving and
goes to the waiting room; if that fails (the port is taken, no network) a toast says why and the
screen stays as it was."""
from __future__ import annotations

import errno
import logging
from typing import TYPE_CHECKING, Any

from game.ui.lobby.lan import MAX_NAME, LanUnavailable, backend, default_name, lan_games, remember_name
from game.ui.lobby.waiting_room import WaitingRoom
from game.ui.screens.seat_setup import ROW, VALUE_W, SeatOptionBase, SeatSetupScene
from game.ui.toolkit.menu_items import Button, Choice, DigitField, Item
from game.ui.toolkit.text_field import TextField, TextInputSwitch

if TYPE_CHECKING:
    from game.definition import GameDef
    from game.ui.toolkit.app import App

log = logging.getLogger(__name__)

MENU_LEFT, MENU_TOP, MENU_WIDTH, MENU_HEIGHT = 170, 132, 940, 530


def default_port() -> int:
    try:
        from net.address import DEFAULT_PORT
    except ImportError:
        return 47800
    return DEFAULT_PORT


class LanSeatOption(SeatOptionBase):
    """One value of a seat's selector on the host: "open", "human" (at this screen) or "bot"."""

    def host_seat(self, name: str) -> Any:
        from net.host_core import HostSeat
        if self.kind == "open":
            return HostSeat("open")
        if self.kind == "bot":
            return HostSeat("bot", name, self.value)
        return HostSeat("local", name)


OPEN = LanSeatOption("open")


class HostSetup(SeatSetupScene[LanSeatOption]):
    seat_type = LanSeatOption
    hints = "Left / Right change a row · type your name in its box · Backspace back"
    save_prefix = "lan:"      # the last LAN setup of a game sits beside its couch setup
    human_prefix = "Here · "
    bot_where = ", run on this computer"

    def __init__(self, app: App, *, device: str = "mouse", info: GameDef | None = None) -> None:
        games = lan_games(app)
        super().__init__(app, info or games[0], device="kb1" if device == "mouse" else device)
        self.games = games
        self.text_input = TextInputSwitch()
        self.name_field = TextField("Your name", text=default_name(app), max_len=MAX_NAME,
                                    placeholder="Host", value_width=VALUE_W, height=ROW)
        self.port_field = DigitField("Port", max_len=5, placeholder=str(default_port()),
                                     value_width=VALUE_W, height=ROW)
        self._reset_game()
        self._show((MENU_LEFT, MENU_TOP), MENU_WIDTH, MENU_HEIGHT)

    # -- state ------------------------------------------------------------------------------------

    def _default_players(self) -> int:
        info = self.info
        return max(2, info.min_players) if info.max_players >= 2 else info.min_players

    def _default_seats(self) -> list[LanSeatOption]:
        # The host plays the first seat on the device that chose "Host"; a keyboard zone rather
        # than the mouse, since the mouse helps any seat whose player has no mouse of their own.
        return [LanSeatOption("human", self.device)] + [OPEN] * (self.info.max_players - 1)

    def _restore_extra(self, last: dict[str, Any]) -> None:
        port = last.get("port")
        if isinstance(port, int) and 1 <= port <= 65535 and port != default_port():
            self.port_field.text = str(port)

    def _seat_from_json(self, seat: Any) -> LanSeatOption | None:
        if isinstance(seat, dict) and seat.get("kind") == "open":
            return OPEN
        return super()._seat_from_json(seat)

    def remember(self, port: int) -> None:
        self._remember(port=port)

    # -- the menu ---------------------------------------------------------------------------------

    def _seat_choices(self, seat: int) -> list[LanSeatOption]:
        return [OPEN] + super()._seat_choices(seat)

    def _seat_text(self, option: LanSeatOption) -> str:
        return "Open · a LAN player" if option.kind == "open" else super()._seat_text(option)

    def _seat_detail(self, seat: int) -> str:
        if self.seats[seat].kind == "open":
            return "Someone on this network takes it"
        return super()._seat_detail(seat)

    def _head_items(self) -> list[Item]:
        self.game_choice = Choice("Game", choices=self.games, index=self.games.index(self.info),
                                  on_change=self._set_game, fmt=lambda g: g.title, wrap=False,
                                  value_width=VALUE_W, height=ROW)
        return [self.game_choice, self.name_field]

    def _tail_items(self) -> list[Item]:
        return [self.port_field]

    def _start_button(self) -> Button:
        return Button("Open the lobby", self.open_lobby, primary=True)

    def _titles(self) -> tuple[str, str]:
        return "Host a LAN game", "Players on this network join your table"

    def _set_game(self, info: GameDef) -> None:
        self.info = info
        self._reset_game()
        self._build()

    # -- opening the lobby ------------------------------------------------------------------------

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
        if not self._devices_ready():
            return
        seats = self.seats[: self.players]
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
        except Exception as exc:  # whatever it was, the player reads one line
            log.warning("could not host the table", exc_info=True)
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
        self.text_input.sync(False)
        self.app.push(WaitingRoom(self.app, self.info, host, devices=devices, host=True))

    # -- scene ------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.text_input.sync(isinstance(self.menu.focused, TextField))
        super().update(dt)

    def on_exit(self) -> None:
        self.text_input.sync(False)
