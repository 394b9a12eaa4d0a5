"""The rows of a Menu (game.ui.toolkit.widgets): a heading, a gap, a button, a row of buttons, a
choice to step through, a field of digits. Each draws itself and answers the presses a Menu passes on."""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.drawing import (
    draw_arrow,
    draw_chip,
    draw_text,
)
from game.ui.toolkit.seat_marks import draw_seat_chip
from game.ui.toolkit.text import draw_text_block
from game.ui.toolkit.theme import Fonts


def run(on_select: Callable[[], Any] | None) -> bool:
    """A row's Select: its action, if it has one; True if something happened."""
    if on_select is None:
        return False
    on_select()
    return True


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
        return run(self.on_select)

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


__all__ = ["Button", "ButtonRow", "Choice", "DigitField", "Gap", "Heading", "Item", "run"]
