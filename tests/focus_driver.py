"""Driving a game screen's focus as a player does: direction presses until a seat's focus rests on a
thing, then Select; and the check every game's prompts pass, that Select does what the focus shows.

`walk_to` finds the presses by the shared nearest-in-direction rule (game.ui.play.focus), so a test
presses exactly the keys a player would, and fails if a thing cannot be reached by keys at all.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Hashable
from typing import Any

from game.core.engine import Action
from game.ui.play.focus import DIRECTIONS, nearest
from game.ui.toolkit.input import Press


def press(app: Any, device: str, button: str, pos: tuple[int, int] | None = None, time: float | None = None) -> None:
    """A press of `button` on `device`, made at `time` (now on the app's clock unless given)."""
    app.stack.dispatch("handle", Press(device, button, app.now() if time is None else time, pos))


def focus_key(scene: Any, seat: int) -> Hashable | None:
    target = scene.input.focused(seat)
    return None if target is None else target.key


def route(scene: Any, seat: int, goal: Hashable) -> list[str] | None:
    """The shortest run of direction buttons from `seat`'s focus to `goal` (None: out of reach)."""
    targets = list(scene.targets(seat))
    by_key = {t.key: t for t in targets}
    start = focus_key(scene, seat)
    if start is None or goal not in by_key:
        return None
    seen = {start: []}
    todo = deque([start])
    while todo:
        key = todo.popleft()
        if key == goal:
            return seen[key]
        here = by_key[key]
        others = [t for t in targets if t.key != key]
        for button, direction in DIRECTIONS.items():
            there = nearest(others, here.rect, direction, scene.focus_across)
            if there is not None and there.key not in seen:
                seen[there.key] = [*seen[key], button]
                todo.append(there.key)
    return None


def walk_to(app: Any, scene: Any, seat: int, device: str, goal: Hashable) -> None:
    """Press direction keys on `device` until `seat`'s focus rests on `goal`."""
    path = route(scene, seat, goal)
    assert path is not None, f"{goal} cannot be reached by keys from {focus_key(scene, seat)}"
    for button in path:
        press(app, device, button)
    assert focus_key(scene, seat) == goal, f"the focus is on {focus_key(scene, seat)}, not {goal}"


class Recorder:
    """Stands in for the session's submit and press: notes the action and leaves the game as it is."""

    def __init__(self, session: Any) -> None:
        self.session = session
        self.actions: list[Action] = []
        self._submit, self._press = session.submit, session.press

    def __enter__(self) -> Recorder:
        self.session.submit = self.actions.append
        self.session.press = lambda action, pressed: self.actions.append(action)
        return self

    def __exit__(self, *exc: object) -> None:
        self.session.submit, self.session.press = self._submit, self._press


def check_every_choice(app: Any, scene: Any, seat: int, device: str) -> int:
    """For every choice `seat`'s focus may rest on now: walked there by keys, Select (twice for a
    choice that asks for a confirming press, and not once before it) asks for exactly the action the
    focus showed, and nothing else. Returns how many choices were checked."""
    checked = 0
    for target in list(scene.targets(seat)):
        action = target.action
        if action is None:
            continue
        walk_to(app, scene, seat, device, target.key)
        with Recorder(scene.session) as rec:
            press(app, device, "select")
            if target.confirm:
                assert rec.actions == [], f"{target.key}: {action} was made on the first press"
                shown = scene.input.armed_words(seat, target)
                assert shown, f"{target.key}: no word on the focus that a second press confirms"
                press(app, device, "select")
        assert rec.actions == [action], f"{target.key} showed {action}, Select asked for {rec.actions}"
        checked += 1
    return checked
