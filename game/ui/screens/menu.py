"""The main menu: the four games, then Settings and Quit.

More entries (LAN play) come from the navigator (`app.nav.menu_entries`), listed above Settings.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.bots import level_name
from game.ui.toolkit import theme
from game.ui.toolkit.drawing import Backdrop, draw_hints, draw_panel, draw_text, draw_title
from game.ui.toolkit.input import Press, nav_hints
from game.ui.toolkit.menu_items import Button, Gap, Item
from game.ui.toolkit.widgets import MenuScene

if TYPE_CHECKING:
    from game.definition import GameDef
    from game.ui.toolkit.app import App

MENU_LEFT, MENU_TOP, MENU_WIDTH = 130, 158, 540
TITLE_Y, SUBTITLE_Y = 62, 116
# What the entries other screens add (LAN play) lead to, for the details panel.
ENTRY_DESCRIPTIONS = {
    "Host a LAN game": "Open a table on this network: friends join it from their own computers.",
    "Join a LAN game": "Find a table on this network, or type its address.",
    "Replays": "Watch any of your last 50 games again, through any player's eyes, with the story of "
               "the game in a chart.",
}
PANEL_LEFT, PANEL_WIDTH = 730, 420


class MainMenu(MenuScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.backdrop = Backdrop()
        self.games: dict[int, GameDef] = {}          # id(item) -> game, for the details panel
        self.descriptions: dict[int, str] = {}
        items: list[Item] = []
        for info in app.games:
            item = Button(info.title, self._chooser(info),
                          note=f"{info.min_players}–{info.max_players} players" if info.available
                          else "coming soon",
                          dimmed=not info.available)
            self.games[id(item)] = info
            items.append(item)
        items.append(Gap())
        extra = app.nav.menu_entries(app)
        items.extend(extra)
        for entry in extra:
            if entry.label in ENTRY_DESCRIPTIONS:
                self.descriptions[id(entry)] = ENTRY_DESCRIPTIONS[entry.label]
        playable_games = [g for g in app.games if g.available]
        self.rules_game: GameDef | None = playable_games[0] if playable_games else None
        self.how_to_play = Button("How to play", self._open_rules)
        settings = Button("Settings", self._open_settings)
        quit_ = Button("Quit", app.quit)
        self.descriptions[id(settings)] = "Window, sound and the keys of each keyboard seat."
        self.descriptions[id(quit_)] = "See you at the table again soon."
        items += [self.how_to_play, settings, quit_]
        self.quit_item = quit_
        self.menu.items = items
        self.menu.place((MENU_LEFT, MENU_TOP), MENU_WIDTH)
        playable = [item for item in items if getattr(self.games.get(id(item)), "available", False)]
        self.menu.focus_on(playable[0] if playable else settings)
        self.device = "mouse"         # the device that last pressed: it gets seat 1 in the setup

    def _chooser(self, info: GameDef) -> Callable[[], None]:
        def choose() -> None:
            if not info.available:
                self.app.toast(f"{info.title} is coming soon. Try Kabooom! meanwhile.")
                return
            self.app.nav.game_setup(self.app, info, device=self.device)
        return choose

    def _open_rules(self) -> None:
        """The rules of the game last pointed at in the list (the first playable one at first)."""
        if self.rules_game is None:
            self.app.toast("No game is ready to play yet.")
            return
        self.app.nav.rules(self.app, self.rules_game)

    def _open_settings(self) -> None:
        self.app.nav.settings(self.app)

    def handle(self, press: Press) -> bool:
        self.device = press.device
        if press.button in ("back", "pause"):
            self.menu.focus_on(self.quit_item)      # Esc on the main menu points at the way out
            return True
        return super().handle(press)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        self.backdrop.draw(surface)
        w = surface.get_width()
        draw_title(surface, fonts, "Kombo Arcade", (w // 2, TITLE_Y))
        draw_text(surface, fonts, "Four tabletop games · one screen · friends and bots",
                  (w // 2, SUBTITLE_Y), size=theme.BODY, colour=theme.TEXT_DIM, anchor="center")
        draw_panel(surface, self.menu.rect.inflate(24, 24))
        self.menu.draw(surface, fonts)
        self._draw_details(surface)
        draw_hints(surface, fonts, nav_hints(self.app.settings.bindings))

    def _draw_details(self, surface: pygame.Surface) -> None:
        fonts = self.app.fonts
        item = self.menu.focused
        if item is None:
            return
        info = self.games.get(id(item))
        if info is not None and info.available:
            self.rules_game = info          # "How to play" opens the rules of the game pointed at
        text = self.descriptions.get(id(item), "")
        if item is self.how_to_play and self.rules_game is not None:
            text = (f"The rules of {self.rules_game.title}, with examples. Point at another game "
                    "above first to read its rules.")
        if info is None and not text:
            return
        frame = self.menu.rect.inflate(24, 24)
        box = pygame.Rect(PANEL_LEFT, frame.top, PANEL_WIDTH, frame.height)
        draw_panel(surface, box)
        x, y = box.x + 28, box.y + 26
        if info is None:
            draw_text(surface, fonts, item.label, (x, y), size=theme.HEADING, bold=True)
            y += 64
            for line in fonts.wrap(text, theme.BODY, box.width - 56):
                draw_text(surface, fonts, line, (x, y), colour=theme.TEXT_DIM)
                y += 32
            return
        draw_text(surface, fonts, info.title, (x, y), size=theme.HEADING, bold=True,
                  colour=theme.TEXT if info.available else theme.TEXT_DIM)
        y += 64
        for line in fonts.wrap(info.tagline, theme.BODY, box.width - 56):
            draw_text(surface, fonts, line, (x, y), colour=theme.TEXT_DIM)
            y += 32
        y += 18
        draw_text(surface, fonts, f"{info.min_players} to {info.max_players} players",
                  (x, y), size=theme.SMALL, colour=theme.TEXT)
        y += 30
        if info.bot_levels:
            draw_text(surface, fonts, "Bots: " + ", ".join(map(level_name, info.bot_levels)), (x, y),
                      size=theme.SMALL, colour=theme.TEXT)
        status = ("Select to set up a game", theme.GOOD) if info.available \
            else ("Coming soon", theme.ACCENT)
        draw_text(surface, fonts, status[0], (x, box.bottom - 28), size=theme.SMALL,
                  colour=status[1], anchor="bottomleft")
