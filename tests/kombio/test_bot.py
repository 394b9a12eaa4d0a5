"""KOMBIO bots: legal, repeatable, blind to unseen cards, and they use what they remember."""
from __future__ import annotations

import copy
import random

import pytest

from game.core.bots import LEVELS, BotDriver, SimulatedTable, Timed
from game.core.engine import Action, Event
from game.core.session import LocalSession, SeatInfo
from game.kombio.actions import Discard, Draw, Look, Replace, Slap
from game.kombio.bot import STYLES, MemoryBot, make_bot
from game.kombio.rules import KombioEngine
from game.kombio.state import KombioState
from game.kombio.table import KombioConfig
from tests.bot_budget import quick

ENGINE = KombioEngine()
BOT_PATH = "game.kombio.bot:make_bot"
ENGINE_PATH = "game.kombio.rules:KombioEngine"


def play(levels: list[str], seed: int, rounds: int = 1, memory_aid: bool = False,
         check: bool = True) -> list[Action]:
    """A whole game on the simulated clock; every action checked legal before it is applied."""
    state = ENGINE.new_game(KombioConfig(len(levels), "kombio", rounds, memory_aid), seed)
    bots = {seat: quick(make_bot(level, seat, seed * 10 + seat)) for seat, level in enumerate(levels)}
    table = SimulatedTable(ENGINE, bots, seed)
    log: list[Action] = []
    for _ in range(20_000):
        if ENGINE.outcome(state) is not None:
            return log
        action = table.next_action(state)
        if check:
            assert action in ENGINE.legal_actions(state, action.seat), action
        table.record(state, ENGINE.apply(state, action))
        log.append(action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", range(2, 7))
def test_bots_play_legal_moves_through_a_round(level: str, players: int) -> None:
    for seed in range(3):
        log = play([level] * players, seed + players * 7, memory_aid=seed == 2)
        assert any(isinstance(a, Slap) for a in log) or level == "easy" or players == 2


def test_a_mixed_game_to_100_is_legal_and_repeatable() -> None:
    levels = ["hard", "easy", "medium", "easy"]
    first = play(levels, 11, rounds=0)
    assert play(levels, 11, rounds=0, check=False) == first
    assert play(levels, 12, rounds=0, check=False) != first


def _mine(events: list[Event], seat: int) -> list[Event]:
    return list(ENGINE.seen_by(events, seat))


def test_decisions_are_blind_to_unseen_cards() -> None:
    levels = ["hard", "medium", "easy", "hard"]
    state = ENGINE.new_game(KombioConfig(4, "kombio", 1), 5)
    bots = {seat: make_bot(level, seat, 50 + seat) for seat, level in enumerate(levels)}
    table = SimulatedTable(ENGINE, bots, 5)
    compared = 0
    for step in range(400):
        if ENGINE.outcome(state) is not None:
            break
        if step % 3 == 0:
            for seat in sorted(ENGINE.to_act(state)):
                twin = ENGINE.resample_hidden(state, seat, random.Random(step))
                a, b = copy.deepcopy(bots[seat]), copy.deepcopy(bots[seat])
                real = a.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat))
                other = b.choose(ENGINE.view(twin, seat), ENGINE.legal_actions(twin, seat))
                assert real == other
                compared += 1
        table.play(state)
    assert compared > 50


def _put(state: KombioState, owner: int, slot: int, value: int) -> None:
    """Deal the card of `value` from the draw pile into `owner`'s `slot` (the card there goes back)."""
    i = next(i for i, c in enumerate(state.draw) if state.values[c] == value)
    state.draw[i], state.hands[owner][slot] = state.hands[owner][slot], state.draw[i]


def _on_top(state: KombioState, value: int) -> None:
    i = next(i for i, c in enumerate(state.draw) if state.values[c] == value)
    state.draw.append(state.draw.pop(i))


def _feed(bot: MemoryBot, state: KombioState, action: Action) -> None:
    bot.observe(_mine(ENGINE.apply(state, action), bot.seat))


def _looked_state(near: tuple[int, int]) -> tuple[KombioState, MemoryBot]:
    """Two players; seat 0 is a hard bot that has looked at its near row (slots 1, 3) = `near`."""
    state = ENGINE.new_game(KombioConfig(2, "kombio", 1), 3)
    _put(state, 0, 1, near[0])
    _put(state, 0, 3, near[1])
    bot = make_bot("hard", 0, 1)
    _feed(bot, state, Look(0))
    _feed(bot, state, Look(1))
    return state, bot


def test_it_swaps_a_known_high_card_for_a_drawn_low_one() -> None:
    state, bot = _looked_state((12, 2))
    _on_top(state, 1)
    assert state.turn == 0
    _feed(bot, state, Draw(0))
    assert bot.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)) == Replace(0, 1)


def test_it_slaps_a_card_it_knows_matches_after_its_reaction_time() -> None:
    state, bot = _looked_state((5, 9))
    _on_top(state, 9)
    _feed(bot, state, Draw(0))
    state.held = next(c for c in state.draw if state.values[c] == 4)   # keep the bot's 9 the only twin
    state.draw.remove(state.held)
    bot.memory.held = 4
    _feed(bot, state, Discard(0))
    # seat 1 plays: it draws a 5 and discards it; the bot knows its own card 2 is a 5
    _on_top(state, 5)
    _feed(bot, state, Draw(1))
    _feed(bot, state, Discard(1))
    decision = bot.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
    assert isinstance(decision, Timed)
    assert decision.action == Slap(0, 0, 1, state.serial)
    lo, hi = STYLES["hard"].reaction
    assert lo <= decision.delay <= hi


def test_a_bot_that_knows_nothing_does_not_slap() -> None:
    state, bot = _looked_state((5, 9))
    bot.memory.cards.clear()
    _on_top(state, 5)
    _feed(bot, state, Draw(0))
    _feed(bot, state, Discard(0))
    legal = ENGINE.legal_actions(state, 0)
    assert legal and all(isinstance(a, Slap) for a in legal)
    assert bot.choose(ENGINE.view(state, 0), legal) is None


def test_the_driver_submits_a_slap_after_its_delay() -> None:
    session = LocalSession(ENGINE, KombioConfig(2, "kombio", 1), 3,
                           [SeatInfo("bot", "bot", "hard"), SeatInfo("human", "human")])
    state = session.state
    _put(state, 0, 1, 5)
    state.first = state.turn = 1
    driver = BotDriver(session, BOT_PATH, ENGINE_PATH, seed=3, inline=True)
    assert [a.seat for a in driver.update(0.0)] == [0]          # its look
    session.submit(Look(1))
    _on_top(state, 5)
    session.submit(Draw(1))
    session.submit(Discard(1))                                   # a 5: the bot's card 2 matches
    lo, hi = STYLES["hard"].reaction
    serial = session.view(0).discard_serial
    assert driver.update(10.0) == [] and 0 in driver.thinking
    assert driver.update(10.0 + lo * 0.9) == []
    assert driver.update(10.0 + hi + 0.01) == [Slap(0, 0, 1, serial)]
    steps = session.poll()
    assert [s.number for s in steps] == list(range(1, session.step + 1)), "the scene still sees every step"
