"""Closing the window during a game asks first, as Pause → Quit does; elsewhere it just closes."""
from __future__ import annotations

import pygame

from game.games import game_by_key
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.screens.menu import MainMenu
from game.ui.screens.pause import PauseScene
from game.ui.toolkit.app import SIZE
from tests.scene_doubles import Clock, FakeAudio

CLOSE = pygame.event.Event(pygame.QUIT)


def game_app():
    app = new_app(pygame.Surface(SIZE), clock=Clock(), audio=FakeAudio())
    info = game_by_key("kabooom")
    match = Match(info, 2, info.default_options(), (SeatPlan("human", "kb1"), SeatPlan("bot", level=info.bot_levels[0])),
                  3, bot_think_time=0.0, inline_bots=True)
    app.push(app.nav.game_scene(app, match))
    return app, match


def test_closing_the_window_in_a_game_asks_and_keep_playing_goes_back(pygame_video) -> None:
    app, match = game_app()
    app.feed([CLOSE])
    ask = app.stack.top
    assert app.running and isinstance(ask, PauseScene) and ask.closing
    assert [b.label for b in ask.menu.items] == ["Keep playing", "Quit, close the window"]
    app.draw()
    ask.menu.items[0].activate()
    assert app.running and not isinstance(app.stack.top, PauseScene)
    match.close()


def test_closing_twice_or_confirming_closes(pygame_video) -> None:
    app, _ = game_app()
    app.feed([CLOSE])
    app.feed([CLOSE])
    assert not app.running
    app, _ = game_app()
    app.feed([CLOSE])
    app.stack.top.menu.items[1].activate()
    assert not app.running


def test_closing_the_window_in_a_menu_closes_at_once(pygame_video) -> None:
    app = new_app(pygame.Surface(SIZE), clock=Clock(), audio=FakeAudio())
    app.push(MainMenu(app))
    app.feed([CLOSE])
    assert not app.running
