"""Bytes <-> plain data for LAN play: TCP frames, UDP datagrams, and the limits that keep bad input cheap.

A TCP frame is a 4-byte big-endian length and a msgpack body; a UDP datagram is one msgpack body. Both
decode to *plain data* only (None, bool, int, float, str, bytes, list, dict with str/int keys), nested
no deeper than MAX_DEPTH. What that data means is net.messages' business; this module only promises
that nothing a peer sends can make the decoder allocate much, recurse deeply or raise anything but a
ProtocolError.
"""
from __future__ import annotations

import struct
from typing import Any

import msgpack

from game.core.errors import KomboError

PROTOCOL_VERSION = 6     # 6: the host sends the finished game's replay (5: a step's seconds left, defaults)
#                          3: UdpIntent names its sender by the pairing key of its connection's Welcome
#                             and a rejoin's Hello names the step it holds (MissedStep: what it missed)
#                          2: an Outcome ends with a Termination; Kabooom!'s GameOver carries only that

MAX_FRAME = 64 * 1024          # one message; a whole table view is a few KiB
READ_SIZE = 64 * 1024          # what one socket read takes at once (a frame, or many small ones)
MAX_DATAGRAM = 1200            # fits a single packet on any sane LAN path, no IP fragmentation
MAX_DEPTH = 16                 # views nest maybe 5 deep; this is headroom, not a target
MAX_STR_LEN = 4096
MAX_BIN_LEN = 4096
MAX_ARRAY_LEN = 4096           # a long list of legal actions still fits
MAX_MAP_LEN = 1024

_HEADER = struct.Struct(">I")
HEADER_SIZE = _HEADER.size


class ProtocolError(KomboError):
    """Input from the network broke the protocol. `fatal`: the stream can no longer be trusted."""

    fatal = False

    def __init__(self, text: str, frames: list | None = None) -> None:
        super().__init__(text)
        self.text = text
        # frames decoded fine before the bad one, in the same feed() call: the caller still owes
        # them processing, in order, before it reacts to the error
        self.frames: list = frames if frames is not None else []


class FrameTooLarge(ProtocolError):
    """A length prefix (or datagram) over the limit; the stream is abandoned since we will not skip it."""

    fatal = True


class MalformedFrame(ProtocolError):
    """A frame of acceptable size whose body is not valid, plain msgpack within the limits."""


class SchemaError(ProtocolError):
    """Valid msgpack that is not a valid message (unknown tag, missing or extra field, bad value)."""


class VersionMismatch(ProtocolError):
    """The other side speaks another protocol version."""


_PLAIN_SCALARS = (type(None), bool, int, float, str, bytes)
_SCALAR_TYPES = frozenset(_PLAIN_SCALARS)


def check_plain(value: Any, max_depth: int = MAX_DEPTH) -> None:
    """Raise MalformedFrame unless `value` is plain data nested at most `max_depth` containers deep.

    Level by level rather than recursive, so a hostile depth cannot exhaust the Python stack before
    the limit trips. Every frame and message goes through this, so it only looks at each value's
    exact type once and only keeps containers for the next level.
    """
    scalars = _SCALAR_TYPES
    level: list[Any] = [value]
    depth = 0
    while level:
        depth += 1
        deeper: list[Any] = []
        for item in level:
            kind = type(item)
            if kind in scalars:
                continue
            if kind is list or kind is tuple or (kind is not dict and isinstance(item, (list, tuple))):
                deeper += [v for v in item if type(v) not in scalars]
            elif kind is dict or isinstance(item, dict):
                for k, v in item.items():
                    kk = type(k)
                    if kk is not str and kk is not int and (
                            not isinstance(k, (str, int)) or isinstance(k, bool)):
                        raise MalformedFrame(f"map key of type {kk.__name__} is not allowed")
                    if type(v) not in scalars:
                        deeper.append(v)
            elif not isinstance(item, _PLAIN_SCALARS):      # a subclass of a scalar is fine
                raise MalformedFrame(f"value of type {kind.__name__} is not allowed")
        if depth >= max_depth and any(isinstance(v, (list, tuple, dict)) for v in deeper):
            raise MalformedFrame(f"data nested deeper than {max_depth} levels")
        level = deeper


def _unpack_body(body: bytes) -> Any:
    try:
        value = msgpack.unpackb(
            body,
            raw=False,
            use_list=True,
            strict_map_key=False,          # int keys are fine; check_plain refuses the rest
            max_str_len=MAX_STR_LEN,
            max_bin_len=MAX_BIN_LEN,
            max_array_len=MAX_ARRAY_LEN,
            max_map_len=MAX_MAP_LEN,
            max_ext_len=0,                 # no extension types (timestamps included)
        )
    except (ValueError, TypeError, OverflowError, msgpack.UnpackException) as exc:
        # ValueError covers ExtraData, FormatError, StackError, limit breaches and bad UTF-8
        raise MalformedFrame(f"not a valid msgpack message ({type(exc).__name__})") from None
    check_plain(value)
    return value


def _pack(obj: Any) -> bytes:
    try:
        body: bytes = msgpack.packb(obj, use_bin_type=True)
        return body
    except (TypeError, ValueError, OverflowError) as exc:
        # our own bug, not the peer's: say so plainly
        raise TypeError(f"cannot pack {type(obj).__name__} for the wire: {exc}") from None


def encode_frame(obj: Any) -> bytes:
    """Length prefix + msgpack body. Refuses (FrameTooLarge) what the other side would refuse."""
    body = _pack(obj)
    if len(body) > MAX_FRAME:
        raise FrameTooLarge(f"frame of {len(body)} bytes exceeds {MAX_FRAME}")
    return _HEADER.pack(len(body)) + body


def decode_frame_body(body: bytes) -> Any:
    """One frame body (no prefix) to plain data."""
    if len(body) > MAX_FRAME:
        raise FrameTooLarge(f"frame of {len(body)} bytes exceeds {MAX_FRAME}")
    if not body:
        raise MalformedFrame("empty frame")
    return _unpack_body(body)


class FrameDecoder:
    """Streaming TCP decoder: feed it whatever recv() returned; it returns the complete frames.

    A partial frame waits in the buffer, which never holds more than one frame plus a header, since
    a length prefix over `max_frame` (MAX_FRAME unless told) fails at once. After a MalformedFrame the stream is still in step
    (the bad body was skipped), so feeding may go on; after FrameTooLarge every feed fails again.
    """

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self._buffer = bytearray()
        self._failed: FrameTooLarge | None = None
        # the longest frame taken: a host keeps it small until a connection has said Hello, so
        # that a stranger cannot make it hold a 64 KiB buffer per connection (net.server)
        self.max_frame = max_frame

    @property
    def buffered(self) -> int:
        return len(self._buffer)

    def feed(self, data: bytes) -> list[Any]:
        if self._failed is not None:
            raise FrameTooLarge(self._failed.text)
        self._buffer += data
        frames: list[Any] = []
        while len(self._buffer) >= HEADER_SIZE:
            (length,) = _HEADER.unpack_from(self._buffer)
            if length > self.max_frame:
                self._failed = FrameTooLarge(
                    f"frame length {length} exceeds {self.max_frame}; closing the stream", frames)
                self._buffer.clear()
                raise self._failed
            if len(self._buffer) < HEADER_SIZE + length:
                break
            body = bytes(self._buffer[HEADER_SIZE:HEADER_SIZE + length])
            del self._buffer[:HEADER_SIZE + length]
            try:
                frames.append(decode_frame_body(body))
            except ProtocolError as exc:
                exc.frames = frames
                raise
        return frames


def encode_datagram(obj: Any) -> bytes:
    body = _pack(obj)
    if len(body) > MAX_DATAGRAM:
        raise FrameTooLarge(f"datagram of {len(body)} bytes exceeds {MAX_DATAGRAM}")
    return body


def decode_datagram(data: bytes) -> Any:
    if len(data) > MAX_DATAGRAM:
        raise FrameTooLarge(f"datagram of {len(data)} bytes exceeds {MAX_DATAGRAM}")
    if not data:
        raise MalformedFrame("empty datagram")
    return _unpack_body(data)
