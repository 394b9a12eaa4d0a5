"""The menus' tests run on an app holding the stub game and one not ready yet (support.py)."""
from __future__ import annotations

import pygame
import pytest

from game.ui.routes import new_app
from game.ui.screens.menu import MainMenu
from game.ui.toolkit.app import SIZE
from game.ui.toolkit.devices import InputRouter

from .support import LATER, STUB


@pytest.fixture
def app(tmp_path):
    pygame.display.init()
    pygame.font.init()
    clock = {"t": 100.0}
    application = new_app(pygame.Surface(SIZE), clock=lambda: clock["t"], inputs=InputRouter(),
                      settings_path=tmp_path / "settings.json", games=(LATER, STUB))
    application.match_kwargs = {"inline_bots": True, "bot_think_time": 0.0}
    application.push(MainMenu(application))
    application.test_clock = clock
    return application
