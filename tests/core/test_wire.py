"""WireCodec: values survive msgpack, and every malformed input is refused with WireFormatError."""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Optional

import msgpack
import pytest

from game.core import Action, Event, WireCodec, WireFormatError
from game.core.wire import MAX_INT, MAX_ITEMS, MAX_STR


@dataclass(frozen=True)
class Sample(Action):
    TAG: ClassVar[str] = "sample"
    name: str
    flag: bool
    values: tuple[int, ...]
    extra: Optional[int]  # noqa: UP045  # typing.Optional is another type object than int | None
    ratio: float


@dataclass(frozen=True)
class Ping(Event):
    TAG: ClassVar[str] = "ping"


@dataclass(frozen=True)
class Positive(Event):
    TAG: ClassVar[str] = "positive"
    n: int

    def __post_init__(self) -> None:
        if self.n <= 0:
            raise ValueError("n must be positive")


CODEC = WireCodec([Sample, Ping, Positive])
GOOD = Sample(1, "Ann", True, (1, 2, 3), None, 0.5)


def _through_msgpack(data):
    return msgpack.unpackb(msgpack.packb(data, use_bin_type=True), raw=False)


@pytest.mark.parametrize("value", [
    GOOD,
    Sample(0, "", False, (), 7, 2.0),
    Sample(3, "x" * MAX_STR, True, tuple(range(MAX_ITEMS)), -MAX_INT, -1.25),
    Ping(),
    Positive(5),
])
def test_round_trip(value):
    wire = CODEC.encode(value)
    assert wire[0] == value.TAG
    assert CODEC.decode(_through_msgpack(wire)) == value


def test_encode_is_plain_lists():
    assert CODEC.encode(GOOD) == ["sample", 1, "Ann", True, [1, 2, 3], None, 0.5]


def test_float_field_accepts_an_int():
    assert CODEC.decode(["sample", 1, "a", True, [], None, 2]).ratio == 2.0


BAD = {
    "not a list: dict": {"tag": "sample"},
    "not a list: str": "sample",
    "not a list: int": 5,
    "not a list: None": None,
    "empty list": [],
    "unknown tag": ["nope", 1],
    "tag not text": [7, 1, "a", True, [], None, 0.5],
    "too few fields": ["sample", 1, "a", True, [], None],
    "too many fields": ["sample", 1, "a", True, [], None, 0.5, 9],
    "ping with a field": ["ping", 1],
    "text for int": ["sample", "1", "a", True, [], None, 0.5],
    "bool for int": ["sample", True, "a", True, [], None, 0.5],
    "float for int": ["sample", 1.0, "a", True, [], None, 0.5],
    "int for bool": ["sample", 1, "a", 1, [], None, 0.5],
    "int for text": ["sample", 1, 5, True, [], None, 0.5],
    "None for int": ["sample", None, "a", True, [], None, 0.5],
    "int too big": ["sample", MAX_INT + 1, "a", True, [], None, 0.5],
    "int too small": ["sample", -MAX_INT - 1, "a", True, [], None, 0.5],
    "text too long": ["sample", 1, "x" * (MAX_STR + 1), True, [], None, 0.5],
    "list too long": ["sample", 1, "a", True, list(range(MAX_ITEMS + 1)), None, 0.5],
    "list not a list": ["sample", 1, "a", True, 3, None, 0.5],
    "list of text": ["sample", 1, "a", True, ["1"], None, 0.5],
    "list with a bool": ["sample", 1, "a", True, [1, False], None, 0.5],
    "optional of wrong type": ["sample", 1, "a", True, [], "3", 0.5],
    "bool for float": ["sample", 1, "a", True, [], None, True],
    "text for float": ["sample", 1, "a", True, [], None, "0.5"],
    "rejected by the dataclass": ["positive", 0],
}


@pytest.mark.parametrize("data", list(BAD.values()), ids=list(BAD))
def test_bad_input_is_refused(data):
    with pytest.raises(WireFormatError):
        CODEC.decode(data)


def test_encode_refuses_a_foreign_value():
    @dataclass(frozen=True)
    class Stranger(Action):
        TAG: ClassVar[str] = "sample"     # same tag, other class
        name: str = ""

    with pytest.raises(TypeError):
        CODEC.encode(Stranger(0))
    with pytest.raises(TypeError):
        CODEC.encode("sample")


def test_codec_refuses_bad_classes():
    @dataclass(frozen=True)
    class NoTag(Action):
        pass

    @dataclass(frozen=True)
    class Dict(Action):
        TAG: ClassVar[str] = "dict"
        data: dict

    with pytest.raises(TypeError):
        WireCodec([NoTag])
    with pytest.raises(TypeError):
        WireCodec([Sample, Sample])
    with pytest.raises(TypeError):
        WireCodec([Dict])


def test_error_message_names_the_field():
    with pytest.raises(WireFormatError, match=r"sample\.name"):
        CODEC.decode(["sample", 1, 5, True, [], None, 0.5])


# -- nested and fixed-length tuples (KOMBIO's actions name (seat, slot) pairs) ------------------------

@dataclass(frozen=True)
class Swap(Action):
    TAG: ClassVar[str] = "swap"
    a: tuple[int, int]
    b: tuple[int, int]


@dataclass(frozen=True)
class Look(Action):
    TAG: ClassVar[str] = "look"
    cards: tuple[tuple[int, int], ...]
    peek: tuple[int, int] | None = None


CARDS = WireCodec([Swap, Look])


@pytest.mark.parametrize("value", [
    Swap(0, (1, 2), (3, 0)),
    Look(2, ((0, 1), (1, 3), (2, 0))),
    Look(1, (), (0, 3)),
    Look(0, tuple((s, i) for s in range(8) for i in range(8))),   # MAX_ITEMS pairs
])
def test_nested_tuples_round_trip_as_tuples(value):
    back = CARDS.decode(_through_msgpack(CARDS.encode(value)))
    assert back == value
    assert hash(back) == hash(value)          # actions stay hashable: legal lists are searched


def test_nested_tuples_encode_as_plain_lists():
    assert CARDS.encode(Swap(0, (1, 2), (3, 0))) == ["swap", 0, [1, 2], [3, 0]]
    assert CARDS.encode(Look(2, ((0, 1), (1, 3)), (4, 1))) == ["look", 2, [[0, 1], [1, 3]], [4, 1]]


@pytest.mark.parametrize(("data", "reason"), [
    (["swap", 0, [1, 2, 3], [3, 0]], "swap.a: expected 2 items, got 3"),
    (["swap", 0, [1], [3, 0]], "swap.a: expected 2 items, got 1"),
    (["swap", 0, [1, 2], 5], "swap.b: expected a list of 2, got int"),
    (["swap", 0, [1, "2"], [3, 0]], "swap.a[1]: expected a whole number, got str"),
    (["swap", 0, [1, True], [3, 0]], "swap.a[1]: expected a whole number, got bool"),
    (["swap", 0, [1, MAX_INT + 1], [3, 0]], "swap.a[1]: 2147483648 is outside"),
    (["look", 0, [[0, 1], [1, 2, 3]], None], "look.cards[1]: expected 2 items, got 3"),
    (["look", 0, [[0, 1], [1, None]], None], "look.cards[1][1]: expected a whole number, got nil"),
    (["look", 0, [[0, 1], 7], None], "look.cards[1]: expected a list of 2, got int"),
    (["look", 0, {"a": 1}, None], "look.cards: expected a list, got dict"),
    (["look", 0, [[0, 0]] * (MAX_ITEMS + 1), None], f"look.cards: more than {MAX_ITEMS} items"),
    (["look", 0, [], [1]], "look.peek: expected 2 items, got 1"),
])
def test_nested_tuples_are_validated_and_the_error_names_the_field(data, reason):
    with pytest.raises(WireFormatError) as info:
        CARDS.decode(data)
    assert str(info.value).startswith(reason)
