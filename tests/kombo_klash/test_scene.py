"""The Kombo Klash! scene driven headless by scripted Presses, as players drive it: keyboard zones,
the mouse, the curtain between two humans, and one whole game from the main menu to the results."""
from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest

from game.games import game_by_key
from game.kombo_klash.choices import Choices, trigger_prompt
from game.kombo_klash.rules import EndTurn, Kick, Place, Redraw, Revive, Score, Swamp
from game.kombo_klash.scene import KomboKlashScene, nearest, step_towards
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.toolkit.app import STEP, App
from game.ui.toolkit.input import Press
from tests.scene_doubles import Clock, FakeAudio, human, run

GAME = game_by_key("kombo_klash")


@pytest.fixture(autouse=True)
def _pygame(pygame_video):
    yield


BOT = SeatPlan("bot", level="easy")


def make(plans: list[SeatPlan], seed: int = 1, until: Callable[[Match], bool] | None = None,
         target: str = "quick") -> tuple[App, Clock, Match, KomboKlashScene]:
    """A match of these seats; with `until`, random moves of every seat first, up to a turn of
    seat 0 where `until(match)` holds (a position to test from). The scene opens after."""
    clock = Clock()
    app = new_app(pygame.Surface((1280, 720)), clock=clock, audio=FakeAudio())
    match = Match(GAME, len(plans), {"target": target}, tuple(plans), seed, bot_think_time=0.0, inline_bots=True)
    if until is not None:
        session, rng = match.session, random.Random(seed)
        for _ in range(600):
            if 0 in session.to_act() and until(match):
                break
            seat = min(session.to_act())
            legal = session.legal_actions(seat)
            # end turns now and then, so positions change hands
            ends = [a for a in legal if isinstance(a, EndTurn)]
            session.submit(ends[0] if ends and rng.random() < 0.3 else rng.choice(legal))
        else:
            pytest.skip("no such position in 600 random moves")
        session.poll()
    scene = KomboKlashScene(app, match)
    app.push(scene)
    run(app, clock)
    return app, clock, match, scene


def find(plans: list[SeatPlan], until: Callable[[Match], bool]) -> tuple[App, Clock, Match, KomboKlashScene]:
    for seed in range(1, 60):
        try:
            return make(plans, seed, until)
        except pytest.skip.Exception:
            pygame.quit()
            pygame.display.init()
            pygame.font.init()
    pytest.skip("no seed reaches the position")


def settle(app: App, clock: Clock, scene: KomboKlashScene, limit: float = 20.0) -> None:
    t = 0.0
    run(app, clock, STEP * 2)
    while (scene.busy() or scene.effects_running()) and t < limit:
        run(app, clock, 0.1, draw=False)
        t += 0.1
    app.draw()


def press(app: App, device: str, button: str, pos: tuple[int, int] | None = None) -> None:
    app.stack.dispatch("handle", Press(device, button, 0.0, pos))


def legal(match: Match, seat: int = 0) -> list:
    return match.session.legal_actions(seat)


def in_play(match: Match) -> bool:
    view = match.session.view(0)
    return view["phase"] == "play" and not view["pending"]


def can_place(creature: str, trigger: bool) -> Callable[[Match], bool]:
    return lambda m: in_play(m) and any(isinstance(a, Place) and a.creature == creature and a.trigger == trigger
                                        for a in legal(m))


def pending(ability: str, enough: int = 1) -> Callable[[Match], bool]:
    """A position where seat 0 may trigger the ability; the test then places the tile itself."""
    creature = {"kick": "Kangaroo", "swamp": "Alligator", "revive": "Vulture"}[ability]

    def holds(m: Match) -> bool:
        view = m.session.view(0)
        if not can_place(creature, True)(m):
            return False
        if ability == "swamp":
            return sum(1 for b in view["board"] if b not in (None, "?")) >= enough + 1
        return True
    return holds


# -- the keyboard ----------------------------------------------------------------------------------

def test_the_redraw_prompt_comes_first_and_the_keys_choose():
    app, clock, match, scene = make([human("kb1"), BOT])
    assert scene.mode() == "redraw" and scene.ui.focus == "buttons"
    assert [c.button.label for c in scene.controls()] == ["Keep this hand", "Redraw (once)"]
    assert scene.shown_hand() == (0, tuple(match.session.view(0)["hand"]))
    press(app, "kb1", "down")
    press(app, "kb1", "select")
    assert match.session.log == [Redraw(0, True)]
    settle(app, clock, scene)
    assert "Redraw" not in [c.button.label for c in scene.controls()]


def test_keyboard_places_a_wolf_and_answers_the_howl_prompt():
    app, clock, match, scene = find([human("kb1"), BOT], can_place("Wolf", True))
    hand = list(scene.view["hand"])
    for _ in range(hand.index("Wolf")):
        press(app, "kb1", "right")
    press(app, "kb1", "select")                      # pick the Wolf: the cursor jumps to the board
    assert scene.picked_creature() == "Wolf" and scene.ui.focus == "board"
    targets = scene.board_targets()
    assert scene.ui.square in targets
    press(app, "kb1", "right")                       # arrows hop between legal spaces only
    assert scene.ui.square in targets
    square = scene.ui.square
    before = match.session.step
    press(app, "kb1", "select")
    assert scene.ui.prompt == "trigger" and match.session.step == before, "the Howl is asked first"
    points = len(hand) - 1
    assert [c.button.label for c in scene.controls()] == [trigger_prompt("Wolf", points).yes, "No, just place it"]
    assert scene.prompt_text()[0] == f"Trigger Howl? (+{points} points)"
    score = match.session.view(0)["scores"][0]
    press(app, "kb1", "select")
    assert match.session.log[-1] == Place(0, "Wolf", square, True)
    settle(app, clock, scene)
    assert scene.table.scores[0] == score + points == match.session.view(0)["scores"][0]
    assert scene.table.board[square] == "Wolf"
    assert any("howls" in line for line, _ in scene.moves.lines)


def test_back_puts_a_picked_tile_back_and_a_trigger_prompt_can_be_cancelled():
    app, clock, match, scene = find([human("kb1"), BOT], can_place("Wolf", True))
    scene.ui.hand_index = list(scene.view["hand"]).index("Wolf")
    before = match.session.step
    press(app, "kb1", "select")
    press(app, "kb1", "select")
    assert scene.ui.prompt == "trigger"
    press(app, "kb1", "back")
    assert scene.ui.prompt == "" and scene.ui.focus == "board" and scene.picked_creature() == "Wolf"
    press(app, "kb1", "back")
    assert scene.picked_creature() is None and scene.ui.focus == "hand"
    assert match.session.step == before, "nothing was played"


def test_a_tile_with_one_choice_is_placed_at_once():
    # a Snake on an empty space has no ability: no prompt, placed without a trigger
    app, clock, match, scene = find([human("kb1"), BOT], can_place("Snake", False))
    scene.ui.hand_index = list(scene.view["hand"]).index("Snake")
    press(app, "kb1", "select")
    empty = [sq for sq in scene.board_targets() if scene.view["board"][sq] is None]
    scene.ui.square = empty[0]
    press(app, "kb1", "select")
    assert match.session.log[-1] == Place(0, "Snake", empty[0], False)


def test_a_snake_on_a_face_up_tile_hypnotises_and_the_tile_comes_to_hand():
    app, clock, match, scene = find([human("kb1"), BOT], can_place("Snake", True))
    scene.ui.hand_index = list(scene.view["hand"]).index("Snake")
    press(app, "kb1", "select")
    covered = [sq for sq in scene.board_targets() if scene.view["board"][sq] not in (None, "?")]
    assert covered, "face-up tiles are targets for the Snake too"
    taken = scene.view["board"][covered[0]]
    scene.ui.square = covered[0]
    press(app, "kb1", "select")
    assert match.session.log[-1] == Place(0, "Snake", covered[0], True)
    settle(app, clock, scene)
    assert scene.table.board[covered[0]] == "Snake" and taken in scene.table.hand


def test_a_kombo_is_scored_in_one_action_from_the_button_row():
    app, clock, match, scene = find([human("kb1"), BOT],
                                    lambda m: in_play(m) and bool(m.session.view(0)["kombos"])
                                    and not m.session.view(0)["scored"])
    view = match.session.view(0)
    before, score = match.session.step, view["scores"][0]
    press(app, "kb1", "up")                          # up from the hand: the buttons
    assert scene.ui.focus == "buttons" and scene.ui.button == 0
    label = scene.controls()[0].button.label
    press(app, "kb1", "select")
    if len(view["kombos"]) > 1:
        assert label.startswith("Score a Kombo") and scene.ui.prompt == "kombos"
        press(app, "kb1", "select")
    else:
        assert label == f"Score Kombo (+{view['kombos'][0][2]})"
    assert match.session.step == before + 1
    action = match.session.log[-1]
    assert isinstance(action, Score)
    points = next(k[2] for k in view["kombos"] if tuple(k[1]) == action.squares)
    settle(app, clock, scene)
    assert scene.table.scores[0] == score + points
    assert all(scene.table.board[sq] == "?" for sq in action.squares), "a scored Kombo lies face down"


def test_the_slap_key_ends_the_turn_and_warns_once_about_a_waiting_kombo():
    app, clock, match, scene = find([human("kb1"), BOT],
                                    lambda m: in_play(m) and any(isinstance(a, EndTurn) for a in legal(m)))
    kombo = any(isinstance(a, Score) for a in legal(match))
    press(app, "kb1", "slap")
    if kombo:
        assert not isinstance(match.session.log[-1], EndTurn) and "again" in scene.toast.text
        press(app, "kb1", "slap")
    assert match.session.log[-1] == EndTurn(0)


@pytest.mark.parametrize("ability", ["kick", "swamp", "revive"])
def test_ability_choices_are_made_on_the_board(ability):
    app, clock, match, scene = find([human("kb1"), BOT], pending(ability, 2))
    creature = {"kick": "Kangaroo", "swamp": "Alligator", "revive": "Vulture"}[ability]
    place = next(a for a in legal(match) if isinstance(a, Place) and a.creature == creature and a.trigger)
    scene.ui.hand_index = list(scene.view["hand"]).index(creature)
    press(app, "kb1", "select")
    scene.ui.square = place.square
    press(app, "kb1", "select")                      # the trigger prompt: yes is first
    press(app, "kb1", "select")
    assert match.session.log[-1] == place and scene.mode() == ability
    assert scene.ui.focus == "board" and scene.ui.square in scene.board_targets()
    if ability == "kick":
        src = scene.ui.square
        press(app, "kb1", "select")
        assert scene.ui.kick_src == src and scene.ui.square in scene.board_targets()
        dst = scene.ui.square
        press(app, "kb1", "select")
        assert match.session.log[-1] == Kick(0, src, dst)
    elif ability == "swamp":
        first = scene.ui.square
        press(app, "kb1", "select")
        assert scene.ui.swamp == [first] and scene.controls()[0].button.label == "Swamp just this one (+1)"
        others = [sq for sq in scene.board_targets() if sq != first]
        scene.ui.square = others[0]
        press(app, "kb1", "select")                  # a second tile swamps both at once
        assert match.session.log[-1] == Swamp(0, tuple(sorted((first, others[0]))))
    else:
        square = scene.ui.square
        press(app, "kb1", "select")
        assert match.session.log[-1] == Revive(0, square)
    settle(app, clock, scene)
    assert scene.table.board == list(match.session.view(0)["board"])


def test_another_seats_keys_are_refused_politely():
    app, clock, match, scene = make([human("kb1"), human("kb3")])
    press(app, "kb1", "select")                      # Red takes the screen
    press(app, "kb3", "select")
    assert match.session.step == 0 and "Red" in scene.toast.text


# -- the mouse ---------------------------------------------------------------------------------------

def test_the_mouse_keeps_the_hand_places_a_tile_and_ends_the_turn():
    app, clock, match, scene = make([human("mouse"), BOT], seed=3)
    layout = scene.layout
    press(app, "mouse", "select", layout.button_rect(0).center)          # Keep this hand
    assert match.session.log == [Redraw(0, False)]
    settle(app, clock, scene)
    assert scene.mode() == "turn"
    hand = list(scene.view["hand"])
    choices = scene.choices(0)
    index = next(i for i, c in enumerate(hand) if choices.targets(c))
    press(app, "mouse", "select", layout.hand_slot(index, len(hand)).center)
    assert scene.picked_creature() == hand[index]
    square = choices.targets(hand[index])[0]
    # hovering shows what a click would do: the square is the aim
    app.feed([pygame.event.Event(pygame.MOUSEMOTION, pos=layout.cell_rect(square).center, rel=(0, 0),
                                 buttons=(0, 0, 0))])
    assert scene.hover == ("square", square) and scene._aim() == square
    press(app, "mouse", "select", layout.cell_rect(square).center)
    if scene.ui.prompt == "trigger":
        press(app, "mouse", "select", layout.button_rect(1).center)      # "No, just place it"
        assert match.session.log[-1] == Place(0, hand[index], square, False)
    assert isinstance(match.session.log[-1], Place) and match.session.log[-1].square == square
    settle(app, clock, scene)
    end = next(i for i, c in enumerate(scene.controls()) if c.button.label.startswith("End turn"))
    press(app, "mouse", "select", layout.button_rect(end).center)
    if not isinstance(match.session.log[-1], EndTurn):                   # a Kombo was waiting
        press(app, "mouse", "select", layout.button_rect(end).center)
    assert match.session.log[-1] == EndTurn(0)
    assert "error" not in app.audio.played


def test_a_click_on_a_kombo_scores_it():
    app, clock, match, scene = find([human("mouse"), BOT],
                                    lambda m: in_play(m) and len(m.session.view(0)["kombos"]) == 1
                                    and not m.session.view(0)["scored"])
    _, squares, points = scene.view["kombos"][0]
    press(app, "mouse", "select", scene.layout.cell_rect(squares[0]).center)
    assert match.session.log[-1] == Score(0, tuple(squares))


def test_right_click_puts_the_picked_tile_back():
    app, clock, match, scene = find([human("mouse"), BOT], in_play)
    hand = list(scene.view["hand"])
    press(app, "mouse", "select", scene.layout.hand_slot(0, len(hand)).center)
    assert scene.ui.picked == 0
    press(app, "mouse", "back", (10, 10))
    assert scene.ui.picked == -1


# -- hidden hands ------------------------------------------------------------------------------------

def test_the_curtain_hides_each_hand_until_its_player_presses_select():
    app, clock, match, scene = make([human("kb1"), human("kb2"), BOT])
    assert scene.curtain_seat == 0 and scene.shown_hand() == (None, ())
    press(app, "kb2", "select")                      # Blue cannot take Red's screen
    assert scene.curtain_seat == 0
    press(app, "kb1", "select")
    assert scene.curtain_seat is None and scene.shown_hand() == (0, tuple(match.session.view(0)["hand"]))
    press(app, "kb1", "select")                      # Red keeps the hand; Blue decides next
    settle(app, clock, scene)
    assert scene.curtain_seat == 1
    assert scene.shown_hand() == (None, ()) and scene.view["hand"] == []
    press(app, "kb2", "select")
    assert scene.shown_hand() == (1, tuple(match.session.view(1)["hand"]))


def test_bots_hands_are_never_drawn_face_up():
    for plans in ([human("kb1"), BOT, BOT], [human("kb1"), human("kb2"), BOT]):
        app, clock, match, scene = make(plans, seed=2)
        shown: list[tuple[int | None, tuple[str, ...]]] = []
        original = scene.shown_hand

        def spy(original=original) -> tuple[int | None, tuple[str, ...]]:
            result = original()
            shown.append(result)
            return result
        scene.shown_hand = spy                       # type: ignore[method-assign]
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
        assert match.session.step > 10
        assert shown and all(seat is None or seat in scene.policy.humans for seat, _ in shown)
        bots = [s for s, p in enumerate(plans) if p.kind == "bot"]
        assert not any(seat in bots for seat, _ in shown)
        pygame.quit()
        pygame.display.init()
        pygame.font.init()


# -- pieces ----------------------------------------------------------------------------------------

def test_choices_sort_the_legal_list():
    legal_list = [Place(0, "Kangaroo", 7, False), Place(0, "Wolf", 7, False), Place(0, "Wolf", 7, True),
                  Score(0, (1, 2, 3)), EndTurn(0)]
    choices = Choices.of(0, legal_list, {(1, 2, 3): ("Gorilla", 9)})
    assert choices.triggers("Kangaroo", 7) == (False,), "a Kangaroo with no kick is offered no trigger"
    assert choices.triggers("Wolf", 7) == (False, True)
    assert choices.kombos[0].label == "3 Gorillas: +9" and choices.end_turn and not choices.redraw


def test_the_cursor_hops_between_targets():
    targets = [0, 2, 10, 14]
    assert nearest(targets, 6) == 0
    assert step_towards(targets, 0, (0, 1)) == 2
    assert step_towards(targets, 2, (0, 1)) == 14
    assert step_towards(targets, 2, (-1, 0)) == 2, "nothing above: the cursor stays"


# -- a whole game ------------------------------------------------------------------------------------

KEYS = {"kb1": {"up": "w", "left": "a", "down": "s", "right": "d", "slap": "q", "select": "e"},
        "kb2": {"up": "i", "left": "j", "down": "k", "right": "l", "slap": "u", "select": "o"}}


def key(app: App, clock: Clock, name: str) -> None:
    code = pygame.key.key_code(name)
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0),
              pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)])
    run(app, clock, 2 * STEP, draw=False)


def play_a_turn_by_keys(app: App, clock: Clock, scene: KomboKlashScene, device: str) -> None:
    """One decision of the acting player, made with that zone's keys: score a Kombo when there is
    one, else play the leftmost playable tile (Howl always, other powers half the time), else end
    the turn."""
    k = KEYS[device]
    seat = scene.actor()
    assert seat is not None
    mode = scene.mode()
    view = scene.view
    if mode == "redraw":
        key(app, clock, k["select"])                 # keep
        return
    if mode in ("kick", "revive"):
        key(app, clock, k["select"])
        if mode == "kick":
            key(app, clock, k["select"])
        return
    if mode == "swamp":
        key(app, clock, k["select"])
        key(app, clock, k["slap"])                   # just this one
        return
    choices = scene.choices(seat)
    if choices.kombos:
        key(app, clock, k["up"])
        key(app, clock, k["select"])
        if scene.ui.prompt == "kombos":
            key(app, clock, k["select"])
        return
    hand = list(view["hand"])
    playable = [i for i, c in enumerate(hand) if choices.targets(c)]
    if playable and (view["played"] < 3 or not choices.end_turn):
        for _ in range(len(hand)):
            key(app, clock, k["left"])
        for _ in range(playable[0]):
            key(app, clock, k["right"])
        key(app, clock, k["select"])
        key(app, clock, k["select"])
        if scene.ui.prompt == "trigger":
            yes = hand[playable[0]] == "Wolf" or scene.session.step % 2 == 0
            if not yes:
                key(app, clock, k["down"])
            key(app, clock, k["select"])
        return
    key(app, clock, k["slap"])
    if not isinstance(scene.session.log[-1] if scene.session.log else None, EndTurn) and scene.ui.end_armed >= 0:
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
                assert session.step == before + 1, f"the keys made no move ({scene.mode()}, {scene.ui})"
                turns += 1
        run(app, clock, 0.05, draw=turns % 10 == 0)
    assert isinstance(app.stack.top, ResultsScene), f"{turns} moves, {match.session.view(None)['scores']}"
    outcome = match.session.outcome()
    assert outcome is not None and max(outcome.scores) >= 50
    assert curtains >= 4, "the screen passed between Red and Blue behind the curtain"
    rows = [match.info.result_line(match.session.view(None), seat) for seat in range(2)]
    assert all(r.endswith("(target 50)") for r in rows)
    app.draw()
