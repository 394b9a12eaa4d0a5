"""The end of a game: who won (in their colour), a row per seat with score and the game's own
detail line, then Rematch or Main menu; beside them the story of the game (game.ui.screens.chart: each
seat's score over the game and the figures players talk about), read from the game's replay. Drawn
over the final board.

A LAN game's results (game.ui.lobby.lan_results) add the table's choices. The game's definition may
give a `result_line(view, seat)` to explain each seat's score, e.g. "Towers: 5, 3, 2 — 7 points".
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from game.core.replay import Replay, ReplayError
from game.core.story import Story
from game.replays import open_replay
from game.ui.screens.chart import draw_figures, draw_story, story_told
from game.ui.toolkit import theme
from game.ui.toolkit.drawing import Veil, draw_panel, draw_text
from game.ui.toolkit.input import Press
from game.ui.toolkit.menu_items import Button, Item
from game.ui.toolkit.seat_marks import draw_seat_chip, winner_line
from game.ui.toolkit.text import TextCache
from game.ui.toolkit.theme import PLAYER_COLOURS
from game.ui.toolkit.widgets import MenuScene

if TYPE_CHECKING:
    from game.ui.play.match import DeviceSeats as Match
    from game.ui.toolkit.app import App

log = logging.getLogger(__name__)

PANEL_W = 1220
LEFT_W = 540                # the scores and the buttons; the story takes the rest
ROW_H = 58                  # a seat's name over its detail line, its score beside them
NOTE_H = 40                 # the peer's line between the scores and the buttons
MIN_H = 580                 # room for the chart and its figures beside two seats
FIGURES_H = 150
FIGURE_LINE = 28
NO_STORY = "The story of the game appears here once its replay is kept."

class ResultsScene(MenuScene):
    opaque = False
    pauses_below = True

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.veil = Veil()
        self.outcome = match.session.outcome()
        self.details = self._details()
        self.note = ""
        self._left = False
        self.menu.items = self.buttons()
        # the final board is under this dialog: a player may want a last look at it
        self.menu.items.insert(len(self.menu.items) - 1, Button("See the board", self.see_board, centred=True))
        self.peeking = False
        self.text = TextCache(app.fonts)
        self.story: Story | None = None
        self.story_note = NO_STORY       # what the story's column says while there is no story
        self._story_read = False
        self._replay: Replay | None = None
        self._replay_failed = False
        rows_h = ROW_H * match.players
        note_h = NOTE_H if self.note else 0
        height = max(MIN_H, 140 + rows_h + 30 + note_h + self.menu.content_height + 34)
        self.panel = pygame.Rect(0, 0, PANEL_W, height)
        self.panel.center = (app.size[0] // 2, app.size[1] // 2)
        self.left = pygame.Rect(self.panel.x + 28, self.panel.y, LEFT_W, height)
        self.story_rect = pygame.Rect(self.left.right + 28, self.panel.y + 124, 0, 0)
        self.story_rect.size = (self.panel.right - 28 - self.story_rect.x, self.panel.bottom - 24 - self.story_rect.y)
        self.rows_top = self.panel.y + 140
        self.note_y = self.rows_top + rows_h + 14 + note_h // 2
        self.menu.place((self.left.centerx - 170, self.rows_top + rows_h + 30 + note_h), 340)
        self.menu.focus = 0
        self._played = False
        self.read_story()

    def buttons(self) -> list[Item]:
        items: list[Item] = [*self.replay_buttons(), Button("Main menu", self.main_menu, centred=True)]
        if getattr(self.match, "can_rematch", True):
            items.insert(0, Button("Rematch", self.rematch, centred=True))
        return items

    def replay_buttons(self) -> list[Item]:
        return [Button("Watch again", self.watch_again, centred=True)]

    def kept(self) -> Replay | None:
        """The game's replay, opened once it is kept: at once for a game played here, a moment after
        the end for a LAN peer (its host sends it after the last step). None until then, or if it
        does not open (logged)."""
        if self._replay is None and not self._replay_failed:
            self.match.keep_record()
            path = self.match.replay_path
            if path is not None:
                try:
                    self._replay = open_replay(path)
                except ReplayError as exc:
                    log.warning("the replay %s does not open: %s", path, exc)
                    self._replay_failed = True
        return self._replay

    def replay(self) -> Replay | None:
        """The game just played (None, said in a toast, if it was not kept)."""
        replay = self.kept()
        if replay is None:
            self.app.audio.play("error")
            self.app.toast("This game's replay could not be kept (see the log file)", "error")
        return replay

    def watch_again(self) -> None:
        """The game just played in the viewer (over these results)."""
        replay = self.replay()
        if replay is not None:
            self.app.nav.watch(self.app, replay)

    def read_story(self) -> None:
        """The story, once the game's replay is kept."""
        if self._story_read:
            return
        replay = self.kept()
        if replay is None:
            if self._replay_failed:
                self._story_read = True
                self.story_note = "No story: this game's replay did not open (see the log file)."
            return
        self._story_read = True
        self.story = story_told(self.match.info, replay)
        if self.story is None:
            self.story_note = f"{self.match.info.title} has no story to tell."

    def _details(self) -> list[str]:
        line = self.match.info.result_line
        if line is None:
            return [""] * self.match.players
        view = self.match.session.view(None)
        return [line(view, seat) for seat in range(self.match.players)]

    def on_enter(self) -> None:
        if not self._played:            # on_enter runs again when a screen above closes
            self._played = True
            self.app.audio.play("game_end")

    def see_board(self) -> None:
        self.peeking = True

    def update(self, dt: float) -> None:
        super().update(dt)
        self.read_story()

    def handle(self, press: Press) -> bool:
        if self.peeking:     # any press brings the results back
            self.peeking = False
            return True
        if press.button in ("back", "pause"):
            self.menu.focus = len(self.menu.items) - 1     # point at Main menu; never leave by accident
            return True
        return super().handle(press)

    def rematch(self) -> None:
        old = self.match
        try:
            new = old.rematch()
            scene = self.app.nav.game_scene(self.app, new)
        except Exception as exc:
            log.exception("could not start a rematch")
            self.app.audio.play("error")
            self.app.toast(f"Could not start a rematch: {exc}", "error")
            return
        for below in [s for s in self.app.stack if getattr(s, "match", None) is old]:
            self.app.stack.remove(below)
        self.app.push(scene)

    def main_menu(self) -> None:
        self._left = True
        self.match.close()
        self.app.nav.main_menu(self.app)

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        if self.peeking:
            label = self.app.fonts.render("The final board · press any key or click for the results", theme.SMALL,
                                          theme.TEXT, True)
            pill = label.get_rect(midbottom=(surface.get_width() // 2, surface.get_height() - 14)).inflate(32, 14)
            pygame.draw.rect(surface, theme.PANEL_HI, pill, border_radius=pill.height // 2)
            pygame.draw.rect(surface, theme.ACCENT, pill, 2, border_radius=pill.height // 2)
            surface.blit(label, label.get_rect(center=pill.center))
            return
        fonts = self.app.fonts
        self.veil.draw(surface)
        draw_panel(surface, self.panel, edge=theme.ACCENT)
        outcome = self.outcome
        winners = outcome.winners if outcome else ()
        self._draw_headline(surface, winner_line(winners, self.match.players),
                            (self.panel.centerx, self.panel.y + 58))
        reason = outcome.termination.text if outcome else "The game did not finish."
        draw_text(surface, fonts, reason, (self.panel.centerx, self.panel.y + 104),
                  size=theme.SMALL, colour=theme.TEXT_DIM, anchor="center")
        for seat in range(self.match.players):
            self._draw_row(surface, seat, seat in winners)
        if self.note:
            draw_text(surface, fonts, self.note, (self.left.centerx, self.note_y),
                      size=theme.SMALL, colour=theme.TEXT_DIM, anchor="center")
        self.menu.draw(surface, fonts)
        self._draw_story(surface)

    def _draw_row(self, surface: pygame.Surface, seat: int, won: bool) -> None:
        fonts, outcome = self.app.fonts, self.outcome
        row = pygame.Rect(self.left.x, self.rows_top + seat * ROW_H, self.left.width, ROW_H - 6)
        if won:
            pygame.draw.rect(surface, theme.PANEL_HI, row, border_radius=8)
            pygame.draw.rect(surface, PLAYER_COLOURS[seat], row, 2, border_radius=8)
        detail = self.details[seat]
        name_y = row.centery - 11 if detail else row.centery
        draw_seat_chip(surface, seat, (row.x + 24, name_y), 14)
        draw_text(surface, fonts, self.match.seat_name(seat), (row.x + 48, name_y),
                  size=theme.BODY - 4, colour=theme.TEXT if won else theme.TEXT_DIM, anchor="midleft")
        if detail:
            draw_text(surface, fonts, detail, (row.x + 48, row.centery + 14), size=theme.TINY - 2,
                      colour=theme.TEXT_DIM, anchor="midleft")
        score = str(outcome.scores[seat]) if outcome and seat < len(outcome.scores) else "–"
        draw_text(surface, fonts, score, (row.right - 20, row.centery), size=theme.BODY + 8,
                  bold=True, colour=theme.ACCENT if won else theme.TEXT, anchor="midright")

    def _draw_story(self, surface: pygame.Surface) -> None:
        """The story beside the scores: a heading, the chart, the figures under it."""
        area = self.story_rect
        pygame.draw.line(surface, theme.PANEL_EDGE, (area.x - 14, area.y + 8), (area.x - 14, area.bottom - 8), 2)
        heading = self.text.get("The story of the game", theme.TINY, theme.TEXT, True)
        surface.blit(heading, (area.x, area.y))
        top = area.y + heading.get_height() + 8
        if self.story is None:
            draw_text(surface, self.app.fonts, self.story_note, (area.centerx, (top + area.bottom) // 2),
                      size=theme.TINY - 2, colour=theme.TEXT_DIM, anchor="center")
            return
        # each figure a line at a readable size where the chart can spare it
        figures_h = min(max(FIGURES_H, FIGURE_LINE * len(self.story.figures)), (area.bottom - top) * 2 // 5)
        chart = pygame.Rect(area.x, top, area.width, area.bottom - top - figures_h - 10)
        draw_story(surface, chart, self.story, self.text, self.match.players)
        draw_figures(surface, pygame.Rect(area.x, chart.bottom + 10, area.width, figures_h), self.story, self.text)

    def _draw_headline(self, surface: pygame.Surface, pieces: list[tuple[str, Any]],
                       centre: tuple[int, int]) -> None:
        fonts = self.app.fonts
        images = [fonts.render(text, theme.HEADING + 8, colour, True) for text, colour in pieces]
        width = sum(i.get_width() for i in images)
        x = centre[0] - width // 2
        for image in images:
            surface.blit(image, image.get_rect(midleft=(x, centre[1])))
            x += image.get_width()
