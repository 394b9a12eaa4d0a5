"""The command line of `kombo-arcade` (game.cli): its options, their help, and the checks that turn a
bad combination into one line for the player (UsageError) before any mode starts."""
from __future__ import annotations

import argparse
import os
import sys
import textwrap
from typing import TYPE_CHECKING, Any, NoReturn

# Before anything imports pygame: its greeting would be a second line on every error.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game import logs  # no pygame here: logging and the data folder

if TYPE_CHECKING:
    pass

PROG = "kombo-arcade"


class UsageError(Exception):
    """A bad command line; its message is the one line to print."""


class ParseExit(Exception):
    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class HelpFormatter(argparse.HelpFormatter):
    """argparse's, wrapping text at spaces only: a path such as ~/.local/share/kombo-arcade/... is
    never cut at a hyphen. A newline in a description starts a new paragraph."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return "\n".join(textwrap.fill(" ".join(part.split()), width, initial_indent=indent,
                                       subsequent_indent=indent, break_long_words=False,
                                       break_on_hyphens=False)
                         for part in text.split("\n"))


class Parser(argparse.ArgumentParser):
    """argparse that reports in one line and returns instead of exiting, so `main` stays callable."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            print(message.rstrip(), file=sys.stderr)
        raise ParseExit(status)


def version() -> str:
    try:
        from importlib.metadata import PackageNotFoundError
        from importlib.metadata import version as dist_version
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


def _bots(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of bots, not {text!r}") from None


def _option(text: str) -> tuple[str, str]:
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise argparse.ArgumentTypeError(f"a game option is KEY=VALUE, e.g. difficulty=hard, "
                                         f"not {text!r}")
    return key.strip(), value.strip()


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a port is a number, not {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError("a port is between 0 and 65535")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of seconds, not {text!r}") from None
    if not 0 <= value <= 24 * 3600:
        raise argparse.ArgumentTypeError("a number of seconds from 0 (never) to 86400 (a day)")
    return value


def _options_of(info: Any) -> str:
    """A game's options as `--option` takes them: "difficulty=easy|medium|hard, ..."."""
    return ", ".join(f"{o.key}={'|'.join(o.choices)}" for o in info.options)


def _epilog() -> str:
    from game.games import GAMES
    lines = [f"Game options (--option KEY=VALUE): {g.key}: {_options_of(g)}"
             for g in GAMES if g.available and g.options]
    lines.append(f"Log file: {logs.log_path_or_none()} (also shown in Settings)")
    return "\n".join(lines)


def build_parser() -> Parser:
    parser = Parser(prog=PROG, description="Kombo Arcade: four tabletop games for one screen and "
                                           "the LAN. With no options, opens the game window.",
                    epilog=_epilog(), formatter_class=HelpFormatter)
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
    demo.add_argument("--option", dest="options", action="append", type=_option,
                      metavar="KEY=VALUE", help="a game option, e.g. difficulty=hard (also with "
                                                "--host; repeatable; the options are listed below)")
    demo.add_argument("--difficulty", metavar="D",
                      help="the game's difficulty: short for --option difficulty=D")
    demo.add_argument("--levels", metavar="L1,L2,..", help="bot level per seat, e.g. easy,hard")
    demo.add_argument("--record", metavar="FILE", help="also write the game to FILE as a replay")
    replays = parser.add_argument_group("replays (every finished game is kept: Replays on the main menu)")
    replays.add_argument("--replay", metavar="FILE",
                         help="play a replay with no window, printed move by move as the demo prints")
    replays.add_argument("--watch", metavar="FILE", help="open a replay in the game window's viewer")
    lan = parser.add_argument_group(
        "LAN play with no window (progress printed line by line)",
        "--host GAME hosts a table (--players, --seed and --option work as for --demo) and starts "
        "it once every seat is filled; --join ADDRESS[:PORT] --bot LEVEL joins one as a bot; "
        "--resume picks up a hosted game from its autosave.")
    lan.add_argument("--host", metavar="GAME", help="host a table of GAME, e.g. kabooom")
    lan.add_argument("--bots", type=_bots, metavar="N", help="seats the host's bots play (default 0)")
    lan.add_argument("--bot-level", metavar="L", help="level of the host's bots (default: easy)")
    lan.add_argument("--join", metavar="ADDRESS[:PORT]", help="join the table at that address")
    lan.add_argument("--bot", metavar="LEVEL", help="with --join: play as a bot of this level")
    lan.add_argument("--resume", nargs="?", const="", metavar="PATH",
                     help="resume the hosted game from its autosave (default: the last one); "
                          "with a display the game window opens, else it runs headless")
    lan.add_argument("--headless", action="store_true", help="with --resume: no window")
    lan.add_argument("--bot-after", type=_seconds, metavar="SECONDS",
                     help="a host gives a player's seat to a bot once they have been away this "
                          "long (default 60 with no window, never in the window; 0: never); "
                          "they get it back when they return")
    lan.add_argument("--port", type=_port, metavar="P",
                     help="port to host on, TCP and UDP (default 47800, or the next free one)")
    lan.add_argument("--bind", metavar="ADDR", help="address to host on (default 0.0.0.0: all)")
    lan.add_argument("--name", metavar="NAME", help="your name at the table (default: your login)")
    lan.add_argument("--no-advertise", dest="advertise", action="store_false",
                     help="do not advertise the table on the LAN (joining by address still works)")
    return parser


def _lan_checks(parser: Parser, args: argparse.Namespace) -> None:
    modes = [f"--{n}" for n in ("demo", "host", "join", "resume", "replay", "watch")
             if getattr(args, n) is not None]
    if len(modes) > 1:
        parser.error(f"{' and '.join(modes)} do not go together: pick one")
    mode = modes[0][2:] if modes else None
    allowed = {
        "bots": ("host",), "bot_level": ("host", "resume"), "bot": ("join",),
        "port": ("host", "resume"), "bind": ("host", "resume"), "name": ("host", "join", "resume"),
        "headless": ("resume",), "bot_after": ("host", "resume"),
    }
    for dest, modes_ok in allowed.items():
        value = getattr(args, dest)
        if value is not None and value is not False and mode not in modes_ok:
            flag = "--" + dest.replace("_", "-")
            parser.error(f"{flag} only works with " + " or ".join(f"--{x}" for x in modes_ok))
    if not args.advertise and mode not in ("host", "resume"):
        parser.error("--no-advertise only works with --host or --resume")
    if args.name is not None and not 0 < len(args.name.strip()) <= 32:
        parser.error("a name is 1 to 32 characters")
    # a bad address is checked when joining (exit 1, like a host that cannot be reached)
    if args.join is not None and args.bot is None:
        parser.error("--join plays as a bot with no window: add --bot LEVEL (e.g. --bot easy)")
    if args.bind is not None:
        import ipaddress
        try:
            ipaddress.IPv4Address(args.bind)
        except ValueError:
            parser.error(f"--bind takes an IPv4 address like 0.0.0.0 or 192.168.1.5, "
                         f"not {args.bind!r}")


def check_args(parser: Parser, args: argparse.Namespace) -> None:
    """Checks argparse cannot express; raises UsageError."""
    _lan_checks(parser, args)
    game_only = [flag for flag, dest in (("--seed", "seed"), ("--players", "players"),
                                         ("--difficulty", "difficulty"), ("--option", "options"))
                 if getattr(args, dest) is not None]
    if args.demo is None and args.host is None and game_only:
        verb = "works" if len(game_only) == 1 else "work"
        parser.error(f"{', '.join(game_only)} only {verb} with --demo GAME or --host GAME")
    if args.demo is None and args.levels is not None:
        parser.error("--levels only works with --demo GAME")
    if args.demo is None and args.record is not None:
        parser.error("--record only works with --demo GAME")
    game = args.demo if args.demo is not None else args.host
    if game is not None:
        from game.games import GAMES
        keys = [g.key for g in GAMES]
        if game not in keys:
            parser.error(f"no game called {game!r}; games: {', '.join(keys)}")
        info = next(g for g in GAMES if g.key == game)
        if not info.available:
            ready = ", ".join(g.key for g in GAMES if g.available)
            parser.error(f"{info.title} is coming soon; ready now: {ready}")
        if args.players is not None and not info.min_players <= args.players <= info.max_players:
            parser.error(f"{info.title} is for {info.min_players} to {info.max_players} players")
        try:
            game_options(info, args)
        except ValueError as exc:
            parser.error(str(exc))
        if args.levels is not None:
            levels = [x.strip() for x in args.levels.split(",") if x.strip()]
            players = args.players if args.players is not None else default_players(info)
            bad = [x for x in levels if x not in info.bot_levels]
            if bad or not levels:
                parser.error(f"bot levels are {', '.join(info.bot_levels)}")
            if len(levels) not in (1, players):
                parser.error(f"give one bot level, or one per player ({players})")
        if args.host is not None:
            players = args.players if args.players is not None else default_players(info)
            if args.bots is not None and not 0 <= args.bots <= players:
                parser.error(f"--bots is between 0 and the number of players ({players})")
            if args.bot_level is not None and args.bot_level not in info.bot_levels:
                parser.error(f"bot levels are {', '.join(info.bot_levels)}")
    if args.bot is not None:
        from game.games import GAMES
        levels = sorted({lv for g in GAMES if g.available for lv in g.bot_levels})
        if args.bot not in levels:
            parser.error(f"bot levels are {', '.join(levels)}")


def default_players(info: Any) -> int:
    return max(2, info.min_players) if info.max_players >= 2 else info.min_players


def game_options(info: Any, args: argparse.Namespace) -> dict[str, str]:
    """Every option of the game for this run: --difficulty, then each --option, over the game's
    defaults. ValueError says what is wrong, naming the options there are."""
    given = [("difficulty", args.difficulty, "--difficulty")] if args.difficulty is not None else []
    given += [(key, value, "--option") for key, value in args.options or ()]
    known = {o.key: o for o in info.options}
    chosen: dict[str, str] = {}
    for key, value, flag in given:
        option = known.get(key)
        if option is None:
            if flag == "--difficulty":
                raise ValueError(f"{info.title} has no difficulty to choose"
                                 + (f"; its options: {_options_of(info)}" if known else ""))
            raise ValueError(f"{info.title} has no option {key!r}; "
                             + (f"its options: {_options_of(info)}" if known else "it has none"))
        if value not in option.choices:
            raise ValueError(f"{key} is one of {', '.join(option.choices)}, not {value!r}")
        if chosen.get(key, value) != value:
            raise ValueError(f"{key} is given twice: {chosen[key]} and {value}")
        chosen[key] = value
    return {o.key: chosen.get(o.key, o.default) for o in info.options}


__all__ = ["PROG", "HelpFormatter", "ParseExit", "Parser", "UsageError", "build_parser", "check_args",
           "default_players", "game_options", "version"]
