"""The fair slap (net.fair_slap and its use in HostCore): a press's time made host time by its peer's
clock offset and clamped to its link; the window that waits for a slower peer's earlier press; the
order the race then judges in. Pure functions with hypothesis, then HostCore with measured links on a
fake clock: the later-arriving but earlier press wins, a lying clock gains no more than its link's
slack, nobody left to press means no wait, a spiking link never holds the table past the cap."""
from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.kombio import GAME as KOMBIO
from game.kombio.actions import Slap
from game.kombio.rules import KombioEngine
from game.kombio.table import KombioConfig
from net import messages as m
from net.clock import ClockSync, KernelRtt
from net.fair_slap import (
    LOCAL,
    MARGIN,
    SLACK_CAP,
    UNKNOWN,
    WINDOW_CAP,
    WINDOW_FLOOR,
    Held,
    Link,
    arrival_order,
    corrected_time,
    deadline,
    link_of,
    ordered,
)
from net.host_core import HostCore, HostSeat
from net.protocol import PROTOCOL_VERSION

ENGINE = KombioEngine()

times = st.floats(-1e6, 1e6, allow_nan=False)
delays = st.floats(0.0, 0.5, allow_nan=False)
links = st.builds(Link, st.floats(-100.0, 100.0), delays, st.floats(0.0, 0.1))


# -- pure functions ---------------------------------------------------------------------------------

@given(pressed=times, link=links, arrival=times)
def test_a_corrected_time_never_leaves_what_the_link_allows(pressed, link, arrival):
    t = corrected_time(pressed, link, arrival)
    assert arrival - link.slack - 1e-6 <= t <= arrival
    claimed = pressed + link.offset
    if arrival - link.slack <= claimed <= arrival:
        assert t == pytest.approx(claimed)


@given(link=links, arrival=times)
def test_a_clock_that_jumps_gains_at_most_the_slack(link, arrival):
    assert corrected_time(-1e9, link, arrival) == pytest.approx(arrival - link.slack)   # far back
    assert corrected_time(1e9, link, arrival) == arrival                                 # far ahead


@given(pressed=times, arrival=times)
def test_a_press_with_no_time_or_an_unmeasured_link_counts_at_its_arrival(pressed, arrival):
    assert corrected_time(None, Link(1.0, 0.05, 0.01), arrival) == arrival
    assert corrected_time(pressed, UNKNOWN, arrival) == arrival


@given(first_arrival=times, lead=st.floats(0.0, 0.3), others=st.lists(links, max_size=5))
def test_the_window_waits_for_every_other_link_within_floor_and_cap(first_arrival, lead, others):
    first_time = first_arrival - lead
    due = deadline(first_arrival, first_time, others)
    assert first_arrival <= due <= first_arrival + WINDOW_CAP + 1e-9
    if not others:
        assert due == first_arrival                       # nobody else can press: no wait
        return
    assert due >= first_arrival + WINDOW_FLOOR - 1e-9     # remote peers: never under the floor
    for link in others:
        assert due >= min(first_time + link.slack, first_arrival + WINDOW_CAP) - 1e-9


def test_only_the_hosts_own_seats_left_means_only_the_local_slack():
    assert deadline(5.0, 5.0, [LOCAL]) == pytest.approx(5.0 + MARGIN)
    assert deadline(5.0, 4.9, [LOCAL]) == 5.0             # a local press made before it is in already


def test_a_spiking_link_never_holds_the_table_past_the_cap():
    assert deadline(1.0, 1.0, [Link(0.0, 3.0, 1.0)]) == pytest.approx(1.0 + WINDOW_CAP)


@given(true_first=times, gap=st.floats(0.001, 0.2), lag_a=delays, lag_b=delays,
       off_a=st.floats(-10, 10), off_b=st.floats(-10, 10), jitter=st.floats(0.0, 0.02),
       ja=st.floats(-1, 1), jb=st.floats(-1, 1), a_first=st.booleans())
def test_honest_presses_that_came_in_within_the_window_are_judged_in_the_order_they_were_made(
        true_first, gap, lag_a, lag_b, off_a, off_b, jitter, ja, jb, a_first):
    """Two peers with known offsets and links; each press's real delay is its link's one way plus
    up to the jitter either way. Whatever arrives first, the earlier press is ordered first."""
    link_a, link_b = Link(-off_a, lag_a, jitter), Link(-off_b, lag_b, jitter)
    made_a = true_first if a_first else true_first + gap
    made_b = true_first + gap if a_first else true_first
    arrive_a = made_a + max(0.0, lag_a + ja * jitter)
    arrive_b = made_b + max(0.0, lag_b + jb * jitter)
    a = Held(Slap(0, 0, 0, 1), ("a", 0), made_a + off_a, arrive_a,
                  corrected_time(made_a + off_a, link_a, arrive_a))
    b = Held(Slap(1, 1, 0, 1), ("b", 0), made_b + off_b, arrive_b,
                  corrected_time(made_b + off_b, link_b, arrive_b))
    first, second = (a, b) if a.arrival <= b.arrival else (b, a)
    due = deadline(first.arrival, first.time, [link_b if first is a else link_a])
    if second.arrival > due:
        return                  # it came too late for this window: judged in a later one
    assert ordered([b, a])[0] is (a if a_first else b)
    assert ordered([a, b])[0] is (a if a_first else b)


def test_arrival_order_is_the_baseline_the_fair_judge_replaces():
    slow = Held(Slap(0, 0, 0, 1), ("a", 0), None, 10.080, 10.000)
    fast = Held(Slap(1, 1, 0, 1), ("b", 0), None, 10.016, 10.015)
    assert arrival_order([slow, fast])[0] is fast and ordered([fast, slow])[0] is slow


def test_a_link_from_clock_samples():
    clock = ClockSync()
    for k, extra in enumerate((0.0, 0.002, 0.010, 0.001, 0.0)):
        t0 = 100.0 + k
        t1 = t0 + 0.080 + 1.234 + extra          # the peer runs 1.234 s ahead; 80 ms each way
        t3 = t0 + 0.160 + 2 * extra
        clock.ping(t0)
        assert clock.on_pong(m.Pong(t0, t1, t1), t3) is not None
    link = link_of(clock)
    assert link.known and link.offset == pytest.approx(-1.234, abs=0.001)
    assert link.one_way == pytest.approx(0.081, abs=0.002) and link.jitter >= 0.0
    assert link_of(None) == UNKNOWN and link_of(ClockSync()) == UNKNOWN



def _pinged(one_way: float, jitter: float, hold, seed: int = 1) -> ClockSync:
    """A host's clock of a peer `one_way` s away (+ up to `jitter` each way) that holds each pong
    hold() s and reports no hold at all (its receipt and sending times both the hold's middle)."""
    rng = random.Random(seed)
    clock = ClockSync()
    t0 = 100.0
    for _ in range(64):
        clock.ping(t0)
        arrive = t0 + one_way + rng.uniform(0, jitter)
        held = hold(rng)
        middle = arrive + held / 2
        clock.on_pong(m.Pong(t0, middle, middle), arrive + held + one_way + rng.uniform(0, jitter))
        t0 += 0.5
    return clock


def _kernel(one_way: float, jitter: float) -> KernelRtt:
    """What the kernel measures of that link (its segments are acknowledged on receipt)."""
    return KernelRtt(srtt=2 * one_way + jitter, rttvar=jitter / 2, min_rtt=2 * one_way)


@pytest.mark.parametrize("hold", [lambda rng: 0.2, lambda rng: rng.uniform(0.0, 0.2),
                                  lambda rng: rng.choice((0.0, 0.2))], ids=["steady", "uniform", "either"])
def test_a_peer_holding_its_pongs_gains_at_most_20_ms_of_slack(hold):
    honest = _pinged(0.080, 0.010, lambda rng: 0.0)
    liar = _pinged(0.080, 0.010, hold)
    for clock in (honest, liar):
        clock.on_kernel(_kernel(0.080, 0.010))
    truth = link_of(honest).slack
    assert link_of(liar).slack - truth <= 0.020
    assert link_of(liar).offset == pytest.approx(link_of(honest).offset, abs=0.01)


def test_without_the_kernels_word_a_held_pong_widens_the_slack_but_never_past_the_cap():
    liar = _pinged(0.080, 0.010, lambda rng: 0.4)
    assert link_of(liar).slack == pytest.approx(SLACK_CAP)
    assert link_of(_pinged(0.080, 0.010, lambda rng: 0.0)).slack < SLACK_CAP

# -- the host: measured links, a fake clock ----------------------------------------------------------

def _measure(host: HostCore, conn: str, peer_ahead: float, one_way: float) -> None:
    """Pongs as a peer whose clock runs `peer_ahead` s ahead of the host's, `one_way` s away."""
    clock = host.latency.clock(conn)
    assert clock is not None
    for k in range(6):
        t0 = 0.001 * k
        t1 = t0 + one_way + peer_ahead
        clock.ping(t0)
        clock.on_pong(m.Pong(t0, t1, t1), t0 + 2 * one_way)


def _table(players: int, seed: int) -> tuple[HostCore, list[str]]:
    host = HostCore(ENGINE, KombioConfig(players, rounds=1), seed, [HostSeat("open")] * players,
                    realtime=KOMBIO.realtime)
    conns = []
    for i in range(players):
        conn = f"p{i}"
        host.connect(conn, (f"10.0.0.{i + 1}", 5000), 0.0)
        host.receive(conn, m.Hello(PROTOCOL_VERSION, f"P{i}", game=ENGINE.key), 0.0)
        conns.append(conn)
    host.start(0.0, require_ready=False)
    return host, conns


class Seats:
    def __init__(self, host: HostCore, conns: list[str]) -> None:
        self.host = host
        self.conn_of = {host.conn_seats(c)[0]: c for c in conns}
        self.refs = dict.fromkeys(conns, 0)

    def send(self, seat: int, action, now: float, pressed: float | None = None):
        conn = self.conn_of[seat]
        ref, self.refs[conn] = self.refs[conn], self.refs[conn] + 1
        intent = m.Intent(ref, self.host.step, ENGINE.actions.encode(action), pressed, self.host.game_no)
        return self.host.receive(conn, intent, now)


def _open_discard(host: HostCore, seats: Seats, now: float) -> None:
    from game.kombio.actions import Discard, Draw, Look
    for seat in range(host.config.players):
        seats.send(seat, Look(seat), now)
    turn = host.state.turn
    seats.send(turn, Draw(turn), now)
    seats.send(turn, Discard(turn), now)
    while host.state.phase == "ability":
        skip = next(a for a in ENGINE.legal_actions(host.state, turn) if a.TAG == "skip")
        seats.send(turn, skip, now)
    assert host.state.open


def _own_slap(host: HostCore, seat: int) -> Slap:
    return next(a for a in ENGINE.legal_actions(host.state, seat)
                if isinstance(a, Slap) and a.owner == seat)


def _race(seed: int = 3):
    host, conns = _table(3, seed)
    seats = Seats(host, conns)
    _open_discard(host, seats, 1.0)
    slow, fast = [s for s in range(3) if s != host.state.turn]
    _measure(host, seats.conn_of[slow], 1.234, 0.080)
    _measure(host, seats.conn_of[fast], -0.5, 0.0005)
    return host, seats, slow, fast


def test_the_later_arriving_press_made_15_ms_earlier_wins():
    host, seats, slow, fast = _race()
    before = len(host.log)
    a, b = _own_slap(host, slow), _own_slap(host, fast)
    # true host time: slow presses at 10.000 (arrives 10.080), fast at 10.015 (arrives 10.0155)
    seats.send(fast, b, 10.0155, pressed=10.015 - 0.5)
    assert host.log[before:] == [] and host.next_due() is not None      # held for the slow link
    out = seats.send(slow, a, 10.080, pressed=10.000 + 1.234)
    # the third seat could still press, but a press of its made before 10.015 would be in by now
    assert host.next_due() is None
    assert host.log[before] == a                                         # the earlier press first
    judged = host.races[-1]
    assert judged[0].action == a
    assert judged[0].time == pytest.approx(10.000, abs=1e-6) and judged[1].time == pytest.approx(10.015)
    steps = [msg for _, msg in out.sends if isinstance(msg, m.StepMsg) and msg.seat is None]
    assert steps and dict(zip(steps[0].race_seats, steps[0].race_ms)) == \
        {slow: pytest.approx(0.0), fast: pytest.approx(15.0)}            # "by 15 ms" on every screen


def test_a_peer_lying_about_its_press_time_gains_no_more_than_its_links_slack():
    host, seats, slow, fast = _race()
    a = _own_slap(host, slow)
    seats.send(slow, a, 10.080, pressed=10.000 + 1.234 - 5.0)      # claims 5 s earlier than it pressed
    host.tick(10.5)
    (held,) = [p for p in host.races[-1] if p.action == a]
    slack = 0.080 + MARGIN                                            # its link: 80 ms, no jitter
    assert 10.000 - held.time <= slack - 0.080 + 1e-6                 # gained the margin at most
    assert held.time == pytest.approx(10.080 - slack, abs=0.002)


def _two_seats(one_way_0: float, one_way_1: float) -> tuple[HostCore, Seats, int]:
    """A 2-player table (seed 4: seat 0's own first card does not match) at an open discard, both
    links measured; and the log's length then."""
    host, conns = _table(2, seed=4)
    seats = Seats(host, conns)
    _open_discard(host, seats, 1.0)
    _measure(host, "p0", 0.0, one_way_0)
    _measure(host, "p1", 0.0, one_way_1)
    return host, seats, len(host.log)


def test_with_nobody_left_to_press_the_race_is_judged_at_once():
    host, seats, before = _two_seats(0.050, 0.050)
    seats.send(0, _own_slap(host, 0), 2.0, pressed=1.99)
    assert host.next_due() is not None                  # seat 1 may still press
    host.tick(host.next_due())
    assert len(host.log) == before + 1
    assert host.state.open                              # seat 0's own card was wrong
    seats.send(1, _own_slap(host, 1), 3.0, pressed=2.99)
    assert host.next_due() is None                      # seat 0 has had its attempt: no window
    assert len(host.log) == before + 2                  # judged at once, no tick


def test_a_move_arriving_while_presses_are_held_comes_after_them():
    from game.kombio.actions import Draw
    host, seats, slow, fast = _race()
    b = _own_slap(host, fast)
    seats.send(fast, b, 10.0155, pressed=10.015 - 0.5)
    turn = host.state.turn
    before = len(host.log)
    seats.send(turn, Draw(turn), 10.020)
    assert host.log[before:before + 2] == [b, Draw(turn)] and host.next_due() is None


def test_a_stale_press_in_a_window_is_refused_without_penalty():
    from game.kombio.actions import Discard, Draw
    host, seats, slow, fast = _race()
    old = _own_slap(host, slow)
    turn = host.state.turn
    seats.send(turn, Draw(turn), 9.0)
    seats.send(turn, Discard(turn), 9.0)                # a newer discard: the slap answers the old
    while host.state.phase == "ability":
        seats.send(turn, next(a for a in ENGINE.legal_actions(host.state, turn) if a.TAG == "skip"), 9.0)
    stale = Slap(slow, slow, old.slot, old.discard)
    assert host.state.serial == old.discard + 1
    attempted = host.state.attempted
    out = seats.send(slow, stale, 10.080, pressed=10.0 + 1.234)
    out.extend(host.tick(10.5))
    refusals = [msg for conn, msg in out.sends if isinstance(msg, m.IntentRefused)]
    assert [r.code for r in refusals] == ["stale"] and host.state.attempted == attempted


def _race_with_a_match() -> tuple[HostCore, Seats, int, int, Slap]:
    """A race position where the slow seat holds a card matching the top discard."""
    for seed in range(1, 80):
        host, seats, slow, fast = _race(seed)
        top = host.state.values[host.state.discard[-1]]
        for slot, card in enumerate(host.state.hands[slow]):
            if card >= 0 and host.state.values[card] == top:
                return host, seats, slow, fast, Slap(slow, slow, slot, host.state.serial)
    raise AssertionError("no seed deals a match")


def test_the_loser_of_a_race_is_told_by_how_much():
    host, seats, slow, fast, right = _race_with_a_match()
    out = seats.send(fast, _own_slap(host, fast), 10.0155, pressed=10.015 - 0.5)
    out.extend(seats.send(slow, right, 10.080, pressed=10.000 + 1.234))
    out.extend(host.tick(10.5))                         # judged by now, whoever else could press
    (refusal,) = [msg for conn, msg in out.sends
                  if conn == seats.conn_of[fast] and isinstance(msg, m.IntentRefused)]
    assert refusal.code == "too_late" and refusal.text.endswith("15 ms before you")
    assert not host.state.open or host.state.matched


def test_once_every_seat_that_could_press_has_pressed_the_window_closes_at_once():
    host, seats, before = _two_seats(0.0005, 0.080)
    a, b = _own_slap(host, 0), _own_slap(host, 1)
    seats.send(0, a, 10.0155, pressed=10.015)           # fast seat, pressed second
    assert host.next_due() is not None and host.log[before:] == []
    seats.send(1, b, 10.080, pressed=10.000)            # slow seat, pressed first: the last to come
    assert host.next_due() is None                      # judged on arrival, no wait to the deadline
    assert host.log[before] == b and host.races[-1][0].action == b
