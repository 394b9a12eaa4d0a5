"""Settings: fullscreen, window size, volume, sound, and the keys of the four keyboard seats; and,
read-only, where the log file is (to attach to a bug report).

The keys show as a grid, one row per button and one column per zone. Select a cell, then press the
new key: Esc cancels, and a key another binding (or Esc, Backspace, F11) already uses is refused.
Every change is saved at once.
"""
from __future__ import annotations

import copy
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.logs import log_file, log_path_or_none, shown_path
from game.ui.toolkit import theme
from game.ui.toolkit.drawing import Backdrop, draw_hints, draw_panel, draw_text, draw_title
from game.ui.toolkit.input import (
    COMMON_KEYS,
    DEFAULT_ZONES,
    KEYBOARD_ZONES,
    ZONE_BUTTONS,
    Press,
    device_name,
    key_name,
    pretty_key,
)
from game.ui.toolkit.menu_items import Button, ButtonRow, Choice, Gap, Item
from game.ui.toolkit.settings import SCALES
from game.ui.toolkit.text import draw_text_block
from game.ui.toolkit.theme import Fonts
from game.ui.toolkit.widgets import MenuScene

if TYPE_CHECKING:
    from game.ui.toolkit.app import App

log = logging.getLogger(__name__)

MENU_LEFT, MENU_TOP, MENU_WIDTH = 170, 116, 940
LOG_LINE_H = 22
TITLE_Y = 64
ROW = 38
CELL_W, CELL_GAP = 150, 10
GRID_LEFT = 300           # from the menu's left edge to the first key column
LABEL_GAP = 12            # between a key row's name and its first key cell
TWO_LINE_ROW = 46         # a key row whose name takes two lines ("Action (End turn, Slap, …)")
RESERVED = {"escape": "Pause", "backspace": "Back", "f11": "Fullscreen"}
BUTTON_LABELS = {"up": "Up", "down": "Down", "left": "Left", "right": "Right", "select": "Select",
                 "slap": "Action"}    # each game names it (Kabooom!: Pass); the row's note says how


def scale_text(scale: int | str) -> str:
    return "Fit to screen" if scale == "fit" else f"{scale}× ({1280 * int(scale)}×{720 * int(scale)})"


def window_scales(app: App) -> list[int | str]:
    """The window sizes to offer: those that fit the desktop (every one when there is no window)."""
    choices = getattr(app.display, "scale_choices", None)
    return list(choices()) if choices is not None else list(SCALES)


@dataclass
class Grid:
    """The shared column of the key rows, so moving up and down stays in one zone."""

    column: int = 0
    capturing: tuple[str, str] | None = None     # (zone, button) waiting for a key


def cell_rect(row: pygame.Rect, column: int) -> pygame.Rect:
    return pygame.Rect(row.x + GRID_LEFT + column * (CELL_W + CELL_GAP), row.y + 4, CELL_W,
                       row.height - 8)


@dataclass
class ZoneHeader(Item):
    focusable: bool = field(default=False, kw_only=True)
    height: int = field(default=32, kw_only=True)

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool) -> None:
        draw_text(surface, fonts, "KEYBOARD SEATS", (self.rect.x + 8, self.rect.bottom - 6),
                  size=theme.TINY, colour=theme.ACCENT, anchor="bottomleft")
        for col, zone in enumerate(KEYBOARD_ZONES):
            r = cell_rect(self.rect, col)
            draw_text(surface, fonts, device_name(zone), (r.centerx, self.rect.bottom - 6),
                      size=theme.TINY, colour=theme.TEXT_DIM, anchor="midbottom")


@dataclass
class BindingRow(Item):
    button: str = ""
    grid: Grid = field(default_factory=Grid)
    bindings: Callable[[], dict[str, dict[str, str]]] = dict
    on_capture: Callable[[str, str], None] | None = None

    def adjust(self, step: int) -> bool:
        new = max(0, min(len(KEYBOARD_ZONES) - 1, self.grid.column + step))
        changed = new != self.grid.column
        self.grid.column = new
        return changed

    def activate(self) -> bool:
        if self.on_capture is not None:
            self.on_capture(KEYBOARD_ZONES[self.grid.column], self.button)
        return True

    def click(self, pos: tuple[int, int]) -> bool:
        for col in range(len(KEYBOARD_ZONES)):
            if cell_rect(self.rect, col).collidepoint(pos):
                self.grid.column = col
                return self.activate()
        return False

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool) -> None:
        label = pygame.Rect(self.rect.x + 22, self.rect.y, GRID_LEFT - 22 - LABEL_GAP, self.rect.height)
        draw_text_block(surface, fonts, self.label, label, colour=theme.TEXT if focused else theme.TEXT_DIM,
                        valign="middle", min_size=theme.TINY)
        bindings = self.bindings()
        for col, zone in enumerate(KEYBOARD_ZONES):
            r = cell_rect(self.rect, col)
            here = focused and col == self.grid.column
            waiting = self.grid.capturing == (zone, self.button)
            pygame.draw.rect(surface, theme.BG if not here else theme.PANEL, r, border_radius=6)
            pygame.draw.rect(surface, theme.ACCENT if here or waiting else theme.PANEL_EDGE, r,
                             2, border_radius=6)
            text = "press a key" if waiting else pretty_key(bindings.get(zone, {}).get(self.button, "?"))
            draw_text(surface, fonts, text, r.center, size=theme.SMALL,
                      colour=theme.ACCENT if waiting else theme.TEXT, anchor="center")


def lan_choices(current: str) -> list[str]:
    """"all" and this machine's IPv4 interfaces (read locally, nothing is sent); the saved choice
    stays listed even when that interface is gone, so it can be seen and changed."""
    try:
        from net.discovery import list_interfaces
        found = [o.address for o in list_interfaces() if not o.is_loopback]
    except Exception:   # ifaddr can fail on odd systems; "all" always works
        log.warning("cannot list the network interfaces", exc_info=True)
        found = []
    choices = ["all", *found]
    if current not in choices:
        choices.append(current)
    return choices


class SettingsScreen(MenuScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.backdrop = Backdrop()
        self.grid = Grid()
        s = app.settings
        self.fullscreen = Choice("Fullscreen", choices=[False, True], index=int(s.fullscreen),
                                 on_change=self._set_fullscreen, fmt=lambda on: "On" if on else "Off",
                                 height=ROW)
        self.scale = Choice("Window size", choices=window_scales(app), on_change=self._set_scale,
                            fmt=scale_text, height=ROW)
        self.scale.select_value(s.window_scale if s.window_scale in self.scale.choices else "fit")
        self.volume = Choice("Volume", choices=list(range(0, 101, 10)), on_change=self._set_volume,
                             fmt=lambda v: f"{v}%", wrap=False, height=ROW)
        self.volume.select_value(round(s.volume / 10) * 10)
        self.sound = Choice("Sound", choices=[False, True], index=int(s.muted),
                            on_change=self._set_muted, fmt=lambda m: "Muted" if m else "On",
                            height=ROW)
        self.lan = Choice("LAN interface", choices=lan_choices(s.lan_interface), on_change=self._set_lan,
                          fmt=lambda a: "All networks" if a == "all" else a, height=ROW)
        self.lan.select_value(s.lan_interface)
        self.seat_colours = Choice("Seat colours", choices=list(theme.PALETTES), on_change=self._set_seat_colours,
                                   fmt=lambda key: theme.PALETTES[key].label, height=ROW)
        self.seat_colours.select_value(s.seat_colours)
        items: list[Item] = [self.fullscreen, self.scale, self.volume, self.sound, self.seat_colours, self.lan,
                             ZoneHeader("")]
        for button in ZONE_BUTTONS:
            label = self.button_label(button)
            one_line = app.fonts.width(label, theme.BODY) <= GRID_LEFT - 22 - LABEL_GAP
            items.append(BindingRow(label, button=button, grid=self.grid,
                                    bindings=lambda: self.app.settings.bindings,
                                    on_capture=self.start_capture, height=ROW if one_line else TWO_LINE_ROW))
        items += [Gap(height=6),
                  ButtonRow(buttons=[Button("Reset keys to defaults", self.reset_keys),
                                     Button("Back", self.back)], height=ROW + 4)]
        self.menu.items = items
        self.menu.spacing = 1           # 1, not 3: room for the Seat colours row above the hints
        self.menu.place((MENU_LEFT, MENU_TOP), MENU_WIDTH)
        self.menu.focus_on(self.fullscreen)
        path = log_file()
        self.log_line = f"Log file: {shown_path(path) if path is not None else log_path_or_none()}"

    # -- general settings -------------------------------------------------------------------------

    def _set_fullscreen(self, on: bool) -> None:
        if on != self.app.settings.fullscreen:
            self.app.toggle_fullscreen()

    def _set_scale(self, scale: int | str) -> None:
        self.app.settings.window_scale = scale
        self.app.apply_window()
        self.app.save_settings()

    def _set_volume(self, volume: int) -> None:
        self.app.settings.volume = volume
        self.app.save_settings()

    def _set_muted(self, muted: bool) -> None:
        self.app.settings.muted = muted
        self.app.save_settings()

    def _set_seat_colours(self, key: str) -> None:
        self.app.settings.seat_colours = key
        theme.use_palette(key)            # scenes redraw what they cached in the old colours
        self.app.save_settings()

    def _set_lan(self, address: str) -> None:
        self.app.settings.lan_interface = address
        self.app.save_settings()

    # -- keys -------------------------------------------------------------------------------------

    def button_label(self, button: str) -> str:
        """The row's name; the action button also says what the games call it: "Action (Pass)"."""
        label = BUTTON_LABELS[button]
        if button == "slap":
            names = list(dict.fromkeys(g.action_name for g in self.app.games if g.available))
            if names:
                label += f" ({', '.join(names)})"
        return label

    def start_capture(self, zone: str, button: str) -> None:
        self.grid.capturing = (zone, button)

    def owner_of(self, name: str) -> str | None:
        """Who uses key `name` already, as a player reads it; None if it is free."""
        if name in RESERVED:
            return RESERVED[name]
        if name in COMMON_KEYS:
            return COMMON_KEYS[name].title()
        for zone, keys in self.app.settings.bindings.items():
            for button, key in keys.items():
                if key == name and (zone, button) != self.grid.capturing:
                    return f"{device_name(zone)} · {BUTTON_LABELS.get(button, button)}"
        return None

    def bind(self, code: int) -> bool:
        """Give the captured binding this key; False (and a message) if it is taken."""
        if self.grid.capturing is None:
            return False
        name = key_name(code)
        if not name or name == "unknown key":
            self._refuse("That key cannot be used.")
            return False
        owner = self.owner_of(name)
        if owner is not None:
            self._refuse(f"{pretty_key(name)} is already used by {owner}.")
            return False
        zone, button = self.grid.capturing
        self.app.settings.bindings.setdefault(zone, dict(DEFAULT_ZONES[zone]))[button] = name
        self.grid.capturing = None
        self._apply_bindings()
        self.app.audio.play("click")
        return True

    def _refuse(self, message: str) -> None:
        self.app.audio.play("error")
        self.app.toast(message, "error")

    def cancel_capture(self) -> None:
        self.grid.capturing = None

    def reset_keys(self) -> None:
        self.app.settings.bindings = copy.deepcopy(DEFAULT_ZONES)
        self._apply_bindings()
        self.app.toast("Keys reset to their defaults.", "good")

    def _apply_bindings(self) -> None:
        set_bindings = getattr(self.app.inputs, "set_bindings", None)
        if set_bindings is not None:
            set_bindings(self.app.settings.bindings)
        self.app.save_settings()

    # -- scene ------------------------------------------------------------------------------------

    def handle(self, press: Press) -> bool:
        if self.grid.capturing is not None:
            if press.button in ("back", "pause"):     # a gamepad's B cancels too
                self.cancel_capture()
            return True
        return super().handle(press)

    def handle_raw(self, event: pygame.event.Event) -> bool:
        if self.grid.capturing is not None:
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_ESCAPE:
                    self.cancel_capture()
                else:
                    self.bind(event.key)
                return True
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.cancel_capture()
                return True
            if event.type in (pygame.KEYUP, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
                return True
        return super().handle_raw(event)

    def update(self, dt: float) -> None:
        # F11 can change fullscreen from anywhere; keep the row honest.
        self.fullscreen.select_value(self.app.settings.fullscreen)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        self.backdrop.draw(surface)
        w = surface.get_width()
        # the log path above the title's line, never beside it: a long path then only shortens
        draw_text_block(surface, fonts, self.log_line, pygame.Rect(16, 4, w - 32, LOG_LINE_H), size=theme.TINY,
                        colour=theme.TEXT_DIM, mode="shorten", align="right", min_size=theme.TINY)
        draw_title(surface, fonts, "Settings", (w // 2, TITLE_Y), size=74)
        draw_panel(surface, self.menu.rect.inflate(28, 20))
        self.menu.draw(surface, fonts)
        if self.grid.capturing is not None:
            zone, button = self.grid.capturing
            hint = (f"Press the new key for {device_name(zone)} · {BUTTON_LABELS[button]}"
                    " · Esc cancels")
        else:
            hint = "Select a key cell, then press the new key · Left / Right change values"
        draw_hints(surface, fonts, hint)
