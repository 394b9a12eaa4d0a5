"""Scenes and the scene stack (after Tuxemon's state stack).

Input passes from the top scene down until one consumes it; every scene updates with the fixed step
unless a scene above it pauses those below; drawing starts at the highest opaque scene.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from game.ui.toolkit.app import App
    from game.ui.toolkit.input import Press


class Scene:
    opaque: bool = True          # hides the scenes below it
    pauses_below: bool = True    # scenes below stop updating while this one is on top

    def __init__(self, app: App) -> None:
        self.app = app

    def on_enter(self) -> None:
        """Pushed, or uncovered again by a pop."""

    def on_exit(self) -> None:
        """Popped or replaced."""

    def handle_raw(self, event: pygame.event.Event) -> bool:
        """A raw pygame event (text entry, key rebinding, mouse motion). True if consumed."""
        return False

    def handle(self, press: Press) -> bool:
        """A semantic press from a seat's device. True if consumed."""
        return False

    def handle_close(self, event: pygame.event.Event) -> bool:
        """The window's close button: True if this scene keeps the window open to ask first (a
        game in progress); otherwise the app quits."""
        return False

    def update(self, dt: float) -> None:
        """One fixed simulation step of `dt` seconds."""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        """Draw; `alpha` in [0, 1) is how far the clock is between two simulation steps."""


class SceneStack:
    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):
        return iter(self._scenes)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def push(self, scene: Scene) -> None:
        self._scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.on_exit()
        if self._scenes:
            self._scenes[-1].on_enter()
        return scene

    def replace(self, scene: Scene) -> None:
        if self._scenes:
            self._scenes.pop().on_exit()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Clear the stack down to one scene (e.g. quit to the main menu)."""
        while self._scenes:
            self._scenes.pop().on_exit()
        self.push(scene)

    def remove(self, scene: Scene) -> None:
        if scene in self._scenes:
            was_top = scene is self.top
            self._scenes.remove(scene)
            scene.on_exit()
            if was_top and self._scenes:
                self._scenes[-1].on_enter()

    def dispatch(self, method: str, event: Any) -> bool:
        return any(getattr(scene, method)(event) for scene in reversed(list(self._scenes)))

    def update(self, dt: float) -> None:
        for scene in reversed(list(self._scenes)):
            scene.update(dt)
            if scene.pauses_below:
                break

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if self._scenes[i].opaque:
                start = i
                break
        for scene in self._scenes[start:]:
            scene.draw(surface, alpha)
