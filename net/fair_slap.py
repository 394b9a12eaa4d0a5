"""The fair slap on the LAN: what the host knows of each peer's link, for the referee's clamp and race
window (game.core.referee: Link, corrected_time, deadline; DESIGN.md, "The slap race"). Pure; no
sockets, no clock.

A peer stamps each press with its own monotonic time. The host turns it into host time with that
peer's clock offset (net.clock: the mean of the fastest ping samples, carried by the clocks' drift;
the host pings every peer every 2 s all game long, ten times a second on a noisy link, so the
estimate stays fresh) and then clamps it to what the link allows:

    arrival - (one way + jitter + MARGIN)  <=  corrected  <=  arrival

A press cannot arrive before it was made, and it cannot have been made much longer before it arrived
than the link takes one way. The issue asked for "arrival - RTT - margin" as the lower bound; that
lets a peer lying about its clock gain half a round trip more than the margin (80 ms on the slow link
of the bench), so the bound here is one way (half the median round trip) plus the link's jitter plus
MARGIN: a lying or broken clock gains at most that slack over an honest one.

That slack must rest on a delay the peer cannot inflate. A ping's delay leaves out the hold the peer
reports, so a peer that holds each reply 200 ms and reports none would look 100 ms further away and
gain that much more (it then wins races it pressed 90 ms late). So the host also reads the kernel's
own round-trip estimate of each peer's TCP connection (net.clock.kernel_rtt: the peer's kernel
acknowledges the host's segments on receipt, whatever its program does), and takes the pings only
as far as the kernel vouches for them (`vouched`): a constant hold is taken off whole, a varying
one cannot lift the typical delay above the kernel's smoothed round trip nor the jitter above its
spread. A hold then buys a few ms (KERNEL_SLOP) at most. Without a kernel estimate (a system with no
TCP_INFO) the pings alone count, and no measured link ever gets more slack than SLACK_CAP. A peer
behind an application-level proxy (tools/lagproxy.py) is to the host's kernel as near as the proxy:
its pings look held, and it loses its slack (tools/lagwire.py makes a lag the kernel sees).

The local seats on the host use the same path with a link of zero delay (LOCAL), whose slack is the
frame a press may wait in the client before it is submitted. The clamp is what makes a bad estimate safe: a peer whose
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
from collections.abc import Sequence

from game.core.referee import LOCAL, MARGIN, UNKNOWN, WINDOW_CAP, WINDOW_FLOOR, Held, Link, corrected_time, deadline

from .clock import ClockSync, KernelRtt

SLACK_CAP = 0.200       # the most slack a measured link is given (one way + jitter + MARGIN), however slow
KERNEL_SLOP = 0.004     # how far an honest peer's fastest pings may sit above the kernel's fastest round
                        # trip (the two programs' turns) and not be taken off; plus a quarter of how far
                        # the kernel's typical round trip sits above its fastest (fewer pings than
                        # segments: on a jittery link the fastest ping is slower than the fastest segment)


def link_of(clock: ClockSync | None) -> Link:
    """The link as a ClockSync (the host pinging that peer) measured it. ClockSync's offset is
    peer - host; Link's is host - peer, the way a peer's time becomes host time. The pings' delays
    are taken as far as the kernel vouches for them (`vouched`), and one way + jitter + MARGIN is at
    most SLACK_CAP."""
    if clock is None or not clock.ready:
        return UNKNOWN
    delays = sorted(s.delay for s in clock.samples)
    kernel = clock.kernel
    if kernel is not None:
        delays = vouched(delays, kernel)
    one_way = statistics.median(delays) / 2
    # jitter: how far the slower samples stray above the faster ones, one way (p90 - p10 of the
    # window: a longer window's fastest sample is faster, and must not make the race wait longer)
    p90 = delays[min(len(delays) - 1, int(0.9 * len(delays)))]
    p10 = delays[int(0.1 * len(delays))]
    jitter = max(0.0, (p90 - p10) / 2)
    if kernel is not None:
        # no more than the kernel's round trips stray: its typical one above its fastest, or their
        # mean deviation (a round trip's, so at most twice a way's). Not twice that deviation: a
        # peer that holds its pongs also holds its kernel's acknowledgements of them (a delayed ACK,
        # up to 40 ms), which widens the deviation, never the fastest round trip
        jitter = min(jitter, max(kernel.srtt - kernel.floor, kernel.rttvar) + KERNEL_SLOP / 2)
    room = SLACK_CAP - MARGIN
    one_way = min(one_way, room)
    jitter = min(jitter, room - one_way)
    return Link(-clock.offset, one_way, jitter, True)


def vouched(delays: list[float], kernel: KernelRtt) -> list[float]:
    """Ping delays (sorted) as far as the kernel's own round-trip estimate of the connection vouches
    for them. A peer that holds each reply and reports no hold adds its hold to every delay: the
    fastest sits that much above the kernel's fastest round trip, so all are moved down by that
    excess (less a slop: KERNEL_SLOP and a quarter of the kernel's spread), and none counts as
    faster than the kernel's fastest. A peer holding
    its replies by varying amounts lifts the slower ones: the typical delay (the median) counts as
    no more than the kernel's smoothed round trip (plus KERNEL_SLOP), all of them moved down alike (link_of bounds their spread by the kernel's too)."""
    floor = kernel.floor
    slop = KERNEL_SLOP + max(0.0, kernel.srtt - floor) / 4
    excess = max(0.0, delays[0] - floor - slop)
    moved = [max(floor, d - excess) for d in delays]
    median = statistics.median(moved)
    cap = max(kernel.srtt, floor) + KERNEL_SLOP
    if median > cap:
        moved = [max(floor, d - (median - cap)) for d in moved]
    return moved


def ordered(presses: Sequence[Held]) -> list[Held]:
    """The fair judge's order: by corrected time (the referee breaks exact ties by its generator)."""
    return sorted(presses, key=lambda p: p.time)


def arrival_order(presses: Sequence[Held]) -> list[Held]:
    """The baseline the fair judge replaces: first come, first served."""
    return sorted(presses, key=lambda p: p.arrival)


__all__ = ["KERNEL_SLOP", "LOCAL", "MARGIN", "SLACK_CAP", "UNKNOWN", "WINDOW_CAP", "WINDOW_FLOOR", "Held", "Link",
           "arrival_order", "corrected_time", "deadline", "link_of", "ordered", "vouched"]
