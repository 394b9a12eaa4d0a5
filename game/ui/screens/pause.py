"""The pause menu over a game: Resume, Rules, Settings, Quit to menu. The game below stops."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.input import Press
from game.ui.toolkit.widgets import Button, MenuScene, Veil, draw_hints, draw_panel, draw_text

if TYPE_CHECKING:
    from game.ui.play.match import Match
    from game.ui.toolkit.app import App

PANEL = pygame.Rect(0, 0, 460, 360)


class PauseScene(MenuScene):
    opaque = False
    pauses_below = True

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.veil = Veil()
        self.panel = PANEL.copy()
        self.panel.center = (app.size[0] // 2, app.size[1] // 2)
        self.menu.items = [Button("Resume", self.back, centred=True),
                           Button("Rules", self.open_rules, centred=True),
                           Button("Settings", self.open_settings, centred=True),
                           Button("Quit to menu", self.quit_to_menu, centred=True)]
        self.menu.place((self.panel.x + 40, self.panel.y + 120), self.panel.width - 80)
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
        self.menu.draw(surface, fonts)
        draw_hints(surface, fonts, "Esc resumes · Select picks")
