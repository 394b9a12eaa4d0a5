"""The Replays screen: every game kept on this machine (game.replays), newest first, with its date,
game, seats, winner and length; Select watches one, the action button (or Delete) deletes it after
a second press to be sure. A file that no longer opens says why and stays listed for deleting."""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.replay import ReplayError
from game.core.seats import seat_label, seat_name
from game.games import game_by_key
from game.replays import Entry, delete, entries, open_replay
from game.ui.toolkit import theme
from game.ui.toolkit.drawing import Backdrop, draw_hints, draw_panel, draw_text, draw_title
from game.ui.toolkit.input import Press
from game.ui.toolkit.menu_items import Button
from game.ui.toolkit.seat_marks import winner_line
from game.ui.toolkit.widgets import MenuScene

if TYPE_CHECKING:
    from game.ui.toolkit.app import App

log = logging.getLogger(__name__)

LIST_LEFT, LIST_TOP, LIST_W, LIST_H = 70, 150, 600, 480
PANEL_LEFT, PANEL_W = 700, 510
KINDS = {"human": "player", "remote": "LAN player", "bot": "bot", "open": "empty seat"}


def title_of(entry: Entry) -> str:
    try:
        return game_by_key(entry.header.game).title
    except KeyError:
        return entry.header.game


def when(entry: Entry) -> str:
    return time.strftime("%d %b %Y, %H:%M", time.localtime(entry.header.started))


def winner_of(entry: Entry) -> str:
    if entry.outcome is None:
        return "not finished"
    return "".join(text for text, _ in winner_line(entry.outcome.winners, len(entry.header.seats)))


class ReplaysScene(MenuScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.backdrop = Backdrop()
        self.entries: dict[int, Entry] = {}
        self.armed: Entry | None = None          # pressed delete once: the next press deletes
        self.refresh()

    def refresh(self) -> None:
        items = []
        self.entries = {}
        for entry in entries():
            item = Button(title_of(entry), self._watcher(entry), note=when(entry))
            self.entries[id(item)] = entry
            items.append(item)
        if not items:
            items = [Button("No replays yet: every game you finish is kept here", self.back)]
        items.append(Button("Back", self.back, centred=True))
        self.menu.set_items(items)
        self.menu.place((LIST_LEFT, LIST_TOP), LIST_W, LIST_H)

    def _watcher(self, entry: Entry) -> Callable[[], None]:
        def watch() -> None:
            try:
                replay = open_replay(entry.path)
            except ReplayError as exc:
                log.warning("the replay %s does not open: %s", entry.path, exc)
                self.app.audio.play("error")
                self.app.toast(f"This replay does not open: {exc}", "error")
                return
            self.app.nav.watch(self.app, replay)
        return watch

    @property
    def focused_entry(self) -> Entry | None:
        item = self.menu.focused
        return self.entries.get(id(item)) if item is not None else None

    def handle(self, press: Press) -> bool:
        if press.button == "slap":
            self.delete_focused()
            return True
        if press.button in ("up", "down"):
            self.armed = None
        return super().handle(press)

    def handle_raw(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE:
            self.delete_focused()
            return True
        return super().handle_raw(event)

    def delete_focused(self) -> None:
        entry = self.focused_entry
        if entry is None:
            return
        if self.armed is not entry:
            self.armed = entry
            self.app.audio.play("click")
            return
        try:
            delete(entry.path)
        except OSError as exc:
            log.warning("could not delete %s: %s", entry.path, exc)
            self.app.toast(f"Could not delete it: {exc.strerror or exc}", "error")
        else:
            self.app.toast(f"Deleted the replay of {title_of(entry)} ({when(entry)})")
        self.armed = None
        self.refresh()

    def on_enter(self) -> None:
        self.refresh()               # back from the viewer: the list as the folder is now

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        self.backdrop.draw(surface)
        draw_title(surface, fonts, "Replays", (surface.get_width() // 2, 70), size=theme.HEADING + 16)
        draw_panel(surface, self.menu.rect.inflate(24, 24))
        self.menu.draw(surface, fonts)
        entry = self.focused_entry
        if entry is not None:
            self._details(surface, entry)
        hint = ("Press again to delete it, or move away to keep it" if self.armed is not None
                else "Select: watch · Delete (or your action button): delete · Esc: back")
        draw_hints(surface, fonts, hint)

    def _details(self, surface: pygame.Surface, entry: Entry) -> None:
        fonts = self.app.fonts
        frame = self.menu.rect.inflate(24, 24)
        box = pygame.Rect(PANEL_LEFT, frame.top, PANEL_W, LIST_H + 24)
        draw_panel(surface, box)
        x, y = box.x + 26, box.y + 22
        draw_text(surface, fonts, title_of(entry), (x, y), size=theme.HEADING, bold=True)
        y += 62
        lines = [when(entry) + (" · over the LAN" if entry.header.lan else ""),
                 f"{entry.steps} moves · {winner_of(entry)}", ""]
        for seat, info in enumerate(entry.header.seats):
            kind = KINDS.get(info.kind, info.kind) + (f", {info.level}" if info.level else "")
            score = f" · {entry.outcome.scores[seat]}" if entry.outcome is not None else ""
            name = "" if info.name.startswith(seat_name(seat)) else f" {info.name}"
            lines.append(f"{seat_label(seat)}{name}: {kind}{score}")
        for line in lines:
            if line:
                colour = theme.TEXT_DIM if line.startswith(tuple("0123456789")) else theme.TEXT
                draw_text(surface, fonts, line, (x, y), size=theme.SMALL, colour=colour)
            y += 34
        if self.armed is entry:
            draw_text(surface, fonts, "Delete this replay? Press again.", (x, box.bottom - 44),
                      size=theme.SMALL, colour=theme.BAD, bold=True)
