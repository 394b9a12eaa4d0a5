"""What a game screen shows: the viewer's view as far as the animations have got.

The session's steps arrive faster than a player can follow them (a burst of bot moves, a rejoin's
missed steps). `Show` queues their events and starts them one at a time; each event's animation runs
from the shown view before it, and when it has finished the event is folded in (`Engine.fold`), so
what is drawn never runs ahead of what is seen moving, and a scene never derives a rule again. When
nothing is left to show, the shown view must be the truth (the session's view): `check` compares
them. A difference is a fold that does not match its engine, or views the session replaced without
events (a LAN snapshot); the first is logged as an error (the tests fail on it), the second is
expected, and in both cases the truth is shown from then on.

Steps the shown view already holds (a screen opened on a game in progress, whose log still gets
the steps before) are narrated but neither animated nor folded.
"""
from __future__ import annotations

import dataclasses
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from game.core.engine import Engine, Event

from .presenters import Animation

V = TypeVar("V")
log = logging.getLogger(__name__)

Start = Callable[[Event, Any], "Animation | None"]


@dataclass(frozen=True)
class Queued:
    event: Event
    step: int           # the number of the step it belongs to


class Show(Generic[V]):
    def __init__(self, engine: Engine[Any], view: V, step: int) -> None:
        self.engine = engine
        self.view: V = view              # the shown view
        self.step = step                 # the last step the shown view holds
        self.anim: Animation | None = None
        self.event: Event | None = None  # the event whose animation runs
        self.version = 0                 # counts the changes of the shown view (what is drawn from it)
        self._queue: deque[Queued] = deque()

    # -- taking steps ----------------------------------------------------------------------------

    def add(self, events: tuple[Event, ...] | list[Event], step: int) -> None:
        self._queue.extend(Queued(e, step) for e in events)

    @property
    def busy(self) -> bool:
        """An animation runs or events wait: the shown view is behind the truth."""
        return self.anim is not None or bool(self._queue)

    @property
    def backlog(self) -> int:
        return len(self._queue)

    # -- showing ---------------------------------------------------------------------------------

    def advance(self, dt: float, start: Start, narrate: Callable[[Event], None]) -> None:
        """One fixed step: the running animation goes on; when it ends its event is folded in and
        the next events start (those shown at once are folded in straight away)."""
        if self.anim is not None and not self.anim.update(dt):
            self.anim = None
            self._land()
        while self.anim is None and self._queue:
            item = self._queue.popleft()
            narrate(item.event)
            if item.step <= self.step:
                continue          # already in the shown view (see the module doc)
            self.event = item.event
            anim = start(item.event, self.view)
            if anim is None:
                self._land()
            else:
                self.anim = anim

    def _land(self) -> None:
        event, self.event = self.event, None
        if event is not None:
            self.view = self.engine.fold(self.view, event)
        self.version += 1

    def skip_to(self, truth: V, step: int) -> None:
        """Drop what is queued and show the truth (a viewer change, a new game)."""
        self._queue.clear()
        self.anim, self.event = None, None
        self._show(truth, step)

    def _show(self, truth: V, step: int) -> None:
        self.view, self.step = truth, step
        self.version += 1

    def check(self, truth: V, step: int, expected: bool = False) -> bool:
        """Nothing is left to show: the shown view must be the truth. Shows the truth from now on;
        False (and an error in the log, unless `expected`) if they differ."""
        same = self.view == truth
        if not same and not expected:
            log.error("shown view differs from the truth after step %d (a fold that does not match its "
                      "engine):\n%s", step, difference(self.view, truth))
        self._show(truth, step)
        return same


def difference(shown: Any, truth: Any) -> str:
    """The fields two views differ in, one line each."""
    if not dataclasses.is_dataclass(truth):
        return f"shown {shown!r}\ntruth {truth!r}"
    return "\n".join(f"  {f.name}: shown {getattr(shown, f.name, None)!r}, truth {getattr(truth, f.name)!r}"
                     for f in dataclasses.fields(truth) if getattr(shown, f.name, None) != getattr(truth, f.name))


__all__ = ["Show", "difference"]
