"""A hosted game as a replay (game.core.replay), sans-I/O: the seats as a replay names them, and the
finished game's file the host sends every peer at the end (net.host_core), when it fits one frame."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from game.core.replay import ReplaySeat, encode, replay_of

from . import messages as m

if TYPE_CHECKING:
    from .host_core import HostCore

log = logging.getLogger("net.host_core")     # the host's news, in its log lines


def replay_seats(core: HostCore) -> tuple[ReplaySeat, ...]:
    """The lobby's seats, a human at another machine "remote"."""
    return tuple(ReplaySeat(s.name, s.kind if s.holder == core.local_token or s.kind != "human" else "remote",
                            s.level) for s in core.lobby.seats)


def replay_file(core: HostCore) -> m.ReplayFile | None:
    """The game as a replay for the peers (undated: each dates it by its own clock), None where it
    is too long for one frame (logged)."""
    data = encode(core.engine, replay_of(core.referee, replay_seats(core), 0.0, lan=True))
    if len(data) > m.MAX_REPLAY_FRAME:
        log.warning("the replay of this game is %d bytes, too long to send its peers", len(data))
        return None
    return m.ReplayFile(core.game_no, data)


__all__ = ["replay_file", "replay_seats"]
