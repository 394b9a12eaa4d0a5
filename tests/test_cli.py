"""The command line: the headless demo, game options, the no-display message, bad arguments, and an
unexpected error: one line for the player, the traceback in the log file."""
import os
import subprocess
import sys

import pytest

from game import cli, logs

NO_DISPLAY = ("No display found: play headless with "
              "`kombo-arcade --demo kabooom [--seed N] [--players N]`.")


@pytest.fixture(autouse=True)
def _no_logging_left_behind():
    """cli.main sets logging up; the next test (and other files' tests) start without it."""
    yield
    logs.remove_handlers()


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
    (["--demo", "tiddlywinks"], "coming soon"),
    (["--demo", "kabooom", "--players", "9"], "2 to 4 players"),
    (["--demo", "kabooom", "--players", "two"], "number of players"),
    (["--demo", "kabooom", "--seed", "x"], "whole number"),
    (["--demo", "kabooom", "--seed", "-3"], "between 0"),
    (["--demo", "kabooom", "--difficulty", "insane"], "difficulty is one of"),
    (["--demo", "kabooom", "--option", "difficulty=insane"], "difficulty is one of easy, medium, hard"),
    (["--demo", "kabooom", "--option", "colour=red"],
     "Kabooom! has no option 'colour'; its options: difficulty=easy|medium|hard"),
    (["--host", "kabooom", "--option", "speed=fast"], "its options: difficulty=easy|medium|hard"),
    (["--demo", "kabooom", "--option", "difficulty"], "a game option is KEY=VALUE"),
    (["--demo", "kabooom", "--option", "=hard"], "a game option is KEY=VALUE"),
    (["--demo", "kabooom", "--difficulty", "hard", "--option", "difficulty=easy"],
     "difficulty is given twice: hard and easy"),
    (["--option", "difficulty=hard"], "--option only works with --demo GAME or --host GAME"),
    (["--demo", "kabooom", "--levels", "easy,genius"], "bot levels are"),
    (["--demo", "kabooom", "--players", "3", "--levels", "easy,hard"], "one per player"),
    (["--players", "3"], "--players only works with --demo"),
    (["--windowed", "--fullscreen"], "not allowed with"),
    (["--demo"], "expected one argument"),
])
def test_bad_arguments_get_one_clear_line(capsys, coming_soon, argv, words):
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
    out = capsys.readouterr().out
    assert "--demo GAME" in out and "--option KEY=VALUE" in out
    assert "kabooom: difficulty=easy|medium|hard" in " ".join(out.split())


@pytest.mark.parametrize("columns", ["40", "200"])
def test_help_names_the_log_file_whole(monkeypatch, capsys, tmp_path, columns):
    data = tmp_path / "a-long-folder-name-with-hyphens" / "kombo-arcade-data"
    monkeypatch.setenv("KOMBO_ARCADE_DATA_DIR", str(data))
    monkeypatch.setenv("COLUMNS", columns)         # argparse wraps help to the terminal's width
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    path = data / "kombo-arcade.log"
    assert str(path) in out                        # whole: never cut at a hyphen or a slash
    assert f"Log file: {path}" in " ".join(out.split())
    assert not data.exists()                       # asking for help writes nothing


def test_help_shows_the_home_folder_as_a_tilde(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("KOMBO_ARCADE_DATA_DIR")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert cli.main(["--help"]) == 0
    shown = "~/.local/share/kombo-arcade/kombo-arcade.log"
    assert f"Log file: {shown}" in " ".join(capsys.readouterr().out.split())
    assert logs.shown_path(tmp_path / "x.log") == "~/x.log"
    assert logs.shown_path(tmp_path.parent / "x.log") == str(tmp_path.parent / "x.log")


def test_an_option_is_the_same_as_its_shorthand(capsys):
    pytest.importorskip("game.kabooom.bot")
    base = ["--demo", "kabooom", "--seed", "8", "--levels", "easy"]
    assert cli.main(base + ["--option", "difficulty=medium"]) == 0
    long_form = capsys.readouterr().out
    assert cli.main(base + ["--difficulty", "medium"]) == 0
    assert capsys.readouterr().out == long_form
    assert "difficulty medium" in long_form.splitlines()[0]
    assert cli.main(base) == 0                        # the game's default: easy
    assert "difficulty easy" in capsys.readouterr().out.splitlines()[0]


def test_host_gets_the_options_given(monkeypatch):
    seen = {}

    def run_host(game, **kwargs):
        seen.update(kwargs, game=game)
        return 0

    monkeypatch.setattr("game.headless.run_host", run_host)
    assert cli.main(["--host", "kabooom", "--option", "difficulty=hard", "--no-advertise"]) == 0
    assert seen["game"] == "kabooom" and seen["options"] == {"difficulty": "hard"}
    assert cli.main(["--host", "kabooom", "--no-advertise"]) == 0
    assert seen["options"] == {"difficulty": "easy"}


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


def dead_display() -> str:
    """A DISPLAY naming an X server that is not there."""
    return next(f":{n}" for n in range(77, 200) if not os.path.exists(f"/tmp/.X11-unix/X{n}"))


@pytest.mark.skipif(not sys.platform.startswith("linux") or os.path.exists("/dev/dri"),
                    reason="X11's fallback is Linux's; with a GPU console SDL may open KMSDRM")
def test_a_dead_display_prints_one_line_and_exits_2(tmp_path):
    """SDL falls back to drawing off screen where no X server answers: the client says so and stops,
    instead of running on with no window."""
    env = headless_env(tmp_path)
    env["DISPLAY"] = dead_display()
    env["XDG_RUNTIME_DIR"] = str(tmp_path)      # and no Wayland compositor to find either
    result = subprocess.run([sys.executable, "-m", "game"], env=env, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2
    assert (result.stdout + result.stderr).strip().splitlines() == [NO_DISPLAY]


@pytest.mark.parametrize("driver", ["offscreen", "dummy"])
def test_a_virtual_driver_nobody_asked_for_gives_the_same_line(monkeypatch, capsys, tmp_path, driver):
    import pygame
    monkeypatch.setenv("KOMBO_ARCADE_CONFIG_DIR", str(tmp_path))
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setenv("DISPLAY", ":77")
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "quit", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: driver)
    assert cli.main([]) == 2
    assert capsys.readouterr().out.strip() == NO_DISPLAY


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


@pytest.mark.parametrize("argv, where", [([], "run_window"),
                                          (["--demo", "kabooom"], "run_demo_command")])
def test_an_unexpected_error_goes_to_the_log_file(monkeypatch, capsys, tmp_path, argv, where):
    monkeypatch.setenv("KOMBO_ARCADE_DATA_DIR", str(tmp_path / "data"))

    def explode(args):
        raise RuntimeError("the table fell over")

    monkeypatch.setattr(cli, where, explode)
    assert cli.main(argv) == 1
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in captured.err, captured.err
    path = tmp_path / "data" / "kombo-arcade.log"
    assert lines[0] == ("Kombo Arcade stopped after an unexpected error (RuntimeError); "
                        f"details are in {path}")
    text = path.read_text()
    assert "ERROR game.cli [MainThread]: Kombo Arcade stopped after an unexpected error" in text
    assert "Traceback" in text and 'raise RuntimeError("the table fell over")' in text
    assert "INFO game.cli [MainThread]: Kombo Arcade " in text     # the run's first line
    assert list((tmp_path / "data").glob("crash-*")) == []


def test_an_unexpected_error_with_no_log_folder_shows_the_traceback(monkeypatch, capsys, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("KOMBO_ARCADE_DATA_DIR", str(blocker / "data"))

    def explode(args):
        raise RuntimeError("the table fell over")

    monkeypatch.setattr(cli, "run_window", explode)
    assert cli.main([]) == 1
    err = capsys.readouterr().err
    first, *rest = err.strip().splitlines()
    assert first.startswith(f"kombo-arcade: cannot write the log file {blocker / 'data'}")
    assert first.endswith("logging to the terminal instead")
    assert "Traceback" in err and "the table fell over" in err
    assert rest[-1] == ("Kombo Arcade stopped after an unexpected error (RuntimeError); "
                        "details are above")


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
