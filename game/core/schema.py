"""Plain data <-> frozen dataclasses, checked field by field: the one validator of everything decoded.

Two layouts share the field checks built here:
- `PositionalLayout`: ``[field1, field2, ...]`` in dataclass field order. game.core.wire puts a tag in
  front of it for engine actions, events and configs (compact: they are most of a step's bytes).
- `MapLayout`: ``{"t": tag, field: value, ...}``, for net.messages, so that a refusal can name the
  field at fault ("hello: unknown field 'colour'") and fields at their default can stay off the wire.

A field's type says what is allowed: bool, int, float, str, bytes, an Enum (on the wire: its value),
``X | None``, ``tuple[X, ...]``, fixed tuples such as ``tuple[int, int]``, nested dataclasses where the
layout's `Policy` allows them, and `typing.Annotated` constraints: `Range`, `MaxLen`, `ExactLen`,
`Pattern`. A `Policy` says what a layout allows where a type says nothing more (the range of a bare int,
the length of a bare str or tuple) and which error it raises. Anything else is refused when the layout
is built, so a field type that cannot be checked never reaches the wire.

Checks are closures built once per field; the checked value is returned, converted where the type says
so (a list becomes a tuple, an int becomes a float, a string becomes an Enum member).
"""
from __future__ import annotations

import dataclasses
import enum
import math
import re
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from operator import attrgetter
from types import MappingProxyType
from typing import Annotated, Any, Union

Check = Callable[[Any, str], Any]        # (value, where) -> the checked value, or raises
Plain = Callable[[Any], Any]             # a checked value -> plain data for msgpack


# -- constraints, attached with typing.Annotated ----------------------------------------------------

@dataclass(frozen=True)
class Range:
    """A number in lo..hi, both included."""

    lo: float
    hi: float


@dataclass(frozen=True)
class MaxLen:
    """At most n characters (str), bytes (bytes) or items (tuple[X, ...])."""

    n: int


@dataclass(frozen=True)
class ExactLen:
    """Exactly n characters (str) or bytes (bytes)."""

    n: int


@dataclass(frozen=True)
class Pattern:
    """Text that matches the regular expression as a whole."""

    regex: str


class Note:
    """A mark for another reader of the field (game.core.options' setup option): layouts skip it."""


@dataclass(frozen=True)
class Conv:
    """A field's check, and how its value becomes plain data (None: it already is)."""

    check: Check
    plain: Plain | None = None


@dataclass(frozen=True)
class Policy:
    """What a layout allows where a field's type says nothing more, and the error it raises.

    `shapes`: a mark type -> the Conv of a field annotated with such a mark (net.messages' engine wire
    values and views, which are checked as plain data rather than field by field). `nested`: a
    dataclass field type -> its Conv; without it nested dataclasses are refused.
    """

    error: type[Exception]
    int_range: Range | None = None
    max_text: int | None = None
    max_items: int | None = None
    shapes: Mapping[type, Conv] = field(default_factory=lambda: MappingProxyType({}))
    nested: Callable[[type], Conv] | None = None


def kind_name(value: Any) -> str:
    """The name of a value's type as a refusal says it."""
    return "nil" if value is None else type(value).__name__


# -- the builder -------------------------------------------------------------------------------------

def build(hint: Any, policy: Policy) -> Conv:
    """The Conv of one field type (resolved, with Annotated extras); TypeError if it is unsupported."""
    marks: tuple[Any, ...] = ()
    if typing.get_origin(hint) is Annotated:
        hint, *extra = typing.get_args(hint)
        marks = tuple(m for m in extra if not isinstance(m, Note))
        for mark in marks:
            shape = policy.shapes.get(type(mark))
            if shape is not None:
                return shape
    origin = typing.get_origin(hint)
    if hint in (bool, int, float, str, bytes):
        return Conv(_scalar(hint, marks, policy))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        _no_marks(hint, marks)
        return _enum(hint, policy)
    if origin in (Union, types.UnionType):
        _no_marks(hint, marks)
        args = typing.get_args(hint)
        inner_hints = [a for a in args if a is not type(None)]
        if len(inner_hints) != 1 or len(args) != 2:
            raise TypeError(f"only Optional[X] unions are supported, not {hint!r}")
        return _optional(build(inner_hints[0], policy))
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return _var_tuple(build(args[0], policy), marks, policy)
        if args and Ellipsis not in args:
            _no_marks(hint, marks)
            return _fixed_tuple([build(a, policy) for a in args], policy)
        raise TypeError(f"unsupported tuple type {hint!r}")
    if isinstance(hint, type) and dataclasses.is_dataclass(hint) and policy.nested is not None:
        _no_marks(hint, marks)
        return policy.nested(hint)
    raise TypeError(f"unsupported field type {hint!r}")


def _no_marks(hint: Any, marks: tuple[Any, ...]) -> None:
    if marks:
        raise TypeError(f"{hint!r} takes no constraint, got {marks!r}")


def _scalar(kind: type, marks: tuple[Any, ...], policy: Policy) -> Check:
    error = policy.error
    ranges = [m for m in marks if isinstance(m, Range)]
    max_lens = [m.n for m in marks if isinstance(m, MaxLen)]
    exact = [m.n for m in marks if isinstance(m, ExactLen)]
    patterns = [re.compile(m.regex) for m in marks if isinstance(m, Pattern)]
    unknown = [m for m in marks if not isinstance(m, (Range, MaxLen, ExactLen, Pattern))]
    sized = kind in (str, bytes)
    if unknown or (ranges and kind not in (int, float)) or ((max_lens or exact) and not sized) \
            or (patterns and kind is not str) or len(ranges) > 1:
        raise TypeError(f"constraints {marks!r} do not apply to {kind.__name__}")
    if kind is int and not ranges and policy.int_range is not None:
        ranges = [policy.int_range]
    if kind is str and not max_lens and not exact and policy.max_text is not None:
        max_lens = [policy.max_text]
    unit = "characters" if kind is str else "bytes"

    def check_marks(value: Any, where: str) -> Any:
        for r in ranges:
            if not r.lo <= value <= r.hi:
                raise error(f"{where}: {value!r} is outside {r.lo}..{r.hi}")
        for n in max_lens:
            if len(value) > n:
                raise error(f"{where}: longer than {n} {unit}")
        for n in exact:
            if len(value) != n:
                raise error(f"{where}: expected exactly {n} {unit}, got {len(value)}")
        for p in patterns:
            if p.fullmatch(value) is None:
                raise error(f"{where}: {value[:40]!r} is not an accepted value")
        return value

    plain_marks = not (ranges or max_lens or exact or patterns)
    if kind is int:
        def check_int(value: Any, where: str) -> Any:
            # exact type first: bool is an int subclass, and the common case should cost one test
            if type(value) is not int and (isinstance(value, bool) or not isinstance(value, int)):
                raise error(f"{where}: expected a whole number, got {kind_name(value)}")
            return value if plain_marks else check_marks(value, where)

        return check_int
    if kind is float:
        def check_float(value: Any, where: str) -> Any:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise error(f"{where}: expected a number, got {kind_name(value)}")
            try:
                value = float(value)
            except OverflowError:            # an int past any float (not from msgpack: 64 bits)
                raise error(f"{where}: number is not finite") from None
            # NaN breaks equality, and with it replays and hashes; it is refused here, before any
            # Range (whose lo <= value <= hi is False for NaN, so it would refuse it as well)
            if not math.isfinite(value):
                raise error(f"{where}: number is not finite")
            return value if plain_marks else check_marks(value, where)

        return check_float
    expected = {str: "text", bytes: "bytes", bool: "true/false"}[kind]

    def check_other(value: Any, where: str) -> Any:
        if type(value) is not kind and (not isinstance(value, kind) or isinstance(value, bool)):
            raise error(f"{where}: expected {expected}, got {kind_name(value)}")
        return value if plain_marks else check_marks(value, where)

    return check_other


def _enum(kind: type[enum.Enum], policy: Policy) -> Conv:
    error = policy.error
    members = {m.value: m for m in kind}
    if not all(type(v) in (str, int) for v in members):
        raise TypeError(f"{kind.__name__}: only Enums of str or int values go on the wire")
    accepted = ", ".join(repr(v) for v in members)

    def check(value: Any, where: str) -> Any:
        member = members.get(value) if type(value) in (str, int) else None
        if member is None:
            shown = repr(value)[:40] if type(value) in (str, int) else kind_name(value)
            raise error(f"{where}: {shown} is not one of {accepted}")
        return member

    return Conv(check, _enum_value)


def _enum_value(member: Any) -> Any:
    return member.value


def _optional(inner: Conv) -> Conv:
    check = inner.check

    def check_optional(value: Any, where: str) -> Any:
        return None if value is None else check(value, where)

    plain = inner.plain
    if plain is None:
        return Conv(check_optional)
    return Conv(check_optional, lambda v: None if v is None else plain(v))


def _var_tuple(inner: Conv, marks: tuple[Any, ...], policy: Policy) -> Conv:
    error = policy.error
    limits = [m.n for m in marks if isinstance(m, MaxLen)]
    if len(limits) != len(marks) or len(limits) > 1:
        raise TypeError(f"a tuple[X, ...] takes one MaxLen, not {marks!r}")
    limit = limits[0] if limits else policy.max_items
    check = inner.check

    def check_tuple(value: Any, where: str) -> tuple[Any, ...]:
        if type(value) is not list and not isinstance(value, (list, tuple)):
            raise error(f"{where}: expected a list, got {kind_name(value)}")
        if limit is not None and len(value) > limit:
            raise error(f"{where}: more than {limit} items")
        try:
            # every item checked at `where`; on a refusal the item is checked again at its index so
            # that the message names it (checks are pure), which spares a string per item otherwise
            return tuple([check(item, where) for item in value])
        except error:
            for i, item in enumerate(value):
                check(item, f"{where}[{i}]")
            raise

    plain = inner.plain
    if plain is None:
        return Conv(check_tuple, list)
    return Conv(check_tuple, lambda v: [plain(x) for x in v])


def _fixed_tuple(items: list[Conv], policy: Policy) -> Conv:
    error = policy.error
    n = len(items)
    checks = [c.check for c in items]

    def check_fixed(value: Any, where: str) -> tuple[Any, ...]:
        if not isinstance(value, (list, tuple)):
            raise error(f"{where}: expected a list of {n}, got {kind_name(value)}")
        if len(value) != n:
            raise error(f"{where}: expected {n} items, got {len(value)}")
        try:
            # checked at `where`; on a refusal again at each index, so that the message names it
            # (checks are pure): no string per item otherwise (a view holds thousands of these)
            return tuple([c(x, where) for c, x in zip(checks, value)])
        except error:
            for i, (c, x) in enumerate(zip(checks, value)):
                c(x, f"{where}[{i}]")
            raise

    plains = [c.plain for c in items]
    if all(p is None for p in plains):
        return Conv(check_fixed, list)
    return Conv(check_fixed,
                lambda v: [x if p is None else p(x) for p, x in zip(plains, v, strict=True)])


# -- layouts -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class FieldSpec:
    name: str
    conv: Conv
    required: bool
    default: Any = dataclasses.MISSING


def fields_of(cls: type, policy: Policy) -> tuple[FieldSpec, ...]:
    """One FieldSpec per dataclass field of `cls`, in order."""
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls!r} is not a dataclass")
    hints = typing.get_type_hints(cls, include_extras=True)
    out = []
    for f in dataclasses.fields(cls):
        try:
            conv = build(hints[f.name], policy)
        except TypeError as exc:
            raise TypeError(f"{cls.__name__}.{f.name}: {exc}") from None
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        out.append(FieldSpec(f.name, conv, required, f.default))
    return tuple(out)


def _construct(cls: type, values: dict[str, Any], label: str, error: type[Exception]) -> Any:
    try:
        return cls(**values)
    except (TypeError, ValueError) as exc:     # the dataclass's own checks (__post_init__)
        raise error(f"{label}: {exc}") from None


class PositionalLayout:
    """A dataclass as ``[field1, field2, ...]`` in field order; every field always present."""

    def __init__(self, cls: type, policy: Policy, label: str = "") -> None:
        self.cls = cls
        self.label = label or getattr(cls, "TAG", "") or cls.__name__.lower()
        self.error = policy.error
        self.fields = fields_of(cls, policy)
        self._names = tuple(f.name for f in self.fields)
        self._checks = tuple((f.name, f.conv.check, f"{self.label}.{f.name}") for f in self.fields)
        self._plains = tuple((f.name, f.conv.plain) for f in self.fields)
        self._plain_fields = all(f.conv.plain is None for f in self.fields)
        # all fields in one call, as a tuple even for one field or none (the encode path of every action)
        names = self._names
        self._get: Callable[[Any], tuple[Any, ...]] = (
            attrgetter(*names) if len(names) > 1
            else (lambda v: (getattr(v, names[0]),)) if names else (lambda v: ()))

    def encode(self, value: Any, *head: Any) -> list[Any]:
        """The fields as a list, after `head` (a tag, say)."""
        if self._plain_fields:
            return [*head, *self._get(value)]
        return [*head, *(item if plain is None else plain(item)
                         for item, (_, plain) in zip(self._get(value), self._plains, strict=True))]

    def decode(self, data: Any, start: int = 0) -> Any:
        """`data[start:]` holds the fields (start=1 skips a tag in front of them)."""
        if not isinstance(data, (list, tuple)):
            raise self.error(f"{self.label}: expected a list, got {kind_name(data)}")
        count = len(data) - start
        if count != len(self._checks):
            raise self.error(f"{self.label}: expected {len(self._checks)} fields, got {count}")
        values = {name: check(data[start + i], where) for i, (name, check, where) in enumerate(self._checks)}
        return _construct(self.cls, values, self.label, self.error)


class MapLayout:
    """A dataclass as ``{"t": tag, field: value, ...}`` ("t" only if the class has a TAG). A field at
    its default stays off the wire, and decode puts it back; unknown and missing fields are refused."""

    def __init__(self, cls: type, policy: Policy) -> None:
        self.cls = cls
        self.tag: str = getattr(cls, "TAG", "")
        self.label = self.tag or cls.__name__
        self.error = policy.error
        self.fields = fields_of(cls, policy)
        if any(f.name == "t" for f in self.fields):
            raise TypeError(f"{cls.__name__}: the field name 't' is the tag's")
        self.names = frozenset(f.name for f in self.fields)
        self._checks = tuple((f.name, f.conv.check, f.required, f"{self.label}.{f.name}") for f in self.fields)
        self._defaults = tuple((f.name, f.conv.plain, f.default is not dataclasses.MISSING, f.default)
                               for f in self.fields)

    def decode(self, data: Any, where: str = "") -> Any:
        where = where or self.label
        if not isinstance(data, dict):
            raise self.error(f"{where}: expected a map, got {kind_name(data)}")
        names = self.names
        for key in data:
            if key not in names and key != "t":
                raise self.error(f"{where}: unknown field {str(key)[:32]!r}")
        values = {}
        top = where == self.label
        for name, check, required, here in self._checks:
            if name in data:
                values[name] = check(data[name], here if top else f"{where}.{name}")
            elif required:
                raise self.error(f"{where}: missing field {name!r}")
        return _construct(self.cls, values, where, self.error)

    def encode(self, value: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"t": self.tag} if self.tag else {}
        for name, plain, has_default, default in self._defaults:
            item = getattr(value, name)
            # a field at its default stays off the wire: a step's seat message is mostly defaults,
            # and every byte goes to every peer on every step (same type too: 0 is not False)
            if has_default and type(item) is type(default) and item == default:
                continue
            out[name] = item if plain is None else plain(item)
        return out

    def conv(self) -> Conv:
        """This layout as the Conv of a field that holds such a dataclass."""
        return Conv(self.decode, self.encode)


__all__ = [
    "Check", "Conv", "ExactLen", "FieldSpec", "MapLayout", "MaxLen", "Note", "Pattern", "Plain", "Policy",
    "PositionalLayout", "Range", "build", "fields_of", "kind_name",
]
