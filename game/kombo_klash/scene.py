"""The Kombo Klash! game scene: the board inside its score track, the piles, the hand, the prompts for
every choice, and the animations of every event.

The scene reads only the session's views, its legal lists and the events it is given. It keeps a
*display table* (table.py) advanced as each animation lands; whenever nothing is animating that
table is reset to the view, the truth. Hands: the viewer's own hand is drawn face up along the
bottom, and the viewer is only ever the local human whose turn it is to look (GameScreen's curtain
passes the screen between humans); every other hand is a count of tile backs.

Input, for one acting human at a time (turns never overlap):
- keyboard zone or gamepad: a cursor on the hand row (left/right); select picks the tile and the
  cursor jumps to the board's legal spaces (arrows hop between them); select places; a trigger
  prompt follows where the tile has a choice; back puts the tile back. Up (or right past the last
  tile) reaches the buttons (Score Kombo, End turn); the slap key ends the turn. Kick, Swamp and
  Revive choices are made with the cursor on the board.
- mouse: click a hand tile, then a marked space; click a Kombo on the board to score it; click the
  buttons; right-click cancels. Hovering shows what a click would do.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.core.seats import seat_label
from game.ui.play.game_screen import Animation, GameScreen
from game.ui.toolkit import theme
from game.ui.toolkit.input import Press, device_name
from game.ui.toolkit.seat_marks import draw_seat_symbol
from game.ui.toolkit.tween import delay

from .board_draw import (
    HYPNO,
    KOMBO,
    PICK,
    RING_PAD,
    TARGET,
    SpriteBank,
    count_badge,
    counter_sprite,
    cursor_frame,
    kombo_outline,
    make_background,
    make_legend,
    picked_mark,
    ring_mark,
    space_mark,
)
from .choices import Choices, KomboOption, ability, kombo_table, trigger_prompt
from .effects import Chain, CounterMove, Flight, FlightItem, Flip, FlipItem, Glow, Part, Pop
from .layout import CENTRE, SIZE, Layout, Point, Track
from .panels import Button, PromptBox, SeatLine, draw_card, draw_hints, draw_log, draw_prompt
from .rules import (
    BoardCleared,
    Drew,
    EndTurn,
    HandDiscarded,
    Howled,
    Hypnotised,
    Kept,
    Kick,
    Kicked,
    Place,
    Placed,
    Redraw,
    Reshuffled,
    Revive,
    Revived,
    Score,
    Scored,
    Swamp,
    Swamped,
    TieBreak,
    TurnBegan,
    square_name,
)
from .table import Table

if TYPE_CHECKING:
    from game.ui.play.match import Match
    from game.ui.toolkit.app import App

DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
CONFIRM_TIME = 3.0         # how long "press again to end your turn" stays armed
TRAVEL = 0.34              # one tile's flight
FLIP = 0.3


@dataclass
class Ui:
    """The acting human's choice in progress; cleared whenever a new step arrives."""

    focus: str = "hand"            # "hand", "board" or "buttons"
    hand_index: int = 0
    picked: int = -1               # the hand slot picked (-1: none)
    square: int = 6                # the board cursor
    prompt: str = ""               # "", "trigger" (the picked tile's choice) or "kombos"
    prompt_square: int = -1        # where the trigger prompt's tile goes
    button: int = 0                # the keyboard's button
    kick_src: int = -1             # the tile to kick, once chosen
    swamp: list[int] = field(default_factory=list)
    kombo: int = 0                 # the Kombo shown, among those on offer
    kombo_filter: tuple[int, ...] = ()   # the Kombos on offer in the prompt (indices), () for all
    end_armed: float = -1.0        # until when a second End turn confirms


@dataclass(frozen=True)
class Control:
    """One button: what it shows and what pressing it does."""

    button: Button
    act: Callable[[], object]        # what it returns (an accepted submit) is not used


class KomboKlashScene(GameScreen):
    LOG_LINES = 6

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.layout = Layout()
        self.track = Track(self.layout.track_path_rect, int(self.view["target"]))
        self.bank = SpriteBank(self.text, app.fonts)
        self.table = Table.of(self.view)
        self.shown: Any = self.view                   # the truth as of the last catch-up
        self.ui = Ui()
        self.hover: tuple[str, int] | None = None     # ("hand", i), ("square", sq) or ("button", i)
        self.counters: list[CounterMove] = []
        self.last_square = -1
        self.last_placed: tuple[int, str] = (-1, "")     # who placed which creature last (for the log)
        self.final_round_told = False
        self._think = 0.0
        self._choices: tuple[int, int, Choices] | None = None
        self._clean: pygame.Surface | None = None   # the background with no panels
        self._bg: pygame.Surface | None = None      # ... with the panels pasted in
        # panel pieces drawn onto copies of the background, each redrawn only when what it shows changes
        self._pieces: dict[str, tuple[Any, pygame.Surface]] = {}
        self._outlines: dict[tuple[Any, ...], tuple[pygame.Surface, tuple[int, int]]] = {}
        self._palette = theme.palette()
        self._thinking = -1                          # the bot whose thinking dots breathe, -1 for none
        self._reset_ui()

    # -- reading the game ------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return int(self.view["players"])

    def actor(self) -> int | None:
        """The local human who may act now and whose view is on screen (the curtain is down)."""
        seat = self.acting_human()
        return seat if seat is not None and seat == self.viewer else None

    def choices(self, seat: int) -> Choices:
        cached = self._choices
        if cached is not None and cached[0] == self.session.step and cached[1] == seat:
            return cached[2]
        made = Choices.of(seat, self.legal(seat), kombo_table(self.view))
        self._choices = (self.session.step, seat, made)
        return made

    def mode(self) -> str:
        """"wait", "redraw", "turn", "kick", "swamp" or "revive" for the actor."""
        if self.actor() is None:
            return "wait"
        if self.view["phase"] == "redraw":
            return "redraw"
        pending = self.view["pending"]
        return str(pending["ability"]) if pending else "turn"

    def hand(self) -> list[str]:
        """The viewer's hand as drawn now (the display table's)."""
        return self.table.hand

    def shown_hand(self) -> tuple[int | None, tuple[str, ...]]:
        """The seat whose hand is drawn face up along the bottom, and its tiles: only ever the
        viewer (a local human whose turn it is to look); (None, ()) when no hand may be seen."""
        if self.viewer is None:
            return None, ()
        return self.viewer, tuple(self.table.hand)

    def picked_creature(self) -> str | None:
        hand = self.view["hand"]
        i = self.ui.picked
        return str(hand[i]) if 0 <= i < len(hand) else None

    def kombo_options(self) -> list[KomboOption]:
        seat = self.actor()
        if seat is None or self.view["phase"] != "play" or self.view["pending"]:
            return []
        return self.choices(seat).kombos

    def offered_kombos(self) -> list[KomboOption]:
        """The Kombos the prompt cycles through (those on a clicked square, or all)."""
        options = self.kombo_options()
        if self.ui.kombo_filter:
            return [options[i] for i in self.ui.kombo_filter if i < len(options)]
        return options

    # -- game-screen hooks -------------------------------------------------------------------------
    def steps_arrived(self, steps: list[Any]) -> None:
        self._reset_ui()

    def viewer_changed(self) -> None:
        self.table = Table.of(self.view)
        self._reset_ui()

    def caught_up(self) -> None:
        if self.shown is not self.view:
            self.shown = self.view
            self.table = Table.of(self.view)

    def update_game(self, dt: float) -> None:
        self.counters = [c for c in self.counters if c.update(dt)]
        self._think += dt
        if self.ui.end_armed >= 0 and self.app.now() > self.ui.end_armed:
            self.ui.end_armed = -1.0

    def effects_running(self) -> bool:
        return bool(self.counters)

    def message_anchor(self) -> tuple[int, int]:
        return self.layout.toast_centre

    def banner_anchor(self) -> tuple[int, int]:
        return self.layout.board_rect.center

    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.layout.seat_card(seat, self.players)

    def status_rect(self) -> pygame.Rect:
        return self.layout.board_rect

    def log_rect(self) -> pygame.Rect:
        return self.layout.log_rect

    def _reset_ui(self) -> None:
        old = self.ui
        self.ui = Ui(hand_index=min(old.hand_index, max(0, len(self.view["hand"]) - 1)), square=old.square)
        mode = self.mode()
        if mode in ("redraw",):
            self.ui.focus = "buttons"
        elif mode in ("kick", "swamp", "revive"):
            self.ui.focus = "board"
            targets = self.board_targets()
            if targets:
                self.ui.square = nearest(targets, self.ui.square)

    # -- events -> animations ------------------------------------------------------------------------
    def _speed(self) -> float:
        # a backlog (several quick bot moves) plays faster rather than lagging further behind
        return 0.5 if self.backlog() > 3 else 1.0

    def start_event(self, event: Any) -> Animation | None:
        s = self._speed()
        t = self.table
        if isinstance(event, Drew):
            return self._drew(event, s)
        if isinstance(event, HandDiscarded):
            return self._discarded(event, s)
        if isinstance(event, Kept):
            self._log(f"{self.seat_name(event.seat)} keeps the starting hand", event.seat)
            return delay(0.25 * s)
        if isinstance(event, Placed):
            return self._placed(event, s)
        if isinstance(event, Howled):
            self._log(f"{self.seat_name(event.seat)}'s Wolf howls: +{event.points}", event.seat)
            return self._points(event.seat, event.points, self.layout.centre(self.last_square), s)
        if isinstance(event, Hypnotised):
            return self._hypnotised(event, s)
        if isinstance(event, Kicked):
            return self._kicked(event, s)
        if isinstance(event, Swamped):
            return self._swamped(event, s)
        if isinstance(event, Revived):
            self._log(f"{self.seat_name(event.seat)} revives {event.creature} on {square_name(event.square)}",
                      event.seat)
            flip = Flip(FLIP * s, items=[FlipItem(self.layout.centre(event.square), ("back",), ("face", event.creature))],
                        turn=FLIP * s, size=self.layout.tile, hides=frozenset({event.square}),
                        on_done=lambda: self._set(event.square, event.creature))
            self.app.audio.play("capture")
            return Chain(flip)
        if isinstance(event, Scored):
            return self._scored(event, s)
        if isinstance(event, BoardCleared):
            return self._cleared(event, s)
        if isinstance(event, Reshuffled):
            self.notify(f"The discard pile ({event.count}) becomes the new draw pile")
            start = self.layout.discard_rect.center
            items = [FlightItem(("back",), start, self.layout.deck_centre, 0.05 * i * s, 64, self.layout.tile)
                     for i in range(min(event.count, 6))]
            t.discard = 0

            def done() -> None:
                t.draw = event.count
            return Chain(Flight(TRAVEL * s + 0.25 * s, on_done=done, items=items, travel=TRAVEL * s))
        if isinstance(event, TurnBegan):
            t.turn, t.scored = event.seat, False
            self.last_placed = (-1, "")
            if event.round != t.round:
                t.round = event.round
                self.show_banner(f"Round {event.round}", theme.ACCENT, 1.2)
                return delay(0.9 * s)
            return delay(0.12 * s)
        if isinstance(event, TieBreak):
            names = " & ".join(seat_label(seat) for seat in event.seats)
            self.show_banner(f"Tie on {event.score}: {names} play on", theme.ACCENT, 2.0)
            self._log(f"Tie on {event.score}: one more round", -1)
            return delay(1.4)
        return None

    def _hand_point(self, seat: int, index: int, count: int) -> tuple[float, float]:
        if seat == self.viewer:
            return self.layout.hand_slot(index, count).center
        return self.layout.card_hand_point(seat, self.players)

    def _drew(self, event: Drew, s: float) -> Animation | None:
        t = self.table
        if event.count <= 0:
            return None
        t.draw = max(0, t.draw - event.count)
        deck = self.layout.deck_centre
        if event.reason in ("call", "scatter", "refill", "redraw", "empty_hand"):
            what = {"call": "calls a tile", "scatter": "scatters", "refill": "draws",
                    "redraw": "redraws", "empty_hand": "draws"}[event.reason]
            if event.reason in ("refill", "empty_hand", "call"):
                self._log(f"{self.seat_name(event.seat)} {what} {event.count}", event.seat)
        self.app.audio.play("move")
        gap = 0.06 * s
        if event.seat == self.viewer and event.tiles:
            slots = [t.insert(creature) for creature in event.tiles]
            t.counts[event.seat] = len(t.hand)
            # slots shift as later tiles go in: where each tile ends, in the final hand
            final = sorted(slots)
            items = [FlightItem(("back",), deck, self.layout.hand_slot(i, len(t.hand)).center, k * gap,
                                self.layout.tile, self.layout.hand_tile) for k, i in enumerate(final)]
            return Chain(Flight(TRAVEL * s + gap * (len(items) - 1), items=items, travel=TRAVEL * s,
                                hides_hand=frozenset(final)))
        end = self.layout.card_hand_point(event.seat, self.players)
        items = [FlightItem(("back",), deck, end, k * gap, self.layout.tile, 24) for k in range(event.count)]

        def done() -> None:
            t.counts[event.seat] += event.count
        return Chain(Flight(TRAVEL * s + gap * (event.count - 1), on_done=done, items=items, travel=TRAVEL * s))

    def _discarded(self, event: HandDiscarded, s: float) -> Animation | None:
        t = self.table
        end = self.layout.discard_rect.center
        gap = 0.04 * s
        starts: list[Point]
        if event.seat == self.viewer and t.hand:
            starts = [self.layout.hand_slot(i, len(t.hand)).center for i in range(len(t.hand))]
            t.hand.clear()
        else:
            starts = [self.layout.card_hand_point(event.seat, self.players)] * event.count
        t.counts[event.seat] = 0
        items = [FlightItem(("back",), p, end, k * gap, self.layout.hand_tile, 64) for k, p in enumerate(starts)]
        # a whole hand goes either for a redraw before the first turn or for a Gorilla's Scatter
        why = (f"scatters {event.count} tiles" if self.last_placed == (event.seat, "Gorilla")
               else "redraws the starting hand")
        self._log(f"{self.seat_name(event.seat)} {why}", event.seat)
        self.app.audio.play("move")

        def done() -> None:
            t.discard += event.count
        return Chain(Flight(TRAVEL * s + gap * max(0, len(items) - 1), on_done=done, items=items, travel=TRAVEL * s))

    def _placed(self, event: Placed, s: float) -> Animation:
        t = self.table
        start: Point
        if event.seat == self.viewer:
            count = len(t.hand)
            index = t.take(event.creature)
            start = self.layout.hand_slot(max(0, index), count).center
        else:
            start = self.layout.card_hand_point(event.seat, self.players)
        t.counts[event.seat] = max(0, t.counts[event.seat] - 1)
        self.last_square = event.square
        self.last_placed = (event.seat, event.creature)
        hypnotise = event.creature == "Snake" and event.trigger
        how = " and hypnotises" if hypnotise else f" ({ability(event.creature)})" if event.trigger else ""
        self._log(f"{self.seat_name(event.seat)}: {event.creature} on {square_name(event.square)}{how}", event.seat)
        self.app.audio.play("place")
        end = self.layout.centre(event.square)
        return Chain(Flight(TRAVEL * s, on_done=lambda: self._set(event.square, event.creature),
                            items=[FlightItem(("face", event.creature), start, end, 0.0, self.layout.tile)],
                            travel=TRAVEL * s, arc=40))

    def _hypnotised(self, event: Hypnotised, s: float) -> Animation:
        t = self.table
        start = self.layout.centre(event.square)
        self._log(f"{self.seat_name(event.seat)}'s Snake takes the {event.creature}", event.seat)
        self.app.audio.play("capture")
        if event.seat == self.viewer:
            index = t.insert(event.creature)
            t.counts[event.seat] = len(t.hand)
            end = self.layout.hand_slot(index, len(t.hand)).center
            return Chain(Flight(TRAVEL * s * 1.3, items=[FlightItem(("face", event.creature), start, end, 0.0,
                                                                     self.layout.tile)],
                                travel=TRAVEL * s * 1.3, arc=50, hides_hand=frozenset({index})))
        away = self.layout.card_hand_point(event.seat, self.players)

        def done() -> None:
            t.counts[event.seat] += 1
        return Chain(Flight(TRAVEL * s * 1.3, on_done=done,
                            items=[FlightItem(("face", event.creature), start, away, 0.0, self.layout.tile, 24)],
                            travel=TRAVEL * s * 1.3, arc=50))

    def _kicked(self, event: Kicked, s: float) -> Animation:
        t = self.table
        what = t.board[event.src] or (event.creature or "?")
        t.board[event.src] = None
        key = ("face", what) if what != "?" else ("back",)
        self._log(f"{self.seat_name(event.seat)} kicks {event.creature or 'a face-down tile'} "
                  f"{square_name(event.src)}→{square_name(event.dst)}", event.seat)
        self.app.audio.play("move")
        return Chain(Flight(0.3 * s, on_done=lambda: self._set(event.dst, what),
                            items=[FlightItem(key, self.layout.centre(event.src), self.layout.centre(event.dst),
                                              0.0, self.layout.tile)], travel=0.3 * s, arc=12))

    def _swamped(self, event: Swamped, s: float) -> Animation:
        self._log(f"{self.seat_name(event.seat)} swamps {', '.join(event.creatures)}: +{event.points}", event.seat)
        items = [FlipItem(self.layout.centre(sq), ("face", c), ("back",), 0.08 * k * s)
                 for k, (sq, c) in enumerate(zip(event.squares, event.creatures))]

        def done() -> None:
            for sq in event.squares:
                self._set(sq, "?")
        flip = Flip(FLIP * s + 0.08 * s * (len(items) - 1), on_done=done, items=items, turn=FLIP * s,
                    size=self.layout.tile, hides=frozenset(event.squares))
        self.app.audio.play("move")
        centre = self._middle(event.squares)
        return Chain(flip, *self._points_parts(event.seat, event.points, centre, s))

    def _scored(self, event: Scored, s: float) -> Animation:
        n = len(event.squares)
        self._log(f"{self.seat_name(event.seat)} scores {n} {event.creature}s: +{event.points}", event.seat)
        self.app.audio.play("capture")
        glow = Glow(0.55 * s, squares=event.squares, points=event.points)
        items = [FlipItem(self.layout.centre(sq), ("face", self.table.board[sq] or event.creature), ("back",),
                          0.05 * k * s) for k, sq in enumerate(event.squares)]

        def done() -> None:
            for sq in event.squares:
                self._set(sq, "?")
            self.table.scored = True
        flip = Flip(FLIP * s + 0.05 * s * (n - 1), on_done=done, items=items, turn=FLIP * s,
                    size=self.layout.tile, hides=frozenset(event.squares))
        return Chain(glow, flip, *self._points_parts(event.seat, event.points, self._middle(event.squares), s))

    def _cleared(self, event: BoardCleared, s: float) -> Animation:
        t = self.table
        end = self.layout.discard_rect.center
        gap = 0.03 * s
        items = []
        for k, sq in enumerate(event.squares):
            what = t.board[sq]
            key = ("face", what) if what not in (None, "?") else ("back",)
            items.append(FlightItem(key, self.layout.centre(sq), end, k * gap, self.layout.tile, 64))
            t.board[sq] = None
        self.notify("The board is full: its face-down tiles go to the discard pile" if not event.all_face_up
                    else "The board is full of face-up tiles: all but the corners are discarded", theme.ACCENT, 2.4)
        self._log(f"Board full: {len(event.squares)} tiles discarded", -1)
        self.app.audio.play("move")

        def done() -> None:
            t.discard += len(event.squares)
        return Chain(Flight(TRAVEL * s + gap * max(0, len(items) - 1) + 0.1, on_done=done, items=items,
                            travel=TRAVEL * s, arc=20))

    def _points_parts(self, seat: int, points: int, origin: tuple[float, float], s: float) -> list[Part]:
        """"+N" pops over `origin`, then flies to the seat's counter, which then walks the track."""
        key = ("text", f"+{points}", seat)
        pop = Pop(0.45 * s, key=key, at=origin)
        before = self.table.scores[seat]
        end, _ = self.track.point(before + points)

        def land() -> None:
            self.table.scores[seat] = before + points
            self.counters = [c for c in self.counters if c.seat != seat]
            self.counters.append(CounterMove(seat, float(before), float(before + points), 0.5 * s))
            self._tell_final_round()
        fly = Flight(0.45 * s, on_done=land, items=[FlightItem(key, (origin[0], origin[1] - 18), end, 0.0, 0)],
                     travel=0.45 * s, arc=60)
        return [pop, fly]

    def _points(self, seat: int, points: int, origin: tuple[float, float], s: float) -> Animation:
        return Chain(*self._points_parts(seat, points, origin, s))

    def _tell_final_round(self) -> None:
        target = int(self.view["target"])
        leaders = [seat for seat, score in enumerate(self.table.scores) if score >= target]
        if leaders and not self.final_round_told:
            self.final_round_told = True
            self.show_banner(f"{seat_label(leaders[0])} reached {target}: last round!", theme.ACCENT, 2.0)

    def _middle(self, squares: tuple[int, ...]) -> tuple[float, float]:
        xs = [self.layout.centre(sq) for sq in squares]
        return (sum(p[0] for p in xs) / len(xs), sum(p[1] for p in xs) / len(xs))

    def _set(self, square: int, what: str | None) -> None:
        self.table.board[square] = what

    def _log(self, line: str, seat: int) -> None:
        self.moves.add(line, seat)

    # -- input -------------------------------------------------------------------------------------
    def pointer_moved(self, pos: tuple[int, int]) -> None:
        self.hover = self._hit(pos)
        if self.hover is not None and self.hover[0] == "square" and self.ui.prompt == "kombos":
            offered = self.offered_kombos()
            for i, option in enumerate(offered):
                if self.hover[1] in option.squares:
                    self.ui.kombo = i
                    break

    def _hit(self, pos: tuple[int, int]) -> tuple[str, int] | None:
        layout = self.layout
        index = layout.button_at(pos, len(self.controls()))
        if index is not None:
            return ("button", index)
        seat, hand = self.shown_hand()
        if seat is not None:
            slot = layout.hand_index_at(pos, len(hand))
            if slot is not None:
                return ("hand", slot)
        square = layout.square_at(pos)
        if square is not None:
            return ("square", square)
        return None

    def handle_game(self, press: Press) -> bool:
        actor = self.actor()
        if press.device == "mouse":
            seat = self.mouse_seat()
            if seat is None or seat != actor:
                if press.button == "select" and press.pos is not None and self._hit(press.pos) is not None:
                    self._not_yours()
                return True
            if press.button == "back":
                self.cancel()
            elif press.button == "select" and press.pos is not None:
                self.click(press.pos)
            return True
        if press.button == "back":
            # Backspace is shared by every keyboard zone (it arrives as kb1): it cancels the acting
            # player's pick whoever presses it
            if actor is not None:
                self.cancel()
            return True
        seat = self.match.acting_seat_of(press.device)
        if seat is None or seat != actor:
            if press.button in ("select", "slap") and self.match.seats_of(press.device):
                self._not_yours()
            return True
        self.key(press.button, press.device)
        return True

    def _not_yours(self) -> None:
        turn = int(self.view["turn"])
        if turn >= 0 and self.is_bot(turn):
            self.error(f"Wait: {self.seat_name(turn)} (Bot) is playing")
        elif turn >= 0:
            self.error(f"Wait: it's {self.seat_name(turn)}'s turn")
        else:
            self.error("Wait a moment")

    def key(self, button: str, device: str) -> None:
        """A keyboard zone's or gamepad's press for the actor."""
        ui = self.ui
        if button == "slap":
            self.slap(device)
            return
        if ui.focus == "buttons":
            controls = self.controls()
            if button in ("up", "left"):
                ui.button = max(0, ui.button - 1)
            elif button in ("down", "right"):
                if ui.button + 1 < len(controls):
                    ui.button += 1
                elif self.mode() == "turn" and not ui.prompt:
                    ui.focus = "hand"
            elif button == "select" and 0 <= ui.button < len(controls):
                self.press_control(ui.button)
            if ui.prompt == "kombos":
                ui.kombo = min(ui.button, len(self.offered_kombos()) - 1)
            return
        if ui.focus == "board":
            if button in DIRECTIONS:
                targets = self.board_targets()
                ui.square = step_towards(targets, ui.square, DIRECTIONS[button])
            elif button == "select":
                self.choose_square(ui.square)
            return
        # the hand row
        hand = self.view["hand"]
        if button == "left":
            ui.hand_index = max(0, ui.hand_index - 1)
        elif button == "right":
            if ui.hand_index + 1 < len(hand):
                ui.hand_index += 1
            elif self.controls():
                ui.focus, ui.button = "buttons", self._first_enabled()
        elif button == "up":
            if self.controls():
                ui.focus, ui.button = "buttons", self._first_enabled()
        elif button == "select" and hand:
            self.pick(ui.hand_index)

    def _first_enabled(self) -> int:
        controls = self.controls()
        return next((i for i, c in enumerate(controls) if c.button.enabled), 0)

    def click(self, pos: tuple[int, int]) -> None:
        hit = self._hit(pos)
        if hit is None:
            return
        kind, index = hit
        if kind == "button":
            self.press_control(index)
        elif kind == "hand":
            if self.mode() != "turn":
                return
            if self.ui.picked == index:
                self.cancel()
            else:
                self.pick(index)
        else:
            self.ui.square = index
            self.choose_square(index)

    def cancel(self) -> None:
        ui = self.ui
        mode = self.mode()
        if ui.prompt == "trigger":
            ui.prompt, ui.focus = "", "board"
        elif ui.prompt == "kombos":
            ui.prompt, ui.kombo_filter, ui.focus = "", (), "hand"
        elif mode == "kick" and ui.kick_src >= 0:
            ui.square, ui.kick_src = ui.kick_src, -1
        elif mode == "swamp" and ui.swamp:
            ui.swamp.pop()
        elif ui.picked >= 0:
            ui.hand_index, ui.picked, ui.focus = ui.picked, -1, "hand"
        elif ui.focus == "buttons" and mode == "turn":
            ui.focus = "hand"
        else:
            return
        ui.end_armed = -1.0
        self.app.audio.play("click")

    def pick(self, index: int) -> None:
        """Pick the tile in hand slot `index`: the board shows where it may go."""
        seat = self.actor()
        hand = self.view["hand"]
        if seat is None or self.mode() != "turn" or not 0 <= index < len(hand):
            return
        creature = str(hand[index])
        ui = self.ui
        choices = self.choices(seat)
        if not choices.playable(creature):
            self.error(f"There is no space for your {creature}")
            return
        ui.picked, ui.hand_index, ui.prompt, ui.end_armed = index, index, "", -1.0
        ui.focus = "board"
        ui.square = nearest(choices.targets(creature), ui.square if ui.square >= 0 else 6)
        self.app.audio.play("click")

    def board_targets(self) -> list[int]:
        """The squares the board cursor may visit now."""
        seat = self.actor()
        if seat is None:
            return []
        choices = self.choices(seat)
        mode = self.mode()
        if mode == "kick":
            return sorted(choices.kicks[self.ui.kick_src]) if self.ui.kick_src >= 0 else sorted(choices.kicks)
        if mode == "swamp":
            return choices.swamp
        if mode == "revive":
            return sorted(choices.revive)
        creature = self.picked_creature()
        return choices.targets(creature) if creature is not None else []

    def choose_square(self, square: int) -> None:
        """select or a click on a board square, in whatever the actor is choosing."""
        seat = self.actor()
        if seat is None:
            return
        ui = self.ui
        mode = self.mode()
        choices = self.choices(seat)
        if mode == "kick":
            if ui.kick_src < 0:
                if square in choices.kicks:
                    ui.kick_src, ui.square = square, nearest(choices.kicks[square], square)
                    self.app.audio.play("click")
                else:
                    self.error("Pick a ringed tile to kick")
            elif square == ui.kick_src:
                self.cancel()
            elif square in choices.kicks[ui.kick_src]:
                self.submit(Kick(seat, ui.kick_src, square))
            elif square in choices.kicks:
                ui.kick_src = square        # another tile to kick instead
                self.app.audio.play("click")
            else:
                self.error("The tile moves one space into an empty space beside it")
            return
        if mode == "swamp":
            if square in ui.swamp:
                ui.swamp.remove(square)
                self.app.audio.play("click")
            elif square in choices.swamp:
                ui.swamp.append(square)
                if len(ui.swamp) == 2:
                    self.submit(Swamp(seat, tuple(sorted(ui.swamp))))
                else:
                    self.app.audio.play("click")
            else:
                self.error("Pick a face-up tile (not the Alligator itself)")
            return
        if mode == "revive":
            if square in choices.revive:
                self.submit(Revive(seat, square))
            else:
                self.error("Pick a face-down tile to revive")
            return
        if mode != "turn":
            return
        creature = self.picked_creature()
        if creature is None:
            # no tile picked: a click on a Kombo scores it
            on = [i for i, k in enumerate(self.kombo_options()) if square in k.squares]
            if on:
                self.offer_kombos(tuple(on))
            elif self.view["hand"]:
                self.error("First pick a tile from your hand")
            return
        triggers = choices.triggers(creature, square)
        if not triggers:
            self.error(f"The {creature} can't go there: pick a marked space")
            return
        if len(triggers) == 1:
            self.submit(Place(seat, creature, square, triggers[0]))
            return
        ui.prompt, ui.prompt_square, ui.focus, ui.button = "trigger", square, "buttons", 0
        self.app.audio.play("click")

    def offer_kombos(self, among: tuple[int, ...] = ()) -> None:
        """Score at once where one Kombo is on offer; else let the player choose between them."""
        seat = self.actor()
        options = self.kombo_options()
        if seat is None or not options:
            return
        chosen = [options[i] for i in among] if among else options
        if len(chosen) == 1:
            self.submit(Score(seat, chosen[0].squares))
            return
        ui = self.ui
        ui.prompt, ui.kombo_filter, ui.kombo, ui.focus, ui.button = "kombos", among, 0, "buttons", 0
        ui.picked = -1
        self.app.audio.play("click")

    def slap(self, device: str) -> None:
        """The slap key: End turn (or, mid-Swamp with one tile marked, swamp just that one)."""
        seat = self.actor()
        if seat is None:
            return
        mode = self.mode()
        if mode == "swamp" and len(self.ui.swamp) == 1:
            self.submit(Swamp(seat, tuple(self.ui.swamp)))
            return
        if mode == "turn":
            self.end_turn(device)

    def end_turn(self, device: str) -> None:
        seat = self.actor()
        if seat is None:
            return
        choices = self.choices(seat)
        if not choices.end_turn:
            self.error("Play at least one tile before you end your turn")
            return
        ui = self.ui
        if choices.kombos and not (ui.end_armed >= 0 and self.app.now() <= ui.end_armed):
            best = max(k.points for k in choices.kombos)
            again = "Click End turn again" if device == "mouse" else f"Press {self.key_labels(device)['slap']} again"
            ui.end_armed = self.app.now() + CONFIRM_TIME
            self.say(f"A Kombo (+{best}) is still on the board! {again} to end your turn", theme.ACCENT, CONFIRM_TIME)
            self.app.audio.play("click")
            return
        self.submit(EndTurn(seat))

    # -- the buttons -----------------------------------------------------------------------------
    def controls(self) -> list[Control]:
        """The buttons for the actor now, in the order the panel shows them."""
        seat = self.actor()
        if seat is None:
            return []
        mode = self.mode()
        ui = self.ui
        if mode == "redraw":
            return [Control(Button("Keep this hand", kind="primary"), lambda: self.submit(Redraw(seat, False))),
                    Control(Button("Redraw (once)"), lambda: self.submit(Redraw(seat, True)))]
        if mode == "swamp":
            one = len(ui.swamp) == 1
            return [Control(Button("Swamp just this one (+1)" if one else "Mark 1 or 2 tiles", enabled=one,
                                   kind="primary"),
                            lambda: self.submit(Swamp(seat, tuple(ui.swamp))) if len(ui.swamp) == 1 else None)]
        if mode != "turn":
            return []
        if ui.prompt == "trigger":
            creature = self.picked_creature() or ""
            words = trigger_prompt(creature, len(self.view["hand"]) - 1)
            square = ui.prompt_square
            return [Control(Button(words.yes, kind="primary"), lambda: self.submit(Place(seat, creature, square, True))),
                    Control(Button(words.no), lambda: self.submit(Place(seat, creature, square, False)))]
        if ui.prompt == "kombos":
            out = [Control(Button(f"Score {k.label}", kind="kombo"), partial(self.submit, Score(seat, k.squares)))
                   for k in self.offered_kombos()]
            return out[:self.layout.MAX_BUTTONS - 1] + [Control(Button("Cancel", kind="quiet"), self.cancel)]
        choices = self.choices(seat)
        out = []
        if choices.kombos:
            if len(choices.kombos) == 1:
                label = f"Score Kombo (+{choices.kombos[0].points})"
            else:
                label = f"Score a Kombo… ({len(choices.kombos)})"
            out.append(Control(Button(label, kind="kombo"), self.offer_kombos))
        elif self.table.scored or self.view["scored"]:
            out.append(Control(Button("Kombo scored", enabled=False), lambda: None))
        else:
            out.append(Control(Button("No Kombo to score", enabled=False), lambda: None))
        end_label = "End turn" if choices.end_turn else "End turn (play a tile)"
        if ui.end_armed >= 0:
            end_label = "End turn: sure?"
        device = self.match.plans[seat].device
        out.append(Control(Button(end_label, enabled=choices.end_turn), lambda: self.end_turn(device)))
        return out

    def press_control(self, index: int) -> None:
        controls = self.controls()
        if not 0 <= index < len(controls):
            return
        control = controls[index]
        if not control.button.enabled:
            self.error("Not now")
            return
        control.act()

    # -- what the panels say -----------------------------------------------------------------------
    def prompt_text(self) -> tuple[str, tuple[str, ...], bool]:
        """The right panel's title, its detail lines, and whether a question waits for an answer."""
        turn = int(self.view["turn"])
        if self.view["phase"] == "over" or turn < 0:
            return "Game over", (self.winner_text(),), False
        name = self.seat_name(turn)
        seat = self.actor()
        if seat is None:
            if self.is_bot(turn):
                return f"{name} (Bot) is playing", ("Watch the board: its tiles", "fly in shortly."), False
            if self.is_human(turn):
                return f"{name} to play", (f"{name} takes the screen next.",), False
            return f"{name} to play", ("Waiting for their move.",), False
        mode = self.mode()
        ui = self.ui
        if mode == "redraw":
            return "Your starting hand", ("Keep these five tiles, or", "discard them and draw five new", "ones (only now, only once)."), True
        if mode == "kick":
            if ui.kick_src < 0:
                return "Kick: pick a tile", ("Any other tile (ringed) that", "has an empty space beside it."), False
            return "Kick: where to?", (f"Move the tile on {square_name(ui.kick_src)} one", "space into a ringed empty space."), False
        if mode == "swamp":
            return "Swamp: pick 1 or 2 tiles", ("Face-up tiles flip face down:", "+1 point each. A second pick", "swamps both at once."), False
        if mode == "revive":
            return "Revive: pick a tile", ("Flip one face-down tile face up", "(its power does not trigger)."), False
        if ui.prompt == "trigger":
            creature = self.picked_creature() or ""
            words = trigger_prompt(creature, len(self.view["hand"]) - 1)
            return words.question, wrap(words.detail, 30), True
        if ui.prompt == "kombos":
            offered = self.offered_kombos()
            k = offered[min(ui.kombo, len(offered) - 1)] if offered else None
            lines = ("Several Kombos overlap:", "choose which one to score.") if k is None else (
                "Several Kombos overlap: the", f"outlined one scores +{k.points}.")
            return "Score which Kombo?", lines, True
        picked = self.picked_creature()
        if picked is not None:
            detail = ("Put it on a marked space.", "A Snake may also go onto a", "face-up tile (spiral ring).") \
                if picked == "Snake" else ("Put it on a marked space", "beside a tile or the draw pile.")
            return f"Place your {picked}", detail, False
        played = int(self.view["played"])
        if not self.view["hand"]:
            return "Your turn", ("Your hand is empty and there is", "nothing to draw: end your turn."), False
        if played == 0:
            return "Your turn", ("Play a tile from your hand:", "pick it, then a marked space."), False
        return "Your turn", ("Play another tile, score a", "Kombo, or end your turn."), False

    def hints(self) -> tuple[str, tuple[tuple[str, str], ...]]:
        seat = self.actor()
        if seat is None:
            seat = self.viewer
        if seat is None:
            return "", ()
        device = self.match.plans[seat].device
        title = f"{self.seat_name(seat)}: {device_name(device)}"
        mode = self.mode() if self.actor() is not None else "wait"
        ui = self.ui
        if device == "mouse":
            if mode == "turn" and not ui.prompt:
                return title, (("Click", "a tile in your hand"), ("Click", "a marked space"),
                               ("Click", "a Kombo: score it"), ("Right-click", "put the tile back"),
                               ("End turn", "the button"), ("Esc", "pause"))
            return title, (("Click", "a button or a ringed tile"), ("Right-click", "cancel"), ("Esc", "pause"))
        k = self.key_labels(device)
        move = self.move_label(device)
        if mode == "turn" and ui.prompt:
            return title, ((move, "choose"), (k["select"], "confirm"), (k["back"], "cancel"), (k["pause"], "pause"))
        if mode == "turn" and ui.focus == "board":
            return title, ((move, "choose a space"), (k["select"], "place it there"), (k["back"], "put it back"),
                           (k["slap"], "end turn"), (k["pause"], "pause"))
        if mode == "turn":
            return title, ((move, "choose a tile / button"), (k["select"], "pick it / press"),
                           (k.get("up", "up"), "the buttons"), (k["slap"], "end turn"), (k["pause"], "pause"))
        if mode == "redraw":
            return title, ((move, "choose"), (k["select"], "confirm"), (k["pause"], "pause"))
        if mode == "swamp":
            return title, ((move, "choose a tile"), (k["select"], "mark / unmark"), (k["slap"], "swamp the one marked"),
                           (k["back"], "unmark"))
        if mode in ("kick", "revive"):
            return title, ((move, "choose a ringed tile"), (k["select"], "pick it"), (k["back"], "back"),
                           (k["pause"], "pause"))
        return title, ((k["pause"], "pause"),)

    def caption(self) -> tuple[int, str]:
        """The line over the board: whose turn, and what they do now."""
        turn = self.table.turn if self.busy() else int(self.view["turn"])
        if turn < 0:
            return -1, ""
        if self.is_bot(turn):
            return turn, " (Bot) is playing"
        if self.actor() is None:
            return turn, "'s turn"
        mode = self.mode()
        ui = self.ui
        words = {"redraw": ": keep or redraw?", "kick": ": Kick!", "swamp": ": Swamp!", "revive": ": Revive!"}
        if mode in words:
            return turn, words[mode]
        if ui.prompt == "trigger":
            return turn, f": trigger {ability(self.picked_creature() or 'Wolf')}?"
        if ui.prompt == "kombos":
            return turn, ": which Kombo?"
        if self.picked_creature() is not None:
            return turn, f": place the {self.picked_creature()}"
        return turn, ": your turn"

    def prompt_box(self) -> PromptBox:
        title, detail, urgent = self.prompt_text()
        seat = self.actor()
        who = seat if seat is not None else int(self.view["turn"])
        controls = self.controls()
        focus = self.ui.button if self.ui.focus == "buttons" and seat is not None \
            and self.match.plans[seat].device != "mouse" else -1
        hover = self.hover[1] if self.hover is not None and self.hover[0] == "button" else -1
        return PromptBox(who, title, detail, tuple(c.button for c in controls), focus, hover, urgent)

    def seat_lines(self) -> tuple[SeatLine, ...]:
        t = self.table
        target = int(self.view["target"])
        in_round = set(self.shown["in_round"])
        return tuple(SeatLine(seat, self.seat_name(seat), self.match.plans[seat].label(), t.scores[seat],
                              t.counts[seat], seat == t.turn, seat in in_round, seat == t.turn and t.scored,
                              t.scores[seat] >= target) for seat in range(self.players))

    # -- drawing -----------------------------------------------------------------------------------
    def _ensure_static(self, surface: pygame.Surface) -> None:
        if self._palette is not theme.palette():       # seat colours changed (Settings, from pause)
            self._palette = theme.palette()
            self._bg = self._clean = None
            self._outlines.clear()
        if self._bg is not None:
            return
        bg = make_background(self.layout, self.track, self.text, self.bank, surface, self.players)
        bg.blit(make_legend(self.layout, self.text, self.bank), self.layout.legend_rect)
        bg.blit(self.text.get("Kombo Klash!", 44, theme.ACCENT, True), self.layout.title_pos)
        self._clean = bg
        self._bg = bg.copy()
        self._pieces.clear()

    def _piece(self, name: str, key: Any, rect: pygame.Rect, draw: Callable[[pygame.Surface], None]) -> None:
        """A panel piece: drawn onto a copy of the clean background under `rect` and pasted into
        the frame's background, only when `key` changes; a frame then blits one opaque surface."""
        cached = self._pieces.get(name)
        if cached is not None and cached[0] == key:
            return
        assert self._bg is not None and self._clean is not None
        area = rect.clip(self._clean.get_rect())
        surf = self._clean.subsurface(area).copy()
        draw(surf)
        self._bg.blit(surf, area)
        self._pieces[name] = (key, surf)

    def draw_game(self, surface: pygame.Surface, alpha: float) -> None:
        self._ensure_static(surface)
        self._update_panels()
        assert self._bg is not None
        surface.blit(self._bg, (0, 0))
        self._draw_thinking(surface)
        self._draw_piles(surface)
        self._draw_board(surface, alpha)
        self._draw_marks(surface)
        self._draw_counters(surface, alpha)
        self._draw_hand(surface)
        anim = self.anim
        if anim is not None and hasattr(anim, "draw"):
            anim.draw(surface, alpha, self.bank)
        self._draw_caption(surface)

    def _draw_piles(self, surface: pygame.Surface) -> None:
        layout = self.layout
        t = self.table
        deck = layout.tile_rect(CENTRE)
        back = self.bank.back(layout.tile)
        if t.draw > 0:
            for i in range(min(3, (t.draw + 9) // 10)):     # a thicker pile for more tiles
                surface.blit(back, deck.move(0, 4 - 3 * i))
            top = deck.move(0, 4 - 3 * min(2, (t.draw + 9) // 10 - 1))
        else:
            top = deck
        badge = self.bank.cached(("count", t.draw), lambda: count_badge(self.text, t.draw))
        surface.blit(badge, badge.get_rect(center=(top.centerx, top.bottom - 4)))
        d = layout.discard_rect
        small = self.bank.back(d.w)
        for i in range(min(3, (t.discard + 9) // 10)):
            surface.blit(small, d.move(0, -3 * i))
        badge = self.bank.cached(("count", t.discard), lambda: count_badge(self.text, t.discard))
        surface.blit(badge, badge.get_rect(center=(d.centerx, d.bottom + 12)))

    def _draw_board(self, surface: pygame.Surface, alpha: float) -> None:
        layout = self.layout
        anim = self.anim
        hidden: frozenset[int] = getattr(anim, "hides", frozenset())
        size = layout.tile
        for sq, what in enumerate(self.table.board):
            if what is None or sq in hidden or sq == CENTRE:
                continue
            sprite = self.bank.back(size) if what == "?" else self.bank.face(what, size)
            surface.blit(sprite, layout.tile_rect(sq))
        glow = anim.glow() if isinstance(anim, Chain) else None
        if glow is not None:
            level = glow.strength(alpha)
            width = 4 + round(level * 4)
            surf, at = self._outline(glow.squares, KOMBO, width)
            surface.blit(surf, at)
            tag = self.bank.sprite(("text", f"+{glow.points}", -1), 0)
            surface.blit(tag, tag.get_rect(center=self._middle(glow.squares)))

    def _outline(self, squares: tuple[int, ...], colour: tuple[int, int, int], width: int
                 ) -> tuple[pygame.Surface, tuple[int, int]]:
        key = (squares, colour, width)
        cached = self._outlines.get(key)
        if cached is None:
            if len(self._outlines) > 200:
                self._outlines.clear()
            cached = self._outlines[key] = kombo_outline(self.layout, squares, colour, width)
        return cached

    def _draw_marks(self, surface: pygame.Surface) -> None:
        """Kombo outlines, the actor's targets, ghosts and the board cursor (none while the board
        is still catching up with the truth)."""
        if self.busy():
            return
        layout = self.layout
        seat = self.actor()
        ui = self.ui
        mode = self.mode()
        chosen: KomboOption | None = None
        if ui.prompt == "kombos":
            offered = self.offered_kombos()
            chosen = offered[min(ui.kombo, len(offered) - 1)] if offered else None
        elif mode == "turn" and self.picked_creature() is None and self.hover is not None \
                and self.hover[0] == "square":
            chosen = next((k for k in self.kombo_options() if self.hover[1] in k.squares), None)
        for _creature, squares, points in self.view["kombos"]:
            squares = tuple(squares)
            if chosen is not None and squares == chosen.squares:
                continue
            surf, at = self._outline(squares, (190, 150, 60) if chosen is not None else KOMBO, 4)
            surface.blit(surf, at)
            if seat is not None and mode == "turn" and not ui.prompt and not self.view["scored"]:
                tag = self.bank.sprite(("text", f"+{points}", -1), 0)
                first = layout.cell_rect(squares[0])
                surface.blit(tag, tag.get_rect(center=(first.right - 10, first.y + 4)))
        if chosen is not None:
            surf, at = self._outline(chosen.squares, KOMBO, 8)
            surface.blit(surf, at)
            tag = self.bank.sprite(("text", f"+{chosen.points}", -1), 0)
            surface.blit(tag, tag.get_rect(center=self._middle(chosen.squares)))
        if seat is None:
            return
        cell = layout.cell
        if mode == "turn":
            creature = self.picked_creature()
            if creature is not None:
                choices = self.choices(seat)
                mark = self.bank.cached(("space", cell), lambda: space_mark(cell))
                hypno = self.bank.cached(("hypno", cell), lambda: ring_mark(cell, HYPNO, "Snake"))
                for sq in choices.targets(creature):
                    if self.table.board[sq] is None:
                        surface.blit(mark, layout.cell_rect(sq))
                    else:
                        surface.blit(hypno, layout.cell_rect(sq).move(-RING_PAD, -RING_PAD))
                ghost_at = ui.prompt_square if ui.prompt == "trigger" else self._aim()
                if ghost_at is not None and ghost_at in choices.places.get(creature, {}):
                    ghost = self.bank.ghost(creature, layout.tile)
                    surface.blit(ghost, layout.tile_rect(ghost_at))
        elif mode in ("kick", "swamp", "revive"):
            colour = {"kick": TARGET, "swamp": (110, 220, 130), "revive": PICK}[mode]
            symbol = {"kick": "Kangaroo", "swamp": "Alligator", "revive": "Vulture"}[mode]
            ring = self.bank.cached(("ring", mode, cell), lambda: ring_mark(cell, colour, symbol))
            space = self.bank.cached(("space", cell), lambda: space_mark(cell))
            chosen_mark = self.bank.cached(("picked", cell), lambda: picked_mark(cell, theme.ACCENT))
            for sq in self.board_targets():
                if mode == "kick" and ui.kick_src >= 0:
                    surface.blit(space, layout.cell_rect(sq))
                else:
                    surface.blit(ring, layout.cell_rect(sq).move(-RING_PAD, -RING_PAD))
            for sq in ([ui.kick_src] if ui.kick_src >= 0 else []) + ui.swamp:
                surface.blit(chosen_mark, layout.cell_rect(sq))
            pending = self.view["pending"]
            if pending:
                mine = self.bank.cached(("picked", "own", cell), lambda: picked_mark(cell, (150, 146, 170)))
                surface.blit(mine, layout.cell_rect(int(pending["square"])))
        if ui.focus == "board" and self.match.plans[seat].device != "mouse":
            colour = theme.seat_colour(seat)
            frame = self.bank.cached(("cursor", colour, cell + 12), lambda: cursor_frame(cell + 12, colour))
            surface.blit(frame, layout.cell_rect(ui.square).inflate(12, 12))

    def _aim(self) -> int | None:
        """The square a click or select would place on: the mouse's, else the keyboard cursor's."""
        if self.hover is not None and self.hover[0] == "square":
            return self.hover[1]
        if self.ui.focus == "board":
            return self.ui.square
        return None

    def _draw_counters(self, surface: pygame.Surface, alpha: float) -> None:
        moving = {c.seat: c for c in self.counters}
        spots: dict[int, list[int]] = {}
        positions: list[tuple[int, float]] = []
        for seat in range(self.players):
            c = moving.get(seat)
            score = c.value(alpha) if c is not None else float(self.table.scores[seat])
            positions.append((seat, score))
            spots.setdefault(round(min(score, self.track.target)), []).append(seat)
        for seat, score in positions:
            group = spots[round(min(score, self.track.target))]
            (x, y), (dx, dy) = self.track.point(score)
            shift = (group.index(seat) - (len(group) - 1) / 2) * 11
            sprite = self.bank.cached(("counter", seat, theme.seat_colour(seat)), lambda seat=seat: counter_sprite(seat))
            surface.blit(sprite, sprite.get_rect(center=(round(x + dx * shift), round(y + dy * shift))))

    def _draw_hand(self, surface: pygame.Surface) -> None:
        layout = self.layout
        seat, hand = self.shown_hand()
        area = layout.hand_area
        if seat is None:
            turn = self.table.turn
            if turn >= 0 and self.table.counts[turn]:
                count = self.table.counts[turn]
                back = self.bank.back(layout.hand_tile)
                for i in range(count):
                    surface.blit(back, layout.hand_slot(i, count))
            return
        hidden: frozenset[int] = getattr(self.anim, "hides_hand", frozenset())
        actor = self.actor()
        ui = self.ui
        keyboard = actor is not None and self.match.plans[actor].device != "mouse"
        mode = self.mode()
        choices = self.choices(actor) if actor is not None and mode == "turn" else None
        hover = self.hover[1] if self.hover is not None and self.hover[0] == "hand" else -1
        if not hand:
            lab = self.text.get("No tiles in hand", 24, theme.TEXT_DIM)
            surface.blit(lab, lab.get_rect(center=(area.centerx, area.centery - 10)))
        for i, creature in enumerate(hand):
            if i in hidden:
                continue
            rect = layout.hand_slot(i, len(hand))
            lift = 0
            if i == ui.picked and not self.busy():
                lift = 14
            elif i == hover and choices is not None:
                lift = 6
            sprite = self.bank.face(creature, layout.hand_tile)
            if choices is not None and not choices.playable(creature):
                sprite = self.bank.ghost(creature, layout.hand_tile)
            surface.blit(sprite, rect.move(0, -lift))
            if i == ui.picked and not self.busy():
                mark = self.bank.cached(("picked", "hand", layout.hand_tile),
                                        lambda: picked_mark(layout.hand_tile, theme.ACCENT))
                surface.blit(mark, rect.move(0, -lift))
        if keyboard and mode == "turn" and ui.focus == "hand" and hand and not self.busy():
            colour = theme.seat_colour(actor) if actor is not None else theme.TEXT
            size = layout.hand_tile + 12
            frame = self.bank.cached(("cursor", colour, size), lambda: cursor_frame(size, colour))
            i = min(ui.hand_index, len(hand) - 1)
            surface.blit(frame, layout.hand_slot(i, len(hand)).inflate(12, 12))

    def _update_panels(self) -> None:
        """Paste into the background each panel piece whose contents changed."""
        layout = self.layout
        text, bank = self.text, self.bank
        for line in self.seat_lines():
            self._piece(f"card {line.seat}", line, layout.seat_card(line.seat, self.players),
                        partial(draw_card, text=text, bank=bank, line=line))
        box = self.prompt_box()
        self._piece("prompt", box, layout.prompt_rect, lambda surf: draw_prompt(surf, layout, text, box))
        hint_title, hints = self.hints()
        seat = self.actor()
        seat = seat if seat is not None else (self.viewer if self.viewer is not None else -1)
        self._piece("hints", (seat, hint_title, hints), layout.hint_rect,
                    lambda surf: draw_hints(surf, text, seat, hint_title, hints))
        lines, earlier = self.moves.window(self.LOG_LINES), self.moves.earlier(self.LOG_LINES)
        self._piece("log", (lines, earlier), layout.log_rect, lambda surf: draw_log(surf, text, lines, earlier))
        self._thinking = box.seat if box.seat >= 0 and self.is_bot(box.seat) and self.actor() is None else -1

    def _draw_thinking(self, surface: pygame.Surface) -> None:
        layout = self.layout
        box_seat = self._thinking
        if box_seat >= 0:
            prompt = layout.prompt_rect     # three dots that breathe while a bot thinks
            for i in range(3):
                phase = (self._think * 3 - i * 0.4) % 1.0
                r = 5 + 3 * max(0.0, 1 - abs(phase - 0.5) * 4)
                pygame.draw.circle(surface, theme.seat_colour(box_seat), (prompt.x + 40 + i * 24, prompt.y + 130), r)

    def _draw_caption(self, surface: pygame.Surface) -> None:
        who, rest_text = self.caption()
        if who < 0 or not rest_text:
            return
        cx, cy = self.layout.caption_centre
        colour = theme.seat_colour(who)
        name = self.text.get(self.seat_name(who), 44, colour, True)
        rest = self.text.get(rest_text, 36, theme.TEXT)
        mark = 34
        w = mark + name.get_width() + rest.get_width()
        x = cx - w // 2
        draw_seat_symbol(surface, who, (x + 12, cy - 2), 24, colour, theme.BG)
        x += mark
        surface.blit(name, (x, cy - name.get_height() // 2))
        surface.blit(rest, (x + name.get_width(), cy - name.get_height() // 2 + 6))


# -- cursor moves between targets --------------------------------------------------------------------

def nearest(targets: list[int], square: int) -> int:
    """The target closest to `square` (itself if it is one); `square` if there are none."""
    if not targets:
        return square
    r, c = divmod(square, SIZE)
    return min(targets, key=lambda t: (abs(t // SIZE - r) + abs(t % SIZE - c), t))


def step_towards(targets: list[int], square: int, direction: tuple[int, int]) -> int:
    """The nearest target in `direction` from `square` (straight ahead preferred); stays put if
    there is none that way."""
    r, c = divmod(square, SIZE)
    dr, dc = direction
    best: tuple[float, int] | None = None
    for t in targets:
        tr, tc = divmod(t, SIZE)
        ahead = (tr - r) * dr + (tc - c) * dc
        if ahead <= 0:
            continue
        side = abs((tr - r) * dc) + abs((tc - c) * dr)
        score = ahead + 2.5 * side
        if best is None or score < best[0]:
            best = (score, t)
    return best[1] if best is not None else square


def wrap(text: str, width: int) -> tuple[str, ...]:
    """Words into lines of at most about `width` characters."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        lines.append(line)
    return tuple(lines)

