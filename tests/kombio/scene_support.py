"""What the KOMBIO scene tests share: a table reached by random play (no slaps, rare calls, so rounds
last) before the screen opens, running it until the table is still, the curtain taken by its player,
and the positions the tests start from."""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.games import game_by_key
from game.kombio.actions import Call, Slap
from game.kombio.scene import KombioScene
from game.kombio.scene.controls import card_key
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.toolkit.app import App
from tests.focus_driver import focus_key, press, walk_to
from tests.scene_doubles import Clock, FakeAudio, run

GAME = game_by_key("kombio")
BOT = SeatPlan("bot", level="easy")
DEVICES = ("kb1", "kb2", "kb3", "kb4")


def settle(app: App, clock: Clock, scene: KombioScene, limit: float = 30.0) -> None:
    t = 0.0
    run(app, clock, 0.1)      # past the slap window too
    while scene.busy() and t < limit:
        run(app, clock, 0.1)
        t += 0.1


def make(plans: list[SeatPlan], until: Callable[[Match], bool] | None = None, seed: int = 1,
         options: dict[str, str] | None = None, slaps: bool = False,
         think: float = 0.0) -> tuple[App, Clock, Match, KombioScene]:
    clock = Clock()
    app = new_app(pygame.Surface((1280, 720)), clock=clock, audio=FakeAudio())
    for attempt in range(60 if until is not None else 1):
        match = Match(GAME, len(plans), options or {}, tuple(plans), seed + attempt, bot_think_time=think,
                      inline_bots=True)
        if until is None or reach(match, until, seed + attempt, slaps):
            break
        match.close()
    else:
        pytest.skip("no such position")
    scene = KombioScene(app, match)
    app.push(scene)
    settle(app, clock, scene)
    return app, clock, match, scene


def reach(match: Match, until: Callable[[Match], bool], seed: int, slaps: bool) -> bool:
    """Random moves (no slaps unless asked, calls rarely, so rounds last) until `until` holds."""
    session, rng = match.session, random.Random(seed)
    for _ in range(3000):
        if until(match):
            session.poll()
            return True
        if not session.to_act():
            return False
        seat = rng.choice(sorted(session.to_act()))
        legal = [a for a in session.legal_actions(seat) if slaps or not isinstance(a, Slap)]
        calm = [a for a in legal if not isinstance(a, Call)]
        if calm and rng.random() < 0.97:
            legal = calm
        if legal:
            session.submit(rng.choice(legal))
    return False


def state(match: Match) -> Any:
    return match.session.state


def at_turn(seat: int, phase: str = "turn") -> Callable[[Match], bool]:
    def holds(m: Match) -> bool:
        s = state(m)
        return s.phase == phase and s.turn == seat and not s.pending
    return holds


def using(seat: int, value: int, looks: int = 0) -> Callable[[Match], bool]:
    """`seat` uses the ability of a discarded `value`, `looks` of its looks made."""
    def holds(m: Match) -> bool:
        s = state(m)
        return at_turn(seat, "ability")(m) and s.ability == value and len(s.ability_looks) == looks
    return holds


def holding(seat: int, values: tuple[int, ...] | None = None) -> Callable[[Match], bool]:
    def holds(m: Match) -> bool:
        s = state(m)
        return at_turn(seat, "drawn")(m) and (values is None or s.values[s.held] in values)
    return holds


def log_tail(match: Match, n: int = 1) -> list[Any]:
    return match.session.log[-n:]


def take_screen(app: App, scene: KombioScene) -> None:
    """The player the curtain waits for takes the screen."""
    for _ in range(4):
        seat = scene.curtain_seat
        if seat is None:
            return
        press(app, DEVICES[seat], "select")


def own_slot(match: Match, seat: int, pick: Callable[[int], bool] = lambda value: True) -> int:
    s = state(match)
    return next(i for i, c in enumerate(s.hands[seat]) if c >= 0 and pick(s.values[c]))


def walk_to_card(app: App, scene: KombioScene, seat: int, owner: int, slot: int) -> None:
    walk_to(app, scene, seat, DEVICES[seat], card_key(owner, slot))


def matching_card(match: Match) -> tuple[int, int] | None:
    s = state(match)
    if not s.open or not s.discard or s.pending:
        return None
    top = s.values[s.discard[-1]]
    for owner, hand in enumerate(s.hands):
        if s.locked(owner):
            continue
        for slot, card in enumerate(hand):
            if card >= 0 and s.values[card] == top:
                return owner, slot
    return None


def fresh_discard_seat_0_can_miss(m: Match) -> bool:
    """A discard nobody has slapped yet, at a turn's start, and a card in seat 0's hand that does
    not match it."""
    s = state(m)
    if s.phase != "turn" or not s.open or s.pending or s.attempted:
        return False
    top = s.values[s.discard[-1]]
    return any(c >= 0 and s.values[c] != top for c in s.hands[0])


def a_match_waits(m: Match) -> bool:
    s = state(m)
    return s.phase == "turn" and matching_card(m) is not None and s.attempted == 0


__all__ = ["BOT", "DEVICES", "a_match_waits", "at_turn", "focus_key", "fresh_discard_seat_0_can_miss", "holding",
           "log_tail", "make", "matching_card", "own_slot", "press", "settle", "state", "take_screen", "using",
           "walk_to", "walk_to_card"]


def play_to_the_end(app: App, clock: Clock, match: Match, scene: KombioScene, seed: int) -> None:
    """Seat 0 plays random legal moves (never a slap) through the scene until the game is over."""
    rng = random.Random(seed)
    for _ in range(400):
        if match.session.outcome() is not None:
            break
        settle(app, clock, scene)
        if scene.looks.waiting() is not None:
            press(app, "kb1", "select")          # done looking
            continue
        legal = [a for a in match.session.legal_actions(0) if not isinstance(a, Slap)]
        if legal:
            scene.submit(rng.choice(legal))
        run(app, clock, 0.3)
    settle(app, clock, scene)
