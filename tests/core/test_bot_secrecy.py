"""Bots decide from what their seat may see: for every level of every hidden-information game in the
catalogue, a bot's decision (same seed, same history) does not change when what its seat cannot see
is re-dealt (Engine.resample_hidden). A toy bot that peeks at the state proves the check can fail.

The bot under test lives in a world that holds the true state (`Table`), as a careless in-process bot
could reach it; the check asks two copies of the same bot, one in a world whose state was re-dealt,
with the same view, legal actions and events. Searching bots get an iteration budget, so that only
what they read can make them differ.
"""
from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from game.core.bots import Bot, Decision, feed
from game.core.engine import Action, Engine, View, canonical
from game.core.search import Budget
from game.games import GAMES
from game.kombo_klash.rules import KomboKlashConfig, KomboKlashEngine

SECRET_GAMES = [g for g in GAMES if g.available and g.engine().game_type.hidden_information]
CASES = [(g, level) for g in SECRET_GAMES for level in g.bot_levels]
STEPS = 60            # random actions played per game; the bot is asked at its seat's turns
CHECKS = 4            # decisions compared per game


@dataclass
class Table:
    """The world a bot runs in: the true state is here, where only a peeking bot would look."""

    state: Any


BotMaker = Callable[[str, int, int, Table], Bot]


def decisions_that_differ(engine: Engine[Any], config: Any, level: str, make: BotMaker, seed: int) -> list[str]:
    """Play a seeded game at random, handing the bot of seat 0 its events; at its turns, compare the
    decisions of two copies of it, the second in a world re-dealt behind its back."""
    chooser, dealer = random.Random(seed), random.Random(seed + 1)
    state = engine.new_game(config, seed)
    table = Table(state)
    bot = make(level, 0, seed, table)
    _by_count(bot)
    found: list[str] = []
    checks = 0
    for step in range(STEPS):
        if engine.outcome(state) is not None or checks >= CHECKS:
            break
        acting = sorted(engine.to_act(state))
        if 0 in acting and engine.legal_actions(state, 0) and step % 3 == 0:
            checks += 1
            mine = _decide(engine, bot, table, state)
            other = engine.resample_hidden(state, 0, dealer)
            assert canonical(engine.view(other, 0)) == canonical(engine.view(state, 0))
            theirs = _decide(engine, bot, table, other)
            if mine != theirs:
                found.append(f"seed {seed}, step {step}: {mine} became {theirs} after a re-deal")
        seat = chooser.choice(acting)
        events = engine.apply(state, chooser.choice(engine.legal_actions(state, seat)))
        feed(bot, engine.seen_by(events, 0))
    table.state = state
    return found


def _by_count(bot: Bot) -> None:
    """A searching bot bounded by iterations, not the clock: the shared `budget` (game.core.search),
    or the `judgement.seconds` of a bot that keeps its own knobs (KOMBIO's Expert, for now)."""
    if hasattr(bot, "budget"):
        bot.budget = Budget(seconds=None, iterations=24)
    judgement = getattr(bot, "judgement", None)
    if dataclasses.is_dataclass(judgement) and hasattr(judgement, "seconds"):
        bot.judgement = dataclasses.replace(judgement, seconds=None)   # type: ignore[attr-defined]


def _decide(engine: Engine[Any], bot: Bot, table: Table, world: Any) -> Decision:
    twin = copy.deepcopy(bot)           # the same bot, history and generator, asked once
    shared = getattr(twin, "table", None)
    table.state = world
    if isinstance(shared, Table):
        shared.state = world
    return twin.choose(engine.view(world, 0), engine.legal_actions(world, 0))


@pytest.mark.parametrize("info, level", CASES, ids=[f"{g.key}-{lv}" for g, lv in CASES])
def test_a_bot_decides_from_its_view_alone(info, level):
    engine = info.engine()
    config = info.make_config(max(2, info.min_players), info.default_options())
    make: BotMaker = lambda lv, seat, seed, table: info.bot(lv, seat, seed)
    for seed in (1, 2):
        assert decisions_that_differ(engine, config, level, make, seed) == []


class PeekingBot:
    """Plays the tile it would like an opponent to lack: reads the true state through its table."""

    def __init__(self, seat: int, seed: int, table: Table) -> None:
        self.seat, self.table = seat, table

    def choose(self, view: View, legal: list[Action]) -> Action:
        rival = self.table.state.hands[1 - self.seat]
        return legal[sum(rival) % len(legal)]


def test_the_check_catches_a_bot_that_peeks():
    engine = KomboKlashEngine()
    make: BotMaker = lambda lv, seat, seed, table: PeekingBot(seat, seed, table)
    assert decisions_that_differ(engine, KomboKlashConfig(2), "peek", make, 1)
