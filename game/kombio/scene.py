"""The KOMBIO game scene: every hand as a grid of cards at its seat around the table, the draw and
discard piles (the top discard large), each human seat's own cursor, the choices of the seat to play,
slaps judged in press-time order, the Call, and the round-end reveal.

The scene reads only the session's views, its legal lists and the events it is given. A *display
table* (`Shown`) advances as each animation lands and is reset to the view whenever nothing animates.

Input: every human seat has its own cursor over the table's cards, the two piles and the choice
buttons (its device's direction keys move it; the mouse points). Select makes the seat's choice on
what is under its cursor (draw, take, replace, an ability's target, a card to give, a button). The
slap key flips the card under the cursor onto the discard pile, at any moment, for any human at once:
presses are collected for a short window and judged in press-time order (local_slaps.py), the earlier
press first even if it reached the scene later. With the mouse a right-click on a card slaps it.

Privacy on a shared screen: the drawn card, an ability's looks and the look at the near row are shown
only to their seat, behind GameScreen's curtain when several humans share the screen; slap presses pass
the curtain. A looked-at card is lifted a little for everyone, face up only on its looker's screen.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.core.engine import Action, Event
from game.core.errors import IllegalActionError
from game.core.seats import seat_label
from game.core.session import LocalSession
from game.ui.play.game_screen import Animation, GameScreen
from game.ui.toolkit import theme
from game.ui.toolkit.input import Press, device_name
from game.ui.toolkit.seat_marks import draw_seat_symbol
from game.ui.toolkit.tween import delay

from .card_art import CardArt, value_text
from .effects import Chain, Flight, Flying, Lift, Part
from .layout import Layout
from .local_slaps import Judged, LocalSlaps
from .rules import (
    ABILITY,
    DRAWN,
    GIVE,
    LOOK,
    OVER,
    TABLE,
    TURN,
    Call,
    Called,
    ChoiceOwed,
    Discard,
    Discarded,
    Draw,
    Drew,
    Gave,
    Give,
    Look,
    Looked,
    Pass,
    Peek,
    Peeked,
    PenaltyDrawn,
    Replace,
    Replaced,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    Settle,
    Settled,
    Skip,
    Skipped,
    Slapped,
    Swap,
    Swapped,
    Take,
    Took,
    TurnBegan,
)
from .slap_race import ACCEPTED, REFUSED, STALE, TOO_LATE, race_rng
from .slap_race import Press as SlapPress

if TYPE_CHECKING:
    from game.ui.play.match import Match
    from game.ui.toolkit.app import App

Key = tuple[Any, ...]          # ("card", owner, slot), ("draw",), ("discard",), ("button", i)
DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
TRAVEL = 0.32
LOOK_HOLD = 2.4                # how long a look's cards stay lifted (face up for the looker)
WINDOW_OPEN, WINDOW_MATCHED, WINDOW_CLOSED = "open", "matched", "closed"   # the top discard's slap window
REVEAL_HOLD = 6.0              # the round-end reveal, unless a player presses on
ABILITY_WORDS = {"look_own": "look at one of your cards", "look_other": "look at an opponent's card",
                 "blind_swap": "swap two cards unseen", "look_swap": "look at a card, then swap it",
                 "double_look_swap": "look at two cards, then swap them"}


ABILITY_STEPS = {"look_own": "Select one of your own cards.", "look_other": "Select an opponent's card.",
                 "blind_swap": "Select the first of two cards.", "look_swap": "Select the card to look at.",
                 "double_look_swap": "Select a card to look at."}


@dataclass
class Shown:
    """What the table shows now (the truth as of the last animation that landed)."""

    hands: list[list[bool]]
    top: int | None
    draw_count: int
    discard_count: int
    turn: int
    serial: int
    holding: bool
    scores: list[int]
    caller: int

    @staticmethod
    def of(view: Any) -> Shown:
        return Shown([list(h) for h in view["hands"]], view["top"], int(view["draw_count"]),
                     int(view["discard_count"]), int(view["turn"]), int(view["discard_serial"]),
                     bool(view["holding"]), list(view["scores"]), int(view["caller"]))

    def put(self, owner: int, slot: int, present: bool) -> None:
        hand = self.hands[owner]
        while len(hand) <= slot:
            hand.append(False)
        hand[slot] = present


@dataclass
class Reveal(Part):
    """The round-end reveal: every hand face up, its sum, the +10/+15 and the running totals."""

    event: RoundEnded | None = None
    pressed_on: bool = False


@dataclass(frozen=True)
class Button:
    label: str
    act: Callable[[], object]
    primary: bool = False


@dataclass
class Ui:
    """The choice in progress of the seat to play; cleared whenever a new step arrives."""

    take_armed: bool = False
    first_pick: Key | None = None      # a swap's first card


@dataclass
class Countdown:
    key: tuple[Any, ...]
    started: float


@dataclass
class SlapNote:
    """What the win banner adds: by how many milliseconds the winner beat the next press."""

    margins: dict[tuple[int, int], float] = field(default_factory=dict)


class KombioScene(GameScreen):
    LOG_LINES = 6

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.layout = Layout(int(self.view["players"]))
        self.art = CardArt(self.text, str(self.view["deck"]))
        self.shown = Shown.of(self.view)
        self.ui = Ui()
        self.cursors: dict[int, Key] = {}
        for seat in self.policy.humans:
            self.cursors[seat] = self._likely_choice(seat)
        self.slaps = LocalSlaps(race_rng(match.seed))
        self.notes = SlapNote()
        self.countdowns: dict[int, Countdown] = {}
        self.held_value: int | None = None      # the drawn card as the viewer saw it arrive
        self.hover: Key | None = None
        self._static: pygame.Surface | None = None
        self._slap_anim: tuple[Slapped, Animation] | None = None   # a slap's animation not drawn yet
        self.last_reveal: RoundEnded | None = None   # the hands of the round shown last, face up

    # -- who sees and who acts -------------------------------------------------------------------
    def looking_seat(self) -> int | None:
        public = self.session.view(None)
        humans = self.policy.humans
        phase = public["phase"]
        if phase == LOOK:
            return next((s for s in humans if not public["looked"][s]), None)
        if phase == OVER:
            return None
        turn = int(public["turn"])
        if turn in humans and not public["pending"] and (phase in (DRAWN, ABILITY) or public["memory_aid"]):
            return turn
        return humans[0] if len(humans) == 1 else None

    def passes_curtain(self, press: Press) -> bool:
        return press.button == "slap"

    def device_seat(self, device: str) -> int | None:
        acting = self.match.acting_seat_of(device)
        if acting is not None:
            return acting
        seats = self.match.seats_of(device)
        return seats[0] if seats else None

    def turn_actor(self) -> int | None:
        """The local human whose turn choices the screen takes now (none while a choice after a slap
        is owed, the curtain is up, or the turn's private view is someone else's)."""
        view = self.view
        turn = int(view["turn"])
        if view["phase"] in (LOOK, OVER) or view["pending"] or not self.is_human(turn):
            return None
        if self.curtain_seat is not None:
            return None
        if self.policy.shared and view["phase"] in (DRAWN, ABILITY) and self.viewer != turn:
            return None
        return turn

    def owed(self, seat: int) -> dict[str, Any] | None:
        for item in self.view["pending"]:
            if int(item["seat"]) == seat:
                return dict(item)
        return None

    # -- game-screen hooks -------------------------------------------------------------------------
    def steps_arrived(self, steps: list[Any]) -> None:
        self.ui = Ui()
        for step in steps:
            self._note_race(step)
        # Presses act on the game as it is now, though the screen may still be animating earlier
        # steps: the cursors move on at once, or a quick player's press lands where it was.
        for step in steps:
            for event in step.events:
                if isinstance(event, TurnBegan):
                    self._focus(event.seat, ("draw",))                   # a turn mostly begins so
                elif isinstance(event, Drew):
                    self._focus(event.seat, self._first_own(event.seat))  # replace one, or discard
                elif isinstance(event, ChoiceOwed):
                    self._focus(event.seat, self._first_own(event.seat) if event.kind == GIVE
                                else ("button", 0))

    def viewer_changed(self) -> None:
        self.ui = Ui()
        self.shown = Shown.of(self.view)

    def caught_up(self) -> None:
        self.shown = Shown.of(self.view)

    def message_anchor(self) -> tuple[int, int]:
        return self.layout.toast_centre

    def banner_anchor(self) -> tuple[int, int]:
        return self.layout.banner_centre

    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.layout.hand_rect(seat, len(self.shown.hands[seat]))

    def status_rect(self) -> pygame.Rect:
        return self.layout.prompt_rect

    def log_rect(self) -> pygame.Rect:
        return self.layout.log_rect

    def update(self, dt: float) -> None:
        # Slaps are judged before the step's own update, so a slap's events start animating in this
        # same step (judged after it, they would wait a step: 8 ms more from key to screen).
        if self.slaps.due(self.app.now()):
            self._judge_slaps()
        super().update(dt)

    def update_game(self, dt: float) -> None:
        self._run_countdowns(self.app.now())

    # -- slaps ------------------------------------------------------------------------------------
    def slap(self, seat: int, key: Key, time: float) -> None:
        if key[0] != "card":
            self.error(f"{self.seat_name(seat)}: move your cursor onto a card to slap it")
            return
        if self.shown.top is None:
            self.error("Nothing to slap yet: no card on the discard pile")
            return
        press = SlapPress(seat, int(key[1]), int(key[2]), self.shown.serial, time)
        if not isinstance(self.session, LocalSession):
            # over the LAN the host judges every press by its corrected time (net.fair_slap):
            # sent at once, with the time of the key press
            try:
                self.session.press(press.action(), time)
            except IllegalActionError as error:
                self.error(f"{self.seat_name(seat)}: {error.reason}")
            return
        self.slaps.add(press, self.app.now())

    def _submit_slap(self, press: SlapPress) -> tuple[Event, ...]:
        self.session.submit(press.action())
        steps = self.take_steps()
        return tuple(e for step in steps for e in step.events)

    def _judge_slaps(self) -> None:
        # only a local game's presses wait here: over the LAN the host judges them (see slap)
        for judged in self.slaps.judge(self._submit_slap, int(self.view["discard_serial"])):
            self._tell(judged)

    def _tell(self, judged: Judged) -> None:
        name = self.seat_name(judged.press.seat)
        if judged.verdict == ACCEPTED and judged.margin_ms is not None:
            self.notes.margins[(judged.press.seat, judged.press.discard)] = judged.margin_ms
        elif judged.verdict == STALE or judged.verdict == TOO_LATE:
            self.error(f"{name}: too late, {judged.reason}")
        elif judged.verdict == REFUSED:
            self.error(f"{name}: {judged.reason}")

    # -- choices after a slap: the countdown -------------------------------------------------------
    def _run_countdowns(self, now: float) -> None:
        live: dict[int, Countdown] = {}
        for index, item in enumerate(self.view["pending"]):
            seat = int(item["seat"])
            if seat in live or not self.is_human(seat):
                continue
            key = (item["kind"], int(item["other"]), index, int(self.view["discard_serial"]))
            old = self.countdowns.get(seat)
            live[seat] = old if old is not None and old.key == key else Countdown(key, now)
        self.countdowns = live
        for seat, countdown in list(live.items()):
            if now - countdown.started >= TABLE.choice_seconds and not self.busy():
                action = default_choice(self.legal(seat))
                if action is not None:
                    self.notify(f"{self.seat_name(seat)} took too long: the default is made", theme.ACCENT, 2.4)
                    self.submit(action)
                return

    def seconds_left(self, seat: int) -> float | None:
        countdown = self.countdowns.get(seat)
        if countdown is None:
            return None
        return max(0.0, TABLE.choice_seconds - (self.app.now() - countdown.started))

    # -- events -> animations ----------------------------------------------------------------------
    def _place_rect(self, owner: int, slot: int) -> pygame.Rect:
        hand = self.shown.hands[owner]
        return self.layout.slot_rect(owner, slot, max(len(hand), slot + 1))

    def _centre(self, owner: int, slot: int) -> tuple[float, float]:
        return self._place_rect(owner, slot).center

    def _fly(self, value: int | None, start: tuple[float, float], end: tuple[float, float],
             w0: int, w1: int, hides: frozenset[tuple[int, int]] = frozenset(),
             on_done: Callable[[], None] | None = None, speed: float = 1.0) -> Flight:
        return Flight(TRAVEL * speed, on_done=on_done, hides=hides,
                      items=[Flying(value, start, end, w0, w1)])

    def _speed(self) -> float:
        return 0.5 if self.backlog() > 3 else 1.0

    def _log(self, line: str, seat: int) -> None:
        self.moves.add(line, seat)

    def start_event(self, event: Any) -> Animation | None:
        s = self._speed()
        t = self.shown
        lay = self.layout
        card = lay.card
        if isinstance(event, RoundStarted):
            self.show_banner(f"Round {event.round}", theme.ACCENT, 1.4)
            self._log(f"Round {event.round}: {self.seat_name(event.first)} plays first", event.first)
            return delay(0.8 * s)
        if isinstance(event, Looked):
            return self._looked(event)
        if isinstance(event, TurnBegan):
            t.turn = event.seat
            if event.final:
                self.notify(f"{self.seat_name(event.seat)}'s final turn", theme.ACCENT)
            return delay(0.1 * s)
        if isinstance(event, Drew):
            self._log(f"{self.seat_name(event.seat)} draws", event.seat)
            self.held_value = event.value
            t.draw_count = max(0, t.draw_count - 1)
            self.app.audio.play("move")

            def drew() -> None:
                t.holding = True
            return Chain(self._fly(event.value, lay.draw_rect.center, lay.held_rect.center, 70, 80,
                                   on_done=drew, speed=s))
        if isinstance(event, Took):
            self._log(f"{self.seat_name(event.seat)} takes the {value_text(event.value)}, "
                      f"discards a {value_text(event.discarded)}", event.seat)
            here = self._centre(event.seat, event.slot)
            place = (event.seat, event.slot)
            t.top, t.discard_count = None, max(0, t.discard_count - 1)

            def took() -> None:
                t.top, t.serial = event.discarded, event.serial
                t.discard_count += 1
            self.app.audio.play("move")
            return Chain(self._fly(event.value, lay.discard_rect.center, here, 100, card, frozenset({place}), speed=s),
                         self._fly(event.discarded, here, lay.discard_rect.center, card, 100, on_done=took, speed=s))
        if isinstance(event, Replaced):
            self._log(f"{self.seat_name(event.seat)} replaces card {event.slot + 1}, "
                      f"discards a {value_text(event.discarded)}", event.seat)
            here = self._centre(event.seat, event.slot)
            place = (event.seat, event.slot)
            held = self.held_value if event.seat == self.viewer else None
            t.holding = False

            def replaced() -> None:
                t.top, t.serial = event.discarded, event.serial
                t.discard_count += 1
            self.app.audio.play("move")
            return Chain(self._fly(held, lay.held_rect.center, here, 80, card, frozenset({place}), speed=s),
                         self._fly(event.discarded, here, lay.discard_rect.center, card, 100, on_done=replaced,
                                   speed=s))
        if isinstance(event, Discarded):
            offer = f": {ABILITY_WORDS[event.ability]}?" if event.ability else ""
            self._log(f"{self.seat_name(event.seat)} discards the drawn {value_text(event.value)}{offer}", event.seat)
            t.holding = False

            def discarded() -> None:
                t.top, t.serial = event.value, event.serial
                t.discard_count += 1
            self.app.audio.play("place")
            return Chain(self._fly(event.value, lay.held_rect.center, lay.discard_rect.center, 80, 100,
                                   on_done=discarded, speed=s))
        if isinstance(event, Peeked):
            self._log(f"{self.seat_name(event.seat)} looks at {self.seat_name(event.owner)}'s card {event.slot + 1}",
                      event.seat)
            rect = self._place_rect(event.owner, event.slot)
            place = (event.owner, event.slot)
            return Chain(Lift(LOOK_HOLD if event.value is not None else 1.2 * s, hides=frozenset({place}),
                              cards={place: (rect, event.value)}, colour=theme.seat_colour(event.seat)))
        if isinstance(event, Swapped):
            self._log(f"{self.seat_name(event.seat)} swaps {self.seat_name(event.a[0])}'s card {event.a[1] + 1} "
                      f"and {self.seat_name(event.b[0])}'s card {event.b[1] + 1}", event.seat)
            a, b = self._centre(*event.a), self._centre(*event.b)
            self.app.audio.play("move")
            return Chain(Flight(0.45 * s, hides=frozenset({event.a, event.b}), arc=40,
                                items=[Flying(None, a, b, card, card), Flying(None, b, a, card, card)]))
        if isinstance(event, Skipped):
            return None
        if isinstance(event, Called):
            t.caller = event.seat
            how = " (no cards left)" if event.automatic else ""
            self._log(f"{self.seat_name(event.seat)} calls KOMBIO{how}", event.seat)
            self.show_banner(f"{seat_label(event.seat)} calls KOMBIO!", theme.seat_colour(event.seat), 2.0)
            self.app.audio.play("capture")
            return delay(1.4 * s)
        if isinstance(event, Slapped):
            anim = self._slapped(event, s)
            self._slap_anim = (event, anim)
            return anim
        if isinstance(event, PenaltyDrawn):
            if event.slot < 0:
                self._log(f"{self.seat_name(event.seat)} owes a penalty card, but none is left", event.seat)
                return None
            self._log(f"{self.seat_name(event.seat)} draws a penalty card", event.seat)
            t.draw_count = max(0, t.draw_count - 1)
            end = self.layout.slot_rect(event.seat, event.slot, max(len(t.hands[event.seat]), event.slot + 1)).center
            return Chain(self._fly(None, lay.draw_rect.center, end, 70, card,
                                   on_done=lambda: t.put(event.seat, event.slot, True), speed=s))
        if isinstance(event, ChoiceOwed):
            if event.kind == GIVE:
                self.notify(f"{self.seat_name(event.seat)} gives {self.seat_name(event.other)} a card", theme.TEXT, 2.4)
            else:
                self.notify(f"{self.seat_name(event.seat)} chooses: hand the card over, or {self.seat_name(event.other)} "
                            f"draws", theme.TEXT, 2.4)
            return None
        if isinstance(event, Gave):
            if event.slot < 0:
                self._log(f"{self.seat_name(event.seat)} has no card to give", event.seat)
                return None
            self._log(f"{self.seat_name(event.seat)} gives card {event.slot + 1} to {self.seat_name(event.owner)}",
                      event.seat)
            start = self._centre(event.seat, event.slot)
            t.put(event.seat, event.slot, False)
            end = self.layout.slot_rect(event.owner, event.gap, max(len(t.hands[event.owner]), event.gap + 1)).center
            return Chain(self._fly(None, start, end, card, card, on_done=lambda: t.put(event.owner, event.gap, True),
                                   speed=s))
        if isinstance(event, Settled):
            if not event.hand_over:
                self._log(f"{self.seat_name(event.seat)} keeps the card: {self.seat_name(event.slapper)} draws",
                          event.seat)
                return None
            self._log(f"{self.seat_name(event.seat)} hands the wrong card to {self.seat_name(event.slapper)}", event.seat)
            start = self._centre(event.seat, event.slot)
            t.put(event.seat, event.slot, False)
            end = self.layout.slot_rect(event.slapper, event.to_slot,
                                        max(len(t.hands[event.slapper]), event.to_slot + 1)).center
            return Chain(self._fly(None, start, end, card, card,
                                   on_done=lambda: t.put(event.slapper, event.to_slot, True), speed=s))
        if isinstance(event, Reshuffled):
            self.notify(f"The discard pile ({event.count} cards) becomes the new draw pile")
            t.draw_count += event.count
            t.discard_count = 1
            return delay(0.4 * s)
        if isinstance(event, RoundEnded):
            self._log(f"Round {event.round} ends", -1)
            self.app.audio.play("capture")

            def revealed() -> None:
                t.scores = list(event.scores)
                self.last_reveal = event
            return Reveal(REVEAL_HOLD, on_done=revealed, event=event)
        return None

    def _likely_choice(self, seat: int) -> Key:
        """Where a seat's cursor starts when the screen opens mid-game (a rejoin, a loaded save)."""
        view = self.view
        owed = self.owed(seat)
        if owed is not None:
            return self._first_own(seat) if owed["kind"] == GIVE else ("button", 0)
        if int(view["turn"]) == seat and view["phase"] == TURN:
            return ("draw",)
        if int(view["turn"]) == seat and view["phase"] == DRAWN:
            return self._first_own(seat)
        return ("card", seat, 1)

    def _note_race(self, step: Any) -> None:
        """A step the host's race ruled carries each press's time: the winner's margin over the next
        press of that discard, for the banner ("by 12 ms")."""
        race = dict(getattr(step, "race", ()) or ())
        for event in step.events:
            if isinstance(event, Slapped) and event.right and event.seat in race:
                mine = race[event.seat]
                later = [ms - mine for seat, ms in race.items() if seat != event.seat and ms >= mine]
                if later:
                    self.notes.margins[(event.seat, event.discard)] = min(later)

    def _focus(self, seat: int, key: Key) -> None:
        """Put a local human's cursor where their next choice most likely is, so a newcomer's first
        press does something; they move it on from there as ever."""
        if seat in self.cursors:
            self.cursors[seat] = key

    def _first_own(self, seat: int) -> Key:
        hand = self.shown.hands[seat]
        slot = next((i for i, present in enumerate(hand) if present), None)
        return ("card", seat, slot) if slot is not None else ("discard",)

    def slap_drawn(self, event: Slapped) -> None:
        """Called once a slap's animation is first drawn (the slap is on screen): a hook for the
        latency bench (tools/bench/bench_slap_latency.py); the game needs nothing here."""

    def _looked(self, event: Looked) -> Animation:
        seat = event.seat
        self._log(f"{self.seat_name(seat)} looks at the near row", seat)
        cards: dict[tuple[int, int], tuple[pygame.Rect, int | None]] = {}
        for k, slot in enumerate(event.slots):
            value = event.values[k] if k < len(event.values) else None
            cards[(seat, slot)] = (self._place_rect(seat, slot), value)
        hold = LOOK_HOLD if event.values else 0.5
        return Chain(Lift(hold, hides=frozenset(cards), cards=cards, colour=theme.seat_colour(seat)))

    def _slapped(self, event: Slapped, s: float) -> Animation:
        t = self.shown
        lay = self.layout
        who, whose = self.seat_name(event.seat), self.seat_name(event.owner)
        card_of = "their own card" if event.owner == event.seat else f"{whose}'s card"
        start = self._centre(event.owner, event.slot)
        place = (event.owner, event.slot)
        top = t.top
        if event.right:
            margin = self.notes.margins.pop((event.seat, event.discard), None)
            by = f" by {margin:.0f} ms" if margin is not None else ""
            self._log(f"{who} slaps {card_of}, a {value_text(event.value)}: match!{by}", event.seat)
            self.show_banner(f"{seat_label(event.seat)} matches the {value_text(event.value)}!"
                             + (f" ({margin:.0f} ms faster)" if margin is not None else ""),
                             theme.seat_colour(event.seat), 2.2)
            self.app.audio.play("capture")
            t.put(event.owner, event.slot, False)

            def landed() -> None:
                t.top = event.value
                t.discard_count += 1
            return Chain(self._fly(event.value, start, lay.discard_rect.center, lay.card, 100, on_done=landed),
                         Part(0.5))
        on = f" on a {value_text(top)}" if top is not None else ""
        self._log(f"{who} slaps {card_of}, a {value_text(event.value)}{on}: wrong!", event.seat)
        penalty = "draws a penalty card" if event.owner == event.seat else f"{whose} chooses the penalty"
        self.say(f"Wrong slap! {who}'s {value_text(event.value)} is not{on[3:] or ' a match'}: {penalty}",
                 theme.BAD, 3.2)
        self.app.audio.play("error")
        over = (lay.discard_rect.right + 70, lay.discard_rect.centery)    # beside the pile, not over it
        return Chain(self._fly(event.value, start, over, lay.card, 90, frozenset({place}), speed=0.8),
                     WrongMark(1.1, hides=frozenset({place}), value=event.value, at=over),
                     self._fly(None, over, start, 90, lay.card, frozenset({place}), speed=0.8))

    # -- input -----------------------------------------------------------------------------------
    def cursor_targets(self, seat: int | None) -> list[tuple[Key, pygame.Rect]]:
        """What a cursor may rest on: every card on the table, the piles, and this seat's buttons."""
        out: list[tuple[Key, pygame.Rect]] = []
        lay = self.layout
        for owner, hand in enumerate(self.shown.hands):
            for slot, present in enumerate(hand):
                if present:
                    out.append((("card", owner, slot), lay.slot_rect(owner, slot, len(hand))))
        out.append((("draw",), lay.draw_rect))
        out.append((("discard",), lay.discard_rect))
        if seat is not None:
            for i, rect in enumerate(lay.button_rects(len(self.buttons_for(seat)))):
                out.append((("button", i), rect))
        return out

    def hit(self, pos: tuple[int, int], seat: int | None) -> Key | None:
        for key, rect in self.cursor_targets(seat):
            if rect.collidepoint(pos):
                return key
        return None

    def pointer_moved(self, pos: tuple[int, int]) -> None:
        self.hover = self.hit(pos, self.mouse_seat())

    def handle_game(self, press: Press) -> bool:
        if isinstance(self.anim, Reveal) and press.button == "select" and self.anim.age > 1.5:
            self.anim.skip()
            return True
        if press.device == "mouse":
            seat = self.match.acting_seat_of("mouse")
            seats = self.match.seats_of("mouse")
            seat = seat if seat is not None else (seats[0] if seats else self.mouse_seat())
            if seat is None or press.pos is None:
                return True
            key = self.hit(press.pos, seat)
            if key is None:
                if press.button == "back":
                    self.ui = Ui()
                return True
            self.cursors[seat] = key
            if press.button == "back":
                if key[0] == "card":
                    self.slap(seat, key, press.time)
                else:
                    self.ui = Ui()
            elif press.button == "select":
                self.choose(seat, key)
            return True
        if press.button == "back":
            self.ui = Ui()
            return True
        seat = self.device_seat(press.device)
        if seat is None:
            return True
        key = self.cursor(seat)
        if press.button in DIRECTIONS:
            self.cursors[seat] = self.step_cursor(seat, key, DIRECTIONS[press.button])
        elif press.button == "slap":
            self.slap(seat, key, press.time)
        elif press.button == "select":
            self.choose(seat, key)
        return True

    def cursor(self, seat: int) -> Key:
        key = self.cursors.get(seat, ("card", seat, 1))
        keys = [k for k, _ in self.cursor_targets(seat)]
        if key not in keys:
            key = self._nearest(seat, key)
            self.cursors[seat] = key
        return key

    def _nearest(self, seat: int, key: Key) -> Key:
        targets = self.cursor_targets(seat)
        if key[0] == "card":
            owner = int(key[1])
            mine = [k for k, _ in targets if k[0] == "card" and k[1] == owner]
            if mine:
                return mine[0]
        if key[0] == "button":
            buttons = [k for k, _ in targets if k[0] == "button"]
            if buttons:
                return buttons[-1]
        return ("draw",)

    def step_cursor(self, seat: int, key: Key, direction: tuple[int, int]) -> Key:
        targets = self.cursor_targets(seat)
        rects = dict(targets)
        here = rects.get(key)
        if here is None:
            return key
        cx, cy = here.center
        dx, dy = direction
        best: tuple[float, Key] | None = None
        for k, rect in targets:
            if k == key:
                continue
            ox, oy = rect.centerx - cx, rect.centery - cy
            ahead = ox * dx + oy * dy
            if ahead <= 4:
                continue
            side = abs(ox * dy) + abs(oy * dx)
            score = ahead + 2.2 * side
            if best is None or score < best[0]:
                best = (score, k)
        if best is not None:
            self.app.audio.play("click")
            return best[1]
        return key

    def choose(self, seat: int, key: Key) -> None:
        """Select (or a click) by `seat` on `key`."""
        view = self.view
        if key[0] == "button":
            buttons = self.buttons_for(seat)
            index = int(key[1])
            if 0 <= index < len(buttons):
                buttons[index].act()
            return
        if view["phase"] == LOOK:
            if (self.viewer == seat or not self.policy.shared) and Look(seat) in self.legal(seat):
                self.submit(Look(seat))
            return
        owed = self.owed(seat)
        if owed is not None:
            if owed["kind"] == GIVE:
                if key[0] == "card" and key[1] == seat and self.submit_if_legal(seat, Give(seat, int(key[2]))):
                    return
                self.error("Choose one of your own cards to give")
            else:
                self.error("Choose with the buttons: hand the card over, or keep it")
            return
        if seat != self.turn_actor():
            self._not_yours(seat)
            return
        phase = view["phase"]
        ui = self.ui
        if phase == TURN:
            if key == ("draw",):
                if not self.submit_if_legal(seat, Draw(seat)):
                    self.error("There is nothing to draw")
            elif key == ("discard",):
                if any(isinstance(a, Take) for a in self.legal(seat)):
                    ui.take_armed = True
                    self.say("Now choose the card of your hand it replaces", theme.ACCENT)
                    self.app.audio.play("click")
                else:
                    self.error("That discard can't be taken" if view["top"] is not None else "The discard pile is empty")
            elif key[0] == "card" and key[1] == seat and ui.take_armed:
                self.submit_if_legal(seat, Take(seat, int(key[2])))
            else:
                self.error("Draw a card, take the discard (then pick your card), or call")
        elif phase == DRAWN:
            if key == ("discard",):
                self.submit_if_legal(seat, Discard(seat))
            elif key[0] == "card" and key[1] == seat:
                if not self.submit_if_legal(seat, Replace(seat, int(key[2]))):
                    self.error("Your hand is locked: discard the card")
            else:
                self.error("Put the drawn card in place of one of yours, or on the discard pile")
        elif phase == ABILITY and key[0] == "card":
            self.ability_pick(seat, (int(key[1]), int(key[2])))
        else:
            self.error("Choose a card on the table, or Skip")

    def ability_pick(self, seat: int, place: tuple[int, int]) -> None:
        legal = self.legal(seat)
        peek = Peek(seat, place[0], place[1])
        if peek in legal:
            self.submit(peek)
            return
        swaps = [a for a in legal if isinstance(a, Swap)]
        if not swaps:
            self.error("Not that card" if any(isinstance(a, Peek) for a in legal) else "Swap them, or Skip")
            return
        ui = self.ui
        looks = [tuple(x) for x in self.view["ability_looks"]]
        if looks and all(looks[0] in (a.a, a.b) for a in swaps):
            ui.first_pick = ("card", *looks[0])        # a 13's looked card is the first of the swap
        if ui.first_pick is None:
            if any(place in (a.a, a.b) for a in swaps):
                ui.first_pick = ("card", *place)
                self.app.audio.play("click")
            else:
                self.error("That card can't be swapped")
            return
        first = (int(ui.first_pick[1]), int(ui.first_pick[2]))
        if first == place:
            ui.first_pick = None
            return
        pair = (min(first, place), max(first, place))
        match = next((a for a in swaps if (a.a, a.b) == pair), None)
        if match is None:
            self.error("Those two can't be swapped")
            return
        self.submit(match)

    def submit_if_legal(self, seat: int, action: Action) -> bool:
        if action in self.legal(seat):
            return self.submit(action)
        return False

    def _not_yours(self, seat: int) -> None:
        turn = int(self.view["turn"])
        if self.view["pending"]:
            self.error("Wait: a choice after a slap comes first")
        elif turn >= 0 and turn != seat:
            self.error(f"Wait: it's {self.seat_name(turn)}'s turn (slap with your slap key)")
        else:
            self.error(f"{self.seat_name(seat)}: take the screen first")

    # -- buttons ------------------------------------------------------------------------------------
    def buttons_for(self, seat: int) -> list[Button]:
        view = self.view
        if view["phase"] == OVER or (self.busy() and isinstance(self.anim, Reveal)):
            return []
        owed = self.owed(seat)
        if owed is not None:
            if owed["kind"] == GIVE:
                return []
            legal = self.legal(seat)
            out = [Button("Keep it: they draw", lambda: self.submit(Settle(seat, False)), True)]
            if Settle(seat, True) in legal:
                out.append(Button("Hand the card over", lambda: self.submit(Settle(seat, True))))
            return out
        if view["phase"] == LOOK:
            if (self.viewer == seat or not self.policy.shared) and Look(seat) in self.legal(seat):
                return [Button("Look at my near row", lambda: self.submit(Look(seat)), True)]
            return []
        if seat != self.turn_actor():
            return []
        legal = self.legal(seat)
        phase = view["phase"]
        if phase == TURN:
            out = []
            if Draw(seat) in legal:
                out.append(Button("Draw", lambda: self.submit(Draw(seat)), True))
            if any(isinstance(a, Take) for a in legal):
                out.append(Button("Take the discard", self._arm_take))
            if Call(seat) in legal:
                out.append(Button("Call KOMBIO", lambda: self.submit(Call(seat))))
            if Pass(seat) in legal:
                out.append(Button("Pass", lambda: self.submit(Pass(seat))))
            return out
        if phase == DRAWN:
            return [Button("Discard it", lambda: self.submit(Discard(seat)), True)]
        if phase == ABILITY:
            out = []
            swaps = [a for a in legal if isinstance(a, Swap)]
            if len(swaps) == 1 and view["ability_looks"] and len(view["ability_looks"]) == 2:
                out.append(Button("Swap them", lambda: self.submit(swaps[0]), True))
            out.append(Button("Skip", lambda: self.submit(Skip(seat))))
            return out
        return []

    def _arm_take(self) -> None:
        self.ui.take_armed = True
        self.say("Now choose the card of your hand it replaces", theme.ACCENT)
        self.app.audio.play("click")

    # -- what the panel says ------------------------------------------------------------------------
    def prompt(self) -> tuple[int, str, list[str]]:
        view = self.view
        phase = view["phase"]
        if phase == OVER:
            return -1, "Game over", [self.winner_text()]
        if isinstance(self.anim, Reveal) and self.anim.event is not None:
            # the table still shows the round that ended; the next round's prompt waits for it
            return -1, f"Round {self.anim.event.round} ends", [
                "Every hand is shown and added", "up: the lowest total wins.",
                "Select: on to the next round" if self.anim.age > 1.5 else ""]
        if phase == LOOK:
            waiting = [s for s in range(self.players) if not view["looked"][s]]
            seat = self.viewer if self.viewer is not None else (waiting[0] if waiting else -1)
            return seat, "Look at your near row", ["Once, at the start of the round:",
                                                   "remember your two near cards."]
        for item in view["pending"]:
            seat = int(item["seat"])
            left = self.seconds_left(seat)
            clock = f" ({left:.0f} s)" if left is not None else ""
            other = self.seat_name(int(item["other"]))
            if item["kind"] == GIVE:
                return seat, f"{self.seat_name(seat)}: give a card{clock}", [
                    f"You matched {other}'s card:", "select one of your cards to", f"fill {other}'s gap."]
            return seat, f"{self.seat_name(seat)}: penalty{clock}", [
                f"{other} slapped your card wrongly:", "keep it (they draw a card)", "or hand it over to them."]
        turn = int(view["turn"])
        name = self.seat_name(turn)
        actor = self.turn_actor()
        if actor is None:
            if self.is_bot(turn):
                return turn, f"{name} (Bot) is playing", ["Slap a matching card any time!"]
            return turn, f"{name} to play", ["Slap a matching card any time!"]
        if phase == TURN:
            if self.ui.take_armed:
                return turn, "Take: which card?", ["Select the card of your hand", "the discard replaces."]
            lines = ["Draw, take the discard", "or call KOMBIO."] if Call(turn) in self.legal(turn) \
                else ["Draw a card or take the", "top discard."]
            return turn, "Your turn", lines
        if phase == DRAWN:
            return turn, "You drew a card", ["Select a card of yours to", "replace, or discard it."]
        ability = str(view["ability"])
        step = "Now the card to swap it with." if self.ui.first_pick is not None or view["ability_looks"] \
            else ABILITY_STEPS.get(ability, "Select a card on the table.")
        return turn, f"Ability: {ABILITY_WORDS.get(ability, ability)}", [
            step, "Outlined cards can be chosen,", "or Skip."]

    def hints(self) -> list[tuple[int, str]]:
        out: list[tuple[int, str]] = []
        for seat in self.policy.humans:
            device = self.match.plans[seat].device
            if device == "mouse":
                out.append((seat, "Mouse: click to choose, right-click a card to slap"))
                continue
            k = self.key_labels(device)
            out.append((seat, f"{device_name(device)}: {self.move_label(device)} move, {k.get('select', 'select')} "
                              f"choose, {k.get('slap', 'slap')} SLAP"))
        return out

    # -- drawing ------------------------------------------------------------------------------------
    def _background(self, surface: pygame.Surface) -> pygame.Surface:
        if self._static is None:
            bg = pygame.Surface(surface.get_size())
            bg.fill(theme.BG)
            felt = pygame.Rect(8, 8, self.layout.prompt_rect.x - 18, surface.get_height() - 16)
            pygame.draw.rect(bg, (30, 62, 52), felt, border_radius=26)
            pygame.draw.rect(bg, (52, 96, 80), felt, 3, border_radius=26)
            for rect in (self.layout.prompt_rect, self.layout.scores_rect, self.layout.log_rect,
                         self.layout.hint_rect):
                pygame.draw.rect(bg, theme.PANEL, rect, border_radius=theme.RADIUS)
            self._static = bg
        return self._static

    def draw_game(self, surface: pygame.Surface, alpha: float) -> None:
        surface.blit(self._background(surface), (0, 0))
        self._draw_piles(surface)
        self._draw_hands(surface)
        anim = self.anim
        if isinstance(anim, Reveal):
            self._draw_reveal(surface, anim)
        elif self.view["phase"] == OVER and self.last_reveal is not None and anim is None:
            self._draw_faces(surface, self.last_reveal)      # the game's last hands stay on show
        elif anim is not None and hasattr(anim, "draw"):
            anim.draw(surface, alpha, self.art)
            if self._slap_anim is not None and anim is self._slap_anim[1]:
                event, self._slap_anim = self._slap_anim[0], None
                self.slap_drawn(event)
        self._draw_cursors(surface)
        self._draw_buttons(surface)
        self._draw_panel(surface)

    def _draw_piles(self, surface: pygame.Surface) -> None:
        lay, t = self.layout, self.shown
        d = lay.draw_rect
        if t.draw_count:
            for i in range(min(3, (t.draw_count + 14) // 15)):
                surface.blit(self.art.back(d.w), d.move(-2 * i, -2 * i))
        else:
            surface.blit(self.art.gap(d.w), d)
        label = self.text.get(f"Draw ({t.draw_count})", 20, theme.TEXT_DIM)
        surface.blit(label, label.get_rect(midtop=(d.centerx, d.bottom + 6)))
        p = lay.discard_rect
        if t.top is not None:
            if self.slap_window() == WINDOW_OPEN:
                # the window is open: a halo and a call to slap, gone once matched or closed
                for grow, shade in ((18, 70), (12, 120), (6, 200)):
                    halo = pygame.Surface(p.inflate(grow, grow).size, pygame.SRCALPHA)
                    pygame.draw.rect(halo, (*theme.ACCENT, shade), halo.get_rect(), 3, border_radius=12)
                    surface.blit(halo, p.inflate(grow, grow))
                tag = self.text.get("SLAP!", 22, theme.ACCENT, True)
                surface.blit(tag, tag.get_rect(midbottom=(p.centerx, p.top - 10)))
            surface.blit(self.art.face(t.top, p.w), p)
        else:
            surface.blit(self.art.gap(p.w), p)
        label = self.text.get("Discard", 20, theme.TEXT_DIM)
        surface.blit(label, label.get_rect(midtop=(p.centerx, p.bottom + 6)))
        self._draw_slap_window(surface)
        if t.holding and not self.busy():
            h = lay.held_rect
            value = self.view["held"]
            surface.blit(self.art.back(h.w) if value is None else self.art.face(int(value), h.w), h)
            who = self.text.get(f"{self.seat_name(t.turn)} holds", 18, theme.seat_colour(t.turn), True)
            surface.blit(who, who.get_rect(midtop=(h.centerx, h.bottom + 6)))

    def slap_window(self) -> str:
        """The top discard's slap window as the table shows it: WINDOW_OPEN (anyone may still slap it),
        WINDOW_MATCHED (someone matched it) or WINDOW_CLOSED (nothing to slap, or the truth has moved on
        to a discard the table does not show yet)."""
        view = self.view
        if self.shown.top is None or self.shown.serial != int(view["discard_serial"]):
            return WINDOW_CLOSED
        if view["top_matched"]:
            return WINDOW_MATCHED
        if view["discard_open"] and view["may_slap"]:
            return WINDOW_OPEN
        return WINDOW_CLOSED

    def attempt_marks(self) -> list[int]:
        """The seats that have used their one attempt on the discard the table shows."""
        if self.shown.top is None or self.shown.serial != int(self.view["discard_serial"]):
            return []
        return [int(s) for s in self.view["attempted"]]

    def _draw_slap_window(self, surface: pygame.Surface) -> None:
        p = self.layout.discard_rect
        state = self.slap_window()
        if state == WINDOW_MATCHED:
            tag = self.text.get("matched", 18, theme.ACCENT, True)
            surface.blit(tag, tag.get_rect(midbottom=(p.centerx, p.top - 10)))
        marks = self.attempt_marks()
        if not marks:
            return
        # one symbol a seat that has slapped this discard (one attempt each), in a column at its side
        x = p.left - 16
        head = self.text.get("tried", 14, theme.TEXT_DIM)
        surface.blit(head, head.get_rect(midbottom=(x, p.top + 2)))
        for i, seat in enumerate(marks):
            draw_seat_symbol(surface, seat, (x, p.top + 14 + 20 * i), 14, theme.seat_colour(seat), theme.BG)

    def _draw_hands(self, surface: pygame.Surface) -> None:
        lay, t = self.layout, self.shown
        hidden: frozenset[tuple[int, int]] = getattr(self.anim, "hides", frozenset())
        memory = self.view["memory"] if not self.busy() else []
        looks = {tuple(x) for x in self.view["ability_looks"]} if not self.busy() else set()
        pick = self.ui.first_pick
        choosable = self.ability_targets() if not self.busy() else set()
        for owner, hand in enumerate(t.hands):
            colour = theme.seat_colour(owner)
            slots = len(hand)
            for slot, present in enumerate(hand):
                rect = lay.slot_rect(owner, slot, slots)
                if not present:
                    surface.blit(self.art.gap(rect.w), rect)
                    continue
                if (owner, slot) in hidden:
                    continue
                surface.blit(self.art.back(rect.w), rect)
                known = memory[owner][slot] if memory and owner < len(memory) and slot < len(memory[owner]) else None
                if known is not None:
                    # the memory aid: the value this seat has seen, in a corner bubble on the back
                    bubble = pygame.Rect(0, 0, rect.w - 10, rect.w // 2)
                    bubble.center = rect.center
                    pygame.draw.rect(surface, (246, 240, 226), bubble, border_radius=6)
                    num = self.text.get(value_text(int(known)), max(12, rect.w // 3), (34, 30, 46), True)
                    surface.blit(num, num.get_rect(center=bubble.center))
                if (owner, slot) in looks or (pick is not None and pick[1:] == (owner, slot)):
                    pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=8)
                elif (owner, slot) in choosable:
                    pygame.draw.rect(surface, theme.TEXT, rect.inflate(6, 6), 2, border_radius=7)
            self._draw_name(surface, owner, slots, colour)

    def ability_targets(self) -> set[tuple[int, int]]:
        """The cards the seat using an ability on this screen may choose next: what a Peek names, or a
        swap's cards (once a first card is picked, its partners)."""
        seat = self.turn_actor()
        if seat is None or self.view["phase"] != ABILITY:
            return set()
        legal = self.legal(seat)
        out = {(a.owner, a.slot) for a in legal if isinstance(a, Peek)}
        swaps = [a for a in legal if isinstance(a, Swap)]
        pick = self.ui.first_pick
        if pick is not None:
            first = (int(pick[1]), int(pick[2]))
            return out | {b if a == first else a for a, b in ((s.a, s.b) for s in swaps) if first in (a, b)}
        return out | {place for s in swaps for place in (s.a, s.b)}

    def _draw_name(self, surface: pygame.Surface, seat: int, slots: int, colour: tuple[int, int, int]) -> None:
        t = self.shown
        x, y = self.layout.name_pos(seat, slots)
        bot = " (Bot)" if self.is_bot(seat) else ""
        extra = "  KOMBIO!" if t.caller == seat else ""
        label = self.text.get(f"{self.seat_name(seat)}{bot}  {t.scores[seat]} pts{extra}", 20, colour, True)
        rect = label.get_rect(center=(x + 12, y))
        if seat == t.turn and self.view["phase"] != LOOK:
            pygame.draw.rect(surface, theme.with_alpha(colour, 255)[:3], rect.inflate(38, 8), 2, border_radius=10)
        draw_seat_symbol(surface, seat, (rect.x - 12, y), 16, colour, theme.BG)
        surface.blit(label, rect)
        left = self.seconds_left(seat)
        if left is not None:
            clock = self.text.get(f"{left:.0f} s", 20, theme.ACCENT, True)
            surface.blit(clock, clock.get_rect(midleft=(rect.right + 10, y)))

    def _draw_cursors(self, surface: pygame.Surface) -> None:
        if self.busy():
            return
        placed: dict[Key, int] = {}
        rects = dict(self.cursor_targets(None))
        for seat in self.policy.humans:
            if self.match.plans[seat].device == "mouse":
                continue
            key = self.cursor(seat)
            rect = rects.get(key)
            if rect is None:
                rect = dict(self.cursor_targets(seat)).get(key)
            if rect is None:
                continue
            n = placed.get(key, 0)
            placed[key] = n + 1
            colour = theme.seat_colour(seat)
            frame = rect.inflate(10 + 8 * n, 10 + 8 * n)
            pygame.draw.rect(surface, colour, frame, 3, border_radius=8)
            draw_seat_symbol(surface, seat, (frame.right - 2, frame.top + 2), 16, colour, theme.BG)
        if self.hover is not None:
            rect = dict(self.cursor_targets(self.mouse_seat())).get(self.hover)
            if rect is not None:
                pygame.draw.rect(surface, theme.TEXT_DIM, rect.inflate(6, 6), 1, border_radius=6)

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        seat = self._button_seat()
        if seat is None or self.busy():
            return
        buttons = self.buttons_for(seat)
        cursor = self.cursors.get(seat)
        for i, (button, rect) in enumerate(zip(buttons, self.layout.button_rects(len(buttons)))):
            fill = theme.PANEL_HI if button.primary else theme.PANEL
            pygame.draw.rect(surface, fill, rect, border_radius=10)
            edge = theme.seat_colour(seat) if cursor == ("button", i) else theme.PANEL_EDGE
            pygame.draw.rect(surface, edge, rect, 2, border_radius=10)
            label = self.text.get(button.label, 20, theme.TEXT, button.primary)
            surface.blit(label, label.get_rect(center=rect.center))

    def _button_seat(self) -> int | None:
        for item in self.view["pending"]:
            if self.is_human(int(item["seat"])) and item["kind"] != GIVE:
                return int(item["seat"])
        if self.view["phase"] == LOOK:
            return self.viewer if self.viewer is not None else (self.policy.humans[0] if self.policy.humans else None)
        return self.turn_actor()

    def _draw_panel(self, surface: pygame.Surface) -> None:
        lay = self.layout
        seat, title, lines = self.prompt()
        box = lay.prompt_rect
        colour = theme.seat_colour(seat) if seat >= 0 else theme.ACCENT
        pygame.draw.rect(surface, colour, (box.x, box.y, 6, box.h), border_radius=3)
        head = self.text.get(title, 24, colour, True)
        if head.get_width() > box.w - 24:
            head = pygame.transform.smoothscale(head, (box.w - 24, head.get_height()))
        surface.blit(head, (box.x + 16, box.y + 12))
        for i, line in enumerate(lines):
            text = self.text.get(line, 20, theme.TEXT)
            surface.blit(text, (box.x + 16, box.y + 52 + i * 26))
        r = self.view["round"]
        rounds = int(self.view["rounds"])
        goal = f"Round {r} of {rounds}" if rounds else f"Round {r}: to {self.view['target']} points"
        text = self.text.get(goal, 18, theme.TEXT_DIM)
        surface.blit(text, (box.x + 16, box.bottom - 28))
        sc = lay.scores_rect
        surface.blit(self.text.get("Scores (lowest wins)", 20, theme.TEXT_DIM, True), (sc.x + 14, sc.y + 10))
        for s in range(self.players):
            who = self.text.get(f"{self.seat_name(s)}", 20, theme.seat_colour(s), True)
            y = sc.y + 40 + s * 26
            surface.blit(who, (sc.x + 34, y))
            draw_seat_symbol(surface, s, (sc.x + 20, y + 11), 14, theme.seat_colour(s), theme.BG)
            pts = self.text.get(str(self.shown.scores[s]), 20, theme.TEXT, True)
            surface.blit(pts, pts.get_rect(topright=(sc.right - 14, y)))
        lg = lay.log_rect
        for i, (line, by) in enumerate(self.moves.window(self.LOG_LINES)):
            col = theme.seat_colour(by) if by >= 0 else theme.TEXT_DIM
            text = self.text.get(line, 16, col)
            if text.get_width() > lg.w - 20:
                text = text.subsurface((0, 0, lg.w - 20, text.get_height()))
            surface.blit(text, (lg.x + 10, lg.y + 8 + i * 23))
        hr = lay.hint_rect
        for i, (seat_h, line) in enumerate(self.hints()[:5]):
            text = self.text.get(line, 15, theme.seat_colour(seat_h))
            if text.get_width() > hr.w - 16:
                text = pygame.transform.smoothscale(text, (hr.w - 16, text.get_height()))
            surface.blit(text, (hr.x + 8, hr.y + 8 + i * 24))

    def _draw_faces(self, surface: pygame.Surface, event: RoundEnded) -> None:
        lay = self.layout
        for owner, hand in enumerate(event.hands):
            for slot, value in enumerate(hand):
                if value is not None:
                    rect = lay.slot_rect(owner, slot, len(hand))
                    surface.blit(self.art.face(int(value), rect.w), rect)
            if hand:
                # the hand's sum on the side away from the name plate
                label = self.text.get(f"hand {event.totals[owner]}", 20, theme.TEXT, True)
                box = lay.hand_rect(owner, len(hand))
                if lay.name_pos(owner, len(hand))[1] < box.centery:
                    surface.blit(label, label.get_rect(midtop=(box.centerx, box.bottom + 4)))
                else:
                    surface.blit(label, label.get_rect(midbottom=(box.centerx, box.top - 4)))

    def _draw_reveal(self, surface: pygame.Surface, reveal: Reveal) -> None:
        event = reveal.event
        if event is None:
            return
        self._draw_faces(surface, event)
        veil = pygame.Rect(0, 0, 460, 96 + 34 * len(event.totals))
        veil.center = (470, 330)
        pygame.draw.rect(surface, theme.PANEL, veil, border_radius=14)
        pygame.draw.rect(surface, theme.ACCENT, veil, 2, border_radius=14)
        caller = self.seat_name(event.caller) if event.caller >= 0 else "Nobody"
        title = self.text.get(f"Round {event.round}: {caller} called", 24, theme.ACCENT, True)
        surface.blit(title, title.get_rect(midtop=(veil.centerx, veil.y + 12)))
        for s, total in enumerate(event.totals):
            y = veil.y + 50 + 34 * s
            added = event.added[s]
            bonus = added - total
            extra = f" +{bonus}" if bonus > 0 else ""
            line = f"{self.seat_name(s)}: hand {total}{extra}  →  {event.scores[s]}"
            text = self.text.get(line, 22, theme.seat_colour(s), True)
            draw_seat_symbol(surface, s, (veil.x + 26, y + 12), 14, theme.seat_colour(s), theme.PANEL)
            surface.blit(text, (veil.x + 42, y))
        why = self.text.get(reveal_note(event, caller), 17, theme.TEXT_DIM)
        if why.get_width() > veil.w - 24:
            why = pygame.transform.smoothscale(why, (veil.w - 24, why.get_height()))
        surface.blit(why, why.get_rect(midbottom=(veil.centerx, veil.bottom - 12)))


@dataclass
class WrongMark(Part):
    """A wrong slap's card held up beside the pile with a red cross, for everyone to read."""

    value: int = 0
    at: tuple[float, float] = (0.0, 0.0)

    def draw(self, surface: pygame.Surface, alpha: float, art: Any) -> None:
        # a red frame and a cross in a corner disc, off the value, so everyone reads what was slapped
        sprite = art.face(self.value, 90)
        rect = sprite.get_rect(center=(round(self.at[0]), round(self.at[1])))
        pygame.draw.rect(surface, theme.BAD, rect.inflate(10, 10), border_radius=12)
        surface.blit(sprite, rect)
        centre = (rect.right - 4, rect.top + 4)
        pygame.draw.circle(surface, theme.BAD, centre, 16)
        pygame.draw.circle(surface, theme.TEXT, centre, 16, 2)
        for dx in (-7, 7):
            pygame.draw.line(surface, theme.TEXT, (centre[0] - 7, centre[1] - dx), (centre[0] + 7, centre[1] + dx), 4)


def reveal_note(event: RoundEnded, caller: str) -> str:
    """Why a +10 or +15 was added, in one line under the reveal's sums."""
    if event.caller < 0:
        return "Nobody called: each adds their hand."
    bonus = event.added[event.caller] - event.totals[event.caller]
    if bonus > 0:
        return f"+{bonus}: {caller} called but did not have the lowest hand."
    if any(a > t for a, t in zip(event.added, event.totals)):
        return f"{caller} called with the lowest hand: everyone else +10."
    return f"{caller} called: each adds their hand."


def default_choice(legal: list[Action]) -> Action | None:
    """What a silent seat's pending choice falls back to, read from its legal list: the engine's
    default_action (the first own card is given; the wrong card is kept and the slapper draws)."""
    for action in legal:
        if isinstance(action, Give):
            return action
    for action in legal:
        if isinstance(action, Settle) and not action.hand_over:
            return action
    return None
