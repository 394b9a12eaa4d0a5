"""Logging for Kombo Arcade: stdlib logging, configured once at start-up by game.cli.

Every module logs to its own logger (`log = logging.getLogger(__name__)`), so records are named
game.* and net.*. `setup()` sends them to:

- one rotating file, `kombo-arcade.log` in the user's data folder (game.storage.data_dir(); 1 MB,
  3 old files kept), with every traceback: the file a player attaches to a bug report;
- stderr: in a headless run (--demo, --host, --join, a headless --resume) our own records from INFO
  up and other libraries' from WARNING up, one line each; in the window only warnings and errors.
  A traceback is left to the file (stderr says where it is), unless there is no file.

KOMBO_ARCADE_DEBUG=1 adds our own DEBUG records (expected, handled conditions in per-frame paths,
such as a session that does not know its table yet while it reconnects).

If the log folder cannot be written, stderr says so in one line and takes the file's place (tracebacks
included); logging never stops the game. A record logged with `extra=FILE_ONLY` goes to the file only
(the start-up line, and a crash the player is told about in words anyway).

The same record again and again (the same line of code, message and exception: a handled error in a
path that runs every frame) is written once a minute, with a count of the ones left out, so it cannot
flood the file and rotate away what came before it.

No state of its own: the handlers (and their filter) live in the logging module, named, so `setup()`
may run again (the tests call game.cli.main many times) and `log_file()` reads the path back from the
file handler.
"""
from __future__ import annotations

import logging
import logging.handlers
import os
import sys
import threading
from pathlib import Path
from typing import TextIO

from game.storage import data_dir

LOG_NAME = "kombo-arcade.log"
MAX_BYTES = 1_000_000
BACKUPS = 3
OWN_LOGGERS = ("game", "net")
FILE_ONLY = {"kombo_file_only": True}     # extra= for a record the terminal should not show

_FILE = "kombo-arcade.file"               # the names of our handlers on the root logger
_STDERR = "kombo-arcade.stderr"
DEBUG_ENV = "KOMBO_ARCADE_DEBUG"
REPEAT_EVERY = 60.0                       # seconds between two copies of the same record
_FILE_FORMAT = "%(asctime)s %(process)d %(levelname)s %(name)s [%(threadName)s]: %(message)s"
_LINE_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def log_path() -> Path:
    """Where the log file is written (whether or not it exists yet)."""
    return data_dir() / LOG_NAME


def shown_path(path: Path) -> str:
    """`path` as a player reads it: the home folder as ~."""
    try:
        home = Path.home()
        rest = Path(path).relative_to(home)
    except (RuntimeError, ValueError):      # no home folder known, or the path is elsewhere
        return str(path)
    return str(Path("~") / rest) if rest.parts else "~"


class _Stderr(logging.StreamHandler):
    """A handler on whatever sys.stderr is when it writes (as logging's last resort does), so a
    replaced or captured stderr never leaves it writing to a closed stream."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property
    def stream(self) -> TextIO:
        return sys.stderr

    @stream.setter
    def stream(self, value: TextIO) -> None:
        pass


class _Brief(logging.Formatter):
    """One line per record: a traceback becomes its last line and a pointer to the log file."""

    def format(self, record: logging.LogRecord) -> str:
        if not (record.exc_info or record.exc_text or record.stack_info):
            return super().format(record)
        brief = logging.makeLogRecord(record.__dict__)
        exc = record.exc_info[1] if record.exc_info else None
        brief.exc_info = brief.exc_text = brief.stack_info = None
        text = super().format(brief)
        if exc is not None:
            text += f" ({type(exc).__name__}: {exc}; the traceback is in the log file)"
        return text


def _not_file_only(record: logging.LogRecord) -> bool:
    return not getattr(record, "kombo_file_only", False)


class _Repeats(logging.Filter):
    """Lets the same record (logger, line, message, exception type) through once per `every`
    seconds; the next one that passes says how many were left out. One instance serves every
    handler: it decides once per record."""

    MAX_KEYS = 1024

    def __init__(self, every: float | None = None) -> None:
        super().__init__()
        self.every = REPEAT_EVERY if every is None else every
        self._lock = threading.Lock()
        self._seen: dict[tuple, list] = {}      # key -> [when let through, how many left out since]

    def filter(self, record: logging.LogRecord) -> bool:
        decided = getattr(record, "_kombo_repeat_ok", None)
        if decided is not None:
            return bool(decided)
        exc = record.exc_info[0].__name__ if record.exc_info and record.exc_info[0] else ""
        key = (record.name, record.pathname, record.lineno, record.getMessage(), exc)
        with self._lock:
            seen = self._seen.get(key)
            if seen is not None and record.created - seen[0] < self.every:
                seen[1] += 1
                ok = False
            else:
                if seen is not None and seen[1]:
                    record.msg = f"{record.msg} [and {seen[1]} more like it not logged]"
                if len(self._seen) >= self.MAX_KEYS:
                    self._seen.clear()
                self._seen[key] = [record.created, 0]
                ok = True
        record._kombo_repeat_ok = ok
        return ok


def remove_handlers() -> None:
    """Take our handlers off the root logger and close them (a second setup(); tests)."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        if handler.get_name() in (_FILE, _STDERR):
            root.removeHandler(handler)
            handler.close()


def _file_handler(path: Path, level: int) -> logging.Handler:
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.handlers.RotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUPS,
                                                   encoding="utf-8", errors="backslashreplace")
    handler.set_name(_FILE)
    handler.setLevel(level)
    handler.setFormatter(logging.Formatter(_FILE_FORMAT))
    return handler


def setup(headless: bool, prog: str = "kombo-arcade") -> Path | None:
    """Configure logging for this run (`headless`: no window, so stderr also shows our INFO
    records). Returns the log file's path, or None if it could not be opened: then stderr says so in
    one line and shows tracebacks itself. Never raises for a folder it cannot write."""
    remove_handlers()
    level = logging.DEBUG if os.environ.get(DEBUG_ENV, "") not in ("", "0") else logging.INFO
    for name in OWN_LOGGERS:
        logging.getLogger(name).setLevel(level)
    root = logging.getLogger()
    root.setLevel(logging.WARNING)
    repeats = _Repeats()
    path: Path | None = None
    problem = ""
    try:
        path = log_path()
        file_handler = _file_handler(path, level)
    except (OSError, RuntimeError, ValueError) as exc:   # no home folder; a path the OS refuses
        problem = getattr(exc, "strerror", None) or str(exc)
        path = None
    else:
        file_handler.addFilter(repeats)
        root.addHandler(file_handler)
    stderr = _Stderr()
    stderr.set_name(_STDERR)
    stderr.setLevel(level if headless else logging.WARNING)
    stderr.addFilter(repeats)
    if path is not None:
        stderr.setFormatter(_Brief(_LINE_FORMAT, "%H:%M:%S"))
        stderr.addFilter(_not_file_only)
    else:
        stderr.setFormatter(logging.Formatter(_LINE_FORMAT, "%H:%M:%S"))
        print(f"{prog}: cannot write the log file {log_path_or_none()} ({problem}); "
              f"logging to the terminal instead", file=sys.stderr)
    root.addHandler(stderr)
    return path


def log_path_or_none() -> str:
    """The log file's path in words, or why there is none (a data folder that cannot be named)."""
    try:
        return shown_path(log_path())
    except (OSError, RuntimeError, ValueError) as exc:
        return f"(no data folder: {exc})"


def log_file() -> Path | None:
    """The file this run logs to, if setup() opened one."""
    for handler in logging.getLogger().handlers:
        if handler.get_name() == _FILE and isinstance(handler, logging.FileHandler):
            return Path(handler.baseFilename)
    return None


__all__ = ["FILE_ONLY", "LOG_NAME", "log_file", "log_path", "remove_handlers", "setup", "shown_path"]
