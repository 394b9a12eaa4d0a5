"""The replays on this machine: where they live, how a game being played is written to one, and the
list the Replays screen shows. No pygame, so headless runs and the LAN host record too.

A game is written as it goes: the header when its first step is made, each step appended and flushed
as it comes (a program that dies keeps its game so far: that file has no footer and opens as a game
cut short), the footer with the result at the end. Only the newest KEEP replays are kept. The format
and its checks are game.core.replay's.
"""
from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import msgpack

from game.core.engine import Engine, Outcome
from game.core.errors import WireFormatError
from game.core.referee import Referee
from game.core.replay import (
    MAX_REPLAY,
    Header,
    RecordedStep,
    Replay,
    ReplayError,
    ReplaySeat,
    decode,
    encode,
    footer_bytes,
    header_bytes,
    read_header,
    step_bytes,
)
from game.core.session import SeatInfo
from game.storage import data_dir, read_limited, write_atomic

log = logging.getLogger(__name__)

SUFFIX = ".kreplay"
KEEP = 50


def replays_dir() -> Path:
    return data_dir() / "replays"


def engine_for(key: str) -> Engine[Any]:
    from game.games import game_by_key  # the catalogue only when a replay is read, not to write one
    return game_by_key(key).engine()


def seats_of(infos: Sequence[SeatInfo]) -> tuple[ReplaySeat, ...]:
    return tuple(ReplaySeat(s.name, s.kind if s.kind in ("human", "bot", "remote") else "open", s.level)
                 for s in infos)


def new_path(game: str, folder: Path | None = None, now: float | None = None) -> Path:
    folder = folder or replays_dir()
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    path = folder / f"{stamp}-{game}{SUFFIX}"
    n = 2
    while path.exists():
        path = folder / f"{stamp}-{game}-{n}{SUFFIX}"
        n += 1
    return path


class Recorder:
    """Writes the game a referee plays to a replay file, step by step: call `follow()` whenever the
    referee may have moved on (each frame, each loop of a host). A recorder that cannot write (a full
    disk, a folder it may not write to) logs why once and lets the game go on unrecorded."""

    def __init__(self, referee: Referee, seats: Sequence[ReplaySeat], path: Path | None = None,
                 lan: bool = False, keep: int = KEEP) -> None:
        self.referee = referee
        self.seats = tuple(seats)
        self.path = path or new_path(referee.engine.key)
        self.lan = lan
        self.keep = keep
        self.started = time.time()
        self._cursor = 0
        self._file: IO[bytes] | None = None
        self._failed = False
        self.finished = False

    def follow(self) -> None:
        if self._failed or self.finished:
            return
        records, self._cursor = self.referee.steps_since(self._cursor)
        outcome = self.referee.engine.outcome(self.referee.state)
        if not records and outcome is None:
            return
        engine = self.referee.engine
        parts = [step_bytes(engine, RecordedStep.of(r)) for r in records]
        if outcome is not None:
            parts.append(footer_bytes(outcome))
        try:
            if self._file is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._file = self.path.open("xb")
                self._file.write(header_bytes(engine, self.referee.config, self.referee.seed, self.seats,
                                              self.started, self.lan))
                prune(self.path.parent, self.keep, spare=self.path)
            self._file.write(b"".join(parts))
            self._file.flush()
        except OSError as exc:
            log.warning("the replay %s cannot be written (%s): this game is not recorded", self.path, exc)
            self._failed = True
            self.close()
            return
        if outcome is not None:
            self.finished = True
            self.close()

    def close(self) -> None:
        if self._file is not None:
            try:
                self._file.close()
            except OSError:
                log.exception("closing the replay %s", self.path)
            self._file = None


def store(data: bytes, folder: Path | None = None, keep: int = KEEP, stamp: float | None = None) -> Path:
    """A replay received whole (a LAN peer's, from its host), checked and kept with the others;
    `stamp` dates it (a host's own clock is not a peer's: the game is dated as this machine saw it
    end). ReplayError if it is not one that plays; OSError if it cannot be written."""
    if stamp is not None:
        replay = dataclasses.replace(decode(data, engine_for), started=stamp)
        data = encode(engine_for(replay.game), replay)
    header = read_header(data)
    path = new_path(header.game, folder, header.started)
    write_atomic(path, data)
    prune(path.parent, keep, spare=path)
    return path


def prune(folder: Path, keep: int = KEEP, spare: Path | None = None) -> None:
    """Delete the oldest replays beyond the newest `keep` (never `spare`, the one being written)."""
    files = sorted(folder.glob(f"*{SUFFIX}"), key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
    room = keep - 1 if spare is not None else keep
    for old in [p for p in files if p != spare][max(0, room):]:
        try:
            old.unlink()
        except OSError as exc:
            log.warning("could not delete the old replay %s: %s", old, exc)


def read_bytes(path: Path) -> bytes:
    return read_limited(path, MAX_REPLAY, "replay", ReplayError)


def open_replay(path: Path) -> Replay:
    """The replay at `path`, checked and played through (ReplayError says what is wrong)."""
    return decode(read_bytes(path), engine_for)


@dataclass(frozen=True)
class Entry:
    """One line of the Replays list."""

    path: Path
    header: Header
    steps: int
    outcome: Outcome | None       # as the footer says (the viewer checks it when it opens the file)


def entries(folder: Path | None = None) -> list[Entry]:
    """The replays in `folder`, newest first; a file that does not read is left out (and logged)."""
    folder = folder or replays_dir()
    out: list[Entry] = []
    for path in folder.glob(f"*{SUFFIX}"):
        try:
            out.append(_entry(path))
        except ReplayError as exc:
            log.warning("the replay %s is not listed: %s", path, exc)
    return sorted(out, key=lambda e: (e.header.started, e.path.name), reverse=True)


def _entry(path: Path) -> Entry:
    data = read_bytes(path)
    header = read_header(data)
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_ext_len=0, max_buffer_size=MAX_REPLAY)
    unpacker.feed(data)
    steps, last = -1, None
    try:
        for record in unpacker:
            steps, last = steps + 1, record
    except (ValueError, TypeError, msgpack.UnpackException):
        raise ReplayError("damaged") from None
    outcome = None
    if isinstance(last, dict) and "end" in last:
        steps -= 1
        try:
            outcome = Outcome.from_wire(last["end"])
        except (WireFormatError, TypeError, ValueError):   # listed as unfinished; opening it says why
            outcome = None
    return Entry(path, header, max(0, steps), outcome)


def delete(path: Path) -> None:
    """Raises OSError (the screen says why)."""
    Path(path).unlink()


__all__ = ["KEEP", "SUFFIX", "Entry", "Recorder", "delete", "engine_for", "entries", "new_path",
           "open_replay", "prune", "read_bytes", "replays_dir", "seats_of", "store"]
