"""Time from process start to the first frame drawn, headless (dummy video driver).

    python tools/bench/bench_startup.py [--runs 5]

Each run starts a fresh Python process that opens the 1280×720 display, builds the scene and draws
one frame, then prints a marker; the time is measured in this process from just before the child is
spawned to the marker arriving, so interpreter start-up and imports are included. Two targets: the
main menu (what the client shows first) and a Kabooom! game against a bot. Prints the median and the
spread, plus the child's own split (imports / building the scene / first draw) of the median run.
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

CHILD = r"""
import time
t0 = time.perf_counter()
import os, sys
sys.path.insert(0, {root!r})
import pygame
from game.ui.toolkit.app import SIZE, App
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
    from game.kabooom.scene import KabooomScene
    from game.ui.play.match import Match, SeatPlan
    match = Match(game_by_key("kabooom"), 2, {{"difficulty": "medium"}},
                  (SeatPlan("human", "kb1"), SeatPlan("bot", level="easy")), 1, inline_bots=True)
    app.push(KabooomScene(app, match))
t2 = time.perf_counter()
app.draw()
pygame.display.flip()
t3 = time.perf_counter()
print("FIRST_FRAME", t1 - t0, t2 - t1, t3 - t2, flush=True)
"""


def one_run(target: str) -> tuple[float, tuple[float, float, float]]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    code = CHILD.format(root=str(ROOT), target=target)
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env)
    assert child.stdout is not None
    for line in child.stdout:
        if line.startswith("FIRST_FRAME"):
            elapsed = time.perf_counter() - start
            parts = tuple(float(x) for x in line.split()[1:])
            child.wait()
            return elapsed, parts  # type: ignore[return-value]
    child.wait()
    raise RuntimeError(f"{target}: the child drew no frame:\n{child.stderr.read() if child.stderr else ''}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--targets", default="menu,kabooom")
    args = parser.parse_args(argv)
    for target in args.targets.split(","):
        try:
            runs = [one_run(target) for _ in range(args.runs)]
        except (RuntimeError, OSError) as exc:
            print(f"{target}: failed: {exc}")
            continue
        totals = sorted(r[0] for r in runs)
        median = statistics.median(totals)
        mid = min(runs, key=lambda r: abs(r[0] - median))
        imports, build, draw = mid[1]
        print(f"{target:8s} process start -> first frame: median {median * 1000:.0f} ms "
              f"(min {totals[0] * 1000:.0f}, max {totals[-1] * 1000:.0f}, {args.runs} runs)")
        print(f"{'':8s} of which: python + imports + display {imports * 1000:.0f} ms, "
              f"scene {build * 1000:.0f} ms, first draw {draw * 1000:.0f} ms, "
              f"interpreter start {max(0.0, mid[0] - imports - build - draw) * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
