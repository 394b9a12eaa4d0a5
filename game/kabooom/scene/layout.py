"""Where everything of the Kabooom! table is on the logical 1280×720 screen: the board and its squares,
the players' cards, the action panel, its tray, the pass button, the hints and the log, and the
anchors of messages and banners."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

CENTRE = 12


@dataclass(frozen=True)
class Layout:
    """Screen geometry at the logical 1280×720."""

    width: int = 1280
    height: int = 720
    pitch: int = 116                 # cell plus gap
    cell: int = 108
    origin: tuple[int, int] = (354, 92)
    counter: int = 80                # counter diameter
    thickness: int = 6               # the coin's edge, seen below its face
    stack_step: int = 10             # how far each counter below the top shows

    @property
    def board_rect(self) -> pygame.Rect:
        size = 4 * self.pitch + self.cell
        return pygame.Rect(self.origin[0], self.origin[1], size, size)

    @property
    def frame_rect(self) -> pygame.Rect:
        return self.board_rect.inflate(36, 36)

    def cell_rect(self, square: int) -> pygame.Rect:
        row, col = divmod(square, 5)
        return pygame.Rect(self.origin[0] + col * self.pitch, self.origin[1] + row * self.pitch,
                           self.cell, self.cell)

    def centre(self, square: int) -> tuple[float, float]:
        r = self.cell_rect(square)
        return (r.x + r.w / 2, r.y + r.h / 2)

    def square_at(self, pos: tuple[int, int]) -> int | None:
        x, y = pos[0] - self.origin[0], pos[1] - self.origin[1]
        if x < 0 or y < 0:
            return None
        col, dx = divmod(x, self.pitch)
        row, dy = divmod(y, self.pitch)
        if col >= 5 or row >= 5 or dx >= self.cell or dy >= self.cell:
            return None
        square = int(row) * 5 + int(col)
        return None if square == CENTRE else square

    # -- panels ----------------------------------------------------------------------------------
    @property
    def left_panel(self) -> pygame.Rect:
        return pygame.Rect(20, 92, 300, 590)

    def player_card(self, seat: int, players: int) -> pygame.Rect:
        gap = 10
        h = min(140, (self.left_panel.h - gap * (players - 1)) // players)
        return pygame.Rect(self.left_panel.x, self.left_panel.y + seat * (h + gap), self.left_panel.w, h)

    @property
    def right_panel(self) -> pygame.Rect:
        return pygame.Rect(960, 92, 300, 590)

    @property
    def rules_box(self) -> pygame.Rect:
        return pygame.Rect(960, 56, 300, 116)

    @property
    def action_box(self) -> pygame.Rect:
        return pygame.Rect(960, 182, 300, 190)

    def tray_slot(self, index: int) -> pygame.Rect:
        box = self.action_box
        return pygame.Rect(box.x + 14 + index * 70, box.y + 52, 62, 92)

    @property
    def pass_button(self) -> pygame.Rect:
        return pygame.Rect(960, 384, 300, 58)

    @property
    def hint_box(self) -> pygame.Rect:
        return pygame.Rect(960, 454, 300, 128)

    @property
    def log_box(self) -> pygame.Rect:
        return pygame.Rect(960, 592, 300, 112)

    @property
    def banner_centre(self) -> tuple[int, int]:
        return (self.board_rect.centerx, 36)

    @property
    def toast_centre(self) -> tuple[int, int]:
        # below the board's column letters: a message never hides row 5's counters
        return (self.board_rect.centerx, self.board_rect.bottom + 34)

    # -- what every game screen asks of its layout ---------------------------------------------
    @property
    def message_anchor(self) -> tuple[int, int]:
        return self.toast_centre

    @property
    def banner_anchor(self) -> tuple[int, int]:
        return self.board_rect.center

    @property
    def status_rect(self) -> pygame.Rect:
        return self.board_rect

    @property
    def log_rect(self) -> pygame.Rect:
        return self.log_box
