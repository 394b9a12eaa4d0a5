"""Kabooom! art: the counter sprites, the marks on squares, the static board background. Everything
here is made once and blitted per frame, so a frame is a few dozen blits (the 2 ms budget)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

import pygame

from game.kabooom.rules import SYMBOL_NAMES as RULE_SYMBOL_NAMES
from game.kabooom.rules import SYMBOLS
from game.ui.toolkit import theme
from game.ui.toolkit.seat_marks import draw_seat_symbol
from game.ui.toolkit.text import TextCache, fit

from .layout import CENTRE, Layout

Colour = tuple[int, ...]
SYMBOL_NAMES = dict(zip(SYMBOLS, RULE_SYMBOL_NAMES, strict=True))     # "R" -> "Rock"
GLYPH_FILES = {"R": "rock", "P": "paper", "S": "scissors", "D": "dynamite", "boom": "boom"}
GLYPH_DIR = Path(__file__).resolve().parent.parent / "assets" / "glyphs"

BOARD_FRAME = (50, 44, 78)
CELL_A = (74, 67, 110)
CELL_B = (67, 61, 101)
CELL_EDGE = (92, 85, 134)
# The marks on squares differ by shape, not only colour, and use no seat's colour: the last move is
# a dashed outline with an arrow from→to, legal targets are circled, the picked tower has a thick
# solid frame (ACCENT), a Dynamite's targets are circled in BLAST with the blast icon; cursors are
# corner brackets in the seat's colour.
MARK = theme.LAST_MOVE
TARGET = theme.CHOOSABLE
BLAST = theme.HIGHLIGHT
OUTLINE = (12, 10, 20)


def _shade(colour: Colour, factor: float) -> tuple[int, int, int]:
    return tuple(max(0, min(255, int(c * factor))) for c in colour[:3])  # type: ignore[return-value]


def _fallback_glyph(symbol: str, size: int) -> pygame.Surface:
    """Plain shapes for when the PNGs are missing: still one clear shape per symbol."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    u = size / 16
    if symbol == "R":
        pts = [(3, 11), (4, 6), (7, 3), (11, 4), (13, 8), (13, 12), (9, 14), (5, 14)]
        pygame.draw.polygon(s, (130, 124, 118), [(x * u, y * u) for x, y in pts])
        pygame.draw.polygon(s, (70, 66, 62), [(x * u, y * u) for x, y in pts], max(1, int(u)))
    elif symbol == "P":
        rect = pygame.Rect(4 * u, 2 * u, 8 * u, 12 * u)
        pygame.draw.rect(s, (250, 250, 250), rect)
        pygame.draw.rect(s, (80, 120, 200), rect, max(1, int(u)))
        for i in range(4):
            y = (5 + 2 * i) * u
            pygame.draw.line(s, (120, 140, 170), (5.5 * u, y), (10.5 * u, y), max(1, int(u * 0.6)))
    elif symbol == "S":
        w = max(2, int(u * 1.3))
        pygame.draw.line(s, (120, 130, 140), (4 * u, 2 * u), (11 * u, 10 * u), w)
        pygame.draw.line(s, (120, 130, 140), (12 * u, 2 * u), (5 * u, 10 * u), w)
        pygame.draw.circle(s, (220, 60, 50), (5 * u, 12 * u), 2.2 * u, w)
        pygame.draw.circle(s, (220, 60, 50), (11 * u, 12 * u), 2.2 * u, w)
    elif symbol == "D":
        pygame.draw.line(s, (210, 40, 40), (4 * u, 12 * u), (11 * u, 5 * u), int(4 * u))
        pygame.draw.line(s, (90, 70, 40), (11 * u, 5 * u), (13 * u, 2.5 * u), max(1, int(u)))
        pygame.draw.circle(s, (255, 200, 40), (13 * u, 2.5 * u), 1.3 * u)
    else:   # boom
        star: list[tuple[float, float]] = [(8 + 7 * math.cos(a) * (1 if i % 2 else 0.45), 8 + 7 * math.sin(a) * (1 if i % 2 else 0.45))
               for i, a in enumerate(math.tau * k / 16 for k in range(16))]
        pygame.draw.polygon(s, (255, 170, 40), [(x * u, y * u) for x, y in star])
        pygame.draw.circle(s, (255, 240, 120), (8 * u, 8 * u), 2.5 * u)
    return s


def load_glyphs(directory: Path = GLYPH_DIR, size: int = 96) -> dict[str, pygame.Surface]:
    glyphs = {}
    for key, name in GLYPH_FILES.items():
        path = directory / f"{name}.png"
        try:
            img = pygame.image.load(str(path))
            if img.get_size() != (size, size):
                img = pygame.transform.smoothscale(img.convert_alpha() if pygame.display.get_surface()
                                                   else img, (size, size))
            glyphs[key] = img
        except (pygame.error, FileNotFoundError, OSError):
            glyphs[key] = _fallback_glyph(key, size)
    return glyphs


@dataclass
class CounterArt:
    """Counter sprites per (colour, symbol) and size: a coin in the player's colour, a light face and
    the symbol, so both who owns it and what it is read at a glance."""

    diameter: int
    thickness: int
    glyphs: dict[str, pygame.Surface]
    _cache: dict[tuple, pygame.Surface] = field(default_factory=dict)

    def counter(self, owner: int, symbol: str, diameter: int | None = None) -> pygame.Surface:
        d = diameter or self.diameter
        colour = theme.seat_colour(owner)
        key = (owner, colour, symbol, d)       # the colour too: the palette can change (Settings)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._cache[key] = fit(self._make(colour, symbol, d, owner))
        return surf

    def glyph(self, symbol: str, size: int) -> pygame.Surface:
        key = ("glyph", symbol, size)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._cache[key] = fit(pygame.transform.smoothscale(self.glyphs[symbol], (size, size)))
        return surf

    def _make(self, colour: Colour, symbol: str, d: int, owner: int = -1) -> pygame.Surface:
        t = max(2, round(self.thickness * d / self.diameter))
        k = 4   # draw big and scale down: smooth edges without per-shape antialiasing
        D, T = d * k, t * k
        big = pygame.Surface((D, D + T), pygame.SRCALPHA)
        r = D / 2
        edge = _shade(colour, 0.55)
        pygame.draw.circle(big, (0, 0, 0, 90), (r, r + T + k), r)             # contact shadow
        pygame.draw.circle(big, edge, (r, r + T), r)                            # coin edge
        pygame.draw.circle(big, _shade(colour, 0.4), (r, r), r)                  # outline
        pygame.draw.circle(big, colour, (r, r), r - 2 * k)                       # face
        pygame.draw.circle(big, _shade(colour, 1.25), (r, r), r - 2 * k, 2 * k)  # rim highlight
        pygame.draw.circle(big, (248, 244, 236), (r, r), r * 0.72)               # light inner disc
        pygame.draw.circle(big, _shade(colour, 0.8), (r, r), r * 0.72, k)
        surf = pygame.transform.smoothscale(big, (d, d + t))
        g = round(d * 0.56)
        glyph = pygame.transform.smoothscale(self.glyphs[symbol], (g, g))
        surf.blit(glyph, ((d - g) // 2, (d - g) // 2))
        if owner >= 0:
            # the owner's symbol on a dark badge over the ring (top left, clear of the height badge
            # and the blast mark), so whose counter it is never rests on colour alone
            b = max(9, round(d * 0.32))
            bx, by = d / 2 - d * 0.3, d / 2 - d * 0.3
            pygame.draw.circle(surf, (16, 14, 26), (bx, by), b / 2)
            pygame.draw.circle(surf, _shade(colour, 1.15), (bx, by), b / 2, max(1, round(d / 60)))
            draw_seat_symbol(surf, owner, (bx, by), round(b * 0.62), theme.TEXT)
        return surf


def badge(text_cache: TextCache, height: int) -> pygame.Surface:
    label = text_cache.get(str(height), 24, theme.TEXT, True)
    w = max(26, label.get_width() + 12)
    surf = pygame.Surface((w, 24), pygame.SRCALPHA)
    pygame.draw.rect(surf, (16, 14, 26, 235), surf.get_rect(), border_radius=8)
    pygame.draw.rect(surf, theme.ACCENT, surf.get_rect(), 2, border_radius=8)
    surf.blit(label, label.get_rect(center=(w / 2, 13)))
    return fit(surf)


def rounded_overlay(size: tuple[int, int], colour: Colour, fill_alpha: int, width: int,
                    radius: int = 14) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rect = surf.get_rect()
    if fill_alpha:
        pygame.draw.rect(surf, (*colour[:3], fill_alpha), rect, border_radius=radius)
    if width:
        pygame.draw.rect(surf, (*colour[:3], 255), rect, width, border_radius=radius)
    return fit(surf)


def _rounded_path(size: float, inset: float, radius: float, steps: int = 6) -> list[tuple[float, float]]:
    """Points round a square `size` across, `inset` in from its edge, with rounded corners (closed)."""
    a, b = inset + radius, size - inset - radius
    points = []
    for cx, cy, start in ((b, a, -90), (b, b, 0), (a, b, 90), (a, a, 180)):
        for k in range(steps + 1):
            t = math.radians(start + 90 * k / steps)
            points.append((cx + radius * math.cos(t), cy + radius * math.sin(t)))
    points.append(points[0])
    return points


def _point_at(path: list[tuple[float, float]], along: list[float], d: float) -> tuple[float, float]:
    """The point `d` along `path` (`along`: each point's distance from the start)."""
    for (p, q), (a, b) in zip(pairwise(path), pairwise(along)):
        if d <= b:
            t = (d - a) / (b - a) if b > a else 0.0
            return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
    return path[-1]


def dashed_frame(size: int, colour: Colour, width: int = 3, dash: float = 11, gap: float = 7, inset: int = 5,
                 radius: int = 10) -> pygame.Surface:
    """A dashed outline with a dark edge: the last move's squares."""
    k = 4
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    path = _rounded_path(size * k, inset * k, radius * k)
    segments = list(pairwise(path))
    total = sum(math.dist(p, q) for p, q in segments)
    n = max(1, round(total / ((dash + gap) * k)))
    period = total / n
    on = period * dash / (dash + gap)
    # where along the path each point lies, then each dash as the run of points inside it
    along = [0.0]
    for p, q in segments:
        along.append(along[-1] + math.dist(p, q))
    for shade, w in ((OUTLINE, width + 2), (colour, width)):
        for i in range(n):
            lo, hi = i * period, i * period + on
            run = [pt for pt, d in zip(path, along) if lo < d < hi]
            run = [_point_at(path, along, lo), *run, _point_at(path, along, hi)]
            pygame.draw.lines(big, (*shade[:3], 255), False, run, w * k)
            for end in (run[0], run[-1]):      # round ends
                pygame.draw.circle(big, (*shade[:3], 255), end, w * k / 2)
    return fit(pygame.transform.smoothscale(big, (size, size)))


def target_ring(size: int, colour: Colour, width: int = 5) -> pygame.Surface:
    """A ring round the middle of a square, a dark edge each side: where the picked tower may go.
    It circles the tower there (drawn over the pieces) without covering its symbol."""
    k = 4
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    c = size * k / 2
    r = (size / 2 - 4) * k
    pygame.draw.circle(big, (*OUTLINE, 230), (c, c), r + 1.5 * k, (width + 3) * k)
    pygame.draw.circle(big, (*colour[:3], 255), (c, c), r, width * k)
    return fit(pygame.transform.smoothscale(big, (size, size)))


def move_arrow(start: tuple[float, float], end: tuple[float, float], colour: Colour, stop: float = 44
               ) -> tuple[pygame.Surface, tuple[int, int]]:
    """An arrow from `start` to `stop` pixels short of `end` with a dark edge, and where to blit it."""
    k = 4
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    tip = (end[0] - ux * stop, end[1] - uy * stop)
    left, top = min(start[0], tip[0]) - 24, min(start[1], tip[1]) - 24
    w, h = int(abs(tip[0] - start[0]) + 48), int(abs(tip[1] - start[1]) + 48)
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)

    def at(x: float, y: float) -> tuple[float, float]:
        return ((x - left) * k, (y - top) * k)

    head, half, shaft = 16.0, 11.0, 3.0
    base = (tip[0] - ux * head, tip[1] - uy * head)
    px, py = -uy, ux
    for shade, grow in ((OUTLINE, 2.0), (colour, 0.0)):
        s = shaft + grow
        pygame.draw.circle(big, (*shade[:3], 255), at(*start), (6 + grow) * k)
        body = [at(start[0] + px * s, start[1] + py * s), at(base[0] + px * s, base[1] + py * s),
                at(base[0] - px * s, base[1] - py * s), at(start[0] - px * s, start[1] - py * s)]
        pygame.draw.polygon(big, (*shade[:3], 255), body)
        g = grow * 1.6
        pygame.draw.polygon(big, (*shade[:3], 255),
                            [at(tip[0] + ux * g, tip[1] + uy * g),
                             at(base[0] + px * (half + g) - ux * g, base[1] + py * (half + g) - uy * g),
                             at(base[0] - px * (half + g) - ux * g, base[1] - py * (half + g) - uy * g)])
    return fit(pygame.transform.smoothscale(big, (w, h))), (round(left), round(top))


def cursor_frame(size: int, colour: Colour) -> pygame.Surface:
    """Corner brackets: a cursor that frames a square without hiding what is on it."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    arm, w = size // 4, 6
    dark = (10, 10, 18, 200)
    for shade, inset, width in ((dark, 0, w + 4), ((*colour[:3], 255), 2, w)):
        a, b = inset, size - inset
        for (x, y), (dx, dy) in (((a, a), (1, 1)), ((b, a), (-1, 1)), ((a, b), (1, -1)), ((b, b), (-1, -1))):
            pygame.draw.line(surf, shade, (x, y), (x + dx * arm, y), width)
            pygame.draw.line(surf, shade, (x, y), (x, y + dy * arm), width)
    return fit(surf)


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: Colour = theme.PANEL,
          border: Colour | None = None) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=16)
    if border is not None:
        pygame.draw.rect(surface, border, rect, 2, border_radius=16)


def make_background(layout: Layout, art: CounterArt, text: TextCache, target: pygame.Surface,
                    players: int = 4) -> pygame.Surface:
    """Everything that never changes: backdrop, board frame, squares, the centre emblem, labels."""
    bg = pygame.Surface((layout.width, layout.height), 0, target)
    bg.fill(theme.BG)
    # a soft vignette of concentric rounded rects behind the board
    for i in range(6):
        pygame.draw.rect(bg, _shade(theme.BG, 1.0 + 0.06 * (6 - i)), layout.frame_rect.inflate(60 - i * 10, 60 - i * 10),
                         border_radius=40)
    frame = layout.frame_rect
    pygame.draw.rect(bg, (16, 14, 26), frame.move(0, 6), border_radius=26)
    pygame.draw.rect(bg, BOARD_FRAME, frame, border_radius=26)
    pygame.draw.rect(bg, CELL_EDGE, frame, 3, border_radius=26)
    for sq in range(25):
        rect = layout.cell_rect(sq)
        if sq == CENTRE:
            continue
        row, col = divmod(sq, 5)
        pygame.draw.rect(bg, (40, 36, 62), rect.move(0, 3), border_radius=14)
        pygame.draw.rect(bg, CELL_A if (row + col) % 2 == 0 else CELL_B, rect, border_radius=14)
        pygame.draw.rect(bg, CELL_EDGE, rect, 2, border_radius=14)
    # centre: not a square; an emblem so nobody mistakes it for one
    c = layout.cell_rect(CENTRE)
    pygame.draw.circle(bg, (34, 30, 54), c.center, c.w * 0.48)
    arc = 2 * math.pi / players            # one arc per seat at the table, in its colour
    for i in range(players):
        start = math.pi / 2 + arc * i + 0.12
        pygame.draw.arc(bg, theme.seat_colour(i), c.inflate(-6, -6), start, start + arc - 0.24, 6)
    boom = pygame.transform.smoothscale(art.glyphs["boom"], (60, 60))
    bg.blit(boom, boom.get_rect(center=c.center))
    # coordinates, for the move log
    for col in range(5):
        lab = text.get("abcde"[col], 20, theme.TEXT_DIM)
        r = layout.cell_rect(20 + col)
        bg.blit(lab, lab.get_rect(center=(r.centerx, frame.bottom - 9)))
    for row in range(5):
        lab = text.get(str(row + 1), 20, theme.TEXT_DIM)
        r = layout.cell_rect(row * 5)
        bg.blit(lab, lab.get_rect(center=(frame.x + 9, r.centery)))
    return bg
