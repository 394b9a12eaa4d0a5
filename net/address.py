"""Parse the "host:port" a player types to join a game by address.

Joining by address is the fallback for networks that block multicast, so the
errors here are shown to players as-is: they say what was wrong and give an
example of what works.
"""
from __future__ import annotations

import ipaddress
import re
from typing import NamedTuple

DEFAULT_PORT = 47800
"""TCP (and UDP) port a host listens on when the player gives none."""

_EXAMPLE = "for example 192.168.1.5:47800, [fe80::1]:47800 or myhost.local"
_LABEL = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$")
_MAX_HOSTNAME = 253


class AddressError(ValueError):
    """The text is not a usable address; str(error) is a message for the player."""

    def __init__(self, text: str, problem: str) -> None:
        self.text = text
        self.problem = problem
        super().__init__(f"{problem} ({_EXAMPLE})")


class Address(NamedTuple):
    """A host and a port.

    A NamedTuple rather than a dataclass so that it can be handed straight to
    socket.connect / asyncio.open_connection, which take a (host, port) pair.
    """

    host: str
    port: int

    def __str__(self) -> str:
        if ":" in self.host:  # IPv6 needs brackets or the port is ambiguous
            return f"[{self.host}]:{self.port}"
        return f"{self.host}:{self.port}"


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> Address:
    """Parse "host", "host:port", "[v6]" or "[v6]:port".

    A bare IPv6 address without brackets ("fe80::1") is read as a host only,
    since a trailing ":n" cannot be told apart from part of the address.
    Hostnames are checked for shape only; nothing is resolved here.
    """
    if not isinstance(text, str):
        raise AddressError(repr(text), "The address must be text")
    raw = text
    text = text.strip()
    if not text:
        raise AddressError(raw, "Please enter an address")
    if "://" in text:
        raise AddressError(raw, "Leave out the scheme (like http://): just the host and port")
    if any(ch.isspace() for ch in text):
        raise AddressError(raw, "An address cannot contain spaces")
    if "/" in text:
        raise AddressError(raw, "An address cannot contain '/'")

    if text.startswith("["):
        host, port_text = _split_bracketed(raw, text)
        _check_ipv6(raw, host)
    elif text.count(":") > 1:
        # More than one colon and no brackets: only an IPv6 address fits.
        host, port_text = text, None
        _check_ipv6(raw, host)
    elif ":" in text:
        host, port_text = text.split(":", 1)
        _check_host(raw, host)
    else:
        host, port_text = text, None
        _check_host(raw, host)

    port = default_port if port_text is None else _parse_port(raw, port_text)
    return Address(host.rstrip(".") if not _is_ip(host) else host, port)


def _split_bracketed(raw: str, text: str) -> tuple[str, str | None]:
    close = text.find("]")
    if close < 0:
        raise AddressError(raw, "Missing ']' after the IPv6 address")
    host, rest = text[1:close], text[close + 1 :]
    if not host:
        raise AddressError(raw, "Nothing between '[' and ']'")
    if not rest:
        return host, None
    if not rest.startswith(":"):
        raise AddressError(raw, "Expected ':port' after ']'")
    return host, rest[1:]


def _check_ipv6(raw: str, host: str) -> None:
    try:
        ipaddress.IPv6Address(host)
    except ValueError:
        raise AddressError(raw, f"'{host}' is not a valid IPv6 address") from None


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _check_host(raw: str, host: str) -> None:
    if not host:
        raise AddressError(raw, "The host is missing before ':'")
    if re.fullmatch(r"[0-9.]+", host):
        # Digits and dots only: the player meant an IPv4 address, so do not
        # accept a typo like 192.168.1 as a hostname.
        try:
            ipaddress.IPv4Address(host)
        except ValueError:
            raise AddressError(raw, f"'{host}' is not a valid IPv4 address") from None
        return
    name = host[:-1] if host.endswith(".") else host
    if len(name) > _MAX_HOSTNAME:
        raise AddressError(raw, "That host name is too long")
    for label in name.split("."):
        if not _LABEL.match(label):
            raise AddressError(
                raw,
                f"'{host}' is not a valid host name: use letters, digits, '-' and '.'",
            )


def _parse_port(raw: str, port_text: str) -> int:
    if not port_text:
        raise AddressError(raw, "The port is missing after ':'")
    if not port_text.isascii() or not port_text.isdigit():
        raise AddressError(raw, f"The port must be a number, not '{port_text}'")
    port = int(port_text)
    if not 1 <= port <= 65535:
        raise AddressError(raw, f"The port must be between 1 and 65535, not {port}")
    return port
