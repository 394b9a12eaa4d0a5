"""What the menus' tests share: a stub game (seats take turns taking one stone; the last stone wins)
standing in for the real ones, a game not ready yet, and presses and keys through the app."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

import pygame

from game.core import Action, Engine, Event, GameConfig, Outcome, Termination, WireCodec, rank_winners
from game.core.options import Choice, Opt
from game.definition import GameDef
from game.ui.play.match import Match, SeatPlan
from game.ui.screens.pause import PauseScene
from game.ui.toolkit.input import Press, key_code
from game.ui.toolkit.scene import Scene

# -- a stub game: seats take turns taking one stone; the last stone wins ---------------------------


@dataclass(frozen=True)
class StubConfig(GameConfig):
    TAG: ClassVar[str] = "stub"
    difficulty: Annotated[str, Opt("Difficulty", (Choice("easy", note="Dealt for you"),
                                                  Choice("medium", note="You place yours"), Choice("hard")))] = "easy"


@dataclass(frozen=True)
class TakeOne(Action):
    TAG: ClassVar[str] = "take1"


@dataclass(frozen=True)
class Took(Event):
    TAG: ClassVar[str] = "took"
    seat: int


@dataclass
class StubState:
    players: int
    heap: int
    turn: int = 0
    taken: list | None = None


class StubEngine(Engine[StubState]):
    key: ClassVar[str] = "stub"
    title: ClassVar[str] = "Stub Game"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    actions: ClassVar[WireCodec] = WireCodec([TakeOne])
    events: ClassVar[WireCodec] = WireCodec([Took])
    configs: ClassVar[WireCodec] = WireCodec([StubConfig])

    def new_game(self, config, seed):
        self.check_config(config)
        return StubState(config.players, 3 + seed % 3, 0, [0] * config.players)

    def to_act(self, state):
        return frozenset() if state.heap == 0 else frozenset({state.turn})

    def legal_actions(self, state, seat):
        return [TakeOne(seat)] if state.heap and seat == state.turn else []

    def apply(self, state, action):
        self.require_legal(state, action)
        state.heap -= 1
        state.taken[action.seat] += 1
        state.turn = (state.turn + 1) % state.players
        return [Took(action.seat)]

    def view(self, state, seat):
        return {"heap": state.heap, "taken": list(state.taken), "players": state.players}

    def outcome(self, state):
        if state.heap:
            return None
        return Outcome(tuple(state.taken), rank_winners(state.taken), Termination.NO_MOVES)


class FirstLegal:
    def choose(self, view, legal):
        return legal[0]


def make_bot(level, seat, seed):
    return FirstLegal()


RULES = "Goal\nTake the last stone.\n\nTurns\n" + "Take one stone on your turn. " * 80


class StubScene(Scene):
    def __init__(self, app, match):
        super().__init__(app)
        self.match = match
        self.presses: list[Press] = []

    def handle(self, press):
        if press.button == "pause":
            self.app.push(PauseScene(self.app, self.match))
            return True
        self.presses.append(press)
        return True

    def update(self, dt):
        self.match.update(self.app.now())



HERE = __name__
STUB = GameDef.for_engine(StubEngine, tagline="A test of the menus.", config=StubConfig, bot=make_bot,
                          bot_levels=("easy", "hard"), rules=RULES, scene=f"{HERE}:StubScene",
                          result_line=lambda view, seat: f"took {view['taken'][seat]}")
LATER = GameDef.coming_soon("later", "Later Game", "Not ready.", 2, 6)


def keys(app, *names):
    """Press and release keys by name, through the app's input router, a frame after each."""
    for name in names:
        code = key_code(name)
        app.feed([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0),
                  pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)])
        step(app)


def step(app, seconds=1 / 60):
    app.test_clock["t"] += seconds
    app.frame([])


def press(app, button, device="kb1", pos=None):
    app.stack.dispatch("handle", Press(device, button, app.clock(), pos))
    step(app)


def focused_label(scene):
    item = scene.menu.focused
    return item.label if item is not None else None


def focus_row(scene, predicate, device="kb1"):
    """Move the focus down until `predicate(item)` holds, as a player would."""
    for _ in range(len(scene.menu.items) + 1):
        if scene.menu.focused is not None and predicate(scene.menu.focused):
            return
        press(scene.app, "down", device)
    raise AssertionError("no such row")


def finished_match(app, players=2):
    """A stub game with a human and bots, played to its end (a heap of 3: Red takes 2)."""
    match = Match(STUB, players, {"difficulty": "easy"},
                  tuple([SeatPlan("human", "kb1")] + [SeatPlan("bot", level="easy")] * (players - 1)),
                  seed=3, inline_bots=True, bot_think_time=0.0)   # a heap of 3: Red takes 2
    while match.session.outcome() is None:
        seat = min(match.session.to_act())
        match.session.submit(match.session.legal_actions(seat)[0])
    return match
