"""BotDriver: bots finish a game, deciding in-process (inline) and in a worker process."""
from __future__ import annotations

import time

from game.core.bots import BotDriver
from game.core.session import LocalSession, SeatInfo
from game.kabooom.rules import KabooomConfig, KabooomEngine

KABOOOM_BOT = "game.kabooom.bot:make_bot"
KABOOOM_ENGINE = "game.kabooom.rules:KabooomEngine"


def test_inline_bots_finish_a_game():
    session = LocalSession(KabooomEngine(), KabooomConfig(3, "medium"), 5,
                           [SeatInfo(f"S{i}", "bot", lvl) for i, lvl in enumerate(["easy", "hard", "medium"])])
    driver = BotDriver(session, KABOOOM_BOT, KABOOOM_ENGINE, seed=5, inline=True)
    for _ in range(1000):
        if session.outcome() is not None:
            break
        assert len(driver.update(0.0)) == 1, "an inline bot answers on the same call"
    assert session.outcome() is not None
    steps = session.poll()
    assert [s.number for s in steps] == list(range(1, session.step + 1))
    driver.close()


def test_inline_driver_leaves_human_seats_alone():
    session = LocalSession(KabooomEngine(), KabooomConfig(2, "easy"), 2,
                           [SeatInfo("human", "human"), SeatInfo("bot", "bot", "easy")])
    driver = BotDriver(session, KABOOOM_BOT, KABOOOM_ENGINE, inline=True)
    assert session.to_act() == frozenset({0})
    assert driver.update(0.0) == [] and session.step == 0
    legal = session.legal_actions(0)
    session.submit(legal[0])
    if session.outcome() is None:
        assert [a.seat for a in driver.update(0.0)] == [1]


def test_think_time_delays_the_move():
    session = LocalSession(KabooomEngine(), KabooomConfig(2, "easy"), 2,
                           [SeatInfo(f"b{i}", "bot", "easy") for i in range(2)])
    driver = BotDriver(session, KABOOOM_BOT, KABOOOM_ENGINE, think_time=1.0, inline=True)
    assert driver.update(10.0) == [] and driver.thinking == frozenset({0})
    assert len(driver.update(11.0)) == 1 and session.step == 1


def test_process_bots_finish_a_game():
    session = LocalSession(KabooomEngine(), KabooomConfig(2, "easy"), 9,
                           [SeatInfo(f"S{i}", "bot", "medium") for i in range(2)])
    driver = BotDriver(session, KABOOOM_BOT, KABOOOM_ENGINE, seed=9, inline=False)
    try:
        driver.warm_up()
        deadline = time.monotonic() + 120    # a hang guard, not a speed check
        while session.outcome() is None and time.monotonic() < deadline:
            driver.update(time.monotonic())
            time.sleep(0.002)
        assert session.outcome() is not None
        assert not driver.inline, "the worker process did the thinking"
    finally:
        driver.close()
    # The worker's bots are the same bots: replaying inline gives the same game.
    twin = LocalSession(KabooomEngine(), KabooomConfig(2, "easy"), 9,
                        [SeatInfo(f"S{i}", "bot", "medium") for i in range(2)])
    inline = BotDriver(twin, KABOOOM_BOT, KABOOOM_ENGINE, seed=9, inline=True)
    while twin.outcome() is None:
        inline.update(0.0)
    assert twin.log == session.log
