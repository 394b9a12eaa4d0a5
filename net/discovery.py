"""LAN discovery of hosted games over mDNS / DNS-SD (python-zeroconf).

A hosting client runs an :class:`Advertiser`; a client looking for games runs
a :class:`Browser` and polls :meth:`Browser.entries` from its frame loop.

Threading model: every Advertiser and Browser owns one ``Zeroconf`` instance,
which runs its own event loop in its own thread (``use_asyncio=False``, so that
an asyncio loop running in the caller's thread is never borrowed and blocked).
All zeroconf work happens on that loop; the public methods only hand work to it
and never wait on the network, except ``close()``, which is bounded.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeAlias

from zeroconf import (
    DNSQuestionType,
    InterfaceChoice,
    ServiceStateChange,
    Zeroconf,
)
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo

from net.protocol import PROTOCOL_VERSION

from .advertiser import Advertiser
from .dns_sd import (
    CLOSE_TIMEOUT_S,
    SERVICE_TYPE,
    START_TIMEOUT_S,
    AdvertiseError,
    Change,
    DiscoveryError,
    HostEntry,
    InterfaceError,
    InterfaceOption,
    Interfaces,
    check_interfaces,
    entry_from_info,
    list_interfaces,
    local_networks,
    open_zeroconf,
    run_on_loop,
)

__all__ = [
    "PROTOCOL_VERSION",
    "SERVICE_TYPE",
    "AdvertiseError",
    "Advertiser",
    "Browser",
    "Change",
    "DiscoveryError",
    "HostEntry",
    "InterfaceChoice",
    "InterfaceError",
    "InterfaceOption",
    "Interfaces",
    "list_interfaces",
]

log = logging.getLogger(__name__)


OnChange: TypeAlias = Callable[[Change, HostEntry], None]


@dataclass
class _BrowserState:
    entries: dict[str, HostEntry] = field(default_factory=dict)
    closed: bool = False


class Browser:
    """A live table of games advertised on the LAN.

    ``entries()`` is a cheap thread-safe snapshot for the frame loop.
    ``on_change(change, entry)``, if given, is called from the zeroconf thread;
    it must be quick and must not call ``close()``.
    """

    def __init__(
        self,
        on_change: OnChange | None = None,
        interfaces: Interfaces = InterfaceChoice.All,
        *,
        version: int = PROTOCOL_VERSION,
        resolve_timeout_ms: int = 3000,
    ) -> None:
        self._interfaces = check_interfaces(interfaces)
        self._on_change = on_change
        self._version = version
        self._resolve_timeout_ms = resolve_timeout_ms
        self._local_nets = local_networks()
        self._lock = threading.Lock()  # guards _state
        self._state = _BrowserState()
        self._tasks: dict[str, asyncio.Task[None]] = {}  # loop thread only
        self._browser: AsyncServiceBrowser | None = None
        self._zc = open_zeroconf(self._interfaces)
        try:
            run_on_loop(self._zc, self._start(), START_TIMEOUT_S)
        except BaseException:
            self._zc.close()
            raise

    def entries(self) -> list[HostEntry]:
        """Snapshot of the games currently seen, sorted by name."""
        with self._lock:
            return sorted(self._state.entries.values(), key=lambda e: (e.name.casefold(), e.service_name))

    def close(self) -> None:
        """Stop browsing. Idempotent, bounded."""
        with self._lock:
            if self._state.closed:
                return
            self._state.closed = True
        try:
            run_on_loop(self._zc, self._stop(), CLOSE_TIMEOUT_S)
        except (concurrent.futures.TimeoutError, RuntimeError) as exc:
            log.warning("browser: stop did not finish: %r", exc)
        self._zc.close()

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----------------------------------------------------------------- loop side

    async def _start(self) -> None:
        await self._zc.async_wait_for_start()
        # QM (multicast) questions: a unicast reply may be handed to another
        # mDNS socket on this machine (SO_REUSEPORT), and a lobby's few extra
        # multicast answers cost nothing.
        self._browser = AsyncServiceBrowser(
            self._zc, SERVICE_TYPE, handlers=[self._on_service], question_type=DNSQuestionType.QM
        )

    async def _stop(self) -> None:
        if self._browser is not None:
            await self._browser.async_cancel()
        tasks = list(self._tasks.values())
        self._tasks.clear()
        for task in tasks:
            task.cancel()
        if tasks:
            await asyncio.wait(tasks, timeout=1.0)

    def _on_service(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        key = name.lower()
        old = self._tasks.pop(key, None)
        if old is not None:
            old.cancel()  # a newer event supersedes a resolve in flight
        if state_change is ServiceStateChange.Removed:
            self._remove(key)
            return
        task = asyncio.get_running_loop().create_task(self._resolve(key, name))
        self._tasks[key] = task
        def forget(done: asyncio.Task[None], k: str = key) -> None:
            if self._tasks.get(k) is done:
                del self._tasks[k]

        task.add_done_callback(forget)

    async def _resolve(self, key: str, name: str) -> None:
        info = AsyncServiceInfo(SERVICE_TYPE, name)
        if not await info.async_request(self._zc, self._resolve_timeout_ms, question_type=DNSQuestionType.QM):
            log.debug("browser: could not resolve %r", name)
            return
        entry = entry_from_info(info, self._local_nets, self._version)
        if entry is None:
            return
        with self._lock:
            if self._state.closed:
                return
            old = self._state.entries.get(key)
            if old == entry:
                return
            self._state.entries[key] = entry
        self._notify(Change.ADDED if old is None else Change.UPDATED, entry)

    def _remove(self, key: str) -> None:
        with self._lock:
            entry = self._state.entries.pop(key, None)
        if entry is not None:
            self._notify(Change.REMOVED, entry)

    def _notify(self, change: Change, entry: HostEntry) -> None:
        if self._on_change is None:
            return
        try:
            self._on_change(change, entry)
        except Exception:  # a UI bug must not stop discovery
            log.exception("browser on_change callback failed")
