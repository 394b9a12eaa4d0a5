"""What each Kabooom! player's focus may rest on, and what Select does there.

Every square of the board, the tray's four symbols while placing and the Pass button while capturing
are focusables (game.ui.play.focus). Select on a square places the chosen symbol there, picks up one
of your towers, moves the picked tower onto a square it may take (a choice made in two presses: the
pick, then the target; Back puts the tower down), or puts the picked tower down again. Pass is a
choice that cannot be taken back, so it takes two presses: Select on the button, or the Action key
(which moves the focus there), arms it, and a second press passes. Placing is one press: the
counter to be placed is drawn faint on the focused square, so the press does what the board shows.

Out of turn every focusable still takes the focus (a player may plan ahead) and Select says whose
turn it is. A seat's focus stays where its player left it; when the turn comes back with the focus
left on the Pass button, it returns to the square it was on.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.seats import seat_name
from game.core.session import Step
from game.kabooom.rules import (
    BOARD_SQUARES,
    CAPTURE,
    NEIGHBOURS,
    OVER,
    PLACE,
    SYM_INDEX,
    SYMBOL_NAMES,
    SYMBOLS,
    KabooomView,
    Move,
    Pass,
    Place,
    can_take,
)
from game.ui.play.focus import Focusable, Key

from .layout import Layout

if TYPE_CHECKING:
    from .screen import KabooomScene

PASS: Key = ("pass",)
START_SQUARES = (6, 8, 16, 18)       # where each seat's focus starts: apart, off the centre


def square_key(square: int) -> Key:
    return ("square", square)


def tray_key(symbol: str) -> Key:
    return ("tray", symbol)


def name_of(symbol: str) -> str:
    return SYMBOL_NAMES[SYM_INDEX[symbol]]


class KabooomControls:
    def __init__(self, scene: KabooomScene, layout: Layout) -> None:
        self.scene = scene
        self.layout = layout
        self.picked: dict[int, int] = {}      # seat -> the square of the tower it picked up
        self.chosen: dict[int, str] = {}      # seat -> the symbol it places next
        self.board_focus: dict[int, Key] = {}  # seat -> the square its focus was last on

    # -- what a seat may do ----------------------------------------------------------------------

    @property
    def view(self) -> KabooomView:
        return self.scene.view

    def symbol_for(self, seat: int) -> str | None:
        """The symbol `seat` places next: its choice while it has one left, else its first left."""
        pool = self.view.pool[seat]
        symbol = self.chosen.get(seat)
        if symbol is not None and pool[SYM_INDEX[symbol]] > 0:
            return symbol
        return next((s for s, count in zip(SYMBOLS, pool) if count > 0), None)

    def moves_from(self, seat: int, square: int) -> set[int]:
        """The squares the tower on `square` may move to (the engine's legal list)."""
        return {a.dst for a in self.scene.legal(seat) if isinstance(a, Move) and a.src == square}

    def waiting(self, seat: int) -> str:
        """Why `seat` may not act now, or "" if it may."""
        view = self.view
        if view.phase == OVER:
            return "The game is over"
        if seat != view.turn:
            return f"Wait: it's {seat_name(view.turn)}'s turn"
        return ""

    # -- the focusables ----------------------------------------------------------------------------

    def targets(self, seat: int) -> list[Focusable]:
        view = self.view
        wait = self.waiting(seat)
        out = [self._square(seat, sq, wait) for sq in BOARD_SQUARES]
        if view.phase == PLACE:
            out += [self._tray(seat, i, symbol, wait) for i, symbol in enumerate(SYMBOLS)]
        elif view.phase == CAPTURE:
            ends = view.passes >= view.players - 1
            out.append(Focusable(PASS, self.layout.pass_button, None if wait else Pass(seat),
                                 "pass: it ends the game!" if ends else "pass", wait, confirm=True))
        return out

    def _square(self, seat: int, square: int, wait: str) -> Focusable:
        rect = self.layout.cell_rect(square)
        key = square_key(square)
        if wait:
            return Focusable(key, rect, reason=wait)
        view = self.view
        stack = view.board[square]
        if view.phase == PLACE:
            symbol = self.symbol_for(seat)
            if stack:
                return Focusable(key, rect, reason="That square is taken: place on an empty one")
            if symbol is None:
                return Focusable(key, rect, reason="You have no counters left to place")
            return Focusable(key, rect, Place(seat, square, symbol), f"place {name_of(symbol)}")
        picked = self.picked.get(seat)
        if picked is None:
            if not stack:
                return Focusable(key, rect, reason="That square is empty: pick one of your towers")
            owner, symbol = stack[-1]
            if owner != seat:
                return Focusable(key, rect, reason=f"That is {seat_name(owner)}'s {name_of(symbol)}: pick one of yours")
            if not self.moves_from(seat, square):
                return Focusable(key, rect, reason=f"This {name_of(symbol)} has no square it may take")
            return Focusable(key, rect, lambda: self.pick(seat, square), f"pick up the {name_of(symbol)}")
        if square == picked:
            return Focusable(key, rect, lambda: self.put_down(seat), "put it down")
        mover = view.board[picked]
        if stack and stack[-1][0] == seat and self.moves_from(seat, square) and square not in self.moves_from(seat, picked):
            return Focusable(key, rect, lambda: self.pick(seat, square), f"pick up the {name_of(stack[-1][1])}")
        # a move the engine may refuse: its refusal says why in the engine's own words
        label = ""
        if mover and stack and square in NEIGHBOURS[picked] and can_take(mover[-1][1], stack[-1][1]):
            label = "blow both up" if mover[-1][1] == "D" else f"take the {name_of(stack[-1][1])}"
        return Focusable(key, rect, Move(seat, picked, square), label)

    def _tray(self, seat: int, index: int, symbol: str, wait: str) -> Focusable:
        rect = self.layout.tray_slot(index)
        key = tray_key(symbol)
        if wait:
            return Focusable(key, rect, reason=wait)
        if self.view.pool[seat][index] <= 0:
            return Focusable(key, rect, reason=f"No {name_of(symbol)} left to place")
        return Focusable(key, rect, lambda: self.choose(seat, symbol), f"place {name_of(symbol)} next")

    # -- the screen's own steps --------------------------------------------------------------------

    def pick(self, seat: int, square: int) -> None:
        self.picked[seat] = square
        self.scene.click_sound()

    def put_down(self, seat: int) -> None:
        self.picked.pop(seat, None)
        self.scene.click_sound()

    def choose(self, seat: int, symbol: str) -> None:
        self.chosen[seat] = symbol
        self.scene.click_sound()

    def cycle(self, seat: int) -> None:
        """The Action key while placing: the next symbol the seat still has."""
        current = self.symbol_for(seat)
        if current is None:
            return
        pool = self.view.pool[seat]
        i = SYM_INDEX[current]
        for k in range(1, 5):
            symbol = SYMBOLS[(i + k) % 4]
            if pool[SYM_INDEX[symbol]] > 0:
                self.chosen[seat] = symbol
                break
        self.scene.click_sound()

    # -- the buttons the focus does not cover ------------------------------------------------------

    def action_button(self, seat: int) -> None:
        """Placing: the next symbol. Capturing: Pass, in two presses (it moves the focus there)."""
        wait = self.waiting(seat)
        if wait:
            self.scene.error(wait)
            return
        if self.view.phase == PLACE:
            self.cycle(seat)
            return
        focus = self.scene.input.of(seat)
        if focus.key == PASS and focus.armed == PASS:
            focus.armed = None
            self.picked.pop(seat, None)
            self.scene.submit(Pass(seat))
            return
        if isinstance(focus.key, tuple) and focus.key[:1] == ("square",):
            self.board_focus[seat] = focus.key
        self.scene.input.arm(seat, PASS)

    def back(self, seat: int) -> bool:
        """Back puts a picked tower down. Backspace is shared by every keyboard zone (it arrives as
        the first zone's), so it puts down the tower of whoever is to move as well."""
        acting = self.view.turn
        dropped = False
        for s in {seat, acting}:
            if self.picked.pop(s, None) is not None:
                dropped = True
        return dropped

    # -- after a step ------------------------------------------------------------------------------

    def landing(self, seat: int, step: Step) -> Key | None:
        """A new step: picks are stale; a seat whose turn it is gets its focus back on the board."""
        self.picked.pop(seat, None)
        focus = self.scene.input.of(seat)
        if self.view.turn == seat and not (isinstance(focus.key, tuple) and focus.key[:1] == ("square",)):
            return self.board_focus.get(seat, square_key(START_SQUARES[0]))
        return None

    def remember(self, seat: int, key: Key) -> None:
        if isinstance(key, tuple) and key[:1] == ("square",):
            self.board_focus[seat] = key

    def picks(self) -> list[tuple[int, int]]:
        """(seat, square) of each picked tower whose seat may move it now."""
        return [(seat, sq) for seat, sq in self.picked.items() if seat == self.view.turn]

