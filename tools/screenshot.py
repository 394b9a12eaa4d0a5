"""Render a scene to a PNG, headless.

    python tools/screenshot.py --scene kabooom --seed 3 --players 2 --difficulty medium --steps 30 \
        --out /tmp/k.png [--select] [--explode 0.12] [--advance 0.5]

For the Kabooom! scene: plays --steps actions (random legal moves, preferring moves over passes),
opens the scene with seat 1 a keyboard human and the others bots, then optionally picks a tower for
the acting human (--select), or plays a Dynamite move and captures --explode seconds after the blast.
--scene menu|setup|results|pause show the other screens, where they exist.
"""
from __future__ import annotations

import argparse
import importlib
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from game.games import game_by_key  # noqa: E402
from game.ui.app import SIZE, STEP, App  # noqa: E402
from game.ui.input import Press  # noqa: E402
from game.ui.match import Match, SeatPlan  # noqa: E402

DEVICES = ("kb1", "kb3", "kb2", "kb4")


class FakeClock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def make_app() -> tuple[App, FakeClock]:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(SIZE)
    clock = FakeClock()
    return App(surface, clock=clock), clock


def make_match(players: int, difficulty: str, seed: int, humans: int = 1,
               mouse: bool = False) -> Match:
    plans = []
    for seat in range(players):
        if seat < humans:
            plans.append(SeatPlan("human", "mouse" if mouse and seat == 0 else DEVICES[seat]))
        else:
            plans.append(SeatPlan("bot", level="easy"))
    return Match(game_by_key("kabooom"), players, {"difficulty": difficulty}, tuple(plans), seed,
                 bot_think_time=0.0, inline_bots=True)


def play_random(match: Match, steps: int, seed: int) -> int:
    """Random legal actions; a pass only when nothing else is legal, so the board keeps changing."""
    rng = random.Random(seed)
    session = match.session
    done = 0
    for _ in range(steps):
        if session.outcome() is not None:
            break
        seat = min(session.to_act())
        legal = session.legal_actions(seat)
        moves = [a for a in legal if type(a).__name__ != "Pass"]
        session.submit(rng.choice(moves or legal))
        done += 1
    session.poll()   # the scene starts from here: nothing to replay
    return done


def run(app: App, clock: FakeClock, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        clock.t += STEP
        app.advance(STEP)


def kabooom(args: argparse.Namespace) -> App:
    from game.kabooom.scene import KabooomScene

    app, clock = make_app()
    match = make_match(args.players, args.difficulty, args.seed, args.humans)
    play_random(match, args.steps, args.seed)
    scene = KabooomScene(app, match)
    app.push(scene)
    session = match.session
    if args.select or args.explode is not None:
        seat = min(session.to_act()) if session.to_act() else None
        legal = session.legal_actions(seat) if seat is not None else []
        moves = [a for a in legal if type(a).__name__ == "Move"]
        if args.explode is not None:
            board = session.view(None)["board"]
            moves = [a for a in moves if board[a.src][-1][1] == "D"] or moves
        if moves:
            move = max(moves, key=lambda a: len(scene.targets(a.seat, a.src)))
            if args.explode is not None:
                session.submit(move)
                run(app, clock, 0.36 + args.explode)   # slide, then into the blast
            else:
                scene.selected[match.plans[seat].device] = move.src
                scene.cursors[match.plans[seat].device] = move.src
    for item in filter(None, (args.press or "").split(",")):
        device, _, button = item.partition(":")
        pos = None
        if device == "mouse" and button.startswith("sq"):   # mouse:sq7 clicks square 7
            pos, button = scene.layout.cell_rect(int(button[2:])).center, "select"
        elif device == "mouse" and button == "pass":
            pos, button = scene.layout.pass_button.center, "select"
        app.stack.dispatch("handle", Press(device, button, clock.t, pos))
    run(app, clock, args.advance)
    if args.hover is not None:
        scene.hover = args.hover
    return app


def other(args: argparse.Namespace) -> App:
    """Other helpers' screens, guarded: they may not exist yet or may take other arguments."""
    app, clock = make_app()
    match = make_match(args.players, args.difficulty, args.seed, args.humans)
    modules = {"menu": ("game.ui.menu", ("MainMenu",)), "setup": ("game.ui.setup", ("GameSetup", "SetupScene")),
               "results": ("game.ui.results", ("ResultsScene",)), "pause": ("game.ui.pause", ("PauseScene",))}
    module, names = modules[args.scene]
    try:
        mod = importlib.import_module(module)
        cls = next(getattr(mod, n) for n in names if hasattr(mod, n))
    except (ImportError, StopIteration) as exc:
        raise SystemExit(f"{args.scene}: not available yet ({exc!r})")
    if args.scene in ("results", "pause"):
        from game.kabooom.scene import KabooomScene
        play_random(match, args.steps if args.scene == "pause" else 10_000, args.seed)
        app.push(KabooomScene(app, match))
        app.push(cls(app, match))
    elif args.scene == "setup":
        try:
            app.push(cls(app, game_by_key("kabooom")))
        except TypeError:
            app.push(cls(app))
    else:
        app.push(cls(app))
    run(app, clock, args.advance)
    return app


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scene", default="kabooom", choices=("kabooom", "menu", "setup", "results", "pause"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--humans", type=int, default=1, help="keyboard human seats (the rest are bots)")
    parser.add_argument("--difficulty", default="easy", choices=("easy", "medium", "hard"))
    parser.add_argument("--steps", type=int, default=0, help="random actions played before the screenshot")
    parser.add_argument("--select", action="store_true", help="pick a tower for the acting human")
    parser.add_argument("--explode", type=float, default=None, metavar="SECONDS",
                        help="play a Dynamite move and capture this long into the blast")
    parser.add_argument("--advance", type=float, default=0.0, help="seconds to run the scene first")
    parser.add_argument("--hover", type=int, default=None, help="square under the mouse")
    parser.add_argument("--press", default="", help="presses before the shot, e.g. kb1:slap,kb1:right,"
                                                      "mouse:sq7,mouse:pass")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    app = kabooom(args) if args.scene == "kabooom" else other(args)
    app.draw()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.surface, str(args.out))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
