"""`kombo-arcade` (and `python -m game`): open the window, play a headless bot demo, or host, join
or resume a LAN table with no window (--host / --join / --resume; game.headless).

Whatever goes wrong, the player reads one clear line: a bad argument, a missing display, or, for an
unexpected error, where the log file is (game.logs: its traceback is there). Never a raw traceback.
Logging is set up once here, before any mode starts: a headless run's own records also go to stderr.

To add a mode: add its arguments in `game.cli_args.build_parser`, check
them in `check_args`, and start its first scene in `first_scene`.
"""
from __future__ import annotations

import argparse
import logging
import os
import secrets
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

# Before anything imports pygame: its greeting would be a second line on every error.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game import logs  # no pygame here: logging and the data folder
from game.cli_args import PROG, ParseExit, UsageError, build_parser, check_args, default_players, game_options, version
from game.ui.toolkit.display_env import display_kind

if TYPE_CHECKING:
    from game.ui.toolkit.app import App
    from game.ui.toolkit.scene import Scene


log = logging.getLogger(__name__)


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
    players = args.players if args.players is not None else default_players(info)
    options = game_options(info, args)
    levels = None
    if args.levels is not None:
        levels = [x.strip() for x in args.levels.split(",") if x.strip()]
        if len(levels) == 1:
            levels = levels * players
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31 - 1)
    try:
        run_demo(info.key, seed=seed, players=players, options=options, levels=levels, out=out,
                 record=Path(args.record) if args.record else None)
    except (KomboError, ValueError) as exc:
        log.warning("the demo stopped: %s", exc, extra=logs.FILE_ONLY)
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    return 0


def run_replay_command(args: argparse.Namespace, out: Callable[[str], None] = print) -> int:
    from game.core.replay import ReplayError
    from game.replay_print import print_replay
    try:
        print_replay(Path(args.replay), out)
    except ReplayError as exc:
        log.warning("the replay did not play: %s", exc, extra=logs.FILE_ONLY)
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    return 0


# -- LAN play with no window ---------------------------------------------------------------------

def _lan_name(args: argparse.Namespace) -> str:
    from game.headless import default_name
    return args.name.strip() if args.name else default_name()


def run_lan_command(args: argparse.Namespace, out: Callable[[str], None] = print) -> int:
    """--host, --join, or a headless --resume."""
    from game.headless import HeadlessError, run_host, run_join, run_resume
    try:
        if args.host is not None:
            from game.games import game_by_key
            info = game_by_key(args.host)
            players = args.players if args.players is not None else default_players(info)
            options = game_options(info, args)
            return run_host(info.key, players=players, bots=args.bots or 0,
                            bot_level=args.bot_level or info.bot_levels[0],
                            port=args.port if args.port is not None else _default_port(),
                            bind=args.bind or "0.0.0.0", name=_lan_name(args),
                            advertise=args.advertise, options=options, seed=args.seed,
                            bot_after=args.bot_after, out=out)
        if args.join is not None:
            from net.address import AddressError, parse_address
            try:
                address = parse_address(args.join)
            except AddressError as exc:
                raise HeadlessError(f"cannot join {args.join!r}: {exc}") from None
            return run_join((address.host, address.port), bot_level=args.bot,
                            name=args.name.strip() if args.name else f"{args.bot.capitalize()} bot", out=out)
        return run_resume(Path(args.resume) if args.resume else None, port=args.port,
                          bind=args.bind or "0.0.0.0", name=_lan_name(args),
                          advertise=args.advertise, bot_level=args.bot_level,
                          bot_after=args.bot_after, out=out)
    except HeadlessError as exc:
        log.warning("stopped: %s", exc, extra=logs.FILE_ONLY)     # the player reads it below
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1


def _default_port() -> int:
    from net.address import DEFAULT_PORT
    return DEFAULT_PORT


def _gui_resume(args: argparse.Namespace) -> int | None:
    """--resume with a window: restore the host here, then let the window show it. None: there is
    no window to show it in (no display, or no LAN scenes in this build): go headless."""
    if args.headless or display_kind() != "real":
        return None
    try:
        from game.ui.lobby.entries import resume_scene  # noqa: F401  (the scene that shows a resumed table)
    except ImportError:
        return None
    from net.lan import LanError, LanHost
    from net.save import SaveError, default_save_path
    path = Path(args.resume) if args.resume else default_save_path()
    from game.core.errors import KomboError
    try:
        args.lan_host = LanHost.resume(path, name=_lan_name(args), bind=args.bind or "0.0.0.0",
                                       port=args.port, advertise=args.advertise,
                                       away_timeout=args.bot_after or None)
    except SaveError as exc:
        print(f"{PROG}: cannot resume from {path}: {exc}", file=sys.stderr)
        return 1
    except (LanError, KomboError) as exc:
        print(f"{PROG}: cannot resume: {exc}", file=sys.stderr)
        return 1
    try:
        return run_window(args)
    finally:
        args.lan_host.close()


# -- the window ------------------------------------------------------------------------------------

def first_scene(app: App, args: argparse.Namespace) -> Scene:
    lan_host = getattr(args, "lan_host", None)
    if lan_host is not None:
        from game.ui.lobby.entries import resume_scene
        return resume_scene(app, lan_host)
    from game.ui.screens.menu import MainMenu
    return MainMenu(app)


def _watched(args: argparse.Namespace) -> int | None:
    """--watch FILE: the replay read before any window opens (a file that does not play is one
    line and exit status 1). None: go on and open the window."""
    if args.watch is None:
        return None
    from game.core.replay import ReplayError
    from game.replays import open_replay
    try:
        args.watched = open_replay(Path(args.watch))
    except ReplayError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    return None


def run_window(args: argparse.Namespace) -> int:
    import pygame

    from game.ui.routes import new_app
    from game.ui.toolkit.app import SIZE
    from game.ui.toolkit.audio import Audio
    from game.ui.toolkit.devices import InputRouter
    from game.ui.toolkit.display import Display, NoDisplay
    from game.ui.toolkit.settings import load_settings, settings_path

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
        app = new_app(surface, audio=Audio(settings), inputs=InputRouter(settings.bindings),
                  settings=settings, settings_path=path, display=display)
        if loaded.problem:
            app.toast(loaded.problem, "error")
        app.push(first_scene(app, args))
        if getattr(args, "watched", None) is not None:
            app.nav.watch(app, args.watched)       # Esc leaves it for the main menu
        try:
            app.run(present=display.present)   # up to 120 frames a second, a few when nothing moves
        finally:
            app.shutdown()
    finally:
        pygame.quit()
    return 0


# -- start-up and errors ----------------------------------------------------------------------------

def is_headless(args: argparse.Namespace) -> bool:
    """Whether this run has no window: its progress goes to the terminal, and so do its logs."""
    if any(x is not None for x in (args.demo, args.host, args.join, args.replay)):
        return True
    return args.resume is not None and (args.headless or display_kind() != "real")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        check_args(parser, args)
    except ParseExit as exc:
        return exc.status
    except UsageError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.version:
        print(f"{PROG} {version()}")
        return 0
    logs.setup(headless=is_headless(args), prog=PROG)
    log.info("Kombo Arcade %s on Python %s, %s: %s %s", version(), sys.version.split()[0],
             sys.platform, PROG, " ".join(sys.argv[1:] if argv is None else argv),
             extra=logs.FILE_ONLY)
    try:
        if args.demo is not None:
            return run_demo_command(args)
        if args.replay is not None:
            return run_replay_command(args)
        if args.resume is not None:
            status = _gui_resume(args)
            if status is not None:
                return status
            return run_lan_command(args)
        if args.host is not None or args.join is not None:
            return run_lan_command(args)
        status = _watched(args)
        return status if status is not None else run_window(args)
    except KeyboardInterrupt:
        log.info("stopped by Ctrl-C", extra=logs.FILE_ONLY)
        return 130
    except Exception as exc:  # the last line of defence: a log, never a traceback
        # the traceback to the log file only: the player reads the line below (with no file, the
        # record goes to stderr, traceback and all, and the line says so)
        log.exception("Kombo Arcade stopped after an unexpected error", extra=logs.FILE_ONLY)
        path = logs.log_file()
        where = f"details are in {path}" if path is not None else "details are above"
        print(f"Kombo Arcade stopped after an unexpected error ({type(exc).__name__}); {where}",
              file=sys.stderr)
        return 1
