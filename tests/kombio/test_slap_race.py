"""KOMBIO's slap race as the referee judges it (game.core.referee with game.kombio.race): presses in
press-time order against the engine; the earliest right card wins and closes the discard, a wrong card
is a failed attempt that leaves it open, exact ties go to the seeded generator (never to the lower
seat), presses on an older discard are stale, a seat's second press on one discard is dropped."""
from __future__ import annotations

from game.core.referee import Link, Referee, Verdict
from game.kombio import GAME
from game.kombio.actions import Discard, Draw, Slap
from game.kombio.events import PenaltyDrawn, Slapped
from game.kombio.table import KombioConfig

from .positions import ENGINE, position, values_of

# Discard 1 is a 6. Right cards: seat 0's slot 0, seat 1's slot 1, seat 2's slot 0. Wrong: the rest.
HANDS = [[6, 2, 3, 4], [5, 6, 1, 1], [6, 0, 12, 12]]
WIRE = Link(one_way=0.5)        # every press may have been made up to half a second before it came


def opening():
    return position(HANDS, discard=[6], draw=[11, 10, 9], turn=0)


def table(seed: int = 1, discards: int = 0) -> Referee:
    start = opening()
    for _ in range(discards):
        ENGINE.apply(start, Draw(start.turn))
        ENGINE.apply(start, Discard(start.turn))
    return Referee(ENGINE, KombioConfig(players=3), seed, GAME.realtime, lambda seat: WIRE, start=start)


def race(ref: Referee, *presses: tuple[Slap, float], arrive: float = 10.5) -> list:
    """The presses (each with its time) come in together at `arrive`; the window is judged after."""
    rulings = []
    for action, pressed in presses:
        rulings += ref.submit(action, pressed, now=arrive, ticket=action.seat)
    rulings += ref.tick(arrive + 1.0)
    return [(r.ticket, r.verdict) for r in rulings if r.verdict is not Verdict.HELD]


def test_the_earliest_right_card_wins_and_closes_the_discard() -> None:
    ref = table()
    late, early = Slap(2, 2, 0, 1), Slap(1, 1, 1, 1)
    assert race(ref, (late, 10.020), (early, 10.005)) == [(1, Verdict.APPLIED), (2, Verdict.TOO_LATE)]
    assert ref.log == [early]
    assert values_of(ref.state, 1) == [5, None, 1, 1] and values_of(ref.state, 2) == [6, 0, 12, 12]
    assert ref.state.matched
    seats, ms = zip(*ref.steps[-1].race, strict=True)
    assert seats == (1, 2) and abs(ms[1] - 15.0) < 1e-6      # the winner's margin, for the banner


def test_the_loser_is_told_who_won_and_by_how_much() -> None:
    ref = table()
    ref.submit(Slap(2, 2, 0, 1), 10.020, now=10.5)
    ref.submit(Slap(1, 1, 1, 1), 10.005, now=10.5)
    late = [r for r in ref.tick(12.0) if r.verdict is Verdict.TOO_LATE]
    assert [r.reason for r in late] == ["Blue matched it first, 15 ms before you"]


def test_a_wrong_first_press_is_a_failed_attempt_and_the_next_right_one_wins() -> None:
    ref = table()
    wrong, right = Slap(1, 1, 0, 1), Slap(2, 2, 0, 1)
    assert race(ref, (right, 0.002), (wrong, 0.001), arrive=0.3) == [(1, Verdict.APPLIED), (2, Verdict.APPLIED)]
    failed = ref.steps[0].events
    assert failed[0] == Slapped(1, 1, 0, 1, 5, False) and isinstance(failed[1], PenaltyDrawn)
    assert len(ref.state.hands[1]) == 5                    # the penalty was paid
    assert ref.log == [wrong, right] and ref.state.matched


def test_a_wrong_press_alone_leaves_the_discard_open_and_a_second_attempt_is_refused() -> None:
    ref = table()
    assert race(ref, (Slap(0, 0, 1, 1), 3.0), arrive=3.1) == [(0, Verdict.APPLIED)]
    assert ref.state.open and ENGINE.to_act(ref.state) == {0, 1, 2}
    again = ref.submit(Slap(0, 0, 0, 1), 5.0, now=5.1) + ref.tick(7.0)
    refused = [r for r in again if r.verdict is not Verdict.HELD]
    assert [r.verdict for r in refused] == [Verdict.ILLEGAL] and "one attempt" in refused[0].reason


def test_a_seats_second_press_in_one_window_is_dropped() -> None:
    ref = table()
    first = ref.submit(Slap(0, 0, 1, 1), 3.0, now=3.1)
    second = ref.submit(Slap(0, 0, 0, 1), 3.05, now=3.1)
    assert [r.verdict for r in first] == [Verdict.HELD] and [r.verdict for r in second] == [Verdict.DUPLICATE]
    ref.tick(5.0)
    assert ref.log == [Slap(0, 0, 1, 1)]


def test_exact_ties_go_to_the_seeded_generator_never_to_the_lower_seat() -> None:
    winners = set()
    for seed in range(40):
        presses = ((Slap(2, 2, 0, 1), 5.0), (Slap(1, 1, 1, 1), 5.0))
        ref = table(seed)
        verdicts = race(ref, *presses)
        assert sorted(verdicts) in ([(1, Verdict.APPLIED), (2, Verdict.TOO_LATE)],
                                    [(1, Verdict.TOO_LATE), (2, Verdict.APPLIED)])
        winners.add(ref.log[0].seat)
        again = table(seed)
        race(again, *presses)
        assert again.log == ref.log                          # the same seed, the same ruling
    assert winners == {1, 2}


def test_a_race_without_a_tie_leaves_the_ties_of_later_races_as_they_were() -> None:
    """The tie generator is drawn from only for a tie: a game's later ties do not depend on how
    many untied races came before."""
    def tie_winner(seed: int, untied_first: bool) -> int:
        ref = table(seed)
        if untied_first:
            race(ref, (Slap(0, 0, 1, 1), 2.0))                # a wrong press, alone: no tie
        race(ref, (Slap(2, 2, 0, 1), 5.0), (Slap(1, 1, 1, 1), 5.0))
        return ref.log[-1].seat
    for seed in range(24):
        assert tie_winner(seed, True) == tie_winner(seed, False)


def test_presses_on_an_older_discard_are_stale_and_cost_nothing() -> None:
    ref = table(discards=1)                                   # discard 2, a 9: the 6 is gone
    before = ENGINE.clone(ref.state)
    assert race(ref, (Slap(1, 1, 1, 1), 1.0), (Slap(2, 2, 0, 1), 1.5)) == [(1, Verdict.STALE), (2, Verdict.STALE)]
    assert ref.state == before and ref.log == []


def test_a_press_on_a_newer_discard_judges_the_older_window_first() -> None:
    ref = table(discards=1)                                   # discard 2: a 9
    rulings = ref.submit(Slap(1, 1, 1, 1), 0.010, now=0.2)    # answers the 6: stale
    rulings += ref.submit(Slap(2, 0, 3, 2), 0.030, now=0.2)   # seat 0's 4 on the 9: wrong
    rulings += ref.submit(Slap(0, 0, 1, 2), 0.020, now=0.2)   # its own 2: wrong
    rulings += ref.tick(2.0)
    told = [(r.action.seat, r.verdict) for r in rulings if r.verdict is not Verdict.HELD]
    assert told == [(1, Verdict.STALE), (0, Verdict.APPLIED), (2, Verdict.APPLIED)]
    assert ref.state.open and all(not e.right for s in ref.steps for e in s.events[:1])   # type: ignore[attr-defined]


def test_the_log_replays_to_the_state_the_race_left() -> None:
    """What the referee applied is its log: replayed from the start, the same state (a save)."""
    ref = table(seed=3)
    start = opening()
    verdicts = race(ref, (Slap(0, 1, 0, 1), 0.3), (Slap(1, 0, 2, 1), 0.1), (Slap(2, 2, 0, 1), 0.2),
                    arrive=0.4)
    assert verdicts == [(1, Verdict.APPLIED), (2, Verdict.APPLIED), (0, Verdict.TOO_LATE)]
    for action in ref.log:
        ENGINE.apply(start, action)
    assert start == ref.state
    assert abs(dict(ref.steps[-1].race)[0] - 200.0) < 1e-6
