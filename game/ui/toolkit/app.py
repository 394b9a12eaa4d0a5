"""The app loop: a fixed simulation step of 1/120 s from an accumulator, capped frame time, and
drawing interpolated between steps (Glenn Fiedler, "Fix Your Timestep").

Time is counted in integer ticks (a million per step) taken from absolute clock readings, so the
number of steps depends only on how much time passed, never on how it was sliced into frames:
floating-point sums of frame times would drift by a step now and then.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import pygame

from game.ui.toolkit.nav import Navigator, NoNavigation
from game.ui.toolkit.scene import Scene, SceneStack
from game.ui.toolkit.settings import Settings, save_settings
from game.ui.toolkit.theme import Fonts, use_palette
from game.ui.toolkit.toast import Toasts

log = logging.getLogger(__name__)

STEP = 1 / 120
MAX_FRAME = 0.25          # a stall (window drag, slow disk) never fast-forwards more than this
SIZE = (1280, 720)        # logical resolution; the window scales it

TICKS_PER_STEP = 1_000_000
TICKS_PER_SECOND = 120 * TICKS_PER_STEP
MAX_FRAME_TICKS = round(MAX_FRAME * TICKS_PER_SECOND)


class SilentAudio:
    """Stands in where there is no sound device."""

    def play(self, name: str) -> None:
        pass

    def apply(self, settings: Settings) -> None:
        pass


class App:
    def __init__(self, surface: pygame.Surface, *, clock: Callable[[], float] = time.monotonic,
                 audio: Any = None, inputs: Any = None, settings: Settings | None = None,
                 settings_path: Path | None = None, display: Any = None,
                 games: Sequence[Any] = (), nav: Navigator | None = None) -> None:
        self.surface = surface
        self.clock = clock
        self.stack = SceneStack()
        self.fonts = Fonts()
        self.audio = audio or SilentAudio()
        self.inputs = inputs          # translates raw events into Presses (game.ui.toolkit.devices)
        self.settings = settings if settings is not None else Settings()
        use_palette(self.settings.seat_colours)     # the seat colours the player chose (theme)
        self.settings_path = settings_path    # None: settings live for this run only (tests)
        self.display = display        # game.ui.toolkit.display.Display, None when headless
        self.toasts = Toasts()
        self.games = tuple(games)     # the catalogue the main menu lists
        self.nav: Navigator = nav if nav is not None else NoNavigation()
        # Extra keyword arguments for every Match this app starts (tests: inline bots, no pause).
        self.match_kwargs: dict[str, Any] = {}
        self.running = True
        self.sim_steps = 0
        self._acc_ticks = 0
        self._last_ticks: int | None = None

    # -- time -------------------------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self.surface.get_size()

    @property
    def sim_time(self) -> float:
        return self.sim_steps * STEP

    def now(self) -> float:
        """Simulation time: what tweens and timers should use."""
        return self.sim_time

    @property
    def accumulator(self) -> float:
        """Seconds owed to the simulation, less than one step between frames."""
        return self._acc_ticks / TICKS_PER_SECOND

    @property
    def alpha(self) -> float:
        return self._acc_ticks / TICKS_PER_STEP

    def advance(self, frame_time: float) -> int:
        """Run the fixed steps owed for `frame_time` seconds; returns how many ran."""
        return self._advance_ticks(round(min(max(frame_time, 0.0), MAX_FRAME) * TICKS_PER_SECOND))

    def _advance_ticks(self, ticks: int) -> int:
        self._acc_ticks += min(max(ticks, 0), MAX_FRAME_TICKS)
        steps = 0
        while self._acc_ticks >= TICKS_PER_STEP:
            self.stack.update(STEP)
            self._acc_ticks -= TICKS_PER_STEP
            self.sim_steps += 1
            steps += 1
        return steps

    # -- input ------------------------------------------------------------------------------------

    def feed(self, events: Iterable[pygame.event.Event]) -> None:
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            if self.stack.dispatch("handle_raw", event):
                continue
            if self.inputs is not None:
                for press in self.inputs.translate(event, self.clock()):
                    self.stack.dispatch("handle", press)

    def _poll_repeats(self) -> None:
        poll = getattr(self.inputs, "poll", None)
        if poll is not None:
            for press in poll(self.clock()):
                self.stack.dispatch("handle", press)

    # -- the frame --------------------------------------------------------------------------------

    def frame(self, events: Iterable[pygame.event.Event] | None = None) -> None:
        ticks = round(self.clock() * TICKS_PER_SECOND)
        frame_ticks = 0 if self._last_ticks is None else ticks - self._last_ticks
        self._last_ticks = ticks
        self.feed(pygame.event.get() if events is None else events)
        self._poll_repeats()
        self._advance_ticks(frame_ticks)
        if not self.stack:
            self.running = False
            return
        self.draw()

    def draw(self) -> None:
        self.stack.draw(self.surface, self.alpha)
        now = self.now()
        self.toasts.update(now)
        if self.toasts.items:
            self.toasts.draw(self.surface, self.fonts, now)

    def run(self, present: Callable[[], Any] = pygame.display.flip,
            tick: Callable[[], Any] = lambda: None) -> None:
        """Frames until quit: `present` shows each one, `tick` paces the loop (clock.tick)."""
        while self.running:
            self.frame()
            if self.running:
                present()
            tick()

    def shutdown(self) -> None:
        """Close every scene (and the matches they hold, so bot workers stop) before exiting."""
        matches = {id(m): m for m in (getattr(s, "match", None) for s in self.stack) if m is not None}
        while self.stack:
            self.stack.pop()
        for match in matches.values():
            try:
                match.close()
            except Exception:  # closing is best effort on the way out
                log.warning("closing a match failed on the way out", exc_info=True)

    # -- services for scenes ----------------------------------------------------------------------

    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        """A mouse position in the logical 1280×720 frame (SDL's SCALED mode maps it already)."""
        return pos

    def quit(self) -> None:
        self.running = False

    def toast(self, text: str, kind: str = "info") -> None:
        self.toasts.show(text, self.now(), kind)

    def save_settings(self) -> None:
        apply = getattr(self.audio, "apply", None)      # test doubles may only know play()
        if apply is not None:
            apply(self.settings)
        if self.settings_path is None:
            return
        try:
            save_settings(self.settings, self.settings_path)
        except OSError as exc:
            self.toast(f"Could not save settings: {exc.strerror or exc}", "error")

    def toggle_fullscreen(self) -> None:
        if self.display is not None:
            self.display.toggle_fullscreen()
        else:
            self.settings.fullscreen = not self.settings.fullscreen
        self.save_settings()

    def apply_window(self) -> None:
        """Re-apply fullscreen and window scale after the settings changed them."""
        if self.display is not None:
            self.display.apply_scale()
