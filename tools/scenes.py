"""What the screenshot tool and the benches share: a headless app, a match of any catalogue game,
random play to reach a mid-game position, and the fixed-step clock."""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.core.engine import Action
from game.core.errors import IllegalActionError
from game.core.session import Session
from game.definition import GameDef
from game.games import available_games, game_by_key
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.toolkit.app import SIZE, STEP, App

DEVICES = ("kb1", "kb3", "kb2", "kb4", "pad0", "pad1")
GAME_KEYS = tuple(g.key for g in available_games())


class FakeClock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def make_app(size: tuple[int, int] = SIZE) -> tuple[App, FakeClock]:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(size)
    clock = FakeClock()
    return new_app(surface, clock=clock), clock


def parse_options(info: GameDef, pairs: list[str]) -> dict[str, str]:
    """['difficulty=hard'] -> the game's options, defaults for the rest; SystemExit names a bad one."""
    options = info.default_options()
    for pair in pairs:
        key, sep, value = pair.partition("=")
        option = next((o for o in info.options if o.key == key), None)
        if not sep or option is None or value not in option.choices:
            known = ", ".join(f"{o.key}={'|'.join(o.choices)}" for o in info.options) or "none"
            raise SystemExit(f"{info.title}: bad option {pair!r}; options: {known}")
        options[key] = value
    return options


def make_match(game: str, players: int | None = None, options: dict[str, str] | None = None,
               seed: int = 1, humans: int = 1, mouse: bool = False, bot: str = "",
               think_time: float = 0.0) -> Match:
    """Seats 1..humans are keyboard (or mouse) humans, the rest bots of level `bot` (default: the game's
    first), deciding in this process, each after a pause of `think_time` seconds."""
    info = game_by_key(game)
    players = players or info.min_players
    level = bot or info.bot_levels[0]
    plans = []
    for seat in range(players):
        if seat < humans:
            plans.append(SeatPlan("human", "mouse" if mouse and seat == 0 else DEVICES[seat]))
        else:
            plans.append(SeatPlan("bot", level=level))
    return Match(info, players, options if options is not None else info.default_options(), tuple(plans),
                 seed, bot_think_time=think_time, inline_bots=True)


def random_action(session: Session, rng: random.Random) -> Action | None:
    """A random legal action of a random seat that may act; a pass only when nothing else is legal, so
    the position keeps changing. None when the game is over or nobody may act."""
    if session.outcome() is not None or not session.to_act():
        return None
    seat = rng.choice(sorted(session.to_act()))
    legal = session.legal_actions(seat)
    if not legal:
        return None
    moves = [a for a in legal if "pass" not in type(a).__name__.lower()]
    return rng.choice(moves or legal)


def play_random(match: Match, steps: int, seed: int) -> int:
    """`steps` random_action()s, submitted; stops early if the game ends."""
    rng = random.Random(seed)
    session = match.session
    done = 0
    for _ in range(steps):
        action = random_action(session, rng)
        if action is None:
            break
        try:
            session.submit(action)
        except IllegalActionError:
            continue        # a slap held in its window was judged first and changed the table
        done += 1
    session.poll()   # the scene starts from here: nothing to replay
    return done


def run(app: App, clock: FakeClock, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        clock.t += STEP
        app.advance(STEP)
