"""The Kombo Klash! scene driven headless, continued: the mouse, the curtain between two humans and the
hands it hides, the scene's pieces (choices, the focus, the move log), and one whole game from the
main menu to the results."""
from __future__ import annotations

import random

import pygame
import pytest

from game.kombo_klash.actions import EndTurn, Place, Redraw, Score
from game.kombo_klash.events import Drew, HandDiscarded, Placed
from game.kombo_klash.scene import KomboKlashScene
from game.kombo_klash.scene.choices import Choices, KomboOption
from game.kombo_klash.scene.controls import (
    KEEP,
    hand_key,
    kombo_key,
    nearest,
    square_key,
)
from game.kombo_klash.view import Offer
from game.ui.routes import new_app
from game.ui.toolkit.app import STEP, App
from tests.focus_driver import focus_key, press, route
from tests.scene_doubles import Clock, FakeAudio, human, run

from .scene_support import (
    BOT,
    GAME,
    armed,
    find,
    in_play,
    legal,
    make,
    places,
    settle,
    with_kombos,
)


@pytest.fixture(autouse=True)
def _pygame(pygame_video):
    yield


# -- the mouse ---------------------------------------------------------------------------------------

def click(app: App, pos: tuple[int, int]) -> None:
    press(app, "mouse", "select", pos)


def test_the_mouse_keeps_the_hand_places_a_tile_and_ends_the_turn():
    app, clock, match, scene = make([human("mouse"), BOT], seed=3)
    layout = scene.layout
    click(app, layout.button_rect(0).center)                          # Keep this hand
    assert match.session.log == [Redraw(0, False)]
    settle(app, clock, scene)
    assert scene.mode(0) == "turn"
    hand = scene.view.hand
    index = next(i for i, c in enumerate(hand) if any(isinstance(a, Place) and a.creature == c for a in legal(match)))
    click(app, layout.hand_slot(index, len(hand)).center)
    assert scene.picked(0) == hand[index]
    square = next(sq for sq in places(match, hand[index], False) if scene.view.board[sq] is None)
    # hovering moves the focus: it shows what a click would do
    app.feed([pygame.event.Event(pygame.MOUSEMOTION, pos=layout.cell_rect(square).center, rel=(0, 0),
                                 buttons=(0, 0, 0))])
    assert focus_key(scene, 0) == square_key(square)
    click(app, layout.cell_rect(square).center)
    if scene.asking(0) is not None:
        click(app, layout.button_rect(1).center)                      # "No, just place it"
    assert match.session.log[-1] == Place(0, hand[index], square, False)
    settle(app, clock, scene)
    end = layout.button_rect(scene.buttons(0).index("End turn")).center
    click(app, end)
    assert not isinstance(match.session.log[-1], EndTurn), "End turn asks for a second click"
    click(app, end)
    assert match.session.log[-1] == EndTurn(0)
    assert "error" not in app.audio.played


def test_two_clicks_on_a_kombo_score_it():
    app, clock, match, scene = find([human("mouse"), BOT], with_kombos(1))
    _, squares, _ = scene.view.kombos[0]
    at = scene.layout.cell_rect(squares[0]).center
    click(app, at)
    assert match.session.log == [] or not isinstance(match.session.log[-1], Score)
    assert "Click again" in armed(scene)
    click(app, at)
    assert match.session.log[-1] == Score(0, squares)


def test_right_click_puts_the_picked_tile_back():
    app, clock, match, scene = find([human("mouse"), BOT], in_play)
    hand = scene.view.hand
    index = next(i for i, c in enumerate(hand) if any(isinstance(a, Place) and a.creature == c for a in legal(match)))
    click(app, scene.layout.hand_slot(index, len(hand)).center)
    assert scene.picked(0) == hand[index]
    press(app, "mouse", "back", (10, 10))
    assert scene.picked(0) is None


# -- hidden hands ------------------------------------------------------------------------------------

def test_the_curtain_hides_each_hand_until_its_player_presses_select():
    app, clock, match, scene = make([human("kb1"), human("kb2"), BOT])
    assert scene.curtain_seat == 0 and scene.shown_hand() == (None, ())
    press(app, "kb2", "select")                      # Blue cannot take Red's screen
    assert scene.curtain_seat == 0
    press(app, "kb1", "select")
    assert scene.curtain_seat is None and scene.shown_hand() == (0, match.session.view(0).hand)
    assert focus_key(scene, 0) == KEEP, "the player who takes the screen finds the focus on the prompt"
    press(app, "kb1", "select")                      # Red keeps the hand; Blue decides next
    settle(app, clock, scene)
    assert scene.curtain_seat == 1
    assert scene.shown_hand() == (None, ()) and scene.view.hand == ()
    press(app, "kb2", "select")
    assert scene.shown_hand() == (1, match.session.view(1).hand) and focus_key(scene, 1) == KEEP


def test_bots_hands_are_never_drawn_face_up_and_header_and_panel_agree_on_the_turn():
    for plans in ([human("kb1"), BOT, BOT], [human("kb1"), human("kb2"), BOT]):
        app, clock, match, scene = make(plans, seed=2)
        seen: list[int | None] = []
        rng = random.Random(2)
        for _ in range(400):
            if match.session.outcome() is not None or match.session.step > 40:
                break
            if scene.curtain_seat is not None:
                press(app, plans[scene.curtain_seat].device, "select")
            actor = scene.actor()
            if actor is not None and not scene.busy():
                options = legal(match, actor)
                ends = [a for a in options if isinstance(a, EndTurn)]
                scene.submit(ends[0] if ends and rng.random() < 0.5 else rng.choice(options))
            run(app, clock, 0.05)
            seat, _ = scene.shown_hand()
            seen.append(seat)
            who, _ = scene.caption()
            assert who == scene.prompt().seat or scene.prompt().seat < 0, "the header and the panel disagree"
        assert match.session.step > 10
        assert all(seat is None or seat in scene.policy.humans for seat in seen)
        bots = [s for s, p in enumerate(plans) if p.kind == "bot"]
        assert not any(seat in bots for seat in seen)
        pygame.quit()
        pygame.display.init()
        pygame.font.init()


# -- pieces ----------------------------------------------------------------------------------------

def test_choices_sort_the_legal_list():
    legal_list = [Place(0, "Kangaroo", 7, False), Place(0, "Wolf", 7, False), Place(0, "Wolf", 7, True),
                  Score(0, (1, 2, 3)), EndTurn(0)]
    offers: list[Offer] = [("Gorilla", (1, 2, 3), 9)]
    choices = Choices.of(0, legal_list, offers)
    assert choices.triggers("Kangaroo", 7) == (False,), "a Kangaroo with no kick is offered no trigger"
    assert choices.triggers("Wolf", 7) == (False, True)
    assert choices.kombos == [KomboOption("Gorilla", (1, 2, 3), 9)]
    assert choices.kombos[0].label == "3 Gorillas: +9" and choices.end_turn and not choices.redraw
    assert choices.kombos_on(2) == choices.kombos and choices.kombos_on(4) == []


def test_a_focus_lands_on_the_nearest_choice():
    targets = [0, 2, 10, 14]
    assert nearest(targets, 6) == 0 and nearest(targets, 9) == 14 and nearest(targets, 2) == 2
    assert nearest([], 6) is None


def test_the_move_log_says_each_move_in_the_games_own_words_and_never_names_a_drawn_tile():
    narrate = GAME.narrate
    assert narrate(Placed(0, "Wolf", 6, True)) == "Red plays Wolf on b2 (Howl)"
    assert narrate(Placed(1, "Snake", 0, True, yours=True)) == "Blue plays the Snake onto a1: Hypnotise"
    line = narrate(Drew(0, 2, ("Raven", "Wolf"), "refill"))
    assert line == "Red ends the turn and draws 2 tiles"
    assert narrate(Drew(0, 5, ("Wolf",) * 5, "deal")) is None
    # a redraw and a Scatter: one line each, from the draw (the discard before it says nothing more)
    assert narrate(HandDiscarded(2, 5, yours=True)) is None
    assert narrate(Drew(2, 5, (), "redraw")) == "Green redraws the starting hand"
    assert narrate(Drew(1, 3, (), "scatter")) == "Blue's Gorilla scatters the hand: draws 3 tiles"


# -- a whole game ------------------------------------------------------------------------------------

KEYS = {"kb1": {"up": "w", "left": "a", "down": "s", "right": "d", "slap": "q", "select": "e"},
        "kb2": {"up": "i", "left": "j", "down": "k", "right": "l", "slap": "u", "select": "o"}}


def key(app: App, clock: Clock, name: str) -> None:
    code = pygame.key.key_code(name)
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0),
              pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)])
    run(app, clock, 2 * STEP, draw=False)


def go(app: App, clock: Clock, scene: KomboKlashScene, seat: int, device: str, goal: object) -> None:
    """The zone's real keys, pressed until the seat's focus rests on `goal`."""
    path = route(scene, seat, goal)
    assert path is not None, f"{goal} cannot be reached by keys"
    for button in path:
        key(app, clock, KEYS[device][button])
    assert focus_key(scene, seat) == goal


def play_a_turn_by_keys(app: App, clock: Clock, scene: KomboKlashScene, device: str) -> None:
    """One decision of the acting player, made with that zone's keys: score a Kombo when there is
    one, else play the first playable tile (Howl always, other powers half the time), else end the
    turn. An ability's choice is made where the focus lands."""
    k = KEYS[device]
    seat = scene.actor()
    assert seat is not None
    mode = scene.mode(seat)
    view = scene.view
    options = scene.legal(seat)
    if mode == "redraw":
        key(app, clock, k["select"])                 # the focus is on Keep
        return
    if mode in ("kick", "revive"):
        key(app, clock, k["select"])                 # the tile to kick, or a first press on the revive
        key(app, clock, k["select"])
        return
    if mode == "swamp":
        key(app, clock, k["select"])
        key(app, clock, k["slap"])                   # to "just this one", then press it
        key(app, clock, k["slap"])
        return
    kombos = [a for a in options if isinstance(a, Score)]
    if kombos:
        go(app, clock, scene, seat, device, kombo_key(kombos[0].squares))
        key(app, clock, k["select"])
        key(app, clock, k["select"])
        return
    playable = [i for i, c in enumerate(view.hand) if any(isinstance(a, Place) and a.creature == c for a in options)]
    if playable and (view.played < 3 or not any(isinstance(a, EndTurn) for a in options)):
        creature = view.hand[playable[0]]
        go(app, clock, scene, seat, device, hand_key(playable[0]))
        key(app, clock, k["select"])                 # pick: the focus lands on a space for it
        target = scene.input.focused(seat)
        key(app, clock, k["select"])
        if target is not None and target.confirm:
            key(app, clock, k["select"])
        if scene.asking(seat) is not None:
            if not (creature == "Wolf" or scene.session.step % 2 == 0):
                key(app, clock, k["down"])           # "No, just place it"
            key(app, clock, k["select"])
        return
    key(app, clock, k["slap"])
    key(app, clock, k["slap"])


def test_two_humans_on_one_keyboard_play_a_whole_game_from_the_main_menu(tmp_path, monkeypatch):
    from game.ui.screens.menu import MainMenu
    from game.ui.screens.results import ResultsScene
    from game.ui.screens.setup import GameSetup, SeatOption
    from game.ui.toolkit.devices import InputRouter

    monkeypatch.setenv("KOMBO_ARCADE_CONFIG_DIR", str(tmp_path))
    clock = Clock()
    app = new_app(pygame.Surface((1280, 720)), clock=clock, audio=FakeAudio(), inputs=InputRouter())
    app.match_kwargs = {"inline_bots": True, "bot_think_time": 0.0}
    app.push(MainMenu(app))
    assert app.stack.top.menu.focused.label == "Kombo Klash!"
    key(app, clock, "e")                             # Red's keys choose the game
    setup = app.stack.top
    assert isinstance(setup, GameSetup) and setup.info.key == "kombo_klash"

    def focus(label: str) -> None:
        for _ in range(len(setup.menu.items) + 1):
            if getattr(setup.menu.focused, "label", "").startswith(label):
                return
            key(app, clock, "s")
        raise AssertionError(f"no row {label}")
    focus("Seat 2")
    for _ in range(12):
        if setup.seats[1] == SeatOption("human", "kb2"):
            break
        key(app, clock, "d")
    assert setup.seats[1] == SeatOption("human", "kb2")
    focus("Target")
    key(app, clock, "a")                             # standard -> quick
    assert setup.options["target"] == "quick"
    for _ in range(len(setup.menu.items)):
        if setup.menu.focused is setup.start_row:
            break
        key(app, clock, "s")
    key(app, clock, "e")                             # Start game
    scene = app.stack.top
    assert isinstance(scene, KomboKlashScene)
    match = scene.match
    assert [p.device for p in match.plans] == ["kb1", "kb2"]

    turns = curtains = 0
    for _ in range(20000):
        if isinstance(app.stack.top, ResultsScene):
            break
        session = match.session
        if app.stack.top is scene and not scene.busy() and session.outcome() is None:
            waiting = scene.curtain_seat
            if waiting is not None:
                assert scene.shown_hand() == (None, ()), "nothing private behind the curtain"
                key(app, clock, KEYS[match.plans[waiting].device]["select"])
                assert scene.curtain_seat is None and scene.shown_hand()[0] == waiting
                curtains += 1
                continue
            seat = scene.actor()
            if seat is not None:
                before = session.step
                play_a_turn_by_keys(app, clock, scene, match.plans[seat].device)
                assert session.step == before + 1, f"the keys made no move ({scene.mode(seat)}, {focus_key(scene, seat)})"
                turns += 1
        run(app, clock, 0.05, draw=turns % 10 == 0)
    assert isinstance(app.stack.top, ResultsScene), f"{turns} moves, {match.session.view(None).scores}"
    outcome = match.session.outcome()
    assert outcome is not None and max(outcome.scores) >= 50
    assert curtains >= 4, "the screen passed between Red and Blue behind the curtain"
    rows = [match.info.result_line(match.session.view(None), seat) for seat in range(2)]
    assert all(r.endswith("(target 50)") for r in rows)
    app.draw()
