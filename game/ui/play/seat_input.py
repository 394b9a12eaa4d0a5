"""Presses to focus moves and choices, the same for every game: which seat a press is for, moving that
seat's focus, Select on what it shows (twice for a choice marked `confirm`), Back, the mouse's hover
and click, and drawing each seat's focus.

A device plays one seat or several (hot-seat): a press is for the seat it acts for now (one that may
act), else its first seat. The mouse acts for its own seats; where nobody plays with it, it helps
whichever local human is to act, moving that seat's focus. Exactly one focus is drawn per device:
the focus of the seat it acts for.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from game.core.engine import Action
from game.ui.toolkit.input import Press

from .focus import DIRECTIONS, Focusable, Key, SeatFocus, draw_focus, target_at

if TYPE_CHECKING:
    from game.ui.toolkit.text import TextCache


class Table(Protocol):
    """What seat input needs from its game screen."""

    def human_seats(self) -> tuple[int, ...]: ...

    def device_of(self, seat: int) -> str: ...

    def seat_for(self, device: str) -> int | None: ...

    def acting_human(self) -> int | None: ...

    def button_label(self, seat: int, button: str) -> str: ...

    @property
    def focus_across(self) -> float: ...

    def focusables(self, seat: int) -> Sequence[Focusable]: ...

    def submit(self, action: Action) -> bool: ...

    def error(self, text: str) -> None: ...

    def click_sound(self) -> None: ...


class SeatInput:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.focus: dict[int, SeatFocus] = {seat: SeatFocus() for seat in table.human_seats()}
        self.hovering: int | None = None     # the seat whose focus the mouse moves now

    # -- the focus --------------------------------------------------------------------------------

    def of(self, seat: int) -> SeatFocus:
        return self.focus.setdefault(seat, SeatFocus())

    def focused(self, seat: int) -> Focusable | None:
        """What `seat`'s focus rests on now (moved to the closest thing if its own is gone)."""
        return self.of(seat).find(self.table.focusables(seat))

    def put(self, seat: int, key: Key) -> None:
        """Move `seat`'s focus onto `key` (where a game lands it after a step)."""
        focus = self.of(seat)
        for target in self.table.focusables(seat):
            if target.key == key:
                focus.set(target)
                return
        focus.key, focus.armed = key, None

    def disarm(self, seat: int | None = None) -> None:
        for s, focus in self.focus.items():
            if seat is None or s == seat:
                focus.armed = None

    # -- presses ----------------------------------------------------------------------------------

    def press(self, press: Press, action_button: Callable[[int, Focusable | None, Press], None],
              back: Callable[[int], bool]) -> bool:
        """A game press; True if a seat took it."""
        if press.device == "mouse":
            return self._mouse(press, action_button, back)
        button = press.button
        seat = self.table.seat_for(press.device)
        if seat is None and button == "back":
            # Backspace is shared by every keyboard zone (it arrives as the first one's): it is
            # for whoever is to act, if nobody plays with that zone
            seat = self.table.acting_human()
        if seat is None:
            return False
        if button in DIRECTIONS:
            if self.of(seat).move(self.table.focusables(seat), DIRECTIONS[button], self.table.focus_across):
                self.table.click_sound()
            return True
        if button == "select":
            self.select(seat)
        elif button == "back":
            focus = self.of(seat)
            if focus.armed is not None:
                focus.armed = None
            else:
                back(seat)
        elif button == "slap":
            action_button(seat, self.focused(seat), press)
        return True

    def select(self, seat: int) -> None:
        """Select on `seat`'s focus: the choice it shows, nothing else."""
        focus = self.of(seat)
        target = focus.find(self.table.focusables(seat))
        if target is None:
            return
        if target.act is None:
            if target.reason:
                self.table.error(target.reason)
            return
        if target.confirm and focus.armed != target.key:
            self.arm(seat, target.key, "select")
            return
        focus.armed = None
        if isinstance(target.act, Action):
            self.table.submit(target.act)
        else:
            target.act()

    def arm(self, seat: int, key: Key, by: str = "slap") -> None:
        """Arm the choice on `key` (the seat's focus goes there): a second press of `by` makes it."""
        self.put(seat, key)
        focus = self.of(seat)
        focus.armed, focus.armed_by = key, by
        self.table.click_sound()

    def armed_words(self, seat: int, target: Focusable) -> str:
        """What the focus says of an armed choice: which press makes it, and what it does."""
        focus = self.of(seat)
        if focus.armed != target.key:
            return ""
        if self.table.device_of(seat) == "mouse":
            again = "Click again"
        elif focus.armed_by == "select":
            again = "Select again"
        else:        # armed by another key (the Action key): its own name
            again = f"{self.table.button_label(seat, focus.armed_by)} again"
        return f"{again}: {target.label or 'confirm'}"

    def hover(self, pos: tuple[int, int]) -> None:
        seat = self.table.seat_for("mouse")
        self.hovering = seat
        if seat is None:
            return
        target = target_at(self.table.focusables(seat), pos)
        if target is not None:
            self.of(seat).set(target)

    def _mouse(self, press: Press, action_button: Callable[[int, Focusable | None, Press], None],
               back: Callable[[int], bool]) -> bool:
        seat = self.table.seat_for("mouse")
        if seat is None:
            return False
        if press.button == "back":
            focus = self.of(seat)
            if focus.armed is not None:
                focus.armed = None
                return True
            return back(seat)
        if press.pos is None:
            return False
        target = target_at(self.table.focusables(seat), press.pos)
        if target is None:
            self.of(seat).armed = None
            return False
        self.of(seat).set(target)
        if press.button == "select":
            self.select(seat)
        elif press.button == "slap":
            action_button(seat, target, press)
        return True

    # -- drawing ----------------------------------------------------------------------------------

    def drawn_seats(self) -> list[int]:
        """The seats whose focus is drawn: per device, the seat it acts for now."""
        seats: list[int] = []
        for seat in self.table.human_seats():
            device = self.table.device_of(seat)
            if device == "mouse":
                continue
            if self.table.seat_for(device) == seat and seat not in seats:
                seats.append(seat)
        mouse = self.hovering if self.hovering is not None else self.table.seat_for("mouse")
        if mouse is not None and mouse not in seats and self.of(mouse).key is not None:
            seats.append(mouse)
        return seats

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        on: dict[Key, int] = {}
        for seat in self.drawn_seats():
            target = self.focused(seat)
            if target is None:
                continue
            stack = on.get(target.key, 0)
            on[target.key] = stack + 1
            draw_focus(surface, target.rect, seat, text, self.armed_words(seat, target), stack, target.tag_inside)


__all__ = ["SeatInput", "Table"]
