"""net.protocol: frames and datagrams, limits, and that bad bytes only ever raise ProtocolError."""
from __future__ import annotations

import struct

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net.protocol import (
    MAX_ARRAY_LEN,
    MAX_DATAGRAM,
    MAX_DEPTH,
    MAX_FRAME,
    MAX_MAP_LEN,
    MAX_STR_LEN,
    FrameDecoder,
    FrameTooLarge,
    MalformedFrame,
    ProtocolError,
    check_plain,
    decode_datagram,
    decode_frame_body,
    encode_datagram,
    encode_frame,
)
from tests import sweep

plain_scalars = (st.none() | st.booleans() | st.integers(-2**63, 2**64 - 1)
                 | st.floats(allow_nan=False) | st.text(max_size=20) | st.binary(max_size=20))
plain = st.recursive(
    plain_scalars,
    lambda kids: st.lists(kids, max_size=5) | st.dictionaries(
        st.text(max_size=8) | st.integers(-100, 100), kids, max_size=5),
    max_leaves=30,
)


def frame(body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + body


def nested(depth: int) -> bytes:
    """msgpack bytes of `depth` arrays, one inside the other, around a 0."""
    return b"\x91" * depth + b"\x00"


# -- round trips -------------------------------------------------------------------------------------

@given(st.lists(plain, min_size=1, max_size=5))
def test_frames_round_trip_through_the_decoder(values: list) -> None:
    stream = b"".join(encode_frame(v) for v in values)
    assert FrameDecoder().feed(stream) == values


@given(st.lists(plain, min_size=1, max_size=4), st.data())
def test_any_split_of_the_stream_gives_the_same_frames(values: list, data) -> None:
    stream = b"".join(encode_frame(v) for v in values)
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=6)))
    decoder = FrameDecoder()
    got: list = []
    for a, b in zip([0, *cuts], [*cuts, len(stream)]):
        got += decoder.feed(stream[a:b])
    assert got == values
    assert decoder.buffered == 0


def test_a_truncated_frame_waits_for_the_rest() -> None:
    whole = encode_frame({"t": "ping", "t0": 1.5})
    decoder = FrameDecoder()
    assert decoder.feed(whole[:2]) == []          # half a header
    assert decoder.feed(whole[2:-1]) == []        # all but the last byte
    assert decoder.buffered == len(whole) - 1
    assert decoder.feed(whole[-1:]) == [{"t": "ping", "t0": 1.5}]


def test_tuples_travel_as_lists() -> None:
    assert FrameDecoder().feed(encode_frame({"a": (1, (2, 3))})) == [{"a": [1, [2, 3]]}]


@given(plain)
def test_datagrams_round_trip(value) -> None:
    try:
        data = encode_datagram(value)
    except FrameTooLarge:
        return
    assert len(data) <= MAX_DATAGRAM
    assert decode_datagram(data) == value


# -- size limits ---------------------------------------------------------------------------------------

def test_an_oversized_length_prefix_is_refused_at_once_and_for_good() -> None:
    decoder = FrameDecoder()
    good = encode_frame([1])
    with pytest.raises(FrameTooLarge) as info:
        decoder.feed(good + struct.pack(">I", MAX_FRAME + 1))   # no body needed to know
    assert info.value.fatal
    assert info.value.frames == [[1]]                          # what came before still counts
    assert "exceeds" in str(info.value)
    with pytest.raises(FrameTooLarge):
        decoder.feed(good)                                    # the stream is abandoned
    assert decoder.buffered == 0


def test_a_frame_of_exactly_the_limit_is_accepted() -> None:
    value = ["x" * 1000] * 64
    body = msgpack.packb(value, use_bin_type=True)
    value.append("y" * (MAX_FRAME - len(body) - 3))    # str16 header: 3 bytes
    body = msgpack.packb(value, use_bin_type=True)
    assert len(body) == MAX_FRAME
    assert FrameDecoder().feed(frame(body)) == [value]
    assert encode_frame(value) == frame(body)


def test_encoding_an_oversized_frame_is_refused() -> None:
    with pytest.raises(FrameTooLarge):
        encode_frame(["x" * 1000] * 70)


def test_oversized_datagrams_are_refused_both_ways() -> None:
    with pytest.raises(FrameTooLarge):
        encode_datagram("x" * MAX_DATAGRAM)
    with pytest.raises(FrameTooLarge):
        decode_datagram(b"\xc0" * (MAX_DATAGRAM + 1))


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("x" * (MAX_STR_LEN + 1), "long string"),
        (b"x" * (4096 + 1), "long bytes"),
        ([0] * (MAX_ARRAY_LEN + 1), "long array"),
        ({str(i): 0 for i in range(MAX_MAP_LEN + 1)}, "big map"),
    ],
)
def test_collection_limits(value, why: str) -> None:
    body = msgpack.packb(value, use_bin_type=True)
    assert len(body) <= MAX_FRAME, why
    with pytest.raises(MalformedFrame):
        FrameDecoder().feed(frame(body))


# -- malformed bodies -------------------------------------------------------------------------------

def test_nesting_up_to_the_limit_is_fine_and_one_more_is_refused() -> None:
    assert decode_frame_body(nested(MAX_DEPTH - 1)) is not None
    with pytest.raises(MalformedFrame, match="nested deeper"):
        decode_frame_body(nested(MAX_DEPTH + 1))


def test_very_deep_nesting_is_refused_without_recursion_trouble() -> None:
    with pytest.raises(MalformedFrame):
        decode_frame_body(nested(60_000))
    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(MalformedFrame):
        check_plain(deep)


@pytest.mark.parametrize(
    ("body", "why"),
    [
        (b"\xc1", "reserved byte"),
        (b"\x92\x01", "array cut short"),
        (b"\x01\x02", "two values in one frame"),
        (b"\xa2\xff\xfe", "bad utf-8"),
        (b"\xd6\xff\x00\x00\x00\x00", "timestamp extension"),
        (b"\xd4\x01\x00", "extension type"),
        (b"\x81\xc4\x01k\x00", "bytes as a map key"),
        (b"\x81\xc0\x00", "nil as a map key"),
        (b"\x81\xcb" + struct.pack(">d", 1.5) + b"\x00", "float as a map key"),
        (b"\x81\x91\x00\x00", "list as a map key"),
    ],
)
def test_malformed_bodies(body: bytes, why: str) -> None:
    with pytest.raises(MalformedFrame):
        decode_frame_body(body)


def test_after_a_malformed_frame_the_stream_goes_on() -> None:
    decoder = FrameDecoder()
    stream = encode_frame("a") + frame(b"\xc1") + encode_frame("b")
    with pytest.raises(MalformedFrame) as info:
        decoder.feed(stream)
    assert not info.value.fatal
    assert info.value.frames == ["a"]
    assert decoder.feed(b"") == ["b"]


def test_an_empty_frame_is_malformed_but_not_fatal() -> None:
    decoder = FrameDecoder()
    with pytest.raises(MalformedFrame, match="empty"):
        decoder.feed(frame(b""))
    assert decoder.feed(encode_frame(7)) == [7]


def test_empty_datagram() -> None:
    with pytest.raises(MalformedFrame):
        decode_datagram(b"")


# -- fuzz: anything at all ---------------------------------------------------------------------------

@settings(max_examples=sweep.examples(300))
@given(st.binary(max_size=600), st.lists(st.integers(1, 64), max_size=8))
def test_random_bytes_raise_nothing_but_protocol_errors(data: bytes, chunks: list[int]) -> None:
    decoder = FrameDecoder()
    pos = 0
    for size in [*chunks, len(data)]:
        try:
            frames = decoder.feed(data[pos:pos + size])
        except FrameTooLarge:                           # fatal: nothing more to feed
            with pytest.raises(FrameTooLarge):          # and it stays refused
                decoder.feed(b"\x00")
            return
        except ProtocolError:
            pass
        else:
            for value in frames:                        # what passes is plain data that packs again
                assert isinstance(msgpack.packb(value, use_bin_type=True), bytes)
        pos += size


@settings(max_examples=sweep.examples(300))
@given(st.binary(min_size=1, max_size=600))
def test_random_bodies_behind_a_valid_prefix(body: bytes) -> None:
    try:
        frames = FrameDecoder().feed(frame(body))
    except ProtocolError:
        pass
    else:
        assert len(frames) <= 1          # one length prefix: at most one message comes out
    try:
        decode_datagram(body)
    except ProtocolError:
        pass


@settings(max_examples=sweep.examples(200))
@given(plain, st.integers(0, 40), st.binary(min_size=1, max_size=3))
def test_corrupted_frames_raise_only_protocol_errors(value, where: int, junk: bytes) -> None:
    body = bytearray(msgpack.packb(value, use_bin_type=True))
    at = where % len(body)
    body[at:at + len(junk)] = junk
    try:
        decoded = decode_frame_body(bytes(body))
    except ProtocolError:
        pass
    else:
        # whatever passes is plain data that packs again
        assert isinstance(msgpack.packb(decoded, use_bin_type=True), bytes)


def test_unpackable_objects_are_our_bug_not_a_protocol_error() -> None:
    with pytest.raises(TypeError):
        encode_frame(object())
