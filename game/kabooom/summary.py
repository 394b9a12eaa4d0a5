"""Kabooom!'s lines for the results screen, from the spectator's view (no pygame)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

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


def result_line(view: KabooomView, seat: int) -> str:
    score = view.scores[seat]
    return f"{towers_text(view.towers[seat])} — {score} point{'s' if score != 1 else ''}"
