"""Kabooom!'s lines for the results screen, from the spectator's view (no pygame)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def towers_text(towers: Sequence[int]) -> str:
    """'Towers 5·3·2', with long runs of one height folded: 'Towers 2·1×8'."""
    if not towers:
        return "No towers"
    parts: list[str] = []
    i = 0
    while i < len(towers):
        j = i
        while j < len(towers) and towers[j] == towers[i]:
            j += 1
        run = j - i
        parts.extend([str(towers[i])] * run if run <= 2 else [f"{towers[i]}×{run}"])
        i = j
    return "Towers " + "·".join(parts)


def result_line(view: Mapping[str, Any], seat: int) -> str:
    score = int(view["scores"][seat])
    return f"{towers_text(view['towers'][seat])} — {score} point{'s' if score != 1 else ''}"
