"""CPU use of the client while nobody touches it, in a real window under Xvfb (software rendering).

    python tools/bench/bench_idle.py [--seconds 10] [--size 1280x720] [--scenes menu,game,results]
        [--game kabooom] [--before DIR]

Each screen runs in a fresh client process that opens its window the way `kombo-arcade` does (the
Display, the settings' "fit" window size, the App's own loop) on an Xvfb screen of --size started for
the bench (its own display number; DISPLAY is not used), then sits there: the main menu; a game of
--game waiting for a human's move (every seat a keyboard human, a few random moves in); the results
screen over a finished game. After 2 s of warm-up it counts the process's CPU time (all threads) and
the frames it presented for --seconds, and the X server's CPU time over the same span. Prints one
line per screen: % of one core, frames presented per second. `--scenes bots` adds a screen that is
not idle, for comparison: a game of bots whose moves animate most of the time.

--before DIR runs the same screens first with the code in DIR (e.g. `git archive HEAD | tar -x -C
DIR` before a change) and prints both. A tree whose Display has no `present` (the SCALED window of
old) is run with the loop `kombo-arcade` had then: draw and flip every frame at 120 fps.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WARM_UP = 2.0
SCENES = ("menu", "game", "results")
BUSY = ("bots",)          # not idle: a game of bots, its moves animating most of the time

CHILD = r"""
import json, os, random, sys, threading, time
sys.path.insert(0, {root!r})
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
import pygame
from game.games import game_by_key
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.toolkit.app import SIZE
from game.ui.toolkit.display import Display
from game.ui.toolkit.settings import Settings

scene, game, seconds, warm = {scene!r}, {game!r}, {seconds!r}, {warm!r}
display = Display(SIZE, Settings())
surface = display.open()
pygame.font.init()
app = new_app(surface, display=display)
flips = [0]
real_flip = pygame.display.flip
def counted_flip():
    flips[0] += 1
    real_flip()
pygame.display.flip = counted_flip

def random_match(steps):
    info = game_by_key(game)
    players = max(2, info.min_players)
    plans = tuple(SeatPlan("human", f"kb{{i + 1}}") for i in range(players))
    match = Match(info, players, info.default_options(), plans, 3, inline_bots=True)
    rng = random.Random(3)
    for _ in range(steps):
        session = match.session
        if session.outcome() is not None or not session.to_act():
            break
        seat = rng.choice(sorted(session.to_act()))
        legal = session.legal_actions(seat)
        moves = [a for a in legal if "pass" not in type(a).__name__.lower()]
        session.submit(rng.choice(moves or legal))
    match.session.poll()
    return match

if scene == "menu":
    app.nav.main_menu(app)
elif scene == "bots":
    info = game_by_key(game)
    players = max(2, info.min_players)
    plans = tuple(SeatPlan("bot", level=info.bot_levels[0]) for _ in range(players))
    app.push(app.nav.game_scene(app, Match(info, players, info.default_options(), plans, 3,
                                           bot_think_time=0.2, inline_bots=True)))
elif scene == "game":
    match = random_match(12)
    app.push(app.nav.game_scene(app, match))
else:
    match = random_match(100_000)
    app.push(app.nav.game_scene(app, match))
    app.nav.results(app, match)

result = {{}}
def measure():
    time.sleep(warm)
    c0, w0, f0 = time.process_time(), time.monotonic(), flips[0]
    time.sleep(seconds)
    c1, w1, f1 = time.process_time(), time.monotonic(), flips[0]
    result.update(cpu=(c1 - c0) / (w1 - w0), fps=(f1 - f0) / (w1 - w0), wall=w1 - w0)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
threading.Thread(target=measure, daemon=True).start()
if hasattr(display, "present"):
    app.run(present=display.present)
else:
    clock = pygame.time.Clock()
    app.run(present=pygame.display.flip, tick=lambda: clock.tick(120))
app.shutdown()
print("IDLE " + json.dumps(result), flush=True)
"""


def free_display() -> int:
    for number in range(140, 200):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            return number
    raise SystemExit("no free X display number between :140 and :199")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_scene(tree: Path, scene: str, args: argparse.Namespace, display: str, xvfb: int) -> dict[str, float]:
    code = CHILD.format(root=str(tree), scene=scene, game=args.game, seconds=args.seconds, warm=WARM_UP)
    with tempfile.TemporaryDirectory() as home:
        env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY")}
        env.update(DISPLAY=display, SDL_AUDIODRIVER="dummy", KOMBO_ARCADE_CONFIG_DIR=f"{home}/config",
                   KOMBO_ARCADE_DATA_DIR=f"{home}/data", PYTHONPATH=str(tree))
        child = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        time.sleep(WARM_UP + 0.5)       # the X server's share over (about) the measured span
        x0, t0 = cpu_seconds(xvfb), time.monotonic()
        time.sleep(args.seconds - 0.5)
        x1, t1 = cpu_seconds(xvfb), time.monotonic()
        out, err = child.communicate(timeout=args.seconds + 120)
    line = next((x for x in out.splitlines() if x.startswith("IDLE ")), None)
    if child.returncode != 0 or line is None:
        raise SystemExit(f"the client for {scene!r} failed ({child.returncode}):\n{err[-2000:]}")
    figures: dict[str, float] = json.loads(line[5:])
    figures["x"] = (x1 - x0) / (t1 - t0)
    return figures


def run_tree(tree: Path, args: argparse.Namespace, display: str, xvfb: int) -> dict[str, dict[str, float]]:
    return {scene: run_scene(tree, scene, args, display, xvfb) for scene in args.scenes}


def show(label: str, results: dict[str, dict[str, float]]) -> None:
    print(label)
    for scene, r in results.items():
        print(f"  {scene:8} client {r['cpu'] * 100:5.1f}% of a core  {r['fps']:6.1f} frames/s presented"
              f"   (Xvfb {r['x'] * 100:4.1f}%)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0, help="measured seconds per screen")
    parser.add_argument("--size", default="1280x720", help="the Xvfb screen, e.g. 1920x1080")
    parser.add_argument("--scenes", default=",".join(SCENES), help="some of " + ",".join(SCENES + BUSY))
    parser.add_argument("--game", default="kabooom")
    parser.add_argument("--before", type=Path, help="a tree of the code before a change, run first")
    args = parser.parse_args(argv)
    args.scenes = [s for s in args.scenes.split(",") if s]
    if any(s not in SCENES + BUSY for s in args.scenes) or args.seconds < 1:
        parser.error(f"screens are {', '.join(SCENES + BUSY)}; at least 1 second each")
    if shutil.which("Xvfb") is None:
        raise SystemExit("Xvfb is needed (apt-get install xvfb)")
    number = free_display()
    xvfb = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", f"{args.size}x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while not Path(f"/tmp/.X11-unix/X{number}").exists():
            if xvfb.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("Xvfb did not start")
            time.sleep(0.1)
        print(f"Xvfb {args.size}, {args.seconds:g} s per screen after {WARM_UP:g} s of warm-up, "
              f"{os.cpu_count()} cores")
        if args.before is not None:
            show(f"before ({args.before})", run_tree(args.before.resolve(), args, f":{number}", xvfb.pid))
        show(f"{'after' if args.before is not None else 'now'} ({ROOT})",
             run_tree(ROOT, args, f":{number}", xvfb.pid))
    finally:
        xvfb.terminate()
        xvfb.wait()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
