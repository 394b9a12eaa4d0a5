"""Kombo Klash! board art: the static background (board, score track with its numbers, the piles'
places, the creature legend), the marks drawn over squares (legal spaces, hypnotise targets, Kombo
outlines), the track's counters, and a bank of cached sprites. Everything is made once and blitted
per frame (the 2 ms budget).

The marks differ by shape as well as colour: an empty space a tile may go to is a dashed frame with a
dot, a tile a Snake may hypnotise has a ring with the spiral, a Kick/Swamp/Revive target a thick ring,
a Kombo a gold outline round its tiles with its points on a tag. Each player's focus is drawn over
them by the game screen (game.ui.play.focus), in the one style every game shares.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from itertools import pairwise

import pygame

from game.kombo_klash.ability_symbols import ability_symbol
from game.kombo_klash.tables import CENTRE, CREATURES, SIZE, TABLE
from game.kombo_klash.tile_art import TileArt
from game.ui.toolkit import theme
from game.ui.toolkit.effects import SpriteKey
from game.ui.toolkit.seat_marks import draw_seat_symbol
from game.ui.toolkit.text import TextCache, fit

from .layout import Layout, Track

BOARD_FRAME = (46, 40, 72)
CELL = (64, 58, 96)
CELL_EDGE = (86, 80, 124)
TRACK = (36, 32, 58)
TRACK_EDGE = (92, 84, 134)
OUTLINE = (12, 10, 20)
TARGET = theme.CHOOSABLE
HYPNO = theme.CHOOSABLE
KOMBO = theme.HIGHLIGHT
PICK = theme.CHOOSABLE


def shade(colour: Iterable[int], factor: float) -> tuple[int, int, int]:
    r, g, b = list(colour)[:3]
    return (max(0, min(255, int(r * factor))), max(0, min(255, int(g * factor))), max(0, min(255, int(b * factor))))


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...] = theme.PANEL,
          border: tuple[int, ...] | None = None, width: int = 2) -> None:
    pygame.draw.rect(surface, colour, rect, border_radius=16)
    if border is not None:
        pygame.draw.rect(surface, border, rect, width, border_radius=16)


class SpriteBank:
    """Faces and backs at any size (from TileArt, one per size in use), squeezed flip frames, and
    labels; all cached. Implements game.ui.toolkit.effects.Sprites."""

    def __init__(self, text: TextCache, fonts: theme.Fonts) -> None:
        self.text = text
        self.fonts = fonts
        self._arts: dict[int, TileArt] = {}
        self._cache: dict[tuple[object, ...], pygame.Surface] = {}

    def art(self, size: int) -> TileArt:
        art = self._arts.get(size)
        if art is None:
            art = self._arts[size] = TileArt(size, self.fonts)
        return art

    def face(self, creature: str, size: int) -> pygame.Surface:
        return self.art(size).face(creature)

    def back(self, size: int) -> pygame.Surface:
        return self.art(size).back()

    def ghost(self, creature: str, size: int) -> pygame.Surface:
        return self.art(size).ghost(creature)

    def sprite(self, key: SpriteKey, size: int) -> pygame.Surface:
        """For the animations: ("face", creature), ("back",) or ("text", "+12", seat). A tile at any
        size in between (a flight shrinking towards a seat's card) is the nearest drawn size scaled,
        cached; only the sizes the screen uses are drawn."""
        assert isinstance(key, tuple)
        kind = key[0]
        if kind in ("face", "back"):
            if size in self._arts:
                return self.face(str(key[1]), size) if kind == "face" else self.back(size)
            cache_key = ("scaled", key, size)
            cached = self._cache.get(cache_key)
            if cached is None:
                base = max(self._arts, default=size)
                source = self.face(str(key[1]), base) if kind == "face" else self.back(base)
                cached = self._cache[cache_key] = pygame.transform.smoothscale(source, (size, size))
            return cached
        if kind == "text":
            cached = self._cache.get(key)
            if cached is None:
                cached = self._cache[key] = points_label(self.text, str(key[1]), int(key[2]))
            return cached
        raise ValueError(f"no sprite {key!r}")

    def flipped(self, key: SpriteKey, size: int, width: int) -> pygame.Surface:
        cache_key = ("flip", key, size, width)
        surf = self._cache.get(cache_key)
        if surf is None:
            base = self.sprite(key, size)
            surf = self._cache[cache_key] = pygame.transform.smoothscale(base, (max(1, width), base.get_height()))
        return surf

    def cached(self, key: tuple[object, ...], make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._cache.get(key)
        if surf is None:
            surf = self._cache[key] = make()
        return surf


def points_label(text: TextCache, label: str, seat: int) -> pygame.Surface:
    """"+12" on a dark pill edged in the scoring seat's colour (-1: gold)."""
    colour = theme.seat_colour(seat) if seat >= 0 else KOMBO
    lab = text.get(label, 40, theme.TEXT, True)
    w, h = lab.get_width() + 26, lab.get_height() + 8
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (16, 14, 26, 235), surf.get_rect(), border_radius=h // 2)
    pygame.draw.rect(surf, colour, surf.get_rect(), 3, border_radius=h // 2)
    surf.blit(lab, lab.get_rect(center=(w / 2, h / 2)))
    return fit(surf)


def count_badge(text: TextCache, count: int) -> pygame.Surface:
    label = text.get(str(count), 22, theme.TEXT, True)
    w = max(28, label.get_width() + 12)
    surf = pygame.Surface((w, 24), pygame.SRCALPHA)
    pygame.draw.rect(surf, (16, 14, 26, 240), surf.get_rect(), border_radius=10)
    pygame.draw.rect(surf, theme.ACCENT, surf.get_rect(), 2, border_radius=10)
    surf.blit(label, label.get_rect(center=(w / 2, 12)))
    return fit(surf)


# -- the background -----------------------------------------------------------------------------

def make_background(layout: Layout, track: Track, text: TextCache, bank: SpriteBank, target: pygame.Surface,
                    players: int) -> pygame.Surface:
    bg = pygame.Surface((layout.width, layout.height), 0, target)
    bg.fill(theme.BG)
    outer = layout.track_outer
    for i in range(5):     # a soft vignette behind the board
        pygame.draw.rect(bg, shade(theme.BG, 1.0 + 0.05 * (5 - i)), outer.inflate(56 - i * 10, 56 - i * 10),
                         border_radius=46)
    _draw_track(bg, layout, track, text, players)
    frame = layout.frame_rect
    pygame.draw.rect(bg, (16, 14, 26), frame.move(0, 5), border_radius=20)
    pygame.draw.rect(bg, BOARD_FRAME, frame, border_radius=20)
    pygame.draw.rect(bg, CELL_EDGE, frame, 2, border_radius=20)
    for sq in range(SIZE * SIZE):
        if sq == CENTRE:
            continue
        rect = layout.cell_rect(sq)
        pygame.draw.rect(bg, (36, 32, 56), rect.move(0, 3), border_radius=12)
        pygame.draw.rect(bg, CELL, rect, border_radius=12)
        pygame.draw.rect(bg, CELL_EDGE, rect, 2, border_radius=12)
    # the draw pile's place: a dark well (the pile itself is drawn per frame: its count changes)
    well = layout.cell_rect(CENTRE)
    pygame.draw.rect(bg, (26, 22, 42), well, border_radius=12)
    pygame.draw.rect(bg, theme.ACCENT, well, 2, border_radius=12)
    # column letters and row numbers, as the move log names squares
    for col in range(SIZE):
        lab = text.get("abcde"[col], 18, theme.TEXT_DIM)
        bg.blit(lab, lab.get_rect(center=(layout.cell_rect(20 + col).centerx, frame.bottom - 6)))
    for row in range(SIZE):
        lab = text.get(str(row + 1), 18, theme.TEXT_DIM)
        bg.blit(lab, lab.get_rect(center=(frame.x + 6, layout.cell_rect(row * SIZE).centery)))
    # the discard pile's place
    d = layout.discard_rect
    pygame.draw.rect(bg, (30, 27, 48), d.inflate(8, 8), border_radius=12)
    pygame.draw.rect(bg, CELL_EDGE, d.inflate(8, 8), 2, border_radius=12)
    lab = text.get("Discard", 20, theme.TEXT_DIM, True)
    bg.blit(lab, lab.get_rect(midbottom=(d.centerx, d.y - 8)))
    return bg


def _draw_track(bg: pygame.Surface, layout: Layout, track: Track, text: TextCache, players: int) -> None:
    outer = layout.track_outer
    inner = outer.inflate(-2 * layout.track_band, -2 * layout.track_band)
    pygame.draw.rect(bg, TRACK, outer, border_radius=round(track.radius + layout.track_band / 2))
    pygame.draw.rect(bg, TRACK_EDGE, outer, 2, border_radius=round(track.radius + layout.track_band / 2))
    pygame.draw.rect(bg, theme.BG, inner, border_radius=max(4, round(track.radius - layout.track_band / 2)))
    pygame.draw.rect(bg, TRACK_EDGE, inner, 2, border_radius=max(4, round(track.radius - layout.track_band / 2)))
    target = track.target
    label_every = 5 if target <= 50 else 10
    for score in range(target + 1):
        (x, y), _ = track.point(score)
        if score % label_every == 0 or score == target:
            colour = theme.ACCENT if score == target else theme.TEXT
            lab = text.get(str(score), 17 if score < 100 else 15, colour, True)
            disc = max(lab.get_width(), lab.get_height()) // 2 + 4
            pygame.draw.circle(bg, (58, 52, 90) if score != target else (90, 70, 30), (x, y), disc)
            if score == target:
                pygame.draw.circle(bg, theme.ACCENT, (x, y), disc, 2)
            bg.blit(lab, lab.get_rect(center=(round(x), round(y) + 1)))
        elif score % 5 == 0:
            pygame.draw.circle(bg, theme.TEXT_DIM, (x, y), 4)
        else:
            pygame.draw.circle(bg, (96, 90, 130), (x, y), 2)
    # the gap between the finish and the start holds a chequered flag: the target
    (sx, sy), _ = track.point(0)
    (fx, _fy), _ = track.point(target)
    _flag(bg, ((sx + fx) / 2 - 8, sy - 11))


def _flag(surface: pygame.Surface, at: tuple[float, float]) -> None:
    """A small chequered flag: the target, where the track's finish meets its start."""
    x, y = at
    pygame.draw.line(surface, theme.TEXT, (x, y), (x, y + 22), 2)
    cell = 4
    for r in range(3):
        for c in range(4):
            colour = theme.TEXT if (r + c) % 2 == 0 else OUTLINE
            pygame.draw.rect(surface, colour, (x + 1 + c * cell, y + r * cell, cell, cell))


def make_legend(layout: Layout, text: TextCache, bank: SpriteBank) -> pygame.Surface:
    """The creatures at a glance (the reference tile): each tile small, with its power's name. The
    tile itself shows the Kombo score (its badge) and the power's symbol."""
    box = layout.legend_rect
    surf = pygame.Surface(box.size, pygame.SRCALPHA)
    panel(surf, surf.get_rect(), (34, 31, 54))
    pitch = (box.w - 12) // 4
    for i, creature in enumerate(CREATURES):
        row, col = divmod(i, 4)
        cx, y = 6 + col * pitch + pitch // 2, 6 + row * 56
        tile = bank.face(creature, 40)
        surf.blit(tile, tile.get_rect(midtop=(cx, y)))
        lab = text.get(TABLE.creatures[i].ability, 16, theme.TEXT_DIM, True)
        surf.blit(lab, lab.get_rect(midtop=(cx, y + 40)))
    return fit(surf)


# -- marks over squares ---------------------------------------------------------------------------

def space_mark(size: int) -> pygame.Surface:
    """An empty space a tile may go to: a dashed frame and a dot."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect().inflate(-6, -6)
    pygame.draw.rect(surf, (*TARGET, 36), rect, border_radius=12)
    _dashed_rect(surf, rect, TARGET, 3)
    pygame.draw.circle(surf, OUTLINE, rect.center, 9)
    pygame.draw.circle(surf, TARGET, rect.center, 7)
    return fit(surf)


def _dashed_rect(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, ...], width: int,
                 dash: int = 10, gap: int = 7) -> None:
    corners = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft, rect.topleft]
    for (ax, ay), (bx, by) in pairwise(corners):
        length = math.hypot(bx - ax, by - ay)
        d = 0.0
        while d < length:
            e = min(length, d + dash)
            p = (ax + (bx - ax) * d / length, ay + (by - ay) * d / length)
            q = (ax + (bx - ax) * e / length, ay + (by - ay) * e / length)
            pygame.draw.line(surface, OUTLINE, p, q, width + 2)
            pygame.draw.line(surface, colour, p, q, width)
            d += dash + gap


RING_PAD = 8     # a ring mark reaches this far beyond its square (its corner disc sits on the edge)


def ring_mark(size: int, colour: tuple[int, int, int], symbol: str | None = None) -> pygame.Surface:
    """A tile that may be chosen (to kick, swamp, revive or hypnotise): a bright frame round the
    square, leaving the tile readable, and the ability's symbol on a disc over its corner (the
    Snake's spiral tells a tile it may hypnotise from an empty space). Blit at the square's
    top-left minus RING_PAD."""
    full = size + 2 * RING_PAD
    surf = pygame.Surface((full, full), pygame.SRCALPHA)
    rect = pygame.Rect(RING_PAD - 3, RING_PAD - 3, size + 6, size + 6)
    pygame.draw.rect(surf, OUTLINE, rect.inflate(4, 4), 8, border_radius=16)
    pygame.draw.rect(surf, colour, rect, 4, border_radius=14)
    if symbol is not None:
        r = 13
        cx, cy = rect.right - 6, rect.bottom - 6
        pygame.draw.circle(surf, OUTLINE, (cx, cy), r + 2)
        pygame.draw.circle(surf, colour, (cx, cy), r)
        icon = ability_symbol(symbol, 18, OUTLINE)
        surf.blit(icon, icon.get_rect(center=(cx, cy)))
    return fit(surf)


def picked_mark(size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A chosen tile (the one to kick, a tile to swamp): a thick solid frame and a check disc."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect().inflate(-2, -2)
    pygame.draw.rect(surf, OUTLINE, rect, 9, border_radius=14)
    pygame.draw.rect(surf, colour, rect.inflate(-2, -2), 6, border_radius=13)
    cx, cy = 16, 16
    pygame.draw.circle(surf, OUTLINE, (cx, cy), 13)
    pygame.draw.circle(surf, colour, (cx, cy), 11)
    pygame.draw.lines(surf, OUTLINE, False, [(cx - 6, cy), (cx - 2, cy + 5), (cx + 6, cy - 5)], 4)
    return fit(surf)


def kombo_outline(layout: Layout, squares: tuple[int, ...], colour: tuple[int, int, int], width: int
                  ) -> tuple[pygame.Surface, tuple[int, int]]:
    """A line round the outside of a Kombo's tiles (edges no other of its tiles shares), and where
    to blit it."""
    members = set(squares)
    rects = [layout.cell_rect(sq) for sq in squares]
    area = rects[0].unionall(rects[1:]).inflate(2 * width + 8, 2 * width + 8)
    surf = pygame.Surface(area.size, pygame.SRCALPHA)
    half = (layout.pitch - layout.cell) / 2 + 1    # the outline runs through the gap between squares
    edges = []
    for sq in squares:
        row, col = divmod(sq, SIZE)
        r = layout.cell_rect(sq).move(-area.x, -area.y)
        x0, y0, x1, y1 = r.left - half, r.top - half, r.right + half, r.bottom + half
        if row == 0 or sq - SIZE not in members:
            edges.append(((x0, y0), (x1, y0)))
        if row == SIZE - 1 or sq + SIZE not in members:
            edges.append(((x0, y1), (x1, y1)))
        if col == 0 or sq - 1 not in members:
            edges.append(((x0, y0), (x0, y1)))
        if col == SIZE - 1 or sq + 1 not in members:
            edges.append(((x1, y0), (x1, y1)))
    # every dark edge first, then the colour over them all, so corners join cleanly
    for shade_, w in ((OUTLINE, width + 4), (colour, width)):
        for a, b in edges:
            pygame.draw.line(surf, shade_, a, b, w)
            pygame.draw.circle(surf, shade_, a, w / 2)
            pygame.draw.circle(surf, shade_, b, w / 2)
    return fit(surf), area.topleft


# -- the track's counters -------------------------------------------------------------------------

def counter_sprite(seat: int, size: int = 26) -> pygame.Surface:
    """A seat's scoring counter: a disc in its colour with its symbol in dark, a dark rim."""
    k = 4
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    c = size * k / 2
    colour = theme.seat_colour(seat)
    pygame.draw.circle(big, OUTLINE, (c, c), c)
    pygame.draw.circle(big, colour, (c, c), c - 2.5 * k)
    surf = pygame.transform.smoothscale(big, (size, size))
    draw_seat_symbol(surf, seat, (size / 2, size / 2), round(size * 0.5), OUTLINE)
    return fit(surf)
