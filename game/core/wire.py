"""Wire form of actions, events and configs: small lists that msgpack carries and `decode` validates.

A value goes on the wire as ``[tag, field1, field2, ...]`` in dataclass field order (game.core.schema's
positional layout behind a tag). The field types game.core.schema allows are the only ones, so
everything decoded from a peer or a save is checked against the dataclass before an engine sees it.
Where a type says nothing more, an int is within ±MAX_INT, a str at most MAX_STR characters and a
tuple at most MAX_ITEMS items; `typing.Annotated` constraints (schema.Range, MaxLen, ...) say more.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import WireFormatError
from .schema import Policy, PositionalLayout, Range

MAX_INT = 2**31 - 1
MAX_STR = 64
MAX_ITEMS = 64

WIRE_POLICY = Policy(WireFormatError, int_range=Range(-MAX_INT, MAX_INT), max_text=MAX_STR,
                     max_items=MAX_ITEMS)


class WireCodec:
    """Encodes and validates a closed family of frozen dataclasses, each with a unique ``TAG``."""

    def __init__(self, classes: Iterable[type]) -> None:
        self._by_tag: dict[str, PositionalLayout] = {}
        for cls in classes:
            tag = getattr(cls, "TAG", None)
            if not isinstance(tag, str) or not tag:
                raise TypeError(f"{cls.__name__} needs a TAG class attribute")
            if tag in self._by_tag:
                raise TypeError(f"duplicate wire tag {tag!r}")
            self._by_tag[tag] = PositionalLayout(cls, WIRE_POLICY, tag)

    @property
    def tags(self) -> list[str]:
        return list(self._by_tag)

    def encode(self, value: Any) -> list[Any]:
        tag = getattr(value, "TAG", None)
        layout = self._by_tag.get(tag) if isinstance(tag, str) else None
        if layout is None or type(value) is not layout.cls:
            raise TypeError(f"{value!r} is not part of this codec")
        return layout.encode(value, tag)

    def decode(self, data: Any) -> Any:
        if not isinstance(data, (list, tuple)) or not data:
            raise WireFormatError("expected a non-empty list")
        tag = data[0]
        layout = self._by_tag.get(tag) if isinstance(tag, str) else None
        if layout is None:
            raise WireFormatError(f"unknown kind {str(tag)[:MAX_STR]!r}")
        return layout.decode(data, start=1)
