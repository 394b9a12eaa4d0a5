"""Frame time of a game's scene at 1280×720, mid-game, with real moves animating all the time.

    python tools/bench/bench_frame.py [--game kabooom] [--players N] [--option KEY=VALUE ...]
        [--frames 2000] [--seed 3] [--steps N]

Every seat is a keyboard human, so nothing plays by itself. A random game of that setup is played
halfway (--steps: that many random actions instead), the game's scene is opened on it, and then,
whenever the scene is not busy (and at least 0.2 s after the last action, a quick player's pace), a
random legal action of a seat that may act is submitted (a pass only when nothing else is legal): real moves, so every frame shows the game's own animations. The
action is applied to the session between frames; the scene takes the step inside the timed update,
as it takes a bot's move. Where several humans share a screen in a game with hidden information the
curtain goes up between turns; the seat's own select press lifts it, and frames drawn with the
curtain up are not counted. When a game ends (and its last move has been shown) a new match with the
next seed is set up the same way with a new scene. The first 60 frames of the run are not counted
(start-up builds caches: background, sprites, text); a later game's first frames count, as a player
sees them.

Prints the median and p99 of draw() alone and of a whole frame (fixed-step update + draw), in
milliseconds of wall time, and of the frame's CPU time, which stays meaningful when other processes
share the cores.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

# scenes sets SDL up (dummy drivers) before pygame is imported
from scenes import (
    GAME_KEYS,
    make_app,
    make_match,
    parse_options,
    play_random,
    random_action,
)

# isort: split
import pygame

from game.definition import GameDef
from game.games import game_by_key
from game.ui.play.game_screen import GameScreen
from game.ui.play.match import Match
from game.ui.toolkit.app import App
from game.ui.toolkit.input import Press

WARM_UP = 60   # frames of the first scene not counted (start-up: caches, fonts)
PACE = 12      # frames at least between two actions (0.2 s: a quick player), so a short game still
               # shows frames between its moves


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def midgame(info: GameDef, players: int, options: dict[str, str], seed: int, steps: int | None) -> Match:
    """A match with every seat a keyboard human, `steps` random actions in (None: halfway through the
    random game those actions would play)."""
    if steps is None:
        whole = make_match(info.key, players, options, seed, humans=players)
        steps = play_random(whole, 1_000_000, seed) // 2
        whole.close()
    match = make_match(info.key, players, options, seed, humans=players)
    play_random(match, steps, seed)
    return match


def open_scene(app: App, match: Match) -> GameScreen:
    scene = app.nav.game_scene(app, match)
    app.stack.reset(scene)
    return scene


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kabooom", choices=GAME_KEYS)
    parser.add_argument("--players", type=int, default=None, help="default: the game's most")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. difficulty=hard (default: the game's defaults)")
    parser.add_argument("--frames", type=int, default=2000, help="frames measured")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--steps", type=int, default=None,
                        help="random actions before measuring (default: half a random game)")
    args = parser.parse_args(argv)
    info = game_by_key(args.game)
    players = args.players or info.max_players
    if not info.min_players <= players <= info.max_players:
        parser.error(f"{info.title} is for {info.min_players} to {info.max_players} players")
    options = parse_options(info, args.option)

    app, clock = make_app()
    seed = args.seed
    match = midgame(info, players, options, seed, args.steps)
    start_step = match.session.step
    scene = open_scene(app, match)
    rng = random.Random(seed)

    draw_ms: list[float] = []
    frame_ms: list[float] = []
    cpu_ms: list[float] = []
    animating = submitted = curtains = games = 0
    age = last_action = 0    # frames drawn by the current scene; the frame of its last action
    warm_up = WARM_UP
    dt = 1 / 60    # a 60 Hz display: two fixed steps per frame
    while len(draw_ms) < args.frames:
        session = match.session
        if session.outcome() is not None and not scene.busy():
            match.close()
            seed += 1
            games += 1
            match = midgame(info, players, options, seed, args.steps)
            if match.session.outcome() is not None:
                raise SystemExit(f"seed {seed}: the game is over before the scene opens (--steps?)")
            scene = open_scene(app, match)
            age = last_action = 0
            warm_up = 0        # a new game's first frames count: a player sees them too
            session = match.session
        waiting = scene.curtain_seat
        if waiting is not None:
            for device in scene.devices_of(waiting)[:1]:
                app.stack.dispatch("handle", Press(device, "select", clock.t))
        elif not scene.busy() and age >= last_action + PACE:
            last_action = age
            action = random_action(session, rng)
            if action is not None:
                session.submit(action)
                submitted += 1
        c0 = time.thread_time()
        t0 = time.perf_counter()
        clock.t += dt
        app.advance(dt)
        t1 = time.perf_counter()
        app.draw()
        t2 = time.perf_counter()
        c1 = time.thread_time()
        age += 1
        if scene.curtain_seat is not None:
            curtains += 1
        elif age > warm_up:
            draw_ms.append((t2 - t1) * 1000)
            frame_ms.append((t2 - t0) * 1000)
            cpu_ms.append((c1 - c0) * 1000)
            animating += scene.busy() or scene.effects_running()
    match.close()

    shown = ", ".join(f"{k}={v}" for k, v in options.items()) or "no options"
    print(f"{info.title} scene, {players} players mid-game (from step {start_step}), {shown}, "
          f"{app.size[0]}x{app.size[1]}, {len(draw_ms)} frames ({animating} with an animation running, "
          f"{submitted} actions played, {games} new games, {curtains} curtain frames not counted)")
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
