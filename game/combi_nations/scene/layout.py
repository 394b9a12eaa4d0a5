"""Where everything of the Combi-Nations table is on the logical 1280×720 screen: the market ring on the
left with the five stacks inside it, the country of the player to move large in the middle, the other
countries small on the right, the prompt (with its SAND kinds and buttons) and the hints along the
bottom, the score sheet over it all, and the anchors of messages and banners. Also a HexView: a
country's hexes fitted into a rectangle, hex <-> pixel both ways.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

import pygame

from ..hexgrid import Hex, distance
from .hex_draw import SQRT3, hex_to_pixel, pixel_to_hex

Point = tuple[float, float]

BUILD_REACH = 4          # free building: a SAND tile that joins the country has its first cell this near it


@dataclass(frozen=True)
class HexView:
    """A set of hexes fitted (centred, as large as allowed) into `rect`."""

    rect: pygame.Rect
    size: int
    origin: Point                    # the pixel of hex (0, 0)

    @classmethod
    def fit(cls, rect: pygame.Rect, hexes: Iterable[Hex], max_size: int = 40, pad: int = 0) -> HexView:
        cells = list(hexes) or [(0, 0)]
        unit = [hex_to_pixel(h, 1.0) for h in cells]
        x0, x1 = min(p[0] for p in unit) - SQRT3 / 2, max(p[0] for p in unit) + SQRT3 / 2
        y0, y1 = min(p[1] for p in unit) - 1, max(p[1] for p in unit) + 1
        w, h = max(1e-6, x1 - x0), max(1e-6, y1 - y0)
        size = int(max(4, min(max_size, (rect.w - 2 * pad) / w, (rect.h - 2 * pad) / h)))
        ox = rect.centerx - (x0 + x1) / 2 * size
        oy = rect.centery - (y0 + y1) / 2 * size
        return cls(rect, size, (ox, oy))

    def centre(self, h: Hex) -> Point:
        x, y = hex_to_pixel(h, self.size)
        return (self.origin[0] + x, self.origin[1] + y)

    def hex_at(self, pos: tuple[int, int]) -> Hex:
        return pixel_to_hex(pos[0] - self.origin[0], pos[1] - self.origin[1], self.size)

    def hex_rect(self, h: Hex) -> pygame.Rect:
        """The hex's brick: as wide as the hex, as tall as its row's share, so that the bricks of a
        country tile the panel without overlapping (the mouse finds one hex under it, not two)."""
        x, y = self.centre(h)
        w, tall = SQRT3 * self.size, 1.5 * self.size
        return pygame.Rect(round(x - w / 2), round(y - tall / 2), round(w), round(tall))


def build_area(cells: Iterable[Hex]) -> set[Hex]:
    """Free building: the country's hexes and those within BUILD_REACH of them, where a SAND tile may
    be aimed (all round the centre before the first)."""
    out = set(cells)
    around = [(dq, dr) for dq in range(-BUILD_REACH, BUILD_REACH + 1) for dr in range(-BUILD_REACH, BUILD_REACH + 1)
              if distance((0, 0), (dq, dr)) <= BUILD_REACH]
    for q, r in list(out) or [(0, 0)]:
        out.update((q + dq, r + dr) for dq, dr in around)
    return out


@dataclass(frozen=True)
class Layout:
    """Screen geometry at the logical 1280×720."""

    ring_centre: tuple[int, int] = (236, 318)
    ring_radius: int = 178
    stack_radius: int = 62
    ring_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(10, 76, 452, 484))
    country_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(474, 76, 540, 470))
    side_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(1024, 8, 248, 704))
    prompt_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(474, 552, 540, 160))
    hint_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(10, 566, 452, 146))
    sheet_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(40, 30, 1200, 660))
    caption_centre: tuple[int, int] = (640, 36)
    button_size: tuple[int, int] = (130, 40)
    kind_size: tuple[int, int] = (42, 40)
    big_hex: int = 34                # the largest hex of the big country
    title_h: int = 42                # the big country's title line, above its hexes
    side_hex: int = 16               # ... and of a small one

    # -- the market ring -------------------------------------------------------------------------
    def ring_angle(self, space: float, size: int) -> float:
        """The angle (radians, screen: clockwise) of ring space `space` (fractions between spaces),
        space 0 at the top."""
        return math.radians(-90 + 360 * space / size)

    def ring_point(self, space: float, size: int, radius: float | None = None) -> Point:
        a = self.ring_angle(space, size)
        r = self.ring_radius if radius is None else radius
        return (self.ring_centre[0] + r * math.cos(a), self.ring_centre[1] + r * math.sin(a))

    def ring_tile_size(self, size: int) -> int:
        """Hex size of the small tiles on a ring of `size` spaces (they must not touch)."""
        gap = 2 * math.pi * self.ring_radius / size
        return max(7, min(15, int(gap / 3.9)))

    def ring_tile_rect(self, space: int, size: int) -> pygame.Rect:
        """The square a ring tile is chosen by (its focus frame, the mouse), clear of its neighbours'."""
        gap = 2 * math.pi * self.ring_radius / size
        side = round(min(2 * (2 * self.ring_tile_size(size) + 6), gap - 6))
        x, y = self.ring_point(space, size)
        return pygame.Rect(round(x - side / 2), round(y - side / 2), side, side)

    def ring_space_at(self, pos: tuple[int, int], size: int) -> int | None:
        dx, dy = pos[0] - self.ring_centre[0], pos[1] - self.ring_centre[1]
        if abs(math.hypot(dx, dy) - self.ring_radius) > 40:
            return None
        a = (math.degrees(math.atan2(dy, dx)) + 90) % 360
        return round(a / 360 * size) % size

    def stack_point(self, index: int) -> Point:
        a = math.radians(-90 + 72 * index)
        return (self.ring_centre[0] + self.stack_radius * math.cos(a),
                self.ring_centre[1] + self.stack_radius * math.sin(a))

    # -- the countries ---------------------------------------------------------------------------
    @property
    def country_area(self) -> pygame.Rect:
        """Where the big country's hexes go: its panel less the title line ("Red's country · 12 VP")."""
        r = self.country_rect
        return pygame.Rect(r.x + 8, r.y + self.title_h, r.w - 16, r.h - self.title_h - 8)

    def big_view(self, hexes: Iterable[Hex]) -> HexView:
        return HexView.fit(self.country_area, hexes, self.big_hex)

    def side_card(self, index: int, count: int) -> pygame.Rect:
        """The small card of the index-th other country (count of them) in the right column."""
        count = max(1, count)
        h = min(232, (self.side_rect.h - 8 * (count - 1)) // count)
        return pygame.Rect(self.side_rect.x, self.side_rect.y + index * (h + 8), self.side_rect.w, h)

    def side_view(self, card: pygame.Rect, hexes: Iterable[Hex]) -> HexView:
        return HexView.fit(pygame.Rect(card.x + 6, card.y + 30, card.w - 12, card.h - 36), hexes, self.side_hex)

    # -- the prompt ------------------------------------------------------------------------------
    @property
    def held_point(self) -> Point:
        """Where the tile taken this turn (or the SAND tile about to be laid) is shown."""
        return (self.prompt_rect.x + 64, self.prompt_rect.y + 70)

    @property
    def discard_point(self) -> Point:
        """Where the solo opponent's tiles fly off to: out under the prompt."""
        return (self.prompt_rect.centerx, self.prompt_rect.bottom + 40)

    @property
    def text_left(self) -> int:
        """Where the prompt's words begin, right of the held tile."""
        return self.prompt_rect.x + 132

    def button_rect(self, index: int) -> pygame.Rect:
        """The index-th button along the bottom of the prompt panel, from the right."""
        w, h = self.button_size
        return pygame.Rect(self.prompt_rect.right - 12 - (index + 1) * (w + 8) + 8, self.prompt_rect.bottom - h - 10,
                           w, h)

    def kind_rect(self, index: int) -> pygame.Rect:
        """Free building: the index-th kind of SAND tile left, along the prompt's bottom left."""
        w, h = self.kind_size
        return pygame.Rect(self.prompt_rect.x + 14 + index * (w + 6), self.prompt_rect.bottom - h - 10, w, h)

    @property
    def log_box(self) -> pygame.Rect:
        """The move log's lines, at the foot of the hints panel."""
        r = self.hint_rect
        return pygame.Rect(r.x, r.bottom - 56, r.w, 56)

    # -- what every game screen asks of its layout -----------------------------------------------
    @property
    def message_anchor(self) -> tuple[int, int]:
        return (self.country_rect.centerx, self.country_rect.bottom - 30)

    @property
    def banner_anchor(self) -> tuple[int, int]:
        return self.country_rect.center

    @property
    def status_rect(self) -> pygame.Rect:
        return self.country_rect

    @property
    def log_rect(self) -> pygame.Rect:
        return self.log_box
