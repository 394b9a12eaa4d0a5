"""What the seats are called, everywhere (screens, demo lines, logs, rules' messages): seat 0 is Red."""
from __future__ import annotations

SEAT_NAMES: tuple[str, ...] = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"Seat {seat + 1}"
