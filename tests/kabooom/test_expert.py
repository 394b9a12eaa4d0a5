"""Kabooom!'s Expert and the state it builds from a view: the view maps straight to its state (no
secrets); the Expert's evaluation taken apart (game.kabooom.expert_eval) is the hard bot's; the
Expert finds captures, keeps to a count of positions when given one, plays the end of a game
exactly, and plays legal, reproducible games."""
from __future__ import annotations

import random

import pytest

from game.core.bots import LEVELS
from game.core.rng import Rng
from game.core.search import Budget
from game.kabooom.bot import WIN_VALUE, evaluate, make_bot, relative
from game.kabooom.determinise import state_from_view
from game.kabooom.expert import ExpertBot, final_value
from game.kabooom.expert_eval import Frontier
from game.kabooom.expert_search import AlphaBeta
from game.kabooom.rules import (
    TABLE,
    KabooomConfig,
    KabooomEngine,
    KabooomState,
    Move,
    Pass,
    any_move,
    board_after,
    move_list,
)

from .positions import GOOD, TRAP, position, sq

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


def capture_positions(games: int) -> list[tuple[KabooomState, int]]:
    """Capture-phase states of random two-player games, every difficulty, with their offsets."""
    chooser = random.Random(7)
    found = []
    for game in range(games):
        difficulty = ("easy", "medium", "hard")[game % 3]
        state = ENGINE.new_game(KabooomConfig(2, difficulty), game)
        while ENGINE.outcome(state) is None:
            if state.phase == "capture":
                found.append((state.copy(), TABLE.offset[difficulty]))
            ENGINE.apply(state, chooser.choice(ENGINE.legal_actions(state, state.turn)))
    return found


def test_the_frontier_values_every_child_as_the_hard_evaluation_does():
    checked = 0
    for state, offset in capture_positions(6):
        board = state.board
        scan = Frontier.scan(board, offset)
        for seat in (0, 1):
            assert scan.value(seat) == pytest.approx(relative(evaluate(board, 2, offset, seat), seat))
            for move in move_list(board, seat):
                after = board_after(board, *move)
                child, built, rescanned = scan.child(*move), scan.after(*move), Frontier.scan(after, offset)
                assert built.board == after and built.captures == rescanned.captures
                assert built.material == pytest.approx(rescanned.material)
                assert built.over() == (child is None) == (not any_move(after))
                if child is not None:
                    assert child == pytest.approx(relative(evaluate(after, 2, offset, 1 - seat), 1 - seat))
                    checked += 1
    assert checked > 500


def test_takes_the_good_capture():
    state = position(GOOD)
    bot = ExpertBot(0, 1, Budget(seconds=None, iterations=2000))
    action = bot.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
    assert action == Move(0, sq("a1"), sq("b2"))


@pytest.mark.parametrize("passes", [0, 1])
def test_passes_when_every_move_only_loses(passes):
    state = position(TRAP, passes=passes)
    bot = ExpertBot(0, 1, Budget(seconds=None, iterations=2000))
    assert bot.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)) == Pass(0)


def test_a_count_budget_bounds_the_search():
    state = ENGINE.new_game(KabooomConfig(2, "easy"), 4)
    small, large = ExpertBot(0, 1, Budget(seconds=None, iterations=300)), ExpertBot(0, 1, Budget(seconds=None, iterations=6000))
    for bot in (small, large):
        bot.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
    assert small.last_nodes <= 300 < large.last_nodes <= 6000


def test_the_same_budget_makes_the_same_choice():
    state = ENGINE.new_game(KabooomConfig(2, "easy"), 9)
    choices = {ExpertBot(0, 5, Budget(seconds=None, iterations=5000)).choose(
        ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)) for _ in range(2)}
    assert len(choices) == 1


def solved(state: KabooomState, move: Move | Pass) -> float:
    """The exact value of `move` for the seat to move: searched deeper until no leaf is cut."""
    search = AlphaBeta(TABLE.offset[state.difficulty], final_value, 1 << 40)
    scan = Frontier.scan(state.board, search.offset)
    step = (move.src, move.dst) if isinstance(move, Move) else None
    for depth in range(1, 40):
        search.exact = True
        value = search.value_after(scan, state.passes, state.turn, step, depth, -1e9, 1e9, 0)
        if search.exact:
            return value
    raise AssertionError("not solved in 40 plies")


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


# From a hard-vs-hard game (seed 78, easy): Blue to move after Red passed. Only Paper e5 takes Red's
# Rock on d4 wins the game; the hard bot's four plies see the draw of Scissors e4 onto e3 as best.
DEEP_WIN = {"b1": [(0, "S")], "e1": [(1, "S")], "d2": [(1, "P")], "e3": [(1, "S")],
            "a4": [(0, "P")], "c4": [(0, "S")], "d4": [(0, "R")], "e4": [(1, "S")],
            "a5": [(1, "P"), (0, "P")], "c5": [(0, "R")], "d5": [(1, "D")], "e5": [(1, "P")]}


def test_finds_the_win_the_hard_bot_misses():
    state = position(DEEP_WIN, turn=1, passes=1)
    view, legal = ENGINE.view(state, 1), ENGINE.legal_actions(state, 1)
    win = Move(1, sq("e5"), sq("d4"))
    values = {action: solved(state, action) for action in legal}
    assert [a for a, v in values.items() if v > WIN_VALUE / 2] == [win]
    hard = make_bot("hard", 1, 0).choose(view, legal)
    assert values[hard] < WIN_VALUE / 2
    assert ExpertBot(1, 0, Budget(seconds=None, iterations=5000)).choose(view, legal) == win
