"""The records LAN discovery (net.discovery) advertises and reads: the service type, a hosted game
as a browser sees it (HostEntry), the TXT fields and instance names within DNS's limits, the local
interfaces and addresses to advertise on, and discovery's errors."""
from __future__ import annotations

import asyncio
import enum
import ipaddress
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

import ifaddr
from zeroconf import (
    InterfaceChoice,
    IPVersion,
    ServiceInfo,
    Zeroconf,
)

log = logging.getLogger("net.discovery")    # discovery's news, in its log lines

SERVICE_TYPE = "_kombo._tcp.local."

Interfaces: TypeAlias = InterfaceChoice | Sequence[str]
"""InterfaceChoice.All (every IPv4 interface) or a list of local IP addresses."""

# DNS wire constants (RFC 1035 / 2782); fixed by the protocol, so local copies
# are safer than importing zeroconf's private const module.
TYPE_SRV = 33
TYPE_ANY = 255
CLASS_IN = 1
FLAGS_QUERY = 0x0000

MAX_LABEL_BYTES = 63  # a DNS label; the instance name is one label
MAX_TXT_VALUE_BYTES = 200  # a TXT string is at most 255 bytes with its key
MAX_SUFFIX = 99
CLOSE_TIMEOUT_S = 3.0
START_TIMEOUT_S = 5.0


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
    address: str  # the address to connect to (see pick_address)
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


def check_interfaces(interfaces: Interfaces) -> Interfaces:
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


def open_zeroconf(interfaces: Interfaces) -> Zeroconf:
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


def advertised_addresses(interfaces: Interfaces) -> list[str]:
    if isinstance(interfaces, InterfaceChoice):
        ips = [o.address for o in list_interfaces()]
    else:
        ips = list(interfaces)
    # Loopback is only useful when nothing else exists (tests, a single PC);
    # otherwise a peer elsewhere would be told to connect to itself.
    outside = [ip for ip in ips if not ipaddress.ip_address(ip).is_loopback]
    return outside or ips


def local_networks() -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    nets: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
    for opt in list_interfaces():
        if not opt.is_loopback:
            nets.append(ipaddress.ip_interface(f"{opt.address}/{opt.prefix}").network)
    return nets


def pick_address(addresses: Sequence[str], local_nets: Sequence[Any]) -> str:
    """Prefer an address on one of our own subnets, then any non-loopback one.

    A host with several interfaces (Wi-Fi plus a VM bridge, say) advertises all
    of them; only one is likely reachable from here.
    """

    def rank(addr: str) -> tuple[int, int]:
        ip = ipaddress.ip_address(addr.split("%", 1)[0])
        on_our_net = any(ip.version == net.version and ip in net for net in local_nets)
        return (0 if on_our_net else 1 if not ip.is_loopback else 2, 0 if ip.version == 4 else 1)

    return min(addresses, key=rank)


def clean_text(text: str, max_bytes: int) -> str:
    # Control characters and dots make instance names unreadable or get
    # escaped oddly by other mDNS tools.
    cleaned = "".join(" " if (not ch.isprintable() or ch == ".") else ch for ch in text).strip()
    return truncate_utf8(cleaned, max_bytes)


def truncate_utf8(text: str, max_bytes: int) -> str:
    data = text.encode("utf-8")[:max_bytes]
    return data.decode("utf-8", errors="ignore").rstrip()


def instance_name(base: str, n: int) -> str:
    return base if n == 1 else f"{base} ({n})"


def txt_fields(game: str, seats_free: int, host_name: str, players: Sequence[str] | None, version: int) -> dict[str, str]:
    props = {
        "v": str(version),
        "game": truncate_utf8(game, MAX_TXT_VALUE_BYTES),
        "free": str(seats_free),
        "host": clean_text(host_name, MAX_TXT_VALUE_BYTES),
    }
    if players is not None:
        names = [clean_text(p, MAX_TXT_VALUE_BYTES).replace(",", " ") for p in players]
        props["players"] = truncate_utf8(",".join(names), MAX_TXT_VALUE_BYTES)
    return props


def check_seats(seats_free: int) -> int:
    if isinstance(seats_free, bool) or not isinstance(seats_free, int) or seats_free < 0:
        raise ValueError(f"seats_free must be an int >= 0, not {seats_free!r}")
    return seats_free


def entry_from_info(info: ServiceInfo, local_nets: Sequence[Any], version: int) -> HostEntry | None:
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
        address=pick_address(addresses, local_nets),
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


def run_on_loop(zc: Zeroconf, coro: Any, timeout: float) -> Any:
    assert zc.loop is not None
    return asyncio.run_coroutine_threadsafe(coro, zc.loop).result(timeout)
