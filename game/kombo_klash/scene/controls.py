"""What each Kombo Klash! player's focus may rest on, what Select does there, and where the focus
lands after a step.

Focusables (game.ui.play.focus): every tile of the viewer's hand, every board space, and the panel's
buttons: the starting hand's Keep and Redraw, an ability's "use it?" answers, one button per Kombo on
offer, Swamp-just-one, and End turn. Out of turn they still take the focus, and Select says whose
turn it is. A choice is made in the presses the board shows:

- Placing is two presses: the hand tile (it lifts, the board marks where it may go), then the space
  (a faint tile shows there); Back puts the tile back. Where the tile's ability is optional, the
  space asks "use it?" in the panel first (its answers are one press each; Back returns to the board).
- These cannot be taken back and ask for a confirming press (Select again, or Back to disarm):
  End turn; scoring a Kombo, from its button or from any of its tiles; a Snake hypnotising a tile (it
  has no "use it?": the space decides); a Vulture's Revive (one press would flip a tile nobody has
  seen); redrawing the starting hand (keeping it, the question's harmless answer, is one press).
- A Kick is two presses by nature (the tile, then where it goes; Back puts the tile down again), and
  so is a Swamp of two tiles (mark one, then the other; Back unmarks). The Action key moves the focus
  to End turn (or Swamp-just-one) and arms it; pressed again, it acts.

Where the focus lands, chosen once here (`land`): the hand at the start of a turn and after each
step of it (the tile it was on, else the first playable; End turn when none is), the first choice of
an ability's prompt, the space nearest the last one visited after a tile is picked, empty spaces
before a Snake's hypnotise targets, so that two stray presses never hypnotise.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.core.engine import Action
from game.core.seats import seat_name
from game.core.session import Step
from game.kombo_klash.actions import EndTurn, Kick, Place, Redraw, Revive, Score, Swamp
from game.kombo_klash.tables import CREATURE_INDEX, KICK, OVER, REDRAW, REVIVE, SIZE, SNAKE, SPACES, SWAMP
from game.kombo_klash.view import KomboView
from game.ui.play.focus import Focusable, Key

from .choices import Choices, KomboOption, trigger_prompt
from .hand_row import Turn
from .layout import Layout
from .panels import Button

if TYPE_CHECKING:
    from .screen import KomboKlashScene

WAIT, TURN = "wait", "turn"           # besides REDRAW, KICK, SWAMP and REVIVE
HAND_ROW: Key = ("hand",)             # the whole row (a part that lays the hand out anew hides it)
KEEP: Key = ("button", "keep")
REDRAW_BUTTON: Key = ("button", "redraw")
YES: Key = ("button", "yes")
NO: Key = ("button", "no")
SWAMP_ONE: Key = ("button", "swamp one")
STATUS: Key = ("button", "status")
END: Key = ("button", "end")
FIRST_SQUARE = 6                      # where a focus that has never been on the board starts there
START_SQUARES = (6, 8, 16, 18)        # where each waiting seat's focus starts: apart, off the draw pile

Act = Action | Callable[[], object] | None


def hand_key(index: int) -> Key:
    return ("hand", index)


def square_key(square: int) -> Key:
    return ("square", square)


def kombo_key(squares: tuple[int, ...]) -> Key:
    return ("button", "kombo", squares)


def square_of(key: Key | None) -> int | None:
    return int(key[1]) if isinstance(key, tuple) and len(key) == 2 and key[0] == "square" else None


def hand_index(key: Key | None) -> int | None:
    return int(key[1]) if isinstance(key, tuple) and len(key) == 2 and key[0] == "hand" else None


def nearest(targets: Sequence[int], square: int) -> int | None:
    """The target closest to `square` on the grid (itself if it is one), None if there are none."""
    r, c = divmod(square, SIZE)
    return min(targets, key=lambda t: (abs(t // SIZE - r) + abs(t % SIZE - c), t), default=None)


@dataclass(frozen=True)
class PanelButton:
    """A button of the prompt panel: what it shows, and the focusable it is."""

    key: Key
    button: Button
    act: Act = None
    label: str = ""
    reason: str = ""
    confirm: bool = False


class KomboControls:
    def __init__(self, scene: KomboKlashScene, layout: Layout) -> None:
        self.scene = scene
        self.layout = layout
        self.picked: dict[int, int] = {}       # seat -> the hand index of the tile it holds
        self.asking: dict[int, int] = {}       # seat -> the space its tile goes to, "use it?" asked
        self.kick_from: dict[int, int] = {}    # seat -> the tile its Kangaroo kicks, once chosen
        self.marked: dict[int, tuple[int, ...]] = {}   # seat -> the tile its Alligator swamps, once marked
        self.board_focus: dict[int, int] = {}  # seat -> the space its focus was last on
        self._picked_from: dict[int, tuple[Turn, tuple[str, ...], int]] = {}   # seat -> its pick's turn, hand, index
        self._choices: tuple[int, int, Choices] | None = None

    # -- what a seat may do ----------------------------------------------------------------------

    @property
    def view(self) -> KomboView:
        return self.scene.view

    def mode(self, seat: int) -> str:
        """WAIT, REDRAW, TURN, KICK, SWAMP or REVIVE for `seat`."""
        if seat != self.scene.actor():
            return WAIT
        view = self.view
        if view.phase == REDRAW:
            return REDRAW
        return view.pending.ability if view.pending is not None else TURN

    def choices(self, seat: int) -> Choices:
        step = self.scene.session.step
        cached = self._choices
        if cached is None or cached[:2] != (step, seat):
            cached = self._choices = (step, seat, Choices.of(seat, self.scene.legal(seat), self.view.kombos))
        return cached[2]

    def picked_creature(self, seat: int) -> str | None:
        index = self.picked.get(seat)
        hand = self.view.hand
        return hand[index] if index is not None and 0 <= index < len(hand) else None

    def waiting(self, seat: int) -> str:
        """Why `seat` may not act now."""
        turn = self.view.turn
        if self.view.phase == OVER or turn < 0:
            return "The game is over"
        if turn == seat:
            return "Take the screen first"
        if self.scene.is_bot(turn):
            return f"Wait: {seat_name(turn)} (Bot) is playing"
        return f"Wait: it's {seat_name(turn)}'s turn"

    def kombo_on_focus(self, seat: int) -> KomboOption | None:
        """The Kombo `seat`'s focus shows (its button, or one of its tiles): the board lights it."""
        if self.mode(seat) != TURN or seat in self.picked:
            return None
        key = self.scene.input.of(seat).key
        kombos = self.choices(seat).kombos
        square = square_of(key)
        if square is not None:
            on = [k for k in kombos if square in k.squares]
            return on[0] if len(on) == 1 else None
        return next((k for k in kombos if kombo_key(k.squares) == key), None)

    # -- the focusables ----------------------------------------------------------------------------

    def targets(self, seat: int) -> list[Focusable]:
        mode = self.mode(seat)
        layout = self.layout
        if mode == WAIT:
            wait = self.waiting(seat)
            out = [Focusable(square_key(sq), layout.cell_rect(sq), reason=wait) for sq in SPACES]
            if seat == self.scene.viewer:       # their own hand, on screen while they wait
                hand = self.view.hand
                out += [Focusable(hand_key(i), self.scene.hand_slot(self.view, i), reason=wait)
                        for i in range(len(hand))]
            return out
        out = self._hand(seat, mode)
        out += [self._square(seat, sq, mode) for sq in SPACES]
        out += [Focusable(b.key, layout.button_rect(i), b.act, b.label, b.reason, b.confirm)
                for i, b in enumerate(self.buttons(seat))]
        return out

    def _hand(self, seat: int, mode: str) -> list[Focusable]:
        hand = self.view.hand
        choices = self.choices(seat)
        out = []
        for i, creature in enumerate(hand):
            act: Act = None
            label = reason = ""
            if mode == REDRAW:
                reason = "First keep or redraw your starting hand"
            elif mode != TURN:
                reason = f"First choose your {ability_name(mode)} on the board"
            elif seat in self.asking:
                reason = "First answer in the panel (Back: choose again)"
            elif self.picked.get(seat) == i:
                act, label = (lambda: self.put_back(seat)), "put it back"
            elif not choices.playable(creature):
                reason = f"There is no space for your {creature}"
            else:
                act, label = (lambda i=i: self.pick(seat, i)), f"pick up the {creature}"
            out.append(Focusable(hand_key(i), self.scene.hand_slot(self.view, i), act, label, reason))
        return out

    def _square(self, seat: int, sq: int, mode: str) -> Focusable:
        key, rect = square_key(sq), self.layout.cell_rect(sq)
        act: Act = None
        label = reason = ""
        confirm = False
        choices = self.choices(seat)
        if mode == REDRAW:
            reason = "First keep or redraw your starting hand"
        elif mode == KICK:
            src = self.kick_from.get(seat)
            if src is None and sq in choices.kicks:
                act, label = (lambda: self.kick_pick(seat, sq)), "kick this tile"
            elif src is None:
                reason = "Pick a ringed tile to kick"
            elif sq == src:
                act, label = (lambda: self.kick_unpick(seat)), "choose another tile"
            elif sq in choices.kicks[src]:
                act, label = Kick(seat, src, sq), "kick it here"
            elif sq in choices.kicks:
                act, label = (lambda: self.kick_pick(seat, sq)), "kick this tile instead"
            else:
                reason = "The tile moves one space into an empty space beside it"
        elif mode == SWAMP:
            marked = self.marked.get(seat, ())
            if sq in marked:
                act, label = (lambda: self.unmark(seat)), "unmark it"
            elif sq in choices.swamp and marked:
                act, label = Swamp(seat, tuple(sorted((*marked, sq)))), "swamp both (+2)"
            elif sq in choices.swamp:
                act, label = (lambda: self.mark(seat, sq)), "mark it (+1)"
            else:
                reason = "Pick a face-up tile (not the Alligator itself)"
        elif mode == REVIVE:
            if sq in choices.revive:
                act, label, confirm = Revive(seat, sq), "revive it", True
            else:
                reason = "Pick a face-down tile to revive"
        elif seat in self.asking:
            reason = "First answer in the panel (Back: choose again)"
        else:
            return self._turn_square(seat, sq, key, rect, choices)
        return Focusable(key, rect, act, label, reason, confirm)

    def _turn_square(self, seat: int, sq: int, key: Key, rect: pygame.Rect, choices: Choices) -> Focusable:
        creature = self.picked_creature(seat)
        if creature is None:
            on = choices.kombos_on(sq)
            if len(on) == 1:
                return Focusable(key, rect, Score(seat, on[0].squares), f"score {on[0].label}",
                                 confirm=True)
            if on:
                return Focusable(key, rect, lambda: self.to_kombos(seat, on), "choose which Kombo")
            reason = "First pick a tile from your hand" if self.view.hand else "Your hand is empty: end your turn"
            return Focusable(key, rect, reason=reason)
        triggers = choices.triggers(creature, sq)
        taken = self.view.board[sq]
        if not triggers:
            return Focusable(key, rect, reason=f"The {creature} can't go there: pick a marked space")
        if CREATURE_INDEX[creature] == SNAKE and taken is not None:
            return Focusable(key, rect, Place(seat, creature, sq, True), f"hypnotise the {taken}",
                             confirm=True)
        if len(triggers) == 1:
            return Focusable(key, rect, Place(seat, creature, sq, triggers[0]), f"place the {creature}")
        return Focusable(key, rect, lambda: self.ask(seat, sq), f"place the {creature} here")

    def buttons(self, seat: int) -> list[PanelButton]:
        """The panel's buttons for `seat` now, in the order it shows them."""
        mode = self.mode(seat)
        if mode == REDRAW:
            return [PanelButton(KEEP, Button("Keep this hand"), Redraw(seat, False), "keep this hand"),
                    PanelButton(REDRAW_BUTTON, Button("Redraw (once)"), Redraw(seat, True),
                                "redraw: five new tiles", confirm=True)]
        if mode == SWAMP:
            marked = self.marked.get(seat, ())
            if len(marked) == 1:
                return [PanelButton(SWAMP_ONE, Button("Swamp just this one (+1)"), Swamp(seat, marked),
                                    "swamp just this one (+1)")]
            return [PanelButton(SWAMP_ONE, Button("Mark 1 or 2 tiles", enabled=False),
                                reason="First mark a face-up tile on the board")]
        if mode != TURN:
            return []
        creature = self.picked_creature(seat)
        square = self.asking.get(seat)
        if creature is not None and square is not None:
            words = trigger_prompt(creature, len(self.view.hand) - 1)
            return [PanelButton(YES, Button(words.yes), Place(seat, creature, square, True), words.yes),
                    PanelButton(NO, Button(words.no), Place(seat, creature, square, False), words.no)]
        choices = self.choices(seat)
        out = [PanelButton(kombo_key(k.squares), Button(f"Score {k.label}", kind="kombo"), Score(seat, k.squares),
                           f"score {k.label}", confirm=True)
               for k in choices.kombos[:self.layout.MAX_BUTTONS - 1]]
        if not out:
            status = "Kombo scored" if self.view.scored else "No Kombo to score"
            out.append(PanelButton(STATUS, Button(status, enabled=False),
                                   reason="You have scored this turn's Kombo" if self.view.scored
                                   else "There is no Kombo on the board"))
        if choices.end_turn:
            best = max((k.points for k in choices.kombos), default=0)
            waits = f" (a Kombo +{best} is waiting!)" if best else ""
            out.append(PanelButton(END, Button("End turn"), EndTurn(seat), f"end your turn{waits}", confirm=True))
        else:
            out.append(PanelButton(END, Button("End turn (play a tile)", enabled=False),
                                   reason="Play at least one tile before you end your turn"))
        return out

    # -- the screen's own steps --------------------------------------------------------------------

    def pick(self, seat: int, index: int) -> None:
        self.picked[seat] = index
        self._picked_from[seat] = ((self.view.round, self.view.turn), self.view.hand, index)
        self.scene.changed()
        self.asking.pop(seat, None)
        self._moved(seat)

    def put_back(self, seat: int) -> None:
        self.picked.pop(seat, None)
        self.scene.changed()
        self.scene.click_sound()

    def ask(self, seat: int, square: int) -> None:
        self.asking[seat] = square
        self.scene.changed()
        self._moved(seat)

    def kick_pick(self, seat: int, square: int) -> None:
        self.kick_from[seat] = square
        self.scene.changed()
        self._moved(seat)

    def kick_unpick(self, seat: int) -> None:
        self.kick_from.pop(seat, None)
        self.scene.changed()
        self.scene.click_sound()

    def mark(self, seat: int, square: int) -> None:
        self.marked[seat] = (square,)
        self.scene.changed()
        self.scene.click_sound()

    def unmark(self, seat: int) -> None:
        self.marked.pop(seat, None)
        self.scene.changed()
        self.scene.click_sound()

    def to_kombos(self, seat: int, kombos: list[KomboOption]) -> None:
        """A tile of several Kombos: the focus goes to the first of their buttons, to choose there."""
        listed = {b.key for b in self.buttons(seat)}
        key = next((kombo_key(k.squares) for k in kombos if kombo_key(k.squares) in listed), None)
        if key is not None:
            self.scene.input.put(seat, key)
            self.scene.click_sound()

    def _moved(self, seat: int) -> None:
        self.scene.click_sound()
        key = self.land(seat)
        if key is not None:
            self.scene.input.put(seat, key)

    # -- the buttons the focus does not cover ------------------------------------------------------

    def action_button(self, seat: int) -> None:
        """The Action key: End turn (Swamp-just-one while swamping), in two presses: the first moves
        the focus there (and arms it where it asks for a confirming press), the second acts."""
        key = {TURN: END, SWAMP: SWAMP_ONE}.get(self.mode(seat))
        if key is None or seat in self.asking:
            return
        target = next((t for t in self.scene.focusables(seat) if t.key == key), None)
        if target is None:
            return
        focus = self.scene.input.of(seat)
        if not target.enabled:
            self.scene.error(target.reason)
        elif focus.key == key and (focus.armed == key or not target.confirm):
            self.scene.input.select(seat)
        elif target.confirm:
            self.scene.input.arm(seat, key)
        else:
            self.scene.input.put(seat, key)
            self.scene.click_sound()

    def back(self, seat: int) -> bool:
        """Back steps out of the choice in progress. Backspace is shared by every keyboard zone (it
        arrives as the first zone's), so it is the acting player's Back as well."""
        actor = self.scene.actor()
        return any(self._back(s) for s in dict.fromkeys((seat, actor)) if s is not None)

    def _back(self, seat: int) -> bool:
        key: Key | None = None
        if seat in self.asking:
            key = square_key(self.asking.pop(seat))
        elif seat in self.kick_from:
            key = square_key(self.kick_from.pop(seat))
        elif seat in self.marked:
            del self.marked[seat]
        elif seat in self.picked:
            key = hand_key(self.picked.pop(seat))
        else:
            return False
        self.scene.changed()
        if key is not None:
            self.scene.input.put(seat, key)
        self.scene.click_sound()
        return True

    # -- where the focus lands ---------------------------------------------------------------------

    def landing(self, seat: int, step: Step) -> Key | None:
        """A new step: choices in progress are stale; the focus lands where the seat acts next."""
        picked = self._picked_from.pop(seat, None)
        action = step.action
        if picked is not None and isinstance(action, Place) and action.seat == seat and picked[1][picked[2]] == action.creature:
            self.scene.hand_row.played(*picked)        # its place in the row stays empty this turn
        self.clear(seat)
        return self.land(seat)

    def clear(self, seat: int) -> None:
        for choice in (self.picked, self.asking, self.kick_from, self.marked):
            choice.pop(seat, None)
        self.scene.changed()

    def land(self, seat: int) -> Key | None:
        """Where `seat`'s focus goes now that it has this to do (None: it stays)."""
        mode = self.mode(seat)
        if mode == WAIT:
            return None
        if mode == REDRAW:
            return KEEP
        choices = self.choices(seat)
        near = self.board_focus.get(seat, FIRST_SQUARE)
        spaces: Sequence[int]
        if mode == KICK:
            src = self.kick_from.get(seat)
            spaces = sorted(choices.kicks) if src is None else choices.kicks[src]
        elif mode == SWAMP:
            spaces = choices.swamp
        elif mode == REVIVE:
            spaces = choices.revive
        elif seat in self.asking:
            return YES
        elif (creature := self.picked_creature(seat)) is not None:
            spaces = choices.targets(creature)
            empty = [sq for sq in spaces if self.view.board[sq] is None]
            spaces = empty or spaces
        else:
            return self._land_in_hand(seat, choices)
        square = nearest(spaces, near)
        return None if square is None else square_key(square)

    def _land_in_hand(self, seat: int, choices: Choices) -> Key:
        hand = self.view.hand
        playable = [i for i, creature in enumerate(hand) if choices.playable(creature)]
        if not playable:
            return END
        at = hand_index(self.scene.input.of(seat).key)
        if at is not None:
            at = min(at, len(hand) - 1)
            if at in playable:
                return hand_key(at)
        return hand_key(playable[0])

    def remember(self, seat: int, key: Key | None) -> None:
        square = square_of(key)
        if square is not None:
            self.board_focus[seat] = square


def ability_name(mode: str) -> str:
    return {KICK: "Kick", SWAMP: "Swamp", REVIVE: "Revive"}.get(mode, mode)


__all__ = ["END", "HAND_ROW", "KEEP", "NO", "REDRAW_BUTTON", "STATUS", "SWAMP_ONE", "TURN", "WAIT", "YES",
           "KomboControls", "PanelButton", "hand_key", "kombo_key", "square_key"]
