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


def play(engine: Engine[Any], state: Any, *actions: Any) -> list[Any]:
    """Apply the actions, each for a seat that may act, listed, then accepted, with the state's
    invariants holding after each; the events of all of them."""
    events: list[Any] = []
    for action in actions:
        assert action.seat in engine.to_act(state), f"{action}: seat may not act"
        assert action in engine.legal_actions(state, action.seat), f"{action} is not listed"
        events += engine.apply(state, action)
        engine.check_invariants(state)
    return events


def of(events: Any, kind: type) -> list[Any]:
    """The events of one kind."""
    return [e for e in events if isinstance(e, kind)]
