"""The game-screen base every game's scene builds on: what is the same in every game.

It takes the session's steps and shows their events one at a time (game.ui.play.show: a burst of bot
moves still shows move by move), each through the game's presenter for its kind (game.ui.play.
presenters) and narrated in the move log by the game's own narration; it owns the shown view, the
viewer's view as far as the animations have got, checked against the truth whenever they are done.
It lets the bots move only once the display has caught up, routes each press to the curtain or to
the game (game.ui.play.press_routing), where the seat it is for moves its focus or acts on what the
focus shows (game.ui.play.seat_input), submits actions and turns a refusal into a message, shows
messages and banners, names each device's keys, and hands the LAN overlay the places to draw. At
the end it shows the winner and then the results screen.

A game's scene is generic over its view type V. It sets `presenters`, lists each seat's focusables in
`targets`, says where a focus lands after a step in `landing`, draws from `self.shown` in `draw_game`,
and reads `self.view` (the truth) for what a press does. The other hooks below have defaults.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import pygame

from game.core.engine import Action, Event
from game.core.errors import IllegalActionError
from game.core.session import Step
from game.ui.play.banner import Banner, BannerPainter
from game.ui.play.curtain import Curtain, ViewerPolicy
from game.ui.play.focus import ACROSS_WEIGHT, Focusable, Key
from game.ui.play.key_labels import key_labels, move_label, select_label
from game.ui.play.layout import WHOLE_SCREEN, TableLayout
from game.ui.play.move_log import MoveLog
from game.ui.play.presenters import Animation, Presenters, speed_for
from game.ui.play.press_routing import PressRouting
from game.ui.play.seat_input import SeatInput
from game.ui.play.show import Show
from game.ui.play.table_time import TableTime
from game.ui.toolkit import theme
from game.ui.toolkit.input import Press
from game.ui.toolkit.scene import Scene
from game.ui.toolkit.seat_marks import winner_line
from game.ui.toolkit.text import TextCache, sentence
from game.ui.toolkit.toast import Toast, Toasts

if TYPE_CHECKING:
    from game.ui.play.match import DeviceSeats as Match
    from game.ui.toolkit.app import App

Colour = tuple[int, int, int]
V = TypeVar("V")


class GameScreen(Scene, Generic[V]):
    layout: TableLayout = WHOLE_SCREEN      # a game's scene sets its own Layout (and declares its type)
    LOG_LINES: ClassVar[int] = 4        # moves in view in a game's log: a round of four players
    END_DELAY: ClassVar[float] = 1.0    # the last animation and a beat to read the board before the results
    OWN: ClassVar[str] = "own"          # message slots: feedback to a player's own input ...
    OTHERS: ClassVar[str] = "others"    # ... and what others did ("Red passes")

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app)
        self.match = match
        self.session = match.session
        self.text = TextCache(app.fonts)
        engine = self.session.engine
        if not engine.folds:
            raise TypeError(f"{engine.title}'s screen needs the engine's fold (game.core.view)")
        local = set(self.session.local_seats)
        humans = tuple(i for i, p in enumerate(match.plans) if p.kind == "human" and i in local)
        self.policy = ViewerPolicy(humans, engine.game_type.private)
        self.curtain = Curtain(self.text)
        self.policy.follow(self.looking_seat())
        if self.viewer is not None:
            self.policy.shown(self.viewer)
        self.view, self.view_step = self._truth(self.viewer)   # the truth as the viewer sees it, and its step
        self.show: Show[V] = Show(engine, self.view, self.view_step)
        self.presenters: Presenters[V] | None = None       # a game's scene sets its own
        self.narrate = match.info.narrate
        self.input = SeatInput(self)
        self.messages = Toasts(style="pill", max_shown=2, text_size=26)
        self.banner: Banner | None = None
        self.moves = MoveLog()                     # the game's moves, for the game's log panel
        self.pointer: tuple[int, int] | None = None
        self._legal_cache: tuple[int, dict[int, list[Any]]] = (-1, {})
        self._focusables: dict[int, tuple[tuple[int, int, int, int | None], Sequence[Focusable]]] = {}
        self._changes = 0          # presses and the screen's own changes: its choices may differ
        self._snapshots = self.session.snapshots
        self._end_age: float | None = None
        self._results_shown = False
        self.banners = BannerPainter(self.text)
        self.time = TableTime(self)
        self.routing = PressRouting(self)

    # -- the shown view -----------------------------------------------------------------------------

    @property
    def shown(self) -> V:
        """The viewer's view as far as the animations have got: what the table draws."""
        return self.show.view

    @property
    def anim(self) -> Animation | None:
        """The animation running now (its event not yet folded into `shown`)."""
        return self.show.anim

    # -- the hooks a game's scene overrides --------------------------------------------------------

    def _start(self, event: Event, before: V) -> Animation | None:
        """The animation that shows one event (None: shown at once): the game's presenter for it."""
        if self.presenters is None:
            return None
        self.presenters.speed = speed_for(self.backlog())
        return self.presenters.present(event, before)

    def targets(self, seat: int) -> Sequence[Focusable]:
        """Everything `seat`'s focus may rest on now, with what Select does there."""
        return ()

    def landing(self, seat: int, step: Step) -> Key | None:
        """Where `seat`'s focus goes when `step` arrives (None: it stays): the game's choice."""
        return None

    def action_button(self, seat: int, target: Focusable | None, press: Press) -> None:
        """The game's action button (Pass, Slap, End turn), with `seat`'s focus on `target`."""

    def back(self, seat: int) -> bool:
        """Back (Backspace, B, right click) for `seat`: step out of a choice in progress."""
        return False


    def steps_arrived(self, steps: list[Step]) -> None:
        """New steps were taken and `self.view` is the new truth (clear stale picks here)."""

    def viewer_changed(self) -> None:
        """Another seat's view (or the public one) is drawn from now on."""

    def handle_game(self, press: Press) -> bool:
        """A press for the game (pause, the curtain and the end were dealt with). True if consumed.
        By default: the seat it is for moves its focus or acts on it (game.ui.play.seat_input)."""
        return self.input.press(press, self.action_button, self.back)

    def passes_curtain(self, press: Press) -> bool:
        """Whether `press` reaches the game while the curtain is up: in a simultaneous game the
        others' real-time presses (a slap) must not wait for one player to take the screen."""
        return False

    def pointer_moved(self, pos: tuple[int, int]) -> None:
        """The mouse moved to `pos` in logical coordinates: its seat's focus follows the hover."""
        self.input.hover(pos)

    def update_game(self, dt: float) -> None:
        """The game's own per-step upkeep (effects, timers)."""

    def effects_running(self) -> bool:
        """Something is still to be seen before the results screen may open."""
        return False

    def draw_game(self, surface: pygame.Surface, alpha: float) -> None:
        """Draw the game (board, panels, cursors)."""

    def message_anchor(self) -> tuple[int, int]:
        """Where the newest message is centred: the layout's."""
        return self.layout.message_anchor

    def banner_anchor(self) -> tuple[int, int]:
        return self.layout.banner_anchor

    def seat_rect(self, seat: int) -> pygame.Rect:
        """Where a seat's card is, for the LAN overlay ("away 0:12")."""
        return pygame.Rect(0, 0, 0, 0)

    def status_rect(self) -> pygame.Rect:
        """Where the LAN overlay may say what the game waits for: the layout's."""
        return self.layout.status_rect

    def log_rect(self) -> pygame.Rect:
        """Where the game draws `self.moves`: the mouse wheel over it scrolls the log."""
        return self.layout.log_rect

    def looking_seat(self) -> int | None:
        """The human at this screen who should see their private view now: by default the one to act
        (the lowest seat first where several may act, one at a time)."""
        acting = self.human_seats_to_act()
        if not acting:
            return None
        if self.session.engine.game_type.simultaneous and len(acting) > 1:
            return None       # several may act at once: nobody's secrets on the shared screen
        return acting[0]

    # -- reading the game --------------------------------------------------------------------------

    @property
    def viewer(self) -> int | None:
        return self.policy.viewer

    @property
    def players(self) -> int:
        return len(self.match.plans)

    def seat_name(self, seat: int) -> str:
        return theme.PLAYER_NAMES[seat]

    def is_bot(self, seat: int) -> bool:
        return 0 <= seat < len(self.match.plans) and self.match.plans[seat].kind == "bot"

    def thinks(self, seat: int) -> bool:
        """A bot deciding now: never in a replay, whose moves are all on the file."""
        return self.is_bot(seat) and not self.match.watched

    def is_human(self, seat: int) -> bool:
        return seat in self.policy.humans

    def human_seats_to_act(self) -> list[int]:
        return [s for s in sorted(self.session.to_act()) if self.is_human(s)]

    def acting_human(self) -> int | None:
        acting = self.human_seats_to_act()
        return acting[0] if acting else None

    def mouse_seat(self) -> int | None:
        # The mouse acts for its own seats; where nobody plays with it, it helps whichever local
        # human is to move (a keyboard player may still click).
        seat = self.match.acting_seat_of("mouse")
        if seat is None and not self.match.seats_of("mouse"):
            seat = self.acting_human()
            if seat is not None and not self.device_of(seat):
                seat = None      # a seat nobody plays at this screen (a replay's eyes): no pointer helps
        return seat

    def legal(self, seat: int) -> list[Any]:
        step, cache = self._legal_cache
        if step != self.session.step:
            cache = {}
            self._legal_cache = (self.session.step, cache)
        if seat not in cache:
            cache[seat] = self.session.legal_actions(seat)
        return cache[seat]

    def busy(self) -> bool:
        """An animation is running or waiting: the display is behind the truth."""
        return self.show.busy

    def held_for(self) -> int | None:
        """The seat whose Select the screen waits for before the table goes on (KOMBIO: a look
        being read), None when it waits for nobody's."""
        return None

    def let_go(self) -> bool:
        """Go on from what the screen holds for its player's Select (`held_for`) as if they had
        pressed it (a replay's viewer does, for eyes nobody presses with); False if nothing waits."""
        return False

    def backlog(self) -> int:
        """Events waiting to be shown (a scene may play a backlog faster)."""
        return self.show.backlog

    # -- for seat input (game.ui.play.seat_input) ----------------------------------------------------

    def human_seats(self) -> tuple[int, ...]:
        return self.policy.humans

    def device_of(self, seat: int) -> str:
        plan = self.match.plans[seat]
        return plan.device if plan.kind == "human" else ""

    def seat_for(self, device: str) -> int | None:
        """The seat a press of `device` is for: one of its seats that may act now, else its first;
        the mouse, where nobody plays with it, helps the local human to act."""
        if device == "mouse":
            return self.mouse_seat()
        acting = self.match.acting_seat_of(device)
        if acting is not None:
            return acting
        seats = [s for s in self.match.seats_of(device) if self.is_human(s)]
        return seats[0] if seats else None

    def click_sound(self) -> None:
        self.app.audio.play("click")

    FOCUS_ACROSS: ClassVar[float] = ACROSS_WEIGHT     # a screen of hexes sets a smaller weight

    @property
    def focus_across(self) -> float:
        return self.FOCUS_ACROSS

    def button_label(self, seat: int, button: str) -> str:
        """The key `seat` presses for `button`, as its device is bound ("E", "Enter", "A")."""
        devices = self.devices_of(seat)
        if not devices or devices[0] == "mouse":
            return "Click"
        return self.key_labels(devices[0]).get(button, button.capitalize())

    def focusables(self, seat: int) -> Sequence[Focusable]:
        """`targets(seat)`, made again only when what they are made from may have changed: a step,
        the shown view, an input event (a choice in progress), `changed()`, the viewer. Drawing
        asks every frame."""
        key = (self.session.step, self.show.version, self._changes, self.viewer)
        cached = self._focusables.get(seat)
        if cached is None or cached[0] != key:
            cached = self._focusables[seat] = (key, tuple(self.targets(seat)))
        return cached[1]

    def changed(self) -> None:
        """The screen's choices changed without an input event (a timer, a focus landing with a
        new turning of a tile): the focusables are made again."""
        self._changes += 1

    @property
    def curtain_seat(self) -> int | None:
        """The seat the curtain is up for, None when the screen shows the game."""
        return self.policy.waiting

    def attending(self) -> frozenset[int] | None:
        """The seat a shared (hot-seat) screen is given to just now: the one the curtain is up for,
        else the one it shows (reading a look, say). Only its silence counts against a choice's
        time: the others cannot act until the screen is theirs. None: not shared, all count."""
        if not self.policy.shared:
            return None
        seat = self.curtain_seat if self.curtain_seat is not None else self.viewer
        return None if seat is None else frozenset((seat,))

    def winner_text(self) -> str:
        outcome = self.session.result()
        if outcome is None:
            return "Game over"
        return "".join(text for text, _ in winner_line(outcome.winners, self.players))

    def update(self, dt: float) -> None:
        now = self.time.tick()                      # a race window judged, a silent choice defaulted
        self.take_steps()
        if not self.busy() and self.session.outcome() is None:
            # bots move only once the display has caught up, so each bot move is seen on its own
            self.match.update(now)
            self.take_steps()
        self.match.keep_record()
        self._advance(dt)
        self.messages.update(self.app.now())
        if self.banner is not None and not self.banner.update(dt):
            self.banner = None
        self.update_game(dt)
        self._check_end(dt)

    def take_steps(self) -> list[Step]:
        """Queue the new steps' events; returns the steps taken (a scene may read their events)."""
        seat = self.viewer
        with self.session.held():      # a step arriving between the poll and the view would be lost
            steps = self.session.poll()
            if not steps:
                return steps
            self.view, self.view_step = self._truth(seat)
        self.moves.begin(steps[0].number, self.show.step)
        for step in steps:
            # the viewer's own version of each event (their draw, their hint); the viewer changes
            # only once these have been shown (see _follow_viewer), so nobody else sees them
            self.show.add(step.private.get(seat, step.events) if seat is not None else step.events, step.number)
        self.input.disarm()               # a choice armed against the old state is stale now
        for step in steps:
            for human in self.policy.humans:
                key = self.landing(human, step)
                if key is not None:
                    self.input.put(human, key)
        self.time.note(steps)
        self.steps_arrived(steps)
        return steps

    def _follow_viewer(self) -> None:
        """Hand the screen to whoever should look now. Runs only while nothing is animating, so the
        last viewer sees the end of their own move before the curtain goes up."""
        if not self.policy.follow(self.looking_seat()):
            return
        if self.viewer is not None:
            self.policy.shown(self.viewer)
        self.show_truth()
        self.viewer_changed()

    def show_truth(self) -> None:
        """Show the truth as the viewer sees it at once: a new viewer sees the table as it is now."""
        self.view, self.view_step = self._truth(self.viewer)
        self.show.skip_to(self.view, self.view_step)

    def _truth(self, seat: int | None) -> tuple[V, int]:
        with self.session.held():      # the view and its step number from one state
            return self.session.view(seat), self.session.step

    def _narrate(self, event: Event) -> None:
        line = self.narrate(event)
        if line:
            self.moves.add(line, int(getattr(event, "seat", -1)))

    def _advance(self, dt: float) -> None:
        self.show.advance(dt, self._start, self._narrate)
        if not self.busy():
            self._follow_viewer()
            snapshots = self.session.snapshots
            self.show.check(self.view, self.view_step, expected=snapshots != self._snapshots)
            self._snapshots = snapshots

    def _check_end(self, dt: float) -> None:
        if self._results_shown or self.busy() or self.session.outcome() is None:
            return
        if self._end_age is None:
            self._end_age = 0.0
            self.messages.clear()        # "press again to pass" and the like are stale now
            self.banner = Banner(self.winner_text(), theme.ACCENT, hold=True)
            return
        self._end_age += dt
        if self._end_age >= self.END_DELAY and not self.effects_running():
            self._results_shown = True
            self.banner = None     # the results say who won; under them the board shows clear
            # no "game_end" sound here: the results screen plays it as it opens (once, not twice)
            self.app.nav.results(self.app, self.match)

    # -- messages ----------------------------------------------------------------------------------

    def say(self, text: str, colour: Colour = theme.TEXT, seconds: float = 2.6) -> None:
        """Feedback to a player's own input; replaces the previous feedback."""
        self.messages.show(text, self.app.now(), colour=colour, seconds=seconds, slot=self.OWN)

    def error(self, text: str) -> None:
        self.say(text, theme.BAD)
        self.app.audio.play("error")

    def notify(self, text: str, colour: Colour = theme.TEXT, seconds: float = 1.6) -> None:
        """What another player did."""
        self.messages.show(text, self.app.now(), colour=colour, seconds=seconds, slot=self.OTHERS)

    @property
    def toast(self) -> Toast | None:
        """The player's own feedback showing now, if any."""
        return self.messages.latest(self.OWN)

    def show_banner(self, text: str, colour: Colour = theme.ACCENT, seconds: float = 1.6) -> None:
        self.banner = Banner(text, colour, seconds)

    # -- input -------------------------------------------------------------------------------------

    def handle_raw(self, event: pygame.event.Event) -> bool:
        return self.routing.raw(event)

    def handle(self, press: Press) -> bool:
        return self.routing.press(press)

    def handle_close(self, event: pygame.event.Event) -> bool:
        return self.routing.close(event)

    def devices_of(self, seat: int) -> list[str]:
        plan = self.match.plans[seat]
        return [plan.device] if plan.kind == "human" and plan.device else []

    def submit(self, action: Action) -> bool:
        """Ask for an action; a refusal becomes a message. True if accepted."""
        try:
            self.session.submit(action)
        except IllegalActionError as exc:
            self.error(refusal(exc.reason))
            return False
        self.messages.clear(self.OWN)   # feedback about the move before ("press again to pass") is stale
        self.take_steps()   # at once: the next press in this same frame must see the new turn
        return True

    # -- keys --------------------------------------------------------------------------------------

    def key_labels(self, device: str) -> dict[str, str]:
        return key_labels(device, getattr(self.app.inputs, "zones", None))

    def move_label(self, device: str) -> str:
        return move_label(device, self.key_labels(device))

    def select_label(self, seat: int) -> str:
        """How `seat` names its Select, for the curtain ("Enter", "the left button")."""
        devices = self.devices_of(seat)
        return select_label(devices[0] if devices else "", self.key_labels(devices[0]) if devices else {})

    # -- drawing -----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        waiting = self.curtain_seat
        if waiting is not None:
            self.curtain.draw(surface, waiting, self.devices_of(waiting), self.select_label(waiting),
                              self.app.now())
            # under the curtain's lines, wherever the table puts its messages
            self.messages.draw(surface, self.app.fonts, self.app.now(), self.curtain.message_anchor(surface))
            return
        self.draw_game(surface, alpha)
        self.draw_messages(surface)

    def draw_focuses(self, surface: pygame.Surface) -> None:
        """Each local player's focus, once the table has caught up (a scene calls it over its table)."""
        if not self.busy():
            self.input.draw(surface, self.text)

    def draw_messages(self, surface: pygame.Surface) -> None:
        self.messages.draw(surface, self.app.fonts, self.app.now(), self.message_anchor())
        if self.banner is not None:
            self.banners.draw(surface, self.banner, self.banner_anchor())


def refusal(reason: str) -> str:
    """A refusal's reason as the player reads it."""
    return sentence(reason) or "That move isn't allowed"
