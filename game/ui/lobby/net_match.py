"""NetMatch: a LAN game as this client sees it, shaped like game.ui.play.match.Match for the game scenes,
the pause menu and the results screen.

The session is the facade's NetSession. Seats played at this screen are "human" plans with their
devices; seats of players elsewhere are "remote", seats nobody holds "open"; bots are "bot" wherever
they run. Plans follow the host's seat table, since a seat can change hands mid-game (an away
player's seat given to a bot).

Bots: the facade drives the bots it runs (net.lan: the host's bot seats and seats handed to a bot,
in its server thread). The match must not run a second BotDriver over the same seats: both would
submit for the same step, and one of them would be refused.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.replay import ReplayError
from game.core.session import SeatInfo
from game.replays import store
from game.ui.lobby.lan import DEFAULT_DEVICES
from game.ui.play.match import DeviceSeats, SeatPlan
from game.ui.toolkit.input import device_name
from game.ui.toolkit.text import sentence
from game.ui.toolkit.theme import PLAYER_NAMES

if TYPE_CHECKING:
    from game.definition import GameDef
    from game.ui.toolkit.app import App

log = logging.getLogger(__name__)

LOST_HOST = "Lost the host: the game has ended."
STOPPED_WAITING = "Stopped waiting for the host. Your seat is kept: join the table again to take it back."


@dataclass(frozen=True)
class NetSeatPlan(SeatPlan):
    player: str = ""          # the name the seat's player gave

    def label(self) -> str:
        if self.kind == "remote":
            return f"{self.player} · LAN" if self.player else "LAN player"
        if self.kind == "open":
            return "Open seat"
        if self.kind == "human":
            here = device_name(self.device)
            return f"{self.player} · {here}" if self.player else here
        return f"Bot ({self.level})" if self.level else "Bot"


@dataclass(frozen=True)
class LanStatus:
    """What the in-game LAN overlay shows, read once per step."""

    away: Mapping[int, float]         # seat -> seconds its player has been away
    waiting_on: tuple[int, ...]       # seats the game waits for (their turn, player away or open)
    reconnecting: bool                # this client lost the host for a moment
    can_hand_to_bot: bool             # this client hosts: it may give an away seat to a bot
    names: tuple[str, ...]            # player names by seat ("" when unknown)
    reconnect_left: float | None = None   # while reconnecting: seconds before this client gives up


def assign_devices(local_humans: Sequence[int],
                   devices: Mapping[int, str] | Sequence[str]) -> dict[int, str]:
    """Seat -> device for the humans at this screen. A mapping is by seat (the host chose seats);
    a list goes to the seats in order (a joining client learns its seats from the host). Seats
    nobody chose a device for get a free keyboard zone, so every local seat is playable."""
    if isinstance(devices, Mapping):
        chosen = {s: devices[s] for s in local_humans if s in devices}
    else:
        chosen = dict(zip(local_humans, devices))
    spare = [d for d in DEFAULT_DEVICES if d not in chosen.values()]
    for seat in local_humans:
        if seat not in chosen:
            chosen[seat] = spare.pop(0) if spare else DEFAULT_DEVICES[0]
    return chosen


class NetMatch(DeviceSeats):
    can_rematch = False           # no couch Rematch: the host's results offer "Play again" instead

    def __init__(self, app: App | None, info: GameDef, lan: Any,
                 devices: Mapping[int, str] | Sequence[str] = (), *, host: bool = False,
                 bot_think_time: float = 0.7, inline_bots: bool = False) -> None:
        self.app = app
        self.info = info
        self.lan = lan                    # the LanHost or LanClient facade
        self.is_host = host
        self.session = lan.session()
        self.players = int(self.session.config.players)
        self.options: dict[str, str] = {}
        self.seed = 0                     # the host keeps the seed: peers never know it
        # Accepted for the same calls as a Match (app.match_kwargs); the facade's bots ignore them.
        self.bot_think_time = bot_think_time
        self.inline_bots = inline_bots
        bots = set(self.session.bot_seats)
        self.devices = assign_devices([s for s in self.session.local_seats if s not in bots], devices)
        self.given_devices = devices      # as the waiting room had them, for the next game's room
        self._infos: tuple[SeatInfo, ...] = ()      # the table as last known (a reconnect may not know it)
        self._plans_key: tuple[tuple[SeatInfo, ...], tuple[tuple[int, str], ...]] | None = None
        self._plans: tuple[NetSeatPlan, ...] = ()
        self._away_since: dict[int, float] = {}
        self._closed = False
        self.replay_path: Path | None = None
        self._replay_failed = False
        self.begun = time.time()          # a peer's replay is dated by this machine's clock

    # -- seats ------------------------------------------------------------------------------------

    def _seat_infos(self) -> tuple[SeatInfo, ...]:
        try:
            self._infos = tuple(self.session.seats())
        except Exception:  # a session mid-reconnect may not know its table yet
            log.debug("the session does not know its table yet", exc_info=True)
        return self._infos

    @property
    def plans(self) -> tuple[NetSeatPlan, ...]:
        infos = self._seat_infos()
        bot_seats = dict(self.session.bot_seats)
        key = (infos, tuple(sorted(bot_seats.items())))
        if key != self._plans_key:
            self._plans_key = key
            self._plans = tuple(self._plan(i, infos, bot_seats) for i in range(self.players))
        return self._plans

    def _plan(self, seat: int, infos: Sequence[SeatInfo], bot_seats: Mapping[int, str]) -> NetSeatPlan:
        info = infos[seat] if seat < len(infos) else SeatInfo("", "open", "", False)
        if seat in bot_seats:
            return NetSeatPlan("bot", level=bot_seats[seat], player=info.name)
        if seat in self.devices and seat in self.session.local_seats:
            return NetSeatPlan("human", device=self.devices[seat], player=info.name)
        if info.kind == "bot":
            return NetSeatPlan("bot", level=info.level, player=info.name)
        if info.kind == "open":
            return NetSeatPlan("open")
        return NetSeatPlan("remote", player=info.name)

    def player_name(self, seat: int) -> str:
        infos = self._seat_infos()
        return infos[seat].name if seat < len(infos) else ""

    def seat_name(self, seat: int) -> str:
        name = self.player_name(seat)
        return f"{PLAYER_NAMES[seat]} ({name})" if name else PLAYER_NAMES[seat]

    # -- the loop ---------------------------------------------------------------------------------

    rejoin: Any = None            # a waiting room's SeatRejoin: forgets our seat when the game ends
    where: str = ""               # the address a peer joined, for the next game's waiting room

    def update(self, now: float) -> None:
        self.pump_notices()       # bots: the facade's own (see the module's doc)
        if self.rejoin is not None:
            self.rejoin.follow(self.lan)

    def pump_notices(self) -> None:
        """The facade's and the session's messages for the players, as toasts."""
        if self._closed:
            return      # a game left for the menu says why once, not with its last notices too
        texts: list[str] = []
        for source in (getattr(self.lan, "notices", None), getattr(self.session, "notices", None)):
            if source is None:
                continue
            try:
                texts += [str(t) for t in source()]
            except Exception:  # notices are a courtesy; never let them break play
                log.warning("could not read the LAN notices", exc_info=True)
                continue
        toast = getattr(self.app, "toast", None)
        if toast is not None:
            for text in dict.fromkeys(texts):
                toast(sentence(text))

    def problem(self) -> str | None:
        """Why this game cannot go on (the host is gone), or None."""
        state = getattr(self.lan, "state", None)
        if state in ("lost", "refused"):
            return getattr(self.lan, "message", "") or LOST_HOST
        return None

    def status(self, now: float) -> LanStatus:
        infos = self._seat_infos()
        away: dict[int, float] = {}
        away_seats = getattr(self.lan, "away_seats", None)
        if away_seats is not None:
            try:
                away = {int(s): float(t) for s, t in away_seats()}
            except Exception:
                log.warning("could not read which seats are away", exc_info=True)
                away = {}
        else:
            # A peer only sees who is connected: it times absences from when it noticed them.
            gone = {i for i, s in enumerate(infos) if s.kind not in ("open", "bot") and not s.connected}
            self._away_since = {s: t for s, t in self._away_since.items() if s in gone}
            for seat in gone:
                self._away_since.setdefault(seat, now)
            away = {s: now - t for s, t in self._away_since.items()}
        paused = getattr(self.session, "paused_on", None)
        waiting: tuple[int, ...] = ()
        if paused is not None and self.session.outcome() is None:
            try:
                waiting = tuple(sorted(paused()))
            except Exception:
                log.warning("could not read whom the game waits for", exc_info=True)
                waiting = ()
        return LanStatus(away, waiting, getattr(self.lan, "state", "") == "reconnecting",
                         self.is_host and hasattr(self.lan, "hand_to_bot"),
                         tuple(s.name for s in infos), reconnect_left(self.lan))

    def hand_to_bot(self, seat: int, level: str | None = None) -> None:
        levels = self.info.bot_levels
        level = level or (levels[(len(levels) - 1) // 2] if levels else "")   # the middle level: medium
        self.lan.hand_to_bot(seat, level)

    def keep_record(self) -> None:
        """Once the game is over, its replay is with this machine's: the host's own, written as the
        game went (net.host_record), or the one the host sent a peer, kept once and dated as this
        machine saw the game begin."""
        if self.replay_path is not None or self._replay_failed:
            return
        if self.is_host:
            self.replay_path = self.lan.replay_path() if hasattr(self.lan, "replay_path") else None
            return
        data = self.lan.replay_data()
        if data is None:
            return
        try:
            self.replay_path = store(data, stamp=self.begun)
        except (ReplayError, OSError) as exc:
            log.warning("the replay of this LAN game is not kept: %s", exc)
            self._replay_failed = True

    def rematch(self) -> NetMatch:
        raise RuntimeError("a LAN game replays through its waiting room: the host's Play again")

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self.lan.close()

    def stop_waiting(self) -> None:
        """Give up waiting for a host that is out of reach, keeping the seat: no Bye, and the
        remembered token stays, so joining the same table again takes the seat back."""
        if self._closed:
            return
        self._closed = True
        stop_waiting(self.lan)


def reconnect_left(lan: Any) -> float | None:
    """Seconds left before a facade that lost its host gives up (None: it has not lost it)."""
    left = getattr(lan, "reconnect_left", None)
    return float(left) if isinstance(left, (int, float)) else None


def stop_waiting(lan: Any) -> None:
    """Close a client that is waiting for its host without a Bye (the host keeps the seat)."""
    try:
        lan.close(bye=False)
    except Exception:  # closing is best effort; the host notices the silence anyway
        log.info("closing the connection failed (best effort)", exc_info=True)



