"""The Kabooom! scene driven headless by scripted Presses, as players would drive it, reading what a
player can see: the focus, the picked tower, the shown board, the messages, the move log; the capture
phase and placement (animations, bots and the end are test_scene_end.py's)."""
from __future__ import annotations

import pygame
import pytest

from game.kabooom.rules import CENTRE, Pass, Place
from game.kabooom.scene.controls import PASS, square_key, tray_key
from game.ui.play.match import SeatPlan
from tests.focus_driver import check_every_choice, focus_key, press, walk_to
from tests.scene_doubles import run

from .scene_support import (
    centre_of,
    first_move,
    make,
    settle,
    walk,
)


@pytest.fixture(autouse=True)
def _pygame(pygame_video):
    yield


# -- capture phase -------------------------------------------------------------------------------

def test_keyboard_focus_picks_a_tower_then_a_target_and_the_move_is_made():
    app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("human", "kb2")])
    run(app, clock)
    move = first_move(match)
    walk(app, scene, 0, "kb1", move.src)
    press(app, "kb1", "select")
    assert scene.picked(0) == move.src
    target = next(t for t in scene.targets(0) if t.key == square_key(move.dst))
    assert target.action == move and target.label     # the focus there says what it does
    walk(app, scene, 0, "kb1", move.dst)
    press(app, "kb1", "select")
    assert match.session.log[0] == move
    settle(app, clock, scene)
    assert scene.picked(0) is None
    # the shown board caught up with the truth: the mover sits on top at dst, src is empty
    assert scene.shown.board[move.src] is None
    assert match.session.step == 1 and scene.shown == scene.view


def test_the_focus_hops_over_the_centre_stops_at_the_edge_and_reaches_the_pass_button():
    app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("bot", level="easy")])
    scene.input.put(0, square_key(11))
    press(app, "kb1", "right")
    assert focus_key(scene, 0) == square_key(13)
    scene.input.put(0, square_key(2))
    press(app, "kb1", "up")
    assert focus_key(scene, 0) == square_key(2)
    scene.input.put(0, square_key(14))
    press(app, "kb1", "right")                   # off the board: the panel's Pass button
    assert focus_key(scene, 0) == PASS
    press(app, "kb1", "left")
    assert focus_key(scene, 0) == square_key(14)


def test_mouse_clicks_pick_and_move_and_the_focus_follows_the_pointer():
    app, clock, match, scene = make([SeatPlan("human", "mouse"), SeatPlan("bot", level="easy")])
    run(app, clock)
    move = first_move(match)
    app.feed([pygame.event.Event(pygame.MOUSEMOTION, pos=centre_of(scene, move.src), rel=(0, 0), buttons=(0, 0, 0))])
    assert focus_key(scene, 0) == square_key(move.src)
    press(app, "mouse", "select", centre_of(scene, move.src))
    assert scene.picked(0) == move.src
    press(app, "mouse", "select", centre_of(scene, move.dst))
    assert match.session.log[0] == move
    assert app.audio.played.count("error") == 0


def test_selecting_the_picked_tower_again_or_back_puts_it_down():
    app, clock, match, scene = make([SeatPlan("human", "mouse"), SeatPlan("bot", level="easy")])
    move = first_move(match)
    press(app, "mouse", "select", centre_of(scene, move.src))
    press(app, "mouse", "select", centre_of(scene, move.src))
    assert scene.picked(0) is None
    press(app, "mouse", "select", centre_of(scene, move.src))
    press(app, "mouse", "back", centre_of(scene, move.src))
    assert scene.picked(0) is None
    assert match.session.step == 0


def test_picking_an_opponents_tower_shows_a_message_and_changes_nothing():
    app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("bot", level="easy")])
    theirs = next(sq for sq, st in enumerate(scene.view.board) if st and st[-1][0] == 1)
    walk(app, scene, 0, "kb1", theirs)
    press(app, "kb1", "select")
    assert scene.toast is not None and "Blue" in scene.toast.text
    assert app.audio.played[-1] == "error"
    assert scene.picked(0) is None and match.session.step == 0
    app.draw()


def test_an_illegal_target_shows_the_engines_reason_and_changes_nothing():
    app, clock, match, scene = make([SeatPlan("human", "mouse"), SeatPlan("bot", level="easy")])
    move = first_move(match)
    board = scene.view.board
    # an empty square or one the tower may not take: both illegal targets
    targets = scene.controls.moves_from(0, move.src)
    bad = next(sq for sq in range(25) if sq not in (CENTRE, move.src) and sq not in targets
               and not (board[sq] and board[sq][-1][0] == 0))
    press(app, "mouse", "select", centre_of(scene, move.src))
    press(app, "mouse", "select", centre_of(scene, bad))
    assert match.session.step == 0 and match.session.view(None).board == board
    assert scene.toast is not None and scene.toast.text[0].isupper()
    assert app.audio.played[-1] == "error"
    assert scene.picked(0) == move.src     # still picked: try another square


def test_a_keyboard_player_cannot_act_out_of_turn():
    app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("human", "kb3")])
    press(app, "kb3", "select")
    assert match.session.step == 0
    assert scene.toast is not None and "Red" in scene.toast.text


def test_passing_needs_a_second_press_and_shows_it_on_the_focus():
    app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("bot", level="easy")])
    press(app, "kb1", "slap")
    assert match.session.step == 0
    assert focus_key(scene, 0) == PASS and scene.input.of(0).armed == PASS
    assert "again" in scene.input.armed_words(0, scene.input.focused(0))
    app.draw()
    press(app, "kb1", "slap")
    assert match.session.log == [Pass(0)]


def test_moving_the_focus_or_back_disarms_a_pass():
    app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("bot", level="easy")])
    press(app, "kb1", "slap")
    press(app, "kb1", "left")                    # onto the board
    assert scene.input.of(0).armed is None
    walk_to(app, scene, 0, "kb1", PASS)
    press(app, "kb1", "select")                  # armed again, by Select this time
    press(app, "kb1", "back")
    press(app, "kb1", "select")                  # armed once more: Back had disarmed it
    assert match.session.step == 0
    press(app, "kb1", "select")
    assert match.session.log == [Pass(0)]


def test_the_pass_button_needs_two_clicks():
    app, clock, match, scene = make([SeatPlan("human", "mouse"), SeatPlan("bot", level="easy")])
    button = scene.layout.pass_button.center
    press(app, "mouse", "select", button)
    assert match.session.step == 0
    app.draw()   # the button shows "Click again to pass"
    assert scene.action_panel().pass_state == "confirm"
    press(app, "mouse", "select", button)
    assert match.session.log == [Pass(0)]


def test_the_turn_back_returns_the_focus_from_the_pass_button_to_the_board():
    app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("bot", level="easy")])
    walk(app, scene, 0, "kb1", 8)
    press(app, "kb1", "slap")
    press(app, "kb1", "slap")                    # Red passes; Blue (bot) moves
    settle(app, clock, scene)
    for _ in range(50):
        if 0 in match.session.to_act():
            break
        run(app, clock, 0.1, draw=False)
    assert focus_key(scene, 0) == square_key(8)


# -- placement -----------------------------------------------------------------------------------

def test_medium_placement_places_the_symbol_chosen_with_the_action_key():
    app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("bot", level="easy")], "medium")
    assert scene.view.phase == "place"
    assert scene.controls.symbol_for(0) == "R"
    press(app, "kb1", "slap")                # Rock -> Paper
    assert scene.controls.symbol_for(0) == "P"
    square = scene.focused_square(0)
    assert square is not None
    press(app, "kb1", "select")
    assert match.session.log == [Place(0, square, "P")]
    settle(app, clock, scene)
    assert scene.shown.board[square] == ((0, "P"),)


def test_placement_by_mouse_tray_and_a_taken_square_is_refused():
    app, clock, match, scene = make([SeatPlan("human", "mouse"), SeatPlan("bot", level="easy")], "hard")
    press(app, "mouse", "select", scene.layout.tray_slot(2).center)     # Scissors
    assert scene.controls.symbol_for(0) == "S"
    press(app, "mouse", "select", centre_of(scene, 0))
    assert match.session.log == [Place(0, 0, "S")]
    settle(app, clock, scene)                # the bot places its counter
    taken = next(sq for sq, st in enumerate(scene.view.board) if st and st[-1][0] == 1)
    press(app, "mouse", "select", centre_of(scene, taken))
    assert match.session.step == 2
    assert app.audio.played[-1] == "error"


def test_the_tray_is_reached_by_keys_and_a_used_up_symbol_says_so():
    app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("human", "kb3")], "medium")
    walk_to(app, scene, 0, "kb1", tray_key("D"))
    press(app, "kb1", "select")
    assert scene.controls.symbol_for(0) == "D"
    for square in (0, 2, 4):                      # Red places its three Dynamites, Blue a counter each time
        walk(app, scene, 0, "kb1", square)
        press(app, "kb1", "select")
        settle(app, clock, scene)
        walk(app, scene, 1, "kb3", square + 20)
        press(app, "kb3", "select")
        settle(app, clock, scene)
    assert scene.view.pool[0][3] == 0 and scene.view.turn == 0
    walk_to(app, scene, 0, "kb1", tray_key("D"))
    press(app, "kb1", "select")
    assert scene.toast is not None and "No Dynamite left" in scene.toast.text


def test_every_choice_on_the_board_does_what_the_focus_shows():
    app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("human", "kb2")], "medium", seed=3)
    assert check_every_choice(app, scene, 0, "kb1") == 24 + 0   # every empty square places (the tray: steps)
    for _ in range(24):                                          # everyone places, turn by turn
        seat = match.session.view(None).turn
        device = ("kb1", "kb2")[seat]
        square = next(sq for sq, st in enumerate(scene.view.board) if st is None and sq != CENTRE)
        walk(app, scene, seat, device, square)
        press(app, device, "select")
        settle(app, clock, scene)
    assert scene.view.phase == "capture"
    seat = scene.view.turn
    checked = check_every_choice(app, scene, seat, ("kb1", "kb2")[seat])
    assert checked == 1                                          # the pass (no tower picked yet)
    move = first_move(match, seat)
    walk(app, scene, seat, ("kb1", "kb2")[seat], move.src)
    press(app, ("kb1", "kb2")[seat], "select")
    assert check_every_choice(app, scene, seat, ("kb1", "kb2")[seat]) >= 2
