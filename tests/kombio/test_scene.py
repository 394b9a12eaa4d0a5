"""The KOMBIO scene driven headless by scripted Presses: slaps judged in press-time order, the seat
to play's choices by keyboard, a peek behind the curtain, the countdown's default, and nobody's
hidden card drawn face up on another's screen."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pygame
import pytest

from game.games import game_by_key
from game.kombio.rules import (
    TABLE,
    Call,
    Discard,
    Draw,
    Drew,
    Look,
    Looked,
    Peek,
    Peeked,
    Replace,
    RoundEnded,
    Settle,
    Slap,
    Slapped,
    Take,
)
from game.kombio.scene import KombioScene, default_choice
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.toolkit.app import App
from game.ui.toolkit.input import Press
from tests.scene_doubles import Clock, FakeAudio, human, run

GAME = game_by_key("kombio")
BOT = SeatPlan("bot", level="easy")


@pytest.fixture(autouse=True)
def _pygame(pygame_video):
    yield


def settle(app: App, clock: Clock, scene: KombioScene, limit: float = 30.0) -> None:
    t = 0.0
    run(app, clock, 0.1)      # past the slap window too
    while scene.busy() and t < limit:
        run(app, clock, 0.1)
        t += 0.1


def press(app: App, device: str, button: str, time: float = 0.0) -> None:
    app.stack.dispatch("handle", Press(device, button, time, None))


def make(plans: list[SeatPlan], until: Callable[[Match], bool] | None = None, seed: int = 1,
         options: dict[str, str] | None = None, slaps: bool = False,
         think: float = 0.0) -> tuple[App, Clock, Match, KombioScene]:
    clock = Clock()
    app = new_app(pygame.Surface((1280, 720)), clock=clock, audio=FakeAudio())
    for attempt in range(40 if until is not None else 1):
        match = Match(GAME, len(plans), options or {}, tuple(plans), seed + attempt, bot_think_time=think,
                      inline_bots=True)
        if until is None or reach(match, until, seed + attempt, slaps):
            break
        match.close()
    else:
        pytest.skip("no such position")
    scene = KombioScene(app, match)
    app.push(scene)
    settle(app, clock, scene)
    return app, clock, match, scene


def reach(match: Match, until: Callable[[Match], bool], seed: int, slaps: bool) -> bool:
    """Random moves (no slaps, calls rarely, so rounds last) until `until` holds."""
    session, rng = match.session, random.Random(seed)
    for _ in range(3000):
        if until(match):
            session.poll()
            return True
        if not session.to_act():
            return False
        seat = rng.choice(sorted(session.to_act()))
        legal = [a for a in session.legal_actions(seat) if slaps or not isinstance(a, Slap)]
        calm = [a for a in legal if not isinstance(a, Call)]
        if calm and rng.random() < 0.97:
            legal = calm
        if legal:
            session.submit(rng.choice(legal))
    return False


def state(match: Match):
    return match.session.state


def at_turn(seat: int, phase: str = "turn") -> Callable[[Match], bool]:
    def holds(m: Match) -> bool:
        s = state(m)
        return s.phase == phase and s.turn == seat and not s.pending
    return holds


def log_tail(match: Match, n: int = 1) -> list:
    return match.session.log[-n:]


# -- slaps -----------------------------------------------------------------------------------------

def matching_card(match: Match) -> tuple[int, int] | None:
    s = state(match)
    if not s.open or not s.discard or s.pending:
        return None
    top = s.values[s.discard[-1]]
    for owner, hand in enumerate(s.hands):
        if s.locked(owner):
            continue
        for slot, card in enumerate(hand):
            if card >= 0 and s.values[card] == top:
                return owner, slot
    return None


def test_two_slaps_in_one_frame_the_earlier_press_wins_though_it_arrives_second():
    def ready(m: Match) -> bool:
        s = state(m)
        return s.phase == "turn" and matching_card(m) is not None and s.attempted == 0
    app, clock, match, scene = make([human("kb1"), human("kb2")], ready)
    owner, slot = matching_card(match)
    scene.cursors[0] = ("card", owner, slot)
    scene.cursors[1] = ("card", owner, slot)
    steps = match.session.step
    press(app, "kb2", "slap", time=5.003)      # the later press reaches the scene first
    press(app, "kb1", "slap", time=5.000)
    run(app, clock, 0.1)
    applied = [a for a in match.session.log[steps:] if isinstance(a, Slap)]
    assert applied and applied[0].seat == 0
    assert all(a.seat != 1 for a in applied)       # too late: never submitted, no penalty
    settle(app, clock, scene)
    assert any("faster" in line or "match" in line for line, _ in scene.moves.window(20))


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
    remote = RemoteSession(match.session)
    scene.session = remote                              # type: ignore[assignment]
    slot = next(i for i, c in enumerate(state(match).hands[0]) if c >= 0)
    scene.cursors[0] = ("card", 0, slot)
    press(app, "kb1", "slap", time=12.5)
    assert remote.pressed == [(Slap(0, 0, slot, state(match).serial), 12.5)]
    assert scene.slaps.presses == []                    # no local window: the host judges


def test_a_step_the_hosts_race_ruled_names_the_winners_margin():
    from game.core.session import Step
    from game.kombio.rules import Slapped
    app, clock, match, scene = make([human("kb1"), BOT])
    won = Slapped(1, 1, 0, 4, 7, True)
    scene.steps_arrived([Step(40, None, (won,), {}, ((0, 12.0), (1, 0.0), (2, 31.5)))])
    assert scene.notes.margins[(1, 4)] == 12.0          # "Blue matches the 7! (12 ms faster)"


def fresh_discard_seat_1_can_miss(m: Match) -> bool:
    """A discard nobody has slapped yet, at a turn's start, and a card in seat 1's hand that does
    not match it."""
    s = state(m)
    if s.phase != "turn" or not s.open or s.pending or s.attempted:
        return False
    top = s.values[s.discard[-1]]
    return any(c >= 0 and s.values[c] != top for c in s.hands[0])


def test_a_wrong_slap_is_told_to_everyone_and_its_penalty_follows():
    app, clock, match, scene = make([human("kb1"), human("kb2")], fresh_discard_seat_1_can_miss)
    s = state(match)
    top = s.values[s.discard[-1]]
    slot = next(i for i, c in enumerate(s.hands[0]) if c >= 0 and s.values[c] != top)
    scene.cursors[0] = ("card", 0, slot)
    events: list = []
    start = scene.start_event
    scene.start_event = lambda e: (events.append(e), start(e))[1]   # type: ignore[method-assign]
    press(app, "kb1", "slap", time=1.0)
    settle(app, clock, scene)
    slapped = [e for e in events if isinstance(e, Slapped)]
    assert slapped and not slapped[0].right
    assert any("wrong" in line for line, _ in scene.moves.window(20))


# -- the seat to play's choices ------------------------------------------------------------------

def test_draw_then_replace_by_keys():
    app, clock, match, scene = make([human("kb1"), BOT], at_turn(0))
    scene.cursors[0] = ("card", 0, 0)
    # walk the cursor to the draw pile with the direction keys
    for _ in range(8):
        if scene.cursor(0) == ("draw",):
            break
        press(app, "kb1", "up" if scene.cursor(0)[0] == "card" else "left")
    if scene.cursor(0) != ("draw",):
        scene.cursors[0] = ("draw",)
    press(app, "kb1", "select")
    assert isinstance(log_tail(match)[0], Draw)
    settle(app, clock, scene)
    slot = next(i for i, c in enumerate(state(match).hands[0]) if c >= 0)
    scene.cursors[0] = ("card", 0, slot)
    press(app, "kb1", "select")
    assert log_tail(match)[0] == Replace(0, slot)


def test_your_turn_puts_your_cursor_on_the_draw_pile_and_a_draw_puts_it_on_your_hand():
    # the bot plays first, after a second's thought; the human's cursor rests on the bot's hand
    app, clock, match, scene = make([human("kb1"), BOT], at_turn(1), think=1.0)
    assert at_turn(1)(match)
    scene.cursors[0] = ("card", 1, 0)
    for _ in range(300):
        if at_turn(0)(match) and not scene.busy():
            break
        run(app, clock, 0.1)
    assert at_turn(0)(match) and not scene.busy()
    assert scene.cursor(0) == ("draw",)                 # one press draws: no walking needed
    press(app, "kb1", "select")
    assert log_tail(match)[0] == Draw(0)
    settle(app, clock, scene)
    slot = next(i for i, c in enumerate(state(match).hands[0]) if c >= 0)
    assert scene.cursor(0) == ("card", 0, slot)          # the drawn card goes in place of one of yours
    press(app, "kb1", "select")
    assert log_tail(match)[0] == Replace(0, slot)


def test_a_screen_opened_at_your_turn_starts_your_cursor_on_the_draw_pile():
    app, clock, match, scene = make([human("kb1"), BOT], at_turn(0))
    assert scene.cursor(0) == ("draw",)


def test_take_the_discard_for_a_chosen_card():
    def can_take(m: Match) -> bool:
        return at_turn(0)(m) and any(isinstance(a, Take) for a in m.session.legal_actions(0))
    app, clock, match, scene = make([human("kb1"), BOT], can_take)
    scene.cursors[0] = ("discard",)
    press(app, "kb1", "select")
    assert scene.ui.take_armed
    slot = next(a.slot for a in match.session.legal_actions(0) if isinstance(a, Take))
    scene.cursors[0] = ("card", 0, slot)
    press(app, "kb1", "select")
    assert log_tail(match)[0] == Take(0, slot)


def test_call_with_its_button():
    def can_call(m: Match) -> bool:
        return at_turn(0)(m) and Call(0) in m.session.legal_actions(0)
    app, clock, match, scene = make([human("kb1"), BOT], can_call)
    labels = [b.label for b in scene.buttons_for(0)]
    scene.cursors[0] = ("button", labels.index("Call KOMBIO"))
    press(app, "kb1", "select")
    assert log_tail(match)[0] == Call(0)
    settle(app, clock, scene)


def test_a_look_own_ability_by_keys_and_the_peek_shown_only_behind_the_curtain():
    def holds_look(m: Match) -> bool:
        s = state(m)
        return at_turn(0, "drawn")(m) and s.values[s.held] in (7, 8)
    app, clock, match, scene = make([human("kb1"), human("kb2")], holds_look)
    # the drawn card is private: the curtain asks for Red first
    assert scene.curtain_seat == 0
    press(app, "kb2", "select")                 # Blue cannot take Red's screen
    assert scene.curtain_seat == 0
    press(app, "kb1", "select")
    assert scene.curtain_seat is None and scene.viewer == 0
    scene.cursors[0] = ("discard",)
    press(app, "kb1", "select")
    assert log_tail(match)[0] == Discard(0)
    settle(app, clock, scene)
    slot = next(i for i, c in enumerate(state(match).hands[0]) if c >= 0)
    truth = state(match).values[state(match).hands[0][slot]]
    events: list = []
    start = scene.start_event
    scene.start_event = lambda e: (events.append(e), start(e))[1]   # type: ignore[method-assign]
    scene.cursors[0] = ("card", 0, slot)
    press(app, "kb1", "select")
    assert log_tail(match)[0] == Peek(0, 0, slot)
    run(app, clock, 0.1)
    peeks = [e for e in events if isinstance(e, Peeked)]
    assert peeks and peeks[0].value == truth        # Red's screen, Red's look
    public = match.session.engine.redact(peeks[0], 1)
    assert public.value is None                     # Blue's version carries no value


def test_the_look_at_the_near_row_walks_the_humans_behind_the_curtain():
    app, clock, match, scene = make([human("kb1"), human("kb2")])
    assert scene.curtain_seat == 0
    press(app, "kb1", "select")
    press(app, "kb1", "select")
    assert Look(0) in match.session.log
    settle(app, clock, scene)
    assert scene.curtain_seat == 1
    press(app, "kb2", "select")
    press(app, "kb2", "select")
    assert Look(1) in match.session.log


# -- the countdown ---------------------------------------------------------------------------------

def test_a_silent_seats_choice_is_made_by_the_default_after_the_countdown():
    def wrong_slap_ready(m: Match) -> bool:
        s = state(m)
        if s.phase != "turn" or not s.open or s.pending or s.attempted:
            return False
        top = s.values[s.discard[-1]]
        return any(c >= 0 and s.values[c] != top for c in s.hands[0])
    app, clock, match, scene = make([human("kb1"), human("kb2"), human("kb3")], wrong_slap_ready)
    s = state(match)
    top = s.values[s.discard[-1]]
    slot = next(i for i, c in enumerate(s.hands[0]) if c >= 0 and s.values[c] != top)
    # Blue slaps Red's wrong card: Red owes the choice
    scene.cursors[1] = ("card", 0, slot)
    press(app, "kb2", "slap", time=1.0)
    settle(app, clock, scene)
    pending = match.session.view(None)["pending"]
    assert pending and pending[0]["seat"] == 0
    assert default_choice(match.session.legal_actions(0)) == match.session.engine.default_action(state(match), 0)
    assert scene.seconds_left(0) is not None
    run(app, clock, TABLE.choice_seconds - 2)
    assert Settle(0, False) not in match.session.log
    run(app, clock, 3)
    assert Settle(0, False) in match.session.log


# -- secrets ---------------------------------------------------------------------------------------

def play_to_the_end(app: App, clock: Clock, match: Match, scene: KombioScene, seed: int) -> None:
    """Seat 0 plays random legal moves (never a slap) through the scene until the game is over."""
    rng = random.Random(seed)
    for _ in range(400):
        if match.session.outcome() is not None:
            break
        settle(app, clock, scene)
        legal = [a for a in match.session.legal_actions(0) if not isinstance(a, Slap)]
        if legal:
            scene.submit(rng.choice(legal))
        run(app, clock, 0.3)
    settle(app, clock, scene)


def test_bots_cards_are_never_shown_and_a_round_reaches_its_reveal():
    app, clock, match, scene = make([human("kb1"), BOT, BOT], options={"rounds": "1"})
    events: list = []
    start = scene.start_event
    scene.start_event = lambda e: (events.append(e), start(e))[1]   # type: ignore[method-assign]
    play_to_the_end(app, clock, match, scene, seed=3)
    assert any(isinstance(e, RoundEnded) for e in events)
    for e in events:
        if isinstance(e, (Drew, Peeked)) and e.seat != 0:
            assert e.value is None
        if isinstance(e, Looked) and e.seat != 0:
            assert e.values == ()


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
    app, clock, match, scene = make([human("kb1"), human("kb2")], fresh_discard_seat_1_can_miss)
    assert scene.slap_window() == "open"
    assert scene.attempt_marks() == []
    s = state(match)
    top = s.values[s.discard[-1]]
    slot = next(i for i, c in enumerate(s.hands[0]) if c >= 0 and s.values[c] != top)
    scene.cursors[0] = ("card", 0, slot)
    press(app, "kb1", "slap", time=1.0)
    settle(app, clock, scene)
    assert scene.attempt_marks() == [0]            # Red used the one attempt on this discard
    assert scene.slap_window() == "open"           # a wrong slap leaves it open for the others


def test_a_matched_discard_closes_the_window():
    def ready(m: Match) -> bool:
        s = state(m)
        return s.phase == "turn" and matching_card(m) is not None and s.attempted == 0
    app, clock, match, scene = make([human("kb1"), human("kb2")], ready)
    owner, slot = matching_card(match)
    scene.cursors[1] = ("card", owner, slot)
    press(app, "kb2", "slap", time=1.0)
    settle(app, clock, scene)
    assert scene.slap_window() == "matched"
    assert 1 in scene.attempt_marks()


def test_no_window_while_the_pile_is_empty():
    app, clock, match, scene = make([human("kb1"), BOT])
    if scene.shown.top is None:
        assert scene.slap_window() == "closed"
        assert scene.attempt_marks() == []


def test_the_card_back_carries_no_value_letter_and_hands_stay_drawable():
    from game.kombio.card_art import CardArt
    from game.kombio.layout import MIN_CARD, Layout
    app, clock, match, scene = make([human("kb1"), BOT])
    art = CardArt(scene.text, "kombio")
    for width in (4, 16, 52, 100):
        assert art.back(width).get_width() == width
    assert Layout(2).card_width(60) >= MIN_CARD


def test_the_ability_outlines_only_legal_cards():
    app, clock, match, scene = make([human("kb1"), BOT, BOT], at_turn(0, "ability"))
    targets = scene.ability_targets()
    legal = match.session.legal_actions(0)
    named = {(a.owner, a.slot) for a in legal if isinstance(a, Peek)}
    named |= {p for a in legal if hasattr(a, "a") for p in (a.a, a.b)}
    assert targets and targets <= named


def test_the_reveal_note_explains_the_bonus():
    from game.kombio.scene import reveal_note
    lowest = RoundEnded(1, 0, ((1,), (5,)), (1, 5), (1, 15), (1, 15))
    assert "+10" in reveal_note(lowest, "Red")
    beaten = RoundEnded(1, 0, ((9,), (5,)), (9, 5), (24, 5), (24, 5))
    assert "+15" in reveal_note(beaten, "Red")
