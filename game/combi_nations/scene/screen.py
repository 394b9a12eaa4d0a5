"""The Combi-Nations game screen: the market ring with its tiles, arrows and the five stacks on the left,
the country of the player to move large in the middle, the other countries small on the right, the
prompt, the hints and the score sheet.

Built from the shared game-screen parts (game.ui.play): the layout (layout.py), what each seat's
focus may rest on and what Select does there (controls.py), how each event is shown (presenters.py),
and the drawing (ring.py, lands.py, panels.py, hex_draw.py, score_sheet.py). It draws the shown view
(the table as far as the animations have got) and reads the truth only for what a press does.

Besides the focus: the Action key, the mouse wheel and the Turn tile button turn the tile; Tab (or
the Scores button) shows the score sheet as it stands, and at the end it opens by itself; while it
is open its lines are what the focus moves over, and Select, Back or a click beside it closes it.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from game.core.session import Step
from game.ui.play.focus import Focusable, Key
from game.ui.play.game_screen import GameScreen
from game.ui.toolkit import theme
from game.ui.toolkit.effects import Chain
from game.ui.toolkit.input import Press

from ..country import Entries, country_from_view
from ..scoring import ScoreSheet, score_all
from ..view import BUILD, CombiView
from .controls import CombiControls, sheet_key
from .hex_draw import draw_tile
from .lands import LandsPainter
from .layout import HexView, Layout, build_area
from .panels import Panels
from .presenters import CombiPresenters
from .ring import RingPainter
from .score_sheet import draw_sheet

if TYPE_CHECKING:
    from game.ui.play.match import Match
    from game.ui.toolkit.app import App

BOT_SHEET_TIME = 4.0       # a bots-only game's final sheet stays this long before the results
CACHE_LIMIT = 300
T = TypeVar("T")


class CombiNationsScene(GameScreen[CombiView]):
    layout: Layout
    LOG_LINES = 2          # the moves the hints panel has room for
    FOCUS_ACROSS = 1.6     # below √3: a step down on the hexes is the next row, not the one after

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.layout = Layout()
        self.controls = CombiControls(self, self.layout)
        self.presenters = CombiPresenters(self)
        self.ring = RingPainter(self)
        self.lands = LandsPainter(self)
        self.panels = Panels(self)
        self.sheet_open = False
        self._before_sheet: dict[int, Key | None] = {}     # where each focus was when the sheet opened
        self.sheet_age = 0.0
        self.final_sheet_shown = False
        self._fits: dict[Hashable, HexView] = {}
        self._sprites: dict[tuple[int, int], pygame.Surface] = {}
        self._scored: tuple[CombiView | None, list[ScoreSheet]] = (None, [])
        for seat in self.human_seats():
            key = self.controls.landing(seat)
            if key is not None:
                self.input.put(seat, key)

    # -- reading the game ------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.view.players

    def actor(self) -> int | None:
        """The local player to act, when the screen shows their view (every seat's view is the same
        here, unless a curtain hides it)."""
        seat = self.acting_human()
        return seat if seat is not None and self.curtain_seat is None else None

    def focus_seat(self) -> int | None:
        """The seat whose focus the prompt reads out: the player to act, else the first drawn."""
        actor = self.actor()
        if actor is not None:
            return actor
        drawn = self.input.drawn_seats()
        return drawn[0] if drawn else None

    def big_seat(self, view: CombiView) -> int:
        """The country drawn large: the player to move's (once over, the viewer's or the first)."""
        if 0 <= view.turn < view.players:
            return view.turn
        return self.viewer if self.viewer is not None else 0

    def hidden(self) -> frozenset[Any]:
        """What an animation draws itself right now (the table leaves it out)."""
        return self.anim.hides if isinstance(self.anim, Chain) else frozenset()

    def _fit(self, key: Hashable, make: Callable[[], HexView]) -> HexView:
        found = self._fits.get(key)
        if found is None:
            if len(self._fits) > CACHE_LIMIT:
                self._fits.clear()
            found = self._fits[key] = make()
        return found

    def country_view(self, seat: int, view: CombiView) -> HexView:
        """Where `seat`'s country of `view` is drawn large (while building: with room round it)."""
        entries = view.countries[seat]
        building = view.phase == BUILD
        hexes = [(q, r) for q, r, _c, _t in entries]
        return self._fit(("big", entries, building),
                         lambda: self.layout.big_view(build_area(hexes) if building else hexes))

    def side_view(self, index: int, count: int, entries: Entries) -> HexView:
        card = self.layout.side_card(index, count)
        return self._fit(("side", index, count, entries),
                         lambda: self.layout.side_view(card, [(q, r) for q, r, _c, _t in entries]))

    def sheets(self) -> list[ScoreSheet]:
        """Every country's score sheet as the table shows it."""
        shown = self.shown
        if self._scored[0] is not shown:
            self._scored = (shown, score_all([country_from_view(c) for c in shown.countries], solo=shown.solo,
                                             flat=shown.flat))
        return self._scored[1]

    def shown_scores(self) -> list[int]:
        return [sheet.total for sheet in self.sheets()]

    # -- the game-screen hooks -------------------------------------------------------------------
    def targets(self, seat: int) -> Sequence[Focusable]:
        return self.controls.targets(seat)

    def focusables(self, seat: int) -> Sequence[Focusable]:
        # the controls keep their own copy, made again when the truth, the tile's turning or the SAND
        # kind changes; the turning changes without a press too (the wheel, where a focus lands)
        return self.controls.targets(seat)

    def landing(self, seat: int, step: Step) -> Key | None:
        key = self.controls.landing(seat, step)
        if not self.sheet_open:
            return key
        if key is not None:
            self._before_sheet[seat] = key      # where it goes once the sheet is closed
        return None

    def action_button(self, seat: int, target: Focusable | None, press: Press) -> None:
        self.controls.action_button(seat)

    def back(self, seat: int) -> bool:
        return self.controls.back(seat)

    def handle_game(self, press: Press) -> bool:
        taken = super().handle_game(press)
        if self.sheet_open and not taken and press.button in ("select", "back", "slap"):
            self.close_sheet()        # a click beside the sheet
            return True
        seat = self.seat_for(press.device)
        if seat is not None:
            self.controls.remember(seat)
        return taken

    def update_game(self, dt: float) -> None:
        if self.sheet_open:
            self.sheet_age += dt
        elif not self.final_sheet_shown and not self.busy() and self.session.outcome() is not None:
            # the end reached without its event seen here (a scene opened on a finished game)
            self.open_final_sheet()

    def effects_running(self) -> bool:
        if not self.sheet_open:
            return False
        # the final sheet waits for a local player to close it (a bots-only game moves on by itself)
        return bool(self.policy.humans) or self.sheet_age < BOT_SHEET_TIME

    def seat_rect(self, seat: int) -> pygame.Rect:
        big = self.big_seat(self.shown)
        others = [s for s in range(self.players) if s != big]
        if seat in others:
            return self.layout.side_card(others.index(seat), len(others))
        return self.layout.country_rect

    # -- sprites for the effects (game.ui.toolkit.effects.Sprites) -----------------------------------
    def sprite(self, key: Any, size: int) -> pygame.Surface:
        """A LAND tile (key ("tile", id)) drawn with hexes `size` across their corners' radius."""
        size = max(4, size)
        found = self._sprites.get((key[1], size))
        if found is None:
            if len(self._sprites) > CACHE_LIMIT:
                self._sprites.clear()
            side = 6 * size + 4
            found = pygame.Surface((side, side), pygame.SRCALPHA)
            draw_tile(found, key[1], (side / 2, side / 2), size)
            self._sprites[(key[1], size)] = found
        return found

    def flipped(self, key: Any, size: int, width: int) -> pygame.Surface:
        return self.sprite(key, size)

    # -- the score sheet -------------------------------------------------------------------------
    def open_sheet(self) -> None:
        """The sheet over the table; each local player's focus moves onto its own column's first line."""
        if self.sheet_open:
            return
        self.sheet_open, self.sheet_age = True, 0.0
        for seat in self.human_seats():
            self._before_sheet[seat] = self.input.of(seat).key
            self.input.put(seat, sheet_key(seat if seat < self.players else 0, 0))

    def close_sheet(self) -> None:
        self.sheet_open = False
        self.app.audio.play("click")
        for seat, key in self._before_sheet.items():
            if key is not None:
                self.input.put(seat, key)
        self._before_sheet.clear()

    def toggle_sheet(self) -> None:
        if self.sheet_open:
            self.close_sheet()
        else:
            self.open_sheet()
            self.app.audio.play("click")

    def open_final_sheet(self) -> None:
        self.final_sheet_shown = True
        self.open_sheet()

    def handle(self, press: Press) -> bool:
        if self.sheet_open and self.session.outcome() is not None and press.button != "pause":
            self.handle_game(press)       # the final sheet: read it, then any press goes on to the results
            return True
        return super().handle(press)

    # -- raw input: Tab, the wheel, the pointer --------------------------------------------------
    def handle_raw(self, event: pygame.event.Event) -> bool:
        if super().handle_raw(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and self.session.outcome() is None:
            self.toggle_sheet()
            return True
        if event.type == pygame.MOUSEWHEEL and self.pointer is not None and not self.sheet_open:
            seat = self.mouse_seat()
            if seat is not None and self.controls.holds_tile(seat):
                self.controls.rotate(seat, -1 if event.y > 0 else 1)
                return True
        return False

    def pointer_moved(self, pos: tuple[int, int]) -> None:
        super().pointer_moved(pos)
        seat = self.mouse_seat()
        if seat is not None:
            self.controls.remember(seat)

    # -- drawing ---------------------------------------------------------------------------------
    def draw_game(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.BG)
        self.panels.draw_caption(surface)
        self.ring.draw(surface)
        self.lands.big(surface, alpha)
        self.lands.others(surface)
        self.panels.draw_prompt(surface)
        self.panels.draw_hints(surface)
        if isinstance(self.anim, Chain):
            self.anim.draw(surface, alpha, self)
        if self.sheet_open:
            self._draw_sheet(surface)
        self.draw_focuses(surface)

    def draw_messages(self, surface: pygame.Surface) -> None:
        if self.sheet_open:
            # the sheet's title says who won: no banner over its lines
            self.messages.draw(surface, self.app.fonts, self.app.now(), self.message_anchor())
            return
        super().draw_messages(surface)

    def _draw_sheet(self, surface: pygame.Surface) -> None:
        over = self.session.outcome() is not None
        names = [self.seat_name(s) for s in range(self.players)]
        title = f"Final score sheet: {self.winner_text()}" if over else "Score sheet: as it stands"
        if over:
            foot = "Arrows: read each line's reason · select or click to go on to the results"
        else:
            foot = "Arrows: read each line's reason · select, Tab or back to close"
        seat = self.focus_seat()
        key = self.input.of(seat).key if seat is not None else None
        focused = (int(key[1]), int(key[2])) if isinstance(key, tuple) and key[:1] == ("sheet",) else None
        draw_sheet(surface, self.layout.sheet_rect, self.text, self.sheets(), names, title, foot, focused)
