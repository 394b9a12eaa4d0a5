"""Every KOMBIO prompt's choices, driven by keys: walked to by the focus, Select asks for exactly the
action the focus showed (tests/focus_driver.check_every_choice); any short run of direction keys from
where a prompt lands the focus, then Select, does what the focus then shows and nothing else; the
choices that lose something take two presses (the first only arms, Back or moving away disarms);
the two-press picks (the discard to take, a blind swap's first card) are undone by Back; and no
button is drawn lit but the one a focus rests on. The faults a newcomer met (a lit default button
doing something other than what the focus showed) are among the scripted cases."""
from __future__ import annotations

import pytest

from game.kombio.actions import Call, Discard, Give, Look, Peek, Replace, Settle, Skip, Swap, Take
from game.kombio.scene import KombioScene
from game.kombio.scene.controls import DISCARD_PILE, DRAW_PILE, button_key, card_key
from game.kombio.table import GIVE, PENALTY
from game.ui.play.focus import FRAME, GAP
from game.ui.play.match import Match
from game.ui.toolkit import theme
from game.ui.toolkit.app import App
from tests.focus_driver import Recorder, check_every_choice
from tests.scene_doubles import human

from .scene_support import (
    BOT,
    DEVICES,
    a_match_waits,
    at_turn,
    focus_key,
    fresh_discard_seat_0_can_miss,
    holding,
    log_tail,
    make,
    matching_card,
    own_slot,
    press,
    settle,
    state,
    take_screen,
    using,
    walk_to,
    walk_to_card,
)

SCRIPTS = (("up",), ("down",), ("left",), ("right",), ("up", "up"), ("right", "right"), ("left", "up"),
           ("down", "right"), ("up", "up", "up"))


@pytest.fixture(autouse=True)
def _pygame(pygame_video):
    yield


def keys_do_what_the_focus_shows(app: App, scene: KombioScene, seat: int) -> int:
    """From where the prompt put `seat`'s focus, each script of direction keys then Select asks for
    the action the focus then shows, on the second press for a confirmed choice, and for nothing
    else. Returns how many scripts ended on an action."""
    device = DEVICES[seat]
    start = focus_key(scene, seat)
    acted = 0
    for keys in SCRIPTS:
        walk_to(app, scene, seat, device, start)
        for key in keys:
            press(app, device, key)
        target = scene.input.focused(seat)
        assert target is not None
        with Recorder(scene.session) as rec:
            press(app, device, "select")
            if target.confirm:
                assert rec.actions == [], f"{keys}: {target.key} acted on the first press"
                assert scene.input.armed_words(seat, target), f"{keys}: no word on the armed {target.key}"
                press(app, device, "select")
        expected = [target.action] if target.action is not None else []
        assert rec.actions == expected, f"{keys}: the focus on {target.key} showed {expected}, got {rec.actions}"
        acted += bool(expected)
        press(app, device, "back")         # a pick made by a script is put down for the next one
    return acted


def confirms(app: App, scene: KombioScene, seat: int, key: object, action: object) -> None:
    """The choice on `key` arms on the first press and says so, Back disarms it, moving away
    disarms it, and only a second press in a row makes it."""
    device = DEVICES[seat]
    walk_to(app, scene, seat, device, key)
    target = scene.input.focused(seat)
    assert target is not None and target.confirm and target.action == action
    with Recorder(scene.session) as rec:
        press(app, device, "select")
        assert rec.actions == [] and scene.input.armed_words(seat, target).startswith("Select again")
        press(app, device, "back")
        assert scene.input.armed_words(seat, target) == ""
        press(app, device, "select")
        assert rec.actions == []
        for way, back in (("up", "down"), ("down", "up"), ("left", "right"), ("right", "left")):
            press(app, device, way)
            if focus_key(scene, seat) != key:
                press(app, device, back)
                break
        if focus_key(scene, seat) != key:
            walk_to(app, scene, seat, device, key)
        assert scene.input.armed_words(seat, target) == "", "moving away disarms"
        press(app, device, "select")
        assert rec.actions == []
        press(app, device, "select")
        assert rec.actions == [action]


# -- every prompt ------------------------------------------------------------------------------------

def test_the_look_at_the_near_row():
    app, clock, match, scene = make([human("kb1"), BOT])
    assert focus_key(scene, 0) == button_key("look")
    assert check_every_choice(app, scene, 0, "kb1") == 1
    keys_do_what_the_focus_shows(app, scene, 0)
    walk_to(app, scene, 0, "kb1", button_key("look"))
    press(app, "kb1", "select")
    assert Look(0) in match.session.log


def test_a_turn_draws_takes_or_calls():
    def can_take_and_call(m: Match) -> bool:
        legal = m.session.legal_actions(0)
        return at_turn(0)(m) and Call(0) in legal and any(isinstance(a, Take) for a in legal)
    app, clock, match, scene = make([human("kb1"), BOT], can_take_and_call)
    assert focus_key(scene, 0) == DRAW_PILE
    assert check_every_choice(app, scene, 0, "kb1") == 3       # the pile, Draw, Call
    assert keys_do_what_the_focus_shows(app, scene, 0) >= 1
    confirms(app, scene, 0, button_key("call"), Call(0))


def test_taking_the_discard_is_two_presses_and_back_puts_it_back():
    def can_take(m: Match) -> bool:
        return at_turn(0)(m) and any(isinstance(a, Take) for a in m.session.legal_actions(0))
    app, clock, match, scene = make([human("kb1"), BOT], can_take)
    slot = next(a.slot for a in match.session.legal_actions(0) if isinstance(a, Take))
    steps = match.session.step
    walk_to(app, scene, 0, "kb1", button_key("take"))
    press(app, "kb1", "select")
    assert scene.picked(0) is not None
    press(app, "kb1", "back")
    assert scene.picked(0) is None and match.session.step == steps
    walk_to_card(app, scene, 0, 0, slot)
    press(app, "kb1", "select")                    # a hand card alone takes nothing
    assert not any(isinstance(a, Take) for a in match.session.log)
    walk_to(app, scene, 0, "kb1", DISCARD_PILE)
    press(app, "kb1", "select")
    takes = check_every_choice(app, scene, 0, "kb1")
    assert takes >= 1 + 2                          # each own card takes it (and the pile and Draw)
    walk_to_card(app, scene, 0, 0, slot)
    press(app, "kb1", "select")
    assert log_tail(match) == [Take(0, slot)]


def test_the_drawn_card_replaces_a_card_or_is_discarded_each_on_a_second_press():
    app, clock, match, scene = make([human("kb1"), BOT], holding(0))
    assert focus_key(scene, 0) == card_key(0, own_slot(match, 0))      # the hand, after a draw
    own = len(match.session.view(0).own_slots(0))
    assert check_every_choice(app, scene, 0, "kb1") == own + 2         # each own card, the pile, Discard it
    keys_do_what_the_focus_shows(app, scene, 0)
    slot = own_slot(match, 0)
    confirms(app, scene, 0, card_key(0, slot), Replace(0, slot))
    confirms(app, scene, 0, DISCARD_PILE, Discard(0))


def test_a_drawn_card_in_hot_seat_up_then_enter_never_replaces_at_once():
    # the newcomer's c21: Blue held a drawn 11 with "Discard it" showing; Up, Enter replaced a card
    app, clock, match, scene = make([human("kb1"), human("kb2")], holding(1))
    take_screen(app, scene)
    assert scene.viewer == 1 and focus_key(scene, 1) == card_key(1, own_slot(match, 1))
    press(app, "kb2", "up")
    target = scene.input.focused(1)
    with Recorder(match.session) as rec:
        press(app, "kb2", "select")
        assert rec.actions == []                   # a card, a pile or Discard it: each asks again
    assert not target.enabled or target.confirm
    app.draw()


@pytest.mark.parametrize("values", [(7, 8), (9, 10)])
def test_a_look_is_one_press_on_a_card_it_may_look_at(values):
    def looks(m: Match) -> bool:
        s = state(m)
        return at_turn(0, "ability")(m) and s.ability in values
    app, clock, match, scene = make([human("kb1"), BOT, BOT], looks)
    peeks = [a for a in match.session.legal_actions(0) if isinstance(a, Peek)]
    assert check_every_choice(app, scene, 0, "kb1") == len(peeks) + 1   # and Skip
    keys_do_what_the_focus_shows(app, scene, 0)
    confirms(app, scene, 0, button_key("skip"), Skip(0))


def test_a_blind_swap_is_the_first_card_then_the_second_and_back_undoes_the_first():
    def blind(m: Match) -> bool:
        return at_turn(0, "ability")(m) and state(m).ability in (11, 12)
    app, clock, match, scene = make([human("kb1"), BOT, BOT], blind)
    assert check_every_choice(app, scene, 0, "kb1") == 1                # only Skip: a first card is a pick
    keys_do_what_the_focus_shows(app, scene, 0)
    swap = next(a for a in match.session.legal_actions(0) if isinstance(a, Swap))
    walk_to_card(app, scene, 0, *swap.a)
    press(app, "kb1", "select")
    assert scene.picked(0) is not None and scene.picked(0).place == swap.a
    press(app, "kb1", "back")
    assert scene.picked(0) is None
    press(app, "kb1", "select")
    press(app, "kb1", "select")                    # the picked card again: put back
    assert scene.picked(0) is None
    press(app, "kb1", "select")
    partners = check_every_choice(app, scene, 0, "kb1")
    assert partners >= 2                           # every card it may swap with, and Skip
    walk_to_card(app, scene, 0, *swap.b)
    press(app, "kb1", "select")
    assert log_tail(match) == [swap]


def test_a_13_looks_then_its_swap_asks_again():
    app, clock, match, scene = make([human("kb1"), BOT, BOT], using(0, 13))
    peeks = [a for a in match.session.legal_actions(0) if isinstance(a, Peek)]
    assert check_every_choice(app, scene, 0, "kb1") == len(peeks) + 1
    walk_to_card(app, scene, 0, peeks[0].owner, peeks[0].slot)
    press(app, "kb1", "select")
    settle(app, clock, scene)
    swaps = [a for a in match.session.legal_actions(0) if isinstance(a, Swap)]
    assert swaps and check_every_choice(app, scene, 0, "kb1") == len(swaps) + 1
    keys_do_what_the_focus_shows(app, scene, 0)
    other = swaps[0].b if swaps[0].a == (peeks[0].owner, peeks[0].slot) else swaps[0].a
    confirms(app, scene, 0, card_key(*other), swaps[0])


def test_after_a_14s_two_looks_the_focus_not_a_lit_button_says_what_select_does():
    # the newcomer's a92: "Swap them" drawn lit while the focus sat on a card; Right, Enter swapped
    app, clock, match, scene = make([human("kb1"), BOT, BOT], using(0, 14, looks=2))
    swaps = [a for a in match.session.legal_actions(0) if isinstance(a, Swap)]
    assert check_every_choice(app, scene, 0, "kb1") == len(swaps) + 1   # Swap them (if it may), Skip
    keys_do_what_the_focus_shows(app, scene, 0)
    with Recorder(match.session) as rec:
        walk_to_card(app, scene, 0, *match.session.view(0).ability_looks[0])
        press(app, "kb1", "right")
        press(app, "kb1", "select")
        assert not any(isinstance(a, Swap) for a in rec.actions)
    if swaps:
        confirms(app, scene, 0, button_key("swap"), swaps[0])
    confirms(app, scene, 0, button_key("skip"), Skip(0))


def test_a_14s_looks_are_one_press_each():
    app, clock, match, scene = make([human("kb1"), BOT, BOT], using(0, 14))
    peeks = [a for a in match.session.legal_actions(0) if isinstance(a, Peek)]
    assert check_every_choice(app, scene, 0, "kb1") == len(peeks) + 1
    walk_to_card(app, scene, 0, peeks[0].owner, peeks[0].slot)
    press(app, "kb1", "select")
    settle(app, clock, scene)
    assert check_every_choice(app, scene, 0, "kb1") == len(peeks)      # every other card, and Skip


# -- a slap's follow-up choices --------------------------------------------------------------------

def owes(kind: str):
    """A table where a slap by keys leaves Red owing `kind`: Red matched Blue's card (give), or Blue
    slapped Red's card wrongly (penalty)."""
    def ready(m: Match) -> bool:
        if kind == PENALTY:
            return fresh_discard_seat_0_can_miss(m)
        found = matching_card(m)
        return a_match_waits(m) and found is not None and found[0] == 1 and len(state(m).hands[0]) > 0
    app, clock, match, scene = make([human("kb1"), human("kb2")], ready)
    if kind == GIVE:
        owner, slot = matching_card(match)
        walk_to_card(app, scene, 0, owner, slot)
        press(app, "kb1", "slap")
    else:
        s = state(match)
        top = s.values[s.discard[-1]]
        walk_to_card(app, scene, 1, 0, own_slot(match, 0, lambda value: value != top))
        press(app, "kb2", "slap")
    settle(app, clock, scene)
    owed = match.session.view(0).owed(0)
    assert owed is not None and owed.kind == kind
    return app, clock, match, scene


def test_a_card_to_give_asks_again():
    app, clock, match, scene = owes(GIVE)
    slot = own_slot(match, 0)
    assert focus_key(scene, 0) == card_key(0, slot)        # the owed choice's first option
    gives = [a for a in match.session.legal_actions(0) if isinstance(a, Give)]
    assert check_every_choice(app, scene, 0, "kb1") == len(gives)
    keys_do_what_the_focus_shows(app, scene, 0)
    confirms(app, scene, 0, card_key(0, slot), Give(0, slot))


def test_keeping_or_handing_over_the_wrong_card_asks_again():
    app, clock, match, scene = owes(PENALTY)
    assert focus_key(scene, 0) == button_key("keep")        # the owed choice's first option
    assert check_every_choice(app, scene, 0, "kb1") == 2
    keys_do_what_the_focus_shows(app, scene, 0)
    confirms(app, scene, 0, button_key("hand_over"), Settle(0, True))
    confirms(app, scene, 0, button_key("keep"), Settle(0, False))


# -- what is drawn ----------------------------------------------------------------------------------

def test_no_button_is_drawn_lit_but_the_one_a_focus_rests_on():
    def three_buttons(m: Match) -> bool:
        legal = m.session.legal_actions(0)
        return at_turn(0)(m) and Call(0) in legal and any(isinstance(a, Take) for a in legal)
    app, clock, match, scene = make([human("kb1"), BOT], three_buttons)
    buttons = scene.controls.buttons(0)
    rects = [rect for _, rect in scene.controls.placed(buttons)]
    for focused in range(len(buttons)):
        walk_to(app, scene, 0, "kb1", button_key(buttons[focused].name))
        app.draw()
        surface = app.surface
        assert {tuple(surface.get_at((r.x + 4, r.centery)))[:3] for r in rects} == {tuple(theme.PANEL)[:3]}
        colour = tuple(theme.seat_colour(0))[:3]
        framed = [i for i, r in enumerate(rects)
                  if tuple(surface.get_at((r.x + 12, r.top - GAP + FRAME // 2)))[:3] == colour]
        assert framed == [focused]


def test_one_focus_is_drawn_per_keyboard_player():
    app, clock, match, scene = make([human("kb1"), human("kb2"), BOT])
    assert scene.input.drawn_seats() == [0, 1]


def test_a_draw_by_its_button_lands_the_focus_on_the_hand():
    app, clock, match, scene = make([human("kb1"), BOT], at_turn(0))
    walk_to(app, scene, 0, "kb1", button_key("draw"))
    press(app, "kb1", "select")
    settle(app, clock, scene)
    assert focus_key(scene, 0) == card_key(0, own_slot(match, 0))
