"""The LAN screens' tests run on an app over the fake facade (tests/ui/fake_lan.py), pygame up for each."""
from __future__ import annotations

import pygame
import pytest

from game.ui.routes import new_app
from game.ui.screens.menu import MainMenu
from game.ui.toolkit.app import App
from game.ui.toolkit.devices import InputRouter

from ..fake_lan import FakeLan
from .helpers import Audio, Clock


@pytest.fixture(autouse=True)
def _pygame(pygame_video):
    yield


@pytest.fixture
def lan() -> FakeLan:
    return FakeLan()


@pytest.fixture
def app(lan: FakeLan) -> App:
    app = new_app(pygame.Surface((1280, 720)), clock=Clock(), audio=Audio(), inputs=InputRouter())
    app.match_kwargs = {"inline_bots": True, "bot_think_time": 0.0}
    app.lan_backend = lan.backend()            # type: ignore[attr-defined]
    app.push(MainMenu(app))
    return app
