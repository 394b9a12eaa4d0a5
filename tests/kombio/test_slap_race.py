"""KOMBIO's slap race: presses judged in press-time order against the engine; the earliest right card
wins and closes the discard, a wrong card is a failed attempt that leaves it open, exact ties go to
the seeded generator (never to the lower seat), presses on an older discard are stale."""
from __future__ import annotations

from game.core import Rng
from game.kombio.actions import Discard, Draw, Slap
from game.kombio.events import PenaltyDrawn, Slapped
from game.kombio.slap_race import (
    ACCEPTED,
    FAILED,
    REFUSED,
    STALE,
    TOO_LATE,
    Press,
    SlapRace,
    judge,
    order_presses,
    race_rng,
)

from .test_rules import ENGINE, position, values_of

# Discard 1 is a 6. Right cards: seat 0's slot 0, seat 1's slot 1, seat 2's slot 0. Wrong: the rest.
HANDS = [[6, 2, 3, 4], [5, 6, 1, 1], [6, 0, 12, 12]]


def table():
    return position(HANDS, discard=[6], draw=[11, 10, 9], turn=0)


def tags(verdict):
    return [(r.press.seat, r.verdict) for r in verdict.results]


def test_the_earliest_right_card_wins_and_closes_the_discard():
    state = table()
    late, early = Press(2, 2, 0, 1, 10.020), Press(1, 1, 1, 1, 10.005)
    verdict = judge(ENGINE, state, [late, early], Rng(1))
    assert tags(verdict) == [(1, ACCEPTED), (2, TOO_LATE)]
    assert verdict.winner == early and verdict.actions == (Slap(1, 1, 1, 1),)
    assert abs(verdict.margin_ms - 15.0) < 1e-6
    assert values_of(state, 1) == [5, None, 1, 1] and values_of(state, 2) == [6, 0, 12, 12]
    assert state.matched and verdict.verdict_of(late) == TOO_LATE


def test_a_wrong_first_press_is_a_failed_attempt_and_the_next_right_one_wins():
    state = table()
    wrong, right = Press(1, 1, 0, 1, 0.001), Press(2, 2, 0, 1, 0.002)
    verdict = judge(ENGINE, state, [right, wrong], Rng(1))
    assert tags(verdict) == [(1, FAILED), (2, ACCEPTED)]
    assert verdict.actions == (Slap(1, 1, 0, 1), Slap(2, 2, 0, 1))
    failed = verdict.results[0].events
    assert failed[0] == Slapped(1, 1, 0, 1, 5, False) and isinstance(failed[1], PenaltyDrawn)
    assert len(state.hands[1]) == 5                          # the penalty was paid
    assert verdict.winner == right and verdict.margin_ms is None   # nothing came after it


def test_a_wrong_press_alone_leaves_the_discard_open():
    state = table()
    verdict = judge(ENGINE, state, [Press(0, 0, 1, 1, 3.0)], Rng(1))
    assert tags(verdict) == [(0, FAILED)] and verdict.winner is None and verdict.margin_ms is None
    assert state.open and ENGINE.to_act(state) == {0, 1, 2}
    # the seat's second press on that discard is refused by the engine (one attempt per discard)
    verdict = judge(ENGINE, state, [Press(0, 0, 0, 1, 3.1)], Rng(1))
    assert tags(verdict) == [(0, REFUSED)] and "one attempt" in verdict.results[0].reason


def test_exact_ties_go_to_the_seeded_generator_never_to_the_lower_seat():
    winners = set()
    for seed in range(40):
        presses = [Press(2, 2, 0, 1, 5.0), Press(1, 1, 1, 1, 5.0)]
        state = table()
        verdict = judge(ENGINE, state, presses, Rng(seed))
        assert sorted(tags(verdict)) in ([(1, ACCEPTED), (2, TOO_LATE)], [(1, TOO_LATE), (2, ACCEPTED)])
        assert verdict.margin_ms == 0.0
        winners.add(verdict.winner.seat)
        # the same generator state gives the same verdict
        again = judge(ENGINE, table(), presses, Rng(seed))
        assert again.winner == verdict.winner
    assert winners == {1, 2}


def test_the_generator_is_drawn_from_only_for_a_tie():
    rng = Rng(7)
    before = rng.fingerprint()
    order_presses([Press(1, 1, 1, 1, 2.0), Press(2, 2, 0, 1, 1.0)], rng)
    assert rng.fingerprint() == before
    order_presses([Press(1, 1, 1, 1, 2.0), Press(2, 2, 0, 1, 2.0)], rng)
    assert rng.fingerprint() != before


def test_presses_on_an_older_discard_are_stale_and_cost_nothing():
    state = table()
    ENGINE.apply(state, Draw(0))
    ENGINE.apply(state, Discard(0))                          # discard 2, a 9: the 6 is gone
    before = ENGINE.clone(state)
    verdict = judge(ENGINE, state, [Press(1, 1, 1, 1, 1.0), Press(2, 2, 0, 1, 1.5)], Rng(1))
    assert tags(verdict) == [(1, STALE), (2, STALE)] and verdict.actions == ()
    assert state == before


def test_a_window_mixing_stale_wrong_and_right_presses():
    state = table()
    ENGINE.apply(state, Draw(0))
    ENGINE.apply(state, Discard(0))                          # discard 2: a 9
    race = SlapRace(race_rng(12))
    assert race.first_time is None
    race.add(Press(1, 1, 1, 1, 0.010))                       # answers the 6: stale
    race.add(Press(2, 0, 3, 2, 0.030))                       # seat 0's 4 on the 9: wrong
    race.add(Press(0, 0, 1, 2, 0.020))                       # its own 2: wrong
    assert race.first_time == 0.010
    verdict = race.judge(ENGINE, state)
    assert tags(verdict) == [(1, STALE), (0, FAILED), (2, FAILED)]
    assert race.presses == [] and state.open
    assert len(verdict.actions) == 2


def test_judging_applies_exactly_the_logged_actions():
    """The verdict's actions, replayed on a copy, give the same state: what the host logs as steps."""
    state = table()
    twin = ENGINE.clone(state)
    presses = [Press(0, 1, 0, 1, 0.3), Press(1, 0, 2, 1, 0.1), Press(2, 2, 0, 1, 0.2)]
    verdict = judge(ENGINE, state, presses, race_rng(3))
    for action in verdict.actions:
        ENGINE.apply(twin, action)
    assert twin == state
    assert tags(verdict) == [(1, FAILED), (2, ACCEPTED), (0, TOO_LATE)]
    assert abs(verdict.margin_ms - 100.0) < 1e-6
