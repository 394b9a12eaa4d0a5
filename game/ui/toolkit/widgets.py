"""Menu widgets every screen shares: a vertical list with focus, buttons, choices, a digits field,
and the drawing helpers for backdrops, panels and titles.

A Menu answers to any device: up/down move the focus, left/right change a choice, select activates;
the mouse focuses what it hovers and clicks what it points at. Text goes through the App's Fonts,
which keeps rendered text, so an unchanged menu costs only blits per frame.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.input import Press
from game.ui.toolkit.scene import Scene
from game.ui.toolkit.seat_marks import draw_seat_chip
from game.ui.toolkit.text import draw_text_block, record_layer, record_panel
from game.ui.toolkit.theme import Fonts

if TYPE_CHECKING:
    from game.ui.toolkit.app import App

Sound = Callable[[str], None]
HOVER_SLACK = 6       # pixels the pointer must travel before hovering moves a keyboard-set focus


def _no_sound(name: str) -> None:
    pass


# -- drawing helpers -------------------------------------------------------------------------------

def draw_text(surface: pygame.Surface, fonts: Fonts, text: str, pos: tuple[int, int], *,
              size: int = theme.BODY, colour: theme.Colour = theme.TEXT, bold: bool = False,
              anchor: str = "topleft") -> pygame.Rect:
    image = fonts.render(text, size, colour, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, *, fill: theme.Colour = theme.PANEL,
               edge: theme.Colour = theme.PANEL_EDGE, radius: int = theme.RADIUS, width: int = 2) -> None:
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if width:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)
    record_panel(surface, rect)


def draw_title(surface: pygame.Surface, fonts: Fonts, text: str, centre: tuple[int, int], *,
               size: int = theme.TITLE, colour: theme.Colour = theme.TEXT) -> pygame.Rect:
    shadow = fonts.render(text, size, (0, 0, 0), True)
    image = fonts.render(text, size, colour, True)
    rect = image.get_rect(center=centre)
    surface.blit(shadow, rect.move(3, 4))
    surface.blit(image, rect)
    return rect


def draw_check(surface: pygame.Surface, centre: tuple[int, int], colour: tuple[int, int, int]) -> None:
    """A tick mark, drawn: the default font has no ✓."""
    x, y = centre
    pygame.draw.lines(surface, colour, False, [(x - 9, y), (x - 3, y + 7), (x + 10, y - 8)], 4)


def draw_arrow(surface: pygame.Surface, centre: tuple[int, int], direction: int, size: int,
               colour: theme.Colour) -> None:
    """A solid triangle pointing left (-1) or right (+1); drawn, as the default font has no arrows."""
    x, y = centre
    half = size // 2
    tip = x + direction * half
    back = x - direction * half
    pygame.draw.polygon(surface, colour, [(tip, y), (back, y - half), (back, y + half)])


def draw_chip(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: theme.Colour) -> None:
    """A player's colour disc with a light rim."""
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, theme.mix(colour, (255, 255, 255), 0.45), centre, radius, 2)


@dataclass
class Backdrop:
    """The background every menu shares: a vertical gradient with a soft glow behind the title.
    Built once per size, then one blit per frame."""

    _image: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self._image is None or self._image.get_size() != size:
            self._image = self._build(size)
        surface.blit(self._image, (0, 0))

    @staticmethod
    def _build(size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        image = pygame.Surface(size)
        bottom = theme.mix(theme.BG, (0, 0, 0), 0.35)
        for y in range(h):
            pygame.draw.line(image, theme.mix(theme.BG, bottom, y / h), (0, y), (w, y))
        glow = pygame.Surface((w, h // 2), pygame.SRCALPHA)
        for i in range(12, 0, -1):
            r = pygame.Rect(0, 0, w * i // 10, h * i // 18)
            r.center = (w // 2, 0)
            pygame.draw.ellipse(glow, (*theme.BG_GLOW, 14), r)
        image.blit(glow, (0, 0))
        for x in range(0, w, 32):                         # a faint grid of dots, like a game table
            for y in range(16, h, 32):
                image.set_at((x + 16, y), theme.mix(theme.BG, theme.TEXT_FAINT, 0.25))
        return image


@dataclass
class Veil:
    """The shade an overlay lays over the scene beneath it."""

    _image: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface) -> None:
        if self._image is None or self._image.get_size() != surface.get_size():
            self._image = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._image.fill(theme.SHADE)
        surface.blit(self._image, (0, 0))
        record_layer(surface)


# -- menu items ------------------------------------------------------------------------------------

@dataclass
class Item:
    """One row of a Menu."""

    label: str
    focusable: bool = field(default=True, kw_only=True)
    height: int = field(default=theme.ROW_H, kw_only=True)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0), kw_only=True)

    def activate(self) -> bool:
        """Select pressed on the focused row; True if something happened."""
        return False

    def adjust(self, step: int) -> bool:
        """Left (-1) or right (+1) on the focused row."""
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        return self.activate()

    def key(self, event: pygame.event.Event) -> bool:
        """A raw key while this row has the focus (text entry)."""
        return False

    def focus_rect(self) -> pygame.Rect:
        """Where the focus highlight goes (a row of buttons lights only the chosen one)."""
        return self.rect

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool) -> None:
        draw_text(surface, fonts, self.label, (self.rect.x + 22, self.rect.centery),
                  colour=theme.TEXT if focused else theme.TEXT_DIM, anchor="midleft")


@dataclass
class Heading(Item):
    """A caption between groups of rows; never takes the focus."""

    focusable: bool = field(default=False, kw_only=True)
    height: int = field(default=38, kw_only=True)

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool) -> None:
        draw_text(surface, fonts, self.label.upper(), (self.rect.x + 8, self.rect.bottom - 6),
                  size=theme.TINY, colour=theme.ACCENT, anchor="bottomleft")


@dataclass
class Gap(Item):
    label: str = ""
    focusable: bool = field(default=False, kw_only=True)
    height: int = field(default=14, kw_only=True)

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool) -> None:
        pass


@dataclass
class Button(Item):
    on_select: Callable[[], Any] | None = None
    note: str = ""                     # a word on the right: "coming soon", "2-4 players"
    dimmed: bool = False               # drawn faint (still selectable, to explain why it is not ready)
    centred: bool = False
    primary: bool = False              # the screen's main action, outlined in the accent colour

    def activate(self) -> bool:
        if self.on_select is not None:
            self.on_select()
            return True
        return False

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool) -> None:
        if self.dimmed:
            colour = theme.TEXT_DIM if focused else theme.TEXT_FAINT
        else:
            colour = theme.TEXT if focused else theme.TEXT_DIM
        if self.centred:
            draw_text(surface, fonts, self.label, self.rect.center, colour=colour, anchor="center")
        else:
            draw_text(surface, fonts, self.label, (self.rect.x + 22, self.rect.centery),
                      colour=colour, anchor="midleft")
        if self.note:
            draw_text(surface, fonts, self.note, (self.rect.right - 22, self.rect.centery),
                      size=theme.SMALL, colour=theme.TEXT_FAINT if self.dimmed else theme.TEXT_DIM,
                      anchor="midright")


@dataclass
class ButtonRow(Item):
    """Buttons side by side in one row ("Start game" and "Back"); left/right pick one."""

    label: str = ""
    buttons: Sequence[Button] = ()
    index: int = 0
    gap: int = 16

    def _rects(self) -> list[pygame.Rect]:
        n = max(1, len(self.buttons))
        width = (self.rect.width - self.gap * (n - 1)) // n
        return [pygame.Rect(self.rect.x + i * (width + self.gap), self.rect.y, width,
                            self.rect.height) for i in range(n)]

    def focus_rect(self) -> pygame.Rect:
        return self._rects()[self.index]

    def adjust(self, step: int) -> bool:
        new = max(0, min(len(self.buttons) - 1, self.index + step))
        changed = new != self.index
        self.index = new
        return changed

    def activate(self) -> bool:
        return self.buttons[self.index].activate() if self.buttons else False

    def click(self, pos: tuple[int, int]) -> bool:
        for i, rect in enumerate(self._rects()):
            if rect.collidepoint(pos):
                self.index = i
                return self.activate()
        return False

    def hover(self, pos: tuple[int, int]) -> None:
        for i, rect in enumerate(self._rects()):
            if rect.collidepoint(pos):
                self.index = i

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool) -> None:
        for i, (button, rect) in enumerate(zip(self.buttons, self._rects())):
            here = focused and i == self.index
            if not here:
                edge = theme.mix(theme.ACCENT, theme.PANEL, 0.55) if button.primary else theme.PANEL_HI
                pygame.draw.rect(surface, edge, rect, 2, border_radius=theme.RADIUS)
            draw_text(surface, fonts, button.label, rect.center,
                      colour=theme.TEXT if here else theme.TEXT_DIM, anchor="center")


@dataclass
class Choice(Item):
    """A label and a value that left/right cycle through; a click on the value's left half goes
    back, on its right half forward."""

    choices: Sequence[Any] = ()
    index: int = 0
    on_change: Callable[[Any], Any] | None = None
    fmt: Callable[[Any], str] = str
    detail: Callable[[], str] | None = None      # a faint line under the value
    chip: Callable[[], Any] | None = None        # before the label: a seat (its chip, symbol and all) or a colour disc
    wrap: bool = True
    value_width: int = 300
    active: Callable[[], bool] | None = None     # False: the row means nothing with the other choices (greyed)
    inactive_note: str = ""                      # why, in place of the detail, while greyed

    @property
    def value(self) -> Any:
        return self.choices[self.index] if self.choices else None

    @property
    def live(self) -> bool:
        return self.active is None or self.active()

    def select_value(self, value: Any) -> None:
        if value in self.choices:
            self.index = list(self.choices).index(value)

    def adjust(self, step: int) -> bool:
        if len(self.choices) < 2 or not self.live:
            return False
        new = self.index + step
        if self.wrap:
            new %= len(self.choices)
        else:
            new = max(0, min(len(self.choices) - 1, new))
        if new == self.index:
            return False
        self.index = new
        if self.on_change is not None:
            self.on_change(self.value)
        return True

    def activate(self) -> bool:
        return self.adjust(+1)

    def _value_rect(self) -> pygame.Rect:
        r = pygame.Rect(0, 0, self.value_width, self.rect.height)
        r.midright = (self.rect.right - 16, self.rect.centery)
        return r

    def click(self, pos: tuple[int, int]) -> bool:
        return self.adjust(-1 if pos[0] < self._value_rect().centerx else +1)

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool) -> None:
        x = self.rect.x + 22
        if self.chip is not None:
            chip = self.chip()
            if isinstance(chip, int):
                draw_seat_chip(surface, chip, (x + 11, self.rect.centery), 11)
            else:
                draw_chip(surface, (x + 11, self.rect.centery), 11, chip)
            x += 34
        box = self._value_rect()
        live = self.live
        label = draw_text_block(surface, fonts, self.label,
                                pygame.Rect(x, self.rect.y, box.left - 12 - x, self.rect.height),
                                colour=theme.TEXT_FAINT if not live else theme.TEXT if focused else theme.TEXT_DIM,
                                mode="shorten", valign="middle")
        detail = self.inactive_note if not live else self.detail() if self.detail is not None else ""
        value_y = box.centery - (9 if detail else 0)
        arrow = theme.ACCENT if focused else theme.TEXT_FAINT
        if len(self.choices) > 1 and live:
            draw_arrow(surface, (box.left + 10, value_y), -1, 14, arrow)
            draw_arrow(surface, (box.right - 10, value_y), +1, 14, arrow)
        value_box = pygame.Rect(box.left + 22, self.rect.y, box.width - 44, self.rect.height)
        value_box.centery = value_y
        draw_text_block(surface, fonts, self.fmt(self.value), value_box, mode="shorten",
                        colour=theme.TEXT if live else theme.TEXT_FAINT, align="centre", valign="middle")
        if detail:
            # under the value; a longer line takes the room left of it too, up to the label
            line = pygame.Rect(box.left, box.centery + 2, box.width, self.rect.bottom - box.centery - 2)
            if fonts.width(detail, theme.TINY) > line.width:
                line.left = label.rect.right + 16
                line.width = box.right - line.left
            draw_text_block(surface, fonts, detail, line, size=theme.TINY, colour=theme.TEXT_DIM,
                            mode="shorten", align="centre" if line.width == box.width else "right")


@dataclass
class DigitField(Item):
    """Digits typed on the number row (the keypad stays free for the fourth keyboard seat).
    Backspace deletes a digit; on an empty field it goes back as usual."""

    text: str = ""
    max_len: int = 9
    placeholder: str = "random"
    value_width: int = 300
    on_change: Callable[[str], Any] | None = None

    def key(self, event: pygame.event.Event) -> bool:
        if pygame.K_0 <= event.key <= pygame.K_9:
            if len(self.text) < self.max_len:
                self.text += chr(event.key)
                self._changed()
            return True
        if event.key == pygame.K_BACKSPACE and self.text:
            self.text = self.text[:-1]
            self._changed()
            return True
        if event.key == pygame.K_DELETE and self.text:
            self.text = ""
            self._changed()
            return True
        return False

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.text)

    def activate(self) -> bool:
        return False

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool) -> None:
        draw_text(surface, fonts, self.label, (self.rect.x + 22, self.rect.centery),
                  colour=theme.TEXT if focused else theme.TEXT_DIM, anchor="midleft")
        box = pygame.Rect(0, 0, self.value_width, self.rect.height - 12)
        box.midright = (self.rect.right - 16, self.rect.centery)
        pygame.draw.rect(surface, theme.BG, box, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT if focused else theme.PANEL_EDGE, box, 2,
                         border_radius=6)
        if self.text:
            rect = draw_text(surface, fonts, self.text, (box.centerx, box.centery), anchor="center")
        else:
            rect = draw_text(surface, fonts, self.placeholder, (box.centerx, box.centery),
                             colour=theme.TEXT_FAINT, anchor="center")
        if focused:
            # after the typed digits; before the placeholder, never through it
            x = rect.right + 3 if self.text else rect.left - 6
            pygame.draw.line(surface, theme.ACCENT, (x, box.top + 8), (x, box.bottom - 8), 2)


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


def draw_focus(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The focus highlight: a lit row with an accent edge and a bar on its left."""
    pygame.draw.rect(surface, theme.PANEL_HI, rect, border_radius=theme.RADIUS)
    pygame.draw.rect(surface, theme.ACCENT, rect, 2, border_radius=theme.RADIUS)
    bar = pygame.Rect(rect.x + 6, rect.y + 9, 5, rect.height - 18)
    pygame.draw.rect(surface, theme.ACCENT, bar, border_radius=3)


def draw_hints(surface: pygame.Surface, fonts: Fonts, text: str) -> None:
    """The line of controls at the foot of a screen."""
    w, h = surface.get_size()
    draw_text(surface, fonts, text, (w // 2, h - 22), size=theme.TINY, colour=theme.TEXT_FAINT,
              anchor="center")




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
