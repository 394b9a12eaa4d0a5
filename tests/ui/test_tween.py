import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.ui.toolkit import tween as tw
from game.ui.toolkit.tween import Sequence, Tween, Tweens, delay

STEP = 1 / 120


def run(item, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        item.update(STEP)


@pytest.mark.parametrize("easing", list(tw.EASINGS.values()), ids=list(tw.EASINGS))
def test_easings_start_at_zero_and_end_at_one(easing):
    assert easing(0.0) == pytest.approx(0.0, abs=1e-9)
    assert easing(1.0) == pytest.approx(1.0, abs=1e-9)


def test_ease_out_is_ahead_of_linear_and_back_out_overshoots():
    assert tw.ease_out_cubic(0.3) > 0.3
    assert tw.ease_in_cubic(0.3) < 0.3
    assert tw.ease_in_out(0.5) == pytest.approx(0.5)
    assert max(tw.back_out(i / 100) for i in range(101)) > 1.05


def test_tween_reaches_end_after_its_duration_and_stops():
    t = Tween(0.0, 10.0, 0.5)
    run(t, 0.25)
    assert t.value() == pytest.approx(5.0)
    assert not t.done
    run(t, 0.25)
    assert t.done and t.value() == 10.0
    assert t.update(STEP) is False
    assert t.value() == 10.0


def test_tuples_interpolate_per_component():
    t = Tween((0.0, 100.0), (50.0, 0.0), 1.0)
    run(t, 0.5)
    x, y = t.value()
    assert x == pytest.approx(25.0) and y == pytest.approx(50.0)


def test_alpha_samples_between_steps():
    t = Tween(0.0, 1.0, 1.0)
    run(t, 0.5)
    assert t.value(0.5) == pytest.approx(0.5 + STEP / 2)
    assert t.value(0.0) < t.value(0.5) < t.value(0.99)


def test_alpha_never_passes_the_end():
    t = Tween(0.0, 1.0, 0.1)
    run(t, 0.2)
    assert t.value(0.99) == 1.0


def test_delay_holds_the_start_value_then_runs():
    t = Tween(3.0, 5.0, 0.5, delay=0.25)
    run(t, 0.2)
    assert t.value() == 3.0
    run(t, 0.3)
    assert t.value() == pytest.approx(4.0)
    run(t, 0.25)
    assert t.done and t.value() == 5.0


def test_on_done_fires_exactly_once():
    calls = []
    t = Tween(0.0, 1.0, 0.1, on_done=lambda: calls.append(1))
    run(t, 0.5)
    assert calls == [1]


def test_zero_duration_is_at_its_end_at_once():
    t = Tween(1.0, 2.0, 0.0)
    assert t.value() == 2.0
    assert t.update(STEP) is False
    assert t.done and t.value() == 2.0


def test_sequence_runs_in_order_and_carries_leftover_time():
    done = []
    seq = Sequence([Tween(0.0, 1.0, 0.1), delay(0.1), Tween(1.0, 0.0, 0.1)], on_done=lambda: done.append(1))
    assert seq.total == pytest.approx(0.3)
    seq.update(0.15)   # finishes the first tween, half of the delay
    assert seq.index == 1 and seq.value() == 0.0   # a delay's own value
    seq.update(0.1)
    assert seq.index == 2 and seq.value() == pytest.approx(0.5)
    seq.update(0.05)
    assert seq.done and seq.value() == 0.0 and done == [1]
    assert seq.elapsed == pytest.approx(0.3)


def test_sequence_needs_a_tween():
    with pytest.raises(ValueError):
        Sequence([])


def test_group_drops_finished_and_allows_adding_from_callbacks():
    group = Tweens()
    later = Tween(0.0, 1.0, 0.2)
    short = group.add(Tween(0.0, 1.0, 0.1, on_done=lambda: group.add(later)))
    long = group.add(Tween(0.0, 1.0, 1.0))
    assert len(group) == 2 and group.busy
    run(group, 0.1)
    assert short not in group and long in group and later in group
    run(group, 1.0)
    assert len(group) == 0 and not group.busy


@given(st.floats(0.01, 5.0), st.floats(-100, 100), st.floats(-100, 100),
       st.sampled_from(sorted(tw.EASINGS)))
def test_any_tween_lands_exactly_on_its_end(duration, start, end, easing):
    t = Tween(start, end, duration, tw.EASINGS[easing])
    steps = 0
    while t.update(STEP):
        steps += 1
        assert steps < 10_000
    assert t.value() == pytest.approx(end)
    assert steps == pytest.approx(duration / STEP, abs=2)
