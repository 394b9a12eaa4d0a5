"""The shapes of the engine data a message carries, and how they are checked: an engine wire value,
a view and a plain list are each annotated with a marker below (net.messages declares its fields
with them), and game.core.schema checks a field so marked with the converter these maps give it.
Only the shape is checked here, as plain data: the engine's codecs check the rest where the data is
used."""
from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from game.core.schema import Check, Conv, kind_name

from .protocol import MalformedFrame, SchemaError, check_plain


class WireShape:
    """An engine wire value: ``[tag, ...]``; the engine's WireCodec checks the rest."""


class PlainMap:
    """A view's wire form: a list (a typed view's fields, game.core.view) or a map (a test double's
    plain view) of plain data, already depth-checked by the protocol, checked again here; the
    engine's view codec checks the fields where the peer decodes it."""


class PlainList:
    """A list of plain data (an Outcome's wire form, which game.core.engine.Outcome checks)."""


def _plain(value: Any, where: str) -> None:
    try:
        check_plain(value)
    except MalformedFrame as exc:
        raise SchemaError(f"{where}: {exc.text}") from None


def _wire(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list) or not value or not isinstance(value[0], str):
        raise SchemaError(f"{where}: expected [tag, ...], got {kind_name(value)}")
    return value


def _view(value: Any, where: str) -> Any:
    if not isinstance(value, (dict, list)):
        raise SchemaError(f"{where}: expected a view (a list or a map), got {kind_name(value)}")
    return value


def _plain_list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise SchemaError(f"{where}: expected a list, got {kind_name(value)}")
    return value


def _checked_plain(shape: Check) -> Check:
    """`shape`, then the plain-data check over all of it (for data that did not come through
    net.protocol's decoders)."""

    def check(value: Any, where: str) -> Any:
        shape(value, where)
        _plain(value, where)
        return value

    return check


# Data that came out of net.protocol's frame or datagram decoders is already known to be plain and
# shallow enough: only the shape is left to check (views are most of a step's bytes, and every peer
# decodes every step). Anything else (a caller's own dict) gets the plain-data check as well.
FRAMED_SHAPES: Mapping[type, Conv] = MappingProxyType({
    WireShape: Conv(_wire), PlainMap: Conv(_view), PlainList: Conv(_plain_list)})
SHAPES: Mapping[type, Conv] = MappingProxyType({
    WireShape: Conv(_checked_plain(_wire)), PlainMap: Conv(_checked_plain(_view)),
    PlainList: Conv(_checked_plain(_plain_list))})


__all__ = ["FRAMED_SHAPES", "SHAPES", "PlainList", "PlainMap", "WireShape"]
