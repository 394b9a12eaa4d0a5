"""game.logs: one rotating log file in the data folder, stderr by mode, tracebacks kept to the file,
a fallback to stderr when the folder cannot be written, and no flood from a repeated record."""
from __future__ import annotations

import logging
import time

import pytest

from game import logs

OURS = logging.getLogger("game.test_logs")
THEIRS = logging.getLogger("zeroconf.test_logs")     # another library's logger


@pytest.fixture(autouse=True)
def _clean_logging():
    root = logging.getLogger()
    level = root.level
    yield
    logs.remove_handlers()
    root.setLevel(level)
    for name in logs.OWN_LOGGERS:
        logging.getLogger(name).setLevel(logging.NOTSET)


@pytest.fixture
def data(monkeypatch, tmp_path):
    folder = tmp_path / "data"
    monkeypatch.setenv("KOMBO_ARCADE_DATA_DIR", str(folder))
    return folder


def file_text(folder) -> str:
    for handler in logging.getLogger().handlers:
        handler.flush()
    return (folder / logs.LOG_NAME).read_text(encoding="utf-8")


def test_headless_stderr_shows_our_info_and_the_others_warnings(data, capsys):
    path = logs.setup(headless=True)
    assert path == data / "kombo-arcade.log" == logs.log_file()
    OURS.info("a table is hosted")
    THEIRS.info("chatter from a library")
    THEIRS.warning("a library is worried")
    OURS.debug("a detail")
    OURS.info("only for the file", extra=logs.FILE_ONLY)
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2, err
    assert err[0].endswith(" INFO game.test_logs: a table is hosted")
    assert err[1].endswith(" WARNING zeroconf.test_logs: a library is worried")
    text = file_text(data)
    for words in ("INFO game.test_logs [MainThread]: a table is hosted",
                  "WARNING zeroconf.test_logs [MainThread]: a library is worried",
                  "only for the file"):
        assert words in text
    assert "chatter" not in text and "a detail" not in text


def test_the_window_keeps_stderr_for_warnings(data, capsys):
    logs.setup(headless=False)
    OURS.info("the menu opened")
    OURS.warning("the settings were damaged")
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].endswith("WARNING game.test_logs: the settings were damaged")
    assert "the menu opened" in file_text(data)


def test_a_traceback_goes_to_the_file_and_stderr_gets_one_line(data, capsys):
    logs.setup(headless=False)
    try:
        raise RuntimeError("the board cracked")
    except RuntimeError:
        OURS.exception("a move could not be shown")
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert ("ERROR game.test_logs: a move could not be shown (RuntimeError: the board cracked; "
            "the traceback is in the log file)") in err
    text = file_text(data)
    assert "Traceback (most recent call last)" in text and 'raise RuntimeError("the board cracked")' in text


def test_setting_up_again_replaces_the_handlers(data, monkeypatch, tmp_path, capsys):
    logs.setup(headless=True)
    other = tmp_path / "other"
    monkeypatch.setenv("KOMBO_ARCADE_DATA_DIR", str(other))
    logs.setup(headless=True)
    ours = [h for h in logging.getLogger().handlers if h.get_name() and h.get_name().startswith("kombo")]
    assert len(ours) == 2
    assert logs.log_file() == other / logs.LOG_NAME
    OURS.info("once")
    assert capsys.readouterr().err.count("once") == 1
    assert "once" in file_text(other) and "once" not in file_text(data)


def test_a_folder_that_cannot_be_written_falls_back_to_stderr(monkeypatch, tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("in the way")
    monkeypatch.setenv("KOMBO_ARCADE_DATA_DIR", str(blocker / "data"))
    assert logs.setup(headless=False) is None and logs.log_file() is None
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1
    assert err[0].startswith(f"kombo-arcade: cannot write the log file {blocker / 'data'}")
    try:
        raise ValueError("no luck")
    except ValueError:
        OURS.exception("something broke")
    err = capsys.readouterr().err
    assert "ERROR game.test_logs: something broke" in err and "Traceback" in err
    assert 'raise ValueError("no luck")' in err


def seats_unreadable() -> None:
    try:
        raise KeyError("no table yet")
    except KeyError:
        OURS.warning("could not read the seats", exc_info=True)


def test_a_repeated_record_is_written_once_a_while_with_a_count(data, monkeypatch):
    monkeypatch.setattr(logs, "REPEAT_EVERY", 0.2)
    logs.setup(headless=False)
    for _ in range(50):
        seats_unreadable()
    OURS.warning("something else")
    OURS.warning("something else again")
    time.sleep(0.25)
    seats_unreadable()
    text = file_text(data)
    assert text.count("could not read the seats") == 2
    assert "could not read the seats [and 49 more like it not logged]" in text
    assert text.count("KeyError: 'no table yet'") == 2
    assert "something else\n" in text and "something else again" in text


def test_the_file_rotates_and_keeps_three_old_ones(data, monkeypatch):
    monkeypatch.setattr(logs, "MAX_BYTES", 2_000)
    logs.setup(headless=False)
    for n in range(400):
        OURS.info("line %d of a long game", n)
    names = sorted(p.name for p in data.iterdir())
    assert names == ["kombo-arcade.log", "kombo-arcade.log.1", "kombo-arcade.log.2",
                     "kombo-arcade.log.3"]
    assert all(p.stat().st_size <= 2_000 for p in data.iterdir())
    assert "line 399 of a long game" in file_text(data)


def test_debug_records_on_request(data, monkeypatch):
    monkeypatch.setenv(logs.DEBUG_ENV, "1")
    logs.setup(headless=False)
    OURS.debug("the first view is not here yet")
    assert "DEBUG game.test_logs [MainThread]: the first view is not here yet" in file_text(data)
