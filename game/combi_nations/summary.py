"""Combi-Nations' line for the results screen, from the spectator's view (no pygame)."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .view import CombiView


def result_line(view: CombiView, seat: int) -> str:
    if seat >= len(view.scores):
        return ""
    score = view.scores[seat]
    return f"{score} point{'s' if score != 1 else ''}"
