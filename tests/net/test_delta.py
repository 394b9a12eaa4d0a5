"""net.delta: a patch turns the old view into the new one, exactly, and a patch that does not fit
its base is refused (PatchError), never half-applied."""
from __future__ import annotations

import copy

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.engine import canonical
from net.delta import PatchError, apply, diff

plain = st.recursive(
    st.none() | st.booleans() | st.integers(-100, 100) | st.floats(allow_nan=False)
    | st.sampled_from([0.0, -0.0]) | st.text(max_size=3) | st.binary(max_size=3),
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.text(max_size=2) | st.integers(-3, 3), inner, max_size=5),
    max_leaves=40)


@settings(max_examples=400)
@given(plain, plain)
def test_a_patch_turns_old_into_new_and_leaves_old_alone(old, new) -> None:
    kept = msgpack.packb(old)
    patch = diff(old, new)
    rebuilt = old if patch is None else apply(old, patch)
    # the same bytes once canonical (map order aside), so the same hash
    assert msgpack.packb(canonical(rebuilt)) == msgpack.packb(canonical(new))
    assert msgpack.packb(old) == kept


def test_small_changes_make_small_patches() -> None:
    board = [None] * 25
    new = list(board)
    new[7] = [[0, "r"], [1, "p"]]
    old_view = {"board": board, "turn": 0, "scores": [0, 0]}
    new_view = {"board": new, "turn": 1, "scores": [0, 0]}
    assert diff(old_view, new_view) == ["d", {"board": ["l", {7: ["=", [[0, "r"], [1, "p"]]]}],
                                              "turn": ["=", 1]}, []]
    assert diff({"a": 1, "b": 2}, {"a": 1}) == ["d", {}, ["b"]]
    assert diff([1, 2], [1, 2, 3]) == ["=", [1, 2, 3]]


@pytest.mark.parametrize(("base", "patch"), [
    ({"a": 1}, []),
    ({"a": 1}, "x"),
    ({"a": 1}, ["?", 1]),
    ([1, 2], ["d", {}, []]),
    ({"a": 1}, ["l", {0: ["=", 1]}]),
    ([1, 2], ["l", {5: ["=", 1]}]),
    ([1, 2], ["l", {"0": ["=", 1]}]),
    ({"a": 1}, ["d", {}, ["b"]]),
    ({"a": 1}, ["d", {"b": ["d", {}, []]}, []]),
    ({"a": 1}, ["d", {"a": ["="]}, []]),
])
def test_patches_that_do_not_fit_are_refused(base, patch) -> None:
    kept = copy.deepcopy(base)
    with pytest.raises(PatchError):
        apply(base, patch)
    assert base == kept
