"""The lag proxy's settings (tools/lagproxy.py): a direction's delay, jitter and loss (Link), the whole
configuration, its counters, and the command line that builds a configuration."""
from __future__ import annotations

import argparse
import random
import sys
from dataclasses import dataclass, replace
from typing import Any

if __package__ in (None, ""):
    # run as a script from a checkout: make `net` importable
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1]))

from net.address import Address, parse_address


class LagProxyError(Exception):
    """The proxy could not start (bad config, address in use...)."""


@dataclass(frozen=True)
class Link:
    """Impairment of one direction."""

    delay_ms: float = 0.0
    jitter_ms: float = 0.0  # uniform in [-jitter, +jitter], delay never below 0
    loss: float = 0.0  # probability of dropping a UDP datagram; TCP ignores it

    def __post_init__(self) -> None:
        if self.delay_ms < 0 or self.jitter_ms < 0:
            raise ValueError("delay and jitter must be >= 0")
        if not 0.0 <= self.loss <= 1.0:
            raise ValueError("loss must be between 0 and 1")

    def sample_delay_s(self, rng: random.Random) -> float:
        jitter = rng.uniform(-self.jitter_ms, self.jitter_ms) if self.jitter_ms else 0.0
        return max(0.0, self.delay_ms + jitter) / 1000.0

    def drops(self, rng: random.Random) -> bool:
        return self.loss > 0.0 and rng.random() < self.loss

    def describe(self) -> str:
        return f"{self.delay_ms:g}±{self.jitter_ms:g} ms, loss {self.loss:.0%}"


@dataclass(frozen=True)
class LagConfig:
    listen: Address  # port 0: pick a free port (the same one for TCP and UDP)
    target: Address
    upstream: Link = Link()  # client -> target
    downstream: Link = Link()  # target -> client
    tcp: bool = True
    udp: bool = True
    seed: int | None = None  # fixes jitter and loss draws, for repeatable runs
    max_connections: int = 64
    max_udp_peers: int = 64
    udp_idle_s: float = 60.0
    max_in_flight: int = 1024  # per direction: TCP chunks per connection, UDP datagrams overall
    lifetime_s: float | None = None  # stop by itself after this long

    def __post_init__(self) -> None:
        if not (self.tcp or self.udp):
            raise ValueError("enable at least one of tcp and udp")
        if self.target.port == 0:
            raise ValueError("the target needs a port")
        if min(self.max_connections, self.max_udp_peers, self.max_in_flight) < 1:
            raise ValueError("limits must be >= 1")

    @classmethod
    def symmetric(
        cls,
        listen: Address | tuple[str, int],
        target: Address | tuple[str, int],
        *,
        delay_ms: float = 0.0,
        jitter_ms: float = 0.0,
        loss: float = 0.0,
        **kwargs: Any,
    ) -> LagConfig:
        """The same impairment both ways (each way gets ``delay_ms``)."""
        link = Link(delay_ms, jitter_ms, loss)
        return cls(Address(*listen), Address(*target), link, link, **kwargs)


@dataclass
class LagStats:
    tcp_connections: int = 0
    tcp_refused: int = 0  # over max_connections or target unreachable
    tcp_bytes_up: int = 0
    tcp_bytes_down: int = 0
    udp_forwarded_up: int = 0
    udp_dropped_up: int = 0  # by loss or because too many were in flight
    udp_forwarded_down: int = 0
    udp_dropped_down: int = 0

    def copy(self) -> LagStats:
        return replace(self)


# ----------------------------------------------------------------- command line


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="lagproxy",
        description="TCP+UDP proxy adding one-way delay, jitter and (UDP) loss in each direction.",
    )
    p.add_argument("--listen", required=True, help="host:port to listen on (TCP and UDP), e.g. 127.0.0.1:9001")
    p.add_argument("--target", required=True, help="host:port to forward to, e.g. 127.0.0.1:9000")
    p.add_argument("--delay-ms", type=float, default=0.0, help="one-way delay, each direction")
    p.add_argument("--jitter-ms", type=float, default=0.0, help="uniform +- jitter on the delay")
    p.add_argument("--loss", type=float, default=0.0, help="UDP drop probability 0..1, each direction")
    for way in ("up", "down"):
        what = "client->target" if way == "up" else "target->client"
        p.add_argument(f"--{way}-delay-ms", type=float, help=f"override delay for {what}")
        p.add_argument(f"--{way}-jitter-ms", type=float, help=f"override jitter for {what}")
        p.add_argument(f"--{way}-loss", type=float, help=f"override loss for {what}")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--tcp-only", action="store_true")
    group.add_argument("--udp-only", action="store_true")
    p.add_argument("--seed", type=int, help="random seed for repeatable jitter and loss")
    p.add_argument("--duration", type=float, help="stop after this many seconds")
    p.add_argument("--stats-every", type=float, default=0.0, help="print counters every N seconds")
    return p


def parse_listen(text: str) -> Address:
    # ":0" asks for any free port, which parse_address (made for players) refuses.
    if text.strip().endswith(":0"):
        return parse_address(text.strip()[:-2], default_port=0)
    return parse_address(text, default_port=0)


def config_from_args(args: argparse.Namespace) -> LagConfig:
    listen = parse_listen(args.listen)
    target = parse_address(args.target, default_port=0)

    def link(way: str) -> Link:
        def pick(name: str) -> float:
            value = getattr(args, f"{way}_{name}")
            return getattr(args, name) if value is None else value

        return Link(pick("delay_ms"), pick("jitter_ms"), pick("loss"))

    return LagConfig(
        listen=listen,
        target=target,
        upstream=link("up"),
        downstream=link("down"),
        tcp=not args.udp_only,
        udp=not args.tcp_only,
        seed=args.seed,
        lifetime_s=args.duration,
    )


__all__ = ["LagConfig", "LagProxyError", "LagStats", "Link", "build_parser", "config_from_args", "parse_listen"]
