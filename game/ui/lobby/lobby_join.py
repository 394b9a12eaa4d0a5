"""Joining a LAN game: the games found on this network (live, from net.discovery's Browser), or an
address typed by hand, and who plays at this computer on which device. Join connects in the
background and opens the waiting room.

Discovery may be missing (no network, multicast blocked): the screen says so and joining by
address still works. The Browser starts and stops on threads of its own, as both may wait on the
network for a few seconds; the frame loop only reads its thread-safe entries().
"""
from __future__ import annotations

import functools
import logging
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.lobby.lan import MAX_NAME, LanUnavailable, backend, default_name, game_for_key, lan_games, remember_name
from game.ui.lobby.ping_board import PingBoard, ping_text
from game.ui.lobby.seat_memory import seat_memory_for
from game.ui.lobby.waiting_room import SeatRejoin, WaitingRoom
from game.ui.toolkit import theme
from game.ui.toolkit.drawing import Backdrop, draw_hints, draw_panel, draw_text, draw_title
from game.ui.toolkit.input import Press, device_hint, device_name
from game.ui.toolkit.menu_items import Button, ButtonRow, Choice, Heading, Item, run
from game.ui.toolkit.text_field import TextField, TextInputSwitch
from game.ui.toolkit.theme import Fonts
from game.ui.toolkit.widgets import Menu, MenuScene

if TYPE_CHECKING:
    from game.definition import GameDef
    from game.ui.toolkit.app import App

log = logging.getLogger(__name__)

LEFT = (60, 150, 560)       # x, y, width of the games column
RIGHT = (680, 150, 540)     # ... and of the form column
GAME_ROW_H = 74
ROW = 42
VALUE_W = 300
MAX_LOCAL = 3
MAX_LISTED = 6
NO_DISCOVERY = "LAN discovery is unavailable here; join by address"


def address_char(char: str) -> bool:
    """What an address can hold: host names, IPv4, [IPv6] and a :port."""
    return char.isascii() and (char.isalnum() or char in ".:[]-_%")


# -- the Browser, off the frame loop ---------------------------------------------------------------

class BrowserHandle:
    """A Browser started and closed on threads, so neither ever stalls a frame."""

    def __init__(self, factory: Callable[[], Any]) -> None:
        self._lock = threading.Lock()
        self._browser: Any = None
        self._closed = False
        self.error: str | None = None
        self._threads = [threading.Thread(target=self._start, args=(factory,), daemon=True,
                                          name="lan-browser-start")]
        self._threads[0].start()

    def _start(self, factory: Callable[[], Any]) -> None:
        try:
            browser = factory()
        except Exception as exc:  # no network, no multicast, no zeroconf
            log.warning("cannot look for tables on the LAN", exc_info=True)
            with self._lock:
                self.error = str(exc) or exc.__class__.__name__
            return
        with self._lock:
            late = self._closed
            if not late:
                self._browser = browser
        if late:            # the player left while it started
            _quietly(browser.close)

    @property
    def started(self) -> bool:
        with self._lock:
            return self._browser is not None

    def entries(self) -> list[Any]:
        with self._lock:
            browser = self._browser
        if browser is None:
            return []
        try:
            return list(browser.entries())
        except Exception:
            log.warning("could not list the tables found", exc_info=True)
            return []

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            browser, self._browser = self._browser, None
        if browser is not None:
            thread = threading.Thread(target=_quietly, args=(browser.close,), daemon=True,
                                      name="lan-browser-close")
            thread.start()
            self._threads.append(thread)

    def wait(self, timeout: float = 10.0) -> None:
        """Until starting (and closing, if asked) has finished: for tests and shutdown."""
        for thread in list(self._threads):
            thread.join(timeout)


def _quietly(call: Callable[[], Any]) -> None:
    try:
        call()
    except Exception:  # closing is best effort
        log.info("closing failed (best effort)", exc_info=True)


# -- rows ------------------------------------------------------------------------------------------

@dataclass
class GameRow(Item):
    """One game found on the network."""

    title: str = ""
    detail: str = ""
    status: str = ""
    joinable: bool = True
    on_select: Callable[[], Any] | None = None
    height: int = field(default=GAME_ROW_H, kw_only=True)

    def activate(self) -> bool:
        return run(self.on_select)

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool) -> None:
        dim = not self.joinable
        title_colour = (theme.TEXT_DIM if dim else theme.TEXT) if focused else \
            (theme.TEXT_FAINT if dim else theme.TEXT)
        x = self.rect.x + 24
        draw_text(surface, fonts, self.title, (x, self.rect.y + 10), bold=True, colour=title_colour)
        draw_text(surface, fonts, self.status, (self.rect.right - 18, self.rect.y + 14),
                  size=theme.SMALL, colour=theme.TEXT_FAINT if dim else theme.GOOD,
                  anchor="topright")
        draw_text(surface, fonts, self.detail, (x, self.rect.y + 44), size=theme.TINY,
                  colour=theme.TEXT_FAINT if dim else theme.TEXT_DIM)


@dataclass
class Note(Item):
    """A line of text in the list (searching, errors); never takes the focus."""

    colour: Any = theme.TEXT_DIM
    size: int = theme.SMALL
    focusable: bool = field(default=False, kw_only=True)
    height: int = field(default=34, kw_only=True)

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool) -> None:
        if not self.label:
            return
        lines = fonts.wrap(self.label, self.size, self.rect.width - 36)
        step = fonts.get(self.size).get_linesize()
        y = self.rect.centery - step * (len(lines) - 1) // 2
        for line in lines:
            draw_text(surface, fonts, line, (self.rect.x + 22, y), size=self.size,
                      colour=self.colour, anchor="midleft")
            y += step


class ColumnsMenu(Menu):
    """A Menu laid out in two columns: items listed in `right` go to the second. Up and down walk
    the items in order (the whole left column, then the right); left and right hop between the
    columns from rows that have nothing to change."""

    def __init__(self, columns: Sequence[tuple[int, int, int]], sound: Callable[[str], None]) -> None:
        self.columns = list(columns)
        self.right: set[int] = set()
        super().__init__([], columns[0][:2], columns[0][2], sound=sound)

    def column(self, item: Item) -> int:
        return 1 if id(item) in self.right else 0

    def layout(self) -> None:
        tops = [y for _, y, _ in self.columns]
        for item in self.items:
            c = self.column(item)
            x, _, width = self.columns[c]
            item.rect = pygame.Rect(x, tops[c], width, item.height)
            tops[c] += item.height + self.spacing

    def column_rect(self, c: int) -> pygame.Rect:
        x, y, width = self.columns[c]
        bottom = max([i.rect.bottom for i in self.items if self.column(i) == c], default=y)
        return pygame.Rect(x, y, width, bottom - y)

    @property
    def rect(self) -> pygame.Rect:
        return self.column_rect(0).union(self.column_rect(1))

    def handle(self, press: Press) -> bool:
        item = self.focused
        if press.button in ("left", "right") and item is not None:
            target = 1 if press.button == "right" else 0
            if self.column(item) != target and not self._adjustable(item, press.button):
                across = [o for o in self.items if o.focusable and self.column(o) == target]
                if across:       # the row beside this one
                    self.focus_on(min(across, key=lambda o: abs(o.rect.centery - item.rect.centery)))
                    self.sound("click")
                    return True
        return super().handle(press)

    @staticmethod
    def _adjustable(item: Item, button: str) -> bool:
        """Would left/right change this row (rather than hop to the other column)?"""
        if isinstance(item, Choice):
            return len(item.choices) > 1
        if isinstance(item, ButtonRow):
            step = -1 if button == "left" else 1
            return 0 <= item.index + step < len(item.buttons)
        return False


# -- the screen ------------------------------------------------------------------------------------

class JoinScene(MenuScene):
    menu: ColumnsMenu

    def __init__(self, app: App, *, device: str = "mouse") -> None:
        super().__init__(app)
        self.menu = ColumnsMenu([LEFT, RIGHT], app.audio.play)
        self.backdrop = Backdrop()
        self.games = lan_games(app)
        self.info = self.games[0]
        first = "kb1" if device == "mouse" else device   # the mouse helps whoever plays: see setup
        # the devices of the last join, those still connected (a pad may be gone since)
        remembered = [d for d in app.settings.join_devices if d in self._devices()]
        self.local: list[str] = remembered or [first]
        self.entries: list[Any] = []
        self.touched = False              # the player moved the focus: leave it where they put it
        self.text_input = TextInputSwitch()
        self.name_field = TextField("Your name", text=default_name(app, "Player"), max_len=MAX_NAME,
                                    placeholder="Player", value_width=VALUE_W, height=ROW)
        self.address_field = TextField("Address", max_len=64, placeholder="192.168.1.5:47800",
                                       value_width=VALUE_W, height=ROW,
                                       allowed=address_char,
                                       on_change=lambda _: self._set_error(""),
                                       on_submit=self.join_address)
        self.error_line = Note("", colour=theme.BAD, size=theme.TINY, height=40)
        self.browser: BrowserHandle | None = None
        self.discovery_error = ""
        self.pings = PingBoard(None)
        self._pings_shown = 0
        try:
            lan = backend(app)
            self.browser = BrowserHandle(lan.browser)
            self.pings = PingBoard(lan.ping)
        except LanUnavailable as exc:
            self.discovery_error = str(exc)
        self._build()
        # Not a text box: a keyboard seat's WASD would type there instead of moving.
        self.menu.focus_on(self.join_row)

    # -- rows ---------------------------------------------------------------------------------

    def _devices(self) -> list[str]:
        devices = getattr(self.app.inputs, "devices", None)
        return devices() if devices else ["mouse", "kb1", "kb2", "kb3", "kb4"]

    def _build(self) -> None:
        left: list[Item] = [Heading("Games on this network")]
        left += self._game_rows()
        right: list[Item] = [Heading("At this computer"), self.name_field,
                             Choice("Players here", choices=list(range(1, MAX_LOCAL + 1)),
                                    index=len(self.local) - 1, on_change=self._set_local,
                                    fmt=lambda n: f"{n} player{'s' if n > 1 else ''}", wrap=False,
                                    value_width=VALUE_W, height=ROW)]
        devices = self._devices()
        for i, device in enumerate(self.local):
            choices = devices if device in devices else [*devices, device]
            right.append(Choice(f"Player {i + 1}", choices=choices,
                                index=choices.index(device), on_change=self._device_setter(i),
                                fmt=device_name,
                                detail=functools.partial(self._device_hint, i),
                                value_width=VALUE_W, height=54))
        right += [Heading("Or join by address")]
        if len(self.games) > 1:
            right.append(Choice("Game", choices=self.games, index=self.games.index(self.info),
                                on_change=self._set_game, fmt=lambda g: g.title,
                                value_width=VALUE_W, height=ROW))
        # labelled, though the label is not shown: the focus follows labels when the list changes
        self.join_row = ButtonRow("Join or go back",
                                  buttons=[Button("Join", self.join_address, primary=True),
                                           Button("Back", self.back)], height=ROW + 4)
        right += [self.address_field, self.error_line, self.join_row]
        self.menu.right = {id(item) for item in right}
        self.menu.set_items(left + right)

    def _game_rows(self) -> list[Item]:
        if not self.entries:
            if self.discovery_error:
                return [Note(self.discovery_error, colour=theme.TEXT_DIM)]
            return [Note("Looking for games…"), Note("Hosts on this network show up here.",
                                                     size=theme.TINY, colour=theme.TEXT_FAINT)]
        rows: list[Item] = []
        for entry in self.entries[:MAX_LISTED]:
            rows.append(self._game_row(entry))
        if len(self.entries) > MAX_LISTED:
            rows.append(Note(f"and {len(self.entries) - MAX_LISTED} more: join by address",
                             size=theme.TINY))
        return rows

    def _game_row(self, entry: Any) -> GameRow:
        info = game_for_key(self.app, entry.game)
        address = f"{entry.address}:{entry.port}" if ":" not in entry.address \
            else f"[{entry.address}]:{entry.port}"
        title = f"{info.title if info else entry.game} · {entry.host_name}"
        people = ", ".join(entry.players) if entry.players else ""
        ping = self.pings.get((entry.address, entry.port))
        bits = [address] + ([ping_text(ping)] if isinstance(ping, (int, float)) else []) \
            + ([people] if people else [])
        joinable, status = True, self._seats_text(entry.seats_free)
        if not entry.compatible:
            joinable, status = False, "different version"
        elif info is None or not info.available:
            joinable, status = False, "unknown game"
        elif self._my_seat((entry.address, entry.port), entry.game):
            status = "your seat"         # a seat kept for us since our client closed
        elif entry.seats_free <= 0:
            joinable, status = False, "full"
        return GameRow(entry.service_name or f"{entry.name}@{address}", title=title,
                       detail=" · ".join(bits), status=status, joinable=joinable,
                       on_select=functools.partial(self.join_entry, entry))

    def _my_seat(self, address: tuple[str, int], game: str) -> bool:
        # Rows are rebuilt as the list changes: read the file once per scene, not per row.
        known: dict[tuple[tuple[str, int], str], bool] = self.__dict__.setdefault("_kept_seats", {})
        key = (address, game)
        if key not in known:
            known[key] = seat_memory_for(self.app).recall(address, game) is not None
        return known[key]

    @staticmethod
    def _seats_text(free: int) -> str:
        return f"{free} seat{'s' if free != 1 else ''} free"

    def _set_local(self, n: int) -> None:
        while len(self.local) < n:
            used = set(self.local)
            self.local.append(next((d for d in ("kb1", "kb2", "kb3", "kb4", "mouse") if d not in used),
                                   "kb1"))
        del self.local[n:]
        self._build()

    def _device_hint(self, i: int) -> str:
        return device_hint(self.local[i], self.app.settings.bindings)

    def _device_setter(self, i: int) -> Callable[[str], None]:
        def set_device(device: str) -> None:
            self.local[i] = device
        return set_device

    def _set_game(self, info: GameDef) -> None:
        self.info = info

    def _set_error(self, text: str) -> None:
        self.error_line.label = text

    # -- joining ------------------------------------------------------------------------------

    def _fail(self, text: str) -> None:
        self.app.audio.play("error")
        self.app.toast(text, "error")

    def join_entry(self, entry: Any) -> None:
        info = game_for_key(self.app, entry.game)
        if not entry.compatible:
            self._fail("That table runs a different version of Kombo Arcade.")
            return
        if info is None or not info.available:
            self._fail("This version of Kombo Arcade does not have that game.")
            return
        if entry.seats_free < len(self.local) and not self._my_seat((entry.address, entry.port),
                                                                     entry.game):
            self._fail("That table is full." if entry.seats_free <= 0 else
                       f"Only {self._seats_text(entry.seats_free)} there: fewer players here, or "
                       f"another table.")
            return
        where = f"{entry.address}:{entry.port}" if ":" not in entry.address \
            else f"[{entry.address}]:{entry.port}"
        self.join((entry.address, entry.port), info, where)

    def join_address(self) -> None:
        from net.address import AddressError, parse_address
        try:
            address = parse_address(self.address_field.text)
        except AddressError as exc:
            self.app.audio.play("error")
            self._set_error(f"{exc.problem}. For example 192.168.1.5:47800 or myhost.local")
            self.menu.focus_on(self.address_field)
            return
        self._set_error("")
        self.join((address.host, address.port), self.info, str(address))

    def join(self, address: tuple[str, int], info: GameDef, where: str) -> None:
        devices = self._devices()
        for device in self.local:
            if device not in devices:
                self._fail(f"{device_name(device)} is not connected.")
                return
        name = self.name_field.text.strip() or "Player"
        memory = seat_memory_for(self.app)
        token = memory.recall(address, info.key)

        def connect(token: bytes | None = token) -> Any:
            extra = {"token": token} if token is not None else {}
            return backend(self.app).client(address, name=name, want=len(self.local),
                                            game=info.key, **extra)
        try:
            client = connect()
        except Exception as exc:  # the player reads one line and stays here
            log.warning("could not join %s", where, exc_info=True)
            self._fail(f"Could not join: {exc}")
            return
        remember_name(self.app, name)
        self.app.settings.join_devices = list(self.local)
        self.app.save_settings()
        self.text_input.sync(False)
        self.app.push(WaitingRoom(self.app, info, client, devices=list(self.local), host=False,
                                  where=where, rejoin=SeatRejoin(memory, address, info.key,
                                                                 token is not None, connect,
                                                                 token=token)))

    # -- scene --------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.text_input.sync(isinstance(self.menu.focused, TextField))
        if self.browser is None:
            return
        if self.browser.error is not None and not self.discovery_error:
            self.discovery_error = NO_DISCOVERY
            self._build()
            return
        entries = self.browser.entries()
        for entry in entries[:MAX_LISTED]:
            self.pings.want((entry.address, entry.port))
        if entries != self.entries or self.pings.version != self._pings_shown:
            self._pings_shown = self.pings.version
            had = bool(self.entries)
            self.entries = entries
            self._build()
            if entries and not had and not self.touched:
                first = next(i for i in self.menu.items if isinstance(i, GameRow))
                self.menu.focus_on(first)

    def handle(self, press: Press) -> bool:
        if press.button in ("up", "down", "left", "right") or press.pos is not None:
            self.touched = True
        return super().handle(press)

    def back(self) -> None:
        self.app.stack.remove(self)

    def on_exit(self) -> None:
        self.pings.close()
        self.text_input.sync(False)
        if self.browser is not None:
            self.browser.close()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        self.backdrop.draw(surface)
        w = surface.get_width()
        draw_title(surface, fonts, "Join a LAN game", (w // 2, 52), size=80)
        draw_text(surface, fonts, "Pick a table found on this network, or type its address",
                  (w // 2, 104), colour=theme.TEXT_DIM, anchor="center")
        for c in (0, 1):
            draw_panel(surface, self.menu.column_rect(c).inflate(28, 24))
        self.menu.draw(surface, fonts)
        draw_hints(surface, fonts, "Arrows or a pad move · Select joins · type in the boxes · "
                                   "Backspace back")
