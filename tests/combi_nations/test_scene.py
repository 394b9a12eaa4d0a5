"""The Combi-Nations scene driven headless by scripted Presses, as players drive it: the keyboard
(choosing a tile on the ring, the U-turn, moving the ghost, turning it, laying it), the mouse (click a
tile, hover, wheel, click a hex), the ghost's fit, free building, and whole games to the score sheet."""
from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable

import pygame
import pytest

from game.combi_nations import GAME
from game.combi_nations.country import country_from_view, tiles_ahead
from game.combi_nations.layout import ring_point
from game.combi_nations.rules import Build, Move, Place
from game.combi_nations.scene import DIRS, CombiNationsScene
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.toolkit.app import STEP, App
from game.ui.toolkit.input import Press
from tests.scene_doubles import Clock, FakeAudio, human, run


@pytest.fixture(autouse=True)
def _pygame(pygame_video):
    yield


BOT = SeatPlan("bot", level="easy")


def make(plans: list[SeatPlan], seed: int = 1, random_steps: int = 0, options: dict[str, str] | None = None,
         until: Callable[[Match], bool] | None = None) -> tuple[App, Clock, Match, CombiNationsScene]:
    """A match of these seats after `random_steps` random legal actions (then, with `until`, more
    up to a turn of seat 0 where it holds); the scene opens after."""
    clock = Clock()
    app = new_app(pygame.Surface((1280, 720)), clock=clock, audio=FakeAudio())
    opts = GAME.default_options()
    opts.update(options or {})
    match = Match(GAME, len(plans), opts, tuple(plans), seed, bot_think_time=0.0, inline_bots=True)
    session, rng = match.session, random.Random(seed)
    for i in range(400):
        if session.outcome() is not None:
            break
        if i >= random_steps and (until is None or (0 in session.to_act() and until(match))):
            break
        seat = min(session.to_act())
        session.submit(rng.choice(session.legal_actions(seat)))
    else:
        pytest.skip("no such position")
    session.poll()
    scene = CombiNationsScene(app, match)
    app.push(scene)
    settle(app, clock, scene)
    return app, clock, match, scene


def settle(app: App, clock: Clock, scene: CombiNationsScene, limit: float = 30.0) -> None:
    t = 0.0
    run(app, clock, STEP * 2)
    while scene.busy() and t < limit:
        run(app, clock, 0.1, draw=False)
        t += 0.1
    app.draw()


def press(app: App, device: str, button: str, pos: tuple[int, int] | None = None) -> None:
    app.stack.dispatch("handle", Press(device, button, 0.0, pos))


def seat0_moves(m: Match) -> bool:
    return m.session.view(0)["phase"] == "move"


def steer(app: App, clock: Clock, scene: CombiNationsScene, device: str, turns: int, at: tuple[int, int]) -> None:
    """Turn the ghost with the slap key and walk the cursor with the direction keys to `at`."""
    for _ in range(6):
        if scene.ui.turns == turns:
            break
        press(app, device, "slap")
    assert scene.ui.turns == turns
    # the shortest walk of direction keys (a greedy one can circle on a hex grid); a hex the keys
    # cannot reach at all would be a dead end for a keyboard player
    start = scene.ui.cursor
    came: dict = {start: None}
    todo = deque([start])
    while todo and at not in came:
        here = todo.popleft()
        for name, vec in DIRS.items():
            there = scene.step_cursor(here, vec)
            if there not in came:
                came[there] = (here, name)
                todo.append(there)
    assert at in came, f"the direction keys cannot reach {at}"
    keys: list[str] = []
    node = at
    while came[node] is not None:
        node, name = came[node]
        keys.append(name)
    for name in reversed(keys):
        press(app, device, name)
        run(app, clock, STEP, draw=False)
    assert scene.ui.cursor == at


# -- opening ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_the_scene_opens_mid_game_and_draws(players):
    plans = [human("kb1")] + [BOT] * (players - 1)
    app, clock, match, scene = make(plans, seed=players, random_steps=6 * players)
    view = match.session.view(0)
    assert len(scene.shown.arrows) == (2 if players == 1 else players)
    assert len(scene.shown.ring) == len(view["ring"])
    run(app, clock, 0.3)
    # the picture is drawn: the big country's panel holds hexes in the LAND colours
    surface = app.surface
    assert surface.get_at((640, 300))[:3] != (0, 0, 0)
    if view["phase"] == "move" and 0 in match.session.to_act():
        assert scene.options()


def test_the_reachable_tiles_mirror_the_engines_moves():
    app, clock, match, scene = make([human("kb1"), BOT, BOT], seed=3, random_steps=12, until=seat0_moves)
    options = scene.options()
    moves = [a for a in match.session.legal_actions(0) if isinstance(a, Move)]
    assert sorted((o.k, o.uturn) for o in options) == sorted((m.k, m.uturn) for m in moves)
    view = match.session.view(0)
    ahead = tiles_ahead(list(view["ring"]), view["arrows"][0], view["clockwise"][0],
                        country_from_view(view["countries"][0]))
    assert [o.space for o in options if not o.uturn] == ahead


# -- the keyboard ----------------------------------------------------------------------------------

def test_the_keyboard_moves_the_arrow_then_turns_and_lays_the_tile():
    app, clock, match, scene = make([human("kb1"), BOT], seed=2)
    options = scene.options()
    assert options and scene.mode() == "move"
    press(app, "kb1", "right")          # the 2nd option
    target = options[1]
    press(app, "kb1", "select")
    assert match.session.log[-1] == Move(0, target.k, target.uturn)
    settle(app, clock, scene)
    assert scene.mode() == "place"
    spots = scene.placings()
    goal = max(spots, key=lambda p: (p.turns, p.at))      # one that needs turning
    steer(app, clock, scene, "kb1", goal.turns, goal.at)
    ghost = scene.ghost()
    assert ghost is not None and ghost[1]
    assert scene.preview() is not None
    press(app, "kb1", "select")
    assert match.session.log[-1] == Place(0, goal.turns, goal.at[0], goal.at[1])
    settle(app, clock, scene)
    held = match.session.log[-2]
    assert isinstance(held, Move)
    country = match.session.view(0)["countries"][0]
    assert any(int(t) < 1000 for _q, _r, _c, t in country)


def test_the_u_turn_by_keyboard_flips_the_arrow():
    app, clock, match, scene = make([human("kb3"), BOT], seed=4)
    options = scene.options()
    uturns = [i for i, o in enumerate(options) if o.uturn]
    assert uturns
    for _ in range(uturns[0]):
        press(app, "kb3", "down")
    press(app, "kb3", "select")
    assert match.session.log[-1] == Move(0, 1, True)
    settle(app, clock, scene)
    assert match.session.view(0)["clockwise"][0] is False
    assert scene.shown.clockwise[0] is False


def test_another_players_keys_do_not_act():
    app, clock, match, scene = make([human("kb1"), human("kb3")], seed=5)
    before = len(match.session.log)
    press(app, "kb3", "select")
    assert len(match.session.log) == before


# -- the ghost ----------------------------------------------------------------------------------------

def test_the_ghost_shows_whether_the_tile_fits():
    app, clock, match, scene = make([human("kb1"), BOT], seed=6)
    press(app, "kb1", "select")
    settle(app, clock, scene)
    assert scene.mode() == "place"
    view = match.session.view(0)
    land = next((int(q), int(r)) for q, r, c, _t in view["countries"][0] if c != "sand")
    scene.ui.cursor = land                   # on a LAND space: never fits
    ghost = scene.ghost()
    assert ghost is not None and not ghost[1]
    before = len(match.session.log)
    press(app, "kb1", "select")
    assert len(match.session.log) == before and scene.toast is not None
    spot = scene.placings()[0]
    scene.ui.cursor, scene.ui.turns = spot.at, spot.turns
    ghost = scene.ghost()
    assert ghost is not None and ghost[1]
    run(app, clock, 0.1)


# -- the mouse ---------------------------------------------------------------------------------------

def test_the_mouse_clicks_a_tile_turns_it_with_the_wheel_and_lays_it():
    app, clock, match, scene = make([human("mouse"), BOT], seed=7)
    options = scene.options()
    target = options[-1]
    size = len(scene.shown.ring)
    x, y = ring_point(target.space, size)
    press(app, "mouse", "select", (round(x), round(y)))
    assert match.session.log[-1] == Move(0, target.k, target.uturn)
    settle(app, clock, scene)
    spots = scene.placings()
    goal = spots[len(spots) // 2]
    view = scene.country_view(0)
    pos = tuple(round(c) for c in view.centre(goal.at))
    app.stack.dispatch("handle_raw", pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.hover_hex == goal.at
    for _ in range((goal.turns - scene.ui.turns) % 6):
        app.stack.dispatch("handle_raw", pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert scene.ui.turns == goal.turns
    press(app, "mouse", "select", pos)
    assert match.session.log[-1] == Place(0, goal.turns, goal.at[0], goal.at[1])


# -- free building -------------------------------------------------------------------------------------

def test_free_building_lays_the_seven_sand_tiles():
    app, clock, match, scene = make([human("kb1"), BOT], seed=8, options={"country": "free"})
    assert scene.mode() == "build"
    press(app, "kb1", "back")             # another kind of SAND tile
    for _ in range(7):
        ghost = scene.ghost()
        assert ghost is not None and ghost[1]
        press(app, "kb1", "select")
        assert isinstance(match.session.log[-1], Build)
        settle(app, clock, scene)
    assert len(match.session.view(0)["countries"][0]) == 42


# -- the score sheet -----------------------------------------------------------------------------------

def test_tab_shows_the_score_sheet_during_play():
    app, clock, match, scene = make([human("kb1"), BOT, BOT], seed=9, random_steps=20, until=seat0_moves)
    app.stack.dispatch("handle_raw", pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
    assert scene.sheet_open
    run(app, clock, 0.1)
    press(app, "kb1", "down")
    assert scene.sheet.row == 1
    before = len(match.session.log)
    press(app, "kb1", "select")          # closes the sheet, moves nothing
    assert not scene.sheet_open and len(match.session.log) == before


def test_a_whole_game_through_the_scene_reaches_the_score_sheet():
    app, clock, match, scene = make([human("kb1"), BOT], seed=10)
    session = match.session
    for _ in range(400):
        settle(app, clock, scene)
        if session.outcome() is not None:
            break
        mode = scene.mode()
        if mode == "move":
            press(app, "kb1", "select")
        elif mode == "place":
            spot = scene.placings()[0]
            steer(app, clock, scene, "kb1", spot.turns, spot.at)
            press(app, "kb1", "select")
        else:
            run(app, clock, 0.2)
    assert session.outcome() is not None
    settle(app, clock, scene)
    assert scene.sheet_open
    sheets = scene.sheets()
    assert [s.total for s in sheets] == list(session.view(0)["scores"])
    run(app, clock, 3.0)
    assert app.stack.top is scene          # the sheet waits for the player
    press(app, "kb1", "select")
    assert not scene.sheet_open
    run(app, clock, 2.0)
    assert app.stack.top is not scene      # on to the results
