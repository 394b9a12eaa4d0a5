"""The window: opened at the logical size and scaled by SDL, fullscreen and window scale applied
from the settings. Headless tests run without one (App.display is then None)."""
from __future__ import annotations

import warnings

import pygame

from game.ui.toolkit.display_env import display_kind
from game.ui.toolkit.settings import Settings

CAPTION = "Kombo Arcade"
NO_DISPLAY = ("No display found: play headless with "
              "`kombo-arcade --demo kabooom [--seed N] [--players N]`.")


class NoDisplay(Exception):
    """There is no screen to open a window on."""


class Display:
    def __init__(self, size: tuple[int, int], settings: Settings) -> None:
        self.size = size
        self.settings = settings
        self.surface: pygame.Surface | None = None

    def open(self) -> pygame.Surface:
        if display_kind() == "none":
            raise NoDisplay(NO_DISPLAY)
        try:
            pygame.display.init()
            pygame.display.set_caption(CAPTION)
            with warnings.catch_warnings():
                # "no fast renderer available": SDL falls back to software scaling, which is fine.
                warnings.simplefilter("ignore")
                try:
                    self.surface = pygame.display.set_mode(self.size,
                                                           pygame.SCALED | pygame.RESIZABLE)
                except pygame.error:
                    self.surface = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        except pygame.error:
            raise NoDisplay(NO_DISPLAY) from None
        self.apply_scale()
        if self.settings.fullscreen:
            self._toggle()
        return self.surface

    def _toggle(self) -> bool:
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            return False
        return True

    def toggle_fullscreen(self) -> None:
        if self._toggle():
            self.settings.fullscreen = not self.settings.fullscreen
            if not self.settings.fullscreen:
                self.apply_scale()

    def set_fullscreen(self, on: bool) -> None:
        if on != self.settings.fullscreen:
            self.toggle_fullscreen()

    def scaled_size(self) -> tuple[int, int]:
        """The window size for the chosen scale, never larger than the desktop allows."""
        w, h = self.size
        try:
            desk_w, desk_h = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            desk_w, desk_h = w, h
        # Leave room for the task bar and title bar.
        room = min((desk_w * 0.92) / w, (desk_h * 0.88) / h)
        scale = self.settings.window_scale
        factor = room if scale == "fit" else min(float(scale), room)
        factor = max(factor, 0.5)
        return round(w * factor), round(h * factor)

    def apply_scale(self) -> None:
        if self.settings.fullscreen or self.surface is None:
            return
        try:
            with warnings.catch_warnings():
                # pygame-ce 2.5 offers no other handle on the display module's window.
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.size = self.scaled_size()
            window.position = pygame.WINDOWPOS_CENTERED
        except (pygame.error, AttributeError):
            pass    # an old SDL: the window keeps the size SDL chose
