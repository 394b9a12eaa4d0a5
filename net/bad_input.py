"""What a host does with bad input and a crowd of strangers (net.server): bad data counted host-wide,
so that a flood is a few notices, not one per frame, and which strangers (connections that have not
joined) to close so that a new connection fits the caps."""
from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

from game.logs import FILE_ONLY

log = logging.getLogger("net.server")     # bad data is the server's news, in its log lines

STRANGERS_PER_ADDRESS = 8
MAX_STRANGERS = 32
MAX_STRANGER_FRAME = 1024      # before its Hello is accepted (a Hello is ~150 bytes)
STRANGER_BAD_FRAMES = 8        # a stranger is closed at its 8th bad frame
BAD_NOTICE_EVERY = 5.0         # one notice per this many seconds counts bad input
BAD_DETAILS = 10               # details logged (to the file) per such period


class BadData:
    """Bad input, counted host-wide so that a flood is a few lines, not one per frame.

    `bad()` returns a notice for the first bad input of a quiet spell (no notice in the last
    `every` seconds); `due()` returns one that counts the rest once `every` seconds have passed.
    The details go to the log file only (never the console), at most `details` per period."""

    MAX_ADDRESSES = 64

    def __init__(self, every: float = BAD_NOTICE_EVERY, details: int = BAD_DETAILS) -> None:
        self.every = every
        self.details = details
        self.total = 0
        self._noticed = float("-inf")    # when the last notice was given
        self._count = 0                  # bad inputs since that notice
        self._addresses: set[str] = set()
        self._logged = 0                 # details logged since that notice

    def bad(self, where: str, text: str, now: float) -> str | None:
        self.total += 1
        first = now - self._noticed >= self.every and not self._count
        if first:
            self._reset(now)
        if self._logged < self.details:
            self._logged += 1
            log.info("bad data from %s: %s", where, text, extra=FILE_ONLY)
        if first:
            return f"Bad data from {where} (details in the log file)"
        self._count += 1
        if len(self._addresses) < self.MAX_ADDRESSES:
            self._addresses.add(where)
        return self.due(now)

    def due(self, now: float) -> str | None:
        if not self._count or now - self._noticed < self.every:
            return None
        count, spread = self._count, len(self._addresses)
        seconds = now - self._noticed
        self._reset(now)
        more = "+" if spread >= self.MAX_ADDRESSES else ""
        where = "one address" if spread == 1 else f"{spread}{more} addresses"
        return (f"Bad data: {count} more in the last {seconds:.0f} s, from {where} "
                f"(details in the log file)")

    def _reset(self, now: float) -> None:
        self._noticed = now
        self._count = 0
        self._addresses.clear()
        self._logged = 0


def strangers_to_close(strangers: Sequence[tuple[Any, str, float]], address: str,
                       per_address: int, total: int) -> list[Any]:
    """Which strangers (id, address, opened) to close so that one more from `address` fits the
    caps: the oldest of `address` over `per_address`, then, over `total`, the oldest of whichever
    address has the most (so a crowd from one address never pushes out a joiner from another)."""
    left = sorted(strangers, key=lambda s: (s[2], str(s[0])))
    out: list[Any] = []
    mine = [s for s in left if s[1] == address]
    for victim in mine[:max(0, len(mine) - per_address + 1)]:
        out.append(victim[0])
        left.remove(victim)
    while left and len(left) >= total:
        counts: dict[str, int] = {}
        for s in left:
            counts[s[1]] = counts.get(s[1], 0) + 1
        busiest = max(counts.values())
        victim = next(s for s in left if counts[s[1]] == busiest)   # the oldest of the busiest
        out.append(victim[0])
        left.remove(victim)
    return out


__all__ = ["BAD_DETAILS", "BAD_NOTICE_EVERY", "MAX_STRANGERS", "MAX_STRANGER_FRAME", "STRANGERS_PER_ADDRESS",
           "STRANGER_BAD_FRAMES", "BadData", "strangers_to_close"]
