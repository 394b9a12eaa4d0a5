"""Reconnect tokens of the LAN tables this player sits at, kept on disk, and how a joining client
keeps its seat across restarts (SeatRejoin). No pygame: the window's join screens and a headless
`--join` share it.

A peer whose connection drops reconnects by itself; a peer whose whole client died (a crash, a closed
window, a killed process) only gets its seat back if it still has the token the host gave it. So the
token is written down per table (game, host address and port) once the host welcomes us, and a client
joining the same table again offers it: the host gives the seat back.

Several clients on one machine may sit at the same table (two headless bots, say), each with a seat
of its own. So every entry names the client that holds it (host name and process id): a client is
offered only a token that no other *running* client holds, which is the one a client that died left
behind. An entry older than a day is from another evening's game and is dropped.
"""
from __future__ import annotations

import json
import os
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.storage import data_dir, write_atomic

FILE_NAME = "lan-seats.json"
KEEP_FOR = 24 * 3600        # a seat older than a day is from another evening's game
KEEP_AT_MOST = 16           # tables remembered

Owner = tuple[str, int]     # (host name, process id) of the client that holds a token


def _key(address: tuple[str, int], game: str) -> str:
    return f"{game}@{address[0]}:{int(address[1])}"


def this_client() -> Owner:
    return (socket.gethostname(), os.getpid())


def process_alive(pid: int) -> bool:
    """Whether process `pid` of this machine is running (a zombie counts as running)."""
    if pid == os.getpid():
        return True
    if pid <= 0:
        return False
    if sys.platform == "win32":
        import ctypes

        kernel32 = ctypes.windll.kernel32
        handle = kernel32.OpenProcess(0x1000, False, pid)     # PROCESS_QUERY_LIMITED_INFORMATION
        if not handle:
            return kernel32.GetLastError() == 5               # access denied: it exists
        try:
            code = ctypes.c_ulong()
            ok = kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
            return bool(ok) and code.value == 259            # STILL_ACTIVE
        finally:
            kernel32.CloseHandle(handle)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True                 # someone else's process
    except OSError:
        return False
    return True


class SeatMemory:
    """The tokens on disk: `recall` a table's, `remember` ours, `forget` ours. `owner` and `alive`
    say who this client is and whether another one still runs (tests give their own)."""

    def __init__(self, path: Path, clock: Callable[[], float] = time.time,
                 owner: Owner | None = None,
                 alive: Callable[[int], bool] = process_alive) -> None:
        self.path = path
        self.clock = clock
        self.owner = owner if owner is not None else this_client()
        self.alive = alive

    # -- the file --------------------------------------------------------------------------------

    def _load(self) -> dict[str, list[dict[str, Any]]]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}           # missing or damaged: no seats remembered, nothing else lost
        if not isinstance(data, dict):
            return {}
        now = self.clock()
        out: dict[str, list[dict[str, Any]]] = {}
        for key, entries in data.items():
            if isinstance(entries, dict):
                entries = [entries]             # one entry per table, as before several clients
            if not isinstance(entries, list):
                continue
            kept = [e for e in entries
                    if isinstance(e, dict) and isinstance(e.get("token"), str)
                    and isinstance(e.get("at"), (int, float)) and now - e["at"] < KEEP_FOR]
            if kept:
                out[str(key)] = kept
        return out

    def _save(self, data: dict[str, list[dict[str, Any]]]) -> None:
        data = {k: v for k, v in data.items() if v}
        newest = dict(sorted(data.items(), key=lambda kv: max(e["at"] for e in kv[1]))[-KEEP_AT_MOST:])
        try:
            write_atomic(self.path, json.dumps(newest).encode("utf-8"))
        except OSError:
            pass                # a read-only home only costs the rejoin-after-restart convenience

    # -- who holds an entry ----------------------------------------------------------------------

    def _mine(self, entry: dict[str, Any]) -> bool:
        return [entry.get("host"), entry.get("pid")] == list(self.owner)

    def _held_elsewhere(self, entry: dict[str, Any]) -> bool:
        """Another client that still runs holds this token (on this machine: its process lives;
        on another machine sharing this folder: assume it does)."""
        host, pid = entry.get("host"), entry.get("pid")
        if host is None or not isinstance(pid, int) or self._mine(entry):
            return False            # written before entries named their client, or ours
        if host != self.owner[0]:
            return True
        return self.alive(pid)

    # -- the API ---------------------------------------------------------------------------------

    def recall(self, address: tuple[str, int], game: str) -> bytes | None:
        """The newest token for that table that no other running client holds (ours included)."""
        entries = self._load().get(_key(address, game), [])
        for entry in sorted(entries, key=lambda e: e["at"], reverse=True):
            if self._held_elsewhere(entry):
                continue
            try:
                return bytes.fromhex(entry["token"])
            except ValueError:
                continue
        return None

    def remember(self, address: tuple[str, int], game: str, token: bytes) -> None:
        """This client holds `token` at that table (in place of what it held there before)."""
        data = self._load()
        key = _key(address, game)
        entries = [e for e in data.get(key, []) if e["token"] != token.hex() and not self._mine(e)]
        entries.append({"token": token.hex(), "at": self.clock(), "host": self.owner[0],
                        "pid": self.owner[1]})
        data[key] = entries
        self._save(data)

    def forget(self, address: tuple[str, int], game: str, token: bytes | None = None) -> None:
        """This client's seat at that table is over (and `token`'s, whoever wrote it down)."""
        data = self._load()
        key = _key(address, game)
        entries = data.get(key, [])
        kept = [e for e in entries
                if not self._mine(e) and (token is None or e["token"] != token.hex())]
        if len(kept) != len(entries):
            data[key] = kept
            self._save(data)


def default_seat_memory() -> SeatMemory:
    """The file in the user's data folder."""
    return SeatMemory(data_dir() / FILE_NAME)


@dataclass
class SeatRejoin:
    """How a joined client keeps its seat across restarts: the token is remembered once the host
    welcomes us (again after each game the host replays), forgotten when a game ends, and a token
    the host no longer knows is forgotten and the join tried afresh. `follow(client)` is called on
    every update with a net.lan.LanClient (or anything with its state, token, refusal_code and
    close())."""

    memory: SeatMemory
    address: tuple[str, int]
    game: str
    used_token: bool
    connect: Callable[..., Any]       # connect(token=None) -> a new client
    kept: bool = False
    over: bool = False                # the game ended and its seat was forgotten
    token: bytes | None = None        # the token this join offered the host, if any

    def follow(self, client: Any) -> Any | None:
        """Called every update; returns a fresh client to use instead of `client`, or None."""
        state = getattr(client, "state", "")
        token = getattr(client, "token", None)
        if state in ("lobby", "playing"):
            self.over = False
            if not self.kept and isinstance(token, bytes):
                self.memory.remember(self.address, self.game, token)
                self.kept = True
        if state == "over" and not self.over:
            # No seat to come back to. The host may reopen the table (Play again): the seat is
            # remembered afresh once the client is in the table's lobby again.
            self.memory.forget(self.address, self.game, token if isinstance(token, bytes) else None)
            self.over, self.kept = True, False
        if (state == "refused" and self.used_token
                and getattr(client, "refusal_code", "") == "bad_token"):
            self.memory.forget(self.address, self.game, self.token)
            self.used_token = False
            client.close()
            return self.connect(token=None)
        return None


__all__ = ["FILE_NAME", "KEEP_FOR", "SeatMemory", "SeatRejoin", "default_seat_memory",
           "process_alive"]
