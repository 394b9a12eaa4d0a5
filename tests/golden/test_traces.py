"""Seeded games play as they did: every game's fingerprints (tools/golden_traces.py) match the file.

A refactoring of an engine, its views or its wire form must leave every fingerprint as it is; a
ruling that changes play writes the file anew (`python tools/golden_traces.py --write`) in the same
commit as the ruling in DECISIONS.md.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import golden_traces

RECORDED = json.loads(golden_traces.FILE.read_text())


@pytest.mark.parametrize("key", sorted(RECORDED))
def test_seeded_games_play_as_recorded(key):
    found = golden_traces.traces(only=key)[key]
    assert found.keys() == RECORDED[key].keys()
    changed = [name for name in found if found[name] != RECORDED[key][name]]
    assert not changed, f"{key}: these seeded games now play differently: {changed}"
