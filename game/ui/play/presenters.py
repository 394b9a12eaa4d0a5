"""Event presenters: what a game screen shows of each kind of event, registered by kind.

A game's presenters are methods of one class, each marked with the events it shows:

    class KabooomPresenters(Presenters[KabooomView]):
        @presents(Placed)
        def placed(self, event: Placed, before: KabooomView) -> Animation | None: ...

`present(event, before)` finds the method for the event's class (its bases too) and returns the
animation that shows it, or None for an event shown at once. `before` is the screen's shown view as
the event begins; the screen folds the event into it once the animation has finished (game.ui.play.
game_screen), so a presenter draws the way from `before` to the event's result and hides, while it
runs, what it draws itself. Kinds without a presenter are shown at once.

The speed policy is here, once: a backlog of more than BACKLOG events (a burst of quick bot moves, a
rejoin's missed steps) plays at FAST speed rather than falling further behind.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from game.core.engine import Event

V = TypeVar("V")
F = TypeVar("F", bound=Callable[..., Any])

BACKLOG = 3          # events waiting beyond which a screen plays them faster
FAST = 0.5           # the time factor of a backlog


class Animation(Protocol):
    def update(self, dt: float) -> bool:
        """Advance by one fixed step; False once finished."""


def presents(*kinds: type[Event]) -> Callable[[F], F]:
    """Marks a Presenters method as the one that shows these kinds of event."""
    def mark(method: F) -> F:
        method.__presents__ = kinds  # type: ignore[attr-defined]
        return method
    return mark


def speed_for(backlog: int) -> float:
    """The time factor of animations with `backlog` events still waiting."""
    return FAST if backlog > BACKLOG else 1.0


class Presenters(Generic[V]):
    """A game's presenters; subclasses mark their methods with @presents."""

    registry: ClassVar[dict[type[Event], str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        found: dict[type[Event], str] = {}
        for base in reversed(cls.__mro__):
            for name, member in vars(base).items():
                for kind in getattr(member, "__presents__", ()):
                    if kind in found and found[kind] != name and base is cls:
                        raise TypeError(f"{cls.__name__}: {kind.__name__} is presented by both "
                                        f"{found[kind]} and {name}")
                    found[kind] = name
        cls.registry = found

    speed: float = 1.0     # set by the screen before each event (speed_for its backlog)

    def method_for(self, kind: type[Event]) -> Callable[[Any, V], Animation | None] | None:
        for klass in kind.__mro__:
            name = self.registry.get(klass)
            if name is not None:
                method: Callable[[Any, V], Animation | None] = getattr(self, name)
                return method
        return None

    def present(self, event: Event, before: V) -> Animation | None:
        method = self.method_for(type(event))
        return None if method is None else method(event, before)

    def kinds(self) -> frozenset[type[Event]]:
        return frozenset(self.registry)


__all__ = ["BACKLOG", "FAST", "Animation", "Presenters", "presents", "speed_for"]
