"""The colour promises in figures: seat-coloured text against the panels it is drawn on, and the
highlights against every seat colour, in normal vision and each colour-vision simulation.

    python tools/colour_report.py

For each palette, and each of normal, protan, deutan, tritan: the lowest WCAG contrast of the seat
colours drawn as text (the seat colour itself, as the game drew names before issue 19, and the
palette's text colours, as it draws them now) on theme.TEXT_GROUNDS, and the smallest CIEDE2000
between any of theme.HIGHLIGHTS and any seat colour. The promises (tests/ui/test_seat_colours.py):
text at least 4.5:1, highlights at least 10 apart.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.core.seats import SEAT_NAMES
from game.ui.toolkit import theme
from game.ui.toolkit.colour_vision import VISIONS, lowest_contrast, nearest_to

RGB = tuple[int, int, int]


def text_line(label: str, inks: Sequence[RGB], grounds: dict[str, RGB]) -> str:
    names = list(grounds)
    cells = []
    for kind in VISIONS:
        c, i, j, _ = lowest_contrast(inks, grounds.values(), (kind,))
        cells.append(f"{kind} {c:4.2f} ({SEAT_NAMES[i]} on {names[j]})")
    return f"  {label:<22} " + " · ".join(cells)


def highlight_line(label: str, highlights: dict[str, RGB], seats: Sequence[RGB]) -> str:
    names = list(highlights)
    cells = []
    for kind in VISIONS:
        d, i, j, _ = nearest_to(highlights.values(), seats, (kind,))
        cells.append(f"{kind} {d:4.1f} ({names[i]}~{SEAT_NAMES[j]})")
    return f"  {label:<22} " + " · ".join(cells)


def report() -> list[str]:
    lines = []
    for pal in theme.PALETTES.values():
        lines.append(f"{pal.label}: text contrast, lowest (at least 4.5)")
        lines.append(text_line("seat colour as text", pal.colours, theme.TEXT_GROUNDS))
        lines.append(text_line("text colours", pal.text, theme.TEXT_GROUNDS))
        lines.append(f"{pal.label}: highlight to seat colour, CIEDE2000, smallest (at least 10)")
        lines.append(highlight_line("theme.HIGHLIGHTS", theme.HIGHLIGHTS, pal.colours))
    return lines


def main() -> int:
    print("\n".join(report()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
