"""The small types of the engine contract: Termination, Outcome and its wire form, GameType, view_hash."""
from __future__ import annotations

from types import MappingProxyType

import msgpack
import pytest

from game.core import GameType, Outcome, Termination, WireFormatError, canonical, view_hash
from game.kabooom.rules import KabooomEngine

from .toy import SecretToyEngine, ToyEngine


def test_every_termination_has_a_sentence_and_a_short_wire_name():
    for member in Termination:
        assert member.text.endswith(".") and member.text[0].isupper()
        assert member.value.isidentifier() and len(member.value) <= 16
    assert len({m.text for m in Termination}) == len(Termination)
    # the names Kabooom! sent before Termination existed keep meaning the same endings
    assert Termination("passes") is Termination.ALL_PASSED
    assert Termination("no_moves") is Termination.NO_MOVES


@pytest.mark.parametrize("termination", list(Termination))
def test_outcome_round_trips_through_msgpack(termination):
    outcome = Outcome((3, 7, 7), (1, 2), termination)
    wire = outcome.to_wire()
    assert wire == [[3, 7, 7], [1, 2], termination.value]
    assert Outcome.from_wire(msgpack.unpackb(msgpack.packb(wire))) == outcome


def test_every_termination_has_a_sentence_for_the_players():
    assert all(t.text.endswith(".") and t.text[0].isupper() for t in Termination)


@pytest.mark.parametrize(("data", "reason"), [
    ([[1, 2], [1]], "outcome: expected 3 fields, got 2"),
    ("passes", "outcome: expected a list, got str"),
    ([[1, 2], [1], "resigned"], "outcome.termination: 'resigned' is not one of"),
    ([[1, 2], [1], None], "outcome.termination: nil is not one of"),
    ([[1, "2"], [1], "passes"], "outcome.scores[1]: expected a whole number, got str"),
    ([[1, 2], [True], "passes"], "outcome.winners[0]: expected a whole number, got bool"),
    ([[1, 2], [2], "passes"], "outcome: winners [2] are not seats of 2"),
    ([[1, 2], [-1], "passes"], "outcome: winners [-1] are not seats of 2"),
    ([[1, 2], 1, "passes"], "outcome.winners: expected a list, got int"),
])
def test_a_bad_outcome_from_the_wire_is_refused(data, reason):
    with pytest.raises(WireFormatError) as info:
        Outcome.from_wire(data)
    assert str(info.value).startswith(reason)


def test_an_outcome_ends_with_a_termination_not_a_string():
    with pytest.raises(TypeError, match="Termination"):
        Outcome((1, 0), (0,), "no_moves")  # type: ignore[arg-type]  # the mistake under test


def test_game_types():
    assert GameType() == GameType(hidden_information=False, simultaneous=False)
    assert KabooomEngine.game_type == GameType() == ToyEngine.game_type
    assert SecretToyEngine.game_type.hidden_information


def test_view_hash_ignores_key_order_and_container_kinds():
    view = {"b": [1, (2, 3)], "a": {"y": None, "x": b"\x00"}, 3: 1.5}
    same = {3: 1.5, "a": MappingProxyType({"x": b"\x00", "y": None}), "b": (1, [2, 3])}
    assert canonical(same) == canonical(view) == {3: 1.5, "a": {"x": b"\x00", "y": None}, "b": [1, [2, 3]]}
    assert view_hash(same) == view_hash(view)
    assert view_hash({**view, "a": {"x": b"\x01", "y": None}}) != view_hash(view)
    assert len(view_hash(view)) == 8
