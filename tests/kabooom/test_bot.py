"""Kabooom! bots: legal, deterministic, sensible in set positions, and the hard bot beats random."""
from __future__ import annotations

import pytest

from game.kabooom.bot import HARD_NODE_CAP, SearchBot, make_bot
from game.kabooom.rules import KabooomConfig, KabooomState, Move, Pass, Place

from .positions import ENGINE, GOOD, TRAP, position, sq


def decide(level: str, state: KabooomState, seed: int = 0):
    seat = state.turn
    action = make_bot(level, seat, seed).choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat))
    assert action in ENGINE.legal_actions(state, seat)
    return action


def play(levels: list[str], difficulty: str, seed: int) -> tuple[list, object]:
    state = ENGINE.new_game(KabooomConfig(len(levels), difficulty), seed)
    bots = [make_bot(level, seat, seed * 10 + seat) for seat, level in enumerate(levels)]
    log = []
    while ENGINE.outcome(state) is None:
        seat = state.turn
        legal = ENGINE.legal_actions(state, seat)
        action = bots[seat].choose(ENGINE.view(state, seat), legal)
        assert action in legal, f"{levels[seat]} bot chose {action}, not legal"
        ENGINE.apply(state, action)
        log.append(action)
    return log, ENGINE.outcome(state)


def test_levels():
    for level in ("easy", "medium", "hard", "expert"):
        assert hasattr(make_bot(level, 0, 1), "choose")
    with pytest.raises(ValueError, match="no Kabooom! bot level"):
        make_bot("grandmaster", 0, 1)


@pytest.mark.parametrize("levels, difficulty", [
    (["hard", "medium", "easy"], "medium"),
    (["medium", "hard", "easy", "hard"], "hard"),
    (["easy", "medium", "hard", "medium"], "easy"),
])
def test_every_level_plays_legal_moves_to_the_end(levels, difficulty):
    log, outcome = play(levels, difficulty, seed=3)
    assert outcome is not None and len(outcome.scores) == len(levels)
    if difficulty != "easy":
        assert all(isinstance(a, Place) for a in log[:24])


@pytest.mark.parametrize("levels", [["hard", "medium"], ["medium", "easy"]])
def test_same_seed_same_game(levels):
    assert play(levels, "medium", seed=11) == play(levels, "medium", seed=11)


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_takes_a_good_capture_instead_of_passing(level, difficulty):
    assert decide(level, position(GOOD, difficulty=difficulty)) == Move(0, sq("a1"), sq("b2"))


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_moves_rather_than_pass_into_a_loss(level):
    # Blue passed and leads 3-1: passing would end the game lost; the capture wins it.
    state = position({**GOOD, "d5": [(0, "D")]}, passes=1)
    assert ENGINE.view(state, 0).scores == (1, 4)
    assert decide(level, state) == Move(0, sq("a1"), sq("b2"))


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.parametrize("passes", [0, 1])
def test_passes_when_every_move_only_loses(level, passes):
    state = position(TRAP, passes=passes)
    assert ENGINE.legal_actions(state, 0) == [Move(0, sq("a1"), sq("b2")), Pass(0)]
    assert decide(level, state) == Pass(0)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_avoids_a_capture_that_is_taken_back(level):
    # Taking the single Scissors on b2 with the 2-high Rock tower lets Blue's Rocks on c2 and a2
    # take the 3-high tower back; there are safer captures (Blue's Rock on a2).
    towers = {"a1": [(0, "R"), (0, "R")], "b2": [(1, "S")], "c2": [(1, "R")],
              "b1": [(0, "P")], "a2": [(1, "R")], "e5": [(1, "P")], "d5": [(0, "S")]}
    state = position(towers)
    assert Move(0, sq("a1"), sq("b2")) in ENGINE.legal_actions(state, 0)
    choice = decide(level, state)
    assert choice != Move(0, sq("a1"), sq("b2"))
    assert choice.dst == sq("a2")


@pytest.mark.parametrize("level, symbols", [("medium", "R"), ("hard", "RD")])
def test_placing_attacks_without_being_exposed(level, symbols):
    # The only counter on the board is Red's Scissors on a1: Rock beside it takes it and cannot be
    # taken by it (the hard bot, looking at Red's answer, may prefer Dynamite, which only Dynamite
    # can take).
    state = ENGINE.new_game(KabooomConfig(2, "medium"), 0)
    ENGINE.apply(state, Place(0, sq("a1"), "S"))
    choice = decide(level, state)
    assert choice.symbol in symbols and choice.square in {sq("b1"), sq("a2"), sq("b2")}, choice


def test_hard_search_is_capped_by_positions_not_time():
    state = ENGINE.new_game(KabooomConfig(2, "easy"), 5)       # a full board: the widest search
    bot = make_bot("hard", 0, 1)
    assert isinstance(bot, SearchBot)
    legal = ENGINE.legal_actions(state, 0)
    first = bot.choose(ENGINE.view(state, 0), legal)
    assert 0 < bot.last_nodes <= HARD_NODE_CAP + 2 * len(legal)

    class Tiny(SearchBot):
        node_cap = 30

    tiny = Tiny(0, 1)
    assert tiny.choose(ENGINE.view(state, 0), legal) in legal
    assert tiny.last_nodes <= 30 + 2 * len(legal)
    assert make_bot("hard", 0, 1).choose(ENGINE.view(state, 0), legal) == first


def test_hard_beats_random_in_each_seat_and_difficulty():
    """A sanity check; the strength figures come from `python tools/tournament.py --game kabooom`
    (hard won 40 of 40 against easy there)."""
    for game, difficulty in enumerate(("easy", "medium", "hard") * 2):
        hard_seat = game % 2
        levels = ["easy", "easy"]
        levels[hard_seat] = "hard"
        _, outcome = play(levels, difficulty, seed=100 + game)
        assert outcome.winners == (hard_seat,), f"game {game} ({difficulty}): {outcome}"

