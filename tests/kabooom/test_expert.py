"""Kabooom!'s Expert and the state it builds from a view: the view maps straight to its state (no
secrets), the Expert finds a winning capture, keeps to a count of positions when given one, and
plays legal, reproducible games."""
from __future__ import annotations

import random

from game.core.rng import Rng
from game.core.search import Budget
from game.kabooom.bot import LEVELS, make_bot
from game.kabooom.determinise import state_from_view
from game.kabooom.expert import ExpertBot
from game.kabooom.rules import KabooomConfig, KabooomEngine, Move
from tests.kabooom.test_bot import GOOD, position, sq

ENGINE = KabooomEngine()


def test_the_view_is_the_state():
    chooser = random.Random(3)
    for difficulty in ("easy", "medium"):
        state = ENGINE.new_game(KabooomConfig(3, difficulty), 5)
        while ENGINE.outcome(state) is None:
            for seat in range(3):
                view = ENGINE.view(state, seat)
                built = state_from_view(view, None, Rng(0))
                ENGINE.check_invariants(built)
                assert ENGINE.view(built, seat) == view
                assert ENGINE.resample_hidden(state, seat, random.Random(0)) == state
            ENGINE.apply(state, chooser.choice(ENGINE.legal_actions(state, state.turn)))


def test_takes_the_good_capture():
    state = position(GOOD)
    bot = ExpertBot(0, 1, Budget(seconds=None, iterations=2000))
    action = bot.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
    assert action == Move(0, sq("a1"), sq("b2"))


def test_a_count_budget_bounds_the_search():
    state = ENGINE.new_game(KabooomConfig(2, "easy"), 4)
    small, large = ExpertBot(0, 1, Budget(seconds=None, iterations=300)), ExpertBot(0, 1, Budget(seconds=None, iterations=6000))
    for bot in (small, large):
        bot.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
    assert small.last_nodes <= 300 + 50 < large.last_nodes


def play(seed: int) -> list:
    state = ENGINE.new_game(KabooomConfig(2, "medium"), seed)
    bots = [make_bot("expert", 0, seed), make_bot("hard", 1, seed + 1)]
    bots[0].budget = Budget(seconds=None, iterations=800)
    log = []
    while ENGINE.outcome(state) is None:
        legal = ENGINE.legal_actions(state, state.turn)
        action = bots[state.turn].choose(ENGINE.view(state, state.turn), legal)
        assert action in legal
        ENGINE.apply(state, action)
        log.append(action)
    return log


def test_the_expert_plays_a_legal_reproducible_game():
    assert "expert" in LEVELS
    assert play(2) == play(2)
