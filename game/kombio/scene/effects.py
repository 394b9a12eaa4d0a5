"""KOMBIO's own parts of an animation (the flights, pauses and chains are the toolkit's): cards lifted
while someone looks at them, a wrong slap's card held up with a red cross, and the round-end reveal.

Places a part draws itself are named in `hides`: (owner, slot) for a hand's card, and HELD and TOP for
the drawn card and the top discard, which the table's drawing leaves out meanwhile.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.kombio.events import RoundEnded
from game.kombio.table import TABLE
from game.ui.toolkit import theme
from game.ui.toolkit.effects import Part, Sprites

from .art import face_key

HELD = "held"           # the drawn card beside the piles
TOP = "top"             # the top card of the discard pile

Point = tuple[float, float]


@dataclass
class Lift(Part):
    """Cards raised a little while a seat looks at them: everyone sees *that* someone looks; only the
    looker's screen has their values (None: face down)."""

    cards: list[tuple[pygame.Rect, int | None]] = field(default_factory=list)
    colour: tuple[int, int, int] = (255, 255, 255)

    def draw(self, surface: pygame.Surface, alpha: float, sprites: Sprites) -> None:
        rise = 14 * min(1.0, self.now(alpha) / 0.15)
        for rect, value in self.cards:
            sprite = sprites.sprite(face_key(value), rect.w)
            at = rect.move(0, -round(rise))
            pygame.draw.rect(surface, self.colour, at.inflate(8, 8), 3, border_radius=8)
            surface.blit(sprite, at)


@dataclass
class WrongMark(Part):
    """A wrong slap's card held up beside the pile with a red cross, for everyone to read."""

    value: int = 0
    at: Point = (0.0, 0.0)

    def draw(self, surface: pygame.Surface, alpha: float, sprites: Sprites) -> None:
        # a red frame and a cross in a corner disc, off the value, so everyone reads what was slapped
        sprite = sprites.sprite(face_key(self.value), 90)
        rect = sprite.get_rect(center=(round(self.at[0]), round(self.at[1])))
        pygame.draw.rect(surface, theme.BAD, rect.inflate(10, 10), border_radius=12)
        surface.blit(sprite, rect)
        centre = (rect.right - 4, rect.top + 4)
        pygame.draw.circle(surface, theme.BAD, centre, 16)
        pygame.draw.circle(surface, theme.TEXT, centre, 16, 2)
        for dx in (-7, 7):
            pygame.draw.line(surface, theme.TEXT, (centre[0] - 7, centre[1] - dx), (centre[0] + 7, centre[1] + dx), 4)


@dataclass
class Reveal(Part):
    """The round-end reveal: every hand face up, its sum, the +10/+15 and the running totals (the
    screen draws it: it needs the panel's words). Select cuts it short once it has been read a while."""

    event: RoundEnded | None = None
    readable_after: float = 1.5

    @property
    def skippable(self) -> bool:
        return self.age > self.readable_after


def reveal_note(event: RoundEnded, caller: str) -> str:
    """Why a +10 or +15 was added, in one line under the reveal's sums."""
    if event.caller < 0:
        return "Nobody called: each adds their hand."
    bonus = event.added[event.caller] - event.totals[event.caller]
    if bonus > 0:
        return f"+{bonus}: {caller} called but did not have the lowest hand."
    if any(a > t for a, t in zip(event.added, event.totals)):
        return f"{caller} called with the lowest hand: everyone else +{TABLE.others_bonus}."
    return f"{caller} called: each adds their hand."
