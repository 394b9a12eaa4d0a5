"""Reconnect tokens of the LAN tables this player sits at, kept on disk.

A peer whose connection drops reconnects by itself; a peer whose whole client died (a crash, a closed
window) only gets its seat back if it still has the token the host gave it. So the join screen
offers the token again when the player joins the same table, and a table it knows reads "your seat".
"""
from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

from game.storage import data_dir, write_atomic

FILE_NAME = "lan-seats.json"
KEEP_FOR = 24 * 3600        # a seat older than a day is from another evening's game
KEEP_AT_MOST = 16


def _key(address: tuple[str, int], game: str) -> str:
    return f"{game}@{address[0]}:{int(address[1])}"


class SeatMemory:
    def __init__(self, path: Path, clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self.clock = clock

    def _load(self) -> dict[str, dict]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}           # missing or damaged: no seats remembered, nothing else lost
        if not isinstance(data, dict):
            return {}
        now = self.clock()
        return {k: v for k, v in data.items()
                if isinstance(v, dict) and isinstance(v.get("token"), str)
                and isinstance(v.get("at"), (int, float)) and now - v["at"] < KEEP_FOR}

    def _save(self, data: dict[str, dict]) -> None:
        newest = dict(sorted(data.items(), key=lambda kv: kv[1]["at"])[-KEEP_AT_MOST:])
        try:
            write_atomic(self.path, json.dumps(newest).encode("utf-8"))
        except OSError:
            pass                # a read-only home only costs the rejoin-after-restart convenience

    def recall(self, address: tuple[str, int], game: str) -> bytes | None:
        entry = self._load().get(_key(address, game))
        if entry is None:
            return None
        try:
            return bytes.fromhex(entry["token"])
        except ValueError:
            return None

    def remember(self, address: tuple[str, int], game: str, token: bytes) -> None:
        data = self._load()
        data[_key(address, game)] = {"token": token.hex(), "at": self.clock()}
        self._save(data)

    def forget(self, address: tuple[str, int], game: str) -> None:
        data = self._load()
        if data.pop(_key(address, game), None) is not None:
            self._save(data)


def seat_memory_for(app: object) -> SeatMemory:
    """The app's memory (tests set one), else the file in the user's data folder."""
    custom = getattr(app, "seat_memory", None)
    if custom is not None:
        return custom
    return SeatMemory(data_dir() / FILE_NAME)
