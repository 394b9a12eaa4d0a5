"""Drawing Combi-Nations hexes: pointy-top geometry on screen, each LAND type in its own colour AND its
own pattern (so no two types rely on colour alone: forest = little trees, grass = short tufts, city =
small blocks, lake = waves, SAND = plain sand with dots), facility hexes with the facility's picture
on a light disc (assets/glyphs/cn_<key>.png; its name is read out where the focus or the pointer is),
the ghost of a tile being placed (what clashes marked apart), and small tiles for the market ring.
Sprites are cached per size.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pygame

from game.ui.toolkit import theme

from .. import tables
from ..country import Placing, laid_hexes
from ..hexgrid import Hex

Colour = tuple[int, int, int]
SQRT3 = math.sqrt(3)

LAND_COLOURS: dict[str, Colour] = {
    tables.FOREST: (38, 104, 62),
    tables.GRASS: (168, 204, 92),
    tables.CITY: (176, 104, 92),
    tables.LAKE: (58, 120, 204),
    tables.SAND: (222, 196, 140),
}
PATTERN_COLOURS: dict[str, Colour] = {
    tables.FOREST: (16, 52, 28),
    tables.GRASS: (62, 96, 22),
    tables.CITY: (244, 226, 200),
    tables.LAKE: (196, 226, 255),
    tables.SAND: (176, 148, 94),
}
MIXED = (120, 100, 150)          # a facility with no theme
EDGE = (30, 26, 40)

BADGE = (250, 246, 232)          # the light disc a facility's picture sits on
GLYPH_DIR = Path(__file__).resolve().parents[2] / "assets" / "glyphs"


@cache
def facility_picture(key: str) -> pygame.Surface | None:
    """The facility's picture as rendered by tools/render_glyphs.py (None if it is missing: the badge
    then shows a plain dot)."""
    try:
        return pygame.image.load(str(GLYPH_DIR / f"cn_{key}.png"))
    except (pygame.error, FileNotFoundError, OSError):
        return None


# -- geometry ------------------------------------------------------------------------------------

def hex_to_pixel(h: Hex, size: float) -> tuple[float, float]:
    """The centre of hex (q, r) relative to hex (0, 0), hexes `size` from centre to corner."""
    q, r = h
    return (size * SQRT3 * (q + r / 2), size * 1.5 * r)


def pixel_to_hex(x: float, y: float, size: float) -> Hex:
    """The hex under a point relative to hex (0, 0)'s centre (cube rounding)."""
    q = (SQRT3 / 3 * x - y / 3) / size
    r = (2 / 3 * y) / size
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return (int(rq), int(rr))


def corners(cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """A pointy-top hexagon's six corners, clockwise from the top."""
    return [(cx + size * math.cos(math.radians(-90 + 60 * i)), cy + size * math.sin(math.radians(-90 + 60 * i)))
            for i in range(6)]


def content_colour(content: str) -> Colour:
    if content in LAND_COLOURS:
        return LAND_COLOURS[content]
    facility = tables.FACILITY_BY_KEY.get(content)
    if facility is not None and facility.theme is not None:
        return LAND_COLOURS[facility.theme]
    return MIXED


# -- one hex -------------------------------------------------------------------------------------

_cache: dict[tuple[object, ...], pygame.Surface] = {}


def _cached(key: tuple[object, ...], make: object) -> pygame.Surface:
    surf = _cache.get(key)
    if surf is None:
        if len(_cache) > 600:
            _cache.clear()
        assert callable(make)
        surf = _cache[key] = make()
    return surf


def _pattern(surf: pygame.Surface, content: str, c: float, size: float) -> None:
    col = PATTERN_COLOURS.get(content, EDGE)
    s = size
    w = max(1, round(s / 9))
    if content == tables.FOREST:
        for dx, dy in ((-0.38, 0.12), (0.38, 0.12), (0.0, -0.28), (0.0, 0.5)):
            x, y = c + dx * s, c + dy * s
            h = 0.36 * s
            pygame.draw.polygon(surf, col, [(x, y - h), (x - h * 0.62, y + h * 0.45), (x + h * 0.62, y + h * 0.45)])
            pygame.draw.line(surf, col, (x, y + h * 0.4), (x, y + h * 0.75), w)
    elif content == tables.GRASS:
        for dx, dy in ((-0.45, -0.3), (0.1, -0.45), (0.45, -0.05), (-0.2, 0.2), (0.25, 0.45), (-0.5, 0.5)):
            x, y = c + dx * s, c + dy * s
            h = 0.24 * s
            w = max(1, round(s / 7))
            pygame.draw.line(surf, col, (x, y), (x - h * 0.35, y - h), w)
            pygame.draw.line(surf, col, (x, y), (x + h * 0.35, y - h), w)
            pygame.draw.line(surf, col, (x, y), (x, y - h * 1.1), w)
    elif content == tables.CITY:
        b = max(2.0, 0.22 * s)
        for dx, dy in ((-0.42, -0.3), (0.05, -0.45), (0.38, -0.12), (-0.25, 0.2), (0.2, 0.32), (-0.6, 0.45)):
            x, y = c + dx * s, c + dy * s
            pygame.draw.rect(surf, col, pygame.Rect(round(x - b / 2), round(y - b / 2), round(b), round(b)))
    elif content == tables.LAKE:
        for dy in (-0.35, 0.05, 0.45):
            y = c + dy * s
            pts = [(c + (t / 8 - 0.5) * 1.1 * s, y + math.sin(t / 8 * 2 * math.pi) * 0.09 * s) for t in range(9)]
            pygame.draw.lines(surf, col, False, pts, w)
    elif content == tables.SAND:
        r = max(1, round(s / 14))
        for dx, dy in ((-0.4, -0.3), (0.3, -0.4), (0.45, 0.2), (-0.1, 0.05), (-0.45, 0.4), (0.15, 0.5)):
            pygame.draw.circle(surf, col, (round(c + dx * s), round(c + dy * s)), r)


def hex_sprite(content: str, size: int) -> pygame.Surface:
    """One hex of `content` (a LAND type, SAND or a facility key), `size` from centre to corner."""
    def make() -> pygame.Surface:
        side = size * 2 + 2
        surf = pygame.Surface((side, side), pygame.SRCALPHA)
        c = side / 2
        pts = corners(c, c, size)
        pygame.draw.polygon(surf, content_colour(content), pts)
        facility = tables.FACILITY_BY_KEY.get(content)
        if facility is None:
            if size >= 7:
                _pattern(surf, content, c, size)
        else:
            _badge(surf, facility, c, size)
        pygame.draw.polygon(surf, EDGE, pts, max(1, size // 14))
        return surf
    return _cached(("hex", content, size), make)


def _badge(surf: pygame.Surface, facility: tables.Facility, c: float, size: int) -> None:
    """The facility's picture on a light disc as large as the hex allows (its theme's pattern round it)."""
    if size >= 7 and facility.theme is not None:
        _pattern(surf, facility.theme, c, size * 0.8)
    radius = max(3, round(size * 0.74))
    centre = (round(c), round(c))
    pygame.draw.circle(surf, BADGE, centre, radius)
    pygame.draw.circle(surf, EDGE, centre, radius, max(1, size // 12))
    picture = facility_picture(facility.key)
    side = round(radius * 1.6)
    if picture is None or side < 6:
        pygame.draw.circle(surf, EDGE, centre, max(1, radius // 3))
        return
    small = pygame.transform.smoothscale(picture, (side, side))
    surf.blit(small, small.get_rect(center=centre))


def blit_hex(surface: pygame.Surface, content: str, centre: tuple[float, float], size: int) -> None:
    sprite = hex_sprite(content, size)
    surface.blit(sprite, sprite.get_rect(center=(round(centre[0]), round(centre[1]))))


def outline_hexes(surface: pygame.Surface, centres: Iterable[tuple[float, float]], size: float, colour: Colour,
                  width: int = 3) -> None:
    for cx, cy in centres:
        pygame.draw.polygon(surface, colour, corners(cx, cy, size), width)


def ghost_hexes(surface: pygame.Surface, cells: list[tuple[tuple[float, float], str]], size: int, ok: bool,
                clashes: Iterable[tuple[float, float]] = ()) -> None:
    """A tile about to be laid: its hexes see-through, outlined green where it fits, red where not.
    Refused, the hexes that clash (`clashes`: their centres) are crossed out in a heavy frame and the
    country under them left to show, so the cross is on the problem, not on every hex of the tile
    (and the verdict does not rest on colour alone); with no clash named, every hex is crossed."""
    colour = theme.GOOD if ok else theme.BAD
    marked = {(round(x), round(y)) for x, y in clashes}
    for (cx, cy), content in cells:
        if (round(cx), round(cy)) in marked:
            continue
        sprite = hex_sprite(content, size).copy()
        sprite.set_alpha(200 if ok else 130)
        surface.blit(sprite, sprite.get_rect(center=(round(cx), round(cy))))
    for (cx, cy), _ in cells:
        clash = (round(cx), round(cy)) in marked
        pygame.draw.polygon(surface, colour, corners(cx, cy, size), max(2, size // (4 if clash else 7)))
        if not ok and (clash or not marked):
            d = size * (0.5 if clash else 0.35)
            w = max(2, size // (5 if clash else 8))
            pygame.draw.line(surface, colour, (cx - d, cy - d), (cx + d, cy + d), w)
            pygame.draw.line(surface, colour, (cx - d, cy + d), (cx + d, cy - d), w)


def tile_cells(cells: Iterable[Hex], contents: Iterable[str], size: float) -> list[tuple[tuple[float, float], str]]:
    """A tile's hexes centred on (0, 0): each hex's offset from the tile's middle and its content."""
    cells = list(cells)
    pts = [hex_to_pixel(h, size) for h in cells]
    mx = (min(p[0] for p in pts) + max(p[0] for p in pts)) / 2
    my = (min(p[1] for p in pts) + max(p[1] for p in pts)) / 2
    return [((p[0] - mx, p[1] - my), c) for p, c in zip(pts, contents)]


def draw_tile(surface: pygame.Surface, tile_id: int, centre: tuple[float, float], size: int, turns: int = 0) -> None:
    """A LAND tile of the box, its hexes drawn about `centre`, turned `turns` × 60° as it would be laid."""
    tile = tables.LAND_TILES[tile_id]
    cells = laid_hexes(tile.stack, Placing(turns, (0, 0)))
    for (dx, dy), content in tile_cells(cells, tile.contents, size * 0.98):
        blit_hex(surface, content, (centre[0] + dx, centre[1] + dy), size)


def draw_arrow(surface: pygame.Surface, seat: int, tip: tuple[float, float], angle: float, length: float,
               colour: Colour) -> None:
    """An arrowhead pointing along `angle` (radians, screen) with its tip at `tip`."""
    ax, ay = math.cos(angle), math.sin(angle)
    px, py = -ay, ax
    base = (tip[0] - ax * length, tip[1] - ay * length)
    w = length * 0.55
    pts = [tip, (base[0] + px * w, base[1] + py * w), (base[0] - px * w, base[1] - py * w)]
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, EDGE, pts, 2)
