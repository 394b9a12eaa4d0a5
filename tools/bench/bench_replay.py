"""Replays: how big a game's file is, how long one takes to open, and how long the viewer takes to step
back 100 steps one at a time.

    python tools/bench/bench_replay.py [--games 20] [--seed 1] [--game kombio] [--level hard]

For each game, --games seeded games between bots of --level (the default players, the headless demo's
way: game.demo.run_demo with record=) are written to replay files. Prints per game: the file size
(median, largest, bytes per step), the time to open one (read, check every field, play every action
through the engine: game.replays.open_replay), and, in the viewer (headless, the game's real screen),
the time for 100 single steps back from the end (each builds the screen again on a state replayed from
the nearest snapshot): median and worst per step. Wall times on this machine as loaded now.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games_ready import ready_games

from game.demo import run_demo
from game.replays import open_replay


def viewer_steps_back(path: Path, count: int) -> list[float]:
    import pygame

    from game.ui.replay.viewer import ReplayViewer
    from game.ui.routes import new_app
    from game.ui.toolkit.app import SIZE
    pygame.display.init()
    pygame.font.init()
    app = new_app(pygame.Surface(SIZE))
    viewer = ReplayViewer(app, open_replay(path))
    viewer.go_to(viewer.session.length)
    times = []
    for _ in range(min(count, viewer.session.length)):
        started = time.perf_counter()
        viewer.step_back()
        viewer.draw(app.surface, 0.0)
        times.append(time.perf_counter() - started)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default=None)
    parser.add_argument("--level", default="hard", help="the bots' level (a searching one is slow to record)")
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="bench-replay-"))
    for info in ready_games():
        if args.game is not None and info.key != args.game:
            continue
        players = max(2, info.min_players)
        sizes, opens, steps, paths = [], [], [], []
        for i in range(args.games):
            path = folder / f"{info.key}-{i}.kreplay"
            run_demo(info.key, seed=args.seed + i, players=players, options=info.default_options(),
                     levels=[args.level] * players, out=lambda line: None, record=path)
            sizes.append(path.stat().st_size)
            started = time.perf_counter()
            replay = open_replay(path)
            opens.append(time.perf_counter() - started)
            steps.append(len(replay.steps))
            paths.append(path)
        longest = max(range(len(paths)), key=lambda k: steps[k])
        back = viewer_steps_back(paths[longest], 100)
        per_step = sum(sizes) / max(1, sum(steps))
        print(f"{info.title}: {args.games} games of {players} {args.level} bots, {statistics.median(steps):.0f} steps "
              f"(median), {max(steps)} at most")
        print(f"  file: median {statistics.median(sizes):.0f} B, largest {max(sizes)} B, {per_step:.1f} B a step")
        print(f"  open: median {statistics.median(opens) * 1000:.1f} ms, worst {max(opens) * 1000:.1f} ms")
        print(f"  100 steps back in the viewer ({len(back)} from the end of the longest game): total "
              f"{sum(back) * 1000:.0f} ms, median {statistics.median(back) * 1000:.1f} ms, "
              f"worst {max(back) * 1000:.1f} ms a step")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
