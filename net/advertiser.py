"""The Advertiser: one hosted game on the LAN over mDNS / DNS-SD until closed (net.discovery has
the threading model)."""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
import time
import uuid
from collections.abc import Sequence

from zeroconf import (
    DNSOutgoing,
    DNSQuestion,
    InterfaceChoice,
    ServiceInfo,
    current_time_millis,
)

from net.protocol import PROTOCOL_VERSION

from .dns_sd import (
    CLASS_IN,
    CLOSE_TIMEOUT_S,
    FLAGS_QUERY,
    MAX_LABEL_BYTES,
    MAX_SUFFIX,
    SERVICE_TYPE,
    TYPE_ANY,
    TYPE_SRV,
    AdvertiseError,
    Interfaces,
    advertised_addresses,
    check_interfaces,
    check_seats,
    clean_text,
    instance_name,
    open_zeroconf,
    run_on_loop,
    txt_fields,
)

log = logging.getLogger("net.discovery")     # discovery's news, in its log lines


class Advertiser:
    """Advertise one hosted game until closed.

    Registration starts at construction and runs in the background (the name
    probe and first announcement take a fraction of a second); the caller can
    poll :attr:`registered` or block in :meth:`wait_registered`.
    If another host already uses ``name`` the instance becomes "name (2)",
    "name (3)"...; :attr:`name` gives the final one.
    """

    def __init__(
        self,
        name: str,
        port: int,
        game: str,
        seats_free: int,
        host_name: str,
        interfaces: Interfaces = InterfaceChoice.All,
        *,
        players: Sequence[str] | None = None,
        version: int = PROTOCOL_VERSION,
        probe_ms: int = 300,
    ) -> None:
        base = clean_text(name, MAX_LABEL_BYTES - len(f" ({MAX_SUFFIX})"))
        if not base:
            raise ValueError("the game name is empty")
        if not isinstance(port, int) or not 1 <= port <= 65535:
            raise ValueError(f"port must be 1..65535, not {port!r}")
        self._interfaces = check_interfaces(interfaces)
        self._base = base
        self._port = port
        self._game = game
        self._seats_free = check_seats(seats_free)
        self._host_name = host_name
        self._players = tuple(players) if players is not None else None
        self._version = version
        self._probe_ms = probe_ms
        self._addresses = advertised_addresses(self._interfaces)
        # A per-advertiser server name, so two hosts on one machine never
        # fight over the same A records.
        self._server = f"kombo-{uuid.uuid4().hex[:12]}.local."

        self._lock = threading.Lock()  # guards the fields below
        self._name = base
        self._published: dict[str, str] | None = None
        self._info: ServiceInfo | None = None
        self._closed = False
        self._error: BaseException | None = None
        self._done = threading.Event()  # registered or failed

        self._zc = open_zeroconf(self._interfaces)
        assert self._zc.loop is not None
        self._loop = self._zc.loop
        self._op_lock: asyncio.Lock | None = None  # created on the loop, serialises register/update
        self._register_future = asyncio.run_coroutine_threadsafe(self._register(), self._loop)

    # ----------------------------------------------------------------- public

    @property
    def name(self) -> str:
        """The instance name in use (final once :attr:`registered`)."""
        with self._lock:
            return self._name

    @property
    def service_name(self) -> str:
        return f"{self.name}.{SERVICE_TYPE}"

    @property
    def addresses(self) -> list[str]:
        return list(self._addresses)

    @property
    def registered(self) -> bool:
        with self._lock:
            return self._info is not None and not self._closed

    def wait_registered(self, timeout: float | None = None) -> bool:
        """Block until advertised; False on timeout, AdvertiseError if it failed."""
        if not self._done.wait(timeout):
            return False
        with self._lock:
            error = self._error
        if error is not None:
            raise AdvertiseError(f"could not advertise {self._base!r}: {error}") from error
        return self.registered

    def update(
        self,
        *,
        seats_free: int | None = None,
        players: Sequence[str] | None = None,
        game: str | None = None,
    ) -> None:
        """Change the TXT fields; browsers see the change within a moment. Never blocks."""
        with self._lock:
            if self._closed:
                return
            if seats_free is not None:
                self._seats_free = check_seats(seats_free)
            if players is not None:
                self._players = tuple(players)
            if game is not None:
                self._game = game
        try:
            asyncio.run_coroutine_threadsafe(self._publish_update(), self._loop)
        except RuntimeError:  # loop already stopped by a concurrent close()
            pass

    def close(self) -> None:
        """Withdraw the advertisement (goodbye packets) and stop. Idempotent, bounded."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        self._register_future.cancel()
        try:
            run_on_loop(self._zc, self._unregister(), CLOSE_TIMEOUT_S)
        except (concurrent.futures.TimeoutError, concurrent.futures.CancelledError, RuntimeError) as exc:
            log.warning("advertiser %r: unregister did not finish: %r", self._base, exc)
        self._zc.close()
        self._done.set()

    def __enter__(self) -> Advertiser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----------------------------------------------------------------- loop side

    def _properties(self) -> dict[str, str]:
        with self._lock:
            return txt_fields(self._game, self._seats_free, self._host_name, self._players, self._version)

    def _make_info(self, instance: str, props: dict[str, str]) -> ServiceInfo:
        return ServiceInfo(
            SERVICE_TYPE,
            f"{instance}.{SERVICE_TYPE}",
            port=self._port,
            properties=props,
            server=self._server,
            addresses=self._addresses,
        )

    def _lock_on_loop(self) -> asyncio.Lock:
        if self._op_lock is None:
            self._op_lock = asyncio.Lock()
        return self._op_lock

    async def _register(self) -> None:
        try:
            async with self._lock_on_loop():
                await self._zc.async_wait_for_start()
                for n in range(1, MAX_SUFFIX + 1):
                    candidate = instance_name(self._base, n)
                    if not await self._name_taken(candidate):
                        break
                else:
                    raise AdvertiseError(f"every name from {self._base!r} to ({MAX_SUFFIX}) is taken")
                props = self._properties()
                info = self._make_info(candidate, props)
                # Our own probe (above) replaced zeroconf's, so tell it not to
                # probe again: its probe asks for a unicast reply, which on a
                # machine running several mDNS sockets (SO_REUSEPORT) may be
                # handed to the wrong one, so a clash went unnoticed in testing.
                await self._zc.async_register_service(info, cooperating_responders=True)
                with self._lock:
                    self._name = candidate
                    self._info = info
                    self._published = props
        except asyncio.CancelledError:
            raise
        except BaseException as exc:  # reported through wait_registered()
            log.warning("advertiser %r failed: %r", self._base, exc, exc_info=exc)
            with self._lock:
                self._error = exc
        finally:
            self._done.set()
        # An update() that raced with registration is published now.
        await self._publish_update()

    async def _name_taken(self, candidate: str) -> bool:
        """Probe for ``candidate``: True if another responder owns it.

        The probe is a multicast (QM) query with our proposed record in the
        authority section, which marks it as a probe: zeroconf responders
        answer probes by multicast at once, and every answer lands in our cache.
        """
        full = f"{candidate}.{SERVICE_TYPE}".lower()
        if self._srv_cached(full):
            return True
        probe = self._make_info(candidate, {})
        out = DNSOutgoing(FLAGS_QUERY, multicast=True)
        out.add_question(DNSQuestion(full, TYPE_ANY, CLASS_IN))
        out.add_authorative_answer(probe.dns_pointer())  # zeroconf only accepts a PTR here
        deadline = time.monotonic() + self._probe_ms / 1000
        # Two probes, as a single multicast datagram may be lost on Wi-Fi.
        second_at = time.monotonic() + self._probe_ms / 2000
        self._zc.async_send(out)
        sent_second = False
        while (now := time.monotonic()) < deadline:
            if not sent_second and now >= second_at:
                self._zc.async_send(out)
                sent_second = True
            wake = second_at if not sent_second else deadline
            await self._zc.async_wait(max(1.0, (wake - now) * 1000))
            if self._srv_cached(full):
                return True
        return self._srv_cached(full)

    def _srv_cached(self, full_name: str) -> bool:
        now_ms = current_time_millis()
        return any(
            rec.type == TYPE_SRV and not rec.is_expired(now_ms)
            for rec in self._zc.cache.entries_with_name(full_name)
        )

    async def _publish_update(self) -> None:
        async with self._lock_on_loop():
            with self._lock:
                info, published, closed = self._info, self._published, self._closed
            if info is None or closed:
                return
            props = self._properties()
            if props == published:
                return
            new_info = self._make_info(self.name, props)
            await self._zc.async_update_service(new_info)
            with self._lock:
                self._info = new_info
                self._published = props

    async def _unregister(self) -> None:
        with self._lock:
            info = self._info
            self._info = None
        if info is not None:
            goodbye = await self._zc.async_unregister_service(info)
            await goodbye  # the goodbye packets, so browsers drop us at once


# --------------------------------------------------------------------------- browser
