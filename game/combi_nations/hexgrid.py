"""Pointy-top hexes in axial coordinates (q, r), as DECISIONS.md fixes them (Red Blob Games' axial
system: q grows to the east, r to the south-east). Shapes are frozensets of Hex; a shape turns in six
rotations of 60° about the origin and is never flipped. Pure functions, no state."""
from __future__ import annotations

from collections.abc import Iterable

Hex = tuple[int, int]                 # (q, r)
Shape = frozenset[Hex]

# the six neighbours, clockwise from east (pointy-top): E, SE, SW, W, NW, NE
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
ROTATIONS = 6


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def neighbours(h: Hex) -> tuple[Hex, ...]:
    q, r = h
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def rotate(h: Hex, turns: int) -> Hex:
    """`h` turned 60° clockwise `turns` times about the origin (cube (x, y, z) -> (-z, -x, -y))."""
    q, r = h
    for _ in range(turns % ROTATIONS):
        q, r = -r, q + r
    return (q, r)


def normalise(cells: Iterable[Hex]) -> Shape:
    """The same cells moved so that the smallest (r, q) is at the origin: one form per placement."""
    cells = list(cells)
    r0, q0 = min((r, q) for q, r in cells)
    return frozenset((q - q0, r - r0) for q, r in cells)


def turned(shape: Iterable[Hex], turns: int) -> Shape:
    return frozenset(rotate(h, turns) for h in shape)


def placed(shape: Iterable[Hex], turns: int, at: Hex) -> Shape:
    """A shape's cells once turned and moved so that its origin cell lands on `at`."""
    return frozenset(add(rotate(h, turns), at) for h in shape)


def component(start: Hex, within: set[Hex] | frozenset[Hex]) -> set[Hex]:
    """The hexes of `within` joined side to side to `start` (itself included)."""
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()):
            if n in within and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def connected(cells: Iterable[Hex]) -> bool:
    cells = set(cells)
    return not cells or len(component(next(iter(cells)), cells)) == len(cells)


def border_sides(h: Hex, cells: frozenset[Hex] | set[Hex]) -> int:
    """How many of `h`'s six sides face outside `cells` (a country's border)."""
    return sum(1 for n in neighbours(h) if n not in cells)
