"""The shared information-set search: it finds the winning move, is reproducible from a seed under an
iteration budget, keeps to its budget and its root shortlist, and only ever reads determinisations."""
from __future__ import annotations

import random

import pytest

from game.core.rng import Rng
from game.core.search import Budget, SearchReport, search
from tests.core.toy import SecretToyEngine, Take, ToyConfig, ToyEngine

ENGINE = ToyEngine()


def heap_state(heap: int, players: int = 2):
    state = ENGINE.new_game(ToyConfig(players), 0)
    state.start = state.heap = heap
    return state


@pytest.mark.parametrize("heap, best", [(4, 1), (5, 2), (7, 1), (8, 2)])
def test_finds_the_move_that_leaves_a_multiple_of_three(heap, best):
    # take-away: whoever takes the last stone wins; leaving a multiple of 3 wins for the mover
    state = heap_state(heap)
    action = search(ENGINE, 0, lambda rng: ENGINE.clone(state), Rng(1), Budget(seconds=None, iterations=600))
    assert action == Take(0, best)


def test_same_seed_same_search_and_the_budget_is_kept():
    state = heap_state(10)
    reports = [SearchReport(), SearchReport(), SearchReport()]
    runs = [search(ENGINE, 0, lambda rng: ENGINE.clone(state), Rng(seed), Budget(seconds=None, iterations=50),
                   report=report) for seed, report in zip((3, 3, 4), reports, strict=True)]
    assert runs[0] == runs[1]
    assert reports[0].visits == reports[1].visits
    assert [r.iterations for r in reports] == [50, 50, 50]
    assert sum(reports[0].visits.values()) == 50


def test_one_legal_action_needs_no_search():
    report = SearchReport()
    state = heap_state(1)
    assert search(ENGINE, 0, lambda rng: ENGINE.clone(state), Rng(0), Budget(iterations=100),
                  report=report) == Take(0, 1)
    assert report.iterations == 0


def test_root_actions_narrow_the_choice():
    state = heap_state(5)      # taking 2 wins, but only taking 1 is on the shortlist
    report = SearchReport()
    action = search(ENGINE, 0, lambda rng: ENGINE.clone(state), Rng(0), Budget(iterations=100),
                    root_actions=[Take(0, 1)], report=report)
    assert action == Take(0, 1)
    both = search(ENGINE, 0, lambda rng: ENGINE.clone(state), Rng(0), Budget(iterations=300),
                  root_actions=[Take(0, 1), Take(0, 2)], report=report)
    assert both == Take(0, 2) and set(report.visits) == {Take(0, 1), Take(0, 2)}


def test_a_budget_needs_a_limit():
    with pytest.raises(ValueError):
        Budget(seconds=None, iterations=None)


def test_evaluate_judges_a_cut_off_playout_for_each_mover():
    state = heap_state(30)
    asked: set[int] = set()

    def evaluate(engine, st, seat):
        asked.add(seat)
        return 1.0 if seat == 0 else 0.0

    search(ENGINE, 0, lambda rng: ENGINE.clone(state), Rng(0), Budget(iterations=40), evaluate=evaluate,
           max_rollout=2)
    assert asked == {0, 1}


def test_searches_only_the_determinisations_it_is_given():
    # the secret game: seat 1's digit is hidden from seat 0; every iteration gets a fresh deal
    engine = SecretToyEngine()
    true = engine.new_game(ToyConfig(2), 5)
    dealt: list[int] = []

    def determinise(rng: Rng):
        other = engine.resample_hidden(true, 0, random.Random(rng.below(1 << 30)))
        dealt.append(other.secrets[1])
        return other

    report = SearchReport()
    action = search(engine, 0, determinise, Rng(2), Budget(iterations=60), report=report)
    assert action in engine.legal_actions(true, 0)
    assert len(dealt) == 60 and len(set(dealt)) > 1       # a fresh determinisation each iteration
    assert true == engine.new_game(ToyConfig(2), 5)       # the true state was never touched
