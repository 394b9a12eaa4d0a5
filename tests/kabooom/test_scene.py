"""The Kabooom! scene driven headless by scripted Presses, as players would drive it, reading what a
player can see: the focus, the picked tower, the shown board, the messages, the move log."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.games import game_by_key
from game.kabooom.rules import CENTRE, Move, Pass, Place, Placed
from game.kabooom.scene import KabooomScene
from game.kabooom.scene.art import CounterArt, load_glyphs
from game.kabooom.scene.controls import PASS, square_key, tray_key
from game.kabooom.summary import points_text, result_line, towers_text
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.toolkit.app import STEP, App
from tests.focus_driver import check_every_choice, focus_key, press, walk_to
from tests.scene_doubles import Clock, FakeAudio, run


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


def make(plans: list[SeatPlan], difficulty: str = "easy", seed: int = 1):
    clock = Clock()
    app = new_app(pygame.Surface((1280, 720)), clock=clock, audio=FakeAudio())
    match = Match(game_by_key("kabooom"), len(plans), {"difficulty": difficulty}, tuple(plans), seed,
                  bot_think_time=0.0, inline_bots=True)
    scene = KabooomScene(app, match)
    app.push(scene)
    return app, clock, match, scene


def settle(app: App, clock: Clock, scene: KabooomScene, limit: float = 10.0) -> None:
    """Run until no animation is pending (bots may move meanwhile)."""
    t = 0.0
    run(app, clock, STEP * 2)
    while scene.busy() and t < limit:
        run(app, clock, 0.1, draw=False)
        t += 0.1


def walk(app: App, scene: KabooomScene, seat: int, device: str, square: int) -> None:
    walk_to(app, scene, seat, device, square_key(square))


def centre_of(scene: KabooomScene, square: int) -> tuple[int, int]:
    return scene.layout.cell_rect(square).center


def first_move(match: Match, seat: int = 0) -> Move:
    return next(a for a in match.session.legal_actions(seat) if isinstance(a, Move))


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
