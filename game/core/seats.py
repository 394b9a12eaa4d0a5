"""What the seats are called and which symbol each one has, everywhere (screens, demo lines, logs,
rules' messages): seat 0 is Red, with a circle.

Colour alone never tells seats apart (a colour-blind player may see two seats' colours alike), so
each seat also has a shape, drawn on its pieces, its panel, its cursor and its log lines. The client
draws the shapes as vector shapes (game.ui.toolkit.seat_marks); text that can show Unicode may use
the glyph, e.g. "● Red".
"""
from __future__ import annotations

SEAT_NAMES: tuple[str, ...] = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
SEAT_SYMBOLS: tuple[str, ...] = ("circle", "triangle", "square", "diamond", "star", "cross")
SYMBOL_GLYPHS: dict[str, str] = {"circle": "●", "triangle": "▲", "square": "■", "diamond": "◆",
                                 "star": "★", "cross": "✚"}


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"Seat {seat + 1}"


def seat_symbol(seat: int) -> str:
    """The seat's shape ("circle", "triangle", …); "" for a seat beyond the six."""
    return SEAT_SYMBOLS[seat] if 0 <= seat < len(SEAT_SYMBOLS) else ""


def seat_label(seat: int) -> str:
    """The name after the symbol's glyph, "● Red", for text that can show Unicode."""
    glyph = SYMBOL_GLYPHS.get(seat_symbol(seat), "")
    return f"{glyph} {seat_name(seat)}" if glyph else seat_name(seat)
