"""The Kombo Klash! scene driven headless by scripted presses, as players drive it: keyboard zones,
the mouse, the curtain between two humans, and one whole game from the main menu to the results.
Tests read what a player can see: the focus and what it would do, the picked tile, the panel's
buttons and words, the shown table, the messages and the move log."""
from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest

from game.games import game_by_key
from game.kombo_klash.actions import EndTurn, Kick, Place, Redraw, Revive, Score, Swamp
from game.kombo_klash.events import Drew, HandDiscarded, Placed
from game.kombo_klash.scene import KomboKlashScene
from game.kombo_klash.scene.choices import Choices, KomboOption, trigger_prompt
from game.kombo_klash.scene.controls import (
    END,
    KEEP,
    REDRAW_BUTTON,
    SWAMP_ONE,
    YES,
    hand_key,
    kombo_key,
    nearest,
    square_key,
    square_of,
)
from game.kombo_klash.view import Offer
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.toolkit.app import STEP, App
from tests.focus_driver import Recorder, check_every_choice, focus_key, press, route, walk_to
from tests.scene_doubles import Clock, FakeAudio, human, run

GAME = game_by_key("kombo_klash")
BOT = SeatPlan("bot", level="easy")
CREATURE_OF = {"kick": "Kangaroo", "swamp": "Alligator", "revive": "Vulture"}


@pytest.fixture(autouse=True)
def _pygame(pygame_video):
    yield


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
            if not session.to_act():
                pytest.skip("the game ended first")
            seat = min(session.to_act())
            options = session.legal_actions(seat)
            # end turns now and then, so positions change hands
            ends = [a for a in options if isinstance(a, EndTurn)]
            session.submit(ends[0] if ends and rng.random() < 0.3 else rng.choice(options))
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


def legal(match: Match, seat: int = 0) -> list:
    return match.session.legal_actions(seat)


def in_play(match: Match) -> bool:
    view = match.session.view(0)
    return view.phase == "play" and view.pending is None


def places(match: Match, creature: str, trigger: bool) -> list[int]:
    return sorted({a.square for a in legal(match) if isinstance(a, Place) and a.creature == creature
                   and a.trigger == trigger})


def can_place(creature: str, trigger: bool) -> Callable[[Match], bool]:
    return lambda m: in_play(m) and bool(places(m, creature, trigger))


def with_kombos(count: int | None = None) -> Callable[[Match], bool]:
    def holds(m: Match) -> bool:
        view = m.session.view(0)
        return in_play(m) and bool(view.kombos) and (count is None or len(view.kombos) == count) and not view.scored
    return holds


def pending(ability: str, enough: int = 1) -> Callable[[Match], bool]:
    """A position where seat 0 may trigger the ability; the test then places the tile itself."""
    def holds(m: Match) -> bool:
        if not can_place(CREATURE_OF[ability], True)(m):
            return False
        if ability == "swamp":
            return sum(1 for b in m.session.view(0).board if b not in (None, "?")) >= enough + 1
        return True
    return holds


def pick(app: App, scene: KomboKlashScene, creature: str, device: str = "kb1") -> None:
    """Walk the focus to a `creature` tile of seat 0's hand and pick it up."""
    walk_to(app, scene, 0, device, hand_key(scene.view.hand.index(creature)))
    press(app, device, "select")
    assert scene.picked(0) == creature


def armed(scene: KomboKlashScene, seat: int = 0) -> str:
    target = scene.input.focused(seat)
    return "" if target is None else scene.input.armed_words(seat, target)


def trigger_placed(app: App, scene: KomboKlashScene, match: Match, ability: str) -> Place:
    """Seat 0 places its Kangaroo, Alligator or Vulture and answers yes: the ability waits."""
    place = next(a for a in legal(match) if isinstance(a, Place) and a.creature == CREATURE_OF[ability] and a.trigger)
    pick(app, scene, place.creature)
    walk_to(app, scene, 0, "kb1", square_key(place.square))
    press(app, "kb1", "select")
    assert scene.asking(0) == place.square and focus_key(scene, 0) == YES, "the focus lands on 'use it'"
    press(app, "kb1", "select")
    assert match.session.log[-1] == place and scene.mode(0) == ability
    return place


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
