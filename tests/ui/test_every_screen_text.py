"""Every screen of every game, drawn once for each window size the client is played at, and no text
on it extends past its panel, is cut off, runs off the frame or lies over another text
(tests/ui/text_checks.py says exactly what is checked).

The scenes draw on the logical 1280×720 frame at every window size and the display scales it
(game.ui.toolkit.display): each screen is drawn once and shown in a window of each size, and the
check runs on what the frame recorded, so one render stands for both sizes.
"""
from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
from scenes import random_action  # tools/scenes.py (tests/conftest.py puts tools/ on the path)

from game.core.errors import IllegalActionError
from game.games import available_games
from game.ui.lobby.lobby_host import HostSetup
from game.ui.lobby.lobby_join import JoinScene
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.screens.menu import MainMenu
from game.ui.screens.pause import PauseScene
from game.ui.screens.results import ResultsScene
from game.ui.screens.rules_screen import RulesScreen
from game.ui.screens.settings_screen import SettingsScreen
from game.ui.screens.setup import GameSetup
from game.ui.toolkit.app import SIZE, STEP, App
from game.ui.toolkit.devices import InputRouter
from game.ui.toolkit.display import show
from game.ui.toolkit.input import Press
from game.ui.toolkit.scene import Scene
from game.ui.toolkit.text import RecordingFonts, RecordingSurface, TextRecorder
from tests.scene_doubles import Clock, FakeAudio

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fake_lan import FakeLan
from text_checks import Fault, faults

WINDOWS = ((1280, 720), (1920, 1080))
DEVICES = ("kb1", "kb2", "kb3", "kb4", "pad0", "pad1")
PROMPTS = 10           # distinct prompts drawn per game (what the seat to act may do, by kind)
GAMES = [g for g in available_games()]
class Frames:
    """One recording app; `shoot` draws its top scenes once, shows the frame in a window of each
    size, and collects the faults."""

    def __init__(self) -> None:
        self.recorder = TextRecorder()
        self.clock = Clock()
        self.surface = RecordingSurface(SIZE, self.recorder)
        self.lan = FakeLan()
        self.app = self.new_app()
        self.windows = [pygame.Surface(size) for size in WINDOWS]
        self.found: list[Fault] = []
        self.shots = 0

    def new_app(self) -> App:
        app = new_app(self.surface, clock=self.clock, audio=FakeAudio(), inputs=InputRouter(),
                      fonts=RecordingFonts(self.recorder))
        app.match_kwargs = {"inline_bots": True, "bot_think_time": 0.0}
        app.lan_backend = self.lan.backend()          # type: ignore[attr-defined]
        return app

    def run(self, seconds: float) -> None:
        for _ in range(max(1, round(seconds / STEP))):
            self.clock.t += STEP
            self.app.advance(STEP)

    def shoot(self, name: str) -> None:
        self.recorder.clear()
        self.app.draw()
        self.shots += 1
        frame = self.surface.get_rect()
        for window in self.windows:
            view = show(self.surface, window)
            assert view.size == window.get_size(), f"{name}: the frame does not fill a {view.size} window"
            self.found += [Fault(f"{name} @{window.get_width()}x{window.get_height()}", f.what)
                           for f in faults(name, self.recorder, frame)]

    def screen(self, name: str, scene: Scene, seconds: float = 0.2) -> None:
        self.app.stack.reset(scene)
        self.run(seconds)
        self.shoot(name)


def human_match(info, players: int, humans: int, seed: int = 3) -> Match:
    plans = tuple(SeatPlan("human", DEVICES[i]) if i < humans else SeatPlan("bot", level=info.bot_levels[0])
                  for i in range(players))
    return Match(info, players, info.default_options(), plans, seed, bot_think_time=0.0, inline_bots=True)


def random_move(match: Match, rng: random.Random) -> bool:
    session = match.session
    action = random_action(session, rng)
    if action is None:
        return False
    try:
        session.submit(action)
    except IllegalActionError:          # a race the referee settles first (KOMBIO's slap window)
        session.poll()
    return True


def prompt_kind(match: Match) -> tuple[str, ...]:
    session = match.session
    return tuple(sorted({type(a).__name__ for s in session.to_act() for a in session.legal_actions(s)}))


def game_screens(frames: Frames, info) -> None:
    key = info.key
    for n in range(info.min_players, info.max_players + 1):
        setup = GameSetup(frames.app, info, device="kb1")
        if setup.players != n:
            setup._set_players(n)
        frames.screen(f"{key} setup, {n} players", setup)
    rules = RulesScreen(frames.app, info)
    frames.screen(f"{key} rules", rules)
    host = HostSetup(frames.app, device="kb1", info=info)
    frames.screen(f"{key} LAN host setup", host)

    # each prompt, hot-seat: every seat a keyboard player on this screen
    players = min(max(2, info.min_players), info.max_players, 4)
    match = human_match(info, players, humans=players)
    rng = random.Random(11)
    seen: set[tuple[str, ...]] = set()
    for _ in range(400):
        if len(seen) >= PROMPTS or not random_move(match, rng):
            break
        kind = prompt_kind(match)
        if kind in seen or not kind:
            continue
        seen.add(kind)
        match.session.poll()
        scene = frames.app.nav.game_scene(frames.app, match)
        frames.screen(f"{key} hot-seat, prompt {'/'.join(kind)}", scene, 0.3)
        waiting = getattr(scene, "curtain_seat", None)
        if waiting is not None:
            frames.app.stack.dispatch("handle", Press(DEVICES[waiting], "select", frames.clock.t, None))
            frames.run(0.3)
            frames.shoot(f"{key} hot-seat, prompt {'/'.join(kind)}, screen taken")
    match.close()

    # mid-game against bots, its pause, and the results
    for n in sorted({info.min_players, info.max_players}):
        match = human_match(info, n, humans=1)
        rng = random.Random(5)
        for _ in range(25):
            random_move(match, rng)
        match.session.poll()
        scene = frames.app.nav.game_scene(frames.app, match)
        frames.screen(f"{key} mid-game, {n} players", scene, 0.3)
        frames.app.push(PauseScene(frames.app, match))
        frames.run(0.1)
        frames.shoot(f"{key} paused, {n} players")
        while random_move(match, rng):
            pass
        match.session.poll()
        scene = frames.app.nav.game_scene(frames.app, match)
        frames.app.stack.reset(scene)
        frames.app.push(ResultsScene(frames.app, match))
        frames.run(0.3)
        frames.shoot(f"{key} results, {n} players")
        match.close()


def every_screen() -> Iterator[Callable[[Frames], None]]:
    yield lambda f: f.screen("main menu", MainMenu(f.app))
    yield lambda f: f.screen("settings", SettingsScreen(f.app))
    yield lambda f: f.screen("join a LAN game", JoinScene(f.app, device="kb1"))
    for info in GAMES:
        yield lambda f, info=info: game_screens(f, info)


def test_no_text_leaves_its_panel_on_any_screen_at_either_size(pygame_video) -> None:
    frames = Frames()
    for draw in every_screen():
        try:
            draw(frames)
        except Exception as exc:           # a screen that cannot be drawn is a fault like the rest
            frames.found.append(Fault("drawing", f"{type(exc).__name__}: {exc}"))
    assert frames.shots > 40
    found = list(frames.found)
    report = "\n".join(str(f) for f in found)
    assert not found, f"{len(found)} text faults:\n{report}"
