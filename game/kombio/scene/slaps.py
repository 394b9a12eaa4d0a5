"""What the KOMBIO screen does with slaps and with the choices a slap leaves owed.

A slap press names the card under the player's focus and the discard the table shows. On a local
table the presses of one short window are judged in press-time order (game.kombio.local_slaps), so
the earlier press wins even if it reached the screen second; over the LAN a press goes to the host
at once with the time of its key (`session.press`), and the host judges. The winner's margin ("by 12
ms") is noted for the banner: from the local judge, or from the race a host's step carries.

A slap's follow-up choice owed by a local human has a countdown; when it runs out the engine's
default is made (`default_choice`, read from the legal list: a screen never holds the state).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.core.engine import Action, Event
from game.core.errors import IllegalActionError
from game.core.session import LocalSession, Step
from game.kombio.actions import Give, Settle
from game.kombio.events import Slapped
from game.kombio.local_slaps import Judged, LocalSlaps
from game.kombio.slap_race import ACCEPTED, REFUSED, STALE, TOO_LATE, race_rng
from game.kombio.slap_race import Press as SlapPress
from game.kombio.table import TABLE
from game.ui.toolkit import theme

if TYPE_CHECKING:
    from .screen import KombioScene


@dataclass
class Countdown:
    key: tuple[Any, ...]
    started: float


@dataclass
class SlapDesk:
    scene: KombioScene
    local: LocalSlaps
    margins: dict[tuple[int, int], float] = field(default_factory=dict)   # (seat, discard) -> ms
    countdowns: dict[int, Countdown] = field(default_factory=dict)

    @classmethod
    def for_scene(cls, scene: KombioScene, seed: int) -> SlapDesk:
        return cls(scene, LocalSlaps(race_rng(seed)))

    # -- presses -----------------------------------------------------------------------------------

    def press(self, seat: int, owner: int, slot: int, time: float) -> None:
        scene = self.scene
        shown = scene.shown
        if shown.top is None:
            scene.error("Nothing to slap yet: no card on the discard pile")
            return
        press = SlapPress(seat, owner, slot, shown.discard_serial, time)
        if not isinstance(scene.session, LocalSession):
            # over the LAN the host judges every press by its corrected time (net.fair_slap):
            # sent at once, with the time of the key press
            try:
                scene.session.press(press.action(), time)
            except IllegalActionError as error:
                scene.error(f"{scene.seat_name(seat)}: {error.reason}")
            return
        self.local.add(press, scene.app.now())

    @property
    def waiting(self) -> list[SlapPress]:
        """The local presses of the window not judged yet."""
        return self.local.presses

    def due(self) -> bool:
        return self.local.due(self.scene.app.now())

    def judge(self) -> None:
        # only a local game's presses wait here: over the LAN the host judges them (see press)
        for judged in self.local.judge(self._submit, self.scene.view.discard_serial):
            self._tell(judged)

    def _submit(self, press: SlapPress) -> tuple[Event, ...]:
        self.scene.session.submit(press.action())
        steps = self.scene.take_steps()
        return tuple(e for step in steps for e in step.events)

    def _tell(self, judged: Judged) -> None:
        scene = self.scene
        name = scene.seat_name(judged.press.seat)
        if judged.verdict == ACCEPTED and judged.margin_ms is not None:
            self.margins[(judged.press.seat, judged.press.discard)] = judged.margin_ms
        elif judged.verdict == STALE or judged.verdict == TOO_LATE:
            scene.error(f"{name}: too late, {judged.reason}")
        elif judged.verdict == REFUSED:
            scene.error(f"{name}: {judged.reason}")

    def note_race(self, step: Step) -> None:
        """A step the host's race ruled carries each press's time: the winner's margin over the next
        press of that discard, for the banner ("by 12 ms")."""
        race = dict(getattr(step, "race", ()) or ())
        for event in step.events:
            if isinstance(event, Slapped) and event.right and event.seat in race:
                mine = race[event.seat]
                later = [ms - mine for seat, ms in race.items() if seat != event.seat and ms >= mine]
                if later:
                    self.margins[(event.seat, event.discard)] = min(later)

    def margin(self, event: Slapped) -> float | None:
        return self.margins.pop((event.seat, event.discard), None)

    # -- the countdown of a choice owed --------------------------------------------------------------

    def run_countdowns(self, now: float) -> None:
        scene = self.scene
        live: dict[int, Countdown] = {}
        for index, item in enumerate(scene.view.pending):
            seat = item.seat
            if seat in live or not scene.is_human(seat):
                continue
            key = (item.kind, item.other, index, scene.view.discard_serial)
            old = self.countdowns.get(seat)
            live[seat] = old if old is not None and old.key == key else Countdown(key, now)
        self.countdowns = live
        for seat, countdown in list(live.items()):
            if now - countdown.started >= TABLE.choice_seconds and not scene.busy():
                action = default_choice(scene.legal(seat))
                if action is not None:
                    scene.notify(f"{scene.seat_name(seat)} took too long: the default is made", theme.ACCENT, 2.4)
                    scene.submit(action)
                return

    def seconds_left(self, seat: int) -> float | None:
        countdown = self.countdowns.get(seat)
        if countdown is None:
            return None
        return max(0.0, TABLE.choice_seconds - (self.scene.app.now() - countdown.started))


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
