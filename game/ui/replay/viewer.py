"""The replay viewer: a recorded game shown by the very screen that played it, with a bar to move
through it (game.ui.replay.controls).

The game's own scene is built on a ReplaySession (game.core.replay_session) and drawn a little
smaller above the bar. One step on is a step given to that scene, animated as a move played; any
other move (back, a round, the start or end, a click on the timeline, other eyes) builds the scene
again on the new position, at once: the session's cursor keeps a state every few steps, so a step
back costs a few actions replayed, never the game. The move log is filled to the step shown, in the
words the game used, as the eyes chosen saw them.

Keys: Space (or Select) plays and pauses, ←/→ one step, ↑/↓ a round, Home/End, S (or 1, 2, 4)
the speed, Tab (or the action button) whose eyes, C the story of the game, Esc back. The mouse
clicks the bar's buttons and anywhere on the timeline.
"""
from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, cast

import pygame

from game.core.replay import Cursor, Replay
from game.core.replay_session import ALL, Eyes, ReplaySession, round_starts
from game.core.seats import seat_label
from game.core.story import Story
from game.games import game_by_key
from game.replay_print import race_text
from game.ui.replay.controls import BAR_H, Bar, BarState
from game.ui.replay.replay_match import ReplayMatch
from game.ui.screens.chart import draw_story_panel, story_told
from game.ui.toolkit import theme
from game.ui.toolkit.input import Press
from game.ui.toolkit.scene import Scene

if TYPE_CHECKING:
    from game.ui.play.game_screen import GameScreen
    from game.ui.toolkit.app import App

log = logging.getLogger(__name__)

SPEEDS = (1, 2, 4)
PLAY_GAP = 0.8          # seconds between two steps played at ×1, once the last one is shown
Lines = list[list[tuple[str, int]]]


class ReplayViewer(Scene):
    def __init__(self, app: App, replay: Replay, title: str = "") -> None:
        super().__init__(app)
        self.replay = replay
        self.info = game_by_key(replay.game)
        self.engine = self.info.engine()
        self.title = title
        self.rounds = round_starts(self.engine, replay)
        self.session = ReplaySession(self.engine, replay)
        self.playing = False
        self.speed = 1
        self.wait = 0.0
        self.bar = Bar()
        self.hover: tuple[int, int] | None = None
        self.story_shown = False
        self._logs: dict[Eyes, Lines] = {}
        width, height = app.size
        self.table = pygame.Surface(app.size)
        scale = (height - BAR_H) / height
        self.table_rect = pygame.Rect(0, 0, round(width * scale), height - BAR_H)
        self.table_rect.centerx = width // 2
        self.inner: GameScreen[Any] = self._build()

    # -- the game's own screen on the replay ---------------------------------------------------

    def _build(self) -> GameScreen[Any]:
        scene = cast("GameScreen[Any]", self.app.nav.game_scene(self.app, ReplayMatch(self.info, self.replay,
                                                                                       self.session)))
        lines = self._log(self.session.perspective)
        for step in lines[:self.session.step]:
            scene.moves.lines.extend(step)
        scene.moves.begun = True           # the log holds the game so far: nothing is left out
        return scene

    def _log(self, eyes: Eyes) -> Lines:
        """Each step's lines in the move log, as the screen narrates them, seen with `eyes`."""
        lines = self._logs.get(eyes)
        if lines is None:
            cursor = Cursor(self.engine, self.replay)
            lines = self._logs[eyes] = []
            narrate: Callable[[Any], str | None] = self.info.narrate
            while cursor.step < cursor.length:
                events = self.engine.seen_by(cursor.forward(), eyes if eyes != ALL else None)
                lines.append([(line, int(getattr(e, "seat", -1))) for e in events if (line := narrate(e))])
        return lines

    def go_to(self, step: int) -> None:
        step = max(0, min(self.session.length, step))
        self.session.seek(step)
        self.inner = self._build()
        self.wait = PLAY_GAP

    def step_on(self) -> bool:
        if self.session.step >= self.session.length:
            return False
        if self.session.perspective == ALL:
            # a revealed view moves only by the engine (events fold a seat's or the table's view)
            self.go_to(self.session.step + 1)
            return True
        self.inner.let_go()             # a step asked for: what was held for reading goes
        self.session.forward()
        self.inner.take_steps()
        return True

    def step_back(self) -> None:
        self.playing = False
        self.go_to(self.session.step - 1)

    def round_jump(self, way: int) -> None:
        step = self.session.step
        if way < 0:
            earlier = [s for s in self.rounds if s < step]
            self.go_to(earlier[-1] if earlier else 0)
        else:
            later = [s for s in self.rounds if s > step]
            self.go_to(later[0] if later else self.session.length)

    def next_eyes(self) -> None:
        seats: list[Eyes] = [None, *range(self.replay.config.players)]
        if self.engine.revealed_view(self.session.state) is not None:
            seats.append(ALL)
        now = seats.index(self.session.perspective)
        self.session.watch(seats[(now + 1) % len(seats)])
        self.inner = self._build()

    def eyes_text(self) -> str:
        eyes = self.session.perspective
        if eyes == ALL:
            return "Everything revealed"
        if eyes is None:
            secrets = self.engine.revealed_view(self.session.state) is not None
            return "The table: what everyone sees" if secrets else "The table: everything (nothing is hidden)"
        return f"{seat_label(eyes)}'s eyes"

    def toggle_play(self) -> None:
        if self.session.step >= self.session.length:
            self.go_to(0)
        self.playing = not self.playing
        self.wait = 0.0

    def next_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]

    # -- the scene -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.playing and self.inner.held_for() is not None:
            self.inner.let_go()         # a look held for Select: nobody presses it in a replay
        if self.playing and not self.inner.busy():
            self.wait -= dt * self.speed
            if self.wait <= 0:
                self.wait = PLAY_GAP
                if not self.step_on():
                    self.playing = False
        self.inner.update(dt * self.speed)

    def handle(self, press: Press) -> bool:
        if self.story_shown:
            self.story_shown = False
            return True
        button = press.button
        if button in ("pause", "back"):
            self.leave()
        elif button == "select":
            self.toggle_play()
        elif button == "right":
            self.playing = False
            self.step_on()
        elif button == "left":
            self.step_back()
        elif button in ("up", "down"):
            self.round_jump(-1 if button == "up" else 1)
        elif button == "slap":
            self.next_eyes()
        return True

    KEYS: ClassVar[dict[int, str]] = {pygame.K_SPACE: "play", pygame.K_HOME: "start", pygame.K_END: "end",
                            pygame.K_s: "speed", pygame.K_TAB: "eyes", pygame.K_c: "story"}

    def handle_raw(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            return False
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_1, pygame.K_2, pygame.K_4):
                self.speed = {pygame.K_1: 1, pygame.K_2: 2, pygame.K_4: 4}[event.key]
                return True
            name = self.KEYS.get(event.key)
            if name is not None:
                self.act(name)
                return True
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                return self.inner.handle_raw(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.story_shown:
                self.story_shown = False
                return True
            if self.bar.timeline.collidepoint(event.pos):
                self.playing = False
                self.go_to(self.bar.step_at(event.pos[0], self.session.length))
                return True
            for name, rect in self.bar.hits.items():
                if rect.collidepoint(event.pos):
                    self.act(name)
                    return True
            return True
        return False

    def act(self, name: str) -> None:
        if self.story_shown and name != "story":
            self.story_shown = False
        if name == "play":
            self.toggle_play()
        elif name == "start":
            self.playing = False
            self.go_to(0)
        elif name == "end":
            self.playing = False
            self.go_to(self.session.length)
        elif name == "back":
            self.step_back()
        elif name == "forward":
            self.playing = False
            self.step_on()
        elif name in ("round_back", "round_on"):
            self.round_jump(-1 if name == "round_back" else 1)
        elif name == "speed":
            self.next_speed()
        elif name == "eyes":
            self.next_eyes()
        elif name == "story":
            self.story_shown = not self.story_shown

    def leave(self) -> None:
        self.app.stack.pop()

    def note(self) -> str:
        """What the step shown says beyond the table: a slap race's presses, a default, the end."""
        step = self.session.step
        if step == 0:
            return ""
        recorded = self.session.recorded(step)
        if len(recorded.race) > 1:
            return f"Slap race: {race_text(recorded.race)}"
        if recorded.by_default:
            return f"Made for {seat_label(recorded.action.seat)}, silent too long"
        if step == self.session.length:
            return self.inner.winner_text() if self.session.result() is not None else "The recording stops here"
        return ""

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.inner.draw(self.table, alpha)
        surface.fill(theme.BG)
        surface.blit(pygame.transform.smoothscale(self.table, self.table_rect.size), self.table_rect)
        area = pygame.Rect(0, surface.get_height() - BAR_H, surface.get_width(), BAR_H)
        state = BarState(self.session.step, self.session.length, self.rounds, self.playing, self.speed,
                         self.eyes_text(), self.note())
        self.bar.draw(surface, self.app.fonts, area, state, self.hover)
        if self.story_shown:
            self.draw_story(surface)

    def draw_story(self, surface: pygame.Surface) -> None:
        """The story of the game over the table (the results screen's chart and figures), the step
        shown marked on it; any press or click puts it away."""
        if self.story is None:
            self.app.toast(f"{self.info.title} has no story to tell")
            self.story_shown = False
            return
        draw_story_panel(surface, self.table_rect.center, self.story, self.inner.text, self.replay.config.players,
                         f"{self.info.title}: the story of the game", self.session.step)

    @functools.cached_property
    def story(self) -> Story | None:
        return story_told(self.info, self.replay)
