"""KOMBIO's line for the results screen, from the spectator's view (no pygame)."""
from __future__ import annotations

from .view import KombioView


def result_line(view: KombioView, seat: int) -> str:
    score = view.scores[seat]
    return f"{score} point{'s' if score != 1 else ''} (lowest wins)"
