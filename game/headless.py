"""Headless LAN play: `kombo-arcade --host GAME`, `--join ADDRESS --bot LEVEL` and `--resume`.

No window, no pygame: progress is printed one line at a time ("listening on 0.0.0.0:47800",
"Blue joined", "started", "12: Red moves b2→c3", the result), so a table can run on a machine with no
screen, and the whole LAN path can be tried from a terminal. A host prints every step from its own
record (a resumed one, those after the step it resumed at); a joiner prints its own moves, and the
others' by their public events (it may not know their actions). Both print the result in the same
words, the demo's.

A joiner keeps its seat's token in the data folder (net.seat_memory): killed and started again, the
same command takes the seat back ("rejoined: seat Red"), prints the game's steps so far (the host
sends them, the last ones only of a very long game) and on from there. A joiner whose host
is out of reach keeps trying for three minutes, printing the time left every ten seconds; the steps
made meanwhile are printed when it is back. A host gives the seat of a player away for AWAY_TIMEOUT
seconds (--bot-after) to a bot until they return.

Errors (refused, lost host, bad address, a damaged save) are one clear line and exit status 1;
Ctrl-C closes the table cleanly (the peers read "the host closed the game") and exits 130. A game the
host's engine could not go on with (an engine fault: net.host_core halts it) ends the host the same
way, exit 1, with the traceback in the log file; its peers read why and end as for a lost host.
"""
from __future__ import annotations

import getpass
import logging
import math
import os
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.core.engine import Outcome
from game.core.errors import KomboError
from game.core.narration import Narrator, told
from game.core.seats import seat_name
from game.core.session import Step
from game.definition import GameDef
from game.games import game_by_key

if TYPE_CHECKING:
    from net.lan import LanClient
    from net.seat_memory import SeatMemory, SeatRejoin

Out = Callable[[str], None]
log = logging.getLogger(__name__)

POLL = 0.01            # the runners' loop: a printout is not a frame loop
AWAY_TIMEOUT = 60.0    # a headless host hands a vanished player's seat to a bot after this long
COUNTDOWN_EVERY = 10.0  # a joiner waiting for its host prints the time left this often
MAX_SECONDS = 24 * 3600
REPLAY_WAIT = 2.0       # a joiner waits this long for the replay its host sends after the last step


class HeadlessError(KomboError):
    """A headless run cannot go on; str() is the one line to print."""


def bot_delay() -> float:
    """Seconds a headless bot waits before its move, so people at a GUI client can follow it.
    KOMBO_BOT_DELAY overrides it (tests and benches run bots at full speed)."""
    text = os.environ.get("KOMBO_BOT_DELAY", "")
    try:
        return max(0.0, float(text)) if text else 0.3
    except ValueError:
        log.warning("KOMBO_BOT_DELAY=%r is not a number of seconds: bots wait 0.3 s", text)
        return 0.3


def default_name() -> str:
    try:
        name = getpass.getuser()
    except (KeyError, OSError):
        name = ""
    return (name or "Host")[:32]


def result_lines(outcome: Outcome) -> list[str]:
    """The result as the demo prints it; a host and its joiners print exactly these lines."""
    lines = [f"Result: {outcome.termination.text}"]
    for seat, score in enumerate(outcome.scores):
        lines.append(f"  {seat_name(seat):<7} {score}")
    names = ", ".join(seat_name(w) for w in outcome.winners)
    lines.append(("Winners: " if len(outcome.winners) > 1 else "Winner: ") + names)
    return lines


def tell_kept(path: Path | None, out: Out) -> None:
    """One line: where the finished game's replay is kept, or that it is not."""
    if path is None:
        out("the replay of this game could not be kept (the log file says why)")
    else:
        out(f"replay kept: {path} (kombo-arcade --replay {path})")


def keep_replay(data: Callable[[], bytes | None], out: Out, wait: float, begun: float) -> None:
    """A joiner's finished game joins this machine's replays, dated `begun` by this machine's clock:
    it comes from the host right after the last step, and is waited for `wait` seconds."""
    from game.core.replay import ReplayError
    from game.replays import store
    until = time.monotonic() + wait
    got = data()
    while got is None and time.monotonic() < until:
        time.sleep(POLL)
        got = data()
    if got is None:
        out("no replay of this game came from the host")
        return
    try:
        path = store(got, stamp=begun)
    except (ReplayError, OSError) as exc:
        log.warning("the replay is not kept: %s", exc)
        out(f"the replay could not be kept: {exc}")
        return
    tell_kept(path, out)


def step_line(step: Step, narrate: Narrator) -> str:
    """A step as a headless host and joiner print it: the same words for everyone, from the
    events every seat sees (a joiner may not know another seat's action)."""
    return f"{step.number}: {told(narrate, step.events) or step.action or 'a move'}"


# -- hosting ------------------------------------------------------------------------------------

def _away_timeout(bot_after: float | None) -> float | None:
    """--bot-after: None for the default (AWAY_TIMEOUT), 0 for never."""
    if bot_after is None:
        return AWAY_TIMEOUT
    return bot_after or None


def _bot_after_line(bot_after: float | None) -> str:
    timeout = _away_timeout(bot_after)
    if timeout is None:
        return "a player who is away keeps their seat until they return"
    return (f"a bot plays for a player who has been away {timeout:g} s, until they return "
            f"(--bot-after SECONDS to change)")


def run_host(game: str, *, players: int, bots: int, bot_level: str, port: int, bind: str,
             name: str, advertise: bool, options: dict[str, str], seed: int | None = None,
             save_path: Path | None = None, bot_after: float | None = None,
             out: Out = print) -> int:
    from net.host_core import HostSeat
    from net.lan import LanError, LanHost

    info = _playable(game)
    # remote players take the first seats; the host's bots sit after them
    plans = [HostSeat("open")] * (players - bots) + [
        HostSeat("bot", f"{seat_name(players - bots + i)} bot", bot_level) for i in range(bots)]
    try:
        host = LanHost(info, players, options, plans, name=name, seed=seed, bind=bind, port=port,
                       advertise=advertise, save_path=save_path,
                       away_timeout=_away_timeout(bot_after),
                       away_level=bot_level, bot_think_time=bot_delay(), bot_inline=True)
    except (LanError, KomboError, ValueError) as exc:
        raise HeadlessError(f"cannot host: {exc}") from None
    out(f"{info.title}: {players} players, {bots} bot{'s' if bots != 1 else ''}")
    out(f"listening on {bind}:{host.port}")
    out(_bot_after_line(bot_after))
    if advertise:
        out(f"advertised on the LAN as {name}'s table (join with --join {host.address[0]}:{host.port})")
    return _host_loop(host, out)


def run_resume(path: Path | None, *, port: int | None, bind: str, name: str, advertise: bool,
               bot_level: str | None, bot_after: float | None = None, out: Out = print) -> int:
    from net.lan import LanError, LanHost
    from net.save import SaveError, default_save_path

    path = path or default_save_path()
    try:
        host = LanHost.resume(path, name=name, bind=bind, port=port, advertise=advertise,
                              away_timeout=_away_timeout(bot_after), bot_think_time=bot_delay(),
                              bot_inline=True, play_local_as=bot_level or "easy",
                              away_level=bot_level or "")
    except SaveError as exc:
        raise HeadlessError(f"cannot resume from {path}: {exc}") from None
    except (LanError, KomboError, ValueError) as exc:
        raise HeadlessError(f"cannot resume: {exc}") from None
    out(f"{host.info.title}: resumed at step {host.resumed_at} from {path}")
    out(f"listening on {bind}:{host.port}")
    out(_bot_after_line(bot_after))
    return _host_loop(host, out)


def _host_loop(host: object, out: Out) -> int:
    from net.host_core import StartError
    from net.lan import LanHost

    assert isinstance(host, LanHost)
    session = host.session()
    # every step from the host's own record (not the host's session, whose log a resync would leave
    # a hole in), from where the game was when this host took it up: none is printed twice, none is
    # left out, however fast the first steps come
    printed = host.resumed_at
    deadline = time.monotonic() + MAX_SECONDS
    try:
        while time.monotonic() < deadline:
            # steps first: a notice read now may be about something after the steps polled now
            steps, printed = host.steps_since(printed)
            for step in steps:
                out(step_line(step, host.info.narrate))
            halted = host.halted
            for notice in host.notices():
                if notice != host.halt_message():
                    out(notice)
            if halted:
                raise HeadlessError(host.halt_message())
            if not host.started and host.can_start()[0]:
                try:
                    host.start()
                except StartError:
                    pass          # someone left in between: wait on
                else:
                    out("started")
            outcome = session.outcome()
            if outcome is not None and session.step >= host.core.step:
                tell_kept(host.replay_path(), out)
                for line in result_lines(outcome):
                    out(line)
                return 0
            time.sleep(POLL)
        raise HeadlessError("the game did not end in a day")
    except KeyboardInterrupt:
        out("stopped")
        return 130
    finally:
        host.close()


# -- joining ------------------------------------------------------------------------------------

def run_join(address: tuple[str, int], *, bot_level: str, name: str, out: Out = print,
             reconnect_for: float | None = None, countdown_every: float = COUNTDOWN_EVERY,
             memory: SeatMemory | None = None) -> int:
    """Join the table at `address` as a bot. The seat is remembered in the data folder (net.
    seat_memory): started again after a crash or a kill, the same command takes the same seat back.
    A host that goes away is waited for `reconnect_for` seconds (net.client.RECONNECT_FOR, three
    minutes, by default), with the time left printed every `countdown_every` seconds."""
    from net.client import RECONNECT_FOR
    from net.lan import LanClient, ProbeError, probe_table
    from net.protocol import PROTOCOL_VERSION
    from net.seat_memory import SeatRejoin, default_seat_memory

    where = f"{address[0]}:{address[1]}"
    try:
        table = probe_table(address, timeout=5.0)
    except ProbeError as exc:
        raise HeadlessError(f"cannot join {where}: {exc}") from None
    if table.version != PROTOCOL_VERSION:
        raise HeadlessError(f"cannot join {where}: different version: host {table.version}, "
                            f"you {PROTOCOL_VERSION}")
    try:
        info = game_by_key(table.game)
    except KeyError:
        raise HeadlessError(f"cannot join {where}: it hosts {table.game!r}, "
                            f"which this version does not have") from None
    if not info.available:
        raise HeadlessError(f"cannot join {where}: {info.title} is not playable in this version")
    if bot_level not in info.bot_levels:
        raise HeadlessError(f"{info.title}'s bot levels are {', '.join(info.bot_levels)}")
    memory = memory if memory is not None else default_seat_memory()
    token = memory.recall(address, info.key)
    waiting = RECONNECT_FOR if reconnect_for is None else reconnect_for

    def connect(token: bytes | None = None) -> LanClient:
        return LanClient(address, name=name, game=info.key, bot=bot_level, bot_inline=True,
                         bot_think_time=bot_delay(), reconnect_for=waiting, token=token)

    rejoin = SeatRejoin(memory, address, info.key, token is not None, connect, token=token)
    clients = [connect(token)]
    out(f"joining {info.title} at {where} as a bot ({bot_level})"
        + ("; this machine has a seat there" if token is not None else ""))
    try:
        return _join_loop(clients, rejoin, out, countdown_every, info.narrate)
    except KeyboardInterrupt:
        out("stopped")
        return 130
    finally:
        clients[-1].close()


def minutes(seconds: float) -> str:
    """Seconds as a countdown reads them, rounded up: 160.2 -> "2:41"."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def _join_loop(clients: list[LanClient], rejoin: SeatRejoin, out: Out,
               countdown_every: float, narrate: Narrator) -> int:
    """Follow clients[-1] to the end of the game; a client the seat memory replaces is appended."""
    state = ""
    printed = 0
    joined = started = False
    begun = time.time()
    countdown_at = 0.0
    deadline = time.monotonic() + MAX_SECONDS
    while time.monotonic() < deadline:
        client = clients[-1]
        fresh = rejoin.follow(client)
        if fresh is not None:               # the host forgot our seat: join afresh
            clients.append(fresh)
            out("the host no longer knows this machine's seat; joining afresh")
            continue
        now_state = client.state
        if now_state != state:
            state = now_state
            if state in ("lobby", "playing") and not joined:
                joined = True
                seats = [s for s in client.seats() if s.mine]
                where = ", ".join(seat_name(s.index) for s in seats) or "none (watching)"
                out(f"{'rejoined' if rejoin.used_token else 'joined'}: seat {where}")
            if state == "lobby":
                out("waiting for the host to start")
            elif state == "playing":
                out("back at the table" if started else "started")
                if not started:
                    begun = time.time()     # the replay is dated by this machine's clock
                started = True
            elif state == "reconnecting":
                left = client.reconnect_left
                out(f"lost the host ({client.client.problem if client.client else 'no answer'}); "
                    f"reconnecting for {minutes(left or 0)}")
                countdown_at = time.monotonic() + countdown_every
            elif state in ("refused", "lost"):
                message = client.message
                if state == "lost" and rejoin.kept:
                    message += "; the seat is kept: the same --join takes it back"
                raise HeadlessError(message)
        if state == "reconnecting" and time.monotonic() >= countdown_at:
            left = client.reconnect_left
            if left is not None:
                out(f"reconnecting to the host… {minutes(left)} left")
            countdown_at = time.monotonic() + countdown_every
        if state in ("playing", "over", "reconnecting", "lobby"):
            session = client.session()
            for note in session.notices():
                out(note)
            for step in session.poll():
                if step.number > printed:
                    out(step_line(step, narrate))
                    printed = step.number
            if state == "over":
                outcome = session.outcome()
                assert outcome is not None
                keep_replay(client.replay_data, out, REPLAY_WAIT, begun)
                for line in result_lines(outcome):
                    out(line)
                return 0
        time.sleep(POLL)
    raise HeadlessError("the game did not end in a day")


def _playable(game: str) -> GameDef:
    try:
        info = game_by_key(game)
    except KeyError as exc:
        raise HeadlessError(str(exc.args[0])) from None
    if not info.available:
        raise HeadlessError(f"{info.title} is not playable yet")
    return info


__all__ = [
    "HeadlessError",
    "bot_delay",
    "default_name",
    "result_lines",
    "run_host",
    "run_join",
    "run_resume",
]
