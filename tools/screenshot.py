"""Render a screen of any catalogue game to a PNG, headless.

    python tools/screenshot.py --game kabooom --seed 3 --players 2 --option difficulty=medium \
        --steps 30 --out /tmp/k.png [--humans 2] [--press kb1:select,kb1:right] [--advance 0.5]

--scene game (the default) plays --steps random legal actions, opens the game's scene with seats
1..--humans keyboard humans and the others bots, sends the --press presses (device:button, or
mouse@X:Y for a click) and runs --advance seconds. --scene menu|setup|results|pause|rules|settings
show the other screens for that game; --scene replays the list of replays in the data folder, and
--scene replay the viewer on a game of random moves, at step --steps, through seat --eyes' eyes (the
table's without it), after the --press presses (viewer:NAME for one of its controls: play, back,
forward, story, ...). --size 1920x1080 saves the frame as a window of that size
shows it (the scenes always draw the logical 1280×720 frame; the display scales it).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame
from scenes import GAME_KEYS, make_app, make_match, parse_options, play_random, run

from game.games import game_by_key
from game.replays import open_replay
from game.ui.replay.replays_list import ReplaysScene
from game.ui.replay.viewer import ReplayViewer
from game.ui.screens.menu import MainMenu
from game.ui.screens.pause import PauseScene
from game.ui.screens.results import ResultsScene
from game.ui.screens.rules_screen import RulesScreen
from game.ui.screens.settings_screen import SettingsScreen
from game.ui.screens.setup import GameSetup
from game.ui.toolkit.app import App
from game.ui.toolkit.display import show
from game.ui.toolkit.input import Press

SCENES = ("game", "menu", "setup", "results", "pause", "rules", "settings", "replays", "replay")


def press_all(app: App, presses: str, now: float) -> None:
    for item in filter(None, presses.split(",")):
        if item.startswith("mouse@"):
            x, _, y = item[6:].partition(":")
            pos = (int(x), int(y))
            app.stack.dispatch("handle", Press("mouse", "select", now, pos))
            continue
        device, _, button = item.partition(":")
        if device == "viewer":
            viewer = app.stack.top
            assert isinstance(viewer, ReplayViewer), "viewer: presses are for --scene replay"
            viewer.act(button)
            continue
        app.stack.dispatch("handle", Press(device, button, now, None))


def build(args: argparse.Namespace) -> App:
    info = game_by_key(args.game)
    app, clock = make_app()
    if args.scene == "menu":
        app.push(MainMenu(app))
    elif args.scene == "setup":
        app.push(GameSetup(app, info))
    elif args.scene == "rules":
        app.push(RulesScreen(app, info))
    elif args.scene == "settings":
        app.push(SettingsScreen(app))
    elif args.scene == "replays":
        app.push(ReplaysScene(app))
    elif args.scene == "replay":
        match = make_match(args.game, args.players, parse_options(info, args.option), args.seed, 0)
        play_random(match, 100_000, args.seed)
        match.keep_record()
        assert match.replay_path is not None
        viewer = ReplayViewer(app, open_replay(match.replay_path))
        app.push(viewer)
        viewer.go_to(args.steps)
        for _ in range(args.eyes + 1 if args.eyes is not None else 0):
            viewer.next_eyes()
    else:
        match = make_match(args.game, args.players, parse_options(info, args.option), args.seed, args.humans,
                           args.mouse)
        steps = 100_000 if args.scene == "results" else args.steps
        play_random(match, steps, args.seed)
        app.push(app.nav.game_scene(app, match))
        if args.scene == "pause":
            app.push(PauseScene(app, match))
        elif args.scene == "results":
            app.push(ResultsScene(app, match))
    press_all(app, args.press, clock.t)
    run(app, clock, args.advance)
    return app


def window_size(text: str) -> tuple[int, int]:
    w, sep, h = text.lower().partition("x")
    if not sep or not w.isdigit() or not h.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r} is not WxH, e.g. 1920x1080")
    return int(w), int(h)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kabooom", choices=GAME_KEYS)
    parser.add_argument("--scene", default="game", choices=SCENES)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None, help="default: the game's fewest")
    parser.add_argument("--humans", type=int, default=1, help="keyboard human seats (the rest are bots)")
    parser.add_argument("--mouse", action="store_true", help="seat 1 plays with the mouse")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. difficulty=hard")
    parser.add_argument("--steps", type=int, default=0, help="random actions played before the screenshot")
    parser.add_argument("--advance", type=float, default=0.0, help="seconds to run the scene first")
    parser.add_argument("--press", default="", help="presses before the shot, e.g. kb1:slap,kb1:right,"
                                                      "mouse@640:360")
    parser.add_argument("--size", type=window_size, default=None, metavar="WxH",
                        help="the window the frame is shown in (scaled as the display does), e.g. 1920x1080")
    parser.add_argument("--eyes", type=int, default=None, help="--scene replay: through this seat's eyes (0: the first)")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    app = build(args)
    app.draw()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    picture = app.surface
    if args.size is not None:
        picture = pygame.Surface(args.size)
        show(app.surface, picture)
    pygame.image.save(picture, str(args.out))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
