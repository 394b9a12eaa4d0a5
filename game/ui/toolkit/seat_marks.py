"""Each seat's symbol (game.core.seats.SEAT_SYMBOLS: circle, triangle, square, diamond, star, cross)
drawn as a vector shape, so it shows whatever fonts exist; one helper for every screen.

* `draw_seat_symbol(surface, seat, centre, size, colour)`: the seat's shape, `size` pixels across,
  optionally with a dark outline so it reads on any background.
* `draw_seat_chip(surface, seat, centre, radius)`: a disc in the seat's colour with its symbol in
  dark on it, where a plain colour chip used to be (results rows, the LAN lobby, away pills).

Shapes are drawn four times larger and scaled down (smooth edges), and kept per shape, size and
colour, so a frame only blits.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

from game.core.seats import seat_label, seat_symbol
from game.ui.toolkit import theme
from game.ui.toolkit.text import fit

SUPER = 4        # drawn this many times larger, then scaled down
Colour = Sequence[int]

_cache: dict[tuple, pygame.Surface] = {}


def shape_polygon(shape: str, cx: float, cy: float, size: float) -> list[tuple[float, float]]:
    """The outline of `shape` (not "circle") `size` across, centred on (cx, cy). The shapes are sized
    to look equally heavy: a square is smaller than its box, a star's points reach its edge."""
    h = size / 2
    if shape == "triangle":
        # equilateral, pointing up, its centroid a little below the box centre so it sits level
        r = h * 1.12
        dy = h * 0.12
        return [(cx + r * math.cos(a), cy + dy - r * math.sin(a))
                for a in (math.pi / 2, math.pi / 2 + math.tau / 3, math.pi / 2 + 2 * math.tau / 3)]
    if shape == "square":
        s = h * 0.8
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "diamond":
        return [(cx, cy - h), (cx + h * 0.85, cy), (cx, cy + h), (cx - h * 0.85, cy)]
    if shape == "star":
        points = []
        for k in range(10):
            r = h * 1.08 if k % 2 == 0 else h * 0.5
            a = math.pi / 2 + k * math.pi / 5
            points.append((cx + r * math.cos(a), cy + h * 0.06 - r * math.sin(a)))
        return points
    if shape == "cross":
        a, b = h * 0.33, h * 0.92       # half the arm's width, half the cross's span
        return [(cx - a, cy - b), (cx + a, cy - b), (cx + a, cy - a), (cx + b, cy - a), (cx + b, cy + a),
                (cx + a, cy + a), (cx + a, cy + b), (cx - a, cy + b), (cx - a, cy + a), (cx - b, cy + a),
                (cx - b, cy - a), (cx - a, cy - a)]
    raise ValueError(f"no such symbol: {shape!r}")


def _draw_shape(surface: pygame.Surface, shape: str, centre: tuple[float, float], size: float,
                colour: Colour) -> None:
    if shape == "circle":
        pygame.draw.circle(surface, colour, centre, size * 0.44)
    elif shape:
        pygame.draw.polygon(surface, colour, shape_polygon(shape, centre[0], centre[1], size))


def symbol_sprite(shape: str, size: int, colour: Colour, outline: Colour | None = None) -> pygame.Surface:
    """`shape` as an image `size` pixels square (plus room for the outline, if any)."""
    key = (shape, size, tuple(colour), tuple(outline) if outline is not None else None)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    pad = max(1, round(size * 0.09)) if outline is not None else 0
    side = size + 2 * pad
    big = pygame.Surface((side * SUPER, side * SUPER), pygame.SRCALPHA)
    centre = (side * SUPER / 2, side * SUPER / 2)
    if outline is not None:
        # the outline: the shape in `outline`, drawn around a ring of offsets (a dilation)
        ring = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        _draw_shape(ring, shape, centre, size * SUPER, outline)
        reach = pad * SUPER
        for k in range(16):
            a = k * math.tau / 16
            big.blit(ring, (round(reach * math.cos(a)), round(reach * math.sin(a))))
    _draw_shape(big, shape, centre, size * SUPER, colour)
    surf = fit(pygame.transform.smoothscale(big, (side, side)))
    if len(_cache) > 400:
        _cache.clear()
    _cache[key] = surf
    return surf


def draw_seat_symbol(surface: pygame.Surface, seat: int, centre: tuple[float, float], size: int,
                     colour: Colour | None = None, outline: Colour | None = None) -> pygame.Rect:
    """The seat's symbol, `size` pixels across, centred on `centre`, in `colour` (default: the
    seat's colour); `outline` (a colour) rings it so it shows on any background. Returns where it
    went; nothing is drawn for a seat without a symbol."""
    shape = seat_symbol(seat)
    if not shape:
        return pygame.Rect(round(centre[0]), round(centre[1]), 0, 0)
    sprite = symbol_sprite(shape, size, theme.seat_colour(seat) if colour is None else colour, outline)
    rect = sprite.get_rect(center=(round(centre[0]), round(centre[1])))
    surface.blit(sprite, rect)
    return rect


def draw_seat_chip(surface: pygame.Surface, seat: int, centre: tuple[int, int], radius: int) -> None:
    """A disc in the seat's colour with a light rim and the seat's symbol in dark on it."""
    colour = theme.seat_colour(seat)
    pygame.draw.circle(surface, colour, centre, radius)
    pygame.draw.circle(surface, theme.mix(colour, (255, 255, 255), 0.45), centre, radius, 2)
    draw_seat_symbol(surface, seat, centre, max(6, round(radius * 1.15)), theme.BG)


def winner_line(winners: tuple[int, ...], players: int) -> list[tuple[str, Any]]:
    """The headline as (text, colour) pieces, so each winner's name shows in their colour."""
    if not winners:
        return [("No winner this time", theme.TEXT)]
    if len(winners) == players and players > 1:
        return [("Everyone ties!", theme.ACCENT)]
    pieces: list[tuple[str, Any]] = []
    for k, seat in enumerate(winners):
        if k:
            pieces.append((" and " if k == len(winners) - 1 else ", ", theme.TEXT))
        pieces.append((seat_label(seat), theme.seat_text(seat)))
    pieces.append((" wins!" if len(winners) == 1 else " share the win!", theme.TEXT))
    return pieces
