"""Hidden information on one screen: each human at the screen sees their own hand only when it is
their turn to look, behind a curtain when the screen passes between humans; bots' and others'
secrets are never drawn; private events reach the scene only for the seat that may see them."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

import pygame
import pytest

from game.core import Action, Engine, Event, GameConfig, Outcome, Rng, WireCodec, rank_winners
from game.core.engine import GameType, Termination
from game.core.view import ViewCodec
from game.definition import GameDef
from game.ui.play.curtain import ViewerPolicy
from game.ui.play.game_screen import GameScreen
from game.ui.play.match import Match, SeatPlan
from game.ui.play.presenters import Presenters, presents
from game.ui.routes import new_app
from game.ui.toolkit.app import SIZE, STEP
from game.ui.toolkit.input import Press
from game.ui.toolkit.text import RecordingFonts, RecordingSurface, TextRecorder
from game.ui.toolkit.theme import BG
from tests.ui.text_checks import faults

# -- a toy card game with hands: draw a card (only you see which), three turns each -----------------


@dataclass(frozen=True)
class ToyConfig(GameConfig):
    TAG: ClassVar[str] = "toy"


@dataclass(frozen=True)
class Draw(Action):
    TAG: ClassVar[str] = "draw"


@dataclass(frozen=True)
class Drew(Event):
    TAG: ClassVar[str] = "drew"
    seat: int
    card: int | None      # None for everyone but the drawer


@dataclass(frozen=True)
class ToyView:
    sizes: tuple[int, ...]
    turn: int
    hand: tuple[int, ...]        # the viewer's own cards (none for a spectator)


def fold(view: ToyView, event: Event) -> ToyView:
    if not isinstance(event, Drew):
        return view
    sizes = tuple(n + 1 if s == event.seat else n for s, n in enumerate(view.sizes))
    hand = view.hand + (event.card,) if event.card is not None else view.hand
    return dataclasses.replace(view, sizes=sizes, turn=(event.seat + 1) % len(sizes), hand=hand)


@dataclass
class ToyState:
    hands: list[list[int]]
    deck: list[int]
    turn: int = 0


class ToyEngine(Engine[ToyState]):
    key: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy Cards"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    actions: ClassVar[WireCodec] = WireCodec([Draw])
    events: ClassVar[WireCodec] = WireCodec([Drew])
    configs: ClassVar[WireCodec] = WireCodec([ToyConfig])
    views: ClassVar[ViewCodec[ToyView]] = ViewCodec(ToyView)
    game_type: ClassVar[GameType] = GameType(hidden_information=True)

    def new_game(self, config, seed):
        deck = list(range(100, 130))
        Rng(seed).shuffle(deck)
        return ToyState([[deck.pop()] for _ in range(config.players)], deck)

    def to_act(self, state):
        return frozenset() if self._over(state) else frozenset({state.turn})

    def _over(self, state):
        return all(len(h) >= 4 for h in state.hands)

    def legal_actions(self, state, seat):
        return [Draw(seat)] if seat in self.to_act(state) else []

    def apply(self, state, action):
        self.require_legal(state, action)
        card = state.deck.pop()
        state.hands[action.seat].append(card)
        state.turn = (state.turn + 1) % len(state.hands)
        return [Drew(action.seat, card)]

    def redact(self, event, seat):
        return event if seat == event.seat else Drew(event.seat, None)

    def view(self, state, seat):
        return ToyView(tuple(len(h) for h in state.hands), state.turn,
                       tuple(state.hands[seat]) if seat is not None else ())

    def fold(self, view, event):
        return fold(view, event)

    def outcome(self, state):
        if not self._over(state):
            return None
        scores = [sum(h) for h in state.hands]
        return Outcome(tuple(scores), rank_winners(scores), Termination.NO_MOVES)


class ToyPresenters(Presenters[ToyView]):
    def __init__(self) -> None:
        self.started: list[Any] = []

    @presents(Drew)
    def drew(self, event, before):
        self.started.append(event)
        return None


class ToyScene(GameScreen[ToyView]):
    def __init__(self, app, match):
        super().__init__(app, match)
        self.presenters = ToyPresenters()
        self.started = self.presenters.started
        self.drawn_views: list[ToyView] = []

    def handle_game(self, press):
        seat = self.match.acting_seat_of(press.device)
        if press.button == "select" and seat is not None:
            return self.submit(Draw(seat))
        return False

    def draw_game(self, surface, alpha):
        surface.fill((200, 200, 200))
        self.drawn_views.append(self.view)


class FirstLegal:
    def choose(self, view, legal):
        return legal[0]


def make_bot(level, seat, seed):
    return FirstLegal()


HERE = __name__
TOY = GameDef.for_engine(ToyEngine, tagline="Cards in hand.", config=ToyConfig,
                         bot=make_bot, bot_levels=("easy",), rules="Draw cards.", scene=f"{HERE}:ToyScene")


@pytest.fixture(autouse=True)
def _pygame(pygame_video):
    yield


def start(plans: list[SeatPlan]) -> tuple[Any, ToyScene, Match]:
    app = new_app(pygame.Surface(SIZE))
    match = Match(TOY, len(plans), {}, tuple(plans), 3, bot_think_time=0.0, inline_bots=True)
    scene = ToyScene(app, match)
    app.push(scene)
    return app, scene, match


def run(app, steps: int = 3) -> None:
    for _ in range(steps):
        app.advance(STEP)
    app.draw()


def press(app, device: str, button: str = "select") -> None:
    app.stack.dispatch("handle", Press(device, button, 0.0, None))
    run(app)


def hand(match: Match, seat: int) -> tuple[int, ...]:
    return match.session.view(seat).hand


def test_two_humans_pass_the_screen_behind_a_curtain():
    app, scene, match = start([SeatPlan("human", "kb1"), SeatPlan("human", "kb2")])
    run(app)
    assert scene.curtain_seat == 0 and scene.viewer is None, "the first player takes the screen first"
    assert scene.drawn_views == [], "nothing of the game is drawn behind the curtain"
    assert app.surface.get_at((5, 5))[:3] == BG
    press(app, "kb2")                                          # Blue cannot take Red's screen
    assert scene.curtain_seat == 0 and "Waiting for Red" in scene.curtain.note
    press(app, "kb1")
    assert scene.viewer == 0 and scene.curtain_seat is None
    assert scene.view.hand == hand(match, 0) and scene.drawn_views[-1].hand == hand(match, 0)
    press(app, "kb1")                                          # Red draws: the screen goes to Blue
    assert scene.curtain_seat == 1 and scene.viewer is None
    assert scene.view.hand == ()
    count = len(scene.drawn_views)
    run(app, 30)
    assert len(scene.drawn_views) == count
    press(app, "kb2")
    assert scene.viewer == 1 and scene.view.hand == hand(match, 1)
    assert all(v.hand in ([], hand(match, 0)[: len(v.hand)], hand(match, 1)[: len(v.hand)])
               for v in scene.drawn_views)


def test_a_wrong_press_on_the_curtain_says_so_clear_of_its_lines_and_not_after_the_screen_is_taken():
    recorder = TextRecorder()
    app = new_app(RecordingSurface(SIZE, recorder), fonts=RecordingFonts(recorder))
    match = Match(TOY, 2, {}, (SeatPlan("human", "kb1"), SeatPlan("human", "kb2")), 3,
                  bot_think_time=0.0, inline_bots=True)
    scene = ToyScene(app, match)
    app.push(scene)
    run(app)
    press(app, "kb2")                                          # Blue presses on Red's curtain
    recorder.clear()
    app.draw()
    shown = [t.text for t in recorder.texts]
    assert "Waiting for Red to take the screen" in shown
    assert any(t.startswith("Everyone else: look away") for t in shown)
    assert faults("curtain, wrong key", recorder, app.surface.get_rect()) == []
    press(app, "kb1")                                          # Red takes the screen
    recorder.clear()
    app.draw()
    assert scene.curtain_seat is None
    assert not any("take the screen" in t.text for t in recorder.texts)


def test_private_events_reach_only_the_seat_that_drew():
    app, scene, match = start([SeatPlan("human", "kb1"), SeatPlan("human", "kb2")])
    run(app)
    press(app, "kb1")
    press(app, "kb1")                                          # Red draws, sees the card, then the curtain
    red_card = hand(match, 0)[-1]
    assert scene.started == [type(scene.started[0])(0, red_card)]
    press(app, "kb2")
    press(app, "kb2")                                          # Blue draws
    blue_card = hand(match, 1)[-1]
    assert scene.started[-1].card == blue_card
    assert red_card not in [e.card for e in scene.started[1:]], "Blue never sees Red's card"


def test_the_same_human_again_needs_no_curtain_and_a_bots_hand_is_never_shown():
    app, scene, match = start([SeatPlan("human", "kb1"), SeatPlan("bot", level="easy"),
                               SeatPlan("bot", level="easy")])
    run(app, 60)
    assert scene.curtain_seat is None, "one human at the screen: no curtain"
    assert scene.viewer == 0
    assert all(v.hand == hand(match, 0)[: len(v.hand)] for v in scene.drawn_views)
    press(app, "kb1")
    run(app, 60)
    assert match.session.step >= 3
    bot_cards = {c for s in (1, 2) for c in hand(match, s)}
    assert not bot_cards & {e.card for e in scene.started}, "the bots' draws stay hidden"


def test_the_viewer_policy_in_the_abstract():
    policy = ViewerPolicy((0, 2), private=True)
    assert policy.follow(0) and (policy.viewer, policy.waiting) == (None, 0)
    policy.lift()
    assert policy.viewer == 0 and policy.last == 0
    assert policy.follow(None) and policy.viewer is None       # a bot's turn: nobody's hand
    assert policy.follow(0) and policy.viewer == 0 and policy.waiting is None   # Red again, nobody else looked
    assert policy.follow(2) and (policy.viewer, policy.waiting) == (None, 2)
    assert not policy.follow(2)
    public = ViewerPolicy((1, 2), private=False)
    assert public.viewer == 1 and not public.follow(2) and public.viewer == 1
