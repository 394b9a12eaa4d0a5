"""The scene stack: input passes down until consumed, pauses_below, opaque drawing, enter/exit."""
import pygame

from game.ui.toolkit.app import App
from game.ui.toolkit.input import Press
from game.ui.toolkit.scene import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name, log, *, consume=False, opaque=True, pauses_below=True):
        super().__init__(None)
        self.name, self.log, self.consume = name, log, consume
        self.opaque, self.pauses_below = opaque, pauses_below

    def on_enter(self):
        self.log.append(("enter", self.name))

    def on_exit(self):
        self.log.append(("exit", self.name))

    def handle(self, press):
        self.log.append(("handle", self.name))
        return self.consume

    def handle_raw(self, event):
        self.log.append(("raw", self.name))
        return False

    def update(self, dt):
        self.log.append(("update", self.name))

    def draw(self, surface, alpha):
        self.log.append(("draw", self.name))


def only(log, kind):
    return [name for k, name in log if k == kind]


def test_events_pass_down_until_consumed():
    log = []
    stack = SceneStack()
    stack.push(Probe("bottom", log, consume=True))
    stack.push(Probe("middle", log, consume=True))
    stack.push(Probe("top", log))
    log.clear()
    assert stack.dispatch("handle", Press("kb1", "select"))
    assert only(log, "handle") == ["top", "middle"]       # bottom never saw it


def test_unconsumed_event_reaches_every_scene():
    log = []
    stack = SceneStack()
    for name in ("a", "b"):
        stack.push(Probe(name, log))
    log.clear()
    assert not stack.dispatch("handle", Press("kb1", "up"))
    assert only(log, "handle") == ["b", "a"]


def test_pauses_below_stops_updates_of_lower_scenes():
    log = []
    stack = SceneStack()
    stack.push(Probe("game", log))
    stack.push(Probe("hud", log, pauses_below=False))
    log.clear()
    stack.update(1 / 120)
    assert only(log, "update") == ["hud", "game"]
    stack.push(Probe("pause", log, pauses_below=True))
    log.clear()
    stack.update(1 / 120)
    assert only(log, "update") == ["pause"]


def test_drawing_starts_at_the_highest_opaque_scene():
    log = []
    stack = SceneStack()
    stack.push(Probe("menu", log))
    stack.push(Probe("game", log))
    stack.push(Probe("pause", log, opaque=False))
    stack.push(Probe("toast", log, opaque=False))
    log.clear()
    stack.draw(pygame.Surface((4, 4)), 0.0)
    assert only(log, "draw") == ["game", "pause", "toast"]


def test_replace_reset_and_pop_call_exit_and_enter():
    log = []
    stack = SceneStack()
    a, b = Probe("a", log), Probe("b", log)
    stack.push(a)
    stack.push(b)
    log.clear()
    stack.replace(Probe("c", log))
    assert log == [("exit", "b"), ("enter", "c")]
    log.clear()
    stack.pop()
    assert log == [("exit", "c"), ("enter", "a")]      # the uncovered scene hears about it
    stack.push(Probe("d", log))
    log.clear()
    stack.reset(Probe("menu", log))
    assert log == [("exit", "d"), ("exit", "a"), ("enter", "menu")]
    assert len(stack) == 1 and stack.top.name == "menu"


def test_remove_from_the_middle_keeps_the_top():
    log = []
    stack = SceneStack()
    a, b, c = Probe("a", log), Probe("b", log), Probe("c", log)
    for s in (a, b, c):
        stack.push(s)
    log.clear()
    stack.remove(b)
    assert log == [("exit", "b")]
    assert list(stack) == [a, c]


def test_app_feeds_raw_events_then_presses_from_its_input_router():
    log = []

    class Router:
        def translate(self, event, now):
            return [Press("kb1", "select", now)] if event.type == pygame.KEYDOWN else []

    app = App(pygame.Surface((8, 8)), inputs=Router(), clock=lambda: 5.0)
    app.push(Probe("menu", log, consume=True))
    log.clear()
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="e")])
    assert log == [("raw", "menu"), ("handle", "menu")]


def test_f11_toggles_fullscreen_in_any_scene():
    log = []
    app = App(pygame.Surface((8, 8)), clock=lambda: 0.0)
    app.push(Probe("game", log))
    assert app.settings.fullscreen is False
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="")])
    assert app.settings.fullscreen is True
    assert only(log, "raw") == []                # handled before the scenes see it


def test_shutdown_exits_every_scene_and_closes_their_matches_once():
    log = []
    closed = []

    class FakeMatch:
        def close(self):
            closed.append(self)

    match = FakeMatch()
    app = App(pygame.Surface((8, 8)), clock=lambda: 0.0)
    game, pause = Probe("game", log), Probe("pause", log, opaque=False)
    game.match = pause.match = match
    app.push(game)
    app.push(pause)
    log.clear()
    app.shutdown()
    assert only(log, "exit") == ["pause", "game"]
    assert closed == [match] and len(app.stack) == 0
