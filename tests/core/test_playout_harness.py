"""The random-playout harness passes a correct engine and catches each kind of broken one."""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import ClassVar

import pytest

from game.core import Event, IllegalActionError, WireCodec, WireFormatError
from game.core.playout import random_playouts

from .toy import SecretToyEngine, Take, Taken, ToyConfig, ToyEngine, ToyState


def test_correct_engine_passes():
    report = random_playouts(ToyEngine(), ToyConfig(3), range(20))
    assert report.games == 20
    assert report.actions >= 20 * 5 // 2           # every heap holds at least 5 stones
    assert all(len(o.winners) == 1 for o in report.outcomes)


class NonDeterministic(ToyEngine):
    """apply draws from an outside generator, so a clone applying the same action may differ."""

    def __init__(self):
        self._outside = random.Random(1)

    def apply(self, state, action):
        events = super().apply(state, action)
        state.turn = self._outside.randrange(state.players) if state.winner < 0 else state.turn
        return events


class AcceptsWrongSeat(ToyEngine):
    def apply(self, state, action):
        if action.seat != state.turn and state.winner < 0:
            action = Take(state.turn, action.count)   # quietly plays for the right seat
        return super().apply(state, action)


class RefusalChangesState(ToyEngine):
    def apply(self, state, action):
        if action.seat != state.turn:
            state.turn = action.seat                  # touched the state before refusing
            raise IllegalActionError("not your turn", action)
        return super().apply(state, action)


class LosesStones(ToyEngine):
    def apply(self, state, action):
        events = super().apply(state, action)
        if state.heap >= 3:
            state.heap -= 1                           # a stone vanishes: not conserved
        return events


@dataclass(frozen=True)
class Loud(Event):
    TAG: ClassVar[str] = "loud"
    text: str


class UnwireableEvent(ToyEngine):
    events: ClassVar[WireCodec] = WireCodec([Taken, Loud])

    def apply(self, state, action):
        return [*super().apply(state, action), Loud("x" * 100)]   # longer than the wire allows


class IgnoresSeedOnReplay(ToyEngine):
    """Each new game draws its heap from a counter, so folding the replay gives another game."""

    def __init__(self):
        self.games = 0

    def new_game(self, config, seed):
        self.games += 1
        state = super().new_game(config, seed)
        state.start = state.heap = 5 + self.games % 7
        return state


class NeverEnds(ToyEngine):
    def legal_actions(self, state, seat):
        return [] if seat != state.turn else [Take(seat, 0)]

    def apply(self, state, action):
        if action.seat != state.turn:
            raise IllegalActionError("not your turn", action)
        state.turn = (state.turn + 1) % state.players
        return [Taken(action.seat, 0, state.heap)]


class NobodyActs(ToyEngine):
    def to_act(self, state: ToyState):
        return frozenset()


class ViewNotPackable(ToyEngine):
    def view(self, state, seat):
        return dataclasses.replace(super().view(state, seat), taken=tuple([0] * 600))   # more than a view holds


class FoldForgetsTheTurn(ToyEngine):
    def fold(self, view, event):
        return dataclasses.replace(super().fold(view, event), turn=view.turn)


class ViewOfAnotherType(ToyEngine):
    def view(self, state, seat):
        return {"heap": state.heap}                   # the engine declares ToyView


BROKEN = [
    (NonDeterministic, AssertionError, "apply is not deterministic|does not give its view after"),
    (AcceptsWrongSeat, AssertionError, "by a seat that may not act was accepted"),
    (RefusalChangesState, AssertionError, "a refused action changed the state"),
    (LosesStones, AssertionError, "stones conserved"),
    (UnwireableEvent, WireFormatError, "longer than"),
    (IgnoresSeedOnReplay, AssertionError, "replay differs"),
    (NeverEnds, AssertionError, "no end after 200 actions"),
    (NobodyActs, AssertionError, "nobody may act"),
    (ViewNotPackable, WireFormatError, "more than 512 items"),
    (FoldForgetsTheTurn, AssertionError, "turn: folded"),
    (ViewOfAnotherType, AssertionError, "a view is a ToyView, not dict"),
]


@pytest.mark.parametrize("engine_class, error, message", BROKEN, ids=[b[0].__name__ for b in BROKEN])
def test_broken_engine_fails(engine_class, error, message):
    with pytest.raises(error, match=message):
        random_playouts(engine_class(), ToyConfig(2), range(10), max_actions=200)


def test_thinned_checks_still_catch_broken_invariants():
    with pytest.raises(AssertionError, match="stones conserved"):
        random_playouts(LosesStones(), ToyConfig(2), range(10), full_checks_every=50)


# -- secrecy (games with hidden information) ---------------------------------------------------------

def test_honest_hidden_information_engine_passes():
    report = random_playouts(SecretToyEngine(), ToyConfig(3), range(30))
    assert report.games == 30


class LeaksNextSecret(SecretToyEngine):
    """Each seat's view also shows the next seat's digit."""

    def view(self, state, seat):
        view = super().view(state, seat)
        if seat is not None:
            nxt = (seat + 1) % state.players
            secrets = list(view.secrets)
            secrets[nxt] = state.secrets[nxt]
            view = dataclasses.replace(view, secrets=tuple(secrets))
        return view


class SpectatorSeesAll(SecretToyEngine):
    def view(self, state, seat):
        view = super().view(state, seat)
        if seat is None:
            view = dataclasses.replace(view, secrets=tuple(state.secrets))
        return view


class LegalDependsOnAnotherSeat(SecretToyEngine):
    """Taking 2 is gated on the next seat's digit: a seat's options give that digit away."""

    def legal_actions(self, state, seat):
        nxt = (seat + 1) % state.players
        return [a for a in ToyEngine.legal_actions(self, state, seat)
                if a.count == 1 or state.secrets[nxt] % 2]

    def apply(self, state, action):
        return ToyEngine.apply(self, state, action)


class ResampleForgetsWhatPlayShowed(SecretToyEngine):
    """Re-deals any digit, even for a seat that showed an odd one by taking 2."""

    def resample_hidden(self, state, seat, rng):
        other = self.clone(state)
        other.secrets = [d if s == seat else rng.randrange(10) for s, d in enumerate(state.secrets)]
        return other


class ResampleInPlace(SecretToyEngine):
    def resample_hidden(self, state, seat, rng):
        state.secrets = [d if s == seat else rng.randrange(1, 10, 2) for s, d in enumerate(state.secrets)]
        return state


SECRECY_BROKEN = [
    (LeaksNextSecret, r"secrecy: re-dealing what seat \d cannot see changed its view"),
    (SpectatorSeesAll, "secrecy: re-dealing what a spectator cannot see changed its view"),
    (LegalDependsOnAnotherSeat, r"secrecy: re-dealing what seat \d cannot see changed its legal actions"),
    (ResampleForgetsWhatPlayShowed, "took 2, even"),
    (ResampleInPlace, "resample_hidden changed the state it was given"),
]


@pytest.mark.parametrize("engine_class, message", SECRECY_BROKEN, ids=[b[0].__name__ for b in SECRECY_BROKEN])
def test_leaky_hidden_information_engine_fails_the_secrecy_check(engine_class, message):
    with pytest.raises(AssertionError, match=message):
        random_playouts(engine_class(), ToyConfig(3), range(30), max_actions=200)


def test_secrecy_is_checked_only_where_the_game_declares_hidden_information():
    class Undeclared(LeaksNextSecret):
        game_type = ToyEngine.game_type

    assert not Undeclared.game_type.hidden_information
    assert random_playouts(Undeclared(), ToyConfig(3), range(5)).games == 5
