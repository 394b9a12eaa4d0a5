"""KOMBIO's slap race: which of several slap presses counts, and in what order (DESIGN.md, "LAN play";
DECISIONS.md, "Matching"). Pure: no pygame, no sockets, no clock.

A `Press` carries the seat, the card it flips (owner, slot), the discard it answers (the engine's
discard serial) and a press time. Times come from outside: locally the input pump's time of the poll
that saw the press, on the LAN the host's corrected time of a peer's press, so this module never reads
a clock. The host collects presses over a short window (`SlapRace.add`, `SlapRace.first_time` to
start its window timer), then judges them all at once (`SlapRace.judge`) for a deterministic verdict:

- presses are judged in press-time order; exact ties are ordered by the seeded generator given, never
  by seat number (the generator is drawn from only when there is a tie);
- a press answering an older discard than the one on the pile is `STALE`: refused without penalty;
- presses are applied to the engine as `Slap` actions, and the engine decides right or wrong: a wrong
  card is `FAILED` (its penalty applies, the discard stays open to the others); the first right card
  is `ACCEPTED` and closes the discard; every later press on that discard is `TOO_LATE`;
- a press the engine refuses for another reason (a second attempt by the seat, a locked hand, a slot
  without a card) is `REFUSED`, with the engine's reason.

The verdict lists each press with its tag, the Slap actions applied in order (what the host logs and
sends as steps), and the winner's margin in milliseconds over the next press on the same discard.

The generator: ties must be broken the same way on a replay, but not from the state's own Rng —
a draw from it outside `apply` would change the game's later shuffles on the host only, and a replay
from (config, seed, actions) would differ. `race_rng(seed)` gives the game's own second generator.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from game.core.engine import Event
from game.core.errors import IllegalActionError
from game.core.rng import Rng
from game.core.seats import seat_name

from .actions import Slap
from .events import Slapped
from .rules import KombioEngine
from .state import KombioState

ACCEPTED, FAILED, STALE, TOO_LATE, REFUSED = "accepted", "failed", "stale", "too_late", "refused"


def race_rng(seed: int) -> Rng:
    """The generator that breaks exact ties in a game played with `seed` (kept by the host beside the
    state, never the state's own Rng)."""
    return Rng(seed * 1_000_003 + 0x51A9)


@dataclass(frozen=True)
class Press:
    """A slap press: `seat` flips the card in `owner`'s `slot` onto discard number `discard`, at
    `time` (seconds on the judge's clock, already corrected for a remote peer)."""

    seat: int
    owner: int
    slot: int
    discard: int
    time: float

    def action(self) -> Slap:
        return Slap(self.seat, self.owner, self.slot, self.discard)


@dataclass(frozen=True)
class PressResult:
    press: Press
    verdict: str                      # ACCEPTED, FAILED, STALE, TOO_LATE or REFUSED
    reason: str = ""                  # why a press was refused, stale or too late
    events: tuple[Event, ...] = ()    # what applying its Slap produced (accepted and failed only)


@dataclass(frozen=True)
class Verdict:
    results: tuple[PressResult, ...]  # in the order judged (press time, ties by the generator)
    actions: tuple[Slap, ...]         # the Slaps applied to the state, in order
    winner: Press | None
    margin_ms: float | None           # the winner's lead over the next press on its discard

    def verdict_of(self, press: Press) -> str:
        for result in self.results:
            if result.press is press:
                return result.verdict
        raise KeyError(press)


def order_presses(presses: Iterable[Press], rng: Rng) -> list[Press]:
    """By press time; each group of exactly equal times shuffled by `rng` (drawn from only for a tie)."""
    ordered = sorted(presses, key=lambda p: p.time)
    out: list[Press] = []
    i = 0
    while i < len(ordered):
        j = i + 1
        while j < len(ordered) and ordered[j].time == ordered[i].time:
            j += 1
        group = ordered[i:j]
        if len(group) > 1:
            rng.shuffle(group)
        out += group
        i = j
    return out


def judge(engine: KombioEngine, state: KombioState, presses: Iterable[Press], rng: Rng) -> Verdict:
    """Judge the presses against `state`, applying the Slaps that count to it (in place)."""
    order = order_presses(presses, rng)
    results: list[PressResult] = []
    actions: list[Slap] = []
    winner: Press | None = None
    for press in order:
        if press.discard < state.serial:
            results.append(PressResult(press, STALE, f"discard {state.serial} has been played since"))
            continue
        if winner is not None and press.discard == winner.discard:
            results.append(PressResult(press, TOO_LATE, f"{_who(winner)} matched it first"))
            continue
        if state.matched and press.discard == state.serial:
            results.append(PressResult(press, TOO_LATE, "that discard has already been matched"))
            continue
        action = press.action()
        try:
            events = engine.apply(state, action)
        except IllegalActionError as error:
            results.append(PressResult(press, REFUSED, error.reason))
            continue
        actions.append(action)
        right = any(isinstance(e, Slapped) and e.right for e in events)
        results.append(PressResult(press, ACCEPTED if right else FAILED, "", tuple(events)))
        if right:
            winner = press
    return Verdict(tuple(results), tuple(actions), winner, _margin(winner, order))


def _who(press: Press) -> str:
    return seat_name(press.seat)


def _margin(winner: Press | None, order: list[Press]) -> float | None:
    if winner is None:
        return None
    later = [p.time for p in order if p is not winner and p.discard == winner.discard and p.time >= winner.time]
    if not later:
        return None
    return (min(later) - winner.time) * 1000.0


@dataclass
class SlapRace:
    """The presses of one judging window. The host adds presses as they arrive, starts its window
    timer at `first_time`, and calls `judge` when the window is over (the window's length is the
    host's business: DESIGN.md says 30–250 ms from the first press)."""

    rng: Rng
    presses: list[Press] = field(default_factory=list)

    def add(self, press: Press) -> None:
        self.presses.append(press)

    @property
    def first_time(self) -> float | None:
        return min((p.time for p in self.presses), default=None)

    def judge(self, engine: KombioEngine, state: KombioState) -> Verdict:
        """Judge the window's presses (see `judge`) and start a new window."""
        presses, self.presses = self.presses, []
        return judge(engine, state, presses, self.rng)
