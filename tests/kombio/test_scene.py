"""The KOMBIO scene driven headless by scripted Presses, reading what a player can see (the focus, the
shown table, the messages, the move log): slaps judged in press-time order, the seat to play's
choices by keys, a peek behind the curtain, the countdown's default, and nobody's hidden card drawn
face up on another's screen. Every prompt's choices and the two-press choices: test_scene_choices.py."""
from __future__ import annotations

from collections import Counter

import pytest

from game.core.session import Step
from game.kombio.actions import Call, Discard, Draw, Look, Peek, Replace, Settle, Slap, Take
from game.kombio.events import Drew, Looked, Peeked, RoundEnded, Slapped
from game.kombio.scene import reveal_note
from game.kombio.scene.controls import DISCARD_PILE, DRAW_PILE, button_key, card_key
from game.kombio.table import TABLE
from game.ui.play.match import Match
from game.ui.toolkit.scene import Scene
from tests.scene_doubles import human, run

from .scene_support import (
    BOT,
    a_match_waits,
    at_turn,
    focus_key,
    fresh_discard_seat_0_can_miss,
    holding,
    log_tail,
    make,
    matching_card,
    own_slot,
    play_to_the_end,
    press,
    settle,
    state,
    take_screen,
    walk_to,
    walk_to_card,
)


@pytest.fixture(autouse=True)
def _pygame(pygame_video):
    yield


# -- slaps -----------------------------------------------------------------------------------------

def test_two_slaps_in_one_frame_the_earlier_press_wins_though_it_arrives_second():
    app, clock, match, scene = make([human("kb1"), human("kb2")], a_match_waits)
    owner, slot = matching_card(match)
    walk_to_card(app, scene, 0, owner, slot)
    walk_to_card(app, scene, 1, owner, slot)
    steps = match.session.step
    now = clock.t
    press(app, "kb2", "slap", time=now + 0.003)      # the later press reaches the scene first
    press(app, "kb1", "slap", time=now)
    run(app, clock, 0.1)
    applied = [a for a in match.session.log[steps:] if isinstance(a, Slap)]
    assert applied and applied[0].seat == 0
    assert all(a.seat != 1 for a in applied)       # too late: never submitted, no penalty
    settle(app, clock, scene)
    assert any("match!" in line for line, _ in scene.moves.window(20))


class RemoteSession:
    """Stands for a LAN session (any session but a local one): notes the presses it is asked to
    send, and reads everything else from the local game."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.pressed: list[tuple[Slap, float]] = []

    def press(self, action, pressed: float) -> None:
        self.pressed.append((action, pressed))

    def __getattr__(self, name: str):
        return getattr(self.inner, name)


def test_over_the_lan_a_slap_goes_to_the_host_at_once_with_the_time_of_its_key():
    def ready(m: Match) -> bool:
        return state(m).phase == "turn" and state(m).open and state(m).attempted == 0
    app, clock, match, scene = make([human("kb1"), BOT], ready)
    slot = own_slot(match, 0)
    walk_to_card(app, scene, 0, 0, slot)
    remote = RemoteSession(match.session)
    scene.session = remote                              # type: ignore[assignment]
    press(app, "kb1", "slap", time=12.5)
    assert remote.pressed == [(Slap(0, 0, slot, state(match).serial), 12.5)]
    assert match.session.referee.window is None         # nothing held here: the host judges


def test_a_step_the_hosts_race_ruled_names_the_winners_margin():
    app, clock, match, scene = make([human("kb1"), BOT])
    won = Slapped(1, 1, 0, 4, 7, True)
    scene.steps_arrived([Step(40, None, (won,), {}, ((0, 12.0), (1, 0.0), (2, 31.5)))])
    assert scene.slap_margin(won) == 12.0          # "Blue matches the 7! (12 ms faster)"


def test_a_wrong_slap_is_told_to_everyone_and_its_penalty_follows():
    app, clock, match, scene = make([human("kb1"), human("kb2")], fresh_discard_seat_0_can_miss)
    s = state(match)
    top = s.values[s.discard[-1]]
    slot = own_slot(match, 0, lambda value: value != top)
    walk_to_card(app, scene, 0, 0, slot)
    press(app, "kb1", "slap")
    settle(app, clock, scene)
    lines = [line for line, _ in scene.moves.window(20)]
    assert any("slaps their own card" in line and "wrong!" in line for line in lines)
    assert any("draws a penalty card" in line or "none is left" in line for line in lines)
    assert scene.shown == scene.view


def test_the_slap_key_off_a_card_says_where_to_put_the_focus():
    app, clock, match, scene = make([human("kb1"), BOT], fresh_discard_seat_0_can_miss)
    walk_to(app, scene, 0, "kb1", DRAW_PILE)
    steps = match.session.step
    press(app, "kb1", "slap")
    run(app, clock, 0.1)
    assert match.session.step == steps
    assert scene.toast is not None and "onto a card" in scene.toast.text


def test_a_right_click_on_a_card_slaps_it():
    app, clock, match, scene = make([human("mouse"), BOT], fresh_discard_seat_0_can_miss)
    s = state(match)
    top = s.values[s.discard[-1]]
    slot = own_slot(match, 0, lambda value: value != top)
    rect = next(t.rect for t in scene.targets(0) if t.key == card_key(0, slot))
    press(app, "mouse", "back", pos=rect.center)
    run(app, clock, 0.1)
    assert Slap(0, 0, slot, s.serial) in match.session.log


# -- the seat to play's choices ------------------------------------------------------------------

def test_draw_then_replace_by_keys():
    app, clock, match, scene = make([human("kb1"), BOT], at_turn(0))
    walk_to_card(app, scene, 0, 0, own_slot(match, 0))
    walk_to(app, scene, 0, "kb1", DRAW_PILE)
    press(app, "kb1", "select")
    assert log_tail(match) == [Draw(0)]
    settle(app, clock, scene)
    slot = own_slot(match, 0)
    walk_to_card(app, scene, 0, 0, slot)
    press(app, "kb1", "select")
    assert log_tail(match) == [Draw(0)]                 # armed only: a replace takes two presses
    press(app, "kb1", "select")
    assert log_tail(match) == [Replace(0, slot)]


def test_your_turn_puts_your_focus_on_the_draw_pile_and_a_draw_puts_it_on_your_hand():
    # the bot plays first, after a second's thought; the human's focus rests on the bot's hand
    app, clock, match, scene = make([human("kb1"), BOT], at_turn(1), think=1.0)
    assert at_turn(1)(match)
    walk_to_card(app, scene, 0, 1, 0)
    for _ in range(300):
        if at_turn(0)(match) and not scene.busy():
            break
        run(app, clock, 0.1)
    assert at_turn(0)(match) and not scene.busy()
    assert focus_key(scene, 0) == DRAW_PILE            # one press draws: no walking needed
    press(app, "kb1", "select")
    assert log_tail(match) == [Draw(0)]
    settle(app, clock, scene)
    slot = own_slot(match, 0)
    assert focus_key(scene, 0) == card_key(0, slot)    # the drawn card goes in place of one of yours
    press(app, "kb1", "select")
    press(app, "kb1", "select")
    assert log_tail(match) == [Replace(0, slot)]


def test_a_screen_opened_at_your_turn_starts_your_focus_on_the_draw_pile():
    app, clock, match, scene = make([human("kb1"), BOT], at_turn(0))
    assert focus_key(scene, 0) == DRAW_PILE


def test_take_the_discard_for_a_chosen_card():
    def can_take(m: Match) -> bool:
        return at_turn(0)(m) and any(isinstance(a, Take) for a in m.session.legal_actions(0))
    app, clock, match, scene = make([human("kb1"), BOT], can_take)
    walk_to(app, scene, 0, "kb1", DISCARD_PILE)
    steps = match.session.step
    press(app, "kb1", "select")
    assert scene.picked(0) is not None and match.session.step == steps     # picked up, not taken yet
    slot = next(a.slot for a in match.session.legal_actions(0) if isinstance(a, Take))
    walk_to_card(app, scene, 0, 0, slot)
    assert "take" in scene.input.focused(0).label
    press(app, "kb1", "select")
    assert log_tail(match) == [Take(0, slot)]


def test_call_with_its_button():
    def can_call(m: Match) -> bool:
        return at_turn(0)(m) and Call(0) in m.session.legal_actions(0)
    app, clock, match, scene = make([human("kb1"), BOT], can_call)
    walk_to(app, scene, 0, "kb1", button_key("call"))
    press(app, "kb1", "select")
    assert Call(0) not in match.session.log
    press(app, "kb1", "select")
    assert log_tail(match) == [Call(0)]
    settle(app, clock, scene)


def test_a_look_own_ability_by_keys_and_the_peek_shown_only_behind_the_curtain():
    app, clock, match, scene = make([human("kb1"), human("kb2")], holding(0, (7, 8)))
    # the drawn card is private: the curtain asks for Red first
    assert scene.curtain_seat == 0
    press(app, "kb2", "select")                 # Blue cannot take Red's screen
    assert scene.curtain_seat == 0
    press(app, "kb1", "select")
    assert scene.curtain_seat is None and scene.viewer == 0
    assert scene.shown.held == state(match).values[state(match).held]   # Red sees the drawn card
    walk_to(app, scene, 0, "kb1", DISCARD_PILE)
    press(app, "kb1", "select")
    press(app, "kb1", "select")
    assert log_tail(match) == [Discard(0)]
    settle(app, clock, scene)
    slot = own_slot(match, 0)
    truth = state(match).values[state(match).hands[0][slot]]
    events: list = []
    present = scene.presenters.present
    scene.presenters.present = lambda e, before: (events.append(e), present(e, before))[1]   # type: ignore[method-assign]
    walk_to_card(app, scene, 0, 0, slot)
    press(app, "kb1", "select")
    assert log_tail(match) == [Peek(0, 0, slot)]
    run(app, clock, 0.1)
    peeks = [e for e in events if isinstance(e, Peeked)]
    assert peeks and peeks[0].value == truth        # Red's screen, Red's look
    public = match.session.engine.redact(peeks[0], 1)
    assert public.value is None                     # Blue's version carries no value


def test_the_look_at_the_near_row_walks_the_humans_behind_the_curtain():
    app, clock, match, scene = make([human("kb1"), human("kb2")])
    assert scene.curtain_seat == 0
    press(app, "kb1", "select")
    assert focus_key(scene, 0) == button_key("look")
    press(app, "kb1", "select")
    assert Look(0) in match.session.log
    run(app, clock, 3.0)
    assert scene.curtain_seat is None and scene.looks.waiting() is not None   # held until Red is done
    press(app, "kb1", "select")
    settle(app, clock, scene)
    assert scene.curtain_seat == 1
    press(app, "kb2", "select")
    press(app, "kb2", "select")
    assert Look(1) in match.session.log


def test_a_slap_while_the_curtain_is_up_counts_for_nobody_and_says_why():
    """Hot seat: Blue drew, the curtain waits for Blue; Red's slap key then is refused without a
    penalty (Red cannot see the table), with a word, and the curtain stays for Blue."""
    app, clock, match, scene = make([human("kb1"), human("kb2")], fresh_discard_seat_0_can_miss)
    turn = state(match).turn
    scene.submit(Draw(turn))
    settle(app, clock, scene)
    assert scene.curtain_seat == turn and state(match).open
    other = 1 - turn
    hand, steps = list(state(match).hands[other]), match.session.step
    press(app, ("kb1", "kb2")[other], "slap")
    run(app, clock, 0.2)
    assert match.session.step == steps and state(match).hands[other] == hand
    assert scene.toast is not None and "No slaps while the screen changes hands" in scene.toast.text
    assert scene.curtain_seat == turn


# -- the countdown ---------------------------------------------------------------------------------

def test_a_silent_seats_choice_is_made_by_the_default_after_the_countdown():
    app, clock, match, scene = make([human("kb1"), human("kb2"), human("kb3")], fresh_discard_seat_0_can_miss)
    s = state(match)
    top = s.values[s.discard[-1]]
    slot = own_slot(match, 0, lambda value: value != top)
    # Blue slaps Red's wrong card: Red owes the choice
    walk_to_card(app, scene, 1, 0, slot)
    press(app, "kb2", "slap")
    settle(app, clock, scene)
    pending = match.session.view(None).pending
    assert pending and pending[0].seat == 0
    assert scene.seconds_left(0) is not None
    run(app, clock, TABLE.choice_seconds - 2)
    assert Settle(0, False) not in match.session.log
    for _ in range(30):
        run(app, clock, 0.1)
        if Settle(0, False) in match.session.log:
            break
    assert Settle(0, False) in match.session.log
    assert any("took too long" in text for text in scene.messages.texts)


def test_the_countdown_stands_still_while_a_menu_covers_the_table():
    app, clock, match, scene = make([human("kb1"), human("kb2"), human("kb3")], fresh_discard_seat_0_can_miss)
    s = state(match)
    top = s.values[s.discard[-1]]
    slot = own_slot(match, 0, lambda value: value != top)
    walk_to_card(app, scene, 1, 0, slot)
    press(app, "kb2", "slap")                 # Blue slaps Red's wrong card: Red owes the choice
    settle(app, clock, scene)
    left = scene.seconds_left(0)
    assert left is not None and left > 3
    app.push(Scene(app))                      # a menu over the table (it pauses the scenes below)
    run(app, clock, 3 * TABLE.choice_seconds)
    app.stack.pop()
    run(app, clock, 0.5)
    assert Settle(0, False) not in match.session.log
    after = scene.seconds_left(0)
    assert after is not None and left - 1.0 < after < left
    run(app, clock, left + 0.5)
    assert Settle(0, False) in match.session.log


# -- secrets ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("aid", ["off", "on"])
def test_bots_cards_are_never_shown_and_a_round_reaches_its_reveal(aid):
    app, clock, match, scene = make([human("kb1"), BOT, BOT], options={"rounds": "1", "memory_aid": aid})
    events: list = []
    present = scene.presenters.present
    scene.presenters.present = lambda e, before: (events.append(e), present(e, before))[1]   # type: ignore[method-assign]
    play_to_the_end(app, clock, match, scene, seed=3)
    assert any(isinstance(e, RoundEnded) for e in events)
    for e in events:
        if isinstance(e, (Drew, Peeked)) and e.seat != 0:
            assert e.value is None
        if isinstance(e, Looked) and e.seat != 0:
            assert e.values == ()
    # the shown table is the seat's own view, folded event by event: the fixture checks it was the truth
    assert scene.shown == match.session.view(0)


def test_once_the_game_is_over_the_last_hands_stay_face_up():
    app, clock, match, scene = make([human("kb1"), BOT], options={"rounds": "1"})
    play_to_the_end(app, clock, match, scene, seed=5)
    assert match.session.outcome() is not None and not scene.busy()
    ended = scene.last_reveal
    assert isinstance(ended, RoundEnded) and ended.round == 1
    faces: list[int] = []
    face = scene.art.face
    scene.art.face = lambda value, width: (faces.append(value), face(value, width))[1]   # type: ignore[method-assign]
    app.draw()
    shown = Counter(v for hand in ended.hands for v in hand if v is not None)
    assert shown and Counter(faces) == shown + Counter([scene.shown.top])   # every card, and the discard


# -- the slap window and the attempt markers ---------------------------------------------------------

def test_the_slap_window_is_open_on_a_fresh_discard_and_marks_who_tried():
    app, clock, match, scene = make([human("kb1"), human("kb2")], fresh_discard_seat_0_can_miss)
    assert scene.slap_window() == "open"
    assert scene.attempt_marks() == []
    s = state(match)
    top = s.values[s.discard[-1]]
    walk_to_card(app, scene, 0, 0, own_slot(match, 0, lambda value: value != top))
    press(app, "kb1", "slap")
    settle(app, clock, scene)
    assert scene.attempt_marks() == [0]            # Red used the one attempt on this discard
    assert scene.slap_window() == "open"           # a wrong slap leaves it open for the others


def test_a_matched_discard_closes_the_window():
    app, clock, match, scene = make([human("kb1"), human("kb2")], a_match_waits)
    owner, slot = matching_card(match)
    walk_to_card(app, scene, 1, owner, slot)
    press(app, "kb2", "slap")
    settle(app, clock, scene)
    assert scene.slap_window() == "matched"
    assert 1 in scene.attempt_marks()


def test_no_window_while_the_pile_is_empty():
    app, clock, match, scene = make([human("kb1"), BOT])
    assert scene.shown.top is None
    assert scene.slap_window() == "closed"
    assert scene.attempt_marks() == []


def test_the_card_back_carries_no_value_letter_and_hands_stay_drawable():
    from game.kombio.scene.art import CardArt
    from game.kombio.scene.layout import MIN_CARD, Layout
    app, clock, match, scene = make([human("kb1"), BOT])
    art = CardArt(scene.text, "kombio")
    for width in (4, 16, 52, 100):
        assert art.back(width).get_width() == width
    assert Layout(2).card_width(60) >= MIN_CARD


def test_the_ability_outlines_only_legal_cards():
    app, clock, match, scene = make([human("kb1"), BOT, BOT], at_turn(0, "ability"))
    outlined = scene.choosable_cards()
    legal = match.session.legal_actions(0)
    named = {(a.owner, a.slot) for a in legal if isinstance(a, Peek)}
    named |= {p for a in legal if hasattr(a, "a") for p in (a.a, a.b)}
    assert outlined and outlined <= named


def test_the_reveal_note_explains_the_bonus():
    lowest = RoundEnded(1, 0, ((1,), (5,)), (1, 5), (1, 15), (1, 15))
    assert "+10" in reveal_note(lowest, "Red")
    beaten = RoundEnded(1, 0, ((9,), (5,)), (9, 5), (24, 5), (24, 5))
    assert "+15" in reveal_note(beaten, "Red")


def test_the_move_log_says_each_move_in_the_games_own_words():
    app, clock, match, scene = make([human("kb1"), BOT], at_turn(0))
    walk_to(app, scene, 0, "kb1", DRAW_PILE)
    press(app, "kb1", "select")
    settle(app, clock, scene)
    assert ("Red draws", 0) in scene.moves.lines
    assert match.info.narrate(Drew(0, 9)) == "Red draws"     # the headless words too: never the value
    take_screen(app, scene)
