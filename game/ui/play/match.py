"""One game being played on this client: the session, who sits where, and the bots' driver.

Game scenes, the pause menu and the results screen share a Match; a rematch is a new Match with the
same seats and options.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.bots import BotDriver
from game.core.session import LocalSession, SeatInfo, Session
from game.definition import GameDef
from game.replays import Recorder, seats_of
from game.ui.toolkit.input import device_name
from game.ui.toolkit.theme import PLAYER_NAMES


@dataclass(frozen=True)
class SeatPlan:
    kind: str                 # "human" or "bot"
    device: str = ""          # for a human: "kb1".."kb4", "mouse", "pad0", ...
    level: str = ""           # for a bot: one of GameDef.bot_levels

    def label(self) -> str:
        return device_name(self.device) if self.kind == "human" else f"Bot ({self.level})"


class DeviceSeats:
    """A match being played on this client, local (Match) or over the LAN (game.ui.lobby.net_match):
    what the game screen, the pause menu and the results read of it, and which seats a device plays."""

    info: GameDef
    players: int
    session: Session

    if TYPE_CHECKING:
        # a field of a local Match, a property of a LAN match (its seats come from the host)
        @property
        def plans(self) -> Sequence[Any]: ...

        def seat_name(self, seat: int) -> str: ...

        def update(self, now: float) -> None: ...

        def rematch(self) -> DeviceSeats: ...

        def close(self) -> None: ...

    replay_path: Path | None = None     # where this game's replay is written (None: it is not)
    watched = False                     # a replay being watched: nobody plays, the viewer has the keys

    def keep_record(self) -> None:  # a hook: a LAN peer's replay comes from its host
        """Write what the game has made since the last call to its replay."""

    def seats_of(self, device: str) -> list[int]:
        """Local human seats played with this device (one device may play several, hot-seat)."""
        return [i for i, p in enumerate(self.plans) if p.kind == "human" and p.device == device]

    def acting_seat_of(self, device: str) -> int | None:
        """The seat this device should act for now: one of its seats that may act, else None."""
        acting = self.session.to_act()
        for seat in self.seats_of(device):
            if seat in acting:
                return seat
        return None


@dataclass
class Match(DeviceSeats):
    info: GameDef
    players: int
    options: Mapping[str, str]
    plans: tuple[SeatPlan, ...]
    seed: int
    bot_think_time: float = 0.7   # a pause so humans can follow the bots' moves
    inline_bots: bool = False     # tests and headless runs decide bots in-process
    seed_chosen: bool = False     # the players typed the seed: a rematch deals the same again
    record: bool = True           # keep the game as a replay (game.replays)
    session: Session = field(init=False)
    bots: BotDriver | None = field(init=False)
    recorder: Recorder | None = field(init=False)

    def __post_init__(self) -> None:
        if len(self.plans) != self.players:
            raise ValueError("one SeatPlan per player")
        engine = self.info.engine()
        config = self.info.make_config(self.players, dict(self.options))
        seats = [SeatInfo(self.seat_name(i), p.kind, p.level) for i, p in enumerate(self.plans)]
        session = self.session = LocalSession(engine, config, self.seed, seats, self.info.realtime)
        self.recorder = Recorder(session.referee, seats_of(seats)) if self.record else None
        self.replay_path = self.recorder.path if self.recorder is not None else None
        self.bots = None
        if any(p.kind == "bot" for p in self.plans):
            self.bots = BotDriver(self.session, self.info.bot_path, self.info.engine_path,
                                  seed=self.seed, think_time=self.bot_think_time,
                                  inline=self.inline_bots)
            try:
                self.bots.warm_up()
            except (OSError, ValueError, NotImplementedError):
                pass   # the driver falls back to deciding in-process

    def seat_name(self, seat: int) -> str:
        plan = self.plans[seat]
        who = "Bot" if plan.kind == "bot" else "Player"
        return f"{PLAYER_NAMES[seat]} ({who})"

    def update(self, now: float) -> None:
        if self.bots is not None:
            self.bots.update(now)

    def keep_record(self) -> None:
        if self.recorder is not None:
            self.recorder.follow()

    def rematch(self) -> Match:
        """The same seats and options; the same deal again when the players chose the seed."""
        self.close()
        seed = self.seed if self.seed_chosen else random.Random(self.seed).randrange(1, 2**31 - 1)
        return Match(self.info, self.players, self.options, self.plans, seed,
                     self.bot_think_time, self.inline_bots, self.seed_chosen, self.record)

    def close(self) -> None:
        if self.recorder is not None:
            self.recorder.follow()
            self.recorder.close()
        if self.bots is not None:
            self.bots.close()
        self.session.close()
