"""Tweens: values that move from a start to an end over a duration, along an easing curve.

They advance only by the app's fixed step (`update(dt)`), never by the wall clock, so a test that steps
the loop sees exactly what a player sees. Drawing asks `value(alpha)`: the value `alpha` of the way to
the next step, which keeps motion smooth when the frame rate and the step rate differ.
Values may be numbers or tuples of numbers (positions, colours).
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from collections.abc import Sequence as Seq
from dataclasses import dataclass, field

Easing = Callable[[float], float]
Value = float | tuple[float, ...]


# -- easing curves: t in [0, 1] -> progress, with f(0) = 0 and f(1) = 1 ---------------------------

def linear(t: float) -> float:
    return t


def ease_in_quad(t: float) -> float:
    return t * t


def ease_out_quad(t: float) -> float:
    return 1 - (1 - t) * (1 - t)


def ease_in_cubic(t: float) -> float:
    return t * t * t


def ease_out_cubic(t: float) -> float:
    u = 1 - t
    return 1 - u * u * u


def ease_in_out(t: float) -> float:
    """Cubic ease in and out: slow start, slow landing."""
    if t < 0.5:
        return 4 * t * t * t
    u = -2 * t + 2
    return 1 - u * u * u / 2


def back_out(t: float, overshoot: float = 1.70158) -> float:
    """Shoots a little past the end and settles back: a 'pop' for things appearing."""
    u = t - 1
    return 1 + (overshoot + 1) * u * u * u + overshoot * u * u


def elastic_out(t: float) -> float:
    if t <= 0.0 or t >= 1.0:
        return min(max(t, 0.0), 1.0)
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi / 3)) + 1


def bounce_out(t: float) -> float:
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


EASINGS: dict[str, Easing] = {f.__name__: f for f in (
    linear, ease_in_quad, ease_out_quad, ease_in_cubic, ease_out_cubic, ease_in_out, back_out,
    elastic_out, bounce_out)}


def lerp(a: Value, b: Value, t: float) -> Value:
    if isinstance(a, tuple):
        return tuple(x + (y - x) * t for x, y in zip(a, b))  # type: ignore[arg-type]
    return a + (b - a) * t  # type: ignore[operator]


_EPSILON = 1e-9

# -- tweens ------------------------------------------------------------------------------------------

@dataclass
class Tween:
    """`start` to `end` over `duration` seconds after an optional `delay`."""

    start: Value
    end: Value
    duration: float
    easing: Easing = linear
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    elapsed: float = field(default=0.0, init=False)
    _last_dt: float = field(default=0.0, init=False, repr=False)
    _fired: bool = field(default=False, init=False, repr=False)

    @property
    def total(self) -> float:
        return self.delay + self.duration

    @property
    def done(self) -> bool:
        return self.elapsed >= self.total

    def update(self, dt: float) -> bool:
        """Advance by one fixed step; True while still running. Fires `on_done` once, on finishing."""
        self._last_dt = dt
        self.elapsed = min(self.elapsed + dt, self.total)
        if self.total - self.elapsed < _EPSILON:   # sums of 1/120 fall a hair short of round totals
            self.elapsed = self.total
        if self.done and not self._fired:
            self._fired = True
            if self.on_done is not None:
                self.on_done()
        return not self.done

    def progress_at(self, time: float) -> float:
        """Raw (uneased) progress in [0, 1] at `time` seconds since the tween began."""
        if self.duration <= 0:
            return 1.0 if time >= self.delay else 0.0
        return min(max((time - self.delay) / self.duration, 0.0), 1.0)

    @property
    def progress(self) -> float:
        return self.progress_at(self.elapsed)

    def value(self, alpha: float = 0.0) -> Value:
        """The value `alpha` (in [0, 1)) of a step past the last update."""
        t = self.progress_at(min(self.elapsed + alpha * self._last_dt, self.total))
        return lerp(self.start, self.end, self.easing(t))

    def reset(self) -> None:
        self.elapsed = 0.0
        self._last_dt = 0.0
        self._fired = False


@dataclass
class Clip:
    """One piece of a game's animation: it runs `duration` seconds of fixed steps, calls `on_done`
    once at its end, and gives drawing its progress `t(alpha)` in [0, 1]. Games subclass it with
    what they draw."""

    duration: float
    on_done: Callable[[], None] | None = None
    age: float = 0.0
    last_dt: float = 0.0
    _fired: bool = False

    def update(self, dt: float) -> bool:
        """Advance one step; False once the clip has ended (and `on_done` was called)."""
        self.last_dt = dt
        self.age = min(self.duration, self.age + dt)
        if self.age >= self.duration - 1e-9 and not self._fired:
            self._fired = True
            if self.on_done is not None:
                self.on_done()
        return not self._fired

    def t(self, alpha: float) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, (self.age + alpha * self.last_dt) / self.duration)


def delay(seconds: float, on_done: Callable[[], None] | None = None) -> Tween:
    """A pause (a tween from 0 to 0): useful in sequences and as a timer."""
    return Tween(0.0, 0.0, 0.0, delay=seconds, on_done=on_done)


class Sequence:
    """Tweens one after another; its value is that of the tween now running (the last when done)."""

    def __init__(self, tweens: Seq[Tween], on_done: Callable[[], None] | None = None) -> None:
        if not tweens:
            raise ValueError("a sequence needs at least one tween")
        self.tweens = list(tweens)
        self.on_done = on_done
        self.index = 0
        self._fired = False

    @property
    def current(self) -> Tween:
        return self.tweens[min(self.index, len(self.tweens) - 1)]

    @property
    def done(self) -> bool:
        return self.index >= len(self.tweens)

    @property
    def total(self) -> float:
        return sum(t.total for t in self.tweens)

    @property
    def elapsed(self) -> float:
        return sum(t.elapsed for t in self.tweens)

    def update(self, dt: float) -> bool:
        # Carry the leftover of a step into the next tween, so a sequence lasts exactly its total.
        while dt > 0 and not self.done:
            tween = self.tweens[self.index]
            room = tween.total - tween.elapsed
            tween.update(min(dt, room))
            if tween.done:
                self.index += 1
                dt -= room
                if dt < _EPSILON:
                    dt = 0
            else:
                dt = 0
        if self.done and not self._fired:
            self._fired = True
            if self.on_done is not None:
                self.on_done()
        return not self.done

    def value(self, alpha: float = 0.0) -> Value:
        return self.current.value(alpha if not self.done else 0.0)


class Tweens:
    """A group that updates its members each step and drops the finished ones."""

    def __init__(self) -> None:
        self._items: list[Tween | Sequence] = []

    def add(self, item: Tween | Sequence) -> Tween | Sequence:
        self._items.append(item)
        return item

    def extend(self, items: Iterable[Tween | Sequence]) -> None:
        self._items.extend(items)

    def update(self, dt: float) -> None:
        # Iterate a copy: an on_done callback may add new tweens to this group.
        items = list(self._items)
        finished = {id(item) for item in items if not item.update(dt)}
        if finished:
            self._items = [item for item in self._items if id(item) not in finished]

    def clear(self) -> None:
        self._items.clear()

    def __contains__(self, item: object) -> bool:
        return any(item is i for i in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self):
        return iter(list(self._items))

    @property
    def busy(self) -> bool:
        return bool(self._items)
