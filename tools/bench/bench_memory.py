"""Peak memory of a whole all-bot game of any catalogue game with its scene drawing every frame, headless.

    python tools/bench/bench_memory.py [--game kabooom] [--players N] [--option KEY=VALUE ...]
        [--level LEVEL] [--seed 1]

Every seat is a bot of --level (default: the game's first level), thinking in this process with a
0.3 s pause before each move, as the client paces them. Prints the process's peak resident set
(ru_maxrss: Python, pygame/SDL and every surface) before the game and after it, and the peak of
Python-level allocations during the game (tracemalloc; SDL's pixel buffers are allocated in C and do
not show there). Runs until the results screen opens, and draws it once.
"""
from __future__ import annotations

import argparse
import resource
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

# scenes sets SDL up (dummy drivers) before pygame is imported
from scenes import GAME_KEYS, make_app, make_match, parse_options

# isort: split
import pygame

from game.games import game_by_key


def max_rss_mb() -> float:
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / 1024 if sys.platform != "darwin" else rss / 2**20   # KiB on Linux, bytes on macOS


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kabooom", choices=GAME_KEYS)
    parser.add_argument("--players", type=int, default=None, help="default: the game's most")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. difficulty=hard (default: the game's defaults)")
    parser.add_argument("--level", default=None, help="bot level for every seat (default: the game's first)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-frames", type=int, default=60_000)
    args = parser.parse_args(argv)
    info = game_by_key(args.game)
    players = args.players or info.max_players
    if not info.min_players <= players <= info.max_players:
        parser.error(f"{info.title} is for {info.min_players} to {info.max_players} players")
    level = args.level or info.bot_levels[0]
    if level not in info.bot_levels:
        parser.error(f"{info.title} bot levels: {', '.join(info.bot_levels)}")
    options = parse_options(info, args.option)

    app, clock = make_app()
    before = max_rss_mb()

    tracemalloc.start()
    match = make_match(info.key, players, options, args.seed, humans=0, bot=level, think_time=0.3)
    scene = app.nav.game_scene(app, match)
    app.push(scene)
    frames = 0
    start, cpu = time.perf_counter(), time.process_time()
    while app.stack.top is scene and frames < args.max_frames:
        clock.t += 1 / 60
        app.advance(1 / 60)
        app.draw()
        frames += 1
    app.draw()   # the results screen over the final board
    elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
    _, py_peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    after = max_rss_mb()
    outcome = match.session.outcome()
    shown = ", ".join(f"{k}={v}" for k, v in options.items()) or "no options"
    print(f"{info.title} {players} bots ({level}), {shown}: {match.session.step} actions, "
          f"{frames} frames drawn ({frames / 60:.0f} s of play) in {elapsed:.1f} s wall, {cpu:.1f} s CPU "
          f"(with tracemalloc on); outcome {outcome.scores if outcome else 'unfinished'}")
    print(f"peak RSS: {before:.1f} MB after opening the display, {after:.1f} MB after the game "
          f"(+{after - before:.1f} MB)")
    print(f"peak Python allocations during the game (tracemalloc): {py_peak / 2**20:.2f} MB")
    match.close()
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
