"""A headless bot-vs-bot game of any available game, printed one line per action.

Used by `kombo-arcade --demo GAME`: it goes through the same LocalSession and BotDriver as a real
match (bots decide in-process, with no pause), so a demo that runs is a smoke test of the whole
engine-session-bot path without a window.

A game with simultaneous moves (KOMBIO's slaps) is a race against the clock: bots react after delays
of their own, so it is played on game.core.bots.SimulatedTable's simulated clock instead, which
applies the earliest due move of all the bots (ties by the seed): same seed, same game, no waiting.
"""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from game.core.bots import SEARCHING_LEVEL, BotDriver, SimulatedTable, load_factory
from game.core.engine import Action, Event, GameConfig, Outcome
from game.core.errors import ConfigError, KomboError
from game.core.narration import told
from game.core.replay import RecordedStep, Replay, ReplaySeat, encode
from game.core.seats import seat_name
from game.core.session import LocalSession, SeatInfo
from game.definition import GameDef
from game.games import game_by_key
from game.headless import result_lines
from game.storage import write_atomic

# The client's seat names (game.ui.toolkit.theme.PLAYER_NAMES); repeated so a demo never imports pygame.
MAX_STEPS = 100_000   # a game that has not ended by then is an engine or bot bug, not a long game
THINK_TIME = 1.0      # simulated seconds before a bot's duty move: its rivals' reactions may come first


class DemoError(KomboError, ValueError):
    """The demo cannot run as asked (unknown or unavailable game, bad players, levels or options)."""


def _game(game_key: str) -> GameDef:
    try:
        info = game_by_key(game_key)
    except KeyError as exc:
        raise DemoError(str(exc.args[0])) from None
    if not info.available:
        raise DemoError(f"{info.title} is not playable yet")
    return info


def _levels(info: GameDef, players: int, levels: list[str] | None, seed: int) -> list[str]:
    if levels is None:
        if not info.bot_levels:
            raise DemoError(f"{info.title} has no bots")
        # Alternate the listed levels so a default demo shows the bots against each other; not the
        # searching level, which decides on a wall clock: a default demo stays the same for a seed
        listed = [level for level in info.bot_levels if level != SEARCHING_LEVEL] or list(info.bot_levels)
        return [listed[i % len(listed)] for i in range(players)]
    if len(levels) != players:
        raise DemoError(f"give one bot level per player: {players} players, {len(levels)} levels")
    factory = load_factory(info.bot_path)
    for seat, level in enumerate(levels):
        try:
            factory(level, seat, seed)
        except ValueError as exc:
            raise DemoError(str(exc)) from None
    return list(levels)


def run_demo(game_key: str, *, seed: int, players: int, options: dict[str, str],
             levels: list[str] | None = None, out: Callable[[str], None] = print,
             record: Path | None = None) -> Outcome:
    """Play one game between bots and print it; returns the outcome. Same arguments, same output.
    `record`: also write the game there as a replay (game.core.replay), which `--replay` plays."""
    info = _game(game_key)
    if not info.min_players <= players <= info.max_players:
        raise DemoError(f"{info.title} is for {info.min_players} to {info.max_players} players, "
                        f"not {players}")
    chosen = _levels(info, players, levels, seed)
    try:
        config = info.make_config(players, dict(options))
    except ConfigError as exc:
        raise DemoError(str(exc)) from None
    seats = [SeatInfo(seat_name(i), "bot", level) for i, level in enumerate(chosen)]
    shown = ", ".join(f"{k} {v}" for k, v in sorted(options.items()))
    out(f"{info.title}: {players} players, seed {seed}" + (f", {shown}" if shown else ""))
    out("Bots: " + ", ".join(f"{s.name} {s.level}" for s in seats))
    steps: list[RecordedStep] = []
    if info.engine().game_type.simultaneous:
        outcome = _simulated(info, config, seed, chosen, out, steps)
    else:
        outcome = _driven(info, config, seed, seats, out, steps)
    for line in result_lines(outcome):
        out(line)
    if record is not None:
        replay = Replay(info.key, config, seed, tuple(ReplaySeat(s.name, "bot", s.level) for s in seats),
                        tuple(steps), time.time(), outcome)
        try:
            write_atomic(record, encode(info.engine(), replay))
        except OSError as exc:
            raise DemoError(f"cannot write the replay to {record}: {exc.strerror or exc}") from None
        out(f"Replay written to {record}")
    return outcome


def _driven(info: GameDef, config: GameConfig, seed: int, seats: list[SeatInfo],
            out: Callable[[str], None], steps: list[RecordedStep]) -> Outcome:
    """A turn-based game through a LocalSession and the BotDriver, as a window plays it."""
    session = LocalSession(info.engine(), config, seed, seats, info.realtime)
    driver = BotDriver(session, info.bot_path, info.engine_path, seed=seed, think_time=0.0,
                       inline=True)
    try:
        while session.outcome() is None:
            if session.step >= MAX_STEPS:
                raise DemoError(f"no end after {MAX_STEPS} actions")
            if not driver.update(0.0):
                raise DemoError(f"the bots made no move at step {session.step}")
            for step in session.poll():
                out(step_text(info, step.number, step.action, step.events))
    finally:
        driver.close()
    steps += [RecordedStep.of(r) for r in session.referee.steps]
    outcome = session.outcome()
    assert outcome is not None
    return outcome


def _simulated(info: GameDef, config: GameConfig, seed: int, levels: list[str],
               out: Callable[[str], None], steps: list[RecordedStep]) -> Outcome:
    """A game with simultaneous moves on a simulated clock (see the module's docstring)."""
    engine = info.engine()
    factory = load_factory(info.bot_path)
    # each bot seeded as the BotDriver seeds it, so a seat's bot is the same one in both paths
    bots = {seat: factory(level, seat, seed + seat) for seat, level in enumerate(levels)}
    table = SimulatedTable(engine, bots, seed, think_time=THINK_TIME)
    state = engine.new_game(config, seed)
    step = 0
    while engine.outcome(state) is None:
        if step >= MAX_STEPS:
            raise DemoError(f"no end after {MAX_STEPS} actions")
        try:
            action, events = table.play(state)
        except RuntimeError as exc:     # no bot has anything to do: a bot or engine bug
            raise DemoError(f"the bots made no move at step {step}: {exc}") from exc
        step += 1
        steps.append(RecordedStep(action))
        out(step_text(info, step, action, engine.seen_by(events, None)))
    outcome = engine.outcome(state)
    assert outcome is not None
    return outcome


def step_text(info: GameDef, number: int, action: Action | None, public: Sequence[Event]) -> str:
    """A step as the demo and `--replay` print it: what a spectator reads of its events."""
    return f"{number:4d}  {told(info.narrate, public) or action}"
