"""One focus per seat: every choosable thing on a game screen is a Focusable, and each local player's
focus rests on exactly one of them.

A game's controls list a seat's focusables (board squares, cards, hand tiles, ring tiles, hexes,
buttons, prompt choices), each with what Select does there: an engine action to submit, a step of
the screen's own (pick the first card of a swap), or a refusal in words. Directions move the focus
by one rule for every game, `nearest` (the d-pad and the stick arrive as the same directions); the
mouse moves the same focus by hovering; Select acts on the focused thing and nothing else.

A choice that cannot be taken back (a replace, a call, a take, ending a turn) is marked `confirm`:
the first Select arms it ("Select again to replace card 2"), a second Select on the same focus makes
it, and moving away or Back disarms it. The focus is drawn in one style for every game and screen,
a frame in the seat's colour carrying the seat's symbol (`draw_focus`); nothing else is ever drawn
lit.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import pygame

from game.core.engine import Action
from game.ui.toolkit import theme
from game.ui.toolkit.seat_marks import draw_seat_symbol
from game.ui.toolkit.text import TextCache

Key = Hashable
Direction = tuple[int, int]
DIRECTIONS: dict[str, Direction] = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}

# How much a step sideways costs against a step ahead, when choosing the next focus in a direction:
# above 2, a target straight ahead wins over a nearer one off to the side.
ACROSS_WEIGHT = 2.2


@dataclass(frozen=True)
class Focusable:
    """A thing a seat's focus may rest on.

    `act`: what Select does, an engine Action (submitted), a callable (a step of the screen's own)
    or None (nothing: `reason` says why, "Wait: it's Blue's turn"). `label`: what it does, in a few
    words, shown where it helps ("Replace card 2"). `confirm`: Select must be pressed twice.
    `tag_inside`: the armed tag sits inside the frame's foot, over the thing itself, not under the
    frame (where a neighbour lies close below it: a card in a hand's upper row)."""

    key: Key
    rect: pygame.Rect
    act: Action | Callable[[], object] | None = None
    label: str = ""
    reason: str = ""
    confirm: bool = False
    tag_inside: bool = False

    @property
    def enabled(self) -> bool:
        return self.act is not None

    @property
    def action(self) -> Action | None:
        return self.act if isinstance(self.act, Action) else None


def nearest(targets: Sequence[Focusable], at: pygame.Rect, direction: Direction,
            across_weight: float = ACROSS_WEIGHT) -> Focusable | None:
    """The target the focus moves to from `at` in `direction`: the one ahead (its centre past `at`'s
    centre that way) with the least distance ahead plus `across_weight` times the distance across.
    None if nothing lies that way. A screen whose things lie on a slant (hexes: the next row is half
    a hex across) passes a weight below √3, so that a step down is the next row, not the one after."""
    dx, dy = direction
    cx, cy = at.center
    best: tuple[float, Focusable] | None = None
    for target in targets:
        tx, ty = target.rect.center
        ahead = (tx - cx) * dx + (ty - cy) * dy
        if ahead <= 0:
            continue
        across = abs((tx - cx) * dy) + abs((ty - cy) * dx)
        cost = ahead + across_weight * across
        if best is None or cost < best[0]:
            best = (cost, target)
    return best[1] if best is not None else None


def closest(targets: Sequence[Focusable], at: pygame.Rect) -> Focusable | None:
    """The target whose centre is nearest `at`'s (where a focus goes when its thing has gone)."""
    if not targets:
        return None
    cx, cy = at.center
    return min(targets, key=lambda t: math.hypot(t.rect.centerx - cx, t.rect.centery - cy))


@dataclass
class SeatFocus:
    """One seat's focus: the key it rests on, where that was last drawn, and an armed choice."""

    key: Key | None = None
    rect: pygame.Rect | None = None
    armed: Key | None = None
    armed_by: str = "select"         # the button whose second press makes the armed choice

    def find(self, targets: Sequence[Focusable]) -> Focusable | None:
        """The focused target among `targets`; if its thing is gone, the one closest to where it was
        (the focus moves there)."""
        for target in targets:
            if target.key == self.key:
                self.rect = target.rect
                return target
        moved = closest(targets, self.rect) if self.rect is not None else (targets[0] if targets else None)
        self.set(moved)
        return moved

    def set(self, target: Focusable | None) -> None:
        if target is None:
            return
        if target.key != self.key:
            self.armed = None
        self.key, self.rect = target.key, target.rect

    def move(self, targets: Sequence[Focusable], direction: Direction,
             across_weight: float = ACROSS_WEIGHT) -> bool:
        """Move one step in `direction`; False if nothing lies that way."""
        here = self.find(targets)
        if here is None:
            return False
        there = nearest([t for t in targets if t.key != here.key], here.rect, direction, across_weight)
        if there is None:
            return False
        self.set(there)
        return True


def target_at(targets: Sequence[Focusable], pos: tuple[int, int]) -> Focusable | None:
    """The target under the pointer (the last listed wins where they overlap: drawn on top)."""
    found = None
    for target in targets:
        if target.rect.collidepoint(pos):
            found = target
    return found


# -- the one look of a focus -----------------------------------------------------------------------

FRAME = 4            # the frame's width
GAP = 5              # between the thing and its frame
TAG = 13             # the seat symbol's radius at the frame's corner


def draw_focus(surface: pygame.Surface, rect: pygame.Rect, seat: int, text: TextCache | None = None,
               armed: str = "", stack: int = 0, tag_inside: bool = False) -> None:
    """The focus of `seat` on `rect`: a frame in the seat's colour with its symbol at the top-right
    corner; `armed`: the words of a choice waiting for its second press, in a tag under the frame.
    `stack`: how many other seats' focuses are already on this rect (each frame sits further out)."""
    colour = theme.seat_colour(seat)
    frame = rect.inflate(2 * (GAP + FRAME * stack), 2 * (GAP + FRAME * stack))
    width = FRAME + (2 if armed else 0)
    pygame.draw.rect(surface, theme.BG, frame.inflate(4, 4), 2, border_radius=10)
    pygame.draw.rect(surface, colour, frame, width, border_radius=9)
    draw_seat_symbol(surface, seat, (frame.right - 2, frame.top + 2), 2 * TAG, colour, theme.BG)
    if armed and text is not None:
        label = text.get(armed, 18, theme.BG, True)
        pill = pygame.Rect(0, 0, label.get_width() + 16, label.get_height() + 6)
        if tag_inside:
            pill.midbottom = (frame.centerx, frame.bottom - FRAME - 2)
        else:
            pill.midtop = (frame.centerx, frame.bottom + 4)
        pill.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, colour, pill, border_radius=8)
        surface.blit(label, label.get_rect(center=pill.center))


__all__ = ["ACROSS_WEIGHT", "DIRECTIONS", "Focusable", "Key", "SeatFocus", "closest", "draw_focus", "nearest",
           "target_at"]
