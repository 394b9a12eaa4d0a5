"""The time from a slap key press to the slap shown on screen, in frames and milliseconds, while the
real app loop (App.run with its input pump) runs headless on a KOMBIO table.

    python tools/bench/bench_slap_latency.py [--trials 100] [--players 2] [--seed 1]

Seat 1 is a keyboard human (kb1: q slaps); the other seats are bots that never move by themselves
(their think time is endless): between trials the loop's own thread plays the table on (every seat's
turn: draw, then discard; a choice owed after a slap: its default) until a new discard is open, seat
1 has not tried it and nothing animates. Then a poster thread posts one KEYDOWN of q (reading
time.monotonic() just before pygame.event.post) with the cursor on one of seat 1's own cards. The
scene gives the press to the session, whose referee holds it for its window (a press made before it
by another seat on this machine could still come: game.core.referee.MARGIN, 12 ms), judges it in
press-time order, and the scene animates the card leaving the hand; the frame
whose drawing first includes that animation (the scene's slap_drawn hook) ends the trial.

Frames: the drawings from the post up to and including that one (1 = the very next frame shows it).
Prints median, p99 and worst in frames and ms, the judging window's share, and the frame spacing;
the last line is key=value pairs.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
SWITCH_INTERVAL = 0.0002     # the poster posts on time although the loop's thread holds the GIL (see bench_input_pump)
TRIAL_TIMEOUT = 2.0          # a press never shown (should not happen) is counted apart after this long


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.trials < 1 or not 2 <= args.players <= 6:
        parser.error("at least one trial, 2 to 6 players")
    sys.setswitchinterval(SWITCH_INTERVAL)

    import pygame

    from game.core.referee import MARGIN
    from game.games import game_by_key
    from game.kombio.actions import Discard, Draw, Look, Skip
    from game.kombio.events import Slapped
    from game.kombio.scene import WINDOW_OPEN, KombioScene
    from game.kombio.scene.controls import card_key
    from game.kombio.table import ABILITY, DRAWN, LOOK, OVER, TURN
    from game.ui.play.match import Match, SeatPlan
    from game.ui.routes import new_app
    from game.ui.toolkit.app import SIZE
    from game.ui.toolkit.devices import InputRouter

    class Timed(KombioScene):
        """The KOMBIO scene, noting its drawings and the first one that shows each slap, and playing
        the table on between trials (from the loop's thread, as a bot would)."""

        def __init__(self, app: Any, match: Match) -> None:
            super().__init__(app, match)
            self.frames: list[float] = []         # time.monotonic() of each drawing
            self.shown_at: list[tuple[int, float]] = []   # (frame index, time) a slap was first drawn
            self.ready = threading.Event()         # a fresh open discard waits for seat 1's slap
            self.pressed = False                   # the poster posted; the table must not move on
            self.slot = 0

        def slap_drawn(self, event: Slapped) -> None:
            self.shown_at.append((len(self.frames), time.monotonic()))
            self.pressed = False

        def draw_game(self, surface: pygame.Surface, alpha: float) -> None:
            self.frames.append(time.monotonic())
            super().draw_game(surface, alpha)

        def update_game(self, dt: float) -> None:
            super().update_game(dt)
            if self.pressed or self.ready.is_set() or self.busy() or match.session.referee.window is not None:
                return
            view = self.view
            if view.phase == OVER:
                return
            if view.phase == TURN and self.slap_window() == WINDOW_OPEN and 0 in view.may_slap and not view.pending:
                slot = self.own_slot()
                if slot is not None:
                    self.input.put(0, card_key(0, slot))     # where the player's focus rests
                    self.ready.set()
                    return
            self.play_on()

        def own_slot(self) -> int | None:
            """Seat 1's card to slap: a matching one if it has one (so its hand does not grow with
            penalty cards round after round), else its first."""
            truth = match.session.state
            top = truth.values[truth.discard[-1]]
            hand = truth.hands[0]
            right = [i for i, c in enumerate(hand) if c >= 0 and truth.values[c] == top]
            present = [i for i, c in enumerate(hand) if c >= 0]
            return (right or present or [None])[0]

        def play_on(self) -> None:
            view = self.view
            for item in view.pending:
                action = match.session.engine.default_action(match.session.state, item.seat)
                if action is not None:
                    self.submit(action)
                    return
            phase, turn = view.phase, view.turn
            if phase == LOOK:
                seat = next(s for s in range(self.players) if not view.looked[s])
                self.submit(Look(seat))
            elif phase == TURN:
                self.submit(Draw(turn))
            elif phase == DRAWN:
                self.submit(Discard(turn))
            elif phase == ABILITY:
                self.submit(Skip(turn))

    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(SIZE)
    app = new_app(surface, inputs=InputRouter())
    plans = (SeatPlan("human", "kb1"),) + tuple(SeatPlan("bot", level="easy") for _ in range(args.players - 1))
    match = Match(game_by_key("kombio"), args.players, {"rounds": "10"}, plans, args.seed,
                  bot_think_time=1e9, inline_bots=True)
    scene = Timed(app, match)
    app.push(scene)

    rng = random.Random(args.seed)
    posts: list[tuple[int, float]] = []           # (frames drawn before the post, time of the post)
    results: list[tuple[int, float]] = []         # (frames, ms)
    lost = 0

    def poster() -> None:
        nonlocal lost
        time.sleep(1.0)                           # the first frames build caches: not measured
        for _ in range(args.trials):
            if not scene.ready.wait(10.0):
                break
            time.sleep(rng.uniform(0.02, 0.2))     # a press lands anywhere in a frame
            seen = len(scene.shown_at)
            scene.pressed = True
            before, at = len(scene.frames), time.monotonic()
            posts.append((before, at))
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q", scancode=0))
            deadline = at + TRIAL_TIMEOUT
            while len(scene.shown_at) == seen and time.monotonic() < deadline:
                time.sleep(0.0005)
            if len(scene.shown_at) == seen:
                lost += 1
                scene.pressed = False
            else:
                frame, shown = scene.shown_at[-1]
                results.append((frame + 1 - before, (shown - at) * 1000))
            scene.ready.clear()
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    thread = threading.Thread(target=poster, name="poster", daemon=True)
    thread.start()
    app.run(present=lambda: None)
    thread.join()
    app.shutdown()
    match.close()
    if not results:
        raise SystemExit("no slap was shown")

    frames = [f for f, _ in results]
    ms = [m for _, m in results]
    spacing = [(b - a) * 1000 for a, b in zip(scene.frames, scene.frames[1:]) if b - a < 0.05]
    window_ms = MARGIN * 1000
    print(f"KOMBIO, {args.players} seats, {len(results)} slaps shown ({lost} never shown), {os.cpu_count()} cores")
    print(f"key press -> slap drawn: median {statistics.median(frames):.0f} frames / {statistics.median(ms):.1f} ms   "
          f"p99 {percentile(frames, 0.99)} frames / {percentile(ms, 0.99):.1f} ms   "
          f"worst {max(frames)} frames / {max(ms):.1f} ms")
    print(f"of which the judging window (referee.MARGIN): {window_ms:.0f} ms "
          f"({window_ms / statistics.median(ms) * 100:.0f}% of the median)")
    print(f"frames while awake: every {statistics.median(spacing):.2f} ms (median)")
    pairs = {"players": args.players, "trials": len(results), "lost": lost,
             "frames_median": f"{statistics.median(frames):.0f}", "frames_p99": percentile(frames, 0.99),
             "frames_max": max(frames), "ms_median": f"{statistics.median(ms):.1f}",
             "ms_p99": f"{percentile(ms, 0.99):.1f}", "ms_max": f"{max(ms):.1f}", "window_ms": f"{window_ms:.0f}",
             "frame_ms": f"{statistics.median(spacing):.2f}"}
    print(" ".join(f"{k}={v}" for k, v in pairs.items()))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
