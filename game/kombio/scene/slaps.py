"""What the KOMBIO screen does with slaps and with the choices a slap leaves owed.

A slap press names the card under the player's focus and the discard the table shows, and goes to
the session at once with the time of its key (`session.press`): the session's referee (the local
one, or the LAN host's) judges the presses of one discard in press-time order, so the earlier press
wins even if it reached the screen second. The winner's margin ("by 12 ms") comes with the step
the race ruled. A choice a slap leaves owed is made for a silent player when the referee's clock says
so; the screen shows the seconds left (`session.deadline`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.core.errors import IllegalActionError
from game.core.session import Step
from game.kombio.actions import Slap
from game.kombio.events import Slapped

if TYPE_CHECKING:
    from .screen import KombioScene


@dataclass
class SlapDesk:
    scene: KombioScene
    margins: dict[tuple[int, int], float] = field(default_factory=dict)   # (seat, discard) -> ms

    def press(self, seat: int, owner: int, slot: int, time: float) -> None:
        scene = self.scene
        waiting = scene.curtain_seat
        if waiting is not None:
            # the screen is between two players: the key belongs to nobody yet, so nothing counts
            # (not even for the player whose screen it is about to be: they cannot see the table)
            scene.error(f"No slaps while the screen changes hands: {scene.seat_name(waiting)} takes it first")
            return
        shown = scene.shown
        if shown.top is None:
            scene.error("Nothing to slap yet: no card on the discard pile")
            return
        try:
            scene.session.press(Slap(seat, owner, slot, shown.discard_serial), time)
        except IllegalActionError as error:
            scene.error(f"{scene.seat_name(seat)}: {error.reason}")
        scene.take_steps()           # a press judged at once (nobody else could slap) shows at once

    def note_race(self, step: Step) -> None:
        """A step a race ruled carries each press's time: the winner's margin over the next press of
        that discard, for the banner ("by 12 ms")."""
        race = dict(step.race)
        for event in step.events:
            if isinstance(event, Slapped) and event.right and event.seat in race:
                mine = race[event.seat]
                later = [ms - mine for seat, ms in race.items() if seat != event.seat and ms >= mine]
                if later:
                    self.margins[(event.seat, event.discard)] = min(later)

    def margin(self, event: Slapped) -> float | None:
        return self.margins.pop((event.seat, event.discard), None)

    def seconds_left(self, seat: int) -> float | None:
        """The seconds before a human's owed choice is made for it (None: none owed, or not known)."""
        return self.scene.time.seconds_left(seat) if self.scene.is_human(seat) else None
