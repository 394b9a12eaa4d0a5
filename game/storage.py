"""Where the player's files live and how they are written: one place for the settings, the LAN
autosave and remembered seats. No pygame, so the net layer and headless runs use it too."""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

APP_DIR = "kombo-arcade"


def _user_dir(env_var: str, xdg_var: str, xdg_fallback: str, windows_var: str) -> Path:
    override = os.environ.get(env_var)
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = os.environ.get(windows_var) or os.environ.get("APPDATA")
        if base:
            return Path(base) / APP_DIR
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / APP_DIR
    xdg = os.environ.get(xdg_var)
    if xdg:
        return Path(xdg) / APP_DIR
    return Path.home() / xdg_fallback / APP_DIR


def config_dir() -> Path:
    """Settings: $KOMBO_ARCADE_CONFIG_DIR, else the platform's config folder (XDG on Linux)."""
    return _user_dir("KOMBO_ARCADE_CONFIG_DIR", "XDG_CONFIG_HOME", ".config", "APPDATA")


def data_dir() -> Path:
    """Saves, remembered seats and the log file: $KOMBO_ARCADE_DATA_DIR, else the platform's."""
    return _user_dir("KOMBO_ARCADE_DATA_DIR", "XDG_DATA_HOME", ".local/share", "LOCALAPPDATA")


def write_atomic(path: Path, data: bytes, *, durable: bool = False) -> None:
    """A temp file beside `path`, then os.replace: a crash mid-write never leaves half a file.
    `durable` also fsyncs, for files a power cut must not lose (settings); raises OSError."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_limited(path: Path, most: int, noun: str, error: type[Exception]) -> bytes:
    """The bytes of a file of ours (a save, a replay) no bigger than `most`; every way it cannot be
    read is an `error` that says so in a player's words, naming the file as a `noun`."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > most:
            raise error(f"{path} is too big to be a {noun} ({size} bytes)")
        return path.read_bytes()
    except FileNotFoundError:
        raise error(f"there is no {noun} at {path}") from None
    except IsADirectoryError:
        raise error(f"{path} is a folder, not a {noun}") from None
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror or exc}") from None
