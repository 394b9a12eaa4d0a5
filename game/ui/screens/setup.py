"""Setting up a game: how many play, who sits where (a human on a device, or a bot), the game's
options and an optional seed. The last setup of each game is remembered in the settings."""
from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING

from game.ui.play.match import Match, SeatPlan
from game.ui.screens.seat_setup import ROW, VALUE_W, SeatOptionBase, SeatSetupScene
from game.ui.toolkit.menu_items import Button, DigitField, Item

if TYPE_CHECKING:
    from game.definition import GameDef
    from game.ui.toolkit.app import App

log = logging.getLogger(__name__)

MENU_LEFT, MENU_TOP, MENU_WIDTH, MENU_HEIGHT = 170, 142, 940, 520
MAX_SEED_DIGITS = 9       # keeps every typed seed below 2**31


class SeatOption(SeatOptionBase):
    """One value of a seat's selector: "human" on a device, or "bot" at a level."""

    def plan(self) -> SeatPlan:
        return SeatPlan("human", device=self.value) if self.kind == "human" \
            else SeatPlan("bot", level=self.value)


class GameSetup(SeatSetupScene[SeatOption]):
    seat_type = SeatOption
    hints = "Left / Right change a row · number keys type a seed · Backspace back"

    def __init__(self, app: App, info: GameDef, *, device: str = "mouse") -> None:
        super().__init__(app, info, device=device)
        self.seed_field = DigitField("Seed", max_len=MAX_SEED_DIGITS, placeholder="random",
                                     value_width=VALUE_W, height=ROW)
        self._reset_game()
        self._show((MENU_LEFT, MENU_TOP), MENU_WIDTH, MENU_HEIGHT)

    def _default_seats(self) -> list[SeatOption]:
        levels = self.info.bot_levels
        seats = [SeatOption("human", self.device or "mouse")]
        free = [d for d in ("kb1", "kb2", "kb3", "kb4", "mouse") if d != self.device]
        for i in range(1, self.info.max_players):
            seats.append(SeatOption("bot", levels[0]) if levels else SeatOption("human", free[(i - 1) % len(free)]))
        return seats

    def remember(self) -> None:
        self._remember()

    def _tail_items(self) -> list[Item]:
        return [self.seed_field]

    def _start_button(self) -> Button:
        return Button("Start game", self.start, primary=True)

    def _titles(self) -> tuple[str, str]:
        return self.info.title, self.info.tagline

    def start(self) -> None:
        if not self._devices_ready():
            return
        seed = int(self.seed_field.text) if self.seed_field.text else secrets.randbelow(2**31 - 2) + 1
        plans = tuple(s.plan() for s in self.seats[: self.players])
        try:
            match = Match(self.info, self.players, dict(self.options), plans, seed,
                          seed_chosen=bool(self.seed_field.text), **self.app.match_kwargs)
        except Exception as exc:  # a game that cannot start says why; the menu stays
            log.exception("could not start %s", self.info.title)
            self._fail(f"Could not start {self.info.title}: {exc}")
            return
        try:
            scene = self.app.nav.game_scene(self.app, match)
        except Exception as exc:
            log.exception("could not open the scene of %s", self.info.title)
            match.close()
            self._fail(f"Could not start {self.info.title}: {exc}")
            return
        self.remember()
        self.app.save_settings()
        self.app.stack.replace(scene)
