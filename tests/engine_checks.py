"""Checks the rules tests of every game share: an action an engine refuses."""
from __future__ import annotations

from typing import Any

import pytest

from game.core import Engine, IllegalActionError


def refused(engine: Engine[Any], state: Any, action: Any, match: str) -> IllegalActionError:
    """The action raises IllegalActionError with a matching, non-empty reason, leaves the state exactly
    as it was, and is not in the seat's legal list."""
    before = engine.clone(state)
    with pytest.raises(IllegalActionError, match=match) as info:
        engine.apply(state, action)
    assert info.value.reason
    assert state == before
    assert action not in engine.legal_actions(state, action.seat)
    return info.value
