"""Menu widgets every screen shares: a vertical list with focus, buttons, choices, a digits field;
the drawing helpers they stand on (backdrops, panels, titles) are game.ui.toolkit.drawing's, and
are imported from here too.

A Menu answers to any device: up/down move the focus, left/right change a choice, select activates;
the mouse focuses what it hovers and clicks what it points at. Text goes through the App's Fonts,
which keeps rendered text, so an unchanged menu costs only blits per frame.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.drawing import (
    draw_focus,
)
from game.ui.toolkit.input import Press
from game.ui.toolkit.menu_items import Item
from game.ui.toolkit.scene import Scene
from game.ui.toolkit.theme import Fonts

if TYPE_CHECKING:
    from game.ui.toolkit.app import App

Sound = Callable[[str], None]
HOVER_SLACK = 6       # pixels the pointer must travel before hovering moves a keyboard-set focus


def _no_sound(name: str) -> None:
    pass


# -- the menu --------------------------------------------------------------------------------------

class Menu:
    """A vertical list of items with one focused; laid out from `topleft` at `width` pixels."""

    def __init__(self, items: Sequence[Item], topleft: tuple[int, int], width: int, *,
                 sound: Sound = _no_sound, spacing: int = 4, height: int | None = None) -> None:
        self.items: list[Item] = list(items)
        self.topleft = topleft
        self.width = width
        self.spacing = spacing
        self.height = height          # a taller list scrolls to keep the focus in view
        self.scroll = 0
        self.sound = sound
        self.focus = 0
        # Where the pointer rested when keys or a pad last moved the focus: hovering takes the
        # focus back only once the mouse really moves. SDL sends motion events when the window
        # opens or changes size, and those must not steal the focus from a keyboard player.
        self._anchor: tuple[int, int] | None = None
        self._anchor_pending = True
        self.layout()
        self._first_focusable()

    def place(self, topleft: tuple[int, int], width: int, height: int | None = None) -> None:
        self.topleft, self.width, self.height = topleft, width, height
        self.layout()

    def set_items(self, items: Sequence[Item], keep_focus: bool = True) -> None:
        """New rows; the focus stays on the row with the same label if there is one."""
        focused = self.focused.label if keep_focus and self.focused else ""
        old_index = self.focus
        self.items = list(items)
        self.layout()
        labels = [i.label for i in self.items]
        if focused and focused in labels:
            self.focus = labels.index(focused)
        else:
            self.focus = max(0, min(old_index, len(self.items) - 1))
            if not self.items or not self.items[self.focus].focusable:
                self._first_focusable()
        self._scroll_to_focus()

    def layout(self) -> None:
        x, y = self.topleft
        y -= self.scroll
        for item in self.items:
            item.rect = pygame.Rect(x, y, self.width, item.height)
            y += item.height + self.spacing

    @property
    def content_height(self) -> int:
        return sum(i.height for i in self.items) + self.spacing * max(0, len(self.items) - 1)

    @property
    def rect(self) -> pygame.Rect:
        """The area the menu shows (its viewport when it scrolls)."""
        height = self.content_height
        if self.height is not None:
            height = min(height, self.height)
        return pygame.Rect(self.topleft, (self.width, height))

    def _scroll_to_focus(self) -> None:
        if self.height is None or self.focused is None:
            return
        top = self.topleft[1]
        item = self.items[self.focus].rect
        if item.top < top:
            self.scroll -= top - item.top
        elif item.bottom > top + self.height:
            self.scroll += item.bottom - (top + self.height)
        self.scroll = max(0, min(self.scroll, self.content_height - self.height))
        self.layout()

    def _first_focusable(self) -> None:
        for i, item in enumerate(self.items):
            if item.focusable:
                self.focus = i
                return

    @property
    def focused(self) -> Item | None:
        if 0 <= self.focus < len(self.items) and self.items[self.focus].focusable:
            return self.items[self.focus]
        return None

    def focus_on(self, item: Item) -> None:
        if item in self.items and item.focusable:
            self.focus = self.items.index(item)
            self._scroll_to_focus()

    def move(self, step: int) -> bool:
        n = len(self.items)
        for k in range(1, n + 1):
            i = (self.focus + step * k) % n
            if self.items[i].focusable:
                if i != self.focus:
                    self.focus = i
                    self._scroll_to_focus()
                    self.sound("click")
                    return True
                return False
        return False

    def item_at(self, pos: tuple[int, int]) -> Item | None:
        if not self.rect.collidepoint(pos):
            return None
        for item in self.items:
            if item.focusable and item.rect.collidepoint(pos):
                return item
        return None

    def handle(self, press: Press) -> bool:
        """A press from any device; True if the menu used it."""
        if press.device != "mouse":
            self._anchor_pending = True
        if press.button in ("up", "down"):
            return self.move(-1 if press.button == "up" else +1) or True
        item = self.focused
        if press.button in ("left", "right"):
            if item is not None and item.adjust(-1 if press.button == "left" else +1):
                self.sound("click")
                return True
            return item is not None
        if press.button == "select":
            if press.pos is not None:
                item = self.item_at(press.pos)
                if item is None:
                    return False
                self.focus_on(item)
                if item.click(press.pos):
                    self.sound("click")
                return True
            if item is not None:
                if item.activate():
                    self.sound("click")
                return True
        return False

    def handle_raw(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            if not self._pointer_moved(event.pos):
                return self.rect.collidepoint(event.pos)
            item = self.item_at(event.pos)
            if item is not None:
                self.focus_on(item)
                hover = getattr(item, "hover", None)
                if hover is not None:
                    hover(event.pos)
            return item is not None
        if event.type == pygame.MOUSEWHEEL and self.height is not None:
            self.scroll = max(0, min(self.scroll - event.y * theme.ROW_H,
                                     self.content_height - self.height))
            self.layout()
            return True
        if event.type == pygame.KEYDOWN and self.focused is not None:
            return self.focused.key(event)
        return False

    def _pointer_moved(self, pos: tuple[int, int]) -> bool:
        if self._anchor_pending:
            self._anchor, self._anchor_pending = pos, False
            return False
        if self._anchor is not None:
            if abs(pos[0] - self._anchor[0]) + abs(pos[1] - self._anchor[1]) < HOVER_SLACK:
                return False
            self._anchor = None
        return True

    def draw(self, surface: pygame.Surface, fonts: Fonts) -> None:
        focused = self.focused
        view = self.rect
        clip = surface.get_clip()
        scrolling = self.height is not None and self.content_height > self.height
        if scrolling:
            surface.set_clip(view.inflate(8, 4))
        for item in self.items:
            # a scrolled list shows whole rows only: half a row is text cut in half
            if not (view.contains(item.rect) if scrolling else item.rect.colliderect(view)):
                continue
            if item is focused:
                draw_focus(surface, item.focus_rect())
            item.draw(surface, fonts, item is focused)
        if scrolling:
            surface.set_clip(clip)
            track = pygame.Rect(view.right + 6, view.y, 4, view.height)
            pygame.draw.rect(surface, theme.PANEL_HI, track, border_radius=2)
            thumb_h = max(24, view.height * view.height // max(1, self.content_height))
            thumb = pygame.Rect(track.x, 0, 4, thumb_h)
            span = self.content_height - (self.height or 0)
            thumb.y = track.y + (track.height - thumb_h) * self.scroll // max(1, span)
            pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=2)


class MenuScene(Scene):
    """A screen run by one Menu. It is modal: presses and mouse movement never reach the scenes
    below it. Back and pause call `back()` (by default: close this screen)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.menu = Menu([], (0, 0), 100, sound=app.audio.play)

    def back(self) -> None:
        self.app.stack.remove(self)

    def handle(self, press: Press) -> bool:
        if self.menu.handle(press):
            return True
        if press.button in ("back", "pause"):
            self.back()
        return True

    def handle_raw(self, event: pygame.event.Event) -> bool:
        if self.menu.handle_raw(event):
            return True
        return event.type in (pygame.MOUSEMOTION, pygame.MOUSEWHEEL)
