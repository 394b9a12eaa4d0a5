"""Engine and bot speed of any catalogue game, through the engine contract only.

    python tools/bench/bench_engine.py [--game kabooom|all] [--seconds 2] [--games 3] [--seed 1]
                                       [--old /tmp/head_old] [--no-bots] [--every-count] [--only ROW]
                                       [--fixed-games N]

1. Random playouts: applied actions per second (wall and CPU), a random player's work: to_act, then
   legal_actions for a random seat that may act before every action, new_game included. For every
   player count (min..max) with the default options, then at the fewest players for each other choice
   of each option, one option changed from its default at a time (--every-count: at every player
   count). --seconds per row, or --fixed-games seeded games per row. Combi-Nations adds the CPU time of one call listing a tile's
   placements (legal_actions in the PLACE phase, the first call on each state play reaches).
2. Bot decision time: median, p90 and worst per bot level, every seat of a game played by that
   level, over --games games per player count and option setting (the same settings as above). A
   bot chooses from engine.view(state, seat) and engine.legal_actions(state, seat) only, as in the
   client; where the views name a phase (view.phase), the times are also split by phase. A game
   whose seats act at once (KOMBIO) is played through game.core.bots.SimulatedTable, and every
   question a bot is asked is timed (a reaction or "nothing now" included).

--old TREE measures each playout row on an older tree of the project too, row by row in turn with
this tree's (the older one in a subprocess whose PYTHONPATH is TREE), and prints both rates and their
ratio per CPU second: the two are measured in one run, under the same load.

Times are wall clock and CPU time of this process; CPU time stays meaningful when other processes
share the cores. A game still running after 20,000 actions is stopped and counted as unfinished.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

# the tree measured: this one, or (a worker for --old) the one named by BENCH_TREE
_TREE = Path(os.environ.get("BENCH_TREE") or Path(__file__).resolve().parents[2])
sys.path.insert(0, str(_TREE))
sys.path.insert(0, str(_TREE / "tools"))

from games_ready import ready_game, ready_games

from game.core.bots import Bot, Decision, SimulatedTable, feed
from game.core.engine import Action, Engine, Event, GameConfig, View
from game.definition import GameDef

MAX_ACTIONS = 20_000

Setting = tuple[int, dict[str, str]]   # players, options


def settings(info: GameDef, every_count: bool = False) -> list[Setting]:
    """Every player count with the defaults, then each other option choice at the fewest players
    (with `every_count`, at every player count)."""
    defaults = info.default_options()
    counts = range(info.min_players, info.max_players + 1)
    found: list[Setting] = [(players, defaults) for players in counts]
    for option in info.options:
        for choice in option.choices:
            if choice != option.default:
                found += [(players, {**defaults, option.key: choice})
                          for players in (counts if every_count else (info.min_players,))]
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


def playout_rate(engine: Engine, config: GameConfig, seconds: float, seed: int,
                 games_wanted: int = 0) -> tuple[float, float, int, int]:
    """(actions per wall second, per CPU second, games, games stopped unfinished) of random play:
    for `seconds`, or (games_wanted > 0) for exactly that many games, seeds seed, seed + 1, ...: the
    same games on two trees whose engines play alike, so their rates compare the same work."""
    chooser = random.Random(seed)
    actions = games = unfinished = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while (games < games_wanted) if games_wanted else (time.perf_counter() - wall < seconds):
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


def one_game(engine: Engine, config: GameConfig, seed: int) -> tuple[int, float]:
    """(actions, CPU seconds) of one random game, the player seeded by the game's seed."""
    chooser = random.Random(seed)
    cpu = time.process_time()
    state = engine.new_game(config, seed)
    played = 0
    while engine.outcome(state) is None and played < MAX_ACTIONS:
        seat = pick_seat(state, engine, chooser)
        legal = engine.legal_actions(state, seat)
        engine.apply(state, legal[int(chooser.random() * len(legal))])
        played += 1
    return played, time.process_time() - cpu


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
        if not isinstance(action, Action):      # a turn-based game's bot answers with an action
            raise TypeError(f"a {level} bot answered {action!r}, not an action")
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


def placement_lists(states: int, seed: int) -> tuple[float, int]:
    """Combi-Nations: CPU µs per legal_actions call in the PLACE phase (the tile's placements), the
    first call on each state as seeded random play reaches it (each on a copy, so every engine
    starts from what the state itself carries), and the number of calls timed."""
    info = ready_game("combi_nations")
    engine = info.engine()
    chooser = random.Random(seed)
    found: list[Any] = []
    game = 0
    while len(found) < states:
        state = engine.new_game(info.make_config(2, info.default_options()), seed + game)
        game += 1
        while engine.outcome(state) is None:
            seat = pick_seat(state, engine, chooser)
            if getattr(state, "phase", "") == "place":
                found.append((engine.clone(state), seat))
            legal = engine.legal_actions(state, seat)
            engine.apply(state, legal[int(chooser.random() * len(legal))])
    spent = 0.0
    for state, seat in found[:states]:
        t0 = time.process_time()
        engine.legal_actions(state, seat)
        spent += time.process_time() - t0
    return spent / states * 1e6, states


def serve() -> int:
    """The --old worker: one JSON request per line (game, row, seconds, seed), one JSON answer."""
    for line in sys.stdin:
        ask = json.loads(line)
        if ask.get("row") == "placements":
            print(json.dumps(list(placement_lists(int(ask["seconds"]), ask["seed"]))), flush=True)
            continue
        info = ready_game(ask["game"])
        rows = {describe(info, s): s for s in settings(info, every_count=True)}
        setting = rows.get(ask["row"])
        if setting is None:
            print(json.dumps(None), flush=True)
            continue
        if ask["seconds"] < 0:                  # one game (interleaved)
            print(json.dumps(list(one_game(info.engine(), info.make_config(*setting), ask["seed"]))), flush=True)
            continue
        wall, cpu, games, unfinished = playout_rate(info.engine(), info.make_config(*setting), ask["seconds"],
                                                    ask["seed"], ask.get("fixed", 0))
        print(json.dumps([wall, cpu, games, unfinished]), flush=True)
    return 0


class _Old:
    """A worker measuring playout rows on an older tree (this file, run with that tree first on the path)."""

    def __init__(self, tree: Path) -> None:
        env = {**os.environ, "BENCH_TREE": str(tree.resolve()), "PYTHONPATH": str(tree.resolve())}
        self.proc = subprocess.Popen([sys.executable, __file__, "--serve"], env=env, cwd=str(tree),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def rate(self, game: str, row: str, seconds: float, seed: int, fixed: int = 0) -> list[float] | None:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        ask = {"game": game, "row": row, "seconds": seconds, "seed": seed, "fixed": fixed}
        self.proc.stdin.write(json.dumps(ask) + "\n")
        self.proc.stdin.flush()
        answer: list[float] | None = json.loads(self.proc.stdout.readline())
        return answer

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def interleaved(info: GameDef, engine: Engine, setting: Setting, row: str, seed: int, games: int, old: _Old) -> None:
    """--fixed-games with --old: game by game in turn, this tree's then the old one's (game k is
    seed + k, its random player seeded alike), so that a change of load falls on both alike."""
    config = info.make_config(*setting)
    totals = {"new": [0.0, 0.0], "old": [0.0, 0.0]}         # actions, CPU seconds
    for k in range(games):
        mine = one_game(engine, config, seed + k)
        before = old.rate(info.key, row, -1, seed + k)
        if before is None:
            print(f"  {row:<22} (no such row on the old tree)")
            return
        for side, (actions, cpu) in (("new", mine), ("old", before)):
            totals[side][0] += actions
            totals[side][1] += cpu
    new = totals["new"][0] / totals["new"][1]
    was = totals["old"][0] / totals["old"][1]
    print(f"  {row:<22} {new:>10,.0f} per CPU s   old {was:>8,.0f} per CPU s   new/old {new / was:5.2f}x"
          f"   ({games} games each, interleaved)", flush=True)


def playouts(info: GameDef, seconds: float, seed: int, old: _Old | None, every_count: bool = False,
             only: str = "", fixed: int = 0) -> None:
    engine = info.engine()
    print(f"{info.title}: random playouts (to_act + legal_actions + apply per action, new_game included), "
          + (f"{fixed} seeded games per row" if fixed else f"{seconds:g} s per row")
          + (", this tree then the old one, row by row" if old else ""))
    rates = []
    for setting in settings(info, every_count):
        row = describe(info, setting)
        if only not in row:
            continue
        if fixed and old is not None:
            interleaved(info, engine, setting, row, seed, fixed, old)
            continue
        wall, cpu, games, unfinished = playout_rate(engine, info.make_config(*setting), seconds, seed, fixed)
        rates.append(wall)
        stopped = f", {unfinished} stopped unfinished" if unfinished else ""
        print(f"  {row:<22} {wall:>10,.0f} actions/s   {cpu:>10,.0f} per CPU s   ({games} games{stopped})",
              flush=True)
        if old is not None:
            before = old.rate(info.key, row, seconds, seed, fixed)
            if before is None:
                print(f"  {'':<22} (no such row on the old tree)")
                continue
            o_wall, o_cpu, o_games, o_unfinished = before
            stopped = f", {o_unfinished:.0f} stopped unfinished" if o_unfinished else ""
            print(f"  {'  old':<22} {o_wall:>10,.0f} actions/s   {o_cpu:>10,.0f} per CPU s   "
                  f"({o_games:.0f} games{stopped})   new/old {cpu / max(o_cpu, 1e-9):5.2f}x per CPU s", flush=True)
    if rates:
        print(f"  slowest {min(rates):,.0f} actions/s, median {statistics.median(rates):,.0f}")
    if info.key == "combi_nations":
        spent, calls = placement_lists(2000, seed)
        line = f"  listing a tile's placements (PLACE legal_actions, 2p): {spent:7.1f} µs per call ({calls} calls)"
        if old is not None:
            before = old.rate(info.key, "placements", 2000, seed)
            if before is not None:
                line += f";  old {before[0]:7.1f} µs, new/old {spent / max(before[0], 1e-9):5.3f}"
        print(line, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kabooom", choices=["all", *[g.key for g in ready_games()]])
    parser.add_argument("--seconds", type=float, default=2.0, help="per playout row")
    parser.add_argument("--games", type=int, default=3, help="bot games per level, player count and option setting")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--old", type=Path, help="an older tree of the project, measured row by row alongside")
    parser.add_argument("--no-bots", action="store_true", help="random playouts only")
    parser.add_argument("--every-count", action="store_true",
                        help="playouts: each other option choice at every player count, not only the fewest")
    parser.add_argument("--only", default="", help="playouts: only the rows whose name contains this")
    parser.add_argument("--fixed-games", type=int, default=0,
                        help="playouts: exactly this many seeded games per row instead of --seconds")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        return serve()
    old = _Old(args.old) if args.old else None
    try:
        for info in ready_games() if args.game == "all" else (ready_game(args.game),):
            playouts(info, args.seconds, args.seed, old, args.every_count, args.only, args.fixed_games)
            if not args.no_bots:
                bot_times(info, args.games, args.seed)
    finally:
        if old is not None:
            old.close()
    return 0


def bot_times(info: GameDef, games_per: int, seed: int) -> None:
    engine = info.engine()
    rows = settings(info)
    args = argparse.Namespace(games=games_per, seed=seed)

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


if __name__ == "__main__":
    sys.exit(main())
