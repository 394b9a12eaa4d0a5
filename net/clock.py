"""NTP-style clock sync over Ping/Pong, and the slap-race correction built on it.

The pinger sends Ping(t0) by its clock; the responder stamps t1 on receipt and t2 on sending the Pong;
the pinger receives it at t3. Then

    offset = ((t1 - t0) + (t2 - t3)) / 2      responder clock - pinger clock
    delay  = (t3 - t0) - (t2 - t1)            time on the wire, both ways

Each sample's offset is off by at most delay / 2 (exactly half the asymmetry of the two legs), so the
estimate uses the samples with the smallest delay, as NTP's clock filter does: queueing only ever adds
delay, so the fastest round trips are the least skewed. On a noisy link (the typical round trip well
above the fastest) the pinger pings more often, so that its window holds more samples and the fastest
of them are faster; and since a long window lets two clocks that run at slightly different rates
drift apart, the estimate fits that drift (a weighted line through the window, each sample weighted
by how little its delay exceeds the fastest; applied only when it stands out of its own noise) and
gives the offset at the newest sample.

A ping's delay rests on the responder's own word for its hold time (t2 - t1), so a responder that
holds its reply and reports no hold makes its link look longer than it is. The host therefore also
reads the kernel's own estimate of each TCP connection's round trip (Linux TCP_INFO: `kernel_rtt`,
fed to `LatencyTable.on_kernel` by net.server), which rests on the peer's kernel acknowledging the
host's segments, not on anything the peer's program says; net.fair_slap builds the slap race's slack
on both.

A peer pings the host to learn host time (for countdowns); the host pings each peer to learn that
peer's offset and round trip itself, rather than trusting numbers a peer reports, for the slap race.
"""
from __future__ import annotations

import math
import socket
import statistics
import struct
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from .messages import Ping, Pong

MAX_DRIFT = 500e-6      # the fastest two clocks are believed to drift apart (500 ppm)
DRIFT_Z = 3.0           # a drift is applied only when it is this many standard errors from none
_TCP_INFO_RTT = 68      # struct tcp_info (linux/tcp.h): tcpi_rtt, tcpi_rttvar (us) at 68 and 72
_TCP_INFO_MIN_RTT = 148  # tcpi_min_rtt (us), since Linux 4.10
_TCP_INFO_SIZE = 232


@dataclass(frozen=True)
class ClockSample:
    offset: float     # responder clock - pinger clock
    delay: float      # round trip less the responder's hold time
    at: float         # pinger's clock when the Pong arrived


@dataclass(frozen=True)
class KernelRtt:
    """The kernel's estimate of a TCP connection's round trip, in seconds: smoothed (srtt), its mean
    deviation, and the fastest the kernel has seen lately (its windowed minimum; 0 when the kernel
    does not say). The peer's kernel acknowledges segments on receipt, whatever its program does, so
    a peer cannot inflate these by holding its replies."""

    srtt: float
    rttvar: float = 0.0
    min_rtt: float = 0.0

    @property
    def floor(self) -> float:
        """The fastest round trip the kernel vouches for."""
        return self.min_rtt if 0.0 < self.min_rtt <= self.srtt else self.srtt


def kernel_rtt(sock: Any) -> KernelRtt | None:
    """The kernel's round-trip estimate of a connected TCP socket (Linux TCP_INFO); None where
    there is none (another system, not TCP, closed, or no round trip measured yet)."""
    option = getattr(socket, "TCP_INFO", None)
    if option is None:
        return None
    try:
        info = sock.getsockopt(socket.IPPROTO_TCP, option, _TCP_INFO_SIZE)
    except (OSError, ValueError):
        return None
    if not isinstance(info, bytes) or len(info) < _TCP_INFO_RTT + 8:
        return None
    rtt, rttvar = struct.unpack_from("=II", info, _TCP_INFO_RTT)
    min_rtt = 0
    if len(info) >= _TCP_INFO_MIN_RTT + 4:
        min_rtt = struct.unpack_from("=I", info, _TCP_INFO_MIN_RTT)[0]
        if min_rtt == 0xFFFFFFFF:       # no sample yet
            min_rtt = 0
    if rtt == 0:
        return None
    return KernelRtt(rtt / 1e6, rttvar / 1e6, min_rtt / 1e6)


def answer(ping: Ping, t1: float, t2: float) -> Pong:
    """The responder's side: echo t0, stamp receipt and sending times."""
    return Pong(ping.t0, t1, t2)


def measure(pong: Pong, t3: float) -> ClockSample:
    offset = ((pong.t1 - pong.t0) + (pong.t2 - t3)) / 2
    delay = (t3 - pong.t0) - (pong.t2 - pong.t1)
    return ClockSample(offset, delay, t3)


class ClockSync:
    """The pinger's estimate of one responder's clock.

    Cadence: a ping every `fast_interval` until `warmup` samples are in, then every `interval`, or
    every `noisy_interval` while the link is noisy (the window's median delay more than
    `noisy_spread` above its fastest). The window keeps the newest `window` samples of the last
    `horizon` seconds. Pongs whose t0 this side did not send (a duplicate UDP copy, a forgery) are
    ignored, and so are samples whose hold time (t2 - t1) is negative or longer than `max_hold`. A
    responder can still hold its reply while reporting no hold: the delays here are its word, and
    net.fair_slap checks them against the kernel's (`kernel`, set by `on_kernel`).
    """

    def __init__(self, window: int = 128, best: int = 8, warmup: int = 5,
                 fast_interval: float = 0.2, interval: float = 2.0, max_hold: float = 0.5,
                 max_outstanding: int = 32, noisy_interval: float = 0.1, noisy_spread: float = 0.004,
                 horizon: float = 120.0) -> None:
        if window < 1 or best < 1:
            raise ValueError("window and best must be positive")
        self.window = window
        self.best = best
        self.warmup = warmup
        self.fast_interval = fast_interval
        self.interval = interval
        self.noisy_interval = noisy_interval
        self.noisy_spread = noisy_spread
        self.horizon = horizon
        self.max_hold = max_hold
        self.max_outstanding = max_outstanding
        self.kernel: KernelRtt | None = None    # the kernel's estimate of this link (a TCP link's)
        self._samples: list[ClockSample] = []
        self._outstanding: list[float] = []
        self._next_ping: float | None = None
        self._fit: tuple[float, float, float, float] | None = None    # offset, drift, at, bound

    # -- cadence ------------------------------------------------------------------------------

    def due(self, now: float) -> bool:
        return self._next_ping is None or now >= self._next_ping

    def ping(self, now: float) -> Ping:
        self._outstanding.append(now)
        del self._outstanding[:-self.max_outstanding]
        if len(self._samples) < self.warmup:
            step = self.fast_interval
        else:
            step = self.noisy_interval if self.noisy else self.interval
        self._next_ping = now + step
        return Ping(now)

    @property
    def noisy(self) -> bool:
        """Is the typical round trip well above the fastest (more samples then tighten the offset)?"""
        return bool(self._samples) and self.rtt - self.min_rtt > self.noisy_spread

    # -- samples ------------------------------------------------------------------------------

    def on_pong(self, pong: Pong, now: float) -> ClockSample | None:
        if pong.t0 not in self._outstanding:
            return None
        self._outstanding.remove(pong.t0)
        hold = pong.t2 - pong.t1
        if not 0.0 <= hold <= self.max_hold or now < pong.t0:
            return None
        sample = measure(pong, now)
        if sample.delay < 0:
            return None
        self._samples.append(sample)
        del self._samples[:-self.window]
        while self._samples[0].at < now - self.horizon:
            del self._samples[0]
        self._fit = None
        return sample

    def on_kernel(self, rtt: KernelRtt | None) -> None:
        """The kernel's latest estimate of this link's round trip (None: it has none)."""
        self.kernel = rtt

    @property
    def samples(self) -> tuple[ClockSample, ...]:
        return tuple(self._samples)

    @property
    def ready(self) -> bool:
        return bool(self._samples)

    def _chosen(self) -> list[ClockSample]:
        return sorted(self._samples, key=lambda s: s.delay)[:self.best]

    def _estimate(self) -> tuple[float, float, float, float]:
        """(offset at the newest sample, drift, that sample's time, error bound), worked out once per
        sample. The offset is the mean of the `best` fastest samples, each moved to the newest
        sample's time by the drift."""
        if self._fit is None:
            chosen = self._chosen()
            if not chosen:
                return 0.0, 0.0, 0.0, float("inf")
            drift = self._drift(chosen)
            at = self._samples[-1].at
            offset = statistics.fmean(s.offset + drift * (at - s.at) for s in chosen)
            bound = max(s.delay / 2 + abs(drift) * (at - s.at) for s in chosen)
            self._fit = (offset, drift, at, bound)
        return self._fit

    def _drift(self, chosen: list[ClockSample]) -> float:
        """How fast the responder's clock gains on this one (s/s): the slope of a line through the
        window's offsets, each weighted by 1 / its variance, taken as that of an error of up to half
        its delay's excess over the fastest (plus the chosen samples' own excess); 0 unless it stands
        DRIFT_Z standard errors out, bounded by MAX_DRIFT."""
        samples = self._samples
        if len(samples) < max(8, self.best):
            return 0.0
        fastest = chosen[0].delay
        base = max((chosen[-1].delay - fastest) / 2, 1e-6) ** 2
        weights = [1.0 / (((s.delay - fastest) / 2) ** 2 + base) for s in samples]
        total = math.fsum(weights)
        t_mean = math.fsum(w * s.at for w, s in zip(weights, samples)) / total
        y_mean = math.fsum(w * s.offset for w, s in zip(weights, samples)) / total
        sxx = math.fsum(w * (s.at - t_mean) ** 2 for w, s in zip(weights, samples))
        if sxx <= 0.0:
            return 0.0
        slope = math.fsum(w * (s.at - t_mean) * (s.offset - y_mean) for w, s in zip(weights, samples)) / sxx
        if abs(slope) < DRIFT_Z / math.sqrt(sxx):
            return 0.0
        return max(-MAX_DRIFT, min(MAX_DRIFT, slope))

    @property
    def offset(self) -> float:
        """Responder clock - this clock (at the newest sample); 0 before the first sample."""
        return self._estimate()[0]

    @property
    def drift(self) -> float:
        """How fast the responder's clock gains on this one (seconds a second; 0 unless measurable)."""
        return self._estimate()[1]

    def offset_at(self, local_time: float) -> float:
        """Responder clock - this clock at `local_time` (the drift carried from the newest sample)."""
        offset, drift, at, _ = self._estimate()
        return offset + drift * (local_time - at)

    @property
    def error_bound(self) -> float:
        """|offset - true offset| is at most this (half the slowest chosen round trip, plus what the
        drift moved it by), if the clocks' rates differ by the drift found."""
        return self._estimate()[3]

    @property
    def rtt(self) -> float:
        """A typical round trip (the median of the window); 0 before the first sample."""
        return statistics.median(s.delay for s in self._samples) if self._samples else 0.0

    @property
    def min_rtt(self) -> float:
        return min((s.delay for s in self._samples), default=0.0)

    def to_remote(self, local_time: float) -> float:
        return local_time + self.offset_at(local_time)

    def to_local(self, remote_time: float) -> float:
        return remote_time - self.offset_at(remote_time - self.offset)

    def host_time(self, peer_time: float) -> float:
        """On a peer, whose pings go to the host: a time on this clock as host time."""
        return self.to_remote(peer_time)


def corrected_press(press_peer_time: float, offset: float, arrival_host_time: float, rtt: float,
                    margin: float) -> float:
    """When a press really happened, in host time (DESIGN.md, "The slap race").

    `offset` is host clock - peer clock. A press cannot have happened after it arrived, nor more than
    a round trip (plus `margin` for jitter) before: the clamp bounds what a wrong offset, or a lying
    peer, can gain.
    """
    claimed = press_peer_time + offset
    return min(max(claimed, arrival_host_time - rtt - margin), arrival_host_time)


def slap_window(rtts: list[float], floor: float = 0.030) -> float:
    """How long the host waits after the first press: about 2 x the worst one-way latency."""
    worst_one_way = max(rtts, default=0.0) / 2
    return max(2 * worst_one_way, floor)


class LatencyTable:
    """The host's view of each connection's clock, measured by pinging it."""

    def __init__(self, **clock_options: float) -> None:
        self._options = clock_options
        self._clocks: dict[Hashable, ClockSync] = {}

    def add(self, conn: Hashable) -> None:
        self._clocks.setdefault(conn, ClockSync(**self._options))  # type: ignore[arg-type]

    def remove(self, conn: Hashable) -> None:
        self._clocks.pop(conn, None)

    def __contains__(self, conn: Hashable) -> bool:
        return conn in self._clocks

    def due(self, now: float) -> list[tuple[Hashable, Ping]]:
        return [(conn, clock.ping(now)) for conn, clock in self._clocks.items() if clock.due(now)]

    def on_pong(self, conn: Hashable, pong: Pong, now: float) -> ClockSample | None:
        clock = self._clocks.get(conn)
        return clock.on_pong(pong, now) if clock is not None else None

    def on_kernel(self, conn: Hashable, rtt: KernelRtt | None) -> None:
        """The kernel's round-trip estimate of `conn`'s TCP connection (net.server reads it)."""
        clock = self._clocks.get(conn)
        if clock is not None:
            clock.on_kernel(rtt)

    def clock(self, conn: Hashable) -> ClockSync | None:
        return self._clocks.get(conn)

    def offset_to_host(self, conn: Hashable) -> float:
        """Host clock - that peer's clock (the host pings, so its ClockSync holds peer - host)."""
        clock = self._clocks.get(conn)
        return -clock.offset if clock is not None else 0.0

    def rtt(self, conn: Hashable) -> float:
        clock = self._clocks.get(conn)
        return clock.rtt if clock is not None else 0.0

    def worst_rtt(self) -> float:
        return max((c.rtt for c in self._clocks.values()), default=0.0)

    def correct(self, conn: Hashable, press_peer_time: float, arrival_host_time: float,
                margin: float = 0.010) -> float:
        return corrected_press(press_peer_time, self.offset_to_host(conn), arrival_host_time,
                               self.rtt(conn), margin)
