"""Local slap judging for a screen several players share: the presses of one short window, put in
press-time order by the slap race (slap_race.order_presses, exact ties by the game's race generator),
then submitted to the session one by one in that order, so the earlier press is applied first even if
the later one reached the scene first.

The session itself is the judge's engine: what slap_race.judge does against a state, this does
against the session (scenes never hold the state), with the same verdicts: a press naming a discard
older than the one on the pile is stale (never submitted), the first right card wins and every later
press on that discard is too late (never submitted), a wrong card is failed (its penalty applies), and
a press the session refuses is refused with its reason. A remote session forwards the presses in the
same order and its host judges again; locally the session's answer is the verdict.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.core.engine import Event
from game.core.errors import IllegalActionError
from game.core.rng import Rng

from .events import Slapped
from .slap_race import ACCEPTED, FAILED, REFUSED, STALE, TOO_LATE, Press, order_presses

WINDOW = 0.015     # seconds from the first press of a window to its judging (on the scene's clock):
# presses on one screen come through one FIFO queue stamped in order, so the window is not for
# ordering but to see a close second press and name the margin ("by 6 ms"); two steps of the loop


@dataclass(frozen=True)
class Judged:
    press: Press
    verdict: str                 # slap_race's ACCEPTED, FAILED, STALE, TOO_LATE or REFUSED
    reason: str = ""
    margin_ms: float | None = None   # the winner's lead over the next press on its discard


@dataclass
class LocalSlaps:
    rng: Rng                                 # slap_race.race_rng(seed): ties only
    presses: list[Press] = field(default_factory=list)
    opened: float | None = None              # the scene's time the window opened

    def add(self, press: Press, now: float) -> None:
        if self.opened is None:
            self.opened = now
        self.presses.append(press)

    def due(self, now: float) -> bool:
        return self.opened is not None and now - self.opened >= WINDOW

    def judge(self, submit: Callable[[Press], tuple[Event, ...]], serial: int) -> list[Judged]:
        """Judge the window's presses against discard `serial` (the truth's), submitting each that
        counts through `submit` (which returns the events it produced or raises IllegalActionError)."""
        presses, self.presses, self.opened = self.presses, [], None
        order = order_presses(presses, self.rng)
        out: list[Judged] = []
        winner: Press | None = None
        for press in order:
            if press.discard < serial:
                out.append(Judged(press, STALE, "another card was discarded since"))
                continue
            if winner is not None and press.discard == winner.discard:
                out.append(Judged(press, TOO_LATE, "matched first by someone else"))
                continue
            try:
                events = submit(press)
            except IllegalActionError as error:
                out.append(Judged(press, REFUSED, error.reason))
                continue
            right = any(isinstance(e, Slapped) and e.right for e in events)
            if right:
                winner = press
            out.append(Judged(press, ACCEPTED if right else FAILED))
        if winner is not None:
            later = [p.time - winner.time for p in order
                     if p is not winner and p.discard == winner.discard and p.time >= winner.time]
            out = [Judged(j.press, j.verdict, j.reason, min(later) * 1000.0 if later else None)
                   if j.press is winner else j for j in out]
        return out
