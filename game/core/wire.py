"""Wire form of actions, events and configs: small lists that msgpack carries and `decode` validates.

A value goes on the wire as ``[tag, field1, field2, ...]`` in dataclass field order. Only a few field
types are allowed, so that everything decoded from a peer or a save is checked against the dataclass
before an engine sees it.
"""
from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Iterable, TypeVar, Union

from .errors import WireFormatError

MAX_INT = 2**31 - 1
MAX_STR = 64
MAX_ITEMS = 64

T = TypeVar("T")


def _check_scalar(kind: type, value: Any, where: str) -> Any:
    if kind is bool:
        if not isinstance(value, bool):
            raise WireFormatError(f"{where}: expected true/false, got {type(value).__name__}")
        return value
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise WireFormatError(f"{where}: expected a whole number, got {type(value).__name__}")
        if not -MAX_INT <= value <= MAX_INT:
            raise WireFormatError(f"{where}: number {value} out of range")
        return value
    if kind is str:
        if not isinstance(value, str):
            raise WireFormatError(f"{where}: expected text, got {type(value).__name__}")
        if len(value) > MAX_STR:
            raise WireFormatError(f"{where}: text longer than {MAX_STR} characters")
        return value
    if kind is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise WireFormatError(f"{where}: expected a number, got {type(value).__name__}")
        return float(value)
    raise TypeError(f"unsupported wire field type {kind!r}")


def _checker(hint: Any):
    """Build a validating converter for one annotated field type."""
    origin = typing.get_origin(hint)
    if hint in (bool, int, str, float):
        return lambda v, where: _check_scalar(hint, v, where)
    if origin in (Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(args) != 1 or len(typing.get_args(hint)) != 2:
            raise TypeError(f"only Optional[X] unions are supported, not {hint!r}")
        inner = _checker(args[0])
        return lambda v, where: None if v is None else inner(v, where)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            inner = _checker(args[0])

            def check_tuple(v: Any, where: str) -> tuple:
                if not isinstance(v, (list, tuple)):
                    raise WireFormatError(f"{where}: expected a list, got {type(v).__name__}")
                if len(v) > MAX_ITEMS:
                    raise WireFormatError(f"{where}: list longer than {MAX_ITEMS} items")
                return tuple(inner(x, f"{where}[{i}]") for i, x in enumerate(v))

            return check_tuple
    raise TypeError(f"unsupported wire field type {hint!r}")


class WireCodec:
    """Encodes and validates a closed family of frozen dataclasses, each with a unique ``TAG``."""

    def __init__(self, classes: Iterable[type]) -> None:
        self._by_tag: dict[str, tuple[type, list[tuple[str, Any]]]] = {}
        for cls in classes:
            tag = getattr(cls, "TAG", None)
            if not isinstance(tag, str) or not tag:
                raise TypeError(f"{cls.__name__} needs a TAG class attribute")
            if tag in self._by_tag:
                raise TypeError(f"duplicate wire tag {tag!r}")
            hints = typing.get_type_hints(cls)
            fields = [(f.name, _checker(hints[f.name])) for f in dataclasses.fields(cls)]
            self._by_tag[tag] = (cls, fields)

    @property
    def tags(self) -> list[str]:
        return list(self._by_tag)

    def encode(self, value: Any) -> list:
        tag = getattr(value, "TAG", None)
        if tag not in self._by_tag or type(value) is not self._by_tag[tag][0]:
            raise TypeError(f"{value!r} is not part of this codec")
        out: list = [tag]
        for name, _ in self._by_tag[tag][1]:
            item = getattr(value, name)
            out.append(list(item) if isinstance(item, tuple) else item)
        return out

    def decode(self, data: Any) -> Any:
        if not isinstance(data, (list, tuple)) or not data:
            raise WireFormatError("expected a non-empty list")
        tag = data[0]
        if not isinstance(tag, str) or tag not in self._by_tag:
            raise WireFormatError(f"unknown kind {str(tag)[:MAX_STR]!r}")
        cls, fields = self._by_tag[tag]
        if len(data) - 1 != len(fields):
            raise WireFormatError(f"{tag}: expected {len(fields)} fields, got {len(data) - 1}")
        values = {name: check(v, f"{tag}.{name}") for (name, check), v in zip(fields, data[1:])}
        try:
            return cls(**values)
        except (TypeError, ValueError) as exc:
            raise WireFormatError(f"{tag}: {exc}") from None
