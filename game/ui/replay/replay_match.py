"""A replay as the match a game screen is built on: the seats as they were, nobody at the controls.

The seat whose eyes the viewer borrows counts as this screen's one human (with no device, so no key
moves anything): the game's screen then draws that seat's view, private cards and all, as it draws a
player's own; with no perspective it draws the table as a spectator sees it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.core.replay import Replay
from game.core.replay_session import ReplaySession
from game.definition import GameDef
from game.ui.play.match import DeviceSeats, SeatPlan


@dataclass
class ReplayMatch(DeviceSeats):
    info: GameDef
    replay: Replay
    session: ReplaySession
    plans: tuple[SeatPlan, ...] = field(init=False)
    can_rematch = False
    watched = True

    def __post_init__(self) -> None:
        self.players = self.replay.config.players
        watching = self.session.perspective
        # the eyes borrowed have no device: nothing at this screen plays that seat
        self.plans = tuple(SeatPlan("human") if seat == watching
                           else SeatPlan("bot", level=s.level) if s.kind == "bot" else SeatPlan("human", "remote")
                           for seat, s in enumerate(self.replay.seats))

    def seat_name(self, seat: int) -> str:
        return self.replay.seats[seat].name

    def update(self, now: float) -> None:
        pass           # nobody plays: the viewer moves the game on

    def rematch(self) -> Any:
        raise NotImplementedError("a replay has no rematch")

    def close(self) -> None:
        pass
