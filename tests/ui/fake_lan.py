"""A stand-in for net.lan (LanHost, LanClient, LanSeat) and net.discovery.Browser with the same
API and no sockets: the lobby scenes are tested against it. Tests drive the "network" by hand:
a player joins, gets ready, drops; the host refuses; the connection is lost.

The session is a LocalSession that only claims this client's seats, so a game scene plays it as it
would a NetSession (with paused_on(), and seat kinds as the host's table says)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.core.bots import BotDriver
from game.core.session import LocalSession, SeatInfo, Step
from net.lan_seats import LanSeat


class FakeNetSession(LocalSession):
    """The whole game in memory; this client plays `mine` and runs the bots among them."""

    def __init__(self, info: Any, players: int, options: dict[str, str], table: FakeTable,
                 mine: Sequence[int], seed: int = 7) -> None:
        config = info.make_config(players, dict(options))
        seats = [SeatInfo(s.name, s.kind, s.level) for s in table.seats]
        super().__init__(info.engine(), config, seed, seats)
        self.table = table
        self.mine = tuple(mine)
        self.closed = False
        self.pending_notices: list[str] = []
        # net.lan drives the bots it runs itself (in its thread); here, whenever the scene polls
        self.bots = BotDriver(self, info.bot_path, info.engine_path, inline=True) \
            if table.host_side and info.bot_path else None
        self.bot_moves = 0

    def poll(self) -> list[Step]:
        if self.bots is not None and self.outcome() is None:
            self.bot_moves += len(self.bots.update(0.0))
        return super().poll()

    @property                                   # type: ignore[override]
    def local_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(len(self.table.seats))
                     if s in self.mine or (self.table.seats[s].kind == "bot" and self.table.host_side))

    @local_seats.setter
    def local_seats(self, value: tuple[int, ...]) -> None:
        pass    # LocalSession sets it; the table decides here

    @property                                   # type: ignore[override]
    def bot_seats(self) -> dict[int, str]:
        return {s: self.table.seats[s].level for s in self.local_seats
                if self.table.seats[s].kind == "bot"}

    @bot_seats.setter
    def bot_seats(self, value: Any) -> None:
        pass

    def seats(self) -> tuple[SeatInfo, ...]:
        out = []
        for s in self.table.seats:
            kind = s.kind
            if kind == "human" and s.index not in self.mine:
                kind = "remote"
            out.append(SeatInfo(s.name, kind, s.level, s.connected))
        return tuple(out)

    def paused_on(self) -> frozenset[int]:
        return frozenset(s for s in self.to_act()
                         if self.table.seats[s].kind != "bot" and not self.table.seats[s].connected)

    def notices(self) -> list[str]:
        out, self.pending_notices = self.pending_notices, []
        return out

    def close(self) -> None:
        self.closed = True


@dataclass
class FakeTable:
    seats: list[LanSeat]
    host_side: bool = True

    def set(self, index: int, **changes: Any) -> None:
        self.seats[index] = replace(self.seats[index], **changes)


class FakeHost:
    def __init__(self, lan: FakeLan, info: Any, players: int, options: dict[str, str],
                 plans: Sequence[Any], *, name: str, seed: int | None = None, bind: str = "0.0.0.0",
                 port: int = 47800, advertise: bool = True, **_: Any) -> None:
        if port in lan.busy_ports:
            raise OSError(98, "Address already in use")
        self.info, self.players, self.options, self.plans = info, players, dict(options), list(plans)
        self.name = name
        self.address = (bind, port)
        self.table = FakeTable([self._seat(i, p) for i, p in enumerate(plans)])
        self.started = False
        self.fill_used: str | None = None
        self.closed = 0
        self.handed: list[tuple[int, str]] = []
        self.away: dict[int, float] = {}
        self.pending_notices: list[str] = []
        self._session: FakeNetSession | None = None
        self.rematches: list[int | None] = []    # the seeds rematch() was called with
        self.rematch_error: Exception | None = None
        self.sessions: list[FakeNetSession] = []
        lan.hosts.append(self)

    @staticmethod
    def _seat(i: int, plan: Any) -> LanSeat:
        if plan.kind == "open":
            return LanSeat(i, "", "open", "", False, False, False)
        if plan.kind == "bot":
            return LanSeat(i, plan.name, "bot", plan.level, True, True, True)
        return LanSeat(i, plan.name, "human", "", True, True, True)

    # -- what tests do to it ----------------------------------------------------------------------
    def join(self, seat: int, name: str, ready: bool = False) -> None:
        self.table.set(seat, name=name, kind="human", connected=True, ready=ready)

    def drop(self, seat: int, seconds: float) -> None:
        self.table.set(seat, connected=False)
        self.away[seat] = seconds

    # -- the facade -------------------------------------------------------------------------------
    def seats(self) -> list[LanSeat]:
        return list(self.table.seats)

    def can_start(self) -> tuple[bool, str]:
        open_ = sum(s.kind == "open" for s in self.table.seats)
        if open_:
            return False, f"Waiting for {open_} player{'s' if open_ > 1 else ''}"
        late = [s.name for s in self.table.seats if not s.ready]
        if late:
            return False, f"Waiting for {late[0]} to be ready"
        return True, ""

    def start(self, fill_open_with: str | None = None) -> None:
        if fill_open_with:
            for s in self.table.seats:
                if s.kind == "open":
                    self.table.set(s.index, kind="bot", name=f"Bot {s.index + 1}",
                                   level=fill_open_with, connected=True, ready=True, mine=True)
        ok, why = self.can_start()
        if not ok:
            raise RuntimeError(why)
        self.fill_used = fill_open_with
        self.started = True

    def rematch(self, seed: int | None = None) -> None:
        """Back to the lobby with the same seats; remote humans say Ready again (net.lan's API)."""
        if self.rematch_error is not None:
            raise self.rematch_error
        if not self.started or self._session is None or self._session.outcome() is None:
            raise RuntimeError("the game is not over yet")
        self.rematches.append(seed)
        for s in self.table.seats:
            if s.kind == "human" and not s.mine:
                self.table.set(s.index, ready=False)
        self.started = False
        self._session = None            # start() begins a new game: session() is a new object

    def replay_path(self) -> Path | None:
        return None           # the fake keeps no replay: the screens say so

    def session(self) -> FakeNetSession:
        if self._session is None:
            mine = [s.index for s in self.table.seats if s.mine and s.kind == "human"]
            self._session = FakeNetSession(self.info, self.players, self.options, self.table, mine)
            self.sessions.append(self._session)
        return self._session

    def away_seats(self) -> list[tuple[int, float]]:
        return [(s, t) for s, t in self.away.items() if not self.table.seats[s].connected]

    def hand_to_bot(self, seat: int, level: str) -> None:
        self.handed.append((seat, level))
        self.table.set(seat, kind="bot", level=level, connected=True, mine=True)
        self.away.pop(seat, None)

    def notices(self) -> list[str]:
        out, self.pending_notices = self.pending_notices, []
        return out

    def close(self) -> None:
        self.closed += 1


class FakeClient:
    def __init__(self, lan: FakeLan, address: tuple[str, int], *, name: str, want: int = 1,
                 game: str, prefer: Sequence[int] = (), token: bytes | None = None) -> None:
        self.lan = lan
        self.address, self.name, self.want, self.game = address, name, want, game
        self._state = "connecting"
        self.pending_notices: list[str] = []
        self.message = ""
        self.ping_ms: float | None = None
        self.closed = 0
        self.ready_calls: list[bool] = []
        self.given_token = token          # what the join screen offered the host
        self.token: bytes | None = None   # what the host gave us
        self.refusal_code = ""
        self.host_left = False            # the real client: its connection is gone for good
        self.reconnect_left: float | None = None   # seconds left while the host is out of reach
        self.byes: list[bool] = []        # close(bye=...) as called
        self.table = FakeTable([], host_side=False)
        self._session: FakeNetSession | None = None
        lan.clients.append(self)

    @property
    def state(self) -> str:
        """As net.lan says it: "over" once the game has an outcome (until the host replays)."""
        if self._state == "playing" and self._session is not None \
                and self._session.outcome() is not None:
            return "over"
        return self._state

    @state.setter
    def state(self, value: str) -> None:
        self._state = value

    # -- what tests do to it ----------------------------------------------------------------------
    def reopen(self) -> None:
        """The host called rematch(): back to the lobby, same seats, everyone Ready again."""
        for s in self.table.seats:
            if s.kind == "human":
                self.table.set(s.index, ready=False)
        self._session = None
        self._state = "lobby"
        self.pending_notices.append("The host started a new game: press Ready")

    def welcome(self, seats: list[LanSeat]) -> None:
        self.table.seats = list(seats)
        self.token = self.given_token or bytes(range(16))
        self.state = "lobby"
        self.ping_ms = 3.0

    def begin(self, info: Any, options: dict[str, str] | None = None) -> None:
        mine = [s.index for s in self.table.seats if s.mine]
        self._session = FakeNetSession(info, len(self.table.seats), options or {"difficulty": "easy"},
                                       self.table, mine)
        self.state = "playing"

    # -- the facade -------------------------------------------------------------------------------
    sent_replay: bytes | None = None      # what the host sent at the end (a test sets it)

    def replay_data(self) -> bytes | None:
        return self.sent_replay

    def session(self) -> FakeNetSession:
        if self._session is None:
            raise RuntimeError("not playing yet")
        return self._session

    def seats(self) -> list[LanSeat]:
        return list(self.table.seats)

    def set_ready(self, ready: bool) -> None:
        self.ready_calls.append(ready)
        for s in self.table.seats:
            if s.mine:
                self.table.set(s.index, ready=ready)

    def notices(self) -> list[str]:
        out, self.pending_notices = self.pending_notices, []
        return out

    def close(self, bye: bool = True) -> None:
        self.closed += 1
        self.byes.append(bye)


@dataclass(frozen=True)
class Entry:
    """Shaped like net.discovery.HostEntry."""

    name: str
    address: str
    port: int
    game: str
    seats_free: int
    host_name: str
    version: int = 1
    compatible: bool = True
    players: tuple[str, ...] = ()
    addresses: tuple[str, ...] = ()
    service_name: str = ""


class FakeBrowser:
    def __init__(self, lan: FakeLan) -> None:
        if lan.browser_error is not None:
            raise lan.browser_error
        self.lan = lan
        self.closed = 0
        lan.browsers.append(self)

    def entries(self) -> list[Entry]:
        return list(self.lan.entries)

    def close(self) -> None:
        self.closed += 1


@dataclass
class FakeLan:
    """One test's network: everything the scenes made, and knobs for what goes wrong."""

    busy_ports: set[int] = field(default_factory=set)
    browser_error: Exception | None = None
    entries: list[Entry] = field(default_factory=list)
    hosts: list[FakeHost] = field(default_factory=list)
    clients: list[FakeClient] = field(default_factory=list)
    browsers: list[FakeBrowser] = field(default_factory=list)

    def backend(self) -> Any:
        from game.ui.lobby.lan import LanBackend
        return LanBackend(host=lambda *a, **k: FakeHost(self, *a, **k),
                          client=lambda *a, **k: FakeClient(self, *a, **k),
                          browser=lambda: FakeBrowser(self))
