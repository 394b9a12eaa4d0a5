"""The Kabooom! table read at a glance (issue 19): towers shown with the points the game counts for
each, the counters still to place out of those each player brought, and one message at a time under
the board (a second stacked over the column letters)."""
from __future__ import annotations

import pygame
import pytest

from game.games import game_by_key
from game.kabooom.rules import TABLE, tower_points
from game.kabooom.scene.panels import SeatLine, draw_card
from game.kabooom.summary import points_text, result_line
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.toolkit.text import TextCache
from tests.scene_doubles import Clock, FakeAudio, human, run

GAME = game_by_key("kabooom")


@pytest.fixture(autouse=True)
def _pygame(pygame_video):
    yield


def test_towers_read_as_the_game_counts_them():
    assert points_text([5, 2, 2], "medium") == "Towers: 5→4, 2→1, 2→1 = 6"
    assert points_text([2, 5, 1], "hard") == "Towers: 5→3, 2→0, 1→0 = 3"
    assert points_text([5, 2, 2], "easy") == "Towers: 5, 2, 2 = 9"
    assert points_text([1, 2, 1, 1], "medium", grouped=True) == "Towers: 2→1, 1→0 ×3 = 1"
    assert points_text([], "medium") == "No towers"
    # the sum is the engine's own count: one tower of each height, topped by a counter that scores
    for level, off in TABLE.offset.items():
        heights = [4, 3, 1]
        total = sum(tower_points((0,) * h, off) for h in heights)
        assert points_text(heights, level).endswith(f"= {total}")


def scene_of(difficulty: str):
    clock = Clock()
    app = new_app(pygame.Surface((1280, 720)), clock=clock, audio=FakeAudio())
    match = Match(GAME, 2, {"difficulty": difficulty}, (human("kb1"), SeatPlan("bot", level="easy")), 1,
                  bot_think_time=0.0, inline_bots=True)
    scene = app.nav.game_scene(app, match)
    app.push(scene)
    run(app, clock)
    return app, clock, match, scene


def drawn_texts(scene, line: SeatLine, phase: str) -> list[str]:
    seen: list[str] = []
    get = TextCache.get

    def noting(self, text, size, colour=(0, 0, 0), bold=False):
        seen.append(text)
        return get(self, text, size, colour, bold)
    TextCache.get = noting          # type: ignore[method-assign]
    try:
        draw_card(pygame.Surface((300, 290)), scene.text, scene.art, line, phase)
    finally:
        TextCache.get = get         # type: ignore[method-assign]
    return seen


def test_a_player_card_says_what_stays_out_while_placing_and_each_towers_points_after():
    app, clock, match, scene = scene_of("medium")
    line = scene.seat_lines()[0]
    assert f"To place: {line.to_place} of your {TABLE.quota[2]}" in drawn_texts(scene, line, "place")
    from dataclasses import replace
    towers = replace(line, towers=(5, 2, 2), score=6)
    assert "Towers: 5→4, 2→1, 2→1 = 6" in drawn_texts(scene, towers, "capture")
    view = match.session.view(None)
    view = replace(view, towers=((5, 2, 2), ()), scores=(6, 0))
    assert result_line(view, 0) == "Towers: 5→4, 2→1, 2→1 = 6 points"


def test_one_message_at_a_time_stays_under_the_board_clear_of_its_column_letters():
    app, clock, match, scene = scene_of("medium")
    scene.error("That square is empty: pick one of your towers")
    scene.notify("Blue passes")
    run(app, clock, 0.1)
    assert len(scene.messages.items) == 1
    assert scene.message_anchor()[1] > scene.layout.board_rect.bottom + 20
