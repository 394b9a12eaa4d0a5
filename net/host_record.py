"""A LAN host keeps each game its table plays with this machine's replays, step by step, as a couch
game is kept (game.replays.Recorder): a host that dies mid-game leaves the game so far, which the
Replays list shows as cut short. It runs where the host's core changes (the server thread, after each
turn and before its sends), so the replay holds a step before any screen shows it."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from game.replays import Recorder


class TableRecorder:
    """Follows a HostCore: a Recorder per game (a rematch is a new game, a new file)."""

    def __init__(self) -> None:
        self.recorder: Recorder | None = None

    def update(self, core: Any) -> None:
        if not core.started:
            return
        recorder = self.recorder
        if recorder is None or recorder.referee is not core.referee:
            if recorder is not None:
                recorder.close()
            recorder = self.recorder = Recorder(core.referee, core.replay_seats(), lan=True)
        recorder.follow()

    def finished_path(self) -> Path | None:
        """The finished game's replay (None while it goes on, or where it could not be written)."""
        recorder = self.recorder
        return recorder.path if recorder is not None and recorder.finished else None

    def close(self) -> None:
        if self.recorder is not None:
            self.recorder.close()
