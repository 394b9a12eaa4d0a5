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
    extra: Optional[int]
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
