"""A game's story drawn (game.core.story.Story): the score chart and the figure lines, for the results
screen and the replay viewer.

* `draw_story(surface, rect, story, text, players)`: the axes, a line per seat in its colour with its
  shape at every point, the target as a labelled dashed line, the x axis ("Round" or "Turn") with a
  few ticks, and a legend of shape, name and final score beside the plot.
  `now`: the replay viewer's step, marked by a vertical line where it falls between the points.
* `draw_figures(surface, rect, story, text)`: the figure lines, each seat's label ("● Red") drawn as
  its shape and its name in the seat's text colour (the font has no glyph for every shape), a line
  too wide wrapped at its " · " between seats (or between words).

Colour never carries a seat alone: every point of a line wears the seat's shape (seat_marks) and the
legend pairs each shape with its name, so the chart reads in every colour-vision simulation. Drawn for
the logical 1280x720 frame, in a rect of about 560x300.
"""
from __future__ import annotations

import logging
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

import pygame

from game.core.replay import Replay
from game.core.seats import seat_label, seat_name
from game.core.story import ROUND, Story, story_of
from game.definition import GameDef
from game.ui.toolkit import theme
from game.ui.toolkit.drawing import draw_panel
from game.ui.toolkit.seat_marks import draw_seat_symbol
from game.ui.toolkit.text import MIN_SIZE, TextCache, text_fitting

log = logging.getLogger(__name__)
LINE_W = 3
GRID = theme.mix(theme.PANEL, theme.TEXT_FAINT, 0.35)    # faint: the lines are what is read
AXIS = theme.TEXT_FAINT
TARGET = theme.LAST_MOVE       # colourless, like every highlight: never mistaken for a seat
MARK_MAX, MARK_MIN = 14, 8     # a point's shape, shrunk where points crowd (never below legible)
TICK = theme.TINY
LEGEND = theme.SMALL
FIGURE_SIZES = (theme.SMALL, theme.TINY, MIN_SIZE)
SEPARATOR = " · "


# -- the chart ---------------------------------------------------------------------------------------

def nice_step(span: float, most: int) -> int:
    """The smallest of 1, 2, 5, 10, 20, 50, ... that cuts `span` into at most `most` steps."""
    step = 1
    while span / step > most:
        for factor in (2, 2.5, 2):     # 1 -> 2 -> 5 -> 10 -> 20 -> 50 ...
            step = round(step * factor)
            if span / step <= most:
                break
    return step


@dataclass(frozen=True)
class Scale:
    """Scores to pixels over the plot: y grows up from `low` to `high`."""

    plot: pygame.Rect
    points: int
    low: int
    high: int
    inset: int = 0           # the first and last points this far inside the plot: a shape clear of the axis

    def x(self, index: int) -> float:
        if self.points <= 1:
            return float(self.plot.left + self.inset)
        return self.plot.left + self.inset + (self.plot.width - 2 * self.inset) * index / (self.points - 1)

    def y(self, score: float) -> float:
        return self.plot.bottom - self.plot.height * (score - self.low) / (self.high - self.low)


def _range(story: Story, players: int) -> tuple[int, int, int]:
    """The y axis's low and high ends, on whole ticks, and the tick step; 0 is always shown."""
    values = [s for row in story.scores for s in row[:players]] + [0]
    if story.target is not None:
        values.append(story.target)
    lo, hi = min(values), max(values)
    step = nice_step(max(1, hi - lo), 5)
    low = math.floor(lo / step) * step
    high = max(low + step, math.ceil(hi / step) * step)
    return low, high, step


def _dashed(surface: pygame.Surface, colour: theme.Colour, y: int, left: int, right: int,
            dash: int = 9, gap: int = 6) -> None:
    """A level dashed line: the target is a threshold, never read as one more seat's line."""
    for x in range(left, right, dash + gap):
        pygame.draw.line(surface, colour, (x, y), (min(right, x + dash), y), 2)


def _legend(surface: pygame.Surface, rect: pygame.Rect, story: Story, text: TextCache, players: int) -> None:
    """Shape, name and final score per seat, in seat order (the order of the shapes everywhere)."""
    row_h = min(30, rect.height // max(1, players))
    final = story.final
    for seat in range(players):
        y = rect.top + row_h * seat + row_h // 2
        draw_seat_symbol(surface, seat, (rect.left + 9, y), 16, outline=theme.BG)
        score = text.get(str(final[seat]) if seat < len(final) else "–", LEGEND, theme.TEXT, True)
        surface.blit(score, score.get_rect(midright=(rect.right, y)))
        room = rect.width - 24 - score.get_width() - 6
        name = text_fitting(text, seat_name(seat), LEGEND, room, theme.seat_text(seat))
        surface.blit(name, name.get_rect(midleft=(rect.left + 24, y)))


def _axes(surface: pygame.Surface, scale: Scale, story: Story, text: TextCache, step: int) -> None:
    plot = scale.plot
    for value in range(scale.low, scale.high + 1, step):
        y = round(scale.y(value))
        pygame.draw.line(surface, AXIS if value == 0 else GRID, (plot.left, y), (plot.right, y), 1)
        label = text.get(str(value), TICK, theme.TEXT_DIM)
        surface.blit(label, label.get_rect(midright=(plot.left - 6, y)))
    pygame.draw.line(surface, AXIS, plot.bottomleft, plot.topleft, 1)
    last = scale.points - 1
    every = nice_step(max(1, last), 8)
    ticks = list(range(0, last + 1, every))
    for index in ticks:
        x = round(scale.x(index))
        pygame.draw.line(surface, AXIS, (x, plot.bottom), (x, plot.bottom + 4), 1)
        label = text.get(str(index), TICK, theme.TEXT_DIM)
        surface.blit(label, label.get_rect(midtop=(x, plot.bottom + 5)))
    unit = text.get("Round" if story.unit == ROUND else "Turn", TICK, theme.TEXT_DIM, True)
    surface.blit(unit, unit.get_rect(midtop=(plot.centerx, plot.bottom + 5 + unit.get_height())))
    surface.blit(*_points_label(scale, text))


def _points_label(scale: Scale, text: TextCache) -> tuple[pygame.Surface, pygame.Rect]:
    """The value axis's title, above the plot's top left corner."""
    points = text.get("Points", TICK, theme.TEXT_DIM, True)
    return points, points.get_rect(bottomleft=(scale.plot.left - 6, scale.plot.top - 4))


def _target(surface: pygame.Surface, scale: Scale, target: int, text: TextCache) -> None:
    y = round(scale.y(target))
    _dashed(surface, TARGET, y, scale.plot.left, scale.plot.right)
    label = text.get(f"Target {target}", TICK, TARGET, True)
    # at the left, where the lines start low and have not yet come near the target
    spot = label.get_rect(bottomleft=(scale.plot.left + scale.inset + 8, y - 3))
    # no room above, or on the axis's title: under the line
    if spot.top < scale.plot.top - label.get_height() or spot.colliderect(_points_label(scale, text)[1]):
        spot.top = y + 3
    surface.blit(label, spot)


DODGE = 0.7      # tied seats' shapes this many shapes apart: overlapping a little, each one showing


def _spread(scores: Sequence[int], mark: int) -> list[float]:
    """Each seat's x offset at one point: seats on the same score side by side, so every shape shows."""
    out = [0.0] * len(scores)
    for value in set(scores):
        tied = [s for s, v in enumerate(scores) if v == value]
        for k, seat in enumerate(tied):
            out[seat] = (k - (len(tied) - 1) / 2) * mark * DODGE
    return out


def mark_size(plot: pygame.Rect, points: int) -> int:
    """A point's shape: as big as the points' spacing allows, within MARK_MIN..MARK_MAX."""
    spacing = plot.width / max(1, points - 1)
    return max(MARK_MIN, min(MARK_MAX, round(spacing * 0.8)))


def _lines(surface: pygame.Surface, scale: Scale, story: Story, players: int) -> None:
    mark = mark_size(scale.plot, scale.points)
    paths = [[(scale.x(i), scale.y(row[seat])) for i, row in enumerate(story.scores)] for seat in range(players)]
    for seat, path in enumerate(paths):
        if len(path) > 1:
            # a dark edge under each line keeps crossing lines apart
            pygame.draw.lines(surface, theme.BG, False, path, LINE_W + 2)
            pygame.draw.lines(surface, theme.seat_colour(seat), False, path, LINE_W)
    for i, row in enumerate(story.scores):
        offsets = _spread(row[:players], mark)
        for seat in range(players):
            x, y = paths[seat][i]
            draw_seat_symbol(surface, seat, (x + offsets[seat], y), mark, outline=theme.BG)


def at_step(story: Story, step: int) -> float:
    """Where `step` falls on the x axis, in points (2.5: half way from the third point to the fourth)."""
    steps = story.steps
    if not steps or step <= steps[0]:
        return 0.0
    for i, (a, b) in enumerate(pairwise(steps)):
        if step <= b:
            return i + (step - a) / (b - a)
    return float(len(steps) - 1)


def _now(surface: pygame.Surface, scale: Scale, story: Story, step: int) -> None:
    at = at_step(story, step)
    i = int(at)
    x = round(scale.x(i) + (scale.x(min(i + 1, scale.points - 1)) - scale.x(i)) * (at - i))
    pygame.draw.line(surface, theme.HIGHLIGHT, (x, scale.plot.top), (x, scale.plot.bottom), 2)


def draw_story(surface: pygame.Surface, rect: pygame.Rect, story: Story, text: TextCache, players: int,
               now: int | None = None) -> None:
    """The score chart of `story` inside `rect`: the plot on the left, the legend on the right;
    `now` (a replay's step) marked across the plot."""
    rect = pygame.Rect(rect)
    players = min(players, story.players) if story.scores else 0
    legend_w = max(110, min(160, rect.width * 3 // 10))
    if not story.scores:
        return
    low, high, step = _range(story, players)
    tick_h = text.get("0", TICK).get_height()
    widest = max(text.get(str(v), TICK).get_width() for v in range(low, high + 1, step))
    left = rect.left + widest + 10
    plot = pygame.Rect(left, rect.top + tick_h + 8, rect.right - legend_w - 16 - left,
                       rect.height - 3 * tick_h - 16)
    if plot.width < 40 or plot.height < 40:
        return
    mark = mark_size(plot, len(story.scores))
    # room at each end for a point's shape, and for tied seats' shapes side by side
    scale = Scale(plot, len(story.scores), low, high, round(mark * (0.5 + DODGE * (players - 1) / 2)) + 4)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    _axes(surface, scale, story, text, step)
    if story.target is not None:
        _target(surface, scale, story.target, text)
    if now is not None:
        _now(surface, scale, story, now)
    _lines(surface, scale, story, players)
    legend = pygame.Rect(plot.right + 16, plot.top, legend_w, plot.height)
    _legend(surface, legend, story, text, players)
    surface.set_clip(clip)


# -- the figures -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Piece:
    """Part of a figure line: words in a colour, or a seat (its shape, then its name in its colour:
    the font has no glyph for every shape, so the shape is drawn as every screen draws it)."""

    words: str
    colour: theme.Colour = theme.TEXT
    seat: int = -1


def _pieces(line: str, players: int) -> list[Piece]:
    """The line as pieces: each seat's label ("● Red") a seat piece, the figure's name (up to its
    colon) dimmer than its values."""
    head, colon, rest = line.partition(": ")
    pieces = [Piece(head + colon, theme.TEXT_DIM)] if colon else []
    body = rest if colon else line
    labels = {seat_label(s): s for s in range(players)}
    if not labels:
        return pieces + [Piece(body)]
    pattern = re.compile("|".join(re.escape(label) for label in sorted(labels, key=len, reverse=True)))
    at = 0
    for found in pattern.finditer(body):
        if found.start() > at:
            pieces.append(Piece(body[at:found.start()]))
        seat = labels[found.group()]
        pieces.append(Piece(seat_name(seat), theme.seat_text(seat), seat))
        at = found.end()
    if at < len(body):
        pieces.append(Piece(body[at:]))
    return pieces


def _chunks(pieces: list[Piece]) -> list[list[Piece]]:
    """The pieces cut after each " · ", where a row may break (the space after the dot goes with the
    next chunk, and is dropped at the start of a row)."""
    chunks: list[list[Piece]] = [[]]
    for piece in pieces:
        if piece.seat >= 0:
            chunks[-1].append(piece)
            continue
        for k, part in enumerate(piece.words.split(SEPARATOR)):
            if k:
                chunks[-1].append(Piece(SEPARATOR.rstrip(), piece.colour))
                chunks.append([])
                part = " " + part
            if part:
                chunks[-1].append(Piece(part, piece.colour))
    return chunks


def _width(piece: Piece, text: TextCache, size: int) -> int:
    font = text.fonts.get(size)
    return font.size(piece.words)[0] + (_mark(font) + 5 if piece.seat >= 0 else 0)


def _mark(font: pygame.font.Font) -> int:
    return round(font.get_height() * 0.62)


def _words(chunk: list[Piece]) -> list[list[Piece]]:
    """A chunk cut before each word, for a chunk too wide for a row of its own (a seat stays whole)."""
    out: list[list[Piece]] = [[]]
    for piece in chunk:
        if piece.seat >= 0:
            out[-1].append(piece)
            continue
        for k, word in enumerate(re.split(r"(?<= )", piece.words)):
            if k and out[-1]:
                out.append([])
            if word:
                out[-1].append(Piece(word, piece.colour))
    return [c for c in out if c]


def _rows(pieces: list[Piece], width: int, indent: int, text: TextCache, size: int) -> list[list[Piece]]:
    """The pieces in rows no wider than `width` (rows after the first indented), broken after a
    " · " between seats, or between words where a part is wider than a row."""
    rows: list[list[Piece]] = [[]]
    used = 0

    def room() -> int:
        return width - (indent if len(rows) > 1 else 0)

    def wide(chunk: list[Piece]) -> int:
        return sum(_width(p, text, size) for p in chunk)

    def place(chunk: list[Piece], whole: bool) -> None:
        nonlocal used
        if rows[-1] and used + wide(chunk) > room():
            rows.append([])
            used = 0
            if chunk[0].seat < 0:       # a row starts without the space before it
                chunk = [Piece(chunk[0].words.lstrip(), chunk[0].colour), *chunk[1:]]
        if whole and wide(chunk) > room():
            for word in _words(chunk):
                place(word, False)
            return
        rows[-1].extend(chunk)
        used += wide(chunk)

    for chunk in _chunks(pieces):
        if chunk:
            place(chunk, True)
    return rows


def draw_figures(surface: pygame.Surface, rect: pygame.Rect, story: Story, text: TextCache) -> None:
    """The figure lines inside `rect`, at the largest size at which all of them fit."""
    rect = pygame.Rect(rect)
    indent = 18
    laid: list[list[list[Piece]]] = []
    size = FIGURE_SIZES[-1]
    for size in FIGURE_SIZES:
        laid = [_rows(_pieces(line, story.players), rect.width, indent, text, size) for line in story.figures]
        if sum(len(rows) for rows in laid) * text.fonts.get(size).get_linesize() <= rect.height:
            break
    font = text.fonts.get(size)
    line_h, mark = font.get_linesize(), _mark(font)
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    y = rect.top
    for rows in laid:
        for n, row in enumerate(rows):
            if y + line_h > rect.bottom + line_h // 3:
                break
            x = rect.left + (indent if n else 0)
            for piece in row:
                if piece.seat >= 0:
                    draw_seat_symbol(surface, piece.seat, (x + mark / 2 + 1, y + font.get_ascent() * 0.62), mark)
                    x += mark + 5
                if piece.words:
                    image = text.get(piece.words, size, piece.colour)
                    surface.blit(image, (x, y))
                    x += image.get_width()
            y += line_h
    surface.set_clip(clip)


__all__ = ["Piece", "Scale", "at_step", "draw_figures", "draw_story", "mark_size", "nice_step"]


# -- the panel both screens show ---------------------------------------------------------------------

CHART_SIZE = (560, 300)
FIGURES_H = 170


def draw_story_panel(surface: pygame.Surface, centre: tuple[int, int], story: Story, text: TextCache,
                     players: int, title: str, now: int | None = None) -> pygame.Rect:
    """The story on a panel of its own centred at `centre`: a heading, the chart, the figures under
    it (the results screen's and the replay viewer's); returns the panel's rect."""
    panel = pygame.Rect(0, 0, CHART_SIZE[0] + 48, CHART_SIZE[1] + FIGURES_H + 84)
    panel.center = centre
    draw_panel(surface, panel, edge=theme.ACCENT)
    heading = text.get(title, theme.BODY, theme.TEXT, True)
    surface.blit(heading, heading.get_rect(midtop=(panel.centerx, panel.top + 12)))
    chart = pygame.Rect((0, 0), CHART_SIZE)
    chart.midtop = (panel.centerx, panel.top + 56)
    draw_story(surface, chart, story, text, players, now)
    draw_figures(surface, pygame.Rect(chart.left, chart.bottom + 12, chart.width, FIGURES_H), story, text)
    return panel


def story_told(info: GameDef, replay: Replay) -> Story | None:
    """The game's story of `replay`, None where the game tells none, or (logged) where its story
    does not fit the replay: a chart missing is no reason to lose the screen."""
    if info.story is None:
        return None
    try:
        return story_of(info.engine(), replay, info.story)
    except ValueError:
        log.exception("the story of this %s game does not fit its replay", info.title)
        return None
