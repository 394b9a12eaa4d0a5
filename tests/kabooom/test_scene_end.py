"""The Kabooom! scene driven headless, continued: its animations, the bots' moves shown one by one,
and the end of the game with its result lines."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.games import game_by_key
from game.kabooom.rules import CENTRE, Move, Pass, Placed
from game.kabooom.scene import KabooomScene
from game.kabooom.scene.art import CounterArt, load_glyphs
from game.kabooom.summary import points_text, result_line, towers_text
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.toolkit.app import STEP, App
from tests.focus_driver import press
from tests.scene_doubles import Clock, FakeAudio, run

from .scene_support import (
    first_move,
    make,
    settle,
    walk,
)


@pytest.fixture(autouse=True)
def _pygame(pygame_video):
    yield


# -- animations, bots, the end -------------------------------------------------------------------

def test_bot_moves_are_animated_and_attributed():
    app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("bot", level="easy")])
    press(app, "kb1", "slap")
    press(app, "kb1", "slap")                # Red passes; Blue (bot) moves next
    run(app, clock, 0.6)                     # the pass notice, then the bot's turn
    seen_caption = False
    for _ in range(80):
        caption = scene.caption()
        if caption is not None and caption[0] == 1:
            seen_caption = True
            break
        run(app, clock, STEP * 3)
    assert seen_caption
    assert match.session.step == 2
    assert any(line.startswith("Blue") for line, _ in scene.moves.lines)
    settle(app, clock, scene)
    assert scene.caption() is None and scene.shown == scene.view


def test_dynamite_explodes_with_effects_shake_and_sound():
    for seed in range(1, 60):
        app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("bot", level="easy")], seed=seed)
        board = scene.view.board
        moves = [a for a in match.session.legal_actions(0) if isinstance(a, Move) and board[a.src][-1][1] == "D"]
        if moves:
            break
        pygame.quit()
        pygame.display.init()
    else:
        pytest.skip("no seed with an opening Dynamite move")
    move = moves[0]
    walk(app, scene, 0, "kb1", move.src)
    press(app, "kb1", "select")
    assert move.dst in scene.controls.moves_from(0, move.src)
    app.draw()   # orange targets for Dynamite
    walk(app, scene, 0, "kb1", move.dst)
    press(app, "kb1", "select")
    assert match.session.log == [move]
    run(app, clock, 0.45)
    assert scene.effects, "an explosion effect is running"
    assert "explosion" in app.audio.played
    assert {move.src, move.dst} <= scene.hidden(), "both squares are empty during the blast"
    assert scene.shakes and scene.shakes[0].offset() != (0, 0), "the board shakes early in the blast"
    run(app, clock, 1.0)
    assert not scene.effects and not scene.shakes
    assert scene.shown.board[move.src] is None and scene.shown.board[move.dst] is None


def test_escape_pushes_the_pause_menu():
    from game.ui.screens.pause import PauseScene
    app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("bot", level="easy")])
    press(app, "kb1", "pause")
    assert isinstance(app.stack.top, PauseScene)
    app.draw()


def _play_my_turn(app: App, scene: KabooomScene, match: Match) -> None:
    """Seat 0's turn, played by presses: place on the first empty square, else move, else pass."""
    view = match.session.view(0)
    if view.phase == "place":
        target = next(sq for sq, st in enumerate(view.board) if st is None and sq != CENTRE)
        walk(app, scene, 0, "kb1", target)
        press(app, "kb1", "select")
        return
    moves = [a for a in match.session.legal_actions(0) if isinstance(a, Move)]
    if moves:
        move = moves[0]
        walk(app, scene, 0, "kb1", move.src)
        press(app, "kb1", "select")
        walk(app, scene, 0, "kb1", move.dst)
        press(app, "kb1", "select")
    else:
        press(app, "kb1", "slap")
        press(app, "kb1", "slap")


@pytest.mark.parametrize("difficulty", ["easy", "medium"])
def test_a_full_game_against_a_bot_ends_on_the_results_screen(difficulty):
    from game.ui.screens.results import ResultsScene
    app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("bot", level="easy")], difficulty, seed=5)
    mine = 0
    for _ in range(4000):
        if isinstance(app.stack.top, ResultsScene):
            break
        if 0 in match.session.to_act() and not scene.busy():
            before = match.session.step
            _play_my_turn(app, scene, match)
            assert match.session.step == before + 1, "each of my turns is made by presses"
            mine += 1
        run(app, clock, 0.05, draw=mine % 5 == 0)
    assert isinstance(app.stack.top, ResultsScene)
    assert match.session.outcome() is not None
    assert mine >= (12 if difficulty == "medium" else 1)
    assert all(a.seat == 0 for a in match.session.log[::2])   # Red acted on every one of its turns
    view = match.session.view(None)
    rows = [match.info.result_line(view, seat) for seat in range(2)]
    assert len(rows) == 2 and all("point" in r for r in rows)
    app.draw()


def test_result_rows_describe_towers_and_points():
    info = game_by_key("kabooom")
    engine = info.engine()
    view = engine.view(engine.new_game(info.make_config(3, {}), 1), None)
    line = result_line(view, 0)
    assert line == (f"{points_text(view.towers[0], view.difficulty)} points" if view.towers[0]
                    else f"No towers — {view.scores[0]} points")


def test_tower_heights_read_one_way_with_counts():
    assert towers_text([1] * 6) == "Towers: 1 (×6)"
    assert towers_text([2, 1, 1, 1, 1, 1]) == "Towers: 2, 1 (×5)"
    assert towers_text([1, 2, 1, 2]) == "Towers: 2 (×2), 1 (×2)"
    assert towers_text([]) == "No towers"
    from game.kabooom.rules_text import RULES
    assert f'"{towers_text([2, 3, 2, 2])}" means one tower of 3 and three towers of 2' in RULES


def test_counters_fall_back_to_drawn_symbols_without_the_pngs(tmp_path: Path):
    glyphs = load_glyphs(tmp_path / "missing")
    art = CounterArt(80, 6, glyphs)
    for owner in range(4):
        for symbol in "RPSD":
            surf = art.counter(owner, symbol)
            assert surf.get_size() == (80, 86)
    # symbols differ from each other: the fallback shapes are distinct
    centres = {s: pygame.image.tobytes(art.counter(0, s), "RGBA") for s in "RPSD"}
    assert len(set(centres.values())) == 4


def test_four_players_draw_with_every_panel_and_one_focus_per_keyboard():
    plans = [SeatPlan("human", "kb1"), SeatPlan("human", "kb2"), SeatPlan("bot", level="easy"),
             SeatPlan("human", "mouse")]
    app, clock, match, scene = make(plans, "medium")
    run(app, clock)
    assert scene.input.drawn_seats() == [0, 1]      # the mouse's focus shows once it hovers
    lines = scene.seat_lines()
    assert [line.seat for line in lines] == [0, 1, 2, 3] and lines[0].active


def test_backspace_from_any_keyboard_puts_down_the_acting_players_tower():
    # Backspace is a common key: the router sends it as kb1 whoever presses it
    app, clock, match, scene = make([SeatPlan("human", "kb3"), SeatPlan("bot", level="easy")])
    move = first_move(match)
    walk(app, scene, 0, "kb3", move.src)
    press(app, "kb3", "select")
    assert scene.picked(0) == move.src
    press(app, "kb1", "back")
    assert scene.picked(0) is None


def test_real_key_and_mouse_events_reach_the_scene_through_the_input_router():
    from game.ui.toolkit.devices import InputRouter
    app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("bot", level="easy")])
    app.inputs = InputRouter()
    start = scene.focused_square(0)
    assert start is not None
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d", scancode=0),
              pygame.event.Event(pygame.KEYUP, key=pygame.K_d, mod=0, unicode="d", scancode=0)])
    assert scene.focused_square(0) == start + 1
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q", scancode=0)] * 2)
    assert match.session.log == [Pass(0)]


def test_the_last_player_to_pass_is_warned_that_it_ends_the_game():
    app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("human", "kb3")])
    press(app, "kb1", "slap")
    press(app, "kb1", "slap")
    press(app, "kb3", "slap")
    assert "ends the game" in scene.input.armed_words(1, scene.input.focused(1))
    settle(app, clock, scene)
    assert "ends the game" in scene.action_panel().pass_label
    press(app, "kb3", "slap")
    assert match.session.outcome() is not None


def test_the_end_clears_stale_messages_and_the_board_can_be_seen_under_the_results():
    from game.ui.screens.results import ResultsScene
    app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("human", "kb3")])
    press(app, "kb3", "select")                   # out of turn: a word from the game
    assert scene.toast is not None
    for device in ("kb1", "kb1", "kb3", "kb3"):   # two passes in a row end the game
        press(app, device, "slap")
    assert match.session.outcome() is not None
    run(app, clock, 0.1)
    assert scene.toast is None, "the messages of the game in progress are gone once it has ended"
    settle(app, clock, scene)
    run(app, clock, 2.0)
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    results.menu.focus_on(next(i for i in results.menu.items if i.label == "See the board"))
    press(app, "kb1", "select")
    assert results.peeking
    before = pygame.image.tobytes(app.surface, "RGB")
    app.draw()
    peek = pygame.image.tobytes(app.surface, "RGB")
    press(app, "kb1", "up")                        # any key: the results again
    assert not results.peeking and app.stack.top is results
    app.draw()
    assert pygame.image.tobytes(app.surface, "RGB") != peek != before


def test_the_move_log_keeps_the_whole_game_and_scrolls_back():
    app, clock, match, scene = make([SeatPlan("bot", level="easy"), SeatPlan("bot", level="easy"),
                                     SeatPlan("bot", level="easy"), SeatPlan("bot", level="easy")])
    for _ in range(400):
        if len(scene.moves) >= 10:
            break
        run(app, clock, 0.1, draw=False)
    assert len(scene.moves) >= 10
    newest = scene.moves.lines[-4:]
    assert scene.action_panel().log == tuple(newest), "a whole round of four in view"
    assert scene.action_panel().log_earlier == len(scene.moves) - 4
    app.feed([pygame.event.Event(pygame.MOUSEMOTION, pos=scene.layout.log_box.center, rel=(0, 0),
                                 buttons=(0, 0, 0))])
    app.feed([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0)])
    assert scene.action_panel().log == tuple(scene.moves.lines[-6:-2])
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="", scancode=0)])
    assert scene.moves.back == 0
    app.draw()


def test_the_move_log_says_each_move_in_the_games_own_words():
    app, clock, match, scene = make([SeatPlan("human", "kb1"), SeatPlan("human", "kb3")], "medium")
    walk(app, scene, 0, "kb1", 0)
    press(app, "kb1", "select")
    settle(app, clock, scene)
    assert scene.moves.lines[-1] == ("Red places Rock on a1", 0)
    assert match.info.narrate(Placed(0, 0, "R")) == "Red places Rock on a1"   # the headless words too


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_centre_ring_shows_the_colours_of_the_seats_at_the_table(players):
    import math

    from game.ui.toolkit import theme
    plans = [SeatPlan("human", "kb1")] + [SeatPlan("bot", level="easy")] * (players - 1)
    app, clock, match, scene = make(plans)
    app.draw()
    cell = scene.layout.cell_rect(CENTRE)
    radius = (cell.w - 6) / 2 - 3
    seen = {app.surface.get_at((round(cell.centerx + radius * math.cos(a / 90 * math.pi)),
                                round(cell.centery + radius * math.sin(a / 90 * math.pi))))[:3] for a in range(180)}

    def near(colour):
        return any(sum(abs(p - q) for p, q in zip(pixel, colour)) < 40 for pixel in seen)

    assert [near(theme.seat_colour(s)) for s in range(4)] == [s < players for s in range(4)]


def test_presses_nobody_plays_with_never_reach_the_menu_under_the_game():
    from game.ui.screens.menu import MainMenu
    clock = Clock()
    app = new_app(pygame.Surface((1280, 720)), clock=clock, audio=FakeAudio())
    app.push(MainMenu(app))
    match = Match(game_by_key("kabooom"), 2, {"difficulty": "easy"},
                  (SeatPlan("human", "kb3"), SeatPlan("bot", level="easy")), 1, bot_think_time=0.0,
                  inline_bots=True)
    scene = KabooomScene(app, match)
    app.push(scene)
    for button in ("down", "select", "select", "slap"):
        press(app, "kb1", button)                 # Keys WASD: no seat plays with them
    assert list(app.stack)[-1] is scene and len(app.stack) == 2
