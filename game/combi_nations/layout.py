"""Where things go on the Combi-Nations screen (1280×720): the market ring on the left with the five
stacks inside it, the country of the player to move large in the middle, the other countries small on
the right, the prompt and hints along the bottom. Also a HexView: a country's hexes fitted into a
rectangle, hex <-> pixel both ways.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from .hex_draw import SQRT3, hex_to_pixel, pixel_to_hex
from .hexgrid import Hex

Point = tuple[float, float]

RING_CENTRE = (236, 318)
RING_RADIUS = 178
STACK_RADIUS = 62
RING_RECT = pygame.Rect(10, 76, 452, 484)
COUNTRY_RECT = pygame.Rect(474, 76, 540, 470)
SIDE_RECT = pygame.Rect(1024, 8, 248, 704)
PROMPT_RECT = pygame.Rect(474, 552, 540, 160)
HINT_RECT = pygame.Rect(10, 566, 452, 146)
CAPTION_CENTRE = (640, 36)
BUTTON_H = 40


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


def ring_angle(space: float, size: int) -> float:
    """The angle (radians, screen: clockwise) of ring space `space` (fractions between spaces),
    space 0 at the top."""
    return math.radians(-90 + 360 * space / size)


def ring_point(space: float, size: int, radius: float = RING_RADIUS) -> Point:
    a = ring_angle(space, size)
    return (RING_CENTRE[0] + radius * math.cos(a), RING_CENTRE[1] + radius * math.sin(a))


def ring_tile_size(size: int) -> int:
    """Hex size of the small tiles on a ring of `size` spaces (they must not touch)."""
    gap = 2 * math.pi * RING_RADIUS / size
    return max(7, min(15, int(gap / 3.9)))


def ring_space_at(pos: tuple[int, int], size: int) -> int | None:
    dx, dy = pos[0] - RING_CENTRE[0], pos[1] - RING_CENTRE[1]
    dist = math.hypot(dx, dy)
    if abs(dist - RING_RADIUS) > 40:
        return None
    a = (math.degrees(math.atan2(dy, dx)) + 90) % 360
    return round(a / 360 * size) % size


def stack_point(index: int) -> Point:
    a = math.radians(-90 + 72 * index)
    return (RING_CENTRE[0] + STACK_RADIUS * math.cos(a), RING_CENTRE[1] + STACK_RADIUS * math.sin(a))


def side_rect(index: int, count: int) -> pygame.Rect:
    """The small card of the index-th other country (count of them) in the right column."""
    count = max(1, count)
    h = min(232, (SIDE_RECT.h - 8 * (count - 1)) // count)
    return pygame.Rect(SIDE_RECT.x, SIDE_RECT.y + index * (h + 8), SIDE_RECT.w, h)


def button_rects(count: int) -> list[pygame.Rect]:
    """The buttons along the bottom of the prompt panel, right to left."""
    out = []
    w = 150
    for i in range(count):
        out.append(pygame.Rect(PROMPT_RECT.right - 12 - (i + 1) * (w + 8) + 8, PROMPT_RECT.bottom - BUTTON_H - 10,
                               w, BUTTON_H))
    return out
