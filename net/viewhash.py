"""The public hash of a view, as game.core.engine.view_hash computes it, about twice as fast.

Every step the host hashes the public view it sends and every peer hashes the one it receives, so
this is on the path of every step. The result is the engine's, byte for byte (tests/net/
test_peer_core.py checks it against random data): maps sorted by str(key) all the way down,
msgpack, BLAKE2b-64. The speed comes from not recursing into scalars, and from taking exact plain
types only (what the wire and the engines' views hold).
"""
from __future__ import annotations

import hashlib
from typing import Any

import msgpack

_SCALARS = frozenset((type(None), bool, int, float, str, bytes))


def canonical(value: Any) -> Any:
    kind = type(value)
    if kind is dict:
        out = {}
        for k in sorted(value, key=str):
            v = value[k]
            out[k] = v if type(v) in _SCALARS else canonical(v)
        return out
    if kind is list or kind is tuple:
        return [v if type(v) in _SCALARS else canonical(v) for v in value]
    return value


def view_hash(view: dict) -> bytes:
    packed = msgpack.packb(canonical(view), use_bin_type=True)
    return hashlib.blake2b(packed, digest_size=8).digest()


__all__ = ["canonical", "view_hash"]
