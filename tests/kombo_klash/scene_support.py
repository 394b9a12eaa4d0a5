"""What the Kombo Klash! scene's tests share (test_scene, test_scene_table): a match made and played to
the position a test wants, the scene settled, and presses that pick, arm and place."""
from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest

from game.games import game_by_key
from game.kombo_klash.actions import EndTurn, Place
from game.kombo_klash.scene import KomboKlashScene
from game.kombo_klash.scene.controls import (
    YES,
    hand_key,
    square_key,
)
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.toolkit.app import STEP, App
from tests.focus_driver import focus_key, press, walk_to
from tests.scene_doubles import Clock, FakeAudio, run

GAME = game_by_key("kombo_klash")
BOT = SeatPlan("bot", level="easy")
CREATURE_OF = {"kick": "Kangaroo", "swamp": "Alligator", "revive": "Vulture"}


def make(plans: list[SeatPlan], seed: int = 1, until: Callable[[Match], bool] | None = None,
         target: str = "quick") -> tuple[App, Clock, Match, KomboKlashScene]:
    """A match of these seats; with `until`, random moves of every seat first, up to a turn of
    seat 0 where `until(match)` holds (a position to test from). The scene opens after."""
    clock = Clock()
    app = new_app(pygame.Surface((1280, 720)), clock=clock, audio=FakeAudio())
    match = Match(GAME, len(plans), {"target": target}, tuple(plans), seed, bot_think_time=0.0, inline_bots=True)
    if until is not None:
        session, rng = match.session, random.Random(seed)
        for _ in range(600):
            if 0 in session.to_act() and until(match):
                break
            if not session.to_act():
                pytest.skip("the game ended first")
            seat = min(session.to_act())
            options = session.legal_actions(seat)
            # end turns now and then, so positions change hands
            ends = [a for a in options if isinstance(a, EndTurn)]
            session.submit(ends[0] if ends and rng.random() < 0.3 else rng.choice(options))
        else:
            pytest.skip("no such position in 600 random moves")
        session.poll()
    scene = KomboKlashScene(app, match)
    app.push(scene)
    run(app, clock)
    return app, clock, match, scene


def find(plans: list[SeatPlan], until: Callable[[Match], bool]) -> tuple[App, Clock, Match, KomboKlashScene]:
    for seed in range(1, 60):
        try:
            return make(plans, seed, until)
        except pytest.skip.Exception:
            pygame.quit()
            pygame.display.init()
            pygame.font.init()
    pytest.skip("no seed reaches the position")


def settle(app: App, clock: Clock, scene: KomboKlashScene, limit: float = 20.0) -> None:
    t = 0.0
    run(app, clock, STEP * 2)
    while (scene.busy() or scene.effects_running()) and t < limit:
        run(app, clock, 0.1, draw=False)
        t += 0.1
    app.draw()


def legal(match: Match, seat: int = 0) -> list:
    return match.session.legal_actions(seat)


def in_play(match: Match) -> bool:
    view = match.session.view(0)
    return view.phase == "play" and view.pending is None


def places(match: Match, creature: str, trigger: bool) -> list[int]:
    return sorted({a.square for a in legal(match) if isinstance(a, Place) and a.creature == creature
                   and a.trigger == trigger})


def can_place(creature: str, trigger: bool) -> Callable[[Match], bool]:
    return lambda m: in_play(m) and bool(places(m, creature, trigger))


def with_kombos(count: int | None = None) -> Callable[[Match], bool]:
    def holds(m: Match) -> bool:
        view = m.session.view(0)
        return in_play(m) and bool(view.kombos) and (count is None or len(view.kombos) == count) and not view.scored
    return holds


def pending(ability: str, enough: int = 1) -> Callable[[Match], bool]:
    """A position where seat 0 may trigger the ability; the test then places the tile itself."""
    def holds(m: Match) -> bool:
        if not can_place(CREATURE_OF[ability], True)(m):
            return False
        if ability == "swamp":
            return sum(1 for b in m.session.view(0).board if b not in (None, "?")) >= enough + 1
        return True
    return holds


def pick(app: App, scene: KomboKlashScene, creature: str, device: str = "kb1") -> None:
    """Walk the focus to a `creature` tile of seat 0's hand and pick it up."""
    walk_to(app, scene, 0, device, hand_key(scene.view.hand.index(creature)))
    press(app, device, "select")
    assert scene.picked(0) == creature


def armed(scene: KomboKlashScene, seat: int = 0) -> str:
    target = scene.input.focused(seat)
    return "" if target is None else scene.input.armed_words(seat, target)


def trigger_placed(app: App, scene: KomboKlashScene, match: Match, ability: str) -> Place:
    """Seat 0 places its Kangaroo, Alligator or Vulture and answers yes: the ability waits."""
    place = next(a for a in legal(match) if isinstance(a, Place) and a.creature == CREATURE_OF[ability] and a.trigger)
    pick(app, scene, place.creature)
    walk_to(app, scene, 0, "kb1", square_key(place.square))
    press(app, "kb1", "select")
    assert scene.asking(0) == place.square and focus_key(scene, 0) == YES, "the focus lands on 'use it'"
    press(app, "kb1", "select")
    assert match.session.log[-1] == place and scene.mode(0) == ability
    return place
