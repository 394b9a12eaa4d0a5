"""Round trips to the tables in the join list, measured off the frame loop.

Each address gets one measurement at a time on a worker thread, again every REFRESH seconds while it
stays listed; the scene reads the latest figure and rebuilds its rows when `version` changes.
"""
from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

Address = tuple[str, int]
REFRESH = 5.0


class PingBoard:
    def __init__(self, measure: Callable[[Address], float | None] | None,
                 clock: Callable[[], float] = time.monotonic, refresh: float = REFRESH) -> None:
        self._measure = measure
        self._clock = clock
        self._refresh = refresh
        self._lock = threading.Lock()
        self._ms: dict[Address, float] = {}
        self._asked: dict[Address, float] = {}
        self._running: set[Address] = set()
        self._closed = False
        self.version = 0

    def want(self, address: Address) -> None:
        """Measure `address` unless a fresh figure or a measurement is already there."""
        if self._measure is None:
            return
        now = self._clock()
        with self._lock:
            if (self._closed or address in self._running
                    or now - self._asked.get(address, -self._refresh) < self._refresh):
                return
            self._running.add(address)
            self._asked[address] = now
        threading.Thread(target=self._run, args=(address,), daemon=True, name="lan-ping").start()

    def _run(self, address: Address) -> None:
        try:
            ms = self._measure(address) if self._measure is not None else None
        except Exception:  # an unreachable table just shows no ping
            log.warning("measuring the ping of %s:%s failed", *address, exc_info=True)
            ms = None
        with self._lock:
            self._running.discard(address)
            if ms is not None and not self._closed:
                self._ms[address] = ms
                self.version += 1

    def get(self, address: Address) -> float | None:
        with self._lock:
            return self._ms.get(address)

    def close(self) -> None:
        with self._lock:
            self._closed = True


def ping_text(ms: float) -> str:
    """"3 ms"; "<1 ms" on a fast LAN, where "0 ms" would read as no answer."""
    return "<1 ms" if ms < 1.0 else f"{ms:.0f} ms"
