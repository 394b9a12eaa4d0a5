"""A LAN host keeps each game its table plays with this machine's replays, step by step, as a couch
game is kept (game.replays.Recorder): a host that dies mid-game leaves the game so far, which the
Replays list shows as cut short. It runs where the host's core changes (the server thread, after each
turn and before its sends), so the replay holds a step before any screen shows it. A host resumed from
its autosave writes its game on into a new file, dated as the game began, and deletes the one it had
been writing before it stopped: the game stays one entry in the list."""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from game.core.replay import ReplayError, decode
from game.replays import Entry, Recorder, entries, read_bytes

from .host_replay import replay_seats

log = logging.getLogger(__name__)


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
            recorder = self.recorder = Recorder(core.referee, replay_seats(core), lan=True)
            earlier = cut_short(core) if core.step else None
            if earlier is not None:
                recorder.started = earlier.header.started
                recorder.follow()
                _delete(earlier.path)
        recorder.follow()

    def finished_path(self) -> Path | None:
        """The finished game's replay (None while it goes on, or where it could not be written)."""
        recorder = self.recorder
        return recorder.path if recorder is not None and recorder.finished else None

    def close(self) -> None:
        if self.recorder is not None:
            self.recorder.close()


def cut_short(core: Any) -> Entry | None:
    """The replay this table's game was being written to when its host stopped: a LAN game of the
    same game, unfinished, whose seed and config are the core's and whose moves begin its moves."""
    for entry in entries():
        header = entry.header
        if entry.outcome is not None or not header.lan or header.game != core.engine.key or entry.steps > core.step:
            continue
        try:
            replay = decode(read_bytes(entry.path), lambda _key: core.engine)
        except ReplayError:
            continue
        if replay.seed == core.seed and replay.config == core.config and replay.actions == core.log[:len(replay.steps)]:
            return entry
    return None


def _delete(path: Path) -> None:
    try:
        path.unlink()
    except OSError as exc:
        log.warning("could not delete %s, the replay a resumed game goes on from: %s", path, exc)
