"""The pause menu over a game: Resume, Rules, Settings, Quit to menu. The game below stops.
Quitting asks first: a game left is lost."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.drawing import Veil, draw_hints, draw_panel, draw_text
from game.ui.toolkit.input import Press
from game.ui.toolkit.menu_items import Button, Item
from game.ui.toolkit.widgets import MenuScene

if TYPE_CHECKING:
    from game.ui.play.match import DeviceSeats as Match
    from game.ui.toolkit.app import App

PANEL_W = 460
MENU_TOP = 120          # below the title and the game's name
CONFIRM = "Quit to the menu? This game will be lost."
CONFIRM_CLOSE = "Close Kombo Arcade? This game will be lost."


class PauseScene(MenuScene):
    opaque = False
    pauses_below = True

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.veil = Veil()
        self.confirming = False
        self.closing = False             # the question came from the window's close button
        self.panel = pygame.Rect(0, 0, PANEL_W, 0)
        self._show([Button("Resume", self.back, centred=True),
                    Button("Rules", self.open_rules, centred=True),
                    Button("Settings", self.open_settings, centred=True),
                    Button("Quit to menu", self.quit_to_menu, centred=True)])

    def _show(self, items: list[Item]) -> None:
        """The buttons, in a panel as tall as they need (the question's line above them if asked)."""
        self.menu.items = items
        extra = 48 if self.confirming else 0
        self.panel.height = MENU_TOP + extra + self.menu.content_height + 30
        self.panel.center = (self.app.size[0] // 2, self.app.size[1] // 2)
        self.menu.place((self.panel.x + 40, self.panel.y + MENU_TOP + extra), self.panel.width - 80)
        self.menu.focus = 0

    def handle(self, press: Press) -> bool:
        if press.button == "pause":         # Esc again resumes
            self.back()
            return True
        return super().handle(press)

    def open_rules(self) -> None:
        self.app.nav.rules(self.app, self.match.info)

    def open_settings(self) -> None:
        self.app.nav.settings(self.app)

    def quit_to_menu(self) -> None:
        """First ask (keeping on is the safe default); the game ends only when they confirm."""
        self.confirming = True
        self._show([Button("Keep playing", self.keep_playing, centred=True),
                    Button("Quit, end this game", self.really_quit, centred=True)])

    def keep_playing(self) -> None:
        self.confirming = False
        self.closing = False
        self.back()

    def ask_close(self) -> None:
        """The window's close button during the game: the same question, closing the window."""
        self.confirming = self.closing = True
        self._show([Button("Keep playing", self.keep_playing, centred=True),
                    Button("Quit, close the window", self.really_close, centred=True)])

    def really_close(self) -> None:
        self.match.close()
        self.app.quit()

    def handle_close(self, event: pygame.event.Event) -> bool:
        if self.closing:                 # asked already: a second close means it
            self.really_close()
        else:
            self.ask_close()
        return True

    def really_quit(self) -> None:
        self.match.close()
        self.app.nav.main_menu(self.app)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        self.veil.draw(surface)
        draw_panel(surface, self.panel, edge=theme.ACCENT)
        draw_text(surface, fonts, "Paused", (self.panel.centerx, self.panel.y + 52),
                  size=theme.HEADING, bold=True, anchor="center")
        draw_text(surface, fonts, self.match.info.title, (self.panel.centerx, self.panel.y + 88),
                  size=theme.SMALL, colour=theme.TEXT_DIM, anchor="center")
        if self.confirming:
            question = CONFIRM_CLOSE if self.closing else CONFIRM
            for i, line in enumerate(fonts.wrap(question, theme.SMALL, self.panel.width - 60)):
                draw_text(surface, fonts, line, (self.panel.centerx, self.panel.y + MENU_TOP + 10 + i * 24),
                          size=theme.SMALL, colour=theme.ACCENT, anchor="center")
        self.menu.draw(surface, fonts)
        draw_hints(surface, fonts, "Esc resumes · Select picks")
