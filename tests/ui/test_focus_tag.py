"""The armed tag of a focus: under the frame by default, inside its foot where the screen asks (a
KOMBIO card, whose neighbour lies just below it), so it never covers the card below."""
from __future__ import annotations

import pygame

from game.ui.play.focus import FRAME, GAP, draw_focus
from game.ui.toolkit.text import TextCache
from game.ui.toolkit.theme import Fonts


def _drawn_below(tag_inside: bool) -> int:
    surface = pygame.Surface((400, 400))
    surface.fill((0, 0, 0))
    card = pygame.Rect(150, 100, 100, 140)
    draw_focus(surface, card, 0, TextCache(Fonts()), "Select again: replace card 2", tag_inside=tag_inside)
    below = card.bottom + GAP + FRAME + 3             # past the frame and its dark rim
    return sum(1 for x in range(400) for y in range(below, 400) if surface.get_at((x, y))[:3] != (0, 0, 0))


def test_the_tag_inside_the_frame_leaves_what_lies_below_alone(pygame_video):
    assert _drawn_below(tag_inside=False) > 0           # the default tag hangs under the frame
    assert _drawn_below(tag_inside=True) == 0


def test_a_kombio_card_that_arms_puts_its_tag_inside(pygame_video):
    from tests.kombio.scene_support import BOT, holding, make
    from tests.scene_doubles import human

    app, clock, match, scene = make([human("kb1"), BOT], holding(0))      # Red holds a drawn card
    cards = [t for t in scene.focusables(0) if t.confirm and t.key[0] == "card"]
    assert cards and all(t.tag_inside for t in cards)                      # replace card N
