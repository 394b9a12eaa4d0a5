"""A one-line text field for menus: a player name, an address like 192.168.1.5:47800 or [fe80::1].

It takes the characters SDL translated for a key press (KEYDOWN's `unicode`), so any layout types
what its keys say. While it has the focus it keeps every key that types something: the letters of
the keyboard seats' zones (WASD, IJKL, the numpad) type instead of moving. Keys that type nothing
(the arrows, Enter, Esc) still reach the menu, so a player can always leave the field.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.drawing import draw_text
from game.ui.toolkit.menu_items import Item
from game.ui.toolkit.theme import Fonts


def _paste() -> str:
    """The clipboard's text, or "" where there is none (headless, no clipboard support)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError):
        return ""
    return text if isinstance(text, str) else ""


@dataclass
class TextField(Item):
    text: str = ""
    max_len: int = 24
    placeholder: str = ""
    value_width: int = 300
    allowed: Callable[[str], bool] = str.isprintable     # which characters may be typed
    on_change: Callable[[str], Any] | None = None
    on_submit: Callable[[], Any] | None = None          # Enter (or select) on the field

    def key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_v and getattr(event, "mod", 0) & pygame.KMOD_CTRL:
            return self.insert(_paste()) or True
        if key == pygame.K_BACKSPACE:
            if not self.text:
                return False            # an empty field: Backspace goes back, as everywhere
            mod = getattr(event, "mod", 0)
            self.text = "" if mod & pygame.KMOD_CTRL else self.text[:-1]
            self._changed()
            return True
        if key == pygame.K_DELETE:
            if self.text:
                self.text = ""
                self._changed()
            return True
        char = getattr(event, "unicode", "") or ""
        if len(char) == 1 and char.isprintable():
            self.insert(char)
            return True                 # kept even when refused: a typed letter never navigates
        return False

    def insert(self, chars: str) -> bool:
        """Append what fits and is allowed; True if anything was added."""
        added = ""
        for char in chars:
            if len(self.text) + len(added) >= self.max_len:
                break
            if char.isprintable() and self.allowed(char):
                added += char
        if not added:
            return False
        self.text += added
        self._changed()
        return True

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.text)

    def activate(self) -> bool:
        if self.on_submit is not None:
            self.on_submit()
            return True
        return False

    def box(self) -> pygame.Rect:
        box = pygame.Rect(0, 0, self.value_width, self.rect.height - 12)
        box.midright = (self.rect.right - 16, self.rect.centery)
        return box

    def draw(self, surface: pygame.Surface, fonts: Fonts, focused: bool) -> None:
        draw_text(surface, fonts, self.label, (self.rect.x + 22, self.rect.centery),
                  colour=theme.TEXT if focused else theme.TEXT_DIM, anchor="midleft")
        box = self.box()
        pygame.draw.rect(surface, theme.BG, box, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT if focused else theme.PANEL_EDGE, box, 2,
                         border_radius=6)
        inner = box.inflate(-24, 0)
        if not self.text:
            draw_text(surface, fonts, self.placeholder, box.center, colour=theme.TEXT_FAINT,
                      anchor="center")
            caret = box.centerx
        else:
            image = fonts.render(self.text, theme.BODY, theme.TEXT)
            # A long text shows its end, where the player types.
            shown = image.get_rect(center=box.center)
            if shown.width > inner.width:
                shown.right = inner.right
            clip = surface.get_clip()
            surface.set_clip(inner.clip(clip))
            surface.blit(image, shown)
            surface.set_clip(clip)
            caret = min(shown.right + 3, inner.right)
        if focused:
            pygame.draw.line(surface, theme.ACCENT, (caret, box.top + 8), (caret, box.bottom - 8), 2)


class TextInputSwitch:
    """SDL's text input, on only while a text box has the focus.

    The window keeps text input off (no IME or on-screen keyboard over a game), and then SDL
    translates a key press without its shift for punctuation: Shift+; gives ";", not the ":" an
    address needs. A screen with text boxes turns it on while one has the focus, and off again
    before it hands over to another screen.
    """

    def __init__(self) -> None:
        self.on = False

    def sync(self, wanted: bool) -> None:
        if wanted == self.on:
            return
        try:
            if wanted:
                pygame.key.start_text_input()
            else:
                pygame.key.stop_text_input()
        except pygame.error:
            pass        # no video system (some headless runs): KEYDOWN's text still works
        self.on = wanted
