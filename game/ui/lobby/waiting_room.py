"""The waiting room of a LAN game: who sits where, who is connected and ready, and the address to
share. The host starts the game (optionally filling open seats with bots) or closes the lobby; a
joined player says Ready or leaves. When the game starts, everyone goes on to the game scene.

Every network call is the facade's, in its own threads: this screen only reads its state each step.
"""
from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.core.bots import bot_label, level_name
from game.ui.lobby.lan import back_to_menu, shareable_address
from game.ui.lobby.lan_status import LanStatusScene, reconnecting_text
from game.ui.lobby.net_match import STOPPED_WAITING, NetMatch, reconnect_left, stop_waiting
from game.ui.lobby.ping_board import ping_text
from game.ui.lobby.seat_memory import SeatRejoin
from game.ui.play.game_screen import GameScreen
from game.ui.toolkit import theme
from game.ui.toolkit.drawing import Backdrop, draw_check, draw_hints, draw_panel, draw_text, draw_title
from game.ui.toolkit.menu_items import Button, ButtonRow, Choice
from game.ui.toolkit.seat_marks import draw_seat_chip
from game.ui.toolkit.theme import PLAYER_NAMES
from game.ui.toolkit.widgets import MenuScene

if TYPE_CHECKING:
    from game.definition import GameDef
    from game.ui.toolkit.app import App

log = logging.getLogger(__name__)

TABLE = pygame.Rect(190, 168, 900, 0)     # the seat table; its height follows the seats
ROW_H = 52
MENU_WIDTH = 620
WAIT = "stay open"                         # the fill choice that leaves open seats to players
# What a refusal or a lost connection says when the facade gives no words of its own.
DEFAULT_MESSAGES = {"refused": "The host did not let us join.",
                    "lost": "Lost the host.",
                    "over": "The game is over."}


class ActionRow(ButtonRow):
    """A ButtonRow whose dimmed buttons look unavailable (Start before everyone is ready)."""

    def draw(self, surface: pygame.Surface, fonts: Any, focused: bool) -> None:
        for i, (button, rect) in enumerate(zip(self.buttons, self._rects())):
            here = focused and i == self.index
            if button.dimmed:
                colour = theme.TEXT_FAINT
            else:
                colour = theme.TEXT if here else theme.TEXT_DIM
            if not here:
                edge = theme.mix(theme.ACCENT, theme.PANEL, 0.55) \
                    if button.primary and not button.dimmed else theme.PANEL_HI
                pygame.draw.rect(surface, edge, rect, 2, border_radius=theme.RADIUS)
            draw_text(surface, fonts, button.label, rect.center, colour=colour, anchor="center")


class WaitingRoom(MenuScene):
    def __init__(self, app: App, info: GameDef, lan: Any, *,
                 devices: Mapping[int, str] | Sequence[str] = (), host: bool,
                 where: str = "", rejoin: SeatRejoin | None = None) -> None:
        super().__init__(app)
        self.rejoin = rejoin
        self.info = info
        self.lan = lan
        self.is_host = host
        self.devices = devices
        self.where = where                 # the address a client joined, for the header
        self.backdrop = Backdrop()
        self.seats: list[Any] = []
        self.reason = ""
        self.can_start = False
        self._handed_over = False
        self._left = False
        self._build()
        self._poll()
        self._place_menu()

    # -- the menu ---------------------------------------------------------------------------------

    def _build(self) -> None:
        if self.is_host:
            levels = list(self.info.bot_levels)
            self.fill = Choice("Open seats", choices=[WAIT, *levels], index=0,
                               fmt=lambda v: "Wait for players" if v == WAIT else f"Fill with bots · {level_name(v)}",
                               value_width=360, height=theme.ROW_H)
            self.start_button = Button("Start game", self.start, primary=True)
            self.row = ActionRow(buttons=[self.start_button, Button("Close lobby", self.back)],
                                 height=theme.ROW_H + 4)
            items = [self.fill, self.row] if levels else [self.row]
        else:
            self.ready_button = Button("I'm ready", self.toggle_ready, primary=True)
            self.leave_button = Button("Leave", self.back)
            self.row = ActionRow(buttons=[self.ready_button, self.leave_button],
                                 height=theme.ROW_H + 4)
            items = [self.row]
        self.menu.set_items(items)
        self.menu.focus_on(self.row)

    def _place_menu(self) -> None:
        top = TABLE.y + 56 + ROW_H * max(1, len(self.seats)) + 50
        self.menu.place(((self.app.size[0] - MENU_WIDTH) // 2, top), MENU_WIDTH)

    # -- reading the facade -----------------------------------------------------------------------

    @property
    def state(self) -> str:
        return "lobby" if self.is_host else str(getattr(self.lan, "state", "lobby"))

    def _poll(self) -> None:
        try:
            seats = list(self.lan.seats())
        except Exception:  # no table yet (still connecting)
            log.debug("no table yet", exc_info=True)
            seats = []
        if len(seats) != len(self.seats):
            self.seats = seats
            self._place_menu()
        self.seats = seats
        if self.is_host:
            try:
                self.can_start, self.reason = self.lan.can_start()
            except Exception as exc:
                log.warning("could not ask whether the table can start", exc_info=True)
                self.can_start, self.reason = False, str(exc)
            if not self.can_start and self._fill_level() and self._only_open_seats_missing():
                self.can_start, self.reason = True, "Open seats will get bots"
            self.start_button.dimmed = not self.can_start
        else:
            self.ready_button.label = "Not ready" if self._ready() else "I'm ready"
            self.ready_button.dimmed = self.state != "lobby"
            # while the host is out of reach, leaving keeps the seat: "Stop waiting"
            waiting = self.state == "reconnecting"
            self.leave_button.label = "Stop waiting" if waiting else "Leave"
            self.leave_button.on_select = self.stop_waiting if waiting else self.back

    def _fill_level(self) -> str | None:
        value = self.fill.value if self.is_host and self.info.bot_levels else WAIT
        return None if value == WAIT else value

    def _only_open_seats_missing(self) -> bool:
        """Everyone seated is connected and ready: only open seats hold the start back."""
        taken = [s for s in self.seats if s.kind != "open"]
        return (any(s.kind == "open" for s in self.seats)
                and all(s.connected and (s.ready or s.mine or s.kind == "bot") for s in taken))

    def _mine(self) -> list[Any]:
        return [s for s in self.seats if s.mine]

    def _ready(self) -> bool:
        """What this client last said (the facade knows it before the host's table echoes it, so
        two quick presses toggle twice rather than say the same thing twice)."""
        said = getattr(self.lan, "ready", None)
        if isinstance(said, bool):
            return said
        mine = self._mine()
        return bool(mine) and all(s.ready for s in mine)

    # -- actions ----------------------------------------------------------------------------------

    def start(self) -> None:
        if not self.can_start:
            self.app.audio.play("error")
            self.app.toast(self.reason or "Not everyone is ready yet.", "error")
            return
        try:
            self.lan.start(fill_open_with=self._fill_level())
        except Exception as exc:  # e.g. a player left in the same instant
            log.warning("could not start the game", exc_info=True)
            self.app.audio.play("error")
            self.app.toast(f"Could not start: {exc}", "error")
            return
        self.app.audio.play("click")
        self._enter_game()

    def toggle_ready(self) -> None:
        if self.state != "lobby":
            return
        try:
            self.lan.set_ready(not self._ready())
        except Exception as exc:
            log.warning("could not tell the host whether we are ready", exc_info=True)
            self.app.toast(f"Could not tell the host: {exc}", "error")

    def stop_waiting(self) -> None:
        """The host is out of reach: back to the main menu, the seat kept for a rejoin."""
        if self.state != "reconnecting":
            self.back()
            return
        self._stop_waiting()

    def _stop_waiting(self) -> None:
        self._left = True
        stop_waiting(self.lan)
        back_to_menu(self.app, STOPPED_WAITING, "info")

    def back(self) -> None:
        if not self.is_host and self.state == "reconnecting":
            self._stop_waiting()        # not a leaving on purpose: the seat stays ours
            return
        if self.rejoin is not None:     # leaving on purpose gives the seat up (the host frees it)
            self.rejoin.memory.forget(self.rejoin.address, self.rejoin.game)
        self._close()
        self.app.stack.remove(self)

    def _close(self) -> None:
        if self._left or self._handed_over:
            return
        self._left = True
        try:
            self.lan.close()
        except Exception:  # leaving is best effort; the host notices the silence
            log.info("closing the connection failed (best effort)", exc_info=True)

    def on_exit(self) -> None:
        self._close()       # however this screen goes (reset, quit), the connection goes with it

    # -- the loop ---------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self._left or self._handed_over:
            return
        if self.rejoin is not None:
            fresh = self.rejoin.follow(self.lan)
            if fresh is not None:
                self.lan = fresh
                return
        state = self.state
        if state in DEFAULT_MESSAGES:
            message = getattr(self.lan, "message", "") or DEFAULT_MESSAGES[state]
            self._close()
            back_to_menu(self.app, message)
            return
        self._poll()
        self._toast_notices()
        started = bool(getattr(self.lan, "started", False)) if self.is_host else state == "playing"
        if started:
            self._enter_game()

    def _toast_notices(self) -> None:
        notices = getattr(self.lan, "notices", None)
        if notices is None:
            return
        try:
            for text in notices():
                self.app.toast(str(text))
        except Exception:
            log.warning("could not read the notices", exc_info=True)

    def _enter_game(self) -> None:
        """Into the game once this client has the table's first view (it may be a step behind)."""
        if self._handed_over:
            return
        try:
            session = self.lan.session()
            session.view(None)
        except Exception:  # not there yet: the next step tries again
            log.debug("the first view is not here yet", exc_info=True)
            return
        match = None
        try:
            match = NetMatch(self.app, self.info, self.lan, self.devices, host=self.is_host,
                             **self.app.match_kwargs)
            match.rejoin = self.rejoin
            match.where = self.where
            scene = self.app.nav.game_scene(self.app, match)
        except Exception as exc:  # the game cannot show: say so and leave cleanly
            log.exception("the game scene could not open")
            if match is not None:
                match.close()
            else:
                self._close()
            self._handed_over = True
            back_to_menu(self.app, f"Could not start {self.info.title}: {exc}")
            return
        self._handed_over = True     # the match owns the connection from here on
        self.app.nav.main_menu(self.app)
        self.app.push(scene)
        self.app.push(LanStatusScene(self.app, match, scene if isinstance(scene, GameScreen) else None))

    # -- drawing ----------------------------------------------------------------------------------

    def header(self) -> tuple[str, str]:
        """The two lines under the title: where others join, and what happens next."""
        if self.is_host:
            try:
                share = shareable_address(tuple(self.lan.address))
            except Exception:
                log.warning("no address to share", exc_info=True)
                share = ""
            first = f"Others can join at {share}" if share else "Others can join from this network"
            return first, self.reason or ("Everyone is here: start when you like" if self.can_start
                                          else "Waiting for players")
        where = f" at {self.where}" if self.where else ""
        state = self.state
        if state == "connecting":
            return f"Connecting to the host{where}…", "This takes a moment"
        if state == "reconnecting":
            left = reconnect_left(self.lan)
            first = reconnecting_text(left)
            if where:
                first = first.replace("host…", f"host{where}…")
            return first, "Hold on: your seat is kept (or Stop waiting, and join again later)"
        ping = getattr(self.lan, "ping_ms", None)
        ping_line = f" · ping {ping_text(ping)}" if isinstance(ping, (int, float)) else ""
        return (f"Joined the table{where}{ping_line}",
                "The host starts when everyone is ready" if self._ready()
                else "Say you are ready when you are")

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        self.backdrop.draw(surface)
        w = surface.get_width()
        draw_title(surface, fonts, self.info.title, (w // 2, 50), size=80)
        first, second = self.header()
        draw_text(surface, fonts, first, (w // 2, 104), colour=theme.ACCENT if self.is_host
                  else theme.TEXT, anchor="center")
        draw_text(surface, fonts, second, (w // 2, 138), size=theme.SMALL, colour=theme.TEXT_DIM,
                  anchor="center")
        self._draw_table(surface)
        draw_panel(surface, self.menu.rect.inflate(28, 24))
        self.menu.draw(surface, fonts)
        if self.is_host:
            hint = "Left / Right change a row · Select starts · Backspace closes the lobby"
        elif self.state == "reconnecting":
            hint = "Backspace stops waiting: your seat is kept, join the table again to take it"
        else:
            hint = "Select to say you are ready · Backspace leaves"
        draw_hints(surface, fonts, hint)

    def _draw_table(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        rows = max(1, len(self.seats))
        table = pygame.Rect(TABLE.x, TABLE.y, TABLE.width, 56 + ROW_H * rows + 14)
        draw_panel(surface, table)
        x = table.x + 28
        heads = (("Seat", x), ("Player", x + 200), ("Plays as", x + 440), ("Link", x + 640),
                 ("Ready", x + 790))
        for text, hx in heads:
            draw_text(surface, fonts, text.upper(), (hx, table.y + 20), size=theme.TINY,
                      colour=theme.ACCENT)
        if not self.seats:
            draw_text(surface, fonts, "Waiting for the host's table…", (x, table.y + 66),
                      colour=theme.TEXT_DIM)
            return
        for i, seat in enumerate(self.seats):
            y = table.y + 52 + i * ROW_H
            row = pygame.Rect(table.x + 10, y, table.width - 20, ROW_H - 6)
            if seat.mine:
                pygame.draw.rect(surface, theme.PANEL_HI, row, border_radius=8)
            index = getattr(seat, "index", i)
            colour = theme.seat_text(index)
            draw_seat_chip(surface, index, (x + 10, row.centery), 13)
            draw_text(surface, fonts, PLAYER_NAMES[index % len(PLAYER_NAMES)], (x + 32, row.centery),
                      colour=colour, bold=True, anchor="midleft")
            self._draw_seat(surface, seat, x, row)

    def _draw_seat(self, surface: pygame.Surface, seat: Any, x: int, row: pygame.Rect) -> None:
        fonts = self.app.fonts
        cy = row.centery
        if seat.kind == "open":
            draw_text(surface, fonts, "Open: waiting for a player", (x + 200, cy),
                      colour=theme.TEXT_FAINT, anchor="midleft")
            return
        name = seat.name or ("Bot" if seat.kind == "bot" else "Player")
        if seat.mine and seat.kind != "bot":
            name += " (you)"
        draw_text(surface, fonts, name, (x + 200, cy), colour=theme.TEXT, anchor="midleft")
        if seat.kind == "bot":
            plays = bot_label(seat.level)
        elif seat.mine:
            plays = "This screen"
        else:
            plays = "Over the LAN"
        draw_text(surface, fonts, plays, (x + 440, cy), size=theme.SMALL, colour=theme.TEXT_DIM,
                  anchor="midleft")
        linked = seat.connected
        dot = theme.GOOD if linked else theme.BAD
        pygame.draw.circle(surface, dot, (x + 650, cy), 7)
        draw_text(surface, fonts, "connected" if linked else "away", (x + 666, cy),
                  size=theme.SMALL, colour=theme.TEXT_DIM, anchor="midleft")
        if seat.ready or seat.kind == "bot":
            draw_check(surface, (x + 814, cy), theme.GOOD)
        else:
            draw_text(surface, fonts, "not yet", (x + 790, cy), size=theme.SMALL,
                      colour=theme.TEXT_FAINT, anchor="midleft")
