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
import enum
import ipaddress
import logging
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import ifaddr
from zeroconf import (
    DNSOutgoing,
    DNSQuestion,
    DNSQuestionType,
    InterfaceChoice,
    IPVersion,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
    current_time_millis,
)
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo

from net.protocol import PROTOCOL_VERSION

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

SERVICE_TYPE = "_kombo._tcp.local."

Interfaces: TypeAlias = InterfaceChoice | Sequence[str]
"""InterfaceChoice.All (every IPv4 interface) or a list of local IP addresses."""

# DNS wire constants (RFC 1035 / 2782); fixed by the protocol, so local copies
# are safer than importing zeroconf's private const module.
_TYPE_SRV = 33
_TYPE_ANY = 255
_CLASS_IN = 1
_FLAGS_QUERY = 0x0000

_MAX_LABEL_BYTES = 63  # a DNS label; the instance name is one label
_MAX_TXT_VALUE_BYTES = 200  # a TXT string is at most 255 bytes with its key
_MAX_SUFFIX = 99
_CLOSE_TIMEOUT_S = 3.0
_START_TIMEOUT_S = 5.0


class DiscoveryError(Exception):
    """Base class for discovery failures."""


class InterfaceError(DiscoveryError):
    """No multicast socket could be opened on the chosen interfaces."""


class AdvertiseError(DiscoveryError):
    """The game could not be advertised."""


class Change(enum.Enum):
    """What happened to a browser entry; passed to ``on_change``."""

    ADDED = "added"
    UPDATED = "updated"
    REMOVED = "removed"


@dataclass(frozen=True)
class HostEntry:
    """One hosted game as seen by a browser."""

    name: str  # instance name shown in the lobby, e.g. "Alice's table (2)"
    address: str  # the address to connect to (see _pick_address)
    port: int
    game: str
    seats_free: int
    host_name: str
    version: int  # 0 when the host sent none or garbage
    compatible: bool
    players: tuple[str, ...] = ()
    addresses: tuple[str, ...] = ()  # every address the host advertised
    service_name: str = ""  # full DNS-SD name, unique per entry


@dataclass(frozen=True)
class InterfaceOption:
    """A local IPv4 interface a player may pick on the settings screen."""

    name: str
    address: str
    prefix: int
    is_loopback: bool

    @property
    def label(self) -> str:
        return f"{self.name} ({self.address})"


def list_interfaces() -> list[InterfaceOption]:
    """IPv4 interfaces of this machine, LAN ones first.

    IPv4 only: zeroconf's IPv6 support needs interface indexes and link-local
    scopes, which the lobby does not need to expose.
    """
    options: list[InterfaceOption] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not ip.is_IPv4:
                continue
            addr = str(ip.ip)
            options.append(
                InterfaceOption(
                    name=str(adapter.nice_name),
                    address=addr,
                    prefix=int(ip.network_prefix),
                    is_loopback=ipaddress.IPv4Address(addr).is_loopback,
                )
            )
    options.sort(key=lambda o: (o.is_loopback, ipaddress.IPv4Address(o.address).is_link_local, o.name))
    return options


# --------------------------------------------------------------------------- helpers


def _check_interfaces(interfaces: Interfaces) -> Interfaces:
    if isinstance(interfaces, InterfaceChoice):
        return interfaces
    if isinstance(interfaces, str):
        raise ValueError("interfaces must be InterfaceChoice.All or a list of IP addresses, not a string")
    checked: list[str] = []
    for item in interfaces:
        try:
            checked.append(str(ipaddress.ip_address(item)))
        except ValueError:
            raise ValueError(f"not an IP address: {item!r}") from None
    if not checked:
        raise ValueError("the list of interfaces is empty")
    return checked


def _open_zeroconf(interfaces: Interfaces) -> Zeroconf:
    if isinstance(interfaces, InterfaceChoice):
        ip_version: IPVersion | None = IPVersion.V4Only
        zc_interfaces: Any = interfaces
    else:
        ip_version = None  # let zeroconf pick from the addresses given
        zc_interfaces = list(interfaces)
    try:
        return Zeroconf(interfaces=zc_interfaces, ip_version=ip_version, use_asyncio=False)
    except (OSError, RuntimeError) as exc:
        raise InterfaceError(f"cannot use the network interfaces {interfaces!r}: {exc}") from exc


def _advertised_addresses(interfaces: Interfaces) -> list[str]:
    if isinstance(interfaces, InterfaceChoice):
        ips = [o.address for o in list_interfaces()]
    else:
        ips = list(interfaces)
    # Loopback is only useful when nothing else exists (tests, a single PC);
    # otherwise a peer elsewhere would be told to connect to itself.
    outside = [ip for ip in ips if not ipaddress.ip_address(ip).is_loopback]
    return outside or ips


def _local_networks() -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    nets: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
    for opt in list_interfaces():
        if not opt.is_loopback:
            nets.append(ipaddress.ip_interface(f"{opt.address}/{opt.prefix}").network)
    return nets


def _pick_address(addresses: Sequence[str], local_nets: Sequence[Any]) -> str:
    """Prefer an address on one of our own subnets, then any non-loopback one.

    A host with several interfaces (Wi-Fi plus a VM bridge, say) advertises all
    of them; only one is likely reachable from here.
    """

    def rank(addr: str) -> tuple[int, int]:
        ip = ipaddress.ip_address(addr.split("%", 1)[0])
        on_our_net = any(ip.version == net.version and ip in net for net in local_nets)
        return (0 if on_our_net else 1 if not ip.is_loopback else 2, 0 if ip.version == 4 else 1)

    return min(addresses, key=rank)


def _clean_text(text: str, max_bytes: int) -> str:
    # Control characters and dots make instance names unreadable or get
    # escaped oddly by other mDNS tools.
    cleaned = "".join(" " if (not ch.isprintable() or ch == ".") else ch for ch in text).strip()
    return _truncate_utf8(cleaned, max_bytes)


def _truncate_utf8(text: str, max_bytes: int) -> str:
    data = text.encode("utf-8")[:max_bytes]
    return data.decode("utf-8", errors="ignore").rstrip()


def _instance_name(base: str, n: int) -> str:
    return base if n == 1 else f"{base} ({n})"


def _txt(game: str, seats_free: int, host_name: str, players: Sequence[str] | None, version: int) -> dict[str, str]:
    props = {
        "v": str(version),
        "game": _truncate_utf8(game, _MAX_TXT_VALUE_BYTES),
        "free": str(seats_free),
        "host": _clean_text(host_name, _MAX_TXT_VALUE_BYTES),
    }
    if players is not None:
        names = [_clean_text(p, _MAX_TXT_VALUE_BYTES).replace(",", " ") for p in players]
        props["players"] = _truncate_utf8(",".join(names), _MAX_TXT_VALUE_BYTES)
    return props


def _check_seats(seats_free: int) -> int:
    if isinstance(seats_free, bool) or not isinstance(seats_free, int) or seats_free < 0:
        raise ValueError(f"seats_free must be an int >= 0, not {seats_free!r}")
    return seats_free


def _entry_from_info(info: ServiceInfo, local_nets: Sequence[Any], version: int) -> HostEntry | None:
    addresses = tuple(info.parsed_scoped_addresses())
    if not addresses or info.port is None:
        return None
    props = info.decoded_properties
    instance = info.name[: -len(SERVICE_TYPE) - 1] if info.name.endswith("." + SERVICE_TYPE) else info.name

    def as_int(key: str) -> int | None:
        try:
            return int(props.get(key) or "")
        except ValueError:
            return None

    host_version = as_int("v") or 0
    players_text = props.get("players") or ""
    return HostEntry(
        name=instance,
        address=_pick_address(addresses, local_nets),
        port=int(info.port),
        game=props.get("game") or "",
        seats_free=max(0, as_int("free") or 0),
        host_name=props.get("host") or instance,
        version=host_version,
        compatible=host_version == version,
        players=tuple(p for p in players_text.split(",") if p),
        addresses=addresses,
        service_name=info.name,
    )


def _run_on_loop(zc: Zeroconf, coro: Any, timeout: float) -> Any:
    assert zc.loop is not None
    return asyncio.run_coroutine_threadsafe(coro, zc.loop).result(timeout)


# --------------------------------------------------------------------------- advertiser


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
        base = _clean_text(name, _MAX_LABEL_BYTES - len(f" ({_MAX_SUFFIX})"))
        if not base:
            raise ValueError("the game name is empty")
        if not isinstance(port, int) or not 1 <= port <= 65535:
            raise ValueError(f"port must be 1..65535, not {port!r}")
        self._interfaces = _check_interfaces(interfaces)
        self._base = base
        self._port = port
        self._game = game
        self._seats_free = _check_seats(seats_free)
        self._host_name = host_name
        self._players = tuple(players) if players is not None else None
        self._version = version
        self._probe_ms = probe_ms
        self._addresses = _advertised_addresses(self._interfaces)
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

        self._zc = _open_zeroconf(self._interfaces)
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
                self._seats_free = _check_seats(seats_free)
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
            _run_on_loop(self._zc, self._unregister(), _CLOSE_TIMEOUT_S)
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
            return _txt(self._game, self._seats_free, self._host_name, self._players, self._version)

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
                for n in range(1, _MAX_SUFFIX + 1):
                    candidate = _instance_name(self._base, n)
                    if not await self._name_taken(candidate):
                        break
                else:
                    raise AdvertiseError(f"every name from {self._base!r} to ({_MAX_SUFFIX}) is taken")
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
        out = DNSOutgoing(_FLAGS_QUERY, multicast=True)
        out.add_question(DNSQuestion(full, _TYPE_ANY, _CLASS_IN))
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
            rec.type == _TYPE_SRV and not rec.is_expired(now_ms)
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
        self._interfaces = _check_interfaces(interfaces)
        self._on_change = on_change
        self._version = version
        self._resolve_timeout_ms = resolve_timeout_ms
        self._local_nets = _local_networks()
        self._lock = threading.Lock()  # guards _state
        self._state = _BrowserState()
        self._tasks: dict[str, asyncio.Task[None]] = {}  # loop thread only
        self._browser: AsyncServiceBrowser | None = None
        self._zc = _open_zeroconf(self._interfaces)
        try:
            _run_on_loop(self._zc, self._start(), _START_TIMEOUT_S)
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
            _run_on_loop(self._zc, self._stop(), _CLOSE_TIMEOUT_S)
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
        entry = _entry_from_info(info, self._local_nets, self._version)
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
