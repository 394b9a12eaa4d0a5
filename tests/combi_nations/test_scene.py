"""The Combi-Nations scene driven headless by scripted Presses, as players drive it, reading what a
player can see (the focus, the shown view, the ghost, the messages, the move log): the keyboard
(taking a tile on the ring, the U-turn, moving the ghost, turning it, laying it), the mouse (hover,
two clicks, the wheel), free building, the score sheet, the two presses of every choice that cannot
be taken back, where the focus lands, and whole games to the results."""
from __future__ import annotations

import pygame
import pytest

from game.combi_nations.country import country_from_view, tiles_ahead
from game.combi_nations.events import ArrowMoved
from game.combi_nations.rules import Build, Move, Place
from game.combi_nations.scene.controls import SCORES, TURN, hex_key, kind_key, sheet_key, space_key
from game.combi_nations.tables import FACILITY_BY_KEY, LAND_TILES
from tests.focus_driver import Recorder, check_every_choice, focus_key, press, walk_to
from tests.scene_doubles import human, run

from .scene_support import (
    BOT,
    hover,
    make,
    seat0_moves,
    settle,
    take,
    to_place,
)


@pytest.fixture(autouse=True)
def _pygame(pygame_video):
    yield


# -- opening ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_the_scene_opens_mid_game_and_draws(players):
    plans = [human("kb1")] + [BOT] * (players - 1)
    app, clock, match, scene = make(plans, seed=players, random_steps=6 * players)
    view = match.session.view(0)
    assert len(scene.shown.arrows) == (2 if players == 1 else players)
    assert scene.shown.ring == view.ring and scene.shown == scene.view
    run(app, clock, 0.3)
    # the picture is drawn: the big country's panel holds hexes in the LAND colours
    assert app.surface.get_at((640, 300))[:3] != (0, 0, 0)
    if view.phase == "move" and 0 in match.session.to_act():
        assert scene.controls.options(0)


def test_the_reachable_tiles_mirror_the_engines_moves():
    app, clock, match, scene = make([human("kb1"), BOT, BOT], seed=3, random_steps=12, until=seat0_moves)
    options = scene.controls.options(0)
    moves = [a for a in match.session.legal_actions(0) if isinstance(a, Move)]
    assert sorted((o.k, o.uturn) for o in options) == sorted((m.k, m.uturn) for m in moves)
    view = match.session.view(0)
    ahead = tiles_ahead(view.ring, view.arrows[0], view.clockwise[0], country_from_view(view.countries[0]))
    assert [o.space for o in options if not o.uturn] == ahead
    # the focusables on the ring are exactly those tiles, each asking for its Move
    offered = {t.key: t.action for t in scene.targets(0) if t.action is not None}
    assert offered == {space_key(o.space): Move(0, o.k, o.uturn) for o in options}


# -- every prompt: Select does what the focus shows ------------------------------------------------------

def test_every_choice_of_taking_a_tile_does_what_the_focus_shows():
    app, clock, match, scene = make([human("kb1"), BOT], seed=4)
    moves = [a for a in match.session.legal_actions(0) if isinstance(a, Move)]
    assert any(m.uturn for m in moves)
    assert check_every_choice(app, scene, 0, "kb1") == len(moves)
    assert match.session.step == 0


@pytest.mark.parametrize("seed", [2, 6])
def test_every_place_a_tile_may_go_does_what_the_focus_shows(seed):
    app, clock, match, scene = make([human("kb1"), BOT], seed=seed)
    to_place(app, clock, scene)
    for _ in range(2):                   # unturned, then turned once
        turns = scene.controls.turns_of(0)
        fits = {p.at for p in scene.controls.placings(0) if p.turns == turns}
        if fits:
            assert check_every_choice(app, scene, 0, "kb1") == len(fits)
        press(app, "kb1", "slap")
    assert match.session.log[-1] == Move(0, 1)


def test_every_place_a_sand_tile_may_go_does_what_the_focus_shows():
    app, clock, match, scene = make([human("kb1"), BOT], seed=8, options={"country": "free"})
    press(app, "kb1", "select")          # nothing laid yet: a first press arms the first SAND tile
    press(app, "kb1", "select")
    settle(app, clock, scene)
    assert isinstance(match.session.log[-1], Build)
    checked = check_every_choice(app, scene, 0, "kb1")
    spots = scene.controls.spots(0)
    assert checked == len(spots) > 0
    walk_to(app, scene, 0, "kb1", kind_key(scene.controls.kinds(0)[-1]))
    press(app, "kb1", "select")          # another kind of SAND tile: one press
    assert scene.controls.kind_for(0) == scene.controls.kinds(0)[-1]
    assert check_every_choice(app, scene, 0, "kb1") == len(scene.controls.spots(0))


def test_a_waiting_player_can_look_at_every_ring_tile_but_not_take_one():
    app, clock, match, scene = make([human("kb1"), human("kb3")], seed=5)
    assert check_every_choice(app, scene, 1, "kb3") == 0
    tiles = [t for t in scene.targets(1) if t.key[0] == "space"]
    assert len(tiles) == sum(1 for tile in scene.view.ring if tile >= 0)
    walk_to(app, scene, 1, "kb3", tiles[0].key)
    press(app, "kb3", "select")
    assert match.session.step == 0
    assert scene.toast is not None and "Red" in scene.toast.text


# -- what cannot be taken back: two presses --------------------------------------------------------------

def test_taking_a_tile_needs_a_second_press_and_back_or_moving_away_disarms_it():
    app, clock, match, scene = make([human("kb1"), BOT], seed=2)
    first = scene.controls.options(0)[0]
    assert focus_key(scene, 0) == space_key(first.space)
    press(app, "kb1", "select")
    assert match.session.step == 0 and scene.input.of(0).armed == space_key(first.space)
    words = scene.input.armed_words(0, scene.input.focused(0))
    assert "Select again" in words and "1st tile" in words
    app.draw()                           # the armed words are drawn under the focus
    press(app, "kb1", "back")
    assert scene.input.of(0).armed is None
    press(app, "kb1", "select")          # armed again: Back had disarmed it
    assert match.session.step == 0
    second = scene.controls.options(0)[1]
    walk_to(app, scene, 0, "kb1", space_key(second.space))
    assert scene.input.of(0).armed is None
    press(app, "kb1", "select")
    assert match.session.step == 0
    press(app, "kb1", "select")
    assert match.session.log == [Move(0, second.k, second.uturn)]


def test_laying_a_tile_needs_a_second_press_and_turning_it_disarms_it():
    app, clock, match, scene = make([human("kb1"), BOT], seed=2)
    to_place(app, clock, scene)
    target = scene.input.focused(0)
    assert target is not None and target.confirm and isinstance(target.action, Place)
    press(app, "kb1", "select")
    assert len(match.session.log) == 1 and scene.input.of(0).armed == target.key
    assert "lay" in scene.input.armed_words(0, target)
    press(app, "kb1", "slap")            # turning is free, one press, and changes the ghost: disarmed
    assert scene.controls.turns_of(0) == (target.action.turns + 1) % 6 and scene.input.of(0).armed is None
    for _ in range(5):
        press(app, "kb1", "slap")
    assert scene.controls.turns_of(0) == target.action.turns
    press(app, "kb1", "select")
    press(app, "kb1", "back")
    press(app, "kb1", "select")
    assert len(match.session.log) == 1
    press(app, "kb1", "select")
    assert match.session.log[-1] == target.action


def test_laying_a_sand_tile_needs_a_second_press():
    app, clock, match, scene = make([human("kb1"), BOT], seed=8, options={"country": "free"})
    target = scene.input.focused(0)
    assert target is not None and target.confirm and isinstance(target.action, Build)
    press(app, "kb1", "select")
    assert match.session.step == 0 and scene.input.armed_words(0, target)
    press(app, "kb1", "back")
    press(app, "kb1", "select")
    assert match.session.step == 0
    press(app, "kb1", "select")
    assert match.session.log == [target.action]


# -- where the focus lands -----------------------------------------------------------------------------

def test_the_focus_lands_on_the_market_at_turn_start_and_on_the_country_once_a_tile_is_held():
    app, clock, match, scene = make([human("kb1"), BOT], seed=3)
    assert focus_key(scene, 0) == space_key(scene.controls.options(0)[0].space)
    to_place(app, clock, scene)
    target = scene.input.focused(0)
    assert target is not None and target.key[0] == "hex" and isinstance(target.action, Place)
    ghost = scene.controls.ghost(0)
    assert ghost is not None and ghost.fits and scene.controls.preview(0) is not None
    take(app, "kb1")
    for _ in range(100):                 # the bot's turn, then Red's again
        run(app, clock, 0.1, draw=False)
        if not scene.busy() and 0 in match.session.to_act():
            break
    assert scene.view.phase == "move"
    assert focus_key(scene, 0) == space_key(scene.controls.options(0)[0].space)


# -- the keyboard ----------------------------------------------------------------------------------

def test_the_keyboard_moves_the_arrow_then_turns_and_lays_the_tile():
    app, clock, match, scene = make([human("kb1"), BOT], seed=2)
    target = scene.controls.options(0)[1]
    walk_to(app, scene, 0, "kb1", space_key(target.space))
    take(app, "kb1")
    assert match.session.log[-1] == Move(0, target.k, target.uturn)
    settle(app, clock, scene)
    goal = max(scene.controls.placings(0), key=lambda p: (p.turns, p.at))      # one that needs turning
    while scene.controls.turns_of(0) != goal.turns:
        press(app, "kb1", "slap")
    walk_to(app, scene, 0, "kb1", hex_key(goal.at))
    ghost = scene.controls.ghost(0)
    assert ghost is not None and ghost.fits and scene.controls.preview(0) is not None
    take(app, "kb1")
    assert match.session.log[-1] == Place(0, goal.turns, goal.at[0], goal.at[1])
    settle(app, clock, scene)
    assert any(t < 1000 for _q, _r, _c, t in scene.shown.countries[0])
    assert scene.shown == scene.view


def test_the_u_turn_by_keyboard_flips_the_arrow():
    app, clock, match, scene = make([human("kb3"), BOT], seed=4)
    uturn = next(o for o in scene.controls.options(0) if o.uturn)
    walk_to(app, scene, 0, "kb3", space_key(uturn.space))
    take(app, "kb3")
    assert match.session.log[-1] == Move(0, uturn.k, True)
    assert scene.shown.clockwise[0] is True          # the arrow has not turned on the table yet
    settle(app, clock, scene)
    assert match.session.view(0).clockwise[0] is False
    assert scene.shown.clockwise[0] is False


def test_another_players_keys_do_not_act():
    app, clock, match, scene = make([human("kb1"), human("kb3")], seed=5)
    press(app, "kb3", "select")
    press(app, "kb3", "select")
    assert match.session.step == 0
    assert scene.toast is not None and "Wait" in scene.toast.text


def test_the_action_key_before_a_tile_is_held_says_so_and_does_nothing():
    app, clock, match, scene = make([human("kb1"), BOT], seed=5)
    press(app, "kb1", "slap")
    assert scene.toast is not None and "Take a tile first" in scene.toast.text
    assert scene.controls.turns_of(0) == 0 and match.session.step == 0


# -- the ghost and the buttons -------------------------------------------------------------------------

def test_the_ghost_shows_whether_the_tile_fits():
    app, clock, match, scene = make([human("kb1"), BOT], seed=6)
    to_place(app, clock, scene)
    land = next((q, r) for q, r, c, _t in scene.view.countries[0] if c != "sand")
    walk_to(app, scene, 0, "kb1", hex_key(land))         # on a LAND space: never fits
    ghost = scene.controls.ghost(0)
    assert ghost is not None and not ghost.fits and scene.controls.preview(0) is None
    press(app, "kb1", "select")
    assert len(match.session.log) == 1 and scene.toast is not None and "does not fit" in scene.toast.text
    spot = next(iter(scene.controls.placings(0)))
    while scene.controls.turns_of(0) != spot.turns:
        press(app, "kb1", "slap")
    walk_to(app, scene, 0, "kb1", hex_key(spot.at))
    ghost = scene.controls.ghost(0)
    assert ghost is not None and ghost.fits
    run(app, clock, 0.1)


def test_the_turn_and_scores_buttons_are_one_press_each():
    app, clock, match, scene = make([human("kb1"), BOT], seed=7)
    assert TURN not in {t.key for t in scene.targets(0)}      # nothing to turn before a tile is held
    to_place(app, clock, scene)
    walk_to(app, scene, 0, "kb1", TURN)
    press(app, "kb1", "select")
    assert scene.controls.turns_of(0) == 1
    walk_to(app, scene, 0, "kb1", SCORES)
    press(app, "kb1", "select")
    assert scene.sheet_open and len(match.session.log) == 1
    app.draw()
    press(app, "kb1", "back")
    assert not scene.sheet_open and focus_key(scene, 0) == SCORES
    app.stack.dispatch("handle_raw", pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
    assert scene.sheet_open
    press(app, "kb1", "slap")            # the Action key closes it too; the tile is not turned
    assert not scene.sheet_open and scene.controls.turns_of(0) == 1


def test_the_prompt_reads_out_the_facility_under_the_focus_or_the_pointer():
    def facility_on(space: int) -> str | None:
        tile = scene.view.ring[space]
        return LAND_TILES[tile].facility if tile >= 0 else None

    for seed in range(1, 40):
        app, clock, match, scene = make([human("kb1"), BOT], seed=seed)
        options = {o.space for o in scene.controls.options(0)}
        focusable = [s for s in options if facility_on(s)]
        elsewhere = [s for s in range(len(scene.view.ring)) if s not in options and facility_on(s)]
        if focusable and elsewhere:
            break
    else:
        pytest.skip("no seed with a facility among the first tiles and one further on")
    walk_to(app, scene, 0, "kb1", space_key(focusable[0]))
    facility = FACILITY_BY_KEY[facility_on(focusable[0]) or ""]
    assert scene.panels.facility_info() == f"{facility.name}: {facility.rule}"
    walk_to(app, scene, 0, "kb1", SCORES)
    assert scene.panels.facility_info() == ""
    hover(app, scene.layout.ring_tile_rect(elsewhere[0], len(scene.view.ring)).center)
    assert focus_key(scene, 0) == SCORES           # not a tile Red may take: the focus stays
    assert scene.panels.facility_info().startswith(FACILITY_BY_KEY[facility_on(elsewhere[0]) or ""].name)


# -- the mouse ---------------------------------------------------------------------------------------

def test_the_mouse_takes_a_tile_turns_it_with_the_wheel_and_lays_it_with_two_clicks_each():
    app, clock, match, scene = make([human("mouse"), BOT], seed=7)
    target = scene.controls.options(0)[-1]
    pos = scene.layout.ring_tile_rect(target.space, len(scene.view.ring)).center
    hover(app, pos)
    assert focus_key(scene, 0) == space_key(target.space)
    press(app, "mouse", "select", pos)
    assert match.session.step == 0
    assert "Click again" in scene.input.armed_words(0, scene.input.focused(0))
    press(app, "mouse", "select", pos)
    assert match.session.log[-1] == Move(0, target.k, target.uturn)
    settle(app, clock, scene)
    spots = sorted(scene.controls.placings(0), key=lambda p: (p.turns, p.at))
    goal = spots[len(spots) // 2]
    pos = scene.country_view(0, scene.view).hex_rect(goal.at).center
    hover(app, pos)
    assert focus_key(scene, 0) == hex_key(goal.at)
    for _ in range((goal.turns - scene.controls.turns_of(0)) % 6):
        app.stack.dispatch("handle_raw", pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert scene.controls.turns_of(0) == goal.turns
    press(app, "mouse", "select", pos)
    assert len(match.session.log) == 1
    press(app, "mouse", "back", pos)          # a right-click with a choice armed: disarms, does not turn
    assert scene.controls.turns_of(0) == goal.turns and scene.input.of(0).armed is None
    press(app, "mouse", "back", pos)          # with nothing armed: turns the tile
    assert scene.controls.turns_of(0) == (goal.turns + 1) % 6
    for _ in range(5):
        press(app, "mouse", "back", pos)
    press(app, "mouse", "select", pos)
    press(app, "mouse", "select", pos)
    assert match.session.log[-1] == Place(0, goal.turns, goal.at[0], goal.at[1])


# -- free building -------------------------------------------------------------------------------------

def test_free_building_lays_the_seven_sand_tiles():
    app, clock, match, scene = make([human("kb1"), BOT], seed=8, options={"country": "free"})
    assert scene.view.phase == "build"
    first = scene.controls.kind_for(0)
    press(app, "kb1", "back")             # another kind of SAND tile
    assert scene.controls.kind_for(0) != first
    for _ in range(7):
        ghost = scene.controls.ghost(0)
        assert ghost is not None and ghost.fits
        take(app, "kb1")
        assert isinstance(match.session.log[-1], Build)
        settle(app, clock, scene)
    assert len(match.session.view(0).countries[0]) == 42
    assert scene.shown == scene.view


# -- the score sheet -----------------------------------------------------------------------------------

def test_tab_shows_the_score_sheet_during_play():
    app, clock, match, scene = make([human("kb1"), BOT, BOT], seed=9, random_steps=20, until=seat0_moves)
    app.stack.dispatch("handle_raw", pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
    assert scene.sheet_open
    assert focus_key(scene, 0) == sheet_key(0, 0)       # the focus reads the sheet, from the player's column
    run(app, clock, 0.1)
    press(app, "kb1", "down")
    assert focus_key(scene, 0) == sheet_key(0, 1)
    press(app, "kb1", "right")
    assert focus_key(scene, 0) == sheet_key(1, 1)
    app.draw()                            # the line's reason under the sheet
    before = len(match.session.log)
    press(app, "kb1", "select")          # closes the sheet, moves nothing
    assert not scene.sheet_open and len(match.session.log) == before
    assert focus_key(scene, 0) == space_key(scene.controls.options(0)[0].space)    # back where it was


def test_the_mouse_opens_the_sheet_reads_it_by_hovering_and_a_click_beside_it_closes_it():
    app, clock, match, scene = make([human("mouse"), BOT], seed=9)
    button = scene.layout.button_rect(0).center
    hover(app, button)
    assert focus_key(scene, 0) == SCORES
    press(app, "mouse", "select", button)
    assert scene.sheet_open
    line = next(t for t in scene.targets(0) if t.key == sheet_key(1, 0))
    hover(app, line.rect.center)
    assert focus_key(scene, 0) == sheet_key(1, 0)
    app.draw()
    press(app, "mouse", "select", (10, 710))          # beside the sheet
    assert not scene.sheet_open and match.session.step == 0


# -- the move log --------------------------------------------------------------------------------------

def test_the_move_log_says_each_move_in_the_games_own_words():
    app, clock, match, scene = make([human("kb1"), BOT], seed=2)
    option = scene.controls.options(0)[0]
    tile, start = scene.view.ring[option.space], scene.view.arrows[0]
    take(app, "kb1")
    settle(app, clock, scene)
    event = ArrowMoved(0, start, option.space, option.k, option.uturn, tile)
    line = match.info.narrate(event)
    assert line is not None and line.startswith("Red takes the 1st tile: a")
    assert (line, 0) in scene.moves.lines


# -- whole games ---------------------------------------------------------------------------------------

def test_a_whole_game_through_the_scene_reaches_the_score_sheet():
    app, clock, match, scene = make([human("kb1"), BOT], seed=10)
    session = match.session
    for _ in range(400):
        settle(app, clock, scene)
        if session.outcome() is not None:
            break
        if 0 in session.to_act():
            before = session.step
            target = scene.input.focused(0)          # where the focus landed: a tile to take, a place it fits
            assert target is not None and target.action is not None
            with Recorder(session) as rec:
                take(app, "kb1")
            assert rec.actions == [target.action]
            take(app, "kb1")
            assert session.step > before
        else:
            run(app, clock, 0.2)
    assert session.outcome() is not None
    settle(app, clock, scene)
    assert scene.sheet_open
    assert [s.total for s in scene.sheets()] == list(session.view(0).scores)
    run(app, clock, 3.0)
    assert app.stack.top is scene          # the sheet waits for the player
    walk_to(app, scene, 0, "kb1", sheet_key(1, 2))      # its lines read by keys at the end too
    press(app, "kb1", "select")
    assert not scene.sheet_open
    run(app, clock, 2.0)
    assert app.stack.top is not scene      # on to the results
    rows = [match.info.result_line(session.view(None), seat) for seat in range(2)]
    assert all("point" in row for row in rows)


def test_hot_seat_needs_no_curtain_and_the_next_players_focus_waits_on_its_market():
    app, clock, match, scene = make([human("kb1"), human("kb3")], seed=3)
    to_place(app, clock, scene)
    take(app, "kb1")
    settle(app, clock, scene)
    assert match.session.to_act() == {1}
    assert scene.curtain_seat is None        # every seat sees the same: nothing to hide on one screen
    assert scene.actor() == 1
    assert focus_key(scene, 1) == space_key(scene.controls.options(1)[0].space)
    assert check_every_choice(app, scene, 1, "kb3") == len(scene.controls.options(1))
