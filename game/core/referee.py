"""The referee: one sans-I/O home for a game's steps, its real-time races and its choice deadlines,
the same for a game on one screen (every link of zero delay) and for a LAN host.

It owns the engine's state and the step log. `submit(action, pressed, now, ticket)` takes an action:
- an ordinary action is applied at once (after any race window still open: presses already in count
  before a move that would make them late) and becomes the next step, or is refused with the
  engine's reason;
- a press of the game's race (its GameDef's `realtime.race`: KOMBIO's slap) is held in the race
  window of what it answers, with its press time made the referee's own and clamped to its link
  (`corrected_time`); at most one press per seat for each thing raced for (a second is dropped).
  The window closes when every press made before the first one must have come in (`deadline`), at
  once when nobody else can still press; the one judge then rules on its presses in corrected-time
  order, exact ties by a generator seeded from the game's seed, and applies each press that counts
  to the real state, once.
`tick(now)` judges a window that is due and makes the engine's default (`Engine.default_action`)
for a seat silent on a choice for `choice_seconds`; `next_due()` says when it must run next;
`deadline(seat)` when a seat's owed choice defaults (`seconds_left(seat)`: how long that is from the
latest time given). Every call returns the rulings it made: each
action's verdict (a Verdict), with the step it became; the caller tells its players. A caller that
shows each step as it is made (a host: the views of that very step to every connection) is told of
it by `on_step`, before the next press of the same window is applied. Time is only ever given,
never read. Readers take the log from their own place in it (`steps_since(cursor)`).

An engine that raises anything but IllegalActionError while applying (a bug) leaves the state as it
was: it is rebuilt from the last checkpoint and the log since (the engine is deterministic), which
costs nothing on every step where a deep clone before each step did; the ruling is FAULT, carries
the exception, and the caller logs it and decides what then (a host halts the table).
"""
from __future__ import annotations

import enum
import logging
from collections import deque
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .engine import Action, Engine, Event, GameConfig
from .errors import IllegalActionError
from .rng import Rng

log = logging.getLogger(__name__)

MARGIN = 0.012          # slack on top of a link's one way + jitter: a frame of the client's loop
WINDOW_FLOOR = 0.030    # the shortest wait while a remote press could still be in flight
WINDOW_CAP = 0.250      # the longest wait after the first press arrived
CHECKPOINT_EVERY = 64   # steps between the state's checkpoints (a fault replays at most these)
JUDGED_KEPT = 256       # race windows judged, kept for tools (bench_slap) and tests


# -- links: how far a press's time may be trusted -----------------------------------------------------

@dataclass(frozen=True)
class Link:
    """What the referee knows of the way a seat's presses come: the clock offset (referee - presser),
    a typical one-way delay, the jitter around it, and whether any of it has been measured."""

    offset: float = 0.0
    one_way: float = 0.0
    jitter: float = 0.0
    known: bool = True

    @property
    def slack(self) -> float:
        """How much earlier than its arrival a press on this link may be placed."""
        return self.one_way + self.jitter + MARGIN


LOCAL = Link()                               # a seat on the referee's own machine: no wire at all
UNKNOWN = Link(known=False)                  # a peer before its first pong


def corrected_time(pressed: float | None, link: Link, arrival: float) -> float:
    """The press's time on the referee's clock, clamped to [arrival - slack, arrival]: a press cannot
    arrive before it was made, nor have been made much longer before its arrival than its link
    takes. A press with no time of its own, or from a link not measured yet, counts at its arrival."""
    if pressed is None or not link.known:
        return arrival
    claimed = pressed + link.offset
    return min(max(claimed, arrival - link.slack), arrival)


def deadline(first_arrival: float, first_time: float, others: Iterable[Link]) -> float:
    """When to judge a race whose first press arrived at `first_arrival` with corrected time
    `first_time`, given the links of the others who may still press: when a press of theirs made
    before the first one must have come in; at least WINDOW_FLOOR while a remote one is among them,
    at most WINDOW_CAP after the first arrival."""
    others = list(others)
    if not others:
        return first_arrival
    until = max(first_time + link.slack for link in others)
    if any(link is not LOCAL for link in others):
        until = max(until, first_arrival + WINDOW_FLOOR)
    return min(max(until, first_arrival), first_arrival + WINDOW_CAP)


# -- what a game declares ------------------------------------------------------------------------------

class Race(Protocol):
    """A game's real-time race (KOMBIO's slap race), declared on its GameDef."""

    def races(self, action: Action) -> bool:
        """Does this action go through the race? (KOMBIO: a slap does.)"""

    def answers(self, action: Action) -> int:
        """What a press answers, numbered (KOMBIO: the discard's serial): presses answering the same
        thing race each other, and a higher number is a newer thing to race for."""

    def latest(self, state: Any) -> int:
        """The newest thing presses may answer now (a press answering an older one is stale)."""

    def closes(self, events: Sequence[Event]) -> bool:
        """Did the press that made these events win (a right slap): every later press on the same
        thing is too late."""

    def closed(self, state: Any, answers: int) -> bool:
        """Has the thing numbered `answers` been won already (a press for it now is too late)?"""

    def beaten(self, winner: int) -> str:
        """Why a later press lost, in a player's words ("Blue matched it first")."""

    def stale(self) -> str:
        """Why a press answering an older thing counts for nothing ("another card was discarded
        since")."""


@dataclass(frozen=True)
class RealTime:
    """What a game played partly in real time declares (GameDef.realtime)."""

    race: Race
    choice_seconds: float          # a choice with a default is made for a seat silent this long


def tie_rng(seed: int) -> Rng:
    """The generator that breaks exact ties of a game played with `seed`: kept beside the state,
    never the state's own (a draw from it outside apply would change the game's later shuffles)."""
    return Rng(seed * 1_000_003 + 0x51A9)


# -- what the referee answers --------------------------------------------------------------------------

class Verdict(enum.Enum):
    APPLIED = "applied"        # the action is the step `step`
    HELD = "held"              # a press held in a race window: its ruling comes when it is judged
    DUPLICATE = "duplicate"    # a second press of a seat for the same thing: dropped
    ILLEGAL = "illegal"        # the engine refused it (`reason` in its words); nothing changed
    STALE = "stale"            # it answers something older than what is open now
    TOO_LATE = "too_late"      # another press won the race it was in
    FAULT = "fault"            # the engine failed on it (a bug); nothing changed

    @property
    def refused(self) -> bool:
        return self in (Verdict.ILLEGAL, Verdict.STALE, Verdict.TOO_LATE, Verdict.FAULT)


@dataclass(frozen=True)
class Ruling:
    action: Action
    verdict: Verdict
    ticket: Hashable = None        # the caller's mark on the submission (a connection and its ref)
    reason: str = ""
    step: int = 0                  # the step it became (APPLIED)
    events: tuple[Event, ...] = ()
    error: BaseException | None = None   # FAULT: what the engine raised


@dataclass(frozen=True)
class StepRecord:
    """One step of the game: its number (from 1), the action, the events it made (unredacted), and,
    for a step a race ruled, each press of that race as (seat, its time in ms after the earliest)."""

    number: int
    action: Action
    events: tuple[Event, ...]
    race: tuple[tuple[int, float], ...] = ()
    by_default: bool = False       # made for a seat silent for `choice_seconds`


@dataclass(frozen=True)
class Held:
    """A press waiting for the judge."""

    action: Action
    ticket: Hashable
    pressed: float | None          # on the presser's own clock
    arrival: float                 # the referee's clock
    time: float                    # corrected, the referee's clock


@dataclass(frozen=True)
class Judged:
    """A race window as it was judged: when (the referee's clock) and its presses in judged order."""

    at: float
    presses: tuple[Held, ...]


@dataclass
class Window:
    """The presses of one thing raced for, and when they are judged."""

    answers: int
    due: float
    presses: list[Held] = field(default_factory=list)


Links = Callable[[int], Link]      # a seat -> the link its presses come over
OnStep = Callable[[StepRecord], None]   # told of each step as it is made (a host shows it to everyone)


class Referee:
    def __init__(self, engine: Engine[Any], config: GameConfig, seed: int, realtime: RealTime | None = None,
                 links: Links | None = None, actions: Sequence[Action] = (), on_step: OnStep | None = None,
                 start: Any = None) -> None:
        """`actions`: the log of a game resumed (replayed, none of it shown); `start`: a position to
        play from instead of the seed's deal (a scenario, a lesson)."""
        self.engine = engine
        self.config = config
        self.seed = seed
        self.realtime = realtime
        self.links: Links = links if links is not None else (lambda seat: LOCAL)
        self.choice_seconds = realtime.choice_seconds if realtime is not None else float("inf")
        self.state: Any = engine.new_game(config, seed) if start is None else engine.clone(start)
        self._origin = engine.clone(self.state)
        self.steps: list[StepRecord] = []
        self.window: Window | None = None
        self.judged: deque[Judged] = deque(maxlen=JUDGED_KEPT)   # for a bench and the tests
        self._now = 0.0                               # the latest time given: a window closed by a call
        self._ties = tie_rng(seed)
        self._checkpoint: tuple[int, Any] = (0, self._origin)
        # seat -> ((its default, its steps so far), since when): the silence a default ends
        self._owed: dict[int, tuple[tuple[Action, int], float]] = {}
        self._acts = [0] * config.players
        self._paused: frozenset[int] = frozenset()    # as of the last tick (see tick)
        self._waiting = False
        self.on_step: OnStep | None = None
        for action in actions:                        # a game resumed from its log
            ruling = self._apply(action)
            if ruling.verdict is not Verdict.APPLIED:
                raise IllegalActionError(f"the log does not replay at step {len(self.steps) + 1}: "
                                         f"{ruling.reason}", action)
        self.on_step = on_step

    # -- reading -----------------------------------------------------------------------------------

    @property
    def step(self) -> int:
        return len(self.steps)

    @property
    def log(self) -> list[Action]:
        return [s.action for s in self.steps]

    def steps_since(self, cursor: int) -> tuple[list[StepRecord], int]:
        """The steps after the `cursor`-th, and the cursor after them: each reader keeps its own."""
        return self.steps[cursor:], len(self.steps)

    def to_act(self) -> frozenset[int]:
        if self.engine.outcome(self.state) is not None:
            return frozenset()
        return self.engine.to_act(self.state)

    def next_due(self) -> float | None:
        """When tick() must run next: the open window's judging, or the next choice's default."""
        times = [self.window.due] if self.window is not None else []
        times += [since + self.choice_seconds for _, since in self._owed.values()]
        return min(times) if times else None

    def deadline(self, seat: int) -> float | None:
        """When `seat`'s owed choice is made for it, if it owes one (as of the last tick)."""
        owed = self._owed.get(seat)
        return None if owed is None else owed[1] + self.choice_seconds

    # -- submitting --------------------------------------------------------------------------------

    def submit(self, action: Action, pressed: float | None = None, now: float = 0.0,
               ticket: Hashable = None) -> list[Ruling]:
        """An action as the next step, or a press held for its race. The rulings made, in order
        (a window closed first rules on its presses before this action's ruling)."""
        self._now = max(self._now, now)
        race = self.realtime.race if self.realtime is not None else None
        if race is not None and race.races(action):
            return self._press(race, action, pressed, now, ticket)
        rulings = self._judge()
        rulings.append(self._apply(action, ticket))
        return rulings

    def _press(self, race: Race, action: Action, pressed: float | None, now: float,
               ticket: Hashable) -> list[Ruling]:
        rulings: list[Ruling] = []
        answers = race.answers(action)
        window = self.window
        if window is not None and answers > window.answers:
            rulings += self._judge()          # a newer thing to race for: the old window's first
            window = None
        if window is not None and any(h.action.seat == action.seat and race.answers(h.action) == answers
                                      for h in window.presses):
            return [*rulings, Ruling(action, Verdict.DUPLICATE, ticket, "one press per player for each card")]
        held = Held(action, ticket, pressed, now, corrected_time(pressed, self.links(action.seat), now))
        if window is None:
            self.window = window = Window(answers, 0.0, [held])
        else:
            window.presses.append(held)       # an older thing's press: the judge finds it stale
        first = window.presses[0]
        due = deadline(first.arrival, first.time, self._others(race, window))
        window.due = due if len(window.presses) == 1 else min(window.due, due)
        rulings.append(Ruling(action, Verdict.HELD, ticket))
        if now >= window.due:
            rulings += self._judge()
        return rulings

    def close(self) -> list[Ruling]:
        """Judge the open window now, whoever may still press (a host's own action, a tool)."""
        return self._judge()

    def _others(self, race: Race, window: Window) -> list[Link]:
        """The links of the seats that may still press for the window's thing: only a seat without a
        press in it can still have one in flight (one press each), so the window closes once theirs
        must have come in, at once when there are none."""
        pressed = {h.action.seat for h in window.presses}
        out = []
        for seat in self.to_act():
            if seat in pressed:
                continue
            if any(race.races(a) and race.answers(a) == window.answers
                   for a in self.engine.legal_actions(self.state, seat)):
                out.append(self.links(seat))
        return out

    # -- the judge -----------------------------------------------------------------------------------

    def _judge(self) -> list[Ruling]:
        """Rule on the open window's presses in corrected-time order (exact ties by the seeded
        generator, drawn from only for a tie) and apply each that counts, once."""
        window, self.window = self.window, None
        if window is None or self.realtime is None:
            return []
        race = self.realtime.race
        presses = self._ordered(window.presses)
        same = [h for h in presses if race.answers(h.action) == window.answers]
        first = same[0].time if same else 0.0
        note = tuple((h.action.seat, (h.time - first) * 1000.0) for h in same)
        rulings: list[Ruling] = []
        winner: Held | None = None
        for held in presses:
            answers = race.answers(held.action)
            if answers < race.latest(self.state):
                rulings.append(Ruling(held.action, Verdict.STALE, held.ticket, race.stale()))
            elif winner is not None and answers == race.answers(winner.action):
                by = (held.time - winner.time) * 1000.0
                rulings.append(Ruling(held.action, Verdict.TOO_LATE, held.ticket,
                                      f"{race.beaten(winner.action.seat)}, {by:.0f} ms before you"))
            elif race.closed(self.state, answers):
                rulings.append(Ruling(held.action, Verdict.TOO_LATE, held.ticket, "it was matched already"))
            else:
                ruling = self._apply(held.action, held.ticket, note)
                rulings.append(ruling)
                if ruling.verdict is Verdict.APPLIED and race.closes(ruling.events):
                    winner = held
                if ruling.verdict is Verdict.FAULT:
                    break
        self.judged.append(Judged(self._now, tuple(presses)))
        return rulings

    def _ordered(self, presses: Sequence[Held]) -> list[Held]:
        by_time = sorted(presses, key=lambda h: h.time)
        out: list[Held] = []
        i = 0
        while i < len(by_time):
            j = i + 1
            while j < len(by_time) and by_time[j].time == by_time[i].time:
                j += 1
            group = by_time[i:j]
            if len(group) > 1:
                self._ties.shuffle(group)
            out += group
            i = j
        return out

    # -- applying ------------------------------------------------------------------------------------

    def _apply(self, action: Action, ticket: Hashable = None, race: tuple[tuple[int, float], ...] = (),
               by_default: bool = False) -> Ruling:
        try:
            events = self.engine.apply(self.state, action)
        except IllegalActionError as exc:
            return Ruling(action, Verdict.ILLEGAL, ticket, exc.reason)
        except Exception as exc:  # noqa: BLE001  a bug: the ruling carries it, and its caller logs it
            self._rebuild()
            return Ruling(action, Verdict.FAULT, ticket, f"{type(exc).__name__}: {exc}", error=exc)
        record = StepRecord(self.step + 1, action, tuple(events), race, by_default)
        self.steps.append(record)
        if 0 <= action.seat < len(self._acts):
            self._acts[action.seat] += 1
        if self.realtime is not None and self.on_step is not None:
            self._owe(self._now)      # the step as shown says who owes what, and for how long
        if self.on_step is not None:
            try:
                self.on_step(record)
            except Exception as exc:  # noqa: BLE001  made, but it cannot be shown: taken back, as a fault
                self.undo_last()
                return Ruling(action, Verdict.FAULT, ticket, f"{type(exc).__name__}: {exc}", error=exc)
        if self.step - self._checkpoint[0] >= CHECKPOINT_EVERY:
            self._checkpoint = (self.step, self.engine.clone(self.state))
        return Ruling(action, Verdict.APPLIED, ticket, step=self.step, events=tuple(events))

    def _rebuild(self) -> None:
        """The state as of the last step, from the checkpoint and the log since it."""
        at, saved = self._checkpoint
        state = self.engine.clone(saved)
        for record in self.steps[at:]:
            self.engine.apply(state, record.action)
        self.state = state

    def undo_last(self) -> None:
        """Take the last step back (its showing failed: a host halts then)."""
        last = self.steps.pop()
        if 0 <= last.action.seat < len(self._acts):
            self._acts[last.action.seat] -= 1
        if self._checkpoint[0] > self.step:
            self._checkpoint = (0, self._origin)
        self._rebuild()

    # -- time ------------------------------------------------------------------------------------------

    def tick(self, now: float, paused: frozenset[int] = frozenset(), waiting: bool = False) -> list[Ruling]:
        """Time passing: a window that is due is judged; a seat silent on a choice with a default for
        `choice_seconds` gets it. `waiting`: the game waits for the seats in `paused` (away on the
        LAN): the others' clocks stand still (they may not act meanwhile), the paused seats' own
        run, so that their choice cannot hold the table."""
        rulings: list[Ruling] = []
        self._now = max(self._now, now)
        self._paused, self._waiting = paused, waiting
        if self.window is not None and now >= self.window.due:
            rulings += self._judge()
        if self.realtime is None:
            return rulings
        while True:
            self._owe(now)
            due = next((mark[0] for seat, (mark, since) in sorted(self._owed.items())
                        if now - since >= self.choice_seconds), None)
            if due is None:
                return rulings
            del self._owed[due.seat]
            log.info("seat %d was silent for %g s: its default is made, %s", due.seat + 1, self.choice_seconds, due)
            rulings += self._judge()
            made = self._apply(due, by_default=True)
            rulings.append(made)
            if made.verdict is not Verdict.APPLIED:
                log.error("the engine refused its own default %s: %s", due, made.reason)
                return rulings          # never loop on it

    def _owe(self, now: float) -> None:
        """Start, keep or end each acting seat's silence clock: a seat owes a choice while the engine
        has a default for it; its clock starts again when it acts or what it owes changes (and, while
        the game waits for someone away, for everyone else)."""
        acting = self.to_act()
        for seat in [s for s in self._owed if s not in acting]:
            del self._owed[seat]
        for seat in sorted(acting):
            default = self.engine.default_action(self.state, seat)
            if default is None:
                self._owed.pop(seat, None)
                continue
            mark = (default, self._acts[seat])
            owed = self._owed.get(seat)
            if owed is None or owed[0] != mark or (self._waiting and seat not in self._paused):
                self._owed[seat] = (mark, now)

    def seconds_left(self, seat: int) -> float | None:
        """How long `seat` may still think on the choice it owes, as of the latest time given."""
        due = self.deadline(seat)
        return None if due is None else max(0.0, due - self._now)


__all__ = ["CHECKPOINT_EVERY", "JUDGED_KEPT", "LOCAL", "MARGIN", "UNKNOWN", "WINDOW_CAP", "WINDOW_FLOOR", "Held", "Judged", "Link",
           "Race", "RealTime", "Referee", "Ruling", "StepRecord", "Verdict", "Window", "corrected_time",
           "deadline", "tie_rng"]
