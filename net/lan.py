"""LAN play as the lobby and game scenes use it: LanHost (host a table, here) and LanClient (join
one: net.lan_client), both imported from here with the seats and errors they share (net.lan_seats).

Both run their sockets in a background thread (net.server / net.client) and never block the frame
loop for long: reads come from the NetSession (which holds a lock), calls that must reach the host
(start, hand_to_bot) wait at most a moment for the host's thread to answer.

Bots: a LanHost drives the bots it runs (its "bot" seats, and seats handed to a bot) itself, in its
server thread; a LanClient made with `bot=LEVEL` drives its own seats the same way, in its socket
thread. Scenes must therefore NOT run a BotDriver over these sessions: they only play the local
human seats (session.local_seats minus session.bot_seats). Bots decide in a worker process unless
`bot_inline=True` (headless runs and tests), after at least `bot_think_time` seconds.

The host's own seats play through the same HostCore path as everyone else's, over an in-memory
connection (see net.server); `LanHost.session()` is that connection's NetSession.

Playing again: once a game is over, `LanHost.rematch()` takes the table back to its lobby (same seats,
players, connections and tokens; remote people press Ready again, bots are ready) and `start()` starts
the new game. Clients go from "over" back to "lobby", then "playing". `session()` is the session of
the current game: call it again after each start (today it is the same NetSession object, reset for
the new game: its step counts from 0 again and poll() has nothing of the old game).

Faults: an engine fault halts the table's game (net.host_core: the peers read why, nobody may act);
`LanHost.halted` then says so, `notices()` tells the host once where the log is, and `close()` gives
the peers the same reason in its Bye. A headless host ends there (game.headless).
"""
from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from game.core.bots import BotDriver
from game.core.session import Step
from game.definition import GameDef
from game.games import game_by_key

from .address import DEFAULT_PORT
from .host_core import HostCore, HostSeat, SaveError, SeatError, StartError
from .host_record import TableRecorder
from .lan_bots import bot_ticker, warm_up
from .lan_client import LanClient, probe_table
from .lan_seats import LanError, LanSeat, lan_seats, start_blocker
from .peer_core import PeerCore
from .probe import ProbeError
from .save import AutoSaver, default_save_path, read_save
from .server import HostServer, ServerError
from .session import NetSession

log = logging.getLogger(__name__)

PORT_TRIES = 10          # DEFAULT_PORT taken: the next few, then any free port
START_WAIT = 2.0         # how long start() and hand_to_bot() wait for the host's thread


class _LocalSeatsAsBots:
    """A session whose local seats all count as bot seats (a headless resume has nobody at the
    host's screen to play the host's own seats)."""

    def __init__(self, session: NetSession, level: str) -> None:
        self._session = session
        self._level = level

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)

    @property
    def bot_seats(self) -> Mapping[int, str]:
        seats = dict(self._session.bot_seats)
        for seat in self._session.local_seats:
            seats.setdefault(seat, self._level)
        return seats


class LanHost:
    """Host a table: the server thread, the host player's session, the host's bots, and the LAN
    advertisement (unless advertise=False)."""

    def __init__(self, info: GameDef, players: int, options: dict[str, str],
                 plans: Sequence[HostSeat], *, name: str, seed: int | None = None,
                 bind: str = "0.0.0.0", port: int = DEFAULT_PORT, advertise: bool = True,
                 interfaces: Any = None, save_path: Path | None = None, autosave: bool = True,
                 away_timeout: float | None = None, away_level: str = "",
                 bot_think_time: float = 0.7, bot_inline: bool = False,
                 play_local_as: str | None = None) -> None:
        engine = info.engine()
        config = info.make_config(players, dict(options))
        if seed is None:
            seed = secrets.randbelow(2**63)
        core = HostCore(engine, config, seed, plans, host_name=name, realtime=info.realtime)
        self._setup(info, core, name=name, bind=bind, ports=_ports(port), advertise=advertise,
                    interfaces=interfaces, save_path=save_path, autosave=autosave,
                    away_timeout=away_timeout, away_level=away_level,
                    bot_think_time=bot_think_time, bot_inline=bot_inline,
                    play_local_as=play_local_as)

    @classmethod
    def resume(cls, path: Path, *, name: str, bind: str = "0.0.0.0", port: int | None = None,
               advertise: bool = True, interfaces: Any = None, save_path: Path | None = None,
               away_timeout: float | None = None, away_level: str = "",
               bot_think_time: float = 0.7, bot_inline: bool = False,
               play_local_as: str | None = None) -> LanHost:
        """A host again from its autosave: same game, same step, same seats and tokens, on the
        port it had (its peers reconnect there). Raises SaveError with a readable reason."""
        saved = read_save(path)
        try:
            info = game_by_key(saved.game)
        except KeyError:
            raise SaveError(f"the save is of a game this version does not have ({saved.game!r})") from None
        core = HostCore.restore(info.engine(), saved.core, now=time.monotonic(), realtime=info.realtime)
        ports = [saved.port] if port is None and saved.port else []
        ports += _ports(port if port is not None else DEFAULT_PORT)
        host = cls.__new__(cls)
        host._setup(info, core, name=name or saved.name, bind=bind, ports=ports,
                    advertise=advertise, interfaces=interfaces,
                    save_path=save_path if save_path is not None else Path(path), autosave=True,
                    away_timeout=away_timeout, away_level=away_level,
                    bot_think_time=bot_think_time, bot_inline=bot_inline,
                    play_local_as=play_local_as)
        return host

    def _setup(self, info: GameDef, core: HostCore, *, name: str, bind: str, ports: list[int],
               advertise: bool, interfaces: Any, save_path: Path | None, autosave: bool,
               away_timeout: float | None, away_level: str, bot_think_time: float,
               bot_inline: bool, play_local_as: str | None) -> None:
        self.info = info
        self.core = core
        self.name = name
        self.resumed_at = core.step     # the step the game was at before this host ran a turn of it
        self._closed = False
        self._halt_told = False
        self._extra_notices: list[str] = []
        self.save_path = (save_path or default_save_path()) if autosave else None
        self._saver = AutoSaver(self.save_path, info.key, name) if self.save_path else None
        self._record = TableRecorder()
        level = away_level or (info.bot_levels[0] if info.bot_levels else "easy")
        try:
            self._server = HostServer(core, bind=bind, ports=ports, save=self._after_turn,
                                      away_timeout=away_timeout, away_level=level,
                                      name=f"kombo-host-{info.key}")
        except ServerError as exc:
            raise LanError(str(exc)) from None
        if self._saver is not None:
            self._saver.port = self._server.port
        engine = core.engine
        self._session = NetSession(engine, PeerCore(engine, name, token=core.local_token),
                                   self._server.send_local)
        self._server.set_local(self._session)
        self._bots: BotDriver | None = None
        if info.bot_path:
            seat_source: Any = self._session
            if play_local_as:
                seat_source = _LocalSeatsAsBots(self._session, play_local_as)
            self._bots = BotDriver(seat_source, info.bot_path, info.engine_path,
                                   seed=core.seed % (2**31), think_time=bot_think_time,
                                   inline=bot_inline)
            self._server.add_ticker(bot_ticker(self._bots, self._session))
            if any(e.kind == "bot" for e in core.seat_table()) or play_local_as:
                warm_up(self._bots)    # else the worker starts with the first bot seat
        self._advertiser: Any = None
        self._advertised: tuple | None = None
        self._server.start()
        if advertise:
            self._advertise(bind, interfaces)
        self.address: tuple[str, int] = (self._public_host(bind), self._server.port)
        log.info("hosting %s for %d players on %s:%d (step %d%s)", info.key, core.config.players,
                 bind, self._server.port, core.step, ", advertised" if advertise else "")

    def _after_turn(self, core: HostCore) -> None:
        """In the server thread, after each turn and before its sends: the replay, then the autosave."""
        self._record.update(core)
        if self._saver is not None:
            self._saver.update(core)

    # -- advertising -----------------------------------------------------------------------------

    def _advertise(self, bind: str, interfaces: Any) -> None:
        try:
            from .discovery import Advertiser, DiscoveryError, InterfaceChoice
        except ImportError as exc:          # zeroconf missing: joining by address still works
            self._extra_notices.append(f"Not advertised on the LAN ({exc}); join by address")
            return
        if interfaces is None:
            interfaces = InterfaceChoice.All if bind in ("0.0.0.0", "") else [bind]
        free, players = self._advert_fields()
        try:
            self._advertiser = Advertiser(f"{self.name}'s table", self._server.port, self.info.key,
                                          free, self.name, interfaces, players=players)
        except (DiscoveryError, OSError, ValueError) as exc:
            log.warning("not advertised on the LAN", exc_info=exc)
            self._extra_notices.append(f"Not advertised on the LAN ({exc}); join by address")
            return
        self._advertised = (free, players)
        self._server.add_ticker(self._update_advert)

    def _advert_fields(self) -> tuple[int, tuple[str, ...]]:
        table = self.core.seat_table()
        free = 0 if self.core.started else sum(1 for e in table if e.kind == "open")
        return free, tuple(e.name for e in table if e.kind != "open")

    def _update_advert(self, now: float) -> None:
        # runs in the server thread: reads the core safely; update() itself never blocks
        fields = self._advert_fields()
        if fields != self._advertised and self._advertiser is not None:
            self._advertised = fields
            self._advertiser.update(seats_free=fields[0], players=list(fields[1]))

    def _public_host(self, bind: str) -> str:
        if bind not in ("0.0.0.0", ""):
            return bind
        if self._advertiser is not None and self._advertiser.addresses:
            return str(self._advertiser.addresses[0])
        try:
            from .discovery import list_interfaces
            lan = [o.address for o in list_interfaces() if not o.is_loopback]
        except Exception:  # only for showing an address; fall back below
            log.warning("cannot list this machine's network interfaces", exc_info=True)
            lan = []
        return lan[0] if lan else "127.0.0.1"

    # -- the API the scenes use ------------------------------------------------------------------

    @property
    def port(self) -> int:
        return self._server.port

    def session(self) -> NetSession:
        """The host player's session of the current game (call it again after a rematch)."""
        return self._session

    def seats(self) -> list[LanSeat]:
        return lan_seats(self._session)

    def rematch(self, seed: int | None = None) -> None:
        """Play again at the same table once the game is over: back to the lobby with the same
        seats, players, connections and tokens; remote people must press Ready again (the host's
        own seats and every bot are ready); start() then starts a new game from the same options
        and `seed` (random if None). StartError while the game is not over. The autosave is
        rewritten for the new game."""
        if seed is None:
            seed = secrets.randbelow(2**63)
        self._table_call(lambda core, now: core.rematch(now, seed))

    def _table_call(self, call: Callable[[HostCore, float], Any]) -> None:
        """Run a table change on the server thread and wait for it; StartError says why not."""
        future = self._server.call(call)
        try:
            future.result(START_WAIT)
        except TimeoutError:
            raise StartError("the host did not answer in time") from None
        except ServerError as exc:
            raise StartError(str(exc)) from None

    def can_start(self) -> tuple[bool, str]:
        if self.core.started:
            return False, "The game has started"
        why = start_blocker(self.seats())
        return (False, why) if why else (True, "Ready to start")

    def start(self, fill_open_with: str | None = None) -> None:
        """Start the game (StartError says why not). `fill_open_with`: a bot level for the seats
        still open."""
        self._table_call(lambda core, now: core.start(now, fill_open_with))

    @property
    def started(self) -> bool:
        return self.core.started

    def away_seats(self) -> list[tuple[int, float]]:
        now = time.monotonic()
        return [(seat, max(0.0, now - since)) for seat, since in self._server.away_since]

    def hand_to_bot(self, seat: int, level: str) -> None:
        future = self._server.call(lambda core, now: core.hand_to_bot(seat, level, now))
        try:
            future.result(START_WAIT)
        except TimeoutError:
            raise SeatError("the host did not answer in time") from None
        except ServerError as exc:
            raise SeatError(str(exc)) from None

    def notices(self) -> list[str]:
        extra, self._extra_notices = self._extra_notices, []
        notices = extra + self._server.notices()
        if self.halted and not self._halt_told:
            self._halt_told = True
            notices.append(self.halt_message())
        return notices

    @property
    def halted(self) -> str:
        """Why this table's game stopped on an internal error, as its peers read it ("" while it
        runs): an engine fault, or the host's thread itself."""
        return self.core.halted or self._server.failure

    def halt_message(self) -> str:
        """The halt in the host's own words, naming its log file."""
        from game.logs import log_file, shown_path
        path = log_file()
        where = f"details are in {shown_path(path)}" if path is not None else "details are in the log"
        return f"The game stopped on an internal error; {where}"

    def log_since(self, start: int) -> list:
        """The actions applied from step `start + 1` on (the host's own record; headless output)."""
        return list(self.core.log[start:])

    def steps_since(self, cursor: int) -> tuple[list[Step], int]:
        """The steps after the `cursor`-th from the host's own record (its referee's log, which the
        host's session only mirrors: a step it ever missed is still here), each with its public
        events, and the cursor after them: a headless host prints these. Safe from any thread: the
        record is only ever appended to while the game goes on."""
        core = self.core
        records, end = core.referee.steps_since(cursor)
        engine = core.engine
        steps = []
        for r in records:
            public = engine.seen_by(r.events, None)
            steps.append(Step(r.number, r.action, public, {}, r.race, r.action.seat if r.by_default else None))
        return steps, end

    def replay_path(self) -> Path | None:
        """The finished game's replay, kept step by step with this machine's replays (None while the
        game goes on, or where it could not be written: the log says why)."""
        return self._record.finished_path()

    @property
    def stats(self) -> Any:
        return self._server.stats

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        halted = self.halted
        if halted:
            self._server.close(halted)      # the peers' Bye says why
        else:
            self._server.close()
        log.info("the table is closed%s", f" ({halted})" if halted else "")
        if self._saver is not None:
            self._saver.close()
        self._record.close()
        if self._bots is not None:
            self._bots.close()
        if self._advertiser is not None:
            self._advertiser.close()

    def __enter__(self) -> LanHost:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _ports(port: int) -> list[int]:
    if port == DEFAULT_PORT:
        return [DEFAULT_PORT + i for i in range(PORT_TRIES)] + [0]
    return [port]


__all__ = [
    "DEFAULT_PORT",
    "HostSeat",
    "LanClient",
    "LanError",
    "LanHost",
    "LanSeat",
    "ProbeError",
    "SaveError",
    "SeatError",
    "StartError",
    "probe_table",
    "start_blocker",
]
