"""Time from process start to the first frame drawn, headless (dummy video driver).

    python tools/bench/bench_startup.py [--game kabooom] [--players N] [--runs 5] [--targets menu,game]

Each run starts a fresh Python process that opens the 1280×720 display, builds the scene and draws
one frame, then prints a marker; the time is measured in this process from just before the child is
spawned to the marker arriving, so interpreter start-up and imports are included. Two targets: the
main menu (what the client shows first) and a game of --game from the catalogue, with default options,
a keyboard human in seat 1 and bots of the game's first level in the other seats (--players, default
two, or the game's fewest if more), its scene built by the client's own route. Prints the median and
the spread, plus the child's own split (imports / building the scene / first draw) of the median run.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from game.games import available_games, game_by_key

CHILD = r"""
import time
t0 = time.perf_counter()
import os, sys
sys.path.insert(0, {root!r})
import pygame
from game.ui.toolkit.app import SIZE
from game.ui.routes import new_app
pygame.display.init()
pygame.font.init()
surface = pygame.display.set_mode(SIZE)
t1 = time.perf_counter()
app = new_app(surface)
if {target!r} == "menu":
    from game.ui.screens.menu import MainMenu
    app.push(MainMenu(app))
else:
    from game.games import game_by_key
    from game.ui.play.match import Match, SeatPlan
    info = game_by_key({target!r})
    plans = (SeatPlan("human", "kb1"),) + tuple(SeatPlan("bot", level=info.bot_levels[0])
                                                 for _ in range({players!r} - 1))
    match = Match(info, {players!r}, info.default_options(), plans, 1, inline_bots=True)
    app.push(app.nav.game_scene(app, match))
t2 = time.perf_counter()
app.draw()
pygame.display.flip()
t3 = time.perf_counter()
print("FIRST_FRAME", t1 - t0, t2 - t1, t3 - t2, time.process_time(), flush=True)
"""


Run = tuple[float, tuple[float, float, float], float]   # wall to the marker, the child's split, its CPU


def one_run(target: str, players: int) -> Run:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    code = CHILD.format(root=str(ROOT), target=target, players=players)
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env)
    assert child.stdout is not None
    for line in child.stdout:
        if line.startswith("FIRST_FRAME"):
            elapsed = time.perf_counter() - start
            imports, build, draw, cpu = (float(x) for x in line.split()[1:])
            child.wait()
            return elapsed, (imports, build, draw), cpu
    child.wait()
    raise RuntimeError(f"{target}: the child drew no frame:\n{child.stderr.read() if child.stderr else ''}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kabooom", choices=[g.key for g in available_games()])
    parser.add_argument("--players", type=int, default=None,
                        help="for the game target (default: two, or the game's fewest if more)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--targets", default="menu,game", help="menu and/or game, comma-separated")
    args = parser.parse_args(argv)
    info = game_by_key(args.game)
    players = args.players or min(max(2, info.min_players), info.max_players)
    if not info.min_players <= players <= info.max_players:
        parser.error(f"{info.title} is for {info.min_players} to {info.max_players} players")
    for target in args.targets.split(","):
        if target not in ("menu", "game"):
            parser.error(f"target {target!r}: menu or game")
        name = "menu" if target == "menu" else info.key
        label = "main menu" if target == "menu" else f"{info.title}, {players} players (1 human)"
        try:
            runs = [one_run(name, players) for _ in range(args.runs)]
        except (RuntimeError, OSError) as exc:
            print(f"{name}: failed: {exc}")
            continue
        totals = sorted(r[0] for r in runs)
        median = statistics.median(totals)
        cpu = statistics.median(r[2] for r in runs)
        mid = min(runs, key=lambda r: abs(r[0] - median))
        imports, build, draw = mid[1]
        print(f"{name:8s} {label}: process start -> first frame: median {median * 1000:.0f} ms wall "
              f"(min {totals[0] * 1000:.0f}, max {totals[-1] * 1000:.0f}, {args.runs} runs); "
              f"child CPU time to the first frame: median {cpu * 1000:.0f} ms")
        print(f"{'':8s} of which: python + imports + display {imports * 1000:.0f} ms, "
              f"scene {build * 1000:.0f} ms, first draw {draw * 1000:.0f} ms, "
              f"interpreter start {max(0.0, mid[0] - imports - build - draw) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
