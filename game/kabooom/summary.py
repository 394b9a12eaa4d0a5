"""Kabooom!'s lines for the results screen, from the spectator's view (no pygame)."""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .rules import ROCK, TABLE, tower_points

if TYPE_CHECKING:
    from .rules import KabooomView


def towers_text(towers: Sequence[int]) -> str:
    """Tower heights, tallest first, each height once with its count when there are several:
    'Towers: 5, 3, 2', 'Towers: 2, 1 (×5)', 'Towers: 2 (×2), 1 (×2)'. The rules explain the form
    ("On the board")."""
    if not towers:
        return "No towers"
    counts: dict[int, int] = {}
    for height in sorted(towers, reverse=True):
        counts[height] = counts.get(height, 0) + 1
    return "Towers: " + ", ".join(f"{h} (×{n})" if n > 1 else str(h) for h, n in counts.items())


def height_points(height: int, difficulty: str) -> int:
    """What a scoring tower of `height` is worth on `difficulty`: the engine's own count (a tower of
    that height topped by a counter that scores)."""
    return tower_points((ROCK,) * height, TABLE.offset[difficulty])


def points_text(towers: Sequence[int], difficulty: str, grouped: bool = False) -> str:
    """Each tower's height and what it scores, as the game counts them, and their sum:
    'Towers: 5→4, 2→1, 2→1 = 6' (Medium), 'Towers: 5, 2, 2 = 9' (Easy: a tower scores its height);
    `grouped`: towers of one height once, with their count ('5→4, 2→1 ×2 = 6'), where room is short."""
    if not towers:
        return "No towers"
    parts = []
    heights = sorted(towers, reverse=True)
    counted = Counter(heights).items() if grouped else [(h, 1) for h in heights]
    for height, count in counted:
        points = height_points(height, difficulty)
        part = str(height) if points == height else f"{height}→{points}"
        parts.append(part if count == 1 else f"{part} ×{count}")
    total = sum(height_points(h, difficulty) for h in towers)
    return f"Towers: {', '.join(parts)} = {total}"


def result_line(view: KabooomView, seat: int) -> str:
    score = view.scores[seat]
    if not view.towers[seat]:
        return f"No towers — {score} point{'s' if score != 1 else ''}"
    return f"{points_text(view.towers[seat], view.difficulty)} point{'s' if score != 1 else ''}"
