"""Frame time of the Kabooom! scene at 1280×720, mid-game, with an animation always running.

    python tools/bench/bench_frame.py [--frames 2000] [--players 4] [--seed 3]

A 4-player Medium game is placed and played some moves in, a human seat has a tower picked (target
highlights on), and every time the board goes idle a move or a Dynamite blast is replayed on the
display board, so every measured frame draws a slide or an explosion. Prints the median and p99 of
draw() alone and of a whole frame (fixed-step update + draw), in milliseconds of wall time, and of
the frame's CPU time, which stays meaningful when other processes share the cores.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pygame  # noqa: E402

from game.games import game_by_key  # noqa: E402
from game.kabooom.rules import Exploded, Move, Moved  # noqa: E402
from game.kabooom.scene import KabooomScene  # noqa: E402
from game.ui.toolkit.app import SIZE, App  # noqa: E402
from game.ui.routes import new_app
from game.ui.play.match import Match, SeatPlan  # noqa: E402


class FakeClock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def setup(players: int, seed: int, moves: int) -> tuple[App, FakeClock, Match, KabooomScene]:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(SIZE)
    clock = FakeClock()
    app = new_app(surface, clock=clock)
    plans = [SeatPlan("human", "kb1")] + [SeatPlan("human", f"kb{i + 2}") for i in range(players - 1)]
    match = Match(game_by_key("kabooom"), players, {"difficulty": "medium"}, tuple(plans), seed,
                  bot_think_time=0.0, inline_bots=True)
    rng = random.Random(seed)
    session = match.session
    placed = 0
    while session.view(None)["phase"] == "place":
        seat = min(session.to_act())
        session.submit(rng.choice(session.legal_actions(seat)))
        placed += 1
    for _ in range(moves):
        if session.outcome() is not None:
            break
        seat = min(session.to_act())
        legal = [a for a in session.legal_actions(seat) if isinstance(a, Move)]
        if not legal:
            break
        session.submit(rng.choice(legal))
    session.poll()
    scene = KabooomScene(app, match)
    app.push(scene)
    return app, clock, match, scene


def replay_something(scene: KabooomScene, match: Match, count: int) -> None:
    """Queue a display-only move (every fourth a blast) from the current board; the scene resyncs
    to the real view when it finishes, so the game itself never changes."""
    board = scene.view["board"]
    pairs = [(src, dst) for src, st in enumerate(board) if st
             for dst in range(25) if board[dst] and dst != src and abs(dst // 5 - src // 5) <= 1
             and abs(dst % 5 - src % 5) <= 1]
    if not pairs:
        return
    src, dst = pairs[count % len(pairs)]
    seat = board[src][-1][0]
    if count % 4 == 3:
        event = Exploded(seat, src, dst, len(board[dst]) + 1)
    else:
        event = Moved(seat, src, dst, len(board[src]) + len(board[dst]))
    scene._events.append(event)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--moves", type=int, default=8, help="capture moves played before measuring")
    args = parser.parse_args(argv)
    app, clock, match, scene = setup(args.players, args.seed, args.moves)
    session = match.session
    seat = min(session.to_act()) if session.to_act() else 0
    device = match.plans[seat].device

    draw_ms: list[float] = []
    frame_ms: list[float] = []
    cpu_ms: list[float] = []
    animating = 0
    replays = 0
    dt = 1 / 60   # a 60 Hz display: two fixed steps per frame
    for i in range(args.frames + 60):
        if not scene.busy():
            replay_something(scene, match, replays)
            replays += 1
        moves = [a for a in session.legal_actions(seat) if isinstance(a, Move)]
        if moves and device not in scene.selected:
            scene.selected[device] = moves[0].src
        c0 = time.thread_time()
        t0 = time.perf_counter()
        clock.t += dt
        app.advance(dt)
        t1 = time.perf_counter()
        app.draw()
        t2 = time.perf_counter()
        c1 = time.thread_time()
        if i >= 60:   # the first frames build caches (background, sprites, text)
            draw_ms.append((t2 - t1) * 1000)
            frame_ms.append((t2 - t0) * 1000)
            cpu_ms.append((c1 - c0) * 1000)
            animating += scene.busy() or bool(scene.effects)
    print(f"Kabooom! scene, {args.players} players mid-game, 1280x720, {len(draw_ms)} frames "
          f"({animating} with an animation running, {replays} moves/blasts replayed)")
    print(f"draw():          median {statistics.median(draw_ms):.3f} ms   p99 {percentile(draw_ms, 0.99):.3f} ms"
          f"   max {max(draw_ms):.3f} ms")
    print(f"update + draw:   median {statistics.median(frame_ms):.3f} ms   p99 {percentile(frame_ms, 0.99):.3f} ms"
          f"   max {max(frame_ms):.3f} ms")
    print(f"update + draw, CPU time of this thread (not counting time other processes took the core): "
          f"median {statistics.median(cpu_ms):.3f} ms   p99 {percentile(cpu_ms, 0.99):.3f} ms")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"budget: median <= 2 ms, p99 <= 4 ms   (load average {load:.2f} on {os.cpu_count()} cores)")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
