"""'package.module:name' strings to objects, in one place.

Some objects are named by path rather than imported: a game's scene (it needs pygame, which rules code
and headless runs never import) and a game's bot factory (a bot worker process imports it by name).
"""
from __future__ import annotations

import importlib
from typing import Any


class LoadError(ImportError):
    """The path names no importable object; the message says which part is missing."""


def load(path: str) -> Any:
    module_name, sep, name = path.partition(":")
    if not sep or not module_name or not name:
        raise LoadError(f"{path!r} is not of the form 'package.module:name'")
    module = importlib.import_module(module_name)
    try:
        return getattr(module, name)
    except AttributeError:
        raise LoadError(f"{module_name} has no {name!r} (from {path!r})") from None


def path_of(obj: Any) -> str:
    """The path that `load` turns back into `obj` (a module-level class or function)."""
    path = f"{obj.__module__}:{obj.__qualname__}"
    if "<" in path or "." in obj.__qualname__:
        raise LoadError(f"{obj!r} is not a module-level name, so a worker could not import it")
    return path
