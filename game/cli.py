"""`kombo-arcade` (and `python -m game`): open the window, or play a headless bot demo.

Whatever goes wrong, the player reads one clear line: a bad argument, a missing display, or, for an
unexpected error, where the crash log was written. Never a raw traceback.

To add a mode (LAN play will add --host/--join/--resume): add its arguments in `build_parser`, check
them in `check_args`, and start its first scene in `first_scene`.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import os
import secrets
import sys
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, NoReturn, Sequence

# Before anything imports pygame: its greeting would be a second line on every error.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scene import Scene

PROG = "kombo-arcade"
TICK_RATE = 120       # frames per second at most: the simulation step is 1/120 s


class UsageError(Exception):
    """A bad command line; its message is the one line to print."""


class _Exit(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class Parser(argparse.ArgumentParser):
    """argparse that reports in one line and returns instead of exiting, so `main` stays callable."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            print(message.rstrip(), file=sys.stderr)
        raise _Exit(status)


def version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError, version as dist_version
        return dist_version("kombo-arcade")
    except (ImportError, PackageNotFoundError):
        return "0.1.0"


def _seed(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seed is a whole number, not {text!r}") from None
    if not 0 <= value < 2**31:
        raise argparse.ArgumentTypeError("a seed is between 0 and 2147483647")
    return value


def _count(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of players, not {text!r}") from None


def build_parser() -> Parser:
    parser = Parser(prog=PROG, description="Kombo Arcade: four tabletop games for one screen and "
                                           "the LAN. With no options, opens the game window.")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    window = parser.add_argument_group("window")
    mode = window.add_mutually_exclusive_group()
    mode.add_argument("--windowed", dest="fullscreen", action="store_const", const=False,
                      help="open in a window")
    mode.add_argument("--fullscreen", dest="fullscreen", action="store_const", const=True,
                      help="open fullscreen (F11 toggles while playing)")
    demo = parser.add_argument_group("headless demo (bots play one game, printed move by move)")
    demo.add_argument("--demo", metavar="GAME", help="the game to play, e.g. kabooom")
    demo.add_argument("--seed", type=_seed, metavar="N", help="seed of the game (default: random)")
    demo.add_argument("--players", type=_count, metavar="N", help="how many bots play")
    demo.add_argument("--difficulty", metavar="D", help="the game's difficulty option")
    demo.add_argument("--levels", metavar="L1,L2,..", help="bot level per seat, e.g. easy,hard")
    return parser


def check_args(parser: Parser, args: argparse.Namespace) -> None:
    """Checks argparse cannot express; raises UsageError."""
    demo_only = [f"--{n}" for n in ("seed", "players", "difficulty", "levels")
                 if getattr(args, n) is not None]
    if args.demo is None and demo_only:
        parser.error(f"{', '.join(demo_only)} only work with --demo GAME")
    if args.demo is not None:
        from game.games import GAMES
        keys = [g.key for g in GAMES]
        if args.demo not in keys:
            parser.error(f"no game called {args.demo!r}; games: {', '.join(keys)}")
        info = next(g for g in GAMES if g.key == args.demo)
        if not info.available:
            ready = ", ".join(g.key for g in GAMES if g.available)
            parser.error(f"{info.title} is coming soon; ready now: {ready}")
        if args.players is not None and not info.min_players <= args.players <= info.max_players:
            parser.error(f"{info.title} is for {info.min_players} to {info.max_players} players")
        if args.difficulty is not None:
            option = next((o for o in info.options if o.key == "difficulty"), None)
            if option is None:
                parser.error(f"{info.title} has no difficulty to choose")
            elif args.difficulty not in option.choices:
                parser.error(f"difficulty is one of {', '.join(option.choices)}")
        if args.levels is not None:
            levels = [x.strip() for x in args.levels.split(",") if x.strip()]
            players = args.players if args.players is not None else _default_players(info)
            bad = [x for x in levels if x not in info.bot_levels]
            if bad or not levels:
                parser.error(f"bot levels are {', '.join(info.bot_levels)}")
            if len(levels) not in (1, players):
                parser.error(f"give one bot level, or one per player ({players})")


def _default_players(info: Any) -> int:
    return max(2, info.min_players) if info.max_players >= 2 else info.min_players


# -- the headless demo -------------------------------------------------------------------------------

def run_demo_command(args: argparse.Namespace, out: Callable[[str], None] = print) -> int:
    from game.core.errors import KomboError
    from game.games import game_by_key
    try:
        from game.demo import run_demo
    except ImportError:
        print(f"{PROG}: the demo is not part of this build", file=sys.stderr)
        return 1
    info = game_by_key(args.demo)
    players = args.players if args.players is not None else _default_players(info)
    options = {o.key: o.default for o in info.options}
    if args.difficulty is not None:
        options["difficulty"] = args.difficulty
    levels = None
    if args.levels is not None:
        levels = [x.strip() for x in args.levels.split(",") if x.strip()]
        if len(levels) == 1:
            levels = levels * players
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31 - 1)
    try:
        run_demo(info.key, seed=seed, players=players, options=options, levels=levels, out=out)
    except (KomboError, ValueError) as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    return 0


# -- the window ------------------------------------------------------------------------------------

def first_scene(app: "App", args: argparse.Namespace) -> "Scene":
    from game.ui.menu import MainMenu
    return MainMenu(app)


def run_window(args: argparse.Namespace) -> int:
    import pygame

    from game.ui.app import SIZE, App
    from game.ui.audio import Audio
    from game.ui.devices import InputRouter
    from game.ui.display import Display, NoDisplay
    from game.ui.settings import load_settings, settings_path

    path = settings_path()
    loaded = load_settings(path)
    settings = loaded.settings
    if args.fullscreen is not None:
        settings.fullscreen = args.fullscreen
    display = Display(SIZE, settings)
    try:
        surface = display.open()
    except NoDisplay as exc:
        print(exc)
        return 2
    try:
        pygame.font.init()
        try:
            pygame.joystick.init()
        except pygame.error:
            pass        # no gamepad support here: keyboards and the mouse still play
        pygame.key.stop_text_input()   # no on-screen keyboard or IME popping up over the game
        app = App(surface, audio=Audio(settings), inputs=InputRouter(settings.bindings),
                  settings=settings, settings_path=path, display=display)
        if loaded.problem:
            app.toast(loaded.problem, "error")
        app.push(first_scene(app, args))
        clock = pygame.time.Clock()
        try:
            app.run(present=pygame.display.flip, tick=lambda: clock.tick(TICK_RATE))
        finally:
            app.shutdown()
    finally:
        pygame.quit()
    return 0


# -- errors ------------------------------------------------------------------------------------------

def write_crash_log(exc: BaseException) -> Path | None:
    from game.ui.settings import data_dir
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    for folder in (data_dir(), Path(os.environ.get("TMPDIR", "/tmp"))):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"crash-{stamp}.log"
            path.write_text(f"Kombo Arcade {version()} on Python {sys.version.split()[0]}, "
                            f"{sys.platform}\n\n{text}", encoding="utf-8")
            return path
        except OSError:
            continue
    return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        check_args(parser, args)
    except _Exit as exc:
        return exc.status
    except UsageError as exc:
        print(exc, file=sys.stderr)
        return 2
    try:
        if args.version:
            print(f"{PROG} {version()}")
            return 0
        if args.demo is not None:
            return run_demo_command(args)
        return run_window(args)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # noqa: BLE001  the last line of defence: a log, never a traceback
        path = write_crash_log(exc)
        where = f"details are in {path}" if path else "and no crash log could be written"
        print(f"Kombo Arcade stopped after an unexpected error ({type(exc).__name__}); {where}",
              file=sys.stderr)
        return 1
