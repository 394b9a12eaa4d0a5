"""A LAN table's seats as the lobby shows them (LanSeat), what a table waits for before it may start,
and LanError, hosting's failure in words: shared by net.lan's host and client."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.errors import KomboError

from .session import NetSession


class LanError(KomboError):
    """Hosting could not begin (no port, bad options); str() is a message for the player."""


@dataclass(frozen=True)
class LanSeat:
    """What the lobby shows per seat."""

    index: int
    name: str
    kind: str            # "open" | "human" | "bot"
    level: str
    connected: bool
    ready: bool
    mine: bool           # played on this client


def lan_seats(session: NetSession) -> list[LanSeat]:
    with session.lock:
        table = session.peer.seat_table
        mine = set(session.peer.seats)
    return [LanSeat(i, e.name, e.kind, e.level, e.connected, e.ready, i in mine)
            for i, e in enumerate(table)]


def _names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def start_blocker(seats: Sequence[LanSeat], fill_open: bool = False) -> str | None:
    """What a table waits for before it may start, in words (None: nothing). Mirrors
    HostCore.can_start, from the seat table every client has."""
    free = sum(1 for s in seats if s.kind == "open")
    if free and not fill_open:
        return f"Waiting for {free} player{'s' if free > 1 else ''}"
    away = [s.name or f"seat {s.index + 1}" for s in seats
            if s.kind != "open" and not s.mine and not s.connected]
    if away:
        return f"Waiting for {_names(away)} to reconnect"
    unready = [s.name or f"seat {s.index + 1}" for s in seats
               if s.kind == "human" and not s.mine and not s.ready]
    if unready:
        return f"Waiting for {_names(unready)} to be ready"
    return None


__all__ = ["LanError", "LanSeat", "lan_seats", "start_blocker"]
