"""Engine and bot speed of any catalogue game, through the engine contract only.

    python tools/bench/bench_engine.py [--game kabooom] [--seconds 2] [--games 3] [--seed 1]

1. Random playouts: applied actions per second (wall and CPU), a random player's work: to_act, then
   legal_actions for a random seat that may act before every action, new_game included. For every
   player count (min..max) with the default options, then at the fewest players for each other choice
   of each option, one option changed from its default at a time. --seconds per row.
2. Bot decision time: median, p90 and worst per bot level, every seat of a game played by that
   level, over --games games per player count and option setting (the same settings as above). A
   bot chooses from engine.view(state, seat) and engine.legal_actions(state, seat) only, as in the
   client; where the views name a phase (view.phase), the times are also split by phase. A game
   whose seats act at once (KOMBIO) is played through game.core.bots.SimulatedTable, and every
   question a bot is asked is timed (a reaction or "nothing now" included).

Times are wall clock and CPU time of this process; CPU time stays meaningful when other processes
share the cores. A game still running after 20,000 actions is stopped and counted as unfinished.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games_ready import ready_game, ready_games

from game.core.bots import Bot, Decision, SimulatedTable, feed
from game.core.engine import Action, Engine, Event, GameConfig, View
from game.definition import GameDef

MAX_ACTIONS = 20_000

Setting = tuple[int, dict[str, str]]   # players, options


def settings(info: GameDef) -> list[Setting]:
    """Every player count with the defaults, then each other option choice at the fewest players."""
    defaults = info.default_options()
    found: list[Setting] = [(players, defaults) for players in range(info.min_players, info.max_players + 1)]
    for option in info.options:
        for choice in option.choices:
            if choice != option.default:
                found.append((info.min_players, {**defaults, option.key: choice}))
    return found


def describe(info: GameDef, setting: Setting) -> str:
    players, options = setting
    defaults = info.default_options()
    changed = [f"{k}={v}" for k, v in options.items() if v != defaults[k]]
    return f"{players}p " + (" ".join(changed) if changed else "defaults")


def pick_seat(state: Any, engine: Engine, chooser: random.Random) -> int:
    seats = engine.to_act(state)
    if not seats:
        raise RuntimeError("nobody may act but the game is not over")
    if len(seats) == 1:
        return next(iter(seats))
    return chooser.choice(sorted(seats))


def playout_rate(engine: Engine, config: GameConfig, seconds: float, seed: int) -> tuple[float, float, int, int]:
    """(actions per wall second, per CPU second, games, games stopped unfinished) of random play."""
    chooser = random.Random(seed)
    actions = games = unfinished = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        state = engine.new_game(config, seed + games)
        games += 1
        played = 0
        while engine.outcome(state) is None:
            if played == MAX_ACTIONS:
                unfinished += 1
                break
            seat = pick_seat(state, engine, chooser)
            legal = engine.legal_actions(state, seat)
            engine.apply(state, legal[int(chooser.random() * len(legal))])
            played += 1
        actions += played
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return actions / wall, actions / max(cpu, 1e-9), games, unfinished


def bot_game(info: GameDef, engine: Engine, level: str, setting: Setting, seed: int,
             times: dict[str, list[tuple[float, float]]]) -> bool:
    """One game with every seat a `level` bot; each decision's (wall, CPU) seconds go to times[level]
    and, where the view names a phase, to times[f"{level} {phase}"]. False if stopped unfinished."""
    players, options = setting
    state = engine.new_game(info.make_config(players, options), seed)
    assert info.bot is not None
    bots = [info.bot(level, seat, seed * 10 + seat) for seat in range(players)]
    if engine.game_type.simultaneous:
        # seats act at once (KOMBIO's slaps): played on a simulated clock, every question timed
        table = SimulatedTable(engine, {s: _Timing(b, level, times) for s, b in enumerate(bots)}, seed)
        for _ in range(MAX_ACTIONS):
            if engine.outcome(state) is not None:
                return True
            table.play(state)
        return engine.outcome(state) is not None
    chooser = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        if engine.outcome(state) is not None:
            return True
        seat = pick_seat(state, engine, chooser)
        view = engine.view(state, seat)
        legal = engine.legal_actions(state, seat)
        c0, t0 = time.thread_time(), time.perf_counter()
        action = bots[seat].choose(view, legal)
        spent = (time.perf_counter() - t0, time.thread_time() - c0)
        times.setdefault(level, []).append(spent)
        phase = getattr(view, "phase", None)
        if isinstance(phase, str):
            times.setdefault(f"{level} {phase}", []).append(spent)
        engine.apply(state, action)
    return engine.outcome(state) is not None


class _Timing:
    """A bot whose every choose() is timed into `times`, as bot_game does for turn-based games."""

    def __init__(self, bot: Bot, level: str, times: dict[str, list[tuple[float, float]]]) -> None:
        self.bot, self.level, self.times = bot, level, times

    def observe(self, events: list[Event]) -> None:
        feed(self.bot, events)

    def choose(self, view: View, legal: list[Action]) -> Decision:
        c0, t0 = time.thread_time(), time.perf_counter()
        decision = self.bot.choose(view, legal)
        spent = (time.perf_counter() - t0, time.thread_time() - c0)
        self.times.setdefault(self.level, []).append(spent)
        phase = getattr(view, "phase", None)
        if isinstance(phase, str):
            self.times.setdefault(f"{self.level} {phase}", []).append(spent)
        return decision


def summary(samples: list[tuple[float, float]]) -> str:
    wall = sorted(s[0] * 1000 for s in samples)
    cpu = sorted(s[1] * 1000 for s in samples)
    p90 = wall[min(len(wall) - 1, int(len(wall) * 0.9))]
    return (f"median {statistics.median(wall):7.3f}  p90 {p90:7.3f}  worst {wall[-1]:7.3f}   "
            f"CPU median {statistics.median(cpu):7.3f}  worst {cpu[-1]:7.3f}  ({len(wall)} decisions)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kabooom", choices=[g.key for g in ready_games()])
    parser.add_argument("--seconds", type=float, default=2.0, help="per playout row")
    parser.add_argument("--games", type=int, default=3, help="bot games per level, player count and option setting")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    info = ready_game(args.game)
    engine = info.engine()
    rows = settings(info)

    print(f"{info.title}: random playouts (to_act + legal_actions + apply per action, new_game included), "
          f"{args.seconds:g} s per row")
    rates = []
    for setting in rows:
        wall, cpu, games, unfinished = playout_rate(engine, info.make_config(*setting), args.seconds, args.seed)
        rates.append(wall)
        stopped = f", {unfinished} stopped unfinished" if unfinished else ""
        print(f"  {describe(info, setting):<22} {wall:>10,.0f} actions/s   {cpu:>10,.0f} per CPU s   "
              f"({games} games{stopped})")
    print(f"  slowest {min(rates):,.0f} actions/s, median {statistics.median(rates):,.0f}")

    print(f"Bot decision time (ms; wall, and CPU time of this thread), every seat the same level, "
          f"{args.games} game(s) per level and setting")
    for level in info.bot_levels:
        times: dict[str, list[tuple[float, float]]] = {}
        unfinished = games = 0
        wall, cpu = time.perf_counter(), time.process_time()
        for setting in rows:
            for game in range(args.games):
                games += 1
                unfinished += not bot_game(info, engine, level, setting, args.seed + game, times)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        stopped = f", {unfinished} stopped unfinished" if unfinished else ""
        print(f"  {level:<18} {summary(times[level])}")
        for key in sorted(k for k in times if k != level):
            print(f"  {key:<18} {summary(times[key])}")
        print(f"  {'':<18} {games} games in {wall:.1f} s wall, {cpu:.1f} s CPU{stopped}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
