"""Bots choose from what their seat may see, so a bot can run on any client without peeking.

A BotDriver runs the bots of a Session's bot seats off the frame loop: in a worker process where the
platform allows (a searching bot is pure Python and would hold the GIL against the frame loop), else
in the calling thread when `inline=True` (tests, headless demos).
"""
from __future__ import annotations

import concurrent.futures as cf
import logging
import multiprocessing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from .engine import Action, Engine, View
from .loader import load
from .session import Session


class Bot(Protocol):
    def choose(self, view: View, legal: list[Action]) -> Action: ...


BotFactory = Callable[[str, int, int], Bot]   # (level, seat, seed) -> Bot

log = logging.getLogger(__name__)


def load_factory(path: str) -> BotFactory:
    """'package.module:function' -> the function; kept as a string so workers can import it."""
    factory: BotFactory = load(path)
    return factory


def load_engine(path: str) -> Engine[Any]:
    """'package.module:EngineClass' -> an engine."""
    engine: Engine[Any] = load(path)()
    return engine


# Lives only in the bot worker process: a bot keeps its generator between decisions, exactly as the
# in-process path keeps it in BotDriver._local, so both paths play the same game from one seed.
_worker_bots: dict[tuple[str, str, int, int], Bot] = {}


def _choose_in_worker(factory_path: str, level: str, seat: int, seed: int, view: View,
                      legal_wire: list[Any], engine_path: str) -> list[Any]:
    codec = load_engine(engine_path).actions
    key = (factory_path, level, seat, seed)
    bot = _worker_bots.get(key)
    if bot is None:
        bot = _worker_bots[key] = load_factory(factory_path)(level, seat, seed)
    legal = [codec.decode(w) for w in legal_wire]
    return codec.encode(bot.choose(view, legal))


@dataclass
class _Job:
    step: int
    seat: int
    ready_at: float
    future: cf.Future | None = None
    result: Action | None = None


class BotDriver:
    """Asks each bot seat for an action when it may act, and submits the answer.

    `think_time` is a minimum pause before a bot's move, so humans can follow it.
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

    def _choose_here(self, seat: int, view: View, legal: list[Action]) -> Action:
        bot = self._local.get(seat)
        if bot is None:
            bot = self._local[seat] = load_factory(self.factory_path)(
                self.session.bot_seats[seat], seat, self.seed + seat)
        return bot.choose(view, legal)

    def update(self, now: float) -> list[Action]:
        """Start and finish bot jobs; returns the actions submitted this call."""
        session = self.session
        submitted: list[Action] = []
        acting = session.to_act()
        for seat, job in list(self._jobs.items()):
            if job.step != session.step or seat not in acting:
                if job.future is not None:
                    job.future.cancel()
                del self._jobs[seat]
        for seat in sorted(acting):
            if seat not in session.bot_seats or seat in self._jobs:
                continue
            legal = session.legal_actions(seat)
            if not legal:
                continue
            job = _Job(session.step, seat, now + self.think_time)
            view = session.view(seat)
            if self.inline:
                job.result = self._choose_here(seat, view, legal)
            else:
                codec = session.engine.actions
                job.future = self._executor().submit(
                    _choose_in_worker, self.factory_path, session.bot_seats[seat], seat,
                    self.seed + seat, view, [codec.encode(a) for a in legal], self.engine_path)
            self._jobs[seat] = job
        for seat, job in list(self._jobs.items()):
            if now < job.ready_at:
                continue
            if job.result is None and job.future is not None and job.future.done():
                try:
                    job.result = session.engine.actions.decode(job.future.result())
                except Exception:  # a crashed worker must not end the game: decide here instead
                    log.exception("the bot worker failed for seat %d; its bots now run in this process", seat)
                    self.inline = True
                    job.result = self._choose_here(seat, session.view(seat), session.legal_actions(seat))
            if job.result is not None:
                del self._jobs[seat]
                session.submit(job.result)
                submitted.append(job.result)
                break   # the state changed: the other jobs are re-checked on the next call
        return submitted

    @property
    def thinking(self) -> frozenset[int]:
        return frozenset(self._jobs)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
