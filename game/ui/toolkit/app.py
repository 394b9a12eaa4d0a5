"""The app loop: a fixed simulation step of 1/120 s from an accumulator, capped frame time, and
drawing interpolated between steps (Glenn Fiedler, "Fix Your Timestep").

Time is counted in integer ticks (a million per step) taken from absolute clock readings, so the
number of steps depends only on how much time passed, never on how it was sliced into frames:
floating-point sums of frame times would drift by a step now and then.

Scenes draw on a logical 1280×720 frame; the display scales it into the window. A frame that looks
exactly like the last one shown is not presented, and once the picture has stood still for a moment
the loop draws only a few times a second (the Pacer) until input arrives or the picture moves
again: an idle client costs next to nothing. The simulation keeps its fixed step all along.

While it waits for the next frame, and while it updates and draws one, the loop pumps input every
1.5 ms (game.ui.toolkit.pump), so every Press carries the time its event was taken from SDL's queue,
not the time of the frame that handles it: two slaps 3 ms apart in one frame keep their order.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

import pygame

from game.ui.toolkit.nav import Navigator, NoNavigation
from game.ui.toolkit.pump import InputPump, LoopEvent, Stamped
from game.ui.toolkit.scene import Scene, SceneStack
from game.ui.toolkit.settings import Settings, save_settings
from game.ui.toolkit.theme import Fonts, use_palette
from game.ui.toolkit.toast import Toasts

log = logging.getLogger(__name__)

STEP = 1 / 120
MAX_FRAME = 0.25          # a stall (window drag, slow disk) never fast-forwards more than this
SIZE = (1280, 720)        # logical resolution; the window scales it
FPS = 120                 # frames a second at most, while the picture moves
IDLE_FPS = 10             # ... once it has stood still for SETTLE seconds (longer than a held
SETTLE = 0.5              # key's first repeat, devices.REPEAT_DELAY: a held arrow never waits)
DEEP_IDLE_FPS = 4         # ... and once it has stood still for DEEP_AFTER seconds
DEEP_AFTER = 2.0
MAX_WAIT = 0.1            # the simulation steps at least this often, drawn or not (under MAX_FRAME)

# Events that mean a player is doing something: the loop wakes to full speed at once. Mouse motion
# only asks for a frame: it keeps the loop awake only if it changes the picture (a hover).
INPUT_EVENTS = frozenset({pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING,
                          pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                          pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP, pygame.JOYHATMOTION,
                          pygame.JOYDEVICEADDED, pygame.JOYDEVICEREMOVED})
# Events after which the window must be painted again, changed picture or not.
WINDOW_EVENTS = frozenset({pygame.VIDEORESIZE, pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED,
                           pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED, pygame.WINDOWSHOWN,
                           pygame.WINDOWRESTORED, pygame.WINDOWMAXIMIZED, pygame.WINDOWDISPLAYCHANGED})
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

TICKS_PER_STEP = 1_000_000
TICKS_PER_SECOND = 120 * TICKS_PER_STEP
MAX_FRAME_TICKS = round(MAX_FRAME * TICKS_PER_SECOND)


class SilentAudio:
    """Stands in where there is no sound device."""

    def play(self, name: str) -> None:
        pass

    def apply(self, settings: Settings) -> None:
        pass


class Pacer:
    """When the loop draws: every 1/FPS s while the picture moves, and for SETTLE s after it last
    changed or after input; every 1/IDLE_FPS s once it stands still, every 1/DEEP_IDLE_FPS s after
    DEEP_AFTER s of stillness. Input wakes it to full speed; a change that comes by itself (a bot's
    or a LAN player's move, a message) is seen at the next idle frame. Times are the app clock's."""

    def __init__(self, fps: float = FPS, idle_fps: float = IDLE_FPS, settle: float = SETTLE,
                 deep_fps: float = DEEP_IDLE_FPS, deep_after: float = DEEP_AFTER,
                 max_wait: float = MAX_WAIT) -> None:
        self.period = 1 / fps
        self.idle_period = 1 / idle_fps
        self.deep_period = 1 / deep_fps
        self.settle = settle
        self.deep_after = deep_after
        self.max_wait = max_wait
        self.last_draw: float | None = None
        self.last_change = float("-inf")
        self.wanted = False               # a frame asked for (mouse motion), due a period on

    def idle(self, now: float) -> bool:
        return now - self.last_change >= self.settle

    def frame_period(self, now: float) -> float:
        still = now - self.last_change
        if still < self.settle:
            return self.period
        return self.idle_period if still < self.deep_after else self.deep_period

    def next_draw(self, now: float) -> float:
        """When the next frame is due (now or earlier: draw at once)."""
        if self.last_draw is None:
            return now
        return self.last_draw + (self.period if self.wanted else self.frame_period(now))

    def due(self, now: float) -> bool:
        return now >= self.next_draw(now) - 1e-6

    def timeout(self, now: float) -> float:
        """Seconds the loop may sleep: until the next frame, MAX_WAIT at most."""
        return min(self.max_wait, max(0.0, self.next_draw(now) - now))

    def poke(self, now: float) -> None:
        """Input arrived: full speed from now."""
        self.last_change = now

    def want(self) -> None:
        """One frame soon, as if awake; full speed only if it shows a change."""
        self.wanted = True

    def drawn(self, now: float, changed: bool) -> None:
        self.last_draw = now
        self.wanted = False
        if changed:
            self.last_change = now


def wait_for_events(seconds: float, wake: bool) -> list[pygame.event.Event]:
    """Wait `seconds` pumping input (with `wake`: until the first event) and return pygame's events
    without their stamps, for a caller that has no use for them; App.run keeps the stamps."""
    return [stamped.event for stamped in InputPump().wait(seconds, wake)]


class App:
    def __init__(self, surface: pygame.Surface, *, clock: Callable[[], float] = time.monotonic,
                 audio: Any = None, inputs: Any = None, settings: Settings | None = None,
                 settings_path: Path | None = None, display: Any = None,
                 games: Sequence[Any] = (), nav: Navigator | None = None,
                 fonts: Fonts | None = None) -> None:
        self.surface = surface
        self.clock = clock
        self.stack = SceneStack()
        # Every scene renders text through these (a test installs text.RecordingFonts here).
        self.fonts = fonts if fonts is not None else Fonts()
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
        self._poked = False           # input arrived since the loop last looked
        self._wanted = False          # the mouse moved: a frame soon
        self._repaint = True          # the window needs painting even if the picture is the same
        self._shown: bytes | None = None    # the last frame presented, to tell whether one changed

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

    def feed(self, events: Iterable[LoopEvent]) -> None:
        """Hand events to the scenes, in the order given; a mouse event's position is in the logical
        frame by then. A Press is stamped with its event's pump time (`Stamped`), or with the clock's
        reading now for an event that comes unstamped."""
        now = self.clock()
        for item in events:
            stamp, event = (item.time, item.event) if isinstance(item, Stamped) else (now, item)
            if event.type in INPUT_EVENTS:
                self._poked = True
            elif event.type == pygame.MOUSEMOTION:
                self._wanted = True
            if event.type in WINDOW_EVENTS:
                self._repaint = True
            if event.type == pygame.QUIT:
                if not self.stack.dispatch("handle_close", event):
                    self.running = False
                continue
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            event = self.logical_event(event)
            if self.stack.dispatch("handle_raw", event):
                continue
            if self.inputs is not None:
                for press in self.inputs.translate(event, stamp):
                    self._poked = True
                    self.stack.dispatch("handle", press)

    def logical_event(self, event: pygame.event.Event) -> pygame.event.Event:
        """`event` with its mouse position (and motion) in the logical frame."""
        if event.type not in MOUSE_EVENTS or self.display is None or not hasattr(event, "pos"):
            return event
        attrs = dict(event.dict)
        x, y = attrs["pos"] = self.to_logical(event.pos)
        if "rel" in attrs:
            before = self.to_logical((event.pos[0] - event.rel[0], event.pos[1] - event.rel[1]))
            attrs["rel"] = (x - before[0], y - before[1])
        return pygame.event.Event(event.type, attrs)

    def _poll_repeats(self) -> None:
        poll = getattr(self.inputs, "poll", None)
        if poll is not None:
            for press in poll(self.clock()):
                self._poked = True
                self.stack.dispatch("handle", press)

    # -- the frame --------------------------------------------------------------------------------

    def step(self, events: Iterable[LoopEvent] | None = None) -> None:
        """Input, then the fixed steps owed since the last call; no drawing."""
        ticks = round(self.clock() * TICKS_PER_SECOND)
        frame_ticks = 0 if self._last_ticks is None else ticks - self._last_ticks
        self._last_ticks = ticks
        self.feed(pygame.event.get() if events is None else events)
        self._poll_repeats()
        self._advance_ticks(frame_ticks)
        if not self.stack:
            self.running = False

    def frame(self, events: Iterable[LoopEvent] | None = None) -> None:
        """A step and a drawing."""
        self.step(events)
        if self.running:
            self.draw()

    def draw(self) -> None:
        self.stack.draw(self.surface, self.alpha)
        now = self.now()
        self.toasts.update(now)
        if self.toasts.items:
            self.toasts.draw(self.surface, self.fonts, now)

    def draw_changed(self) -> bool:
        """Draw; True if the picture differs from the one drawn before (every changed picture is
        presented, so: from the one on screen)."""
        self.draw()
        shot = self.surface.get_buffer().raw
        changed = shot != self._shown
        self._shown = shot
        return changed

    def run(self, present: Callable[[], Any] = pygame.display.flip,
            wait: Callable[[float, bool], Iterable[LoopEvent]] | None = None,
            pacer: Pacer | None = None, pump: InputPump | None = None) -> None:
        """Until quit: input and the simulation every turn; a drawing when the pacer says one is due,
        presented (`present`) when it changed or the window needs painting. `wait(seconds, wake)`
        waits until the next frame is due and returns the events that came (when idle, `wake`:
        return at the first one); by default `pump` (an InputPump on the app's clock unless given),
        which stamps them and keeps draining while the loop works on a frame."""
        pacer = pacer if pacer is not None else Pacer()
        hold: Callable[[], None] = lambda: None      # a caller's own wait pumps by itself
        working: Callable[[], AbstractContextManager[None]] = nullcontext
        if wait is None:
            pump = pump if pump is not None else InputPump(self.clock)
            wait, hold, working = pump.wait, pump.hold, pump.working
        while self.running:
            now = self.clock()
            events = wait(pacer.timeout(now), pacer.idle(now))
            with working():
                if not self._turn(events, pacer, hold):
                    continue
            present()

    def _turn(self, events: Iterable[LoopEvent], pacer: Pacer, hold: Callable[[], None]) -> bool:
        """One turn of the loop after its wait: the events and simulation steps, then a drawing if
        one is due. True when the drawing is to be presented."""
        self.step(events)
        if not self.running:
            return False
        hold()
        now = self.clock()
        if self._poked:
            self._poked = False
            pacer.poke(now)
        if self._wanted:
            self._wanted = False
            pacer.want()
        if not (pacer.due(now) or self._repaint):
            return False
        changed = self.draw_changed()
        hold()
        pacer.drawn(now, changed)
        if changed or self._repaint:
            self._repaint = False
            return True
        return False

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
        """A position in the window (as SDL gives it) in the logical 1280×720 frame. Events reach
        the scenes mapped already (`feed`); this is for positions read otherwise."""
        if self.display is None:
            return (int(pos[0]), int(pos[1]))
        mapped: tuple[int, int] = self.display.to_logical(pos)
        return mapped

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
        self._repaint = True
        self.save_settings()

    def apply_window(self) -> None:
        """Re-apply fullscreen and window scale after the settings changed them."""
        if self.display is not None:
            self.display.apply_scale()
        self._repaint = True
