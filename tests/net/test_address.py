"""parse_address: what a player may type in the "join by address" box."""
from __future__ import annotations

import pytest

from net.address import DEFAULT_PORT, Address, AddressError, parse_address


@pytest.mark.parametrize(
    ("text", "host", "port"),
    [
        ("192.168.1.5:4567", "192.168.1.5", 4567),
        ("192.168.1.5", "192.168.1.5", DEFAULT_PORT),
        ("  10.0.0.7:1  ", "10.0.0.7", 1),
        ("127.0.0.1:65535", "127.0.0.1", 65535),
        ("[::1]:4567", "::1", 4567),
        ("[::1]", "::1", DEFAULT_PORT),
        ("::1", "::1", DEFAULT_PORT),
        ("fe80::1", "fe80::1", DEFAULT_PORT),
        ("[fe80::1%eth0]:4000", "fe80::1%eth0", 4000),
        ("myhost.local:4567", "myhost.local", 4567),
        ("myhost.local", "myhost.local", DEFAULT_PORT),
        ("myhost.local.:80", "myhost.local", 80),
        ("localhost", "localhost", DEFAULT_PORT),
        ("My-Host-2:47801", "My-Host-2", 47801),
    ],
)
def test_good_addresses(text: str, host: str, port: int) -> None:
    addr = parse_address(text)
    assert addr == Address(host, port)
    assert (addr.host, addr.port) == (host, port)


def test_default_port_can_be_overridden() -> None:
    assert parse_address("example.lan", default_port=9000) == ("example.lan", 9000)


def test_str_round_trips() -> None:
    for text in ("192.168.1.5:4567", "[::1]:4567", "myhost.local:4567"):
        assert str(parse_address(text)) == text
        assert parse_address(str(parse_address(text))) == parse_address(text)


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("", "enter an address"),
        ("   ", "enter an address"),
        ("192.168.1.5:", "port is missing"),
        (":4567", "host is missing"),
        ("192.168.1.5:abc", "must be a number"),
        ("192.168.1.5:0", "between 1 and 65535"),
        ("192.168.1.5:65536", "between 1 and 65535"),
        ("192.168.1.5:-1", "must be a number"),
        ("192.168.1", "not a valid IPv4"),
        ("999.1.1.1:80", "not a valid IPv4"),
        ("[::1", "Missing ']'"),
        ("[::1]4567", "Expected ':port'"),
        ("[]:80", "Nothing between"),
        ("[not-v6]:80", "not a valid IPv6"),
        ("1:2:3:zz", "not a valid IPv6"),
        ("http://myhost:80", "scheme"),
        ("my host:80", "spaces"),
        ("myhost/x:80", "'/'"),
        ("bad_host:80", "not a valid host name"),
        ("-bad.local", "not a valid host name"),
        ("a..b", "not a valid host name"),
        ("x" * 64 + ".local", "not a valid host name"),
        (".".join(["abc"] * 70), "too long"),
        ("host:12:34", "not a valid IPv6"),
        ("host:٣٣", "must be a number"),
    ],
)
def test_bad_addresses(text: str, needle: str) -> None:
    with pytest.raises(AddressError) as info:
        parse_address(text)
    message = str(info.value)
    assert needle in message
    assert "for example" in message  # every message shows what works
    assert isinstance(info.value, ValueError)


def test_non_text_is_rejected() -> None:
    with pytest.raises(AddressError):
        parse_address(4567)  # type: ignore[arg-type]
