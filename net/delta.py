"""Views as changes: a step's public view sent as a patch against the step before.

A patch is plain data, one of:

    ["=", value]                    the value itself
    ["d", {key: patch}, [key, ...]] a map: these keys changed (or are new), these are gone
    ["l", {index: patch}]           a list of the same length: these items changed

Maps and equal-length lists are diffed all the way down; anything else that differs is sent whole.
A move in a board game changes a few squares, so a patch is a fraction of the view. The peer checks
the public hash over the view it rebuilds, so a wrong patch (a bug, a base that is not the right
one) costs a snapshot, never a wrong table. Neither side mutates a view: `apply` copies the maps and
lists on the patched paths and shares the rest with the base, so views must be treated as read-only.
"""
from __future__ import annotations

from typing import Any

from game.core.errors import KomboError

SAME = None       # what diff() returns for equal values
_SCALARS = frozenset((type(None), bool, int, float, str, bytes))


class PatchError(KomboError):
    """A patch that does not fit its base."""


def diff(old: Any, new: Any) -> list | None:
    """The patch that turns `old` into `new` (None if they are equal)."""
    if type(old) is not type(new):
        return ["=", new]
    if type(new) in _SCALARS:
        # equal is not enough for floats: 0.0 == -0.0, yet they pack (and hash) differently
        if old == new and (type(new) is not float or repr(old) == repr(new)):
            return None
        return ["=", new]
    if type(new) is dict:
        changed = {}
        for key, value in new.items():
            if key in old:
                sub = diff(old[key], value)
                if sub is not None:
                    changed[key] = sub
            else:
                changed[key] = ["=", value]
        gone = [key for key in old if key not in new]
        return ["d", changed, gone] if changed or gone else None
    if type(new) is list or type(new) is tuple:
        if len(old) != len(new):
            return ["=", new]
        items = {}
        for i, (a, b) in enumerate(zip(old, new)):
            sub = diff(a, b)
            if sub is not None:
                items[i] = sub
        return ["l", items] if items else None
    return None if old == new else ["=", new]


def apply(base: Any, patch: Any) -> Any:
    """`base` changed by `patch`; raises PatchError if the patch does not fit."""
    if not isinstance(patch, list) or not patch:
        raise PatchError("a patch is a non-empty list")
    kind = patch[0]
    if kind == "=" and len(patch) == 2:
        return patch[1]
    if kind == "d" and len(patch) == 3:
        changed, gone = patch[1], patch[2]
        if type(base) is not dict or type(changed) is not dict or type(gone) is not list:
            raise PatchError("a map patch on something else")
        out = dict(base)
        for key, sub in changed.items():
            out[key] = apply(base.get(key), sub) if key in base else _whole(sub)
        for key in gone:
            if key not in out:
                raise PatchError(f"no key {key!r} to remove")
            del out[key]
        return out
    if kind == "l" and len(patch) == 2:
        items = patch[1]
        if type(base) is not list or type(items) is not dict:
            raise PatchError("a list patch on something else")
        items_out = list(base)
        for index, sub in items.items():
            if type(index) is not int or not 0 <= index < len(items_out):
                raise PatchError(f"no item {index!r} to change")
            items_out[index] = apply(items_out[index], sub)
        return items_out
    raise PatchError(f"not a patch: {str(kind)[:10]!r}")


def _whole(patch: Any) -> Any:
    if isinstance(patch, list) and len(patch) == 2 and patch[0] == "=":
        return patch[1]
    raise PatchError("a new key must come whole")


__all__ = ["PatchError", "apply", "diff"]
