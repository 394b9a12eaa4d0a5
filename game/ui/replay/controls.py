"""The replay viewer's bar: a timeline with the rounds marked, the transport buttons, the speed, whose
eyes the table is seen through, and a line of what the step shown says (a slap race's presses).

Drawn under the table, never over it; every control is also a key (the hints on the right say
which) and a click."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.drawing import draw_arrow, draw_panel
from game.ui.toolkit.theme import Fonts

BAR_H = 62
BUTTON = 34
GAP = 6
# the transport's buttons, left to right: (name, what it does, its key)
BUTTONS: tuple[tuple[str, str, str], ...] = (
    ("start", "To the start", "Home"),
    ("round_back", "Previous round", "↑"),
    ("back", "One step back", "←"),
    ("play", "Play / pause", "Space"),
    ("forward", "One step on", "→"),
    ("round_on", "Next round", "↓"),
    ("end", "To the end", "End"),
)
HINTS = "Space play · ←/→ step · ↑/↓ round · S speed · Tab eyes · C story · Esc back"


@dataclass
class BarState:
    step: int
    length: int
    rounds: Sequence[int]           # the step each round starts at
    playing: bool
    speed: int
    eyes: str                       # "● Red's eyes", "The table"
    note: str = ""                  # what the step shown says beyond the table (a race's presses)


@dataclass
class Bar:
    """Where each control was drawn last, for the mouse."""

    hits: dict[str, pygame.Rect] = field(default_factory=dict)
    timeline: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def draw(self, surface: pygame.Surface, fonts: Fonts, area: pygame.Rect, state: BarState,
             hover: tuple[int, int] | None) -> None:
        draw_panel(surface, area, fill=theme.PANEL, radius=0, width=0)
        pygame.draw.line(surface, theme.PANEL_EDGE, area.topleft, area.topright, 2)
        self.hits.clear()
        line = pygame.Rect(area.x + 16, area.y + 8, area.width - 32, 10)
        self.timeline = line.inflate(0, 12)
        self._timeline(surface, line, state)
        x, y = area.x + 16, area.y + 24
        for name, _what, _key in BUTTONS:
            rect = pygame.Rect(x, y, BUTTON, BUTTON)
            lit = hover is not None and rect.collidepoint(hover)
            pygame.draw.rect(surface, theme.PANEL_HI if lit else theme.BG, rect, border_radius=8)
            pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=8)
            _icon(surface, name, rect.center, state.playing)
            self.hits[name] = rect
            x += BUTTON + GAP
        speed = fonts.render(f"×{state.speed}", theme.SMALL, theme.ACCENT, True)
        rect = pygame.Rect(x + 4, y, max(BUTTON, speed.get_width() + 16), BUTTON)
        pygame.draw.rect(surface, theme.BG, rect, border_radius=8)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=8)
        surface.blit(speed, speed.get_rect(center=rect.center))
        self.hits["speed"] = rect
        x = rect.right + 14
        where = f"Step {state.step} of {state.length}"
        if len(state.rounds) > 1:
            where += f" · round {round_of(state.rounds, state.step)} of {len(state.rounds)}"
        shown = fonts.render(where, theme.SMALL, theme.TEXT, True)
        surface.blit(shown, shown.get_rect(midleft=(x, y + BUTTON // 2)))
        x += shown.get_width() + 14
        eyes = fonts.render(state.eyes, theme.SMALL, theme.TEXT, False)
        rect = pygame.Rect(x, y, eyes.get_width() + 20, BUTTON)
        pygame.draw.rect(surface, theme.BG, rect, border_radius=8)
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=8)
        surface.blit(eyes, eyes.get_rect(center=rect.center))
        self.hits["eyes"] = rect
        x = rect.right + 14
        text = state.note or HINTS
        colour = theme.ACCENT if state.note else theme.TEXT_DIM
        room = area.right - 16 - x
        image = fonts.render(text, theme.TINY, colour, bool(state.note))
        if image.get_width() > room and not state.note:
            image = fonts.render("Esc back · Tab eyes · C story", theme.TINY, colour, False)
        if image.get_width() <= room:
            surface.blit(image, image.get_rect(midright=(area.right - 16, y + BUTTON // 2)))

    def _timeline(self, surface: pygame.Surface, line: pygame.Rect, state: BarState) -> None:
        pygame.draw.rect(surface, theme.BG, line, border_radius=5)
        share = state.step / state.length if state.length else 1.0
        done = line.copy()
        done.width = max(0, round(line.width * share))
        if done.width:
            pygame.draw.rect(surface, theme.ACCENT, done, border_radius=5)
        for start in state.rounds[1:]:
            tick_x = line.x + round(line.width * start / max(1, state.length))
            pygame.draw.line(surface, theme.TEXT, (tick_x, line.y - 3), (tick_x, line.bottom + 2), 2)
        knob = (line.x + done.width, line.centery)
        pygame.draw.circle(surface, theme.TEXT, knob, 8)
        pygame.draw.circle(surface, theme.BG, knob, 8, 2)

    def step_at(self, x: int, length: int) -> int:
        """The step a click on the timeline at `x` points to."""
        line = self.timeline
        share = (x - line.x) / max(1, line.width)
        return max(0, min(length, round(share * length)))


def round_of(rounds: Sequence[int], step: int) -> int:
    """The round (from 1) step `step` is in."""
    return sum(1 for start in rounds if start <= step) or 1


def _icon(surface: pygame.Surface, name: str, centre: tuple[int, int], playing: bool) -> None:
    x, y = centre
    colour = theme.TEXT
    if name == "play":
        if playing:
            for dx in (-5, 5):
                pygame.draw.rect(surface, colour, (x + dx - 3, y - 8, 6, 16))
        else:
            draw_arrow(surface, (x + 1, y), 1, 10, colour)
    elif name in ("back", "forward"):
        draw_arrow(surface, centre, -1 if name == "back" else 1, 9, colour)
    elif name in ("round_back", "round_on"):
        way = -1 if name == "round_back" else 1
        draw_arrow(surface, (x - 5, y), way, 8, colour)
        draw_arrow(surface, (x + 5, y), way, 8, colour)
    else:                                    # to the start or the end: an arrow against a bar
        way = -1 if name == "start" else 1
        draw_arrow(surface, (x + 2 * way * -1, y), way, 9, colour)
        bar_x = x + 8 * way
        pygame.draw.rect(surface, colour, (bar_x - 2, y - 8, 4, 16))
