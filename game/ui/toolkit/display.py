"""The window: resizable to any size down to MIN_SIZE, showing the logical frame the scenes draw on
(1280×720) scaled to fit, aspect kept, with black bars where the window's shape differs; mouse
positions map back through the same letterbox. Fullscreen and the window size come from the
settings, and only sizes that fit the desktop are offered. Headless tests run without a window
(App.display is then None); the geometry below is plain arithmetic they check directly.
"""
from __future__ import annotations

import os
import warnings
from typing import Any

import pygame

from game.ui.toolkit.display_env import display_kind, fell_back
from game.ui.toolkit.settings import SCALES, Settings

CAPTION = "Kombo Arcade"
NO_DISPLAY = ("No display found: play headless with "
              "`kombo-arcade --demo kabooom [--seed N] [--players N]`.")
MIN_SIZE = (640, 360)       # the smallest window: half the logical size
ROOM = (0.92, 0.88)         # the share of the desktop a window may take (task bar, title bar)
BARS = (0, 0, 0)

Size = tuple[int, int]


class NoDisplay(Exception):
    """There is no screen to open a window on."""


# -- the geometry ------------------------------------------------------------------------------------

def letterbox(window: Size, logical: Size) -> pygame.Rect:
    """Where the logical frame shows in a window of that size: the largest rectangle of its aspect
    that fits (to the nearest pixel), centred; the rest are the bars."""
    w, h = window
    lw, lh = logical
    if w <= 0 or h <= 0:
        return pygame.Rect(0, 0, 0, 0)
    if w * lh <= h * lw:                           # as wide as the window, bars above and below
        gw, gh = w, min(h, (2 * w * lh + lw) // (2 * lw))
    else:                                          # as tall as the window, bars left and right
        gw, gh = min(w, (2 * h * lw + lh) // (2 * lh)), h
    return pygame.Rect((w - gw) // 2, (h - gh) // 2, gw, gh)


def to_logical(pos: tuple[float, float], window: Size, logical: Size) -> tuple[int, int]:
    """The logical pixel drawn under window pixel `pos`: the one its centre falls in. A position in
    the bars goes to the nearest edge of the frame."""
    view = letterbox(window, logical)
    if view.w <= 0 or view.h <= 0:
        return (0, 0)
    out = []
    for p, start, span, size in ((pos[0], view.x, view.w, logical[0]), (pos[1], view.y, view.h, logical[1])):
        k = ((2 * (int(p) - start) + 1) * size) // (2 * span)
        out.append(max(0, min(size - 1, k)))
    return (out[0], out[1])


def to_window(pos: tuple[int, int], window: Size, logical: Size) -> tuple[int, int]:
    """The window pixel at the centre of logical pixel `pos` as drawn (the inverse of to_logical
    where the window is at least the logical size)."""
    view = letterbox(window, logical)
    return (view.x + ((2 * pos[0] + 1) * view.w) // (2 * logical[0]),
            view.y + ((2 * pos[1] + 1) * view.h) // (2 * logical[1]))


def usable(desktop: Size) -> Size:
    """What a window may take of the desktop."""
    return (int(desktop[0] * ROOM[0]), int(desktop[1] * ROOM[1]))


def scale_fits(scale: int | str, desktop: Size, logical: Size) -> bool:
    if scale == "fit":
        return True
    room = usable(desktop)
    return logical[0] * int(scale) <= room[0] and logical[1] * int(scale) <= room[1]


def scale_choices(desktop: Size | None, logical: Size) -> list[int | str]:
    """The window sizes to offer: each whole scale that fits the desktop, and "fit"."""
    if desktop is None:
        return list(SCALES)
    return [s for s in SCALES if scale_fits(s, desktop, logical)]


def window_size(scale: int | str, desktop: Size | None, logical: Size) -> Size:
    """The window for a scale setting: "fit" is the largest that fits the desktop; a whole scale
    that does not fit shrinks to fit; never under MIN_SIZE."""
    lw, lh = logical
    if desktop is None:
        factor = 1.0 if scale == "fit" else float(scale)
    else:
        room = usable(desktop)
        factor = min(room[0] / lw, room[1] / lh)
        if scale != "fit":
            factor = min(float(scale), factor)
    return (max(MIN_SIZE[0], round(lw * factor)), max(MIN_SIZE[1], round(lh * factor)))


def show(frame: pygame.Surface, screen: pygame.Surface) -> pygame.Rect:
    """Paint `frame` into `screen`, letterboxed: copied at 1×, pixel-doubled at whole scales,
    smoothed otherwise. Returns where it went."""
    size = screen.get_size()
    logical = frame.get_size()
    view = letterbox(size, logical)
    if view.w < size[0]:
        screen.fill(BARS, (0, 0, view.x, size[1]))
        screen.fill(BARS, (view.right, 0, size[0] - view.right, size[1]))
    if view.h < size[1]:
        screen.fill(BARS, (0, 0, size[0], view.y))
        screen.fill(BARS, (0, view.bottom, size[0], size[1] - view.bottom))
    if view.size == logical:
        screen.blit(frame, view)
    elif view.w > 0 and view.h > 0:
        target = screen.subsurface(view)
        whole = (view.w % logical[0] == 0 and view.h % logical[1] == 0
                 and view.w // logical[0] == view.h // logical[1])
        if whole:
            pygame.transform.scale(frame, view.size, target)
        else:
            pygame.transform.smoothscale(frame, view.size, target)
    return view


# -- the window --------------------------------------------------------------------------------------

class Display:
    def __init__(self, size: Size, settings: Settings) -> None:
        self.size = size                   # the logical frame
        self.settings = settings
        self.frame: pygame.Surface | None = None     # what the scenes draw on
        self.window: Any = None            # the display module's pygame.Window

    def open(self) -> pygame.Surface:
        """Open the window; returns the logical frame to draw on. NoDisplay if no real screen."""
        if display_kind() == "none":
            raise NoDisplay(NO_DISPLAY)
        try:
            pygame.display.init()
            if fell_back(pygame.display.get_driver()):
                # e.g. DISPLAY names an X server that is not there: SDL quietly draws off screen
                pygame.display.quit()
                raise NoDisplay(NO_DISPLAY)
            if pygame.display.get_driver() == "x11":
                # SDL would show the window's pixels through an OpenGL texture, which costs a core
                # where OpenGL is software (no GPU, remote desktops, Xvfb); X's shared-memory images
                # cost next to nothing everywhere. Read when the window's surface is made, below.
                os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
            pygame.display.set_caption(CAPTION)
            pygame.display.set_mode(window_size(self.settings.window_scale, self.desktop_size(),
                                                self.size), pygame.RESIZABLE)
        except pygame.error:
            raise NoDisplay(NO_DISPLAY) from None
        self.frame = pygame.Surface(self.size).convert()
        self.window = self._window()
        if self.window is not None:
            self.window.minimum_size = MIN_SIZE
            self.window.position = pygame.WINDOWPOS_CENTERED
        if self.settings.fullscreen and not self._set_fullscreen(True):
            self.settings.fullscreen = False
        return self.frame

    @staticmethod
    def _window() -> Any:
        try:
            with warnings.catch_warnings():
                # pygame-ce 2.5 would rather we drew with Window.get_surface; the display module's
                # surface is what convert() and the rest of pygame know, so the window is borrowed.
                warnings.simplefilter("ignore", DeprecationWarning)
                return pygame.Window.from_display_module()
        except (pygame.error, AttributeError):
            return None

    # -- showing a frame ---------------------------------------------------------------------------

    def present(self) -> None:
        screen = pygame.display.get_surface()
        if screen is None or self.frame is None:
            return
        show(self.frame, screen)
        pygame.display.flip()

    def window_pixels(self) -> Size:
        screen = pygame.display.get_surface()
        return screen.get_size() if screen is not None else self.size

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        return to_logical(pos, self.window_pixels(), self.size)

    # -- size and fullscreen -----------------------------------------------------------------------

    def desktop_size(self) -> Size | None:
        try:
            sizes = pygame.display.get_desktop_sizes()
        except pygame.error:
            return None
        return tuple(sizes[0]) if sizes else None     # type: ignore[return-value]

    def scale_choices(self) -> list[int | str]:
        return scale_choices(self.desktop_size(), self.size)

    def _set_fullscreen(self, on: bool) -> bool:
        if self.window is None:
            return False
        try:
            if on:
                self.window.set_fullscreen(desktop=True)
            else:
                self.window.set_windowed()     # SDL gives the window back its size and place
        except pygame.error:
            return False
        return True

    def toggle_fullscreen(self) -> None:
        if self._set_fullscreen(not self.settings.fullscreen):
            self.settings.fullscreen = not self.settings.fullscreen

    def set_fullscreen(self, on: bool) -> None:
        if on != self.settings.fullscreen:
            self.toggle_fullscreen()

    def apply_scale(self) -> None:
        """Size the window for the scale setting (when not fullscreen), centred on the desktop."""
        if self.settings.fullscreen or self.window is None:
            return
        try:
            self.window.size = window_size(self.settings.window_scale, self.desktop_size(), self.size)
            self.window.position = pygame.WINDOWPOS_CENTERED
        except pygame.error:
            pass    # the window manager keeps its own idea of the size; the frame still fits it
