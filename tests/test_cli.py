"""The command line: the headless demo, the no-display message, bad arguments, the crash log."""
import os
import subprocess
import sys

import pytest

from game import cli

NO_DISPLAY = ("No display found: play headless with "
              "`kombo-arcade --demo kabooom [--seed N] [--players N]`.")


def test_demo_prints_a_game_and_its_result(capsys):
    pytest.importorskip("game.demo")
    pytest.importorskip("game.kabooom.bot")
    assert cli.main(["--demo", "kabooom", "--seed", "5", "--players", "3"]) == 0
    out = capsys.readouterr().out
    assert "seed 5" in out and "3 players" in out
    assert "Winner" in out


def test_demo_is_reproducible_by_seed(capsys):
    pytest.importorskip("game.demo")
    pytest.importorskip("game.kabooom.bot")
    args = ["--demo", "kabooom", "--seed", "11", "--difficulty", "hard", "--levels", "easy,hard"]
    assert cli.main(args) == 0
    first = capsys.readouterr().out
    assert cli.main(args) == 0
    assert capsys.readouterr().out == first
    assert "difficulty hard" in first


def test_one_level_applies_to_every_bot(capsys):
    pytest.importorskip("game.demo")
    pytest.importorskip("game.kabooom.bot")
    assert cli.main(["--demo", "kabooom", "--seed", "2", "--players", "4", "--levels", "hard"]) == 0
    assert capsys.readouterr().out.count("hard") >= 4


@pytest.mark.parametrize("argv, words", [
    (["--bogus"], "unrecognized arguments"),
    (["--demo", "chess"], "no game called 'chess'"),
    (["--demo", "kombio"], "coming soon"),
    (["--demo", "kabooom", "--players", "9"], "2 to 4 players"),
    (["--demo", "kabooom", "--players", "two"], "number of players"),
    (["--demo", "kabooom", "--seed", "x"], "whole number"),
    (["--demo", "kabooom", "--seed", "-3"], "between 0"),
    (["--demo", "kabooom", "--difficulty", "insane"], "difficulty is one of"),
    (["--demo", "kabooom", "--levels", "easy,genius"], "bot levels are"),
    (["--demo", "kabooom", "--players", "3", "--levels", "easy,hard"], "one per player"),
    (["--players", "3"], "only work with --demo"),
    (["--windowed", "--fullscreen"], "not allowed with"),
    (["--demo"], "expected one argument"),
])
def test_bad_arguments_get_one_clear_line(capsys, argv, words):
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert lines[0].startswith("kombo-arcade: ") and words in lines[0]
    assert "Traceback" not in captured.err


def test_version_and_help(capsys):
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("kombo-arcade ")
    assert cli.main(["--help"]) == 0
    assert "--demo GAME" in capsys.readouterr().out


def headless_env(tmp_path):
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["KOMBO_ARCADE_CONFIG_DIR"] = str(tmp_path / "config")
    env["KOMBO_ARCADE_DATA_DIR"] = str(tmp_path / "data")
    env.pop("PYGAME_HIDE_SUPPORT_PROMPT", None)     # the message must be alone even so
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="display detection is Linux's")
def test_no_display_prints_one_line_and_exits_2(tmp_path):
    result = subprocess.run([sys.executable, "-m", "game"], env=headless_env(tmp_path),
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert (result.stdout + result.stderr).strip().splitlines() == [NO_DISPLAY]


def test_module_entry_point_runs(tmp_path):
    result = subprocess.run([sys.executable, "-m", "game", "--version"], env=headless_env(tmp_path),
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("kombo-arcade ")


def test_display_that_fails_to_open_gives_the_same_line(monkeypatch, capsys, tmp_path):
    import pygame
    monkeypatch.setenv("KOMBO_ARCADE_CONFIG_DIR", str(tmp_path))

    def no_screen(*args, **kwargs):
        raise pygame.error("x11: no screen")

    monkeypatch.setattr(pygame.display, "set_mode", no_screen)
    assert cli.main([]) == 2
    assert capsys.readouterr().out.strip() == NO_DISPLAY


def test_unexpected_error_writes_a_crash_log(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("KOMBO_ARCADE_DATA_DIR", str(tmp_path / "data"))

    def explode(args):
        raise RuntimeError("the table fell over")

    monkeypatch.setattr(cli, "run_window", explode)
    assert cli.main([]) == 1
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in captured.err
    logs = list((tmp_path / "data").glob("crash-*.log"))
    assert len(logs) == 1 and str(logs[0]) in lines[0]
    text = logs[0].read_text()
    assert "Traceback" in text and "the table fell over" in text


def test_window_runs_with_the_dummy_driver_and_quits(monkeypatch, tmp_path):
    """The whole start-up path, headless: settings, window, audio, input, the menu, quit."""
    import pygame
    monkeypatch.setenv("KOMBO_ARCADE_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    (tmp_path / "config").mkdir()
    (tmp_path / "config" / "settings.json").write_text("{broken")
    seen = {}
    original = cli.first_scene

    def first(app, args):
        seen["problem"] = list(app.toasts.texts)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        return original(app, args)

    monkeypatch.setattr(cli, "first_scene", first)
    assert cli.main(["--windowed"]) == 0
    assert seen["problem"] and "damaged" in seen["problem"][0]
