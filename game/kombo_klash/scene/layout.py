"""Kombo Klash! screen geometry at the logical 1280×720: the board and the score track around it, the
draw and discard piles, the hand row, the seat cards, the right-hand panel with its buttons, and the
anchors every game screen asks for (messages, banners, the LAN overlay, the log).

Pure arithmetic on pygame.Rect: every position the scene draws at, focuses or animates to is here, so
drawing, the focus, the mouse and the animations agree.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import pygame

from game.kombo_klash.tables import CENTRE, SIZE

Point = tuple[float, float]


@dataclass(frozen=True)
class Layout:
    width: int = 1280
    height: int = 720
    cell: int = 82                   # a board square
    pitch: int = 86                  # square plus gap
    tile: int = 80                   # a tile on the board (TileArt size: 80 and more shows its name)
    hand_tile: int = 80
    hand_pitch: int = 88
    origin: tuple[int, int] = (427, 110)
    track_band: int = 32             # the score track's width
    track_gap: int = 6               # between the board's frame and the track
    frame_pad: int = 10              # the board's frame around the squares
    left_x: int = 16
    column_w: int = 270
    right_x: int = 994

    # -- the board ------------------------------------------------------------------------------
    @property
    def board_rect(self) -> pygame.Rect:
        side = (SIZE - 1) * self.pitch + self.cell
        return pygame.Rect(self.origin, (side, side))

    @property
    def frame_rect(self) -> pygame.Rect:
        return self.board_rect.inflate(2 * self.frame_pad, 2 * self.frame_pad)

    def cell_rect(self, square: int) -> pygame.Rect:
        row, col = divmod(square, SIZE)
        return pygame.Rect(self.origin[0] + col * self.pitch, self.origin[1] + row * self.pitch,
                           self.cell, self.cell)

    def tile_rect(self, square: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, self.tile, self.tile)
        rect.center = self.cell_rect(square).center
        return rect

    def centre(self, square: int) -> Point:
        r = self.cell_rect(square)
        return (r.x + r.w / 2, r.y + r.h / 2)

    def square_at(self, pos: tuple[int, int]) -> int | None:
        """The tile space under `pos` (never the centre, which holds the draw pile)."""
        x, y = pos[0] - self.origin[0], pos[1] - self.origin[1]
        if x < 0 or y < 0:
            return None
        col, dx = divmod(x, self.pitch)
        row, dy = divmod(y, self.pitch)
        if col >= SIZE or row >= SIZE or dx >= self.cell or dy >= self.cell:
            return None
        square = int(row) * SIZE + int(col)
        return None if square == CENTRE else square

    @property
    def deck_centre(self) -> Point:
        return self.centre(CENTRE)

    # -- the score track ------------------------------------------------------------------------
    @property
    def track_outer(self) -> pygame.Rect:
        grow = 2 * (self.track_gap + self.track_band)
        return self.frame_rect.inflate(grow, grow)

    @property
    def track_path_rect(self) -> pygame.Rect:
        """The rounded rectangle the counters run along: the middle of the band."""
        inset = self.track_band // 2
        return self.track_outer.inflate(-2 * inset, -2 * inset)

    # -- piles ----------------------------------------------------------------------------------
    @property
    def discard_rect(self) -> pygame.Rect:
        """The discard pile, in the gap right of the track, level with the draw pile."""
        side = 66
        gap_left, gap_right = self.track_outer.right, self.right_x
        rect = pygame.Rect(0, 0, side, side)
        rect.center = ((gap_left + gap_right) // 2, round(self.deck_centre[1]))
        return rect

    # -- the hand row ---------------------------------------------------------------------------
    @property
    def hand_area(self) -> pygame.Rect:
        top = self.track_outer.bottom + 20
        return pygame.Rect(self.left_x + self.column_w + 10, top, self.right_x - self.left_x - self.column_w - 20,
                           self.height - top - 6)

    def hand_pitch_for(self, count: int) -> int:
        area = self.hand_area
        if count <= 1:
            return self.hand_pitch
        return min(self.hand_pitch, (area.w - self.hand_tile) // (count - 1))

    def hand_slot(self, index: int, count: int) -> pygame.Rect:
        """Where tile `index` of a hand of `count` sits: a row centred under the board."""
        area = self.hand_area
        pitch = self.hand_pitch_for(count)
        width = self.hand_tile + pitch * max(0, count - 1)
        x = area.centerx - width // 2 + index * pitch
        return pygame.Rect(x, area.y + 4, self.hand_tile, self.hand_tile)

    # -- the left column ------------------------------------------------------------------------
    @property
    def title_pos(self) -> tuple[int, int]:
        return (self.left_x + 6, 16)

    @property
    def cards_rect(self) -> pygame.Rect:
        return pygame.Rect(self.left_x, 76, self.column_w, 500)

    def seat_card(self, seat: int, players: int) -> pygame.Rect:
        gap = 10
        area = self.cards_rect
        h = min(116, (area.h - gap * (players - 1)) // players)
        return pygame.Rect(area.x, area.y + seat * (h + gap), area.w, h)

    def card_hand_point(self, seat: int, players: int) -> Point:
        """Where tiles fly to and from a seat's hand on its card."""
        card = self.seat_card(seat, players)
        return (card.x + 60, card.bottom - 24)

    @property
    def legend_rect(self) -> pygame.Rect:
        return pygame.Rect(self.left_x, 592, self.column_w, 120)

    # -- the right column -----------------------------------------------------------------------
    @property
    def prompt_rect(self) -> pygame.Rect:
        return pygame.Rect(self.right_x, 16, self.column_w, 384)

    def button_rect(self, index: int) -> pygame.Rect:
        box = self.prompt_rect
        return pygame.Rect(box.x + 12, box.y + 132 + index * 50, box.w - 24, 42)

    MAX_BUTTONS = 5

    @property
    def hint_rect(self) -> pygame.Rect:
        return pygame.Rect(self.right_x, 410, self.column_w, 136)

    @property
    def log_rect(self) -> pygame.Rect:
        return pygame.Rect(self.right_x, 556, self.column_w, 152)

    @property
    def caption_centre(self) -> tuple[int, int]:
        return (self.board_rect.centerx, 30)

    @property
    def toast_centre(self) -> tuple[int, int]:
        return (self.board_rect.centerx, self.track_outer.bottom - 4)

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


@dataclass(frozen=True)
class Track:
    """The score track: a rounded rectangle round the board from 0 (just right of the top middle)
    clockwise to the target (just left of it), so the start and the finish sit side by side."""

    rect: pygame.Rect
    target: int
    radius: float = 28.0
    gap: float = 64.0                # between the finish and the start, at the top middle

    @cached_property
    def segments(self) -> list[tuple[str, float, tuple[float, ...]]]:
        """The path as straight lines and quarter arcs, clockwise from the top middle (worked out
        once: every counter on the track asks for its place every frame)."""
        r = self.radius
        x0, y0, x1, y1 = self.rect.left, self.rect.top, self.rect.right, self.rect.bottom
        cx = (x0 + x1) / 2
        return [
            ("line", x1 - r - cx, (cx, y0, x1 - r, y0)),
            ("arc", math.pi * r / 2, (x1 - r, y0 + r, -math.pi / 2)),
            ("line", y1 - y0 - 2 * r, (x1, y0 + r, x1, y1 - r)),
            ("arc", math.pi * r / 2, (x1 - r, y1 - r, 0.0)),
            ("line", x1 - x0 - 2 * r, (x1 - r, y1, x0 + r, y1)),
            ("arc", math.pi * r / 2, (x0 + r, y1 - r, math.pi / 2)),
            ("line", y1 - y0 - 2 * r, (x0, y1 - r, x0, y0 + r)),
            ("arc", math.pi * r / 2, (x0 + r, y0 + r, math.pi)),
            ("line", cx - x0 - r, (x0 + r, y0, cx, y0)),
        ]

    @cached_property
    def length(self) -> float:
        return sum(length for _, length, _ in self.segments)

    def at_distance(self, d: float) -> tuple[Point, Point]:
        """The point `d` along the path from the top middle, and the unit direction of travel there."""
        segments = self.segments
        for i, (kind, length, p) in enumerate(segments):
            if d <= length or i == len(segments) - 1:       # the last segment takes any remainder
                t = 0.0 if length <= 0 else max(0.0, min(1.0, d / length))
                if kind == "line":
                    ax, ay, bx, by = p
                    n = math.hypot(bx - ax, by - ay) or 1.0
                    return (ax + (bx - ax) * t, ay + (by - ay) * t), ((bx - ax) / n, (by - ay) / n)
                cx, cy, start = p
                a = start + t * math.pi / 2
                return ((cx + self.radius * math.cos(a), cy + self.radius * math.sin(a)),
                        (-math.sin(a), math.cos(a)))
            d -= length
        raise ValueError("a track has segments")

    def point(self, score: float) -> tuple[Point, Point]:
        """Where a counter on `score` stands (a score past the target stays at the finish)."""
        usable = self.length - self.gap
        s = max(0.0, min(float(score), float(self.target)))
        return self.at_distance(self.gap / 2 + usable * s / self.target)
