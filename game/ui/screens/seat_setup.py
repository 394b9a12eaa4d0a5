"""What the couch setup (setup.GameSetup) and the LAN host setup (lobby_host.HostSetup) share: how
many play, who sits in each seat (a human on a device, or a bot; the host adds open seats), the
game's options, remembering the last setup of each game, and refreshing the seats when a gamepad
comes or goes. Each screen adds its own rows, its start button and its own kinds of seat."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import pygame

from game.core.bots import LEVEL_HINTS, bot_label
from game.ui.toolkit import theme
from game.ui.toolkit.drawing import Backdrop, draw_hints, draw_panel, draw_text, draw_title
from game.ui.toolkit.input import device_hint, device_name
from game.ui.toolkit.menu_items import Button, ButtonRow, Choice, Gap, Item
from game.ui.toolkit.theme import PLAYER_NAMES
from game.ui.toolkit.widgets import MenuScene

if TYPE_CHECKING:
    from game.definition import GameDef, Option
    from game.ui.toolkit.app import App

SEAT_ROW_H = 54
MIN_SEAT_ROW_H = 46        # still room for a seat's value and the line under it
ROW = 42
VALUE_W = 460
# The devices every computer has; gamepads come and go as "pad<n>".
KNOWN_DEVICES = ("mouse", "kb1", "kb2", "kb3", "kb4")


@dataclass(frozen=True)
class SeatOptionBase:
    """One value of a seat's selector. Each screen subclasses it (dataclass equality compares the
    class, so the two screens' options never mix)."""

    kind: str        # "human" or "bot"; a screen may add its own kinds
    value: str = ""  # the device, or the bot level


SeatT = TypeVar("SeatT", bound=SeatOptionBase)


class SeatSetupScene(MenuScene, Generic[SeatT]):
    """Subclasses set `seat_type` and `hints`, and end their __init__ with `_reset_game()` then
    `_show()`: only then do the rows that `_restore_extra` and `_build` use exist."""

    seat_type: type[SeatT]
    hints: ClassVar[str]
    save_prefix: ClassVar[str] = ""        # keeps this screen's setup apart in settings.last_setup
    human_prefix: ClassVar[str] = ""       # before a device's name in a seat's selector
    bot_where: ClassVar[str] = ""          # after a bot level's hint: where the bot runs, when it matters

    players: int
    seats: list[SeatT]
    options: dict[str, str]
    start_row: ButtonRow

    def __init__(self, app: App, info: GameDef, *, device: str) -> None:
        super().__init__(app)
        self.info = info
        self.device = device            # the device that opened this screen plays the first seat
        self.backdrop = Backdrop()

    def _show(self, topleft: tuple[int, int], width: int, height: int) -> None:
        self._devices_version = self._router_version()
        self.menu.place(topleft, width, height)
        self._build()
        self.menu.focus_on(self.start_row)

    # -- hooks ------------------------------------------------------------------------------------

    def _default_players(self) -> int:
        return self.info.min_players

    def _default_seats(self) -> list[SeatT]:
        raise NotImplementedError

    def _restore_extra(self, last: dict[str, Any]) -> None:
        """Restore what this screen saves besides players, seats and options."""

    def _head_items(self) -> list[Item]:
        """Rows above "Players"."""
        return []

    def _tail_items(self) -> list[Item]:
        """Rows after the game's options."""
        return []

    def _start_button(self) -> Button:
        raise NotImplementedError

    def _titles(self) -> tuple[str, str]:
        """The title and the line under it."""
        raise NotImplementedError

    # -- state ------------------------------------------------------------------------------------

    def _devices(self) -> list[str]:
        devices = getattr(self.app.inputs, "devices", None)
        return devices() if devices else list(KNOWN_DEVICES)

    def _router_version(self) -> int:
        return getattr(self.app.inputs, "version", 0)

    def _save_key(self) -> str:
        return self.save_prefix + self.info.key

    def _reset_game(self) -> None:
        self.players = self._default_players()
        self.seats = self._default_seats()
        self.options = {o.key: o.default for o in self.info.options}
        self._restore()

    def _restore(self) -> None:
        """The last setup of this game, keeping only what still makes sense."""
        last: Any = self.app.settings.last_setup.get(self._save_key())
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
        self._restore_extra(last)

    def _seat_from_json(self, seat: Any) -> SeatT | None:
        if not isinstance(seat, dict):
            return None
        kind, value = seat.get("kind"), seat.get("value")
        if kind == "bot" and value in self.info.bot_levels:
            return self.seat_type("bot", value)
        if kind == "human" and isinstance(value, str) and (
                value in KNOWN_DEVICES or value.startswith("pad")):
            return self.seat_type("human", value)
        return None

    def _remember(self, **extra: Any) -> None:
        """Save this setup; `extra` is what the screen keeps besides players, seats and options."""
        self.app.settings.last_setup[self._save_key()] = {
            "players": self.players,
            "seats": [{"kind": s.kind, "value": s.value} for s in self.seats],
            "options": dict(self.options),
            **extra,
        }

    # -- the menu ---------------------------------------------------------------------------------

    def _seat_choices(self, seat: int) -> list[SeatT]:
        choices = [self.seat_type("human", d) for d in self._devices()]
        if self.seats[seat] not in choices and self.seats[seat].kind == "human":
            choices.append(self.seats[seat])     # an unplugged pad stays visible, marked
        choices += [self.seat_type("bot", level) for level in self.info.bot_levels]
        return choices

    def _seat_text(self, option: SeatT) -> str:
        if option.kind == "bot":
            return bot_label(option.value)
        name = self.human_prefix + device_name(option.value)
        return name if option.value in self._devices() else f"{name} (unplugged)"

    def _seat_detail(self, seat: int) -> str:
        option = self.seats[seat]
        if option.kind == "bot":
            return LEVEL_HINTS.get(option.value, "Plays by itself") + self.bot_where
        return device_hint(option.value, self.app.settings.bindings, self.info.action_name)

    def _build(self) -> None:
        info = self.info
        items: list[Item] = [
            *self._head_items(),
            Choice("Players", choices=list(range(info.min_players, info.max_players + 1)),
                   index=self.players - info.min_players, on_change=self._set_players,
                   fmt=_players_text, wrap=False, value_width=VALUE_W, height=ROW),
            Gap(height=8),
        ]
        for seat in range(self.players):
            choices = self._seat_choices(seat)
            items.append(Choice(f"Seat {seat + 1} · {PLAYER_NAMES[seat]}", choices=choices,
                                index=choices.index(self.seats[seat]),
                                on_change=self._seat_setter(seat), fmt=self._seat_text,
                                detail=self._seat_detail_of(seat),
                                chip=self._seat_of(seat), value_width=VALUE_W,
                                height=SEAT_ROW_H))
        items.append(Gap(height=8))
        for opt in info.options:
            items.append(Choice(opt.label, choices=list(opt.choices),
                                index=list(opt.choices).index(self.options[opt.key]),
                                on_change=self._option_setter(opt.key),
                                detail=self._option_note(opt) if opt.notes else None,
                                fmt=opt.label_of, value_width=VALUE_W,
                                active=None if opt.only_when is None else self._applies(opt),
                                inactive_note=self._only_when_note(opt),
                                height=SEAT_ROW_H if opt.notes or opt.only_when else ROW))
        items += self._tail_items()
        items.append(Gap(height=10))
        self.start_row = ButtonRow(buttons=[self._start_button(), Button("How to play", self.how_to_play),
                                            Button("Back", self.back)], height=ROW + 4)
        items.append(self.start_row)
        self._fit_rows(items)
        self.menu.set_items(items)

    def _fit_rows(self, items: list[Item]) -> None:
        """Many seats make the seat rows shorter, down to MIN_SEAT_ROW_H, so the whole setup shows
        without scrolling (a scrolled-off row is a row the player does not see)."""
        if self.menu.height is None:
            return
        spacing = self.menu.spacing * max(0, len(items) - 1)
        overflow = sum(i.height for i in items) + spacing - self.menu.height
        rows = [i for i in items if i.height == SEAT_ROW_H]
        if overflow <= 0 or not rows:
            return
        shrink = -(-overflow // len(rows))
        for row in rows:
            row.height = max(MIN_SEAT_ROW_H, row.height - shrink)

    def how_to_play(self) -> None:
        self.app.nav.rules(self.app, self.info)

    def _seat_detail_of(self, seat: int) -> Callable[[], str]:
        return lambda: self._seat_detail(seat)

    @staticmethod
    def _seat_of(seat: int) -> Callable[[], int]:
        return lambda: seat

    def _applies(self, option: Option) -> Callable[[], bool]:
        """Whether `option` means anything with the choices made now (else its row is greyed)."""
        return lambda: option.applies(self.options)

    def _only_when_note(self, option: Option) -> str:
        """Why a greyed-out option means nothing now: "only with Country: Preset shape"."""
        if option.only_when is None:
            return ""
        key, choice = option.only_when
        other = next((o for o in self.info.options if o.key == key), None)
        if other is None:
            return ""
        return f"only with {other.label}: {other.label_of(choice)}"

    def _option_note(self, option: Option) -> Callable[[], str]:
        """The line under an option: what its current choice means."""
        return lambda: option.notes.get(self.options[option.key], "")

    def _set_players(self, n: int) -> None:
        self.players = n
        self._build()

    def _seat_setter(self, seat: int) -> Callable[[SeatT], None]:
        def set_seat(option: SeatT) -> None:
            self.seats[seat] = option
        return set_seat

    def _option_setter(self, key: str) -> Callable[[str], None]:
        def set_option(choice: str) -> None:
            self.options[key] = choice
        return set_option

    # -- starting ---------------------------------------------------------------------------------

    def _fail(self, text: str) -> None:
        self.app.audio.play("error")
        self.app.toast(text, "error")

    def _devices_ready(self) -> bool:
        """Whether every seat played here has its device plugged in; if not, says which."""
        connected = self._devices()
        for seat in self.seats[: self.players]:
            if seat.kind == "human" and seat.value not in connected:
                self._fail(f"{device_name(seat.value)} is not connected.")
                return False
        return True

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
        title, subtitle = self._titles()
        draw_title(surface, fonts, title, (w // 2, 52), size=80)
        draw_text(surface, fonts, subtitle, (w // 2, 102), colour=theme.TEXT_DIM, anchor="center")
        draw_panel(surface, self.menu.rect.inflate(28, 24))
        self.menu.draw(surface, fonts)
        draw_hints(surface, fonts, self.hints)


def _players_text(n: int) -> str:
    return "1 player (solo)" if n == 1 else f"{n} players"
