"""Settings shows, read-only, where the log file is: the file this run writes, the home folder as ~."""
from __future__ import annotations

import sys

import pygame
import pytest

from game import logs
from game.ui.routes import new_app
from game.ui.screens.settings_screen import SettingsScreen
from game.ui.toolkit.app import SIZE
from game.ui.toolkit.devices import InputRouter
from game.ui.toolkit.text import RecordingFonts, RecordingSurface, TextRecorder


@pytest.fixture
def app(tmp_path):
    pygame.display.init()
    pygame.font.init()
    yield new_app(pygame.Surface(SIZE), clock=lambda: 1.0, inputs=InputRouter(),
                  settings_path=tmp_path / "settings.json")
    logs.remove_handlers()


def drawn_texts(monkeypatch, screen) -> list[str]:
    recorder = TextRecorder()
    monkeypatch.setattr(screen.app, "fonts", RecordingFonts(recorder))
    screen.draw(RecordingSurface(SIZE, recorder), 1.0)
    return [t.text for t in recorder.texts]


def test_settings_name_the_log_file_of_this_run(app, monkeypatch, tmp_path):
    monkeypatch.setenv("KOMBO_ARCADE_DATA_DIR", str(tmp_path / "logs here"))
    path = logs.setup(headless=False)
    screen = SettingsScreen(app)
    assert screen.log_line == f"Log file: {path}" and path == tmp_path / "logs here" / "kombo-arcade.log"
    assert screen.log_line in drawn_texts(monkeypatch, screen)


def test_settings_show_the_home_folder_as_a_tilde(app, monkeypatch, tmp_path):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("KOMBO_ARCADE_DATA_DIR")
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    screen = SettingsScreen(app)          # no logging set up: where it would be
    assert screen.log_line == "Log file: ~/.local/share/kombo-arcade/kombo-arcade.log"
    assert screen.log_line in drawn_texts(monkeypatch, screen)
