"""Kombo Klash! ability symbols, drawn in code: one per ability, distinct in outline so they tell apart
in a 14 px corner. The tile faces carry them top right (game.kombo_klash.tile_art), and the scene's
prompts and the rules screen draw them too.

Each draws on a square `big` surface in units of u = side / 16, with lines w thick. Shapes are drawn
SUPER times larger and scaled down (smooth edges without per-shape antialiasing), as the tiles are.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

import pygame

from game.ui.toolkit.text import fit

SUPER = 4

Point = tuple[float, float]
Colour = Sequence[int]


def _arrow(surf: pygame.Surface, colour: Colour, start: Point, end: Point, w: float, head: float) -> None:
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    base = (end[0] - ux * head, end[1] - uy * head)
    pygame.draw.line(surf, colour, start, base, max(1, round(w)))
    pygame.draw.polygon(surf, colour, [end, (base[0] - uy * head * 0.62, base[1] + ux * head * 0.62),
                                       (base[0] + uy * head * 0.62, base[1] - ux * head * 0.62)])


def _thick_polyline(surf: pygame.Surface, colour: Colour, points: list[Point], w: float) -> None:
    """A polyline with round joints (pygame's wide lines leave notches where segments meet)."""
    width = max(1, round(w))
    for a, b in pairwise(points):
        pygame.draw.line(surf, colour, a, b, width)
    for p in points:
        pygame.draw.circle(surf, colour, p, w / 2)


def _howl(surf: pygame.Surface, colour: Colour, u: float, w: float) -> None:
    # a crescent moon with sound waves spreading from it
    pygame.draw.circle(surf, colour, (5.8 * u, 8 * u), 5.2 * u)
    pygame.draw.circle(surf, (0, 0, 0, 0), (3.0 * u, 6.4 * u), 4.4 * u)
    for r in (3.6, 6.6):
        _thick_polyline(surf, colour, [((8.6 + r * math.cos(a)) * u, (8 + r * math.sin(a)) * u)
                                       for a in (-0.8 + i * 0.1 for i in range(17))], w)


def _swamp(surf: pygame.Surface, colour: Colour, u: float, w: float) -> None:
    # three rows of waves
    for row in (4.0, 8.0, 12.0):
        points = [(x * u, (row + 1.3 * math.sin((x - 1.5) * math.pi / 3.5)) * u)
                  for x in (1.5 + i * 0.5 for i in range(27))]
        _thick_polyline(surf, colour, points, w)


def _scatter(surf: pygame.Surface, colour: Colour, u: float, w: float) -> None:
    # three arrows fanning out from one point
    origin = (8 * u, 14.2 * u)
    for end in ((1.2 * u, 6.4 * u), (8 * u, 1.2 * u), (14.8 * u, 6.4 * u)):
        _arrow(surf, colour, origin, end, w, 4.0 * u)
    pygame.draw.circle(surf, colour, origin, 1.8 * u)


def _kick(surf: pygame.Surface, colour: Colour, u: float, w: float) -> None:
    # a tile outline with a bold arrow leaving it sideways
    pygame.draw.rect(surf, colour, pygame.Rect(1.2 * u, 4 * u, 8 * u, 8 * u), max(1, round(w)),
                     border_radius=round(1.4 * u))
    pygame.draw.polygon(surf, colour, [(5.5 * u, 6.6 * u), (10 * u, 6.6 * u), (10 * u, 3.4 * u),
                                       (15.2 * u, 8 * u), (10 * u, 12.6 * u), (10 * u, 9.4 * u),
                                       (5.5 * u, 9.4 * u)])


def _hypnotise(surf: pygame.Surface, colour: Colour, u: float, w: float) -> None:
    # an Archimedean spiral, about two and a half turns
    points = []
    turns = 2.6
    steps = 90
    for i in range(steps + 1):
        t = i / steps
        a = t * turns * math.tau
        r = 0.6 + 6.6 * t
        points.append(((8 + r * math.cos(a)) * u, (8 + r * math.sin(a)) * u))
    _thick_polyline(surf, colour, points, w)


def _revive(surf: pygame.Surface, colour: Colour, u: float, w: float) -> None:
    # an open eye: almond outline, iris and a pupil cut out of it
    top = [(x * u, (8 - 5.6 * math.sin((x - 1) / 14 * math.pi)) * u) for x in (1 + i * 0.5 for i in range(29))]
    bottom = [(x * u, (8 + 5.6 * math.sin((x - 1) / 14 * math.pi)) * u)
              for x in (15 - i * 0.5 for i in range(29))]
    pygame.draw.polygon(surf, colour, top + bottom, max(1, round(w)))
    pygame.draw.circle(surf, colour, (8 * u, 8 * u), 3.3 * u)
    pygame.draw.circle(surf, (0, 0, 0, 0), (8 * u, 8 * u), 1.3 * u)


def _call(surf: pygame.Surface, colour: Colour, u: float, w: float) -> None:
    # "+1 tile": a plus beside a tile outline
    pygame.draw.rect(surf, colour, pygame.Rect(7.6 * u, 2.2 * u, 7.6 * u, 11.6 * u), max(1, round(w)),
                     border_radius=round(1.4 * u))
    pygame.draw.rect(surf, colour, pygame.Rect(10.5 * u, 5.4 * u, 1.8 * u, 5.2 * u))
    arm = 2.0 * u
    pygame.draw.rect(surf, colour, pygame.Rect(0.8 * u, 8 * u - arm / 2, 5.6 * u, arm))
    pygame.draw.rect(surf, colour, pygame.Rect(3.6 * u - arm / 2, 5.2 * u, arm, 5.6 * u))


def _mimic(surf: pygame.Surface, colour: Colour, u: float, w: float) -> None:
    # two overlapping outlines, the front one hiding the back one's corner: a copy
    width = max(1, round(w))
    radius = round(1.6 * u)
    back = pygame.Rect(1.0 * u, 1.0 * u, 9.4 * u, 9.4 * u)
    front = pygame.Rect(5.6 * u, 5.6 * u, 9.4 * u, 9.4 * u)
    pygame.draw.rect(surf, colour, back, width, border_radius=radius)
    pygame.draw.rect(surf, (0, 0, 0, 0), front.inflate(width * 2, width * 2), border_radius=radius + width)
    pygame.draw.rect(surf, colour, front, width, border_radius=radius)
    pygame.draw.rect(surf, colour, front.inflate(-5.2 * u, -5.2 * u), border_radius=round(0.6 * u))


_SYMBOLS = {"Wolf": _howl, "Alligator": _swamp, "Gorilla": _scatter, "Kangaroo": _kick, "Snake": _hypnotise,
            "Vulture": _revive, "Raven": _call, "Chameleon": _mimic}
_symbol_cache: dict[tuple[str, int, tuple[int, ...]], pygame.Surface] = {}


def ability_symbol(creature: str, side: int, colour: Colour) -> pygame.Surface:
    """The creature's ability symbol, `side` pixels square, cached (per creature, size and colour)."""
    key = (creature, side, tuple(colour))
    surf = _symbol_cache.get(key)
    if surf is None:
        big_side = side * SUPER
        big = pygame.Surface((big_side, big_side), pygame.SRCALPHA)
        u = big_side / 16
        # lines stay at least about 1.3 px once scaled down, however small the symbol
        w = max(1.6 * u, 1.3 * SUPER)
        _SYMBOLS[creature](big, colour, u, w)
        surf = _symbol_cache[key] = fit(pygame.transform.smoothscale(big, (side, side)))
    return surf


def draw_ability_symbol(surface: pygame.Surface, creature: str, rect: pygame.Rect, colour: Colour) -> None:
    """Blit the creature's ability symbol centred in `rect` (as large as its shorter side)."""
    side = max(4, min(rect.w, rect.h))
    symbol = ability_symbol(creature, side, colour)
    surface.blit(symbol, symbol.get_rect(center=rect.center))

