"""Hot-seat privacy on one screen: whose private view (a hand, a peek) may be drawn now.

Where a game hides information and two or more humans share this screen, a seat's private view is
shown only to that seat, only while it is that seat's turn to look, and only after that player has
taken the screen: when the next human to look differs from the last, a curtain covers everything
("Pass to Blue") until Blue presses their own select key. Bots' and remote seats' secrets are never
drawn: the viewer is only ever a human at this screen.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.input import Press, device_name
from game.ui.toolkit.seat_marks import draw_seat_symbol
from game.ui.toolkit.text import TextCache, draw_text_block

MARGIN = 40            # the curtain's lines keep this far from the window's sides
MESSAGE_FOOT = 50      # the table's messages, this far above the foot, under the band and its note


@dataclass
class ViewerPolicy:
    """Decides the viewer (the seat whose view the screen draws) from who should look now.

    `humans`: the human seats at this screen, in seat order; `private`: whether the game hides
    anything (else the first human's view is drawn all along, and there is never a curtain)."""

    humans: tuple[int, ...]
    private: bool
    viewer: int | None = None
    waiting: int | None = None        # the curtain is up for this seat
    last: int | None = None           # the human who looked last

    def __post_init__(self) -> None:
        if not self.shared:
            self.viewer = self.humans[0] if self.humans else None
            self.last = self.viewer

    @property
    def shared(self) -> bool:
        """Private views on a screen several humans share: the curtain is needed."""
        return self.private and len(self.humans) > 1

    def follow(self, looker: int | None) -> bool:
        """The human who should see their private view now (None: nobody); True if the viewer changed."""
        if not self.shared:
            return False
        before = (self.viewer, self.waiting)
        if looker is None or looker not in self.humans:
            self.viewer, self.waiting = None, None
        elif looker == self.viewer:
            self.waiting = None
        elif looker == self.last and self.waiting is None:
            self.viewer = looker          # the same player again: nobody else looked meanwhile
        else:
            self.viewer, self.waiting = None, looker
        return (self.viewer, self.waiting) != before

    def lift(self) -> None:
        """The player the curtain waits for has taken the screen."""
        if self.waiting is not None:
            self.viewer, self.last, self.waiting = self.waiting, self.waiting, None

    def shown(self, seat: int) -> None:
        """`seat`'s view is on screen without a curtain (the only human, or the same one again)."""
        self.last = seat


class Curtain:
    """The screen that hides everything until the named player presses their select key."""

    NOTE_SECONDS = 2.5

    def __init__(self, text: TextCache) -> None:
        self.text = text
        # The one line the curtain answers a wrong press with, in its own place under the band
        # (never over the band's lines), until it times out or the screen is taken.
        self.note = ""
        self.note_until = 0.0

    def warn(self, text: str, now: float) -> None:
        self.note, self.note_until = text, now + self.NOTE_SECONDS

    def taken(self) -> None:
        self.note = ""

    @staticmethod
    def message_anchor(surface: pygame.Surface) -> tuple[int, int]:
        """Where the table's messages go while the curtain is up: at the foot, clear of its band."""
        w, h = surface.get_size()
        return (w // 2, h - MESSAGE_FOOT)

    def handle(self, press: Press, seat: int, devices: Sequence[str]) -> str:
        """'lift' if the press takes the screen for `seat`, 'wrong' for another player's select,
        'ignore' otherwise (moving the cursor behind the curtain does nothing)."""
        if press.button != "select":
            return "ignore"
        return "lift" if press.device in devices else "wrong"

    def draw(self, surface: pygame.Surface, seat: int, devices: Sequence[str],
             select_label: str, now: float = 0.0) -> None:
        w, h = surface.get_size()
        colour = theme.seat_colour(seat)
        surface.fill(theme.BG)
        band = pygame.Rect(0, h // 2 - 150, w, 300)
        pygame.draw.rect(surface, theme.PANEL, band)
        pygame.draw.rect(surface, colour, (0, band.y, w, 8))
        pygame.draw.rect(surface, colour, (0, band.bottom - 8, w, 8))
        name = theme.PLAYER_NAMES[seat]
        title = self.text.get(f"Pass to {name}", 84, colour, True)
        mark = 64                                   # the seat's symbol before the title
        rect = title.get_rect(center=(w // 2 + (mark + 20) // 2, band.y + 90))
        draw_seat_symbol(surface, seat, (rect.x - 20 - mark // 2, rect.centery - 4), mark, colour, theme.BG)
        surface.blit(title, rect)
        where = " or ".join(device_name(d) for d in devices) or "your device"
        lines = band.inflate(-2 * MARGIN, 0)
        draw_text_block(surface, self.text,
                        f"{name}, press {select_label} ({where}) when only you can see the screen",
                        pygame.Rect(lines.x, band.y + 150, lines.width, 60), size=30, align="centre",
                        valign="middle", mode="wrap")
        draw_text_block(surface, self.text,
                        f"Everyone else: look away while {name} looks at what only {name} may see.",
                        pygame.Rect(lines.x, band.y + 214, lines.width, 60), size=24,
                        colour=theme.TEXT_DIM, align="centre", valign="middle")
        if self.note and now < self.note_until:
            draw_text_block(surface, self.text, self.note,
                            pygame.Rect(lines.x, band.bottom + 24, lines.width, 40), size=30,
                            colour=theme.BAD, bold=True, align="centre", valign="middle")
