"""game.core.schema: what a field type allows, what it refuses, and the field types it will not take."""
from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from typing import Annotated, ClassVar

import pytest

from game.core import WireFormatError
from game.core.schema import ExactLen, MapLayout, MaxLen, Pattern, Policy, PositionalLayout, Range
from game.core.wire import WIRE_POLICY, WireCodec


class Suit(enum.Enum):
    HEARTS = "hearts"
    SPADES = "spades"


class Rank(enum.Enum):
    LOW = 1
    HIGH = 2


@dataclass(frozen=True)
class Card:
    TAG: ClassVar[str] = "card"
    suit: Suit
    rank: Rank
    slot: Annotated[int, Range(0, 7)]
    name: Annotated[str, Pattern(r"[a-z]+")]
    mark: Annotated[bytes, ExactLen(2)]
    notes: Annotated[tuple[Annotated[str, MaxLen(3)], ...], MaxLen(2)] = ()
    ratio: float = 0.0


CODEC = WireCodec([Card])
GOOD = Card(Suit.SPADES, Rank.HIGH, 7, "ace", b"ok", ("a", "bcd"), 0.5)


def test_enums_travel_as_their_values_and_come_back_as_members():
    wire = CODEC.encode(GOOD)
    assert wire == ["card", "spades", 2, 7, "ace", b"ok", ["a", "bcd"], 0.5]
    back = CODEC.decode(wire)
    assert back == GOOD and back.suit is Suit.SPADES and back.rank is Rank.HIGH


@pytest.mark.parametrize(("index", "value", "reason"), [
    (1, "clubs", "card.suit: 'clubs' is not one of 'hearts', 'spades'"),
    (1, Suit.HEARTS, "card.suit: Suit is not one of"),         # members never come off the wire
    (1, ["hearts"], "card.suit: list is not one of"),
    (2, True, "card.rank: bool is not one of 1, 2"),           # True == 1, but it is no rank
    (2, 3, "card.rank: 3 is not one of 1, 2"),
    (3, 8, "card.slot: 8 is outside 0..7"),
    (3, -1, "card.slot: -1 is outside 0..7"),
    (4, "Ace", "card.name: 'Ace' is not an accepted value"),
    (4, "x" * 65, "card.name: longer than 64 characters"),    # a pattern keeps the wire's limit
    (5, b"o", "card.mark: expected exactly 2 bytes, got 1"),
    (5, "ok", "card.mark: expected bytes, got str"),
    (6, ["a", "b", "c"], "card.notes: more than 2 items"),
    (6, ["a", "long"], "card.notes[1]: longer than 3 characters"),
    (7, float("nan"), "card.ratio: number is not finite"),
    (7, float("inf"), "card.ratio: number is not finite"),
])
def test_constraints_are_checked_and_named(index, value, reason):
    wire = CODEC.encode(GOOD)
    wire[index] = value
    with pytest.raises(WireFormatError) as info:
        CODEC.decode(wire)
    assert str(info.value).startswith(reason)


class Odd:
    """A mark the schema does not know."""


@pytest.mark.parametrize("hint", [
    Annotated[str, Range(0, 1)],
    Annotated[int, MaxLen(3)],
    Annotated[int, Pattern("x")],
    Annotated[float, ExactLen(2)],
    Annotated[int, Odd()],
    Annotated[int, Range(0, 1), Range(0, 2)],
    Annotated[tuple[int, ...], ExactLen(2)],
    Annotated[tuple[int, int], MaxLen(2)],
    Annotated[Suit, MaxLen(2)],
    int | str,
    int | str | None,
    dict,
    list,
    tuple,
    tuple[int, ...] | list,
    tuple[int, int, ...],
    set[int],
])
def test_field_types_it_cannot_check_are_refused_when_the_layout_is_built(hint):
    holder = dataclasses.make_dataclass("Holder", [("value", hint)], frozen=True)
    holder.TAG = "holder"
    with pytest.raises(TypeError, match=r"Holder\.value"):
        WireCodec([holder])


class Shade(enum.Enum):
    DARK = (0, 0)


@dataclass(frozen=True)
class Paint:
    TAG: ClassVar[str] = "paint"
    shade: Shade


def test_enums_of_other_values_are_refused():
    with pytest.raises(TypeError, match="only Enums of str or int values"):
        WireCodec([Paint])


@dataclass(frozen=True)
class Inner:
    n: int


@dataclass(frozen=True)
class Outer:
    TAG: ClassVar[str] = "outer"
    inner: Inner
    items: tuple[Inner, ...] = ()


def test_nested_dataclasses_only_where_the_policy_allows():
    with pytest.raises(TypeError, match=r"Outer\.inner"):
        WireCodec([Outer])        # the engine wire: positional, flat
    policy = Policy(ValueError, nested=lambda cls: MapLayout(cls, policy).conv())
    layout = MapLayout(Outer, policy)
    value = Outer(Inner(1), (Inner(2), Inner(3)))
    data = layout.encode(value)
    assert data == {"t": "outer", "inner": {"n": 1}, "items": [{"n": 2}, {"n": 3}]}
    assert layout.decode(data) == value
    with pytest.raises(ValueError, match=r"^outer\.items\[1\]\.n: expected a whole number, got str"):
        layout.decode({"t": "outer", "inner": {"n": 1}, "items": [{"n": 2}, {"n": "3"}]})


@dataclass(frozen=True)
class Bare:
    n: int
    s: str


def test_a_bare_int_and_str_get_the_policys_limits():
    layout = PositionalLayout(Bare, Policy(ValueError, int_range=Range(0, 9), max_text=3))
    assert layout.decode([9, "abc"]) == Bare(9, "abc")
    with pytest.raises(ValueError, match=r"bare\.n: 10 is outside 0\.\.9"):
        layout.decode([10, "abc"])
    with pytest.raises(ValueError, match=r"bare\.s: longer than 3 characters"):
        layout.decode([1, "abcd"])
    # no limit where the policy sets none
    assert PositionalLayout(Bare, Policy(ValueError)).decode([10**12, "x" * 500]).n == 10**12


@dataclass(frozen=True)
class Big:
    TAG: ClassVar[str] = "big"
    n: int


def test_the_wire_policy_is_what_the_wire_codec_uses():
    big = WireCodec([Big])
    limit = WIRE_POLICY.int_range
    assert limit is not None
    assert big.decode(["big", int(limit.hi)]) == Big(int(limit.hi))
    with pytest.raises(WireFormatError, match=r"big\.n"):
        big.decode(["big", int(limit.hi) + 1])
