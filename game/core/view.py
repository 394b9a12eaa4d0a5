"""Typed views: what a seat may see, as a frozen dataclass, and its wire form.

A game's view is a frozen dataclass (nested frozen dataclasses and tuples inside), built by its engine
(`Engine.view`) and moved forward event by event by the game's pure `fold` (`Engine.fold`), which is
how screens and replays show what an animation has got to without deriving a rule again. On the wire
a view is game.core.schema's positional layout, ``[field1, field2, ...]`` in field order, nested
dataclasses likewise; `ViewCodec.decode` checks every field against its type before a screen sees it.

Where a type says nothing more, a view's int is within ±MAX_INT, its text at most MAX_STR characters
and a tuple at most MAX_VIEW_ITEMS items (more than any table here holds: 70 cards, 25 squares, a
country's hexes); a field annotated `Annotated[Any, ActionWire()]` holds an engine action's wire form
(``[tag, ...]``, checked by shape: the engine's own codec checks the rest where it decodes it).
"""
from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from .errors import WireFormatError
from .schema import Conv, Policy, PositionalLayout, Range, kind_name
from .wire import MAX_INT, MAX_STR

MAX_VIEW_ITEMS = 512

V = TypeVar("V")


class ActionWire:
    """Marks a view field that holds an action's wire form, ``[tag, field, ...]``."""


def _frozen(value: Any) -> Any:
    """Plain data with every list made a tuple, so a view holding it stays hashable and equal."""
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    return value


def _check_action_wire(value: Any, where: str) -> Any:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or not value or not isinstance(value[0], str):
        raise WireFormatError(f"{where}: expected an action's [tag, ...], got {kind_name(value)}")
    if len(value) > 16 or any(not isinstance(v, (bool, int, float, str, list, tuple)) for v in value):
        raise WireFormatError(f"{where}: not an action's wire form")
    return _frozen(value)


def _plain_action(value: Any) -> Any:
    return None if value is None else _thawed(value)


def _thawed(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thawed(v) for v in value]
    return value


_LAYOUTS: dict[type, PositionalLayout] = {}


def _nested(cls: type) -> Conv:
    layout = layout_of(cls)
    return Conv(lambda value, where: layout.decode(value), layout.encode)


VIEW_POLICY = Policy(WireFormatError, int_range=Range(-MAX_INT, MAX_INT), max_text=MAX_STR,
                     max_items=MAX_VIEW_ITEMS, shapes={ActionWire: Conv(_check_action_wire, _plain_action)},
                     nested=_nested)


def layout_of(cls: type) -> PositionalLayout:
    """The positional layout of a view dataclass (built once per class: layouts are immutable)."""
    layout = _LAYOUTS.get(cls)
    if layout is None:
        params = getattr(cls, "__dataclass_params__", None)
        if params is None or not params.frozen:
            raise TypeError(f"{cls.__name__}: a view is a frozen dataclass")
        layout = _LAYOUTS[cls] = PositionalLayout(cls, VIEW_POLICY, cls.__name__)
    return layout


class ViewCodec(Generic[V]):
    """A game's view class <-> its positional wire form, every field checked on the way in."""

    def __init__(self, cls: type[V]) -> None:
        self.cls = cls
        self.layout = layout_of(cls)

    def encode(self, view: V) -> list[Any]:
        if type(view) is not self.cls:
            raise TypeError(f"{view!r} is not a {self.cls.__name__}")
        return self.layout.encode(view)

    def decode(self, data: Any) -> V:
        view: V = self.layout.decode(data)
        return view


def plain(value: Any) -> Any:
    """A value as plain data by field name (dataclasses as maps, enums by value, tuples as lists):
    how tests and tools compare views, and read them in a log."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


W = TypeVar("W")


def revealed(view: Any, kind: type[W], **secrets: Any) -> W:
    """`view` as `kind`, a subclass of its type holding what the view hides (a game's view with
    everything revealed, for a replay), with `secrets` filled in. A type of its own keeps the secrets
    out of every seat's view and wire form, which never change for a replay's sake."""
    return kind(**{f.name: getattr(view, f.name) for f in dataclasses.fields(view)}, **secrets)


Fold = Callable[[V, Any], V]

__all__ = ["MAX_VIEW_ITEMS", "VIEW_POLICY", "ActionWire", "Fold", "ViewCodec", "layout_of", "plain", "revealed"]
