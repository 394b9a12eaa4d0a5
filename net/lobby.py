"""The host's table of seats: who holds which seat (by token), who is ready, who is away, the bots
keeping a seat warm for an away player, and rematches. No connections and no game here: the host's
core (net.host_core) tells the lobby which tokens are connected now.

Seats are open, or held by a *token* (a reconnect token, handed out in Welcome). The host's own
players and the bots it runs are held by `local_token`. A holder that drops keeps its seats; the
host may hand such a seat to a bot, which gives it back when its holder returns (`reclaim`).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.errors import KomboError

from . import messages as m


class SeatError(KomboError):
    """A seat operation that does not fit the seat's present state (e.g. handing a seated player's
    seat to a bot while they are connected)."""


class StartError(SeatError):
    """start() while the table is not ready to start; str() says what it waits for."""


@dataclass(frozen=True)
class HostSeat:
    """How a seat starts: "open" for a remote player, "local" for a player at the host's screen,
    "bot" for a bot the host's client runs."""

    kind: str
    name: str = ""
    level: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ("open", "local", "bot"):
            raise ValueError(f"seat kind must be open, local or bot, not {self.kind!r}")


@dataclass
class Seat:
    kind: str                        # "open" | "human" | "bot"
    name: str = ""
    level: str = ""
    holder: bytes | None = None      # the token that plays this seat
    reserved_for: bytes | None = None  # a human's token while a bot keeps the seat warm
    away_since: float | None = None  # when the holder's connection went
    ready: bool = False              # in the lobby: its player said Ready (bots always are)


Connected = Callable[[bytes], bool]      # is this token's connection here now?


class Lobby:
    def __init__(self, seat_plan: Sequence[HostSeat], local_token: bytes, host_name: str,
                 connected: Connected) -> None:
        self.local_token = local_token
        self.connected = connected
        self.holders: dict[bytes, str] = {local_token: host_name[:m.MAX_NAME] or "host"}   # token -> name
        self.levels: dict[bytes, str] = {}       # token -> bot level, for peers that play as bots
        self.seats: list[Seat] = []
        for plan in seat_plan:
            if plan.kind == "open":
                self.seats.append(Seat("open"))
            else:
                kind = "bot" if plan.kind == "bot" else "human"
                # the host's own seats are ready: the host is the one who presses Start
                self.seats.append(Seat(kind, plan.name, plan.level, local_token, None, 0.0, True))

    # -- reading -----------------------------------------------------------------------------------

    def seats_of(self, token: bytes | None) -> tuple[int, ...]:
        if token is None:
            return ()
        return tuple(i for i, s in enumerate(self.seats) if s.holder == token)

    def is_connected(self, seat: Seat) -> bool:
        return seat.holder is not None and self.connected(seat.holder)

    def seat_table(self) -> tuple[m.SeatEntry, ...]:
        return tuple(m.SeatEntry(s.name, s.kind, s.level, self.is_connected(s), s.ready) for s in self.seats)

    def at_host(self) -> tuple[bool, ...]:
        """Per seat: is it played by the host's own client (its players and its bots)?"""
        return tuple(s.holder == self.local_token for s in self.seats)

    def seats_free(self) -> int:
        return sum(1 for s in self.seats if s.kind == "open")

    def label(self, seat: int) -> str:
        return self.seats[seat].name or f"seat {seat + 1}"

    def away_since(self) -> list[tuple[int, float]]:
        """Seats whose holder's connection is gone, and since when (the host's own never are)."""
        return [(i, s.away_since) for i, s in enumerate(self.seats)
                if s.holder is not None and s.holder != self.local_token and not self.is_connected(s)
                and s.away_since is not None]

    def can_start(self, require_ready: bool = True, fill_open: bool = False) -> tuple[bool, str]:
        """Whether the game could start now, and if not, what the table waits for, in words."""
        free = self.seats_free()
        if free and not fill_open:
            return False, f"Waiting for {free} player{'s' if free > 1 else ''}"
        # the host's own seats are not waited for: its client is the one calling start()
        away = [self.label(i) for i, s in enumerate(self.seats)
                if s.holder is not None and s.holder != self.local_token and not self.is_connected(s)]
        if away:
            return False, f"Waiting for {names(away)} to reconnect"
        if require_ready:
            unready = [self.label(i) for i, s in enumerate(self.seats)
                       if s.kind == "human" and s.holder != self.local_token and not s.ready]
            if unready:
                return False, f"Waiting for {names(unready)} to be ready"
        return True, "Ready to start"

    def forgettable(self, token: bytes) -> bool:
        """A watcher's token: nothing to come back to."""
        return (token != self.local_token and not self.seats_of(token)
                and all(s.reserved_for != token for s in self.seats))

    # -- changing --------------------------------------------------------------------------------

    def seat_for(self, token: bytes) -> Seat:
        level = self.levels.get(token, "")
        kind = "bot" if level else "human"
        return Seat(kind, self.holders[token], level, token, None, None, bool(level))

    def take(self, token: bytes, name: str, bot: str, seats: Sequence[int]) -> None:
        """A new joiner with `token` takes the open `seats`."""
        self.holders[token] = name or "Player"
        if bot:
            self.levels[token] = bot
        for i in seats:
            self.seats[i] = self.seat_for(token)

    def reclaim(self, token: bytes) -> set[bytes]:
        """Seats a bot kept warm for `token` go back to it; returns the holders that lost a seat."""
        losers: set[bytes] = set()
        for i, seat in enumerate(self.seats):
            if seat.reserved_for == token:
                if seat.holder is not None:
                    losers.add(seat.holder)
                self.seats[i] = self.seat_for(token)
        return losers

    def here(self, token: bytes) -> None:
        for i in self.seats_of(token):
            self.seats[i].away_since = None

    def gone(self, token: bytes, now: float, started: bool) -> None:
        for i in self.seats_of(token):
            self.seats[i].away_since = now
            if not started and self.seats[i].kind == "human":
                self.seats[i].ready = False     # back from a drop, they say Ready again
        if self.forgettable(token):
            # nothing to come back to: strangers joining and leaving in a loop cannot grow the
            # table of tokens (or the save)
            del self.holders[token]

    def leave(self, token: bytes) -> None:
        """A peer left the lobby for good (Bye): its seats open again and its token is void."""
        for i, s in enumerate(self.seats):
            if s.holder == token:
                self.seats[i] = Seat("open")
            elif s.reserved_for == token:
                s.reserved_for = None
        self.holders.pop(token, None)
        self.levels.pop(token, None)

    def set_ready(self, token: bytes, ready: bool) -> bool:
        """`token`'s people are ready (or not); True if anything changed."""
        changed = False
        for i in self.seats_of(token):
            seat = self.seats[i]
            if seat.kind == "human" and seat.ready != ready:
                seat.ready = ready
                changed = True
        return changed

    def to_bot(self, seat: int, level: str, now: float) -> None:
        """Give an open or away seat to a bot the host's client runs. An away player gets the seat
        back when they rejoin with their token."""
        if not 0 <= seat < len(self.seats):
            raise SeatError(f"there is no seat {seat + 1}")
        if not level or len(level) > m.MAX_NAME:
            raise SeatError("a bot needs a level")
        s = self.seats[seat]
        if s.holder == self.local_token:
            raise SeatError(f"seat {seat + 1} is already a bot" if s.kind == "bot"
                            else f"seat {seat + 1} is played at the host")
        if s.kind != "open" and self.is_connected(s):
            raise SeatError(f"seat {seat + 1}'s player is connected")
        reserved = s.holder if s.kind != "open" else None
        name = s.name if s.kind != "open" else f"Bot {seat + 1}"
        local_here = self.connected(self.local_token)
        self.seats[seat] = Seat("bot", name, level, self.local_token, reserved, None if local_here else now, True)

    def open_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "open"]

    def new_game(self) -> None:
        """A rematch: remote people say Ready again; the host's own seats and bots are ready."""
        for s in self.seats:
            if s.kind == "human" and s.holder != self.local_token:
                s.ready = False
            elif s.kind != "open":
                s.ready = True

    # -- saving ----------------------------------------------------------------------------------

    def record(self) -> list[Any]:
        """The seats and tokens as plain data (a save's, and what its appends check)."""
        return [[[t, name, self.levels.get(t, "")] for t, name in self.holders.items()],
                [[s.kind, s.name, s.level, s.holder, s.reserved_for] for s in self.seats]]

    @classmethod
    def restored(cls, local: bytes, holders: dict[bytes, str], levels: dict[bytes, str], seats: list[Seat],
                 connected: Connected, now: float) -> Lobby:
        """A saved table: every seat starts away (its holders rejoin with their tokens)."""
        lobby = cls.__new__(cls)
        lobby.local_token, lobby.connected = local, connected
        lobby.holders, lobby.levels, lobby.seats = holders, levels, seats
        for s in seats:
            s.away_since = now if s.holder is not None else None
            s.ready = s.kind == "bot" or s.holder == local
        return lobby


def names(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


__all__ = ["HostSeat", "Lobby", "Seat", "SeatError", "StartError", "names"]
