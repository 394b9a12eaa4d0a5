"""The fair slap on the LAN: what the host knows of each peer's link, for the referee's clamp and race
window (game.core.referee: Link, corrected_time, deadline; DESIGN.md, "The slap race"). Pure; no
sockets, no clock.

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
from collections.abc import Sequence

from game.core.referee import LOCAL, MARGIN, UNKNOWN, WINDOW_CAP, WINDOW_FLOOR, Held, Link, corrected_time, deadline

from .clock import ClockSync


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


def ordered(presses: Sequence[Held]) -> list[Held]:
    """The fair judge's order: by corrected time (the referee breaks exact ties by its generator)."""
    return sorted(presses, key=lambda p: p.time)


def arrival_order(presses: Sequence[Held]) -> list[Held]:
    """The baseline the fair judge replaces: first come, first served."""
    return sorted(presses, key=lambda p: p.arrival)


__all__ = ["LOCAL", "MARGIN", "UNKNOWN", "WINDOW_CAP", "WINDOW_FLOOR", "Held", "Link", "arrival_order",
           "corrected_time", "deadline", "link_of", "ordered"]
