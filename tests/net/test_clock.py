"""net.clock: NTP-style estimates under skew, asymmetry and jitter; the slap correction."""
from __future__ import annotations

import random
import socket
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net.clock import ClockSync, LatencyTable, answer, corrected_press, kernel_rtt, measure, slap_window
from net.messages import Ping, Pong


class SimLink:
    """A pinger and a responder whose clock reads `true + offset`; each leg's delay is drawn from
    the given callables (in true seconds). Time only moves forward."""

    def __init__(self, offset: float, out_leg, back_leg, hold: float = 0.0005) -> None:
        self.offset = offset
        self.out_leg = out_leg
        self.back_leg = back_leg
        self.hold = hold
        self.true = 1000.0

    def exchange(self, sync: ClockSync) -> None:
        ping = sync.ping(self.true)                 # pinger's clock == true time
        arrive = self.true + self.out_leg()
        pong = answer(ping, arrive + self.offset, arrive + self.hold + self.offset)
        back = arrive + self.hold + self.back_leg()
        sync.on_pong(pong, back)
        self.true = back + 0.05


def test_the_formulas() -> None:
    # responder 5 s ahead; 10 ms out, 30 ms back, 1 ms hold
    s = measure(Pong(100.0, 105.010, 105.011), 100.041)
    assert s.offset == pytest.approx(5.0 - 0.010)        # off by half the asymmetry
    assert s.delay == pytest.approx(0.040)
    assert abs(s.offset - 5.0) <= s.delay / 2


def test_symmetric_fixed_delays_give_the_exact_offset() -> None:
    sync = ClockSync()
    link = SimLink(-3.25, lambda: 0.004, lambda: 0.004)
    for _ in range(8):
        link.exchange(sync)
    assert sync.offset == pytest.approx(-3.25, abs=1e-9)
    assert sync.rtt == pytest.approx(0.008) and sync.ready
    assert sync.host_time(10.0) == pytest.approx(6.75) and sync.to_local(6.75) == pytest.approx(10.0)


@settings(max_examples=200)
@given(
    offset=st.floats(-1e5, 1e5),
    base_out=st.floats(0.0002, 0.05),
    base_back=st.floats(0.0002, 0.05),
    jitter=st.floats(0.0, 0.1),
    seed=st.integers(0, 2**32 - 1),
    rounds=st.integers(1, 40),
)
def test_the_estimate_is_within_its_error_bound(offset, base_out, base_back, jitter, seed, rounds):
    rnd = random.Random(seed)
    link = SimLink(offset, lambda: base_out + rnd.expovariate(1 / jitter) if jitter else base_out,
                   lambda: base_back + rnd.expovariate(1 / jitter) if jitter else base_back)
    sync = ClockSync()
    for _ in range(rounds):
        link.exchange(sync)
    # each sample is off by at most half its delay; the estimate averages the fastest ones
    assert abs(sync.offset - offset) <= sync.error_bound + 1e-6
    if not jitter:
        # steady legs: the estimate is off by exactly half their difference
        assert sync.offset == pytest.approx(offset + (base_out - base_back) / 2, abs=1e-6)


def test_min_delay_filtering_beats_the_plain_mean_under_one_sided_jitter() -> None:
    rnd = random.Random(1)
    # 2 ms each way, but the way back often queues behind other traffic (up to 80 ms)
    link = SimLink(42.0, lambda: 0.002 + rnd.uniform(0, 0.0005),
                   lambda: 0.002 + (rnd.uniform(0, 0.08) if rnd.random() < 0.7 else 0.0))
    sync = ClockSync(window=16, best=4)
    for _ in range(16):
        link.exchange(sync)
    naive = statistics.fmean(s.offset for s in sync.samples)
    assert abs(sync.offset - 42.0) < 0.001
    assert abs(naive - 42.0) > 0.005


def test_a_steady_asymmetry_is_the_known_limit() -> None:
    # 1 ms out, 9 ms back: no two-way method can see this; the error is half the difference
    link = SimLink(7.0, lambda: 0.001, lambda: 0.009)
    sync = ClockSync()
    for _ in range(6):
        link.exchange(sync)
    assert sync.offset == pytest.approx(7.0 - 0.004)
    assert sync.error_bound == pytest.approx(0.005)


def test_pongs_that_were_not_asked_for_are_ignored() -> None:
    sync = ClockSync()
    assert sync.on_pong(Pong(1.0, 2.0, 2.0), 3.0) is None            # never sent
    ping = sync.ping(10.0)
    assert sync.on_pong(Pong(ping.t0, 20.0, 20.0), 10.01) is not None
    assert sync.on_pong(Pong(ping.t0, 20.0, 20.0), 10.02) is None     # the second copy
    ping = sync.ping(11.0)
    assert sync.on_pong(Pong(ping.t0, 20.0, 19.0), 11.01) is None     # negative hold
    ping = sync.ping(12.0)
    assert sync.on_pong(Pong(ping.t0, 20.0, 21.0), 13.5) is None      # held a whole second
    ping = sync.ping(14.0)
    assert sync.on_pong(Pong(ping.t0, 20.0, 20.0), 13.0) is None      # back before it left
    assert len(sync.samples) == 1


def test_only_recent_pings_are_remembered() -> None:
    sync = ClockSync(max_outstanding=3)
    first = sync.ping(0.0)
    for t in (1.0, 2.0, 3.0):
        sync.ping(t)
    assert sync.on_pong(Pong(first.t0, 0.0, 0.0), 4.0) is None


def test_the_window_keeps_the_newest_samples() -> None:
    sync = ClockSync(window=4)
    link = SimLink(1.0, lambda: 0.001, lambda: 0.001)
    for _ in range(4):
        link.exchange(sync)
    link.offset = 2.0                         # the responder's clock jumped (a restart)
    for _ in range(4):
        link.exchange(sync)
    assert len(sync.samples) == 4 and sync.offset == pytest.approx(2.0)


def test_cadence_is_fast_until_warm_then_slow() -> None:
    sync = ClockSync(warmup=2, fast_interval=0.2, interval=2.0)
    assert sync.due(0.0)
    ping = sync.ping(0.0)
    assert not sync.due(0.1) and sync.due(0.2)
    sync.on_pong(Pong(ping.t0, 0.0, 0.0), 0.01)
    ping = sync.ping(0.2)
    sync.on_pong(Pong(ping.t0, 0.2, 0.2), 0.21)
    sync.ping(0.4)                             # warm now: the next one waits the long interval
    assert not sync.due(2.0) and sync.due(2.4)


def test_before_any_sample() -> None:
    sync = ClockSync()
    assert not sync.ready and sync.offset == 0.0 and sync.rtt == 0.0
    assert sync.error_bound == float("inf")
    with pytest.raises(ValueError):
        ClockSync(window=0)


# -- the slap race -----------------------------------------------------------------------------------

def test_corrected_press_clamps_to_what_is_possible() -> None:
    # press at peer time 50.000, peer is 100 s behind the host, arrived at host 150.030, rtt 40 ms
    assert corrected_press(50.000, 100.0, 150.030, 0.040, 0.010) == pytest.approx(150.000)
    # claims to have pressed long before: no earlier than arrival - rtt - margin
    assert corrected_press(49.0, 100.0, 150.030, 0.040, 0.010) == pytest.approx(149.980)
    # claims a press after it arrived: no later than arrival
    assert corrected_press(51.0, 100.0, 150.030, 0.040, 0.010) == pytest.approx(150.030)


def test_a_fair_race_across_different_latencies() -> None:
    """Two peers press at the same true instant; the near one's press arrives first, yet after
    correction neither is ahead by more than the clock error."""
    table = LatencyTable()
    table.add("near")
    table.add("far")
    near_link = SimLink(-5.0, lambda: 0.002, lambda: 0.002)      # its clock reads host - 5 s
    far_link = SimLink(20.0, lambda: 0.030, lambda: 0.030)       # its clock reads host + 20 s
    for _ in range(6):                                           # the host pings them
        near_link.exchange(table.clock("near"))
        far_link.exchange(table.clock("far"))
    press_true = 5000.0
    near_arrival = press_true + 0.002            # host clock: true time
    far_arrival = press_true + 0.030
    near_press = table.correct("near", press_true - 5.0, near_arrival)
    far_press = table.correct("far", press_true + 20.0, far_arrival)
    assert near_arrival < far_arrival
    assert near_press == pytest.approx(press_true) and far_press == pytest.approx(press_true)
    assert slap_window([table.rtt("near"), table.rtt("far")]) == pytest.approx(0.060)


def test_slap_window_has_a_floor() -> None:
    assert slap_window([]) == 0.030 and slap_window([0.004]) == 0.030
    assert slap_window([0.010, 0.100]) == pytest.approx(0.100)


def test_latency_table_follows_connections() -> None:
    table = LatencyTable(fast_interval=0.5)
    table.add("a")
    table.add("b")
    pings = dict(table.due(0.0))
    assert set(pings) == {"a", "b"} and table.due(0.1) == []
    # a's clock is 3 s ahead of the host's; 5 ms each way
    table.on_pong("a", Pong(pings["a"].t0, 3.005, 3.005), 0.010)
    assert table.offset_to_host("a") == pytest.approx(-3.0) and table.rtt("a") == pytest.approx(0.01)
    assert table.worst_rtt() == pytest.approx(0.01)
    table.remove("a")
    assert "a" not in table and table.offset_to_host("a") == 0.0 and table.rtt("a") == 0.0
    assert table.on_pong("a", Pong(0.0, 0.0, 0.0), 1.0) is None
    # an unmeasured peer gets no credit: its press counts as when it arrived, less the margin
    assert table.correct("zzz", -1e6, 10.0, margin=0.01) == pytest.approx(9.99)


def test_a_drifting_clock_is_followed_where_a_plain_mean_falls_behind() -> None:
    # the responder's clock gains 200 us a second; a window of two minutes of noisy pings
    rate, base = 200e-6, 3.0
    rng = random.Random(5)
    sync = ClockSync()
    true = 1000.0
    for _ in range(128):
        ping = sync.ping(true)
        out, back = 0.020 + rng.uniform(0, 0.030), 0.020 + rng.uniform(0, 0.030)
        arrive = true + out
        remote = arrive + base + rate * arrive
        sync.on_pong(answer(ping, remote, remote), arrive + back)
        true = arrive + back + 0.9
    truth = base + rate * true
    assert sync.drift == pytest.approx(rate, rel=0.25)
    assert abs(sync.offset_at(true) - truth) < 0.002
    plain = statistics.fmean(s.offset for s in sorted(sync.samples, key=lambda s: s.delay)[:sync.best])
    assert abs(plain - truth) > 0.008                   # what the drift-free estimate would say


def test_steady_clocks_get_no_drift() -> None:
    link = SimLink(0.7, lambda: 0.03, lambda: 0.03)
    sync = ClockSync()
    for _ in range(60):
        link.exchange(sync)
    assert sync.drift == 0.0 and sync.offset == pytest.approx(0.7, abs=1e-6)


def test_a_noisy_link_is_pinged_more_often() -> None:
    rng = random.Random(2)
    noisy = SimLink(0.0, lambda: 0.05 + rng.uniform(0, 0.05), lambda: 0.05 + rng.uniform(0, 0.05))
    quiet = SimLink(0.0, lambda: 0.05, lambda: 0.05)
    intervals = []
    for link in (noisy, quiet):
        sync = ClockSync()
        for _ in range(20):
            link.exchange(sync)
        sync.ping(link.true)
        intervals.append((sync.due(link.true + 0.11), sync.due(link.true + 1.9)))
    assert intervals == [(True, True), (False, False)]


def test_samples_older_than_the_horizon_go() -> None:
    sync = ClockSync(horizon=10.0)
    for k in range(30):
        t0 = float(k)
        sync.ping(t0)
        sync.on_pong(answer(Ping(t0), t0 + 0.01, t0 + 0.01), t0 + 0.02)
    assert min(s.at for s in sync.samples) >= 29.02 - 10.0


def test_the_kernel_round_trip_of_a_tcp_connection() -> None:
    with socket.create_server(("127.0.0.1", 0)) as server, socket.create_connection(server.getsockname()) as client:
        peer, _ = server.accept()
        with peer:
            client.sendall(b"x")
            peer.recv(1)
            peer.sendall(b"y")
            client.recv(1)
            rtt = kernel_rtt(peer)
            assert rtt is not None and 0.0 < rtt.floor <= rtt.srtt < 1.0
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
                assert kernel_rtt(udp) is None           # not TCP: the kernel has no estimate
