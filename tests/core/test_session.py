"""LocalSession: numbered steps, refused actions change nothing, seats and outcome."""
from __future__ import annotations

import pytest

from game.core import IllegalActionError
from game.core.session import LocalSession, SeatInfo

from .toy import Take, ToyConfig, ToyEngine


def _session(players: int = 2, seed: int = 1) -> LocalSession:
    seats = [SeatInfo(f"P{i}", "human") for i in range(players)]
    return LocalSession(ToyEngine(), ToyConfig(players), seed, seats)


def test_steps_are_numbered_from_one_and_polled_once():
    session = _session()
    assert session.step == 0 and session.poll() == []
    session.submit(Take(0, 1))
    session.submit(Take(1, 2))
    steps = session.poll()
    assert [s.number for s in steps] == [1, 2]
    assert [s.action for s in steps] == [Take(0, 1), Take(1, 2)]
    assert steps[1].events[0].count == 2 and steps[1].events[0].seat == 1
    assert session.poll() == []
    session.submit(Take(0, 1))
    assert [s.number for s in session.poll()] == [3]
    assert session.step == 3


def test_illegal_action_raises_and_changes_nothing():
    session = _session()
    session.submit(Take(0, 1))
    session.poll()
    state_before = ToyEngine().clone(session.state)
    view_before = session.view(0)
    for bad in (Take(0, 1), Take(1, 3)):   # wrong seat; too many stones
        with pytest.raises(IllegalActionError):
            session.submit(bad)
    assert session.state == state_before
    assert session.view(0) == view_before
    assert session.step == 1 and session.log == [Take(0, 1)]
    assert session.poll() == []


def test_to_act_and_legal_actions_follow_the_turn():
    session = _session()
    assert session.to_act() == frozenset({0})
    assert session.legal_actions(1) == []
    assert set(session.legal_actions(0)) == {Take(0, 1), Take(0, 2)}


def test_game_ends_with_an_outcome_and_nobody_to_act():
    session = _session(players=3, seed=4)
    while session.outcome() is None:
        seat = next(iter(session.to_act()))
        session.submit(session.legal_actions(seat)[0])
    outcome = session.outcome()
    last = session.log[-1].seat
    assert outcome.winners == (last,)
    assert session.to_act() == frozenset()
    assert session.legal_actions(last) == []
    assert session.step == session.state.start    # one stone per action: every stone taken


def test_replay_of_the_log_gives_the_same_state():
    session = _session(seed=8)
    for action in (Take(0, 2), Take(1, 1), Take(0, 1)):
        session.submit(action)
    replayed = ToyEngine().replay(session.config, session.seed, session.log)
    assert replayed == session.state


def test_one_seat_info_per_player():
    with pytest.raises(ValueError):
        LocalSession(ToyEngine(), ToyConfig(2), 1, [SeatInfo("only", "human")])


def test_bot_seats_are_listed_with_their_level():
    seats = [SeatInfo("A", "human"), SeatInfo("B", "bot", "hard")]
    session = LocalSession(ToyEngine(), ToyConfig(2), 1, seats)
    assert dict(session.bot_seats) == {1: "hard"}
    assert [s.name for s in session.seats()] == ["A", "B"]
