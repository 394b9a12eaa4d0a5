"""Bots choose from what their seat may see, so a bot can run on any client without peeking.

A BotDriver runs the bots of a Session's bot seats off the frame loop: in a worker process where the
platform allows (a searching bot is pure Python and would hold the GIL against the frame loop), else
in the calling thread when `inline=True` (tests, headless demos).

The bot protocol (turn-based and real-time games alike):

- `choose(view, legal) -> Decision` is asked when the bot's seat is in `to_act` and the bot has no
  decision waiting. It answers with
    * an `Action`: its duty (a turn, an owed choice); the driver submits it after `think_time`;
    * `Timed(action, delay)`: an action it may take but does not owe (a KOMBIO slap), submitted
      `delay` seconds after the bot was asked: its reaction time, the bot's own (by level);
    * `None`: nothing now. The bot is asked again only once the step changes.
  A turn-based bot keeps returning plain actions and nothing changes for it.
- `observe(events)` (optional): the events of each step as the bot's seat sees them (the session's
  `Step.private[seat]`, else `Step.events`), every step of the game in order, whoever acted, so the
  bot can remember what it saw (its own looks, public reveals, cards moved around). The driver
  delivers them just before the bot's next `choose`, so a bot never decides on a step it has not
  observed; in the worker process they travel with the question.
- Staleness: a plain Action is dropped when the step changes before it is submitted (it was decided
  on a state that is gone), as before. A Timed action survives later steps while it is still in the
  seat's legal actions; it is dropped the moment it is not. If the engine still refuses it (a race
  on the LAN, a discard overtaken in between), the refusal is logged at debug and ignored: KOMBIO
  refuses a stale slap without penalty.
- Events: the driver reads the steps from its own place in the session's step log
  (`steps_since`), so the screen or a headless loop polling the same session misses nothing.

Headless runs (tournament, bench, demo) have no clock: `SimulatedTable` plays bots on a simulated one.
Each seat that may act is asked as above; a plain action is due `think_time` after it was asked, a
Timed one after its delay; the earliest due action is applied, exact ties broken by a generator
seeded from the game's seed (never by seat order), and the simulated clock moves to its time. Same
seed, same game: no wall clock, no `random` module.
"""
from __future__ import annotations

import concurrent.futures as cf
import logging
import multiprocessing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Protocol

from .engine import Action, Engine, Event, View
from .errors import IllegalActionError
from .loader import load
from .rng import Rng
from .session import Session, Step

SEARCHING_LEVEL = "expert"     # the level that searches on a wall-clock budget (game.core.search)
LEVELS: tuple[str, ...] = ("easy", "medium", "hard", SEARCHING_LEVEL)   # every game's, weakest first
# What each level is like, in a line a player reads beside it on the setup screen.
LEVEL_HINTS: Mapping[str, str] = MappingProxyType({
    "easy": "Plays loosely: for a first game",
    "medium": "Plays the best move it sees",
    "hard": "Looks ahead before it plays",
    SEARCHING_LEVEL: "The strongest: thinks longest",
})


def level_name(level: str) -> str:
    """A level as the screens name it: "Hard"."""
    return level.capitalize()


def bot_label(level: str) -> str:
    """A bot seat as the screens name it: "Bot · Hard"."""
    return f"Bot · {level_name(level)}" if level else "Bot"


@dataclass(frozen=True)
class Timed:
    """An action the bot may take but does not owe, `delay` seconds after it was asked."""

    action: Action
    delay: float


Decision = Action | Timed | None


class Bot(Protocol):
    def choose(self, view: View, legal: list[Action]) -> Decision: ...


class Observer(Protocol):
    """A bot that remembers: it wants every step's events as its seat sees them."""

    def observe(self, events: Sequence[Event]) -> None: ...


BotFactory = Callable[[str, int, int], Bot]   # (level, seat, seed) -> Bot

log = logging.getLogger(__name__)


def random_by_kind(legal: Sequence[Action], rng: Rng,
                   kind: Callable[[Action], Any] = lambda action: action.TAG) -> Action:
    """A random legal action, its kind drawn first: an easy bot's choice, so that a kind of move the
    list holds a hundred times (every place a tile may go) is no likelier than one it holds once
    (ending the turn)."""
    kinds: dict[Any, list[Action]] = {}
    for action in legal:
        kinds.setdefault(kind(action), []).append(action)
    return rng.choice(kinds[rng.choice(sorted(kinds))])


def load_factory(path: str) -> BotFactory:
    """'package.module:function' -> the function; kept as a string so workers can import it."""
    factory: BotFactory = load(path)
    return factory


def load_engine(path: str) -> Engine[Any]:
    """'package.module:EngineClass' -> an engine."""
    engine: Engine[Any] = load(path)()
    return engine


def feed(bot: Bot, events: Sequence[Event]) -> None:
    """Give a bot the events it has not seen yet, if it wants them."""
    observe = getattr(bot, "observe", None)
    if events and observe is not None:
        observe(events)


# Lives only in the bot worker process: a bot keeps its generator between decisions, exactly as the
# in-process path keeps it in BotDriver._local, so both paths play the same game from one seed.
_worker_bots: dict[tuple[str, str, int, int], Bot] = {}


def _encode(codec: Any, decision: Decision) -> tuple[Any, float | None] | None:
    if decision is None:
        return None
    if isinstance(decision, Timed):
        return codec.encode(decision.action), decision.delay
    return codec.encode(decision), None


def _decode(codec: Any, wire: tuple[Any, float | None] | None) -> Decision:
    if wire is None:
        return None
    action, delay = wire
    return codec.decode(action) if delay is None else Timed(codec.decode(action), delay)


def _choose_in_worker(factory_path: str, level: str, seat: int, seed: int, view: View,
                      legal_wire: list[Any], engine_path: str,
                      events: Sequence[Event] = ()) -> tuple[Any, float | None] | None:
    codec = load_engine(engine_path).actions
    key = (factory_path, level, seat, seed)
    bot = _worker_bots.get(key)
    if bot is None:
        bot = _worker_bots[key] = load_factory(factory_path)(level, seat, seed)
    feed(bot, events)
    legal = [codec.decode(w) for w in legal_wire]
    return _encode(codec, bot.choose(view, legal))


@dataclass
class _Job:
    step: int
    seat: int
    ready_at: float
    asked_at: float
    future: cf.Future | None = None
    result: Action | None = None
    timed: bool = False
    idle: bool = False          # the bot said "nothing now" for this step


class BotDriver:
    """Asks each bot seat for an action when it may act, and submits the answer (see the module's
    docstring for the protocol).

    `think_time` is a minimum pause before a bot's duty move, so humans can follow it; a Timed action
    waits its own delay instead.
    """

    def __init__(self, session: Session, factory_path: str, engine_path: str, seed: int = 0,
                 think_time: float = 0.0, inline: bool = False) -> None:
        self.session = session
        self.factory_path = factory_path
        self.engine_path = engine_path
        self.seed = seed
        self.think_time = think_time
        self.inline = inline
        self._jobs: dict[int, _Job] = {}
        self._pool: cf.Executor | None = None
        self._local: dict[int, Bot] = {}
        self._inbox: dict[int, list[Event]] = {seat: [] for seat in session.bot_seats}
        self._cursor = session.steps_since(0)[1]      # its own place in the session's step log
        self._updating = False

    def _executor(self) -> cf.Executor:
        if self._pool is None:
            try:
                ctx = multiprocessing.get_context("spawn")
                self._pool = cf.ProcessPoolExecutor(max_workers=1, mp_context=ctx)
            except (OSError, ValueError, NotImplementedError):
                self.inline = True
                raise
        return self._pool

    def warm_up(self) -> None:
        """Start the worker early so the first bot move does not wait for it."""
        if not self.inline:
            self._executor().submit(int, 0)

    def _bot(self, seat: int) -> Bot:
        bot = self._local.get(seat)
        if bot is None:
            bot = self._local[seat] = load_factory(self.factory_path)(
                self.session.bot_seats[seat], seat, self.seed + seat)
        return bot

    def _choose_here(self, seat: int, view: View, legal: list[Action], events: Sequence[Event]) -> Decision:
        bot = self._bot(seat)
        feed(bot, events)
        return bot.choose(view, legal)

    def _take_inbox(self, seat: int) -> list[Event]:
        events, self._inbox[seat] = self._inbox.get(seat, []), []
        return events

    def _collect_events(self) -> None:
        # bot seats may change during a game (a seat left long enough is handed to a bot): the
        # events go to the seats that are bots now; a new bot starts from what it sees from here
        seats = tuple(self.session.bot_seats)
        steps, self._cursor = self.session.steps_since(self._cursor)
        for step in steps:
            for seat in seats:
                self._inbox.setdefault(seat, []).extend(step.private.get(seat, step.events))

    def _settle(self, job: _Job, decision: Decision) -> None:
        if decision is None:
            job.idle = True
        elif isinstance(decision, Timed):
            job.result, job.timed = decision.action, True
            job.ready_at = job.asked_at + max(0.0, decision.delay)
        else:
            job.result = decision

    def update(self, now: float) -> list[Action]:
        """Start and finish bot jobs; returns the actions submitted this call."""
        if self._updating:
            # a session whose own poll() drives this driver (a test double does) must not recurse
            return []
        self._updating = True
        try:
            return self._update(now)
        finally:
            self._updating = False

    def _update(self, now: float) -> list[Action]:
        session = self.session
        session.tick(now)
        self._collect_events()
        submitted: list[Action] = []
        acting = session.to_act()
        for seat, job in list(self._jobs.items()):
            if job.step == session.step and seat in acting:
                continue
            if job.timed and job.result is not None and seat in acting \
                    and job.result in session.legal_actions(seat):
                continue    # a reaction still valid: it keeps its time
            if job.future is not None:
                job.future.cancel()
            del self._jobs[seat]
        for seat in sorted(acting):
            if seat not in session.bot_seats or seat in self._jobs:
                continue
            legal = session.legal_actions(seat)
            if not legal:
                continue
            job = _Job(session.step, seat, now + self.think_time, now)
            view = session.view(seat)
            events = self._take_inbox(seat)
            if self.inline:
                self._settle(job, self._choose_here(seat, view, legal, events))
            else:
                codec = session.engine.actions
                job.future = self._executor().submit(
                    _choose_in_worker, self.factory_path, session.bot_seats[seat], seat,
                    self.seed + seat, view, [codec.encode(a) for a in legal], self.engine_path, events)
            self._jobs[seat] = job
        for seat, job in list(self._jobs.items()):
            if job.future is not None and job.future.done():
                future, job.future = job.future, None
                try:
                    decision = _decode(session.engine.actions, future.result())
                except Exception:  # a crashed worker must not end the game: decide here instead
                    log.exception("the bot worker failed for seat %d; its bots now run in this process", seat)
                    self.inline = True
                    # the worker's bot saw the events; this one starts with what the view shows
                    decision = self._choose_here(seat, session.view(seat), session.legal_actions(seat), ())
                self._settle(job, decision)
            if job.result is None or now < job.ready_at:
                continue
            del self._jobs[seat]
            try:
                if job.timed:
                    session.press(job.result, now)     # a reaction: its time counts in a race
                else:
                    session.submit(job.result)
            except IllegalActionError as error:
                if not job.timed:
                    raise
                log.debug("seat %d: a late %s was refused: %s", seat, job.result, error)
                continue
            submitted.append(job.result)
            break   # the state changed: the other jobs are re-checked on the next call
        return submitted

    @property
    def thinking(self) -> frozenset[int]:
        """Seats whose bot is deciding or waiting to act (not those that chose to do nothing)."""
        return frozenset(seat for seat, job in self._jobs.items() if not job.idle)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


@dataclass
class _Due:
    action: Action
    due: float
    timed: bool


@dataclass
class SimulatedTable:
    """Bots playing an engine state on a simulated clock, for headless runs: same seed, same game.

    `next_action(state)` asks every seat that may act and has nothing waiting (as BotDriver does, a
    plain action due `think_time` after the question, a Timed one after its delay), and returns the
    earliest due action, moving `now` to its time; exact ties are broken by a generator seeded from
    `seed`, drawn from only on a tie. `play(state)` also applies it and hands every bot its events.
    Whoever applies actions some other way must call `record(state, events)` after each one (or,
    through a LocalSession, `record_step(state, step)` with the step its poll() returns).
    """

    engine: Engine[Any]
    bots: Mapping[int, Bot]
    seed: int
    think_time: float = 1.0
    now: float = 0.0
    _due: dict[int, _Due] = field(default_factory=dict)
    _idle: set[int] = field(default_factory=set)       # said "nothing now" since the last step
    _inbox: dict[int, list[Event]] = field(default_factory=dict)
    _ties: Rng = field(init=False)

    def __post_init__(self) -> None:
        self._ties = Rng(self.seed * 7_919 + 0xB075)
        self._inbox = {seat: [] for seat in self.bots}

    def next_action(self, state: Any) -> Action:
        engine = self.engine
        acting = engine.to_act(state)
        for seat in list(self._due):
            if seat not in acting:
                del self._due[seat]
        for seat in sorted(acting):
            if seat in self._due or seat in self._idle or seat not in self.bots:
                continue
            legal = engine.legal_actions(state, seat)
            if not legal:
                continue
            bot = self.bots[seat]
            events, self._inbox[seat] = self._inbox[seat], []
            feed(bot, events)
            decision = bot.choose(engine.view(state, seat), legal)
            if decision is None:
                self._idle.add(seat)
            elif isinstance(decision, Timed):
                self._due[seat] = _Due(decision.action, self.now + max(0.0, decision.delay), True)
            else:
                self._due[seat] = _Due(decision, self.now + self.think_time, False)
        if not self._due:
            raise RuntimeError(f"no bot has anything to do, but seats {sorted(acting)} may act")
        first = min(d.due for d in self._due.values())
        tied = [seat for seat, d in self._due.items() if d.due == first]
        seat = tied[0] if len(tied) == 1 else self._ties.choice(sorted(tied))
        self.now = first
        return self._due.pop(seat).action

    def record(self, state: Any, events: Sequence[Event]) -> None:
        """After an action was applied: every bot gets its events, plain decisions are dropped (decided
        on a state that is gone), reactions stay while still legal, and every seat may be asked again."""
        engine = self.engine
        self._next_step(state, {seat: list(engine.seen_by(events, seat))
                                for seat in self._inbox})

    def record_step(self, state: Any, step: Step) -> None:
        """`record` for an action applied through a LocalSession (whose bot seats are all local, so
        the step carries each one's private events)."""
        self._next_step(state, {seat: step.private.get(seat, step.events) for seat in self._inbox})

    def _next_step(self, state: Any, events: Mapping[int, Sequence[Event]]) -> None:
        engine = self.engine
        for seat, inbox in self._inbox.items():
            inbox += events[seat]
        self._idle.clear()
        acting = engine.to_act(state)
        for seat, due in list(self._due.items()):
            if not due.timed or seat not in acting or due.action not in engine.legal_actions(state, seat):
                del self._due[seat]

    def play(self, state: Any) -> tuple[Action, list[Event]]:
        action = self.next_action(state)
        events = self.engine.apply(state, action)
        self.record(state, events)
        return action, events
