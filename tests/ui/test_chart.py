"""The story drawn (game.ui.screens.chart): for every game and every number of players the chart and the
figures stay inside their rects, every seat's line and name are drawn, the target and the x axis are
labelled; and tools/chart_shot.py renders a seeded bots' game to a PNG."""
from __future__ import annotations

import pygame
import pytest

from game.core.seats import seat_name
from game.core.story import Story
from game.games import available_games
from game.ui.screens.chart import at_step, draw_figures, draw_story, nice_step
from game.ui.toolkit import theme
from game.ui.toolkit.app import SIZE
from game.ui.toolkit.text import RecordingFonts, RecordingSurface, TextCache, TextRecorder

CHART = pygame.Rect(360, 80, 560, 300)
FIGURES = pygame.Rect(360, 400, 560, 160)
CASES = [(g.key, n) for g in available_games() for n in range(g.min_players, g.max_players + 1)]


def made_up(players: int, points: int = 12, target: int | None = 75, unit: str = "round") -> Story:
    """Scores that climb at different speeds, tie at the start and go below 0 for one seat."""
    scores = tuple(tuple((seat + 1) * i * 3 - (6 if seat == 1 and i == 2 else 0) for seat in range(players))
                   for i in range(points))
    figures = ("Kombos scored: " + " · ".join(f"{'●▲■◆★✚'[s]} {seat_name(s)} {s + 2}" for s in range(players)),
               "Biggest Kombo: ▲ Blue, 21 points (Raven, 3 tiles)" if players > 1 else "A line without a seat")
    return Story(unit, tuple(range(0, points * 5, 5)), scores, target, figures)


def frame() -> tuple[RecordingSurface, TextCache, TextRecorder]:
    recorder = TextRecorder()
    surface = RecordingSurface(SIZE, recorder)
    surface.fill(theme.PANEL)
    return surface, TextCache(RecordingFonts(recorder)), recorder


def colours_in(surface: pygame.Surface, rect: pygame.Rect) -> set[tuple[int, ...]]:
    data = pygame.image.tobytes(surface.subsurface(rect).copy(), "RGB")
    return {tuple(data[i:i + 3]) for i in range(0, len(data), 3)}


def outside_untouched(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    copy = surface.copy()
    copy.fill(theme.PANEL, rect)
    same = pygame.mask.from_threshold(copy, theme.PANEL, (1, 1, 1, 255))
    return same.count() == copy.get_width() * copy.get_height()


@pytest.mark.parametrize(("key", "players"), CASES)
def test_the_chart_draws_every_seat_inside_its_rect(pygame_video, key, players):
    surface, text, recorder = frame()
    story = made_up(players, target=75 if key != "kabooom" else None, unit="turn" if key == "kabooom" else "round")
    draw_story(surface, CHART, story, text, players)
    assert outside_untouched(surface, CHART)
    seen = colours_in(surface, CHART)
    assert all(theme.seat_colour(seat) in seen for seat in range(players))
    drawn = [t.text for t in recorder.texts]
    assert all(CHART.contains(t.rect) for t in recorder.texts)
    assert all(seat_name(seat) in drawn and str(story.final[seat]) in drawn for seat in range(players))
    assert ("Turn" if key == "kabooom" else "Round") in drawn
    assert ("Target 75" in drawn) == (key != "kabooom")


@pytest.mark.parametrize(("key", "players"), CASES)
def test_the_figures_stay_inside_their_rect_each_seat_named(pygame_video, key, players):
    surface, text, recorder = frame()
    story = made_up(players)
    draw_figures(surface, FIGURES, story, text)
    assert outside_untouched(surface, FIGURES)
    drawn = [t.text for t in recorder.texts]
    assert all(FIGURES.contains(t.rect) for t in recorder.texts)
    assert all(seat_name(seat) in drawn for seat in range(players))
    # the seat's shape is drawn, not the font's glyph (the font has none for some shapes)
    assert not any(glyph in t for t in drawn for glyph in "●▲■◆★✚")


def test_a_long_figure_line_wraps_between_seats(pygame_video):
    surface, text, recorder = frame()
    story = made_up(6)
    narrow = pygame.Rect(FIGURES.x, FIGURES.y, 300, FIGURES.height)
    draw_figures(surface, narrow, story, text)
    rows = {t.rect.y for t in recorder.texts}
    assert len(rows) > len(story.figures)
    assert all(narrow.contains(t.rect) for t in recorder.texts)


def test_a_one_point_story_and_a_tiny_rect_draw_without_failing(pygame_video):
    surface, text, recorder = frame()
    draw_story(surface, CHART, Story("turn", (0,), ((0, 0),), None, ()), text, 2)
    drawn = [t.text for t in recorder.texts]
    assert all(seat_name(seat) in drawn for seat in range(2)) and outside_untouched(surface, CHART)
    for tiny, draw in ((pygame.Rect(0, 0, 30, 30), lambda r: draw_story(surface, r, made_up(3), text, 3)),
                       (pygame.Rect(0, 0, 40, 10), lambda r: draw_figures(surface, r, made_up(3), text))):
        surface.fill(theme.PANEL)
        draw(tiny)
        assert outside_untouched(surface, tiny), "a rect too small to draw in is never drawn beyond"


def test_a_replays_step_is_marked_where_it_falls_between_the_points(pygame_video):
    story = made_up(2, points=3)                      # points at steps 0, 5 and 10
    assert [at_step(story, n) for n in (0, 5, 7, 10, 99)] == [0.0, 1.0, 1.4, 2.0, 2.0]
    marked, text, _ = frame()
    draw_story(marked, CHART, story, text, 2, now=7)
    plain, _, _ = frame()
    draw_story(plain, CHART, story, text, 2)
    assert theme.HIGHLIGHT in colours_in(marked, CHART) and theme.HIGHLIGHT not in colours_in(plain, CHART)


def test_ticks_are_one_two_five_steps():
    assert [nice_step(span, 5) for span in (3, 9, 40, 100, 240, 1000)] == [1, 2, 10, 20, 50, 200]


def test_chart_shot_renders_a_seeded_bots_game_to_a_png(pygame_video, tmp_path, capsys):
    from chart_shot import main
    out = tmp_path / "kabooom.png"
    assert main(["--game", "kabooom", "--seed", "3", "--out", str(out)]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == SIZE
    assert "points per turn" in capsys.readouterr().out
