"""The Kombo Klash! table read at a glance (issue 19): the side panels agree with the header about
whose turn it is, nothing lights up a Kombo once the turn's is scored, a Snake's first offered space
is an empty one, the prompt's words at one size, and a hand that holds its places between two tiles
of one turn. Driven headless by scripted presses; the prompt sizes from a rendered panel."""
from __future__ import annotations

import random

import pygame
import pytest

from game.kombo_klash.actions import EndTurn, Place, Score
from game.kombo_klash.scene.art import KOMBO
from game.kombo_klash.scene.board import DIM_KOMBO
from game.kombo_klash.scene.choices import trigger_prompt
from game.kombo_klash.scene.controls import hand_key, kombo_key, square_key, square_of
from game.kombo_klash.scene.layout import Layout
from game.kombo_klash.scene.panels import PromptBox, draw_prompt
from game.kombo_klash.scene.prompts import hints
from game.kombo_klash.tables import TABLE
from game.ui.toolkit.text import TextCache
from tests.focus_driver import focus_key, press, walk_to
from tests.kombo_klash.scene_support import (
    BOT,
    can_place,
    find,
    in_play,
    legal,
    make,
    pick,
    places,
    settle,
    with_kombos,
)
from tests.scene_doubles import human, run


@pytest.fixture(autouse=True)
def _pygame(pygame_video):
    yield


def test_the_hint_box_never_shows_the_turns_keys_while_the_header_says_a_bot_plays():
    app, clock, match, scene = make([human("kb1"), BOT], seed=1)
    rng = random.Random(1)
    watched = 0
    for _ in range(600):
        if match.session.outcome() is not None or match.session.step > 30:
            break
        actor = scene.actor()
        if actor is not None and not scene.busy():
            options = legal(match, actor)
            ends = [a for a in options if isinstance(a, EndTurn)]
            scene.submit(ends[0] if ends and rng.random() < 0.5 else rng.choice(options))
        run(app, clock, 0.05)
        who, words = scene.caption()
        seat, _title, keys = hints(scene)
        if "(Bot)" in words:
            watched += 1
            assert not any("end turn" in what for _key, what in keys), \
                f"the header says {scene.seat_name(who)} (Bot) plays, the hint box lists the turn's keys"
            assert scene.prompt().seat == who
    assert watched > 10


def test_once_the_turns_kombo_is_scored_no_kombo_lights_up_and_the_prompt_stops_offering_one():
    app, clock, match, scene = find([human("kb1"), BOT], with_kombos())
    kombo = next(k for k in scene.controls.choices(0).kombos)
    walk_to(app, scene, 0, "kb1", kombo_key(kombo.squares))
    press(app, "kb1", "select")
    press(app, "kb1", "select")
    assert match.session.log[-1] == Score(0, kombo.squares)
    settle(app, clock, scene)
    assert scene.view.scored
    outlines: list[tuple[int, ...]] = []
    outline = scene.painter.outline

    def spy(squares, colour, width):
        outlines.append(tuple(colour))
        return outline(squares, colour, width)

    scene.painter.outline = spy       # type: ignore[method-assign]
    for sq in range(25):              # the focus on every square, each remaining Kombo's tiles too
        scene.input.put(0, square_key(sq))
        assert scene.lit_kombo(0) is None
        app.draw()
    lit = {tuple(KOMBO), tuple(DIM_KOMBO)}
    assert not lit & set(outlines), "a Kombo outline lights up after this turn's Kombo was scored"
    assert not any("score a" in line for line in scene.prompt().detail)


def test_a_snakes_first_offered_space_is_empty_and_two_presses_never_hypnotise():
    def both(m):                                     # it may hypnotise, and go onto an empty space
        return can_place("Snake", True)(m) and bool(places(m, "Snake", False))
    app, clock, match, scene = find([human("kb1"), BOT], both)
    before, board = len(match.session.log), scene.view.board
    pick(app, scene, "Snake")                        # the first press
    square = square_of(focus_key(scene, 0))
    assert square is not None and board[square] is None, "the Snake's focus lands on an empty space"
    press(app, "kb1", "select")                      # the second
    assert not any(isinstance(a, Place) and a.creature == "Snake" and board[a.square] is not None
                   for a in match.session.log[before:]), "two presses hypnotised a tile"


class _Blits(pygame.Surface):
    """A panel's surface that notes what is drawn onto it."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.sources: list[pygame.Surface] = []

    def blit(self, source, dest, *args, **kwargs):       # type: ignore[override]
        self.sources.append(source)
        return super().blit(source, dest, *args, **kwargs)


def test_every_prompt_draws_its_title_at_one_size_and_its_words_at_one_size():
    app, _clock, _match, scene = make([human("kb1"), BOT])
    text = scene.text
    sizes: dict[int, tuple[str, int]] = {}
    get = TextCache.get

    def noting(self, line, size, colour=(0, 0, 0), bold=False):
        surf = get(self, line, size, colour, bold)
        sizes[id(surf)] = (line, size)
        return surf

    layout = Layout()
    boxes = [scene.prompt()]
    for creature in {c.name for c in TABLE.creatures}:
        for after in (0, 1, 4, 12):
            words = trigger_prompt(creature, after)
            boxes.append(PromptBox(0, words.question, (words.detail,), (), True))
    for name in ("Purple", "Orange"):
        boxes.append(PromptBox(3, f"{name} (Bot) is playing", ("Watch the board: its tiles", "fly in shortly."),
                               (), False))
    boxes += [PromptBox(0, t, ("Face-up tiles flip face down:", "+1 point each. A second pick", "swamps both at once."),
                        (), False) for t in ("Swamp: pick 1 or 2 tiles", "Place your Chameleon", "Place your Alligator")]
    titles: set[int] = set()
    details: set[int] = set()
    TextCache.get = noting                 # type: ignore[method-assign]
    try:
        for box in boxes:
            surf = _Blits(layout.prompt_rect.size)
            draw_prompt(surf, layout, text, box)
            drawn = [sizes[id(s)] for s in surf.sources if id(s) in sizes]
            shown = "".join(line for line, _ in drawn)
            buttons = {b.label for b in box.buttons}
            titles |= {size for line, size in drawn if line == box.title}
            details |= {size for line, size in drawn if line != box.title and line not in buttons}
            words = " ".join(box.detail).split()
            assert all(w in shown for w in words), f"words of {box.title!r} left out: {box.detail}"
    finally:
        TextCache.get = get                # type: ignore[method-assign]
    assert len(titles) == 1, f"prompt titles at sizes {sorted(titles)}"
    assert len(details) == 1, f"prompt words at sizes {sorted(details)}"


def hand_rect(scene, index: int) -> pygame.Rect:
    """Where a click picks hand tile `index` up."""
    return next(t.rect for t in scene.focusables(0) if t.key == hand_key(index))


def test_the_hand_keeps_its_places_between_two_tiles_of_one_turn():
    def two_plays(m):
        view = m.session.view(0)
        return in_play(m) and view.played == 0 and len(view.hand) >= 4 and len(set(view.hand)) == len(view.hand) \
            and any(isinstance(a, Place) and not a.trigger and a.creature == view.hand[0] for a in legal(m))
    app, clock, match, scene = find([human("mouse"), BOT], two_plays)
    hand = scene.view.hand
    rects = {c: hand_rect(scene, i) for i, c in enumerate(hand)}
    first = hand[0]
    square = next(a.square for a in legal(match) if isinstance(a, Place) and a.creature == first and not a.trigger)
    press(app, "mouse", "select", rects[first].center)
    assert scene.picked(0) == first
    press(app, "mouse", "select", scene.layout.cell_rect(square).center)
    if scene.asking(0) is not None:                  # "use it?": no, just place it
        press(app, "mouse", "select", scene.layout.button_rect(1).center)
    assert isinstance(match.session.log[-1], Place)
    settle(app, clock, scene)
    assert scene.view.hand == hand[1:]
    for i, creature in enumerate(scene.view.hand):
        assert hand_rect(scene, i) == rects[creature], f"the {creature} moved in the hand"
    press(app, "mouse", "select", rects[hand[1]].center)
    assert scene.picked(0) == hand[1], "a click where the next tile was lands on nothing"
