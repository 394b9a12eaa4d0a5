"""Peak memory of a whole Kabooom! bot game with the scene drawing every frame, headless.

    python tools/bench/bench_memory.py [--players 4] [--difficulty medium] [--level easy] [--seed 1]

Prints the process's peak resident set (ru_maxrss: Python, pygame/SDL and every surface) before the
game and after it, and the peak of Python-level allocations during the game (tracemalloc; SDL's
pixel buffers are allocated in C and do not show there). Runs until the results screen opens.
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import time
import tracemalloc
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from game.games import game_by_key  # noqa: E402
from game.kabooom.scene import KabooomScene  # noqa: E402
from game.ui.toolkit.app import SIZE  # noqa: E402
from game.ui.routes import new_app
from game.ui.play.match import Match, SeatPlan  # noqa: E402


def max_rss_mb() -> float:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / 1024 if sys.platform != "darwin" else rss / 2**20   # KiB on Linux, bytes on macOS


class FakeClock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--difficulty", default="medium")
    parser.add_argument("--level", default="easy", help="bot level for every seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-frames", type=int, default=60_000)
    args = parser.parse_args(argv)

    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(SIZE)
    clock = FakeClock()
    app = new_app(surface, clock=clock)
    before = max_rss_mb()

    tracemalloc.start()
    plans = tuple(SeatPlan("bot", level=args.level) for _ in range(args.players))
    match = Match(game_by_key("kabooom"), args.players, {"difficulty": args.difficulty}, plans, args.seed,
                  bot_think_time=0.3, inline_bots=True)
    scene = KabooomScene(app, match)
    app.push(scene)
    frames = 0
    start = time.perf_counter()
    while app.stack.top is scene and frames < args.max_frames:
        clock.t += 1 / 60
        app.advance(1 / 60)
        app.draw()
        frames += 1
    app.draw()   # the results screen over the final board
    elapsed = time.perf_counter() - start
    _, py_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    after = max_rss_mb()
    outcome = match.session.outcome()
    print(f"Kabooom! {args.players} bots ({args.level}), {args.difficulty}: {match.session.step} actions, "
          f"{frames} frames drawn ({frames / 60:.0f} s of play) in {elapsed:.1f} s; "
          f"outcome {outcome.scores if outcome else 'unfinished'}")
    print(f"peak RSS: {before:.1f} MB after opening the display, {after:.1f} MB after the game "
          f"(+{after - before:.1f} MB)")
    print(f"peak Python allocations during the game (tracemalloc): {py_peak / 2**20:.2f} MB")
    match.close()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
