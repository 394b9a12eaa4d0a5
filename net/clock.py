"""NTP-style clock sync over Ping/Pong, and the slap-race correction built on it.

The pinger sends Ping(t0) by its clock; the responder stamps t1 on receipt and t2 on sending the Pong;
the pinger receives it at t3. Then

    offset = ((t1 - t0) + (t2 - t3)) / 2      responder clock - pinger clock
    delay  = (t3 - t0) - (t2 - t1)            time on the wire, both ways

Each sample's offset is off by at most delay / 2 (exactly half the asymmetry of the two legs), so the
estimate uses the samples with the smallest delay, as NTP's clock filter does: queueing only ever adds
delay, so the fastest round trips are the least skewed.

A peer pings the host to learn host time (for countdowns); the host pings each peer to learn that
peer's offset and round trip itself, rather than trusting numbers a peer reports, for the slap race.
"""
from __future__ import annotations

import statistics
from collections.abc import Hashable
from dataclasses import dataclass

from .messages import Ping, Pong


@dataclass(frozen=True)
class ClockSample:
    offset: float     # responder clock - pinger clock
    delay: float      # round trip less the responder's hold time
    at: float         # pinger's clock when the Pong arrived


def answer(ping: Ping, t1: float, t2: float) -> Pong:
    """The responder's side: echo t0, stamp receipt and sending times."""
    return Pong(ping.t0, t1, t2)


def measure(pong: Pong, t3: float) -> ClockSample:
    offset = ((pong.t1 - pong.t0) + (pong.t2 - t3)) / 2
    delay = (t3 - pong.t0) - (pong.t2 - pong.t1)
    return ClockSample(offset, delay, t3)


class ClockSync:
    """The pinger's estimate of one responder's clock.

    Cadence: a ping every `fast_interval` until `warmup` samples are in, then every `interval`.
    Pongs whose t0 this side did not send (a duplicate UDP copy, a forgery) are ignored, and so are
    samples whose hold time (t2 - t1) is negative or longer than `max_hold`: a responder cannot then
    fake a large round trip to widen its own slap window.
    """

    def __init__(self, window: int = 16, best: int = 4, warmup: int = 5,
                 fast_interval: float = 0.2, interval: float = 2.0, max_hold: float = 0.5,
                 max_outstanding: int = 32) -> None:
        if window < 1 or best < 1:
            raise ValueError("window and best must be positive")
        self.window = window
        self.best = best
        self.warmup = warmup
        self.fast_interval = fast_interval
        self.interval = interval
        self.max_hold = max_hold
        self.max_outstanding = max_outstanding
        self._samples: list[ClockSample] = []
        self._outstanding: list[float] = []
        self._next_ping: float | None = None

    # -- cadence ------------------------------------------------------------------------------

    def due(self, now: float) -> bool:
        return self._next_ping is None or now >= self._next_ping

    def ping(self, now: float) -> Ping:
        self._outstanding.append(now)
        del self._outstanding[:-self.max_outstanding]
        step = self.fast_interval if len(self._samples) < self.warmup else self.interval
        self._next_ping = now + step
        return Ping(now)

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
        return sample

    @property
    def samples(self) -> tuple[ClockSample, ...]:
        return tuple(self._samples)

    @property
    def ready(self) -> bool:
        return bool(self._samples)

    def _chosen(self) -> list[ClockSample]:
        return sorted(self._samples, key=lambda s: s.delay)[:self.best]

    @property
    def offset(self) -> float:
        """Responder clock - this clock; 0 before the first sample."""
        chosen = self._chosen()
        return statistics.fmean(s.offset for s in chosen) if chosen else 0.0

    @property
    def error_bound(self) -> float:
        """|offset - true offset| is at most this (half the slowest chosen round trip)."""
        chosen = self._chosen()
        return max(s.delay for s in chosen) / 2 if chosen else float("inf")

    @property
    def rtt(self) -> float:
        """A typical round trip (the median of the window); 0 before the first sample."""
        return statistics.median(s.delay for s in self._samples) if self._samples else 0.0

    @property
    def min_rtt(self) -> float:
        return min((s.delay for s in self._samples), default=0.0)

    def to_remote(self, local_time: float) -> float:
        return local_time + self.offset

    def to_local(self, remote_time: float) -> float:
        return remote_time - self.offset

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
