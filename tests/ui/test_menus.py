"""Scripted presses drive the menus: main menu -> setup -> a game -> pause -> menu, settings and
rebinding, results and rematch. A stub game stands in for the real ones (see the end of the file
for the real Kabooom! flow, skipped while that game is missing)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, ClassVar

import pygame
import pytest

from game.core import Action, Engine, Event, GameConfig, Outcome, Termination, WireCodec, rank_winners
from game.core.options import Choice, Opt
from game.definition import GameDef
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.screens.menu import MainMenu
from game.ui.screens.pause import PauseScene
from game.ui.screens.results import ResultsScene
from game.ui.screens.rules_screen import RulesScreen
from game.ui.screens.settings_screen import BindingRow, SettingsScreen
from game.ui.screens.setup import GameSetup
from game.ui.toolkit.app import SIZE
from game.ui.toolkit.devices import InputRouter
from game.ui.toolkit.input import Press, key_code
from game.ui.toolkit.scene import Scene
from game.ui.toolkit.settings import load_settings

# -- a stub game: seats take turns taking one stone; the last stone wins ---------------------------


@dataclass(frozen=True)
class StubConfig(GameConfig):
    TAG: ClassVar[str] = "stub"
    difficulty: Annotated[str, Opt("Difficulty", (Choice("easy", note="Dealt for you"),
                                                  Choice("medium", note="You place yours"), Choice("hard")))] = "easy"


@dataclass(frozen=True)
class TakeOne(Action):
    TAG: ClassVar[str] = "take1"


@dataclass(frozen=True)
class Took(Event):
    TAG: ClassVar[str] = "took"
    seat: int


@dataclass
class StubState:
    players: int
    heap: int
    turn: int = 0
    taken: list | None = None


class StubEngine(Engine[StubState]):
    key: ClassVar[str] = "stub"
    title: ClassVar[str] = "Stub Game"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    actions: ClassVar[WireCodec] = WireCodec([TakeOne])
    events: ClassVar[WireCodec] = WireCodec([Took])
    configs: ClassVar[WireCodec] = WireCodec([StubConfig])

    def new_game(self, config, seed):
        self.check_config(config)
        return StubState(config.players, 3 + seed % 3, 0, [0] * config.players)

    def to_act(self, state):
        return frozenset() if state.heap == 0 else frozenset({state.turn})

    def legal_actions(self, state, seat):
        return [TakeOne(seat)] if state.heap and seat == state.turn else []

    def apply(self, state, action):
        self.require_legal(state, action)
        state.heap -= 1
        state.taken[action.seat] += 1
        state.turn = (state.turn + 1) % state.players
        return [Took(action.seat)]

    def view(self, state, seat):
        return {"heap": state.heap, "taken": list(state.taken), "players": state.players}

    def outcome(self, state):
        if state.heap:
            return None
        return Outcome(tuple(state.taken), rank_winners(state.taken), Termination.NO_MOVES)


class FirstLegal:
    def choose(self, view, legal):
        return legal[0]


def make_bot(level, seat, seed):
    return FirstLegal()


RULES = "Goal\nTake the last stone.\n\nTurns\n" + "Take one stone on your turn. " * 80


class StubScene(Scene):
    def __init__(self, app, match):
        super().__init__(app)
        self.match = match
        self.presses: list[Press] = []

    def handle(self, press):
        if press.button == "pause":
            self.app.push(PauseScene(self.app, self.match))
            return True
        self.presses.append(press)
        return True

    def update(self, dt):
        self.match.update(self.app.now())



HERE = __name__
STUB = GameDef.for_engine(StubEngine, tagline="A test of the menus.", config=StubConfig, bot=make_bot,
                          bot_levels=("easy", "hard"), rules=RULES, scene=f"{HERE}:StubScene",
                          result_line=lambda view, seat: f"took {view['taken'][seat]}")
LATER = GameDef.coming_soon("later", "Later Game", "Not ready.", 2, 6)


# -- helpers -------------------------------------------------------------------------------------

@pytest.fixture
def app(tmp_path):
    pygame.display.init()
    pygame.font.init()
    clock = {"t": 100.0}
    application = new_app(pygame.Surface(SIZE), clock=lambda: clock["t"], inputs=InputRouter(),
                      settings_path=tmp_path / "settings.json", games=(LATER, STUB))
    application.match_kwargs = {"inline_bots": True, "bot_think_time": 0.0}
    application.push(MainMenu(application))
    application.test_clock = clock
    return application


def keys(app, *names):
    """Press and release keys by name, through the app's input router, a frame after each."""
    for name in names:
        code = key_code(name)
        app.feed([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0),
                  pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)])
        step(app)


def step(app, seconds=1 / 60):
    app.test_clock["t"] += seconds
    app.frame([])


def press(app, button, device="kb1", pos=None):
    app.stack.dispatch("handle", Press(device, button, app.clock(), pos))
    step(app)


def focused_label(scene):
    item = scene.menu.focused
    return item.label if item is not None else None


def focus_row(scene, predicate, device="kb1"):
    """Move the focus down until `predicate(item)` holds, as a player would."""
    for _ in range(len(scene.menu.items) + 1):
        if scene.menu.focused is not None and predicate(scene.menu.focused):
            return
        press(scene.app, "down", device)
    raise AssertionError("no such row")


# -- main menu -----------------------------------------------------------------------------------

def test_main_menu_starts_on_the_first_playable_game(app):
    assert focused_label(app.stack.top) == "Stub Game"


def test_unavailable_game_shows_a_toast_and_stays(app):
    menu = app.stack.top
    keys(app, "w")                                # kb1 up: to "Later Game"
    assert focused_label(menu) == "Later Game"
    keys(app, "e")
    assert app.stack.top is menu
    assert any("coming soon" in t for t in app.toasts.texts)


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def test_mouse_hover_focuses_and_click_selects(app):
    menu = app.stack.top
    later = menu.menu.items[0]
    x, y = later.rect.center
    app.feed([motion((x - 40, y)), motion((x, y))])
    assert focused_label(menu) == "Later Game"
    stub = menu.menu.items[1]
    app.feed([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=stub.rect.center)])
    assert isinstance(app.stack.top, GameSetup)
    assert app.stack.top.seats[0].value == "mouse"        # the device that chose sits first


def test_a_resting_pointer_does_not_steal_the_keyboards_focus(app):
    menu = app.stack.top
    later = menu.menu.items[0].rect.center
    app.feed([motion(later)])                 # SDL's motion event as the window opens
    assert focused_label(menu) == "Stub Game"
    keys(app, "s")
    focused = focused_label(menu)
    app.feed([motion(later), motion((later[0] + 2, later[1]))])   # a window resize, a tremor
    assert focused_label(menu) == focused
    app.feed([motion((later[0] + 30, later[1]))])                  # the mouse really moves
    assert focused_label(menu) == "Later Game"


def test_any_zone_navigates(app):
    menu = app.stack.top
    for down, up in (("s", "w"), ("k", "i"), ("down", "up"), ("[5]", "[8]")):
        keys(app, down)
        assert focused_label(menu) != "Stub Game"
        keys(app, up)
        assert focused_label(menu) == "Stub Game"


def test_escape_on_main_menu_points_at_quit_and_quit_stops(app):
    keys(app, "escape")
    assert focused_label(app.stack.top) == "Quit"
    keys(app, "return")
    assert not app.running


# -- setup -> game -> pause -> menu --------------------------------------------------------------

def test_setup_starts_a_game_with_the_chosen_seats_and_remembers_them(app):
    keys(app, "e")                                 # kb1 chooses the stub game
    setup = app.stack.top
    assert isinstance(setup, GameSetup)
    assert [s.kind for s in setup.seats[:2]] == ["human", "bot"]
    assert setup.seats[0].value == "kb1"
    focus_row(setup, lambda i: i.label == "Players")
    keys(app, "d")                                 # 3 players
    assert setup.players == 3
    focus_row(setup, lambda i: i.label.startswith("Seat 3"))
    keys(app, "d")                                 # seat 3: from a bot to... the next choice
    focus_row(setup, lambda i: i.label == "Difficulty")
    keys(app, "d")
    assert setup.options["difficulty"] == "medium"
    focus_row(setup, lambda i: i.label == "Seed")
    keys(app, "4", "2", "7", "backspace", "1")    # backspace deletes a digit here
    assert setup.seed_field.text == "421"
    focus_row(setup, lambda i: i is setup.start_row)
    keys(app, "e")
    game = app.stack.top
    assert isinstance(game, StubScene)
    assert [type(s) for s in app.stack] == [MainMenu, StubScene]
    match = game.match
    assert match.players == 3 and match.seed == 421
    assert match.options["difficulty"] == "medium"
    assert match.plans[0] == SeatPlan("human", "kb1")
    assert match.plans[1] == SeatPlan("bot", level="easy")
    assert match.plans[2] == setup.seats[2].plan()
    saved = load_settings(app.settings_path).settings.last_setup["stub"]
    assert saved["players"] == 3 and saved["options"] == {"difficulty": "medium"}
    # The next setup of this game starts from the remembered one.
    again = GameSetup(app, STUB)
    assert again.players == 3 and again.options["difficulty"] == "medium"


def test_empty_seed_picks_a_random_one(app):
    keys(app, "e", "e")                            # choose the game, then Start (focused first)
    assert isinstance(app.stack.top, StubScene)
    assert 1 <= app.stack.top.match.seed < 2**31


def test_back_from_setup_returns_to_the_menu(app):
    keys(app, "e")
    assert isinstance(app.stack.top, GameSetup)
    keys(app, "backspace")
    assert isinstance(app.stack.top, MainMenu) and len(app.stack) == 1


def test_pause_resume_and_quit_to_menu(app):
    keys(app, "e", "e")
    game = app.stack.top
    keys(app, "escape")
    assert isinstance(app.stack.top, PauseScene)
    presses_before = len(game.presses)
    keys(app, "w", "s")                            # menu moves do not reach the paused game
    assert len(game.presses) == presses_before
    keys(app, "escape")                            # Esc resumes
    assert app.stack.top is game
    keys(app, "escape")
    pause = app.stack.top
    closed = []
    game.match.close = lambda: closed.append(True)
    focus_row(pause, lambda i: i.label == "Quit to menu")
    keys(app, "e")                                 # asks first; keeping on is the default
    assert app.stack.top is pause and pause.confirming and focused_label(pause) == "Keep playing"
    keys(app, "e")
    assert app.stack.top is game and closed == []
    keys(app, "escape")
    pause = app.stack.top
    focus_row(pause, lambda i: i.label == "Quit to menu")
    keys(app, "e")
    focus_row(pause, lambda i: i.label == "Quit, end this game")
    keys(app, "e")
    assert [type(s) for s in app.stack] == [MainMenu]
    assert closed == [True]


def test_pause_opens_rules_and_settings_over_the_game(app):
    keys(app, "e", "e")
    keys(app, "escape")
    pause = app.stack.top
    focus_row(pause, lambda i: i.label == "Rules")
    keys(app, "e")
    rules = app.stack.top
    assert isinstance(rules, RulesScreen)
    keys(app, "s", "s")
    assert rules.scroll > 0
    keys(app, "backspace")
    assert app.stack.top is pause
    focus_row(pause, lambda i: i.label == "Settings")
    keys(app, "e")
    assert isinstance(app.stack.top, SettingsScreen)
    keys(app, "escape")
    assert app.stack.top is pause


def test_a_game_that_cannot_start_says_why_and_stays_on_setup(app, monkeypatch):
    def broken(self, config, seed):
        raise ValueError("the board is missing")

    monkeypatch.setattr(StubEngine, "new_game", broken)
    keys(app, "e", "e")
    assert isinstance(app.stack.top, GameSetup)
    assert any("the board is missing" in t for t in app.toasts.texts)


def test_unplugged_pad_seat_cannot_start(app):
    keys(app, "e")
    setup = app.stack.top
    setup.seats[1] = type(setup.seats[1])("human", "pad3")
    setup._build()
    keys(app, "e")
    assert app.stack.top is setup
    assert any("not connected" in t for t in app.toasts.texts)


def test_setup_lists_a_gamepad_when_one_is_plugged_in(app):
    class Pad:
        def get_instance_id(self):
            return 5

        def get_name(self):
            return "Test Pad"

    app.inputs._open_joystick = lambda index: Pad()
    keys(app, "e")
    setup = app.stack.top
    app.feed([pygame.event.Event(pygame.JOYDEVICEADDED, device_index=0)])
    step(app)
    seat_row = next(i for i in setup.menu.items if i.label.startswith("Seat 1"))
    assert any(c.value == "pad0" for c in seat_row.choices)
    # The pad itself can drive the menus.
    app.feed([pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=5, button=1)])
    assert isinstance(app.stack.top, MainMenu)


# -- results ---------------------------------------------------------------------------------------

def finished_match(app, players=2):
    match = Match(STUB, players, {"difficulty": "easy"},
                  tuple([SeatPlan("human", "kb1")] + [SeatPlan("bot", level="easy")] * (players - 1)),
                  seed=3, inline_bots=True, bot_think_time=0.0)   # a heap of 3: Red takes 2
    while match.session.outcome() is None:
        seat = min(match.session.to_act())
        match.session.submit(match.session.legal_actions(seat)[0])
    return match


def test_results_show_winners_details_and_rematch(app):
    match = finished_match(app)
    game = StubScene(app, match)
    app.stack.reset(game)
    played = []
    app.audio = type("Rec", (), {"play": lambda self, n: played.append(n),
                                 "apply": lambda self, s: None})()
    results = ResultsScene(app, match)
    app.push(results)
    step(app)
    assert "game_end" in played
    assert results.details == [f"took {n}" for n in match.session.view(None)["taken"]]
    assert results.outcome.winners == (0,)
    assert focused_label(results) == "Rematch"
    keys(app, "e")
    new_game = app.stack.top
    assert isinstance(new_game, StubScene) and new_game.match is not match
    assert new_game.match.plans == match.plans
    assert game not in list(app.stack) and results not in list(app.stack)


def test_results_main_menu(app):
    match = finished_match(app, 3)
    app.stack.reset(StubScene(app, match))
    app.push(ResultsScene(app, match))
    keys(app, "escape")                            # Esc only points at the way out
    assert isinstance(app.stack.top, ResultsScene)
    assert focused_label(app.stack.top) == "Main menu"
    keys(app, "e")
    assert [type(s) for s in app.stack] == [MainMenu]


# -- settings --------------------------------------------------------------------------------------

def open_settings(app):
    menu = app.stack.top
    focus_row(menu, lambda i: i.label == "Settings")
    keys(app, "e")
    screen = app.stack.top
    assert isinstance(screen, SettingsScreen)
    return screen


def test_rebinding_a_key(app):
    screen = open_settings(app)
    focus_row(screen, lambda i: isinstance(i, BindingRow) and i.button == "up")
    keys(app, "e")                                 # the kb1 column: capture its Up key
    assert screen.grid.capturing == ("kb1", "up")
    keys(app, "i")                                 # taken by kb2's Up: refused
    assert screen.grid.capturing == ("kb1", "up")
    assert app.settings.bindings["kb1"]["up"] == "w"
    assert any("already used" in t for t in app.toasts.texts)
    keys(app, "t")
    assert screen.grid.capturing is None
    assert app.settings.bindings["kb1"]["up"] == "t"
    assert load_settings(app.settings_path).settings.bindings["kb1"]["up"] == "t"
    # The router follows at once: T is kb1's up now, W is nothing.
    router = app.inputs
    t_down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t", scancode=0)
    assert [(p.device, p.button) for p in router.translate(t_down, 0)] == [("kb1", "up")]
    w_down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_w, mod=0, unicode="w", scancode=0)
    assert router.translate(w_down, 0) == []


def test_rebinding_in_another_column_and_cancel(app):
    screen = open_settings(app)
    focus_row(screen, lambda i: isinstance(i, BindingRow) and i.button == "slap")
    keys(app, "d", "d")                            # to the third zone's column
    keys(app, "e")
    assert screen.grid.capturing == ("kb3", "slap")
    keys(app, "escape")                            # cancels, and does not leave the screen
    assert screen.grid.capturing is None and app.stack.top is screen
    assert app.settings.bindings["kb3"]["slap"] == "right shift"
    keys(app, "e")
    keys(app, "backspace")                         # reserved for going back
    assert app.settings.bindings["kb3"]["slap"] == "right shift"
    keys(app, "escape")
    assert screen.grid.capturing is None


def test_general_settings_change_and_save(app):
    screen = open_settings(app)
    focus_row(screen, lambda i: i.label == "Volume")
    keys(app, "a")
    assert app.settings.volume == 70
    focus_row(screen, lambda i: i.label == "Sound")
    keys(app, "d")
    assert app.settings.muted is True
    focus_row(screen, lambda i: i.label == "Fullscreen")
    keys(app, "d")
    assert app.settings.fullscreen is True
    saved = load_settings(app.settings_path).settings
    assert (saved.volume, saved.muted, saved.fullscreen) == (70, True, True)
    keys(app, "backspace")
    assert isinstance(app.stack.top, MainMenu)


def test_reset_keys(app):
    app.settings.bindings["kb1"]["up"] = "t"
    screen = open_settings(app)
    focus_row(screen, lambda i: type(i).__name__ == "ButtonRow")
    keys(app, "e")
    assert app.settings.bindings["kb1"]["up"] == "w"


# -- drawing -------------------------------------------------------------------------------------

def test_every_screen_draws(app):
    match = finished_match(app)
    for scene in (MainMenu(app), GameSetup(app, STUB), SettingsScreen(app), RulesScreen(app, STUB),
                  PauseScene(app, match), ResultsScene(app, match)):
        app.stack.reset(scene)
        app.toast("A notice")
        step(app)
        assert app.surface.get_at((5, 5)) != (0, 0, 0, 255)      # the backdrop or veil is there


def test_rules_scroll_is_clamped(app):
    rules = RulesScreen(app, STUB)
    app.push(rules)
    for _ in range(500):
        press(app, "down")
    assert rules.scroll == rules.max_scroll > 0
    app.feed([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=100, flipped=False)])
    assert rules.scroll == 0


# -- the real game, once it is there ---------------------------------------------------------------

def test_kabooom_starts_from_the_real_menu(tmp_path):
    pytest.importorskip("game.kabooom.scene")
    pytest.importorskip("game.kabooom.bot")
    pygame.display.init()
    clock = {"t": 0.0}
    app = new_app(pygame.Surface(SIZE), clock=lambda: clock["t"], inputs=InputRouter())
    app.match_kwargs = {"inline_bots": True, "bot_think_time": 0.0}
    app.test_clock = clock
    app.push(MainMenu(app))
    while focused_label(app.stack.top) != "Kabooom!":     # down the list of games
        keys(app, "down")
    keys(app, "return", "return")
    top = app.stack.top
    assert type(top).__name__ == "KabooomScene"
    for _ in range(10):
        step(app)
    keys(app, "escape")
    assert isinstance(app.stack.top, PauseScene)
    top.match.close()


def test_toasts_fade_away(app):
    app.toast("Hello")
    app.toast("Hello")                  # the same notice twice shows once
    assert app.toasts.texts == ["Hello"]
    for _ in range(200):                # a little over three seconds
        step(app)
    assert app.toasts.texts == []


# -- how to play ---------------------------------------------------------------------------------

def test_how_to_play_on_the_main_menu_opens_the_rules_of_the_game_pointed_at(app):
    menu = app.stack.top
    assert focused_label(menu) == "Stub Game"
    focus_row(menu, lambda item: item.label == "How to play")
    press(app, "select")
    rules = app.stack.top
    assert isinstance(rules, RulesScreen) and rules.info is STUB


def test_how_to_play_on_the_setup_screen_and_each_option_explained(app):
    keys(app, "e")
    setup = app.stack.top
    assert isinstance(setup, GameSetup)
    difficulty = next(i for i in setup.menu.items if getattr(i, "label", "") == "Difficulty")
    assert difficulty.detail is not None and difficulty.detail() == "Dealt for you"
    difficulty.adjust(1)
    assert difficulty.detail() == "You place yours"
    setup.menu.focus_on(setup.start_row)
    setup.start_row.index = [b.label for b in setup.start_row.buttons].index("How to play")
    press(app, "select")
    assert isinstance(app.stack.top, RulesScreen) and app.stack.top.info is STUB
    press(app, "back")
    assert app.stack.top is setup


def test_an_option_that_means_nothing_with_the_others_is_greyed_and_cannot_change(app):
    from game.games import game_by_key

    setup = GameSetup(app, game_by_key("combi_nations"))
    app.push(setup)
    step(app)
    focus_row(setup, lambda i: i.label == "Country")
    while setup.options["country"] != "free":
        keys(app, "d")
    preset = next(i for i in setup.menu.items if i.label == "Preset shape")
    before = setup.options["preset"]
    focus_row(setup, lambda i: i is preset)
    keys(app, "d")
    assert setup.options["preset"] == before and not preset.live
    assert preset.inactive_note == "only with Country: Preset shape"
    focus_row(setup, lambda i: i.label == "Country")
    while setup.options["country"] != "preset":
        keys(app, "d")
    focus_row(setup, lambda i: i is preset)
    keys(app, "d")
    assert setup.options["preset"] != before and preset.live
