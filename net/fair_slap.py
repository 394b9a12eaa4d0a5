"""The fair slap: when a press really happened, in host time, and how long the host waits before it
judges a race (DESIGN.md, "The slap race"). Pure functions and one small record; no sockets, no clock.

A peer stamps each press with its own monotonic time. The host turns it into host time with that
peer's clock offset (net.clock: the mean of the fastest ping samples; the host pings every peer
every 2 s all game long, so the estimate stays fresh) and then clamps it to what the link allows:

    arrival - (one way + jitter + MARGIN)  <=  corrected  <=  arrival

A press cannot arrive before it was made, and it cannot have been made much longer before it arrived
than the link takes one way. The issue asked for "arrival - RTT - margin" as the lower bound; that
lets a peer lying about its clock gain half a round trip more than the margin (80 ms on the slow link
of the bench), so the bound here is one way (half the median round trip) plus the link's jitter plus
MARGIN: a lying or broken clock gains at most that slack over an honest one. The local seats on the
host use the same path with a link of zero delay (LOCAL), whose slack is the frame a press may wait
in the client before it is submitted. The clamp is what makes a bad estimate safe: a peer whose
clock jumped, whose last pong is old, or whose offset is simply wrong is placed somewhere in that
interval, never outside it; a round-trip spike moves the typical delay (a median) little.

After the first press of a discard, the host waits until every press made before it must have come
in: for each other connection that still has a seat able to slap that discard, a press made at the
first press's corrected time arrives by that time + its one way + jitter (+ MARGIN). The wait is at
least WINDOW_FLOOR when a remote peer is among them (clock estimates are never exact) and never more
than WINDOW_CAP after the first arrival (a spiking link must not hold the table). With nobody else
able to slap, or only the host's own seats (already in, within the local slack), the race is judged
at once or nearly: no added delay. Each seat has one attempt per discard, so as presses come in the
window is shortened to what the seats that have not pressed yet need: it closes at once when every
seat that could press has.
"""
from __future__ import annotations

import statistics
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from game.core.engine import Action

from .clock import ClockSync

MARGIN = 0.012          # slack on top of a link's one way + jitter: a frame of the client's loop
WINDOW_FLOOR = 0.030    # the shortest wait while a remote peer could still be in flight
WINDOW_CAP = 0.250      # the longest wait after the first press arrived


@dataclass(frozen=True)
class Link:
    """What the host knows of one connection's link: its clock offset (host - peer), a typical one
    way delay, the jitter around it, and whether any of it has been measured."""

    offset: float = 0.0
    one_way: float = 0.0
    jitter: float = 0.0
    known: bool = True

    @property
    def slack(self) -> float:
        """How much earlier than its arrival a press on this link may be placed."""
        return self.one_way + self.jitter + MARGIN


LOCAL = Link()                               # the host's own seats: no wire at all
UNKNOWN = Link(known=False)                  # a peer before its first pong


def link_of(clock: ClockSync | None) -> Link:
    """The link as a ClockSync (the host pinging that peer) measured it. ClockSync's offset is
    peer - host; Link's is host - peer, the way a peer's time becomes host time."""
    if clock is None or not clock.ready:
        return UNKNOWN
    delays = sorted(s.delay for s in clock.samples)
    one_way = statistics.median(delays) / 2
    # jitter: how far the slower samples stray above the fastest, one way (p90 of the window)
    p90 = delays[min(len(delays) - 1, int(0.9 * len(delays)))]
    jitter = max(0.0, (p90 - delays[0]) / 2)
    return Link(-clock.offset, one_way, jitter, True)


def corrected_time(pressed: float | None, link: Link, arrival: float) -> float:
    """The press's time in host time, clamped to [arrival - slack, arrival]. A press with no time of
    its own, or from a link not measured yet, counts at its arrival (it gains nothing)."""
    if pressed is None or not link.known:
        return arrival
    claimed = pressed + link.offset
    return min(max(claimed, arrival - link.slack), arrival)


def deadline(first_arrival: float, first_time: float, others: Iterable[Link]) -> float:
    """When to judge a race whose first press arrived at `first_arrival` with corrected time
    `first_time`, given the links of the other connections that may still slap it."""
    others = list(others)
    if not others:
        return first_arrival
    until = max(first_time + link.slack for link in others)
    if any(link is not LOCAL for link in others):
        until = max(until, first_arrival + WINDOW_FLOOR)
    return min(max(until, first_arrival), first_arrival + WINDOW_CAP)


@dataclass(frozen=True)
class HeldPress:
    """A press the host holds until its race is judged."""

    conn: Hashable
    ref: int
    action: Action
    pressed: float | None     # the peer's own clock
    arrival: float            # host clock
    time: float               # corrected, host clock


@dataclass
class RaceWindow:
    """The presses of one discard waiting for the judge, and when it judges them."""

    discard: int               # what its presses answer (Race.answers: KOMBIO's discard serial)
    due: float
    presses: list[HeldPress]

    def holds(self, conn: Hashable, ref: int) -> bool:
        """Is this (a copy of) a press already held? TCP and UDP both carry every press."""
        return any(p.conn == conn and p.ref == ref for p in self.presses)


def ordered(presses: Sequence[HeldPress]) -> list[HeldPress]:
    """By corrected time; the race module breaks exact ties by its seeded generator."""
    return sorted(presses, key=lambda p: p.time)


def arrival_order(presses: Sequence[HeldPress]) -> list[HeldPress]:
    """The baseline the fair judge replaces: first come, first served."""
    return sorted(presses, key=lambda p: p.arrival)
