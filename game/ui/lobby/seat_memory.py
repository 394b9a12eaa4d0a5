"""Reconnect tokens of the LAN tables this player sits at: the window's way to net.seat_memory (the
store itself is pygame-free, shared with a headless `--join`).

A peer whose connection drops reconnects by itself; a peer whose whole client died (a crash, a closed
window) only gets its seat back if it still has the token the host gave it. So the join screen
offers the token again when the player joins the same table, and a table it knows reads "your seat".
"""
from __future__ import annotations

from net.seat_memory import FILE_NAME, KEEP_AT_MOST, KEEP_FOR, SeatMemory, SeatRejoin, default_seat_memory

__all__ = ["FILE_NAME", "KEEP_AT_MOST", "KEEP_FOR", "SeatMemory", "SeatRejoin", "seat_memory_for"]


def seat_memory_for(app: object) -> SeatMemory:
    """The app's memory (tests set one), else the file in the user's data folder."""
    custom = getattr(app, "seat_memory", None)
    if isinstance(custom, SeatMemory):
        return custom
    return default_seat_memory()
