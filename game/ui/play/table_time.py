"""A game screen's time, where the session's clock meets the screen's.

The session runs on the input clock (`App.clock`, the one a press's time is read on, so a slap's time
and the race it is judged in agree), less the time the screen was covered: nothing updates below a
menu, and the loop steps at least every MAX_WAIT otherwise, so a longer gap between two updates is a
pause, and a local game's clock stands still through it (`Session.stood_still`: a LAN host's runs on).
What time rules is told here: a press ruled out (too late, stale) to its player, a choice the
referee made for a silent seat to everyone.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.session import Step
from game.ui.toolkit import theme

if TYPE_CHECKING:
    from game.ui.play.game_screen import GameScreen

STOOD_STILL = 0.5       # seconds between two updates that are a pause, not a slow frame (MAX_FRAME 0.25)


@dataclass
class TableTime:
    screen: GameScreen[Any]
    ticked: float | None = None     # the input clock at the last update

    def tick(self) -> float:
        """Time passing for the session (see the module's doc); returns now on the input clock."""
        screen = self.screen
        now = screen.app.clock()
        if self.ticked is not None and now - self.ticked > STOOD_STILL:
            screen.session.stood_still(now - self.ticked)
        self.ticked = now
        screen.session.tick(now, screen.attending())
        for ruling in screen.session.refusals():
            seat = ruling.action.seat
            if screen.is_human(seat):          # a bot's lost race is nobody's news
                screen.error(f"{screen.seat_name(seat)}: {ruling.reason}")
        return now

    def seconds_left(self, seat: int) -> float | None:
        """The seconds before `seat`'s owed choice is made for it (None: none owed, or not known)."""
        screen = self.screen
        due = screen.session.deadline(seat)
        return None if due is None else max(0.0, due - screen.app.clock())

    def note(self, steps: Sequence[Step]) -> None:
        screen = self.screen
        for step in steps:
            if step.defaulted is not None:
                screen.notify(f"{screen.seat_name(step.defaulted)} took too long: the default is made",
                              theme.ACCENT, 2.4)
