"""Combi-Nations' line for the results screen, from the spectator's view (no pygame)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def result_line(view: Mapping[str, Any], seat: int) -> str:
    scores = view.get("scores") or []
    if seat >= len(scores):
        return ""
    score = int(scores[seat])
    return f"{score} point{'s' if score != 1 else ''}"
