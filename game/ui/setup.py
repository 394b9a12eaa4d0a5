"""Setting up a game: how many play, who sits where (a human on a device, or a bot), the game's
options and an optional seed. The last setup of each game is remembered in the settings."""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from . import theme
from .input import device_hint, device_name
from .match import Match, SeatPlan
from .theme import PLAYER_COLOURS, PLAYER_NAMES
from .widgets import (Backdrop, Button, ButtonRow, Choice, DigitField, Gap, Item, MenuScene,
                      draw_hints, draw_panel, draw_text, draw_title)

if TYPE_CHECKING:
    from game.games import GameInfo

    from .app import App

MENU_LEFT, MENU_TOP, MENU_WIDTH, MENU_HEIGHT = 170, 142, 940, 520
SEAT_ROW_H = 54
ROW = 42
MAX_SEED_DIGITS = 9       # keeps every typed seed below 2**31


@dataclass(frozen=True)
class SeatOption:
    """One value of a seat's selector."""

    kind: str       # "human" or "bot"
    value: str      # the device, or the bot level

    def plan(self) -> SeatPlan:
        return SeatPlan("human", device=self.value) if self.kind == "human" \
            else SeatPlan("bot", level=self.value)


class GameSetup(MenuScene):
    def __init__(self, app: "App", info: "GameInfo", *, device: str = "mouse") -> None:
        super().__init__(app)
        self.info = info
        self.backdrop = Backdrop()
        self.players = info.min_players
        self.seats: list[SeatOption] = self._default_seats(device)
        self.options: dict[str, str] = {o.key: o.default for o in info.options}
        self.seed_field = DigitField("Seed", max_len=MAX_SEED_DIGITS, placeholder="random")
        self._restore()
        self._devices_version = self._router_version()
        self.menu.place((MENU_LEFT, MENU_TOP), MENU_WIDTH, MENU_HEIGHT)
        self._build()
        self.menu.focus_on(self.start_row)

    # -- state ------------------------------------------------------------------------------------

    def _devices(self) -> list[str]:
        devices = getattr(self.app.inputs, "devices", None)
        return devices() if devices else ["mouse", "kb1", "kb2", "kb3", "kb4"]

    def _router_version(self) -> int:
        return getattr(self.app.inputs, "version", 0)

    def _default_seats(self, device: str) -> list[SeatOption]:
        levels = self.info.bot_levels
        seats = [SeatOption("human", device or "mouse")]
        free = [d for d in ("kb1", "kb2", "kb3", "kb4", "mouse") if d != device]
        for i in range(1, self.info.max_players):
            seats.append(SeatOption("bot", levels[0]) if levels else SeatOption("human", free[(i - 1) % len(free)]))
        return seats

    def _restore(self) -> None:
        """The last setup of this game, keeping only what still makes sense."""
        last: Any = self.app.settings.last_setup.get(self.info.key)
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

    def _seat_from_json(self, seat: Any) -> SeatOption | None:
        if not isinstance(seat, dict):
            return None
        kind, value = seat.get("kind"), seat.get("value")
        if kind == "bot" and value in self.info.bot_levels:
            return SeatOption("bot", value)
        if kind == "human" and isinstance(value, str) and (
                value in ("mouse", "kb1", "kb2", "kb3", "kb4") or value.startswith("pad")):
            return SeatOption("human", value)
        return None

    def remember(self) -> None:
        self.app.settings.last_setup[self.info.key] = {
            "players": self.players,
            "seats": [{"kind": s.kind, "value": s.value} for s in self.seats],
            "options": dict(self.options),
        }

    # -- the menu ---------------------------------------------------------------------------------

    def _seat_choices(self, seat: int) -> list[SeatOption]:
        choices = [SeatOption("human", d) for d in self._devices()]
        if self.seats[seat] not in choices and self.seats[seat].kind == "human":
            choices.append(self.seats[seat])     # an unplugged pad stays visible, marked
        choices += [SeatOption("bot", level) for level in self.info.bot_levels]
        return choices

    def _seat_text(self, option: SeatOption) -> str:
        if option.kind == "bot":
            return f"Bot · {option.value}"
        name = device_name(option.value)
        return name if option.value in self._devices() else f"{name} (unplugged)"

    def _seat_detail(self, seat: int) -> str:
        option = self.seats[seat]
        if option.kind == "bot":
            return "Plays by itself"
        return device_hint(option.value, self.app.settings.bindings)

    def _build(self) -> None:
        info = self.info
        items: list[Item] = [
            Choice("Players", choices=list(range(info.min_players, info.max_players + 1)),
                   index=self.players - info.min_players, on_change=self._set_players,
                   fmt=lambda n: f"{n} players", wrap=False, value_width=460, height=ROW),
            Gap(height=8),
        ]
        for seat in range(self.players):
            choices = self._seat_choices(seat)
            items.append(Choice(f"Seat {seat + 1} · {PLAYER_NAMES[seat]}", choices=choices,
                                index=choices.index(self.seats[seat]),
                                on_change=self._seat_setter(seat), fmt=self._seat_text,
                                detail=lambda s=seat: self._seat_detail(s),
                                chip=lambda s=seat: PLAYER_COLOURS[s], value_width=460,
                                height=SEAT_ROW_H))
        items.append(Gap(height=8))
        for opt in info.options:
            items.append(Choice(opt.label, choices=list(opt.choices),
                                index=list(opt.choices).index(self.options[opt.key]),
                                on_change=self._option_setter(opt.key),
                                fmt=lambda c: c.capitalize(), value_width=460, height=ROW))
        self.seed_field.value_width = 460
        self.seed_field.height = ROW
        items.append(self.seed_field)
        items.append(Gap(height=10))
        self.start_row = ButtonRow(buttons=[Button("Start game", self.start, primary=True),
                                            Button("Back", self.back)], height=ROW + 4)
        items.append(self.start_row)
        self.menu.set_items(items)

    def _set_players(self, n: int) -> None:
        self.players = n
        self._build()

    def _seat_setter(self, seat: int):
        def set_seat(option: SeatOption) -> None:
            self.seats[seat] = option
        return set_seat

    def _option_setter(self, key: str):
        def set_option(choice: str) -> None:
            self.options[key] = choice
        return set_option

    # -- starting ---------------------------------------------------------------------------------

    def start(self) -> None:
        connected = self._devices()
        for seat in self.seats[: self.players]:
            if seat.kind == "human" and seat.value not in connected:
                self.app.audio.play("error")
                self.app.toast(f"{device_name(seat.value)} is not connected.", "error")
                return
        seed = int(self.seed_field.text) if self.seed_field.text else secrets.randbelow(2**31 - 2) + 1
        plans = tuple(s.plan() for s in self.seats[: self.players])
        try:
            match = Match(self.info, self.players, dict(self.options), plans, seed,
                          **self.app.match_kwargs)
        except Exception as exc:  # noqa: BLE001  a game that cannot start says why; the menu stays
            self.app.audio.play("error")
            self.app.toast(f"Could not start {self.info.title}: {exc}", "error")
            return
        try:
            scene = self.info.load(self.info.scene_path)(self.app, match)
        except Exception as exc:  # noqa: BLE001
            match.close()
            self.app.audio.play("error")
            self.app.toast(f"Could not start {self.info.title}: {exc}", "error")
            return
        self.remember()
        self.app.save_settings()
        self.app.stack.replace(scene)

    # -- scene ------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        version = self._router_version()
        if version != self._devices_version:       # a gamepad came or went: refresh the seats
            self._devices_version = version
            self._build()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        self.backdrop.draw(surface)
        w = surface.get_width()
        draw_title(surface, fonts, self.info.title, (w // 2, 52), size=80)
        draw_text(surface, fonts, self.info.tagline, (w // 2, 102), colour=theme.TEXT_DIM,
                  anchor="center")
        draw_panel(surface, self.menu.rect.inflate(28, 24))
        self.menu.draw(surface, fonts)
        draw_hints(surface, fonts, "Left / Right change a row · number keys type a seed · "
                                   "Backspace back")
