"""KOMBIO's line for the results screen, from the spectator's view (no pygame)."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def result_line(view: Mapping[str, Any], seat: int) -> str:
    score = int(view["scores"][seat])
    return f"{score} point{'s' if score != 1 else ''} (lowest wins)"
