"""Every game's prompts do what their focus shows: a game played through its screen by keyboard
players sharing one screen, and at each prompt a player meets (every phase, every choice owed), every
choice their focus may rest on is walked to by keys and selected: Select asks for exactly the action
the focus showed, never another, and a choice that cannot be taken back waits for its second press.
Then one of the choices is really made, by keys, and the game goes on.
"""
from __future__ import annotations

import random

import pygame
import pytest

from game.games import available_games, game_by_key
from game.ui.play.game_screen import GameScreen
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from tests.focus_driver import check_every_choice, focus_key, press, walk_to
from tests.scene_doubles import Clock, FakeAudio, run

DEVICES = ("kb1", "kb2", "kb3", "kb4")
PROMPTS = 40          # prompts checked per game (each: every choice on it)


def on_shared_parts(key: str) -> bool:
    scene = game_by_key(key).scene()
    return scene.targets is not GameScreen.targets


GAMES = [g.key for g in available_games()]


def settle(app, clock, scene) -> None:
    for _ in range(200):
        if not scene.busy():
            return
        run(app, clock, 0.05, draw=False)


@pytest.mark.parametrize("key", GAMES)
def test_every_choice_at_every_prompt_does_what_its_focus_shows(key, pygame_video):
    if not on_shared_parts(key):
        pytest.skip(f"{key}'s screen is not on the shared focus yet")
    info = game_by_key(key)
    players = min(max(2, info.min_players), len(DEVICES))
    clock = Clock()
    app = new_app(pygame.Surface((1280, 720)), clock=clock, audio=FakeAudio())
    plans = tuple(SeatPlan("human", DEVICES[i]) for i in range(players))
    match = Match(info, players, info.default_options(), plans, 7, bot_think_time=0.0, inline_bots=True)
    scene = app.nav.game_scene(app, match)
    app.push(scene)
    rng = random.Random(7)
    prompts = checked = 0
    for _ in range(2000):
        if match.session.outcome() is not None or prompts >= PROMPTS:
            break
        settle(app, clock, scene)
        waiting = scene.curtain_seat
        if waiting is not None:              # the curtain: the player takes the screen
            press(app, DEVICES[waiting], "select")
            continue
        held = scene.held_for()
        if held is not None:                 # a look read: its player says so
            press(app, DEVICES[held], "select")
            continue
        # the human whose choice the game waits for (in a real-time game others may slap meanwhile)
        seat = next((s for s in scene.human_seats_to_act() if any(t.enabled for t in scene.focusables(s))), None)
        if seat is None:
            run(app, clock, 0.1, draw=False)
            continue
        device = DEVICES[seat]
        before = match.session.step
        checked += check_every_choice(app, scene, seat, device)
        prompts += 1
        assert match.session.step == before, "checking the choices made a move"
        # then one real choice by keys: a move if there is one, else a step of the screen's own
        targets = [t for t in scene.focusables(seat) if t.enabled]
        legal = match.session.legal_actions(seat)
        moves = [t for t in targets if t.action is not None and t.action in legal]
        # a step of the screen's own (a pick) most of the time, so that play goes on for a while
        steps = [t for t in targets if t.action is None]
        target = rng.choice(steps if steps and (not moves or rng.random() < 0.5) else moves)
        walk_to(app, scene, seat, device, target.key)
        press(app, device, "select")
        if target.confirm and focus_key(scene, seat) == target.key:
            press(app, device, "select")
        app.draw()
    assert prompts >= min(PROMPTS, 10) and checked >= prompts, (prompts, checked)
