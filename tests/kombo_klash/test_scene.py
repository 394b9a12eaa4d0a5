"""The Kombo Klash! scene driven headless by scripted presses, as players drive it from a keyboard
zone: every prompt, and Select doing what the focus shows (the mouse, the curtain, the pieces and a
whole game are test_scene_table.py's). Tests read what a player can see: the focus and what it would
do, the picked tile, the panel's buttons and words, the shown table, the messages and the move log."""
from __future__ import annotations

import pytest

from game.kombo_klash.actions import EndTurn, Kick, Place, Redraw, Revive, Score, Swamp
from game.kombo_klash.scene import KomboKlashScene
from game.kombo_klash.scene.choices import trigger_prompt
from game.kombo_klash.scene.controls import (
    END,
    KEEP,
    REDRAW_BUTTON,
    SWAMP_ONE,
    YES,
    hand_key,
    kombo_key,
    square_key,
    square_of,
)
from game.ui.play.match import Match
from game.ui.toolkit.app import App
from tests.focus_driver import Recorder, check_every_choice, focus_key, press, walk_to
from tests.scene_doubles import human

from .scene_support import (
    BOT,
    armed,
    can_place,
    find,
    in_play,
    legal,
    make,
    pending,
    pick,
    places,
    settle,
    trigger_placed,
    with_kombos,
)


@pytest.fixture(autouse=True)
def _pygame(pygame_video):
    yield



# -- the keyboard ----------------------------------------------------------------------------------

def test_the_redraw_prompt_comes_first_keeping_is_one_press_and_redrawing_two():
    app, clock, match, scene = make([human("kb1"), BOT])
    assert scene.mode(0) == "redraw" and focus_key(scene, 0) == KEEP
    assert scene.buttons(0) == ["Keep this hand", "Redraw (once)"]
    assert scene.shown_hand() == (0, match.session.view(0).hand)
    press(app, "kb1", "down")
    assert focus_key(scene, 0) == REDRAW_BUTTON
    press(app, "kb1", "select")
    assert match.session.log == [] and "redraw" in armed(scene), "the first press only arms the redraw"
    press(app, "kb1", "select")
    assert match.session.log == [Redraw(0, True)]
    settle(app, clock, scene)
    assert "Redraw (once)" not in scene.buttons(0)

    app, clock, match, scene = make([human("kb1"), BOT], seed=2)
    press(app, "kb1", "select")                      # the focus lands on Keep: one press keeps
    assert match.session.log == [Redraw(0, False)]


def test_keyboard_places_a_wolf_and_answers_the_howl_prompt():
    app, clock, match, scene = find([human("kb1"), BOT], can_place("Wolf", True))
    hand = scene.view.hand
    pick(app, scene, "Wolf")
    square = square_of(focus_key(scene, 0))
    assert square in places(match, "Wolf", True) and scene.view.board[square] is None, \
        "the focus lands on a space the Wolf may go to"
    before = match.session.step
    press(app, "kb1", "select")
    assert scene.asking(0) == square and match.session.step == before, "the Howl is asked first"
    assert focus_key(scene, 0) == YES
    points = len(hand) - 1
    words = trigger_prompt("Wolf", points)
    assert scene.buttons(0) == [words.yes, "No, just place it"]
    assert scene.prompt().title == words.question and "point" in words.question
    score = match.session.view(0).scores[0]
    press(app, "kb1", "select")
    assert match.session.log[-1] == Place(0, "Wolf", square, True)
    settle(app, clock, scene)
    assert scene.shown.scores[0] == score + points == match.session.view(0).scores[0]
    assert scene.shown.board[square] == "Wolf"
    assert any("howls" in line for line, _ in scene.moves.lines)


def test_back_puts_a_picked_tile_back_and_a_trigger_prompt_can_be_cancelled():
    app, clock, match, scene = find([human("kb1"), BOT], can_place("Wolf", True))
    index = scene.view.hand.index("Wolf")
    before = match.session.step
    pick(app, scene, "Wolf")
    square = square_of(focus_key(scene, 0))
    press(app, "kb1", "select")
    assert scene.asking(0) == square
    press(app, "kb1", "back")
    assert scene.asking(0) is None and focus_key(scene, 0) == square_key(square) and scene.picked(0) == "Wolf"
    press(app, "kb1", "back")
    assert scene.picked(0) is None and focus_key(scene, 0) == hand_key(index)
    assert match.session.step == before, "nothing was played"


def test_two_presses_on_a_snake_place_it_on_an_empty_space_never_hypnotise():
    # a Snake on an empty space has no ability: no prompt; the first space offered is an empty one
    app, clock, match, scene = find([human("kb1"), BOT],
                                    lambda m: can_place("Snake", False)(m) and can_place("Snake", True)(m))
    # the focus was last on the board right on a tile the Snake may hypnotise: it still lands on an
    # empty space
    walk_to(app, scene, 0, "kb1", square_key(places(match, "Snake", True)[0]))
    pick(app, scene, "Snake")
    square = square_of(focus_key(scene, 0))
    assert square is not None and scene.view.board[square] is None
    press(app, "kb1", "select")
    assert match.session.log[-1] == Place(0, "Snake", square, False)


def test_a_snake_hypnotises_only_on_a_second_press_and_the_tile_comes_to_hand():
    app, clock, match, scene = find([human("kb1"), BOT], can_place("Snake", True))
    pick(app, scene, "Snake")
    covered = places(match, "Snake", True)[0]
    taken = scene.view.board[covered]
    walk_to(app, scene, 0, "kb1", square_key(covered))
    before = match.session.step
    press(app, "kb1", "select")
    assert match.session.step == before and f"hypnotise the {taken}" in armed(scene)
    press(app, "kb1", "back")                        # Back disarms, the Snake stays picked
    assert armed(scene) == "" and scene.picked(0) == "Snake"
    press(app, "kb1", "select")
    press(app, "kb1", "select")
    assert match.session.log[-1] == Place(0, "Snake", covered, True)
    settle(app, clock, scene)
    assert scene.shown.board[covered] == "Snake" and taken in scene.shown.hand


def test_a_kombo_is_scored_from_its_button_in_two_presses_and_lit_on_the_board():
    app, clock, match, scene = find([human("kb1"), BOT], with_kombos())
    view = match.session.view(0)
    _, squares, points = view.kombos[0]
    walk_to(app, scene, 0, "kb1", kombo_key(squares))
    assert scene.lit_kombo(0) == squares, "the board lights the Kombo the focus shows"
    before, score = match.session.step, view.scores[0]
    press(app, "kb1", "select")
    assert match.session.step == before and "score" in armed(scene)
    press(app, "kb1", "select")
    assert match.session.log[-1] == Score(0, squares)
    settle(app, clock, scene)
    assert scene.shown.scores[0] == score + points
    assert all(scene.shown.board[sq] == "?" for sq in squares), "a scored Kombo lies face down"
    assert not any(label.startswith("Score") for label in scene.buttons(0)), "one Kombo a turn"
    assert scene.lit_kombo(0) is None


def test_the_action_key_ends_the_turn_in_two_presses_and_warns_of_a_waiting_kombo():
    app, clock, match, scene = find([human("kb1"), BOT],
                                    lambda m: in_play(m) and any(isinstance(a, EndTurn) for a in legal(m)))
    kombo = any(isinstance(a, Score) for a in legal(match))
    before = match.session.step
    press(app, "kb1", "slap")
    assert match.session.step == before and focus_key(scene, 0) == END and "end your turn" in armed(scene)
    assert ("Kombo" in armed(scene)) == kombo
    press(app, "kb1", "slap")
    assert match.session.log[-1] == EndTurn(0)


def test_end_turn_by_select_arms_first_and_back_or_moving_away_disarms():
    app, clock, match, scene = find([human("kb1"), BOT],
                                    lambda m: in_play(m) and any(isinstance(a, EndTurn) for a in legal(m)))
    before = match.session.step
    walk_to(app, scene, 0, "kb1", END)
    press(app, "kb1", "select")
    assert armed(scene) and match.session.step == before
    press(app, "kb1", "back")
    assert armed(scene) == "" and focus_key(scene, 0) == END
    press(app, "kb1", "select")
    press(app, "kb1", "left")                        # away and back: disarmed again
    walk_to(app, scene, 0, "kb1", END)
    assert armed(scene) == ""
    press(app, "kb1", "select")
    assert match.session.step == before
    press(app, "kb1", "select")
    assert match.session.log[-1] == EndTurn(0)


@pytest.mark.parametrize("ability", ["kick", "swamp", "revive"])
def test_ability_choices_are_made_on_the_board(ability):
    app, clock, match, scene = find([human("kb1"), BOT], pending(ability, 2))
    trigger_placed(app, scene, match, ability)
    first = square_of(focus_key(scene, 0))
    assert first is not None and scene.input.focused(0).enabled, "the focus lands on a choice of the ability"
    if ability == "kick":
        press(app, "kb1", "select")
        assert scene.kicking(0) == first
        dst = square_of(focus_key(scene, 0))
        assert Kick(0, first, dst) in legal(match), "then on a space the tile may go to"
        press(app, "kb1", "select")
        assert match.session.log[-1] == Kick(0, first, dst)
    elif ability == "swamp":
        press(app, "kb1", "select")
        assert scene.marked(0) == (first,) and scene.buttons(0) == ["Swamp just this one (+1)"]
        other = next(t.key for t in scene.targets(0) if isinstance(t.action, Swamp))
        walk_to(app, scene, 0, "kb1", other)
        press(app, "kb1", "select")                  # a second tile swamps both at once
        assert match.session.log[-1] == Swamp(0, tuple(sorted((first, square_of(other)))))
    else:
        press(app, "kb1", "select")
        assert not isinstance(match.session.log[-1], Revive) and "revive" in armed(scene)
        press(app, "kb1", "select")
        assert match.session.log[-1] == Revive(0, first)
    settle(app, clock, scene)
    assert scene.shown.board == match.session.view(0).board


def test_a_kick_is_put_down_by_back_and_a_swamp_mark_taken_off():
    app, clock, match, scene = find([human("kb1"), BOT], pending("kick"))
    trigger_placed(app, scene, match, "kick")
    src = square_of(focus_key(scene, 0))
    press(app, "kb1", "select")
    assert scene.kicking(0) == src
    press(app, "kb1", "back")
    assert scene.kicking(0) is None and focus_key(scene, 0) == square_key(src)

    app, clock, match, scene = find([human("kb1"), BOT], pending("swamp", 2))
    trigger_placed(app, scene, match, "swamp")
    press(app, "kb1", "select")
    assert scene.marked(0)
    press(app, "kb1", "back")
    assert scene.marked(0) == () and scene.mode(0) == "swamp"


def test_the_action_key_swamps_the_one_tile_marked():
    app, clock, match, scene = find([human("kb1"), BOT], pending("swamp"))
    trigger_placed(app, scene, match, "swamp")
    first = square_of(focus_key(scene, 0))
    press(app, "kb1", "select")
    press(app, "kb1", "slap")                        # the focus goes to the button...
    assert focus_key(scene, 0) == SWAMP_ONE and match.session.log[-1].TAG == "place"
    press(app, "kb1", "slap")                        # ... and the second press swamps
    assert match.session.log[-1] == Swamp(0, (first,))


def test_another_seats_keys_are_refused_politely():
    app, clock, match, scene = make([human("kb1"), human("kb3")])
    press(app, "kb1", "select")                      # Red takes the screen
    press(app, "kb3", "select")
    assert match.session.step == 0 and "Red" in scene.toast.text


# -- every prompt: Select does what the focus shows ------------------------------------------------

def checked(app: App, scene: KomboKlashScene, least: int) -> int:
    with_actions = sum(1 for t in scene.targets(0) if t.action is not None)
    n = check_every_choice(app, scene, 0, "kb1")
    assert n == with_actions and n >= least
    return n


def test_every_choice_of_the_starting_hand_and_of_a_turn_does_what_its_focus_shows():
    app, clock, match, scene = make([human("kb1"), BOT])
    assert checked(app, scene, 2) == 2                               # keep, redraw
    app, clock, match, scene = find([human("kb1"), BOT], lambda m: with_kombos()(m) and
                                    any(isinstance(a, EndTurn) for a in legal(m)))
    checked(app, scene, 2)                                           # every Kombo (buttons, tiles), End turn
    creature = next(c for c in scene.view.hand if any(isinstance(a, Place) and a.creature == c for a in legal(match)))
    pick(app, scene, creature)
    checked(app, scene, 1)                                           # a space for it, or the Snake's targets


def test_every_answer_of_a_use_it_prompt_and_of_the_snake_does_what_its_focus_shows():
    app, clock, match, scene = find([human("kb1"), BOT], can_place("Wolf", True))
    pick(app, scene, "Wolf")
    press(app, "kb1", "select")
    assert checked(app, scene, 2) == 2                               # howl, or just place it
    app, clock, match, scene = find([human("kb1"), BOT], can_place("Snake", True))
    pick(app, scene, "Snake")
    checked(app, scene, len(places(match, "Snake", True)))


@pytest.mark.parametrize("ability", ["kick", "swamp", "revive"])
def test_every_choice_of_an_ability_does_what_its_focus_shows(ability):
    app, clock, match, scene = find([human("kb1"), BOT], pending(ability, 2))
    trigger_placed(app, scene, match, ability)
    settle(app, clock, scene)
    if ability == "revive":
        checked(app, scene, 1)
        return
    assert checked(app, scene, 0) == 0               # choosing the tile is a step of the screen's own
    press(app, "kb1", "select")                      # the tile to kick, the tile to swamp
    checked(app, scene, 1)


def test_a_tile_of_two_kombos_sends_the_focus_to_their_buttons():
    def two_on_a_tile(m: Match) -> bool:
        kombos = m.session.view(0).kombos
        return with_kombos()(m) and any(set(a[1]) & set(b[1]) for a in kombos for b in kombos if a != b)
    app, clock, match, scene = find([human("kb1"), BOT], two_on_a_tile)
    kombos = scene.view.kombos
    shared = next(sq for a in kombos for b in kombos if a != b for sq in set(a[1]) & set(b[1]))
    walk_to(app, scene, 0, "kb1", square_key(shared))
    with Recorder(match.session) as rec:
        press(app, "kb1", "select")
    assert rec.actions == [] and focus_key(scene, 0) in {kombo_key(k[1]) for k in kombos if shared in k[1]}
