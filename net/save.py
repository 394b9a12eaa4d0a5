"""The host's autosave: where it lives, how it is written, how it is read back.

The file starts with a small msgpack envelope around HostCore.save() (the replay, seats and tokens)
and what a resumed host needs to be found again: the port its peers knew and the host's name. The
envelope is written to a temporary file in the same folder, then os.replace, so a crash mid-write
leaves the previous save whole. That happens at the start and whenever the seats, the tokens or the
start change; each step in between appends one record, [step, action], to the same file.

Why a journal: the host saves each step *before* sending it (no peer may ever hold a step the save
lacks), so the save is on the path of every step. Replacing a file costs a few hundred microseconds
on ext4 (a rename over a file flushes its data), appending a record about one. There is no fsync:
the fault covered is the host *process* dying, which cannot tear a single write() and leaves the
page cache to the kernel. A record cut short (power lost mid-write) is the end of the journal.

The user's data folder and the atomic write come from game.storage, shared with the settings.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import msgpack

from game.storage import data_dir, read_limited, write_atomic

from .host_core import SaveError

FILE_NAME = "lan-autosave.bin"
MAGIC = "kombo-lan-save"
ENVELOPE_VERSION = 1
MAX_SAVE = 16 * 1024 * 1024     # a save is a replay: far smaller; a bigger file is not ours


@dataclass(frozen=True)
class LanSave:
    core: bytes          # HostCore.save()
    game: str            # the game's key, to pick the engine before restoring
    port: int            # where the host listened: its peers reconnect there
    name: str            # the host player's name


def default_save_path() -> Path:
    return data_dir() / FILE_NAME


def encode_save(save: LanSave) -> bytes:
    return cast(bytes, msgpack.packb({"magic": MAGIC, "v": ENVELOPE_VERSION, "core": save.core,
                                      "game": save.game, "port": save.port, "name": save.name},
                                     use_bin_type=True))


def decode_save(data: bytes) -> LanSave:
    try:
        raw: Any = msgpack.unpackb(data, raw=False, strict_map_key=False, max_ext_len=0)
    except (ValueError, TypeError, msgpack.UnpackException):
        raise SaveError("the save is damaged (not readable)") from None
    if not isinstance(raw, dict) or raw.get("magic") != MAGIC:
        raise SaveError("this is not a Kombo Arcade LAN save")
    if raw.get("v") != ENVELOPE_VERSION:
        raise SaveError(f"a save of another version ({raw.get('v')!r}) of Kombo Arcade")
    core, game, port, name = raw.get("core"), raw.get("game"), raw.get("port"), raw.get("name")
    if (not isinstance(core, bytes) or not isinstance(game, str) or not isinstance(name, str)
            or not isinstance(port, int) or isinstance(port, bool) or not 0 <= port <= 65535):
        raise SaveError("the save is damaged (fields missing or of the wrong kind)")
    return LanSave(core, game, port, name)


def write_save(path: Path, save: LanSave) -> None:
    """Write atomically: a temp file beside `path`, then os.replace. Raises OSError."""
    write_atomic(Path(path), encode_save(save))


def read_save(path: Path) -> LanSave:
    """Read and check the envelope and its journal; the LanSave's `core` holds every journaled
    move. SaveError says what is wrong in words."""
    data = read_limited(Path(path), MAX_SAVE, "save", SaveError)
    return decode_journal(data)


def decode_journal(data: bytes) -> LanSave:
    """An envelope followed by [step, action] records -> one LanSave with all the moves."""
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_ext_len=0,
                                max_buffer_size=MAX_SAVE)
    unpacker.feed(data)
    try:
        first = next(unpacker)
    except StopIteration:
        raise SaveError("the save is empty or cut short") from None
    except (ValueError, TypeError, msgpack.UnpackException):
        raise SaveError("the save is damaged (not readable)") from None
    save = decode_save(msgpack.packb(first, use_bin_type=True))
    records: list[Any] = []
    try:
        for record in unpacker:
            records.append(record)
    except (ValueError, TypeError, msgpack.UnpackException):
        raise SaveError("the save's journal is damaged") from None
    # (a record cut short at the very end is not yielded at all: the journal ends before it)
    if not records:
        return save
    try:
        core = msgpack.unpackb(save.core, raw=False, strict_map_key=False, max_ext_len=0)
        actions = core["actions"]
        for record in records:
            step, action = record
            if step != len(actions) + 1:
                raise SaveError(f"the save's journal skips from step {len(actions)} to {step}")
            actions.append(action)
    except SaveError:
        raise
    except (ValueError, TypeError, KeyError, msgpack.UnpackException):
        raise SaveError("the save's journal is damaged") from None
    return LanSave(msgpack.packb(core, use_bin_type=True), save.game, save.port, save.name)


class AutoSaver:
    """Keeps `path` a save of a HostCore: call update(core) after every change, before sending
    what the change produced."""

    def __init__(self, path: Path, game: str, name: str) -> None:
        self.path = Path(path)
        self.game = game
        self.name = name
        self.port = 0
        self._seats: bytes | None = None
        self._step = -1
        self._fd: int | None = None

    def update(self, core: Any) -> None:
        """Raises OSError if the disk will not take it."""
        seats = core.seat_record()
        if seats != self._seats or self._fd is None or core.step < self._step:
            self._rewrite(core, seats)
            return
        if core.step > self._step:
            engine = core.engine
            records = b"".join(msgpack.packb([n, engine.actions.encode(action)], use_bin_type=True)
                               for n, action in enumerate(core.log[self._step:], self._step + 1))
            os.write(self._fd, records)
            self._step = core.step

    def _rewrite(self, core: Any, seats: bytes) -> None:
        self.close()
        write_save(self.path, LanSave(core.save(), self.game, self.port, self.name))
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        self._seats = seats
        self._step = core.step

    def close(self) -> None:
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
            self._fd = None


__all__ = [
    "AutoSaver",
    "LanSave",
    "SaveError",
    "data_dir",
    "decode_journal",
    "decode_save",
    "default_save_path",
    "encode_save",
    "read_save",
    "write_save",
]
