"""Combi-Nations' Expert: its determinisation agrees with the seat's view and what resample_hidden
re-deals, and the Expert plays legal, repeatable games from the view alone."""
from __future__ import annotations

import random

import pytest

from game.combi_nations import GAME
from game.combi_nations.bot import _Position, make_bot
from game.combi_nations.country import tiles_ahead
from game.combi_nations.determinise import Seen, state_from_view, tiles_out_of_sight
from game.combi_nations.expert import AHEAD_FLEX_WEIGHT, POOL_SAMPLE, POOL_WEIGHT, ExpertBot, flexibility
from game.combi_nations.rules import CombiConfig, CombiNationsEngine, CombiState
from game.combi_nations.view import EMPTY
from game.core.rng import Rng

ENGINE = CombiNationsEngine()


def _stacks(state: CombiState) -> list[list[int]]:
    return [sorted(stack) for stack in state.stacks]


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (2, 4), (3, 5)])
def test_a_built_state_is_the_true_one_but_for_the_stacks_order(players: int, seed: int) -> None:
    state = ENGINE.new_game(CombiConfig(players, "preset", seed % 10), seed)
    seen = Seen()
    seen.observe(ENGINE.opening_events(state))
    chooser, rng = random.Random(seed), Rng(seed)
    steps = 0
    while ENGINE.outcome(state) is None and steps < 30:
        view = ENGINE.view(state, state.turn)
        built = state_from_view(view, seen, rng)
        ENGINE.check_invariants(built)
        assert ENGINE.view(built, state.turn) == view
        assert ENGINE.legal_actions(built, state.turn) == ENGINE.legal_actions(state, state.turn)
        # what is hidden is exactly what resample_hidden re-deals: each stack's tiles, in some order
        assert _stacks(built) == _stacks(ENGINE.resample_hidden(state, state.turn, random.Random(seed)))
        assert (built.extra, built.ended_by, built.opponent_steps, sorted(built.discard)) == \
            (state.extra, state.ended_by, state.opponent_steps, sorted(state.discard))
        seen.observe(ENGINE.apply(state, chooser.choice(ENGINE.legal_actions(state, state.turn))))
        steps += 1


def _play(seed: int, levels: list[str]) -> list[object]:
    state = ENGINE.new_game(CombiConfig(len(levels), "preset", seed % 10), seed)
    bots = [make_bot(level, seat, seed * 10 + seat) for seat, level in enumerate(levels)]
    log: list[object] = []
    for _ in range(6):
        if ENGINE.outcome(state) is not None:
            break
        seat = state.turn
        action = bots[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat))
        assert action in ENGINE.legal_actions(state, seat)
        ENGINE.apply(state, action)
        log.append(action)
    return log


def test_the_expert_plays_legally_and_the_same_from_its_seed() -> None:
    first = _play(6, ["expert", "hard"])
    assert len(first) == 6
    assert _play(6, ["expert", "hard"]) == first


def test_expert_is_a_level_of_the_game() -> None:
    assert "expert" in GAME.bot_levels
    assert isinstance(make_bot("expert", 0, 1), ExpertBot)


def test_flexibility_is_the_mean_gain_over_the_different_tiles_on_offer() -> None:
    state = ENGINE.new_game(CombiConfig(2, "preset", 1), 11)
    view = ENGINE.view(state, 0)
    pos = _Position(view, 0)
    offered = sorted({tile for tile in view.ring if tile != EMPTY})
    assert len(offered) >= 2
    gains = [max(0.0, pos.best_placing(tile)[0] - pos.value(pos.country)) for tile in offered]
    assert max(gains) > 0, "a fresh country gains from some tile on the ring"
    now = pos.value(pos.country)
    assert flexibility(pos, view.ring, pos.country, now) == pytest.approx(sum(gains) / len(gains))
    # a tile offered twice counts once; an empty ring offers nothing
    twice = (offered[0], offered[0]) + (EMPTY,) * (len(view.ring) - 2)
    assert flexibility(pos, twice, pos.country, now) == pytest.approx(gains[0])
    assert flexibility(pos, (EMPTY,) * len(view.ring), pos.country, now) == 0.0
    # a country worth more than any tile could make it gains nothing from the ring
    assert flexibility(pos, view.ring, pos.country, now + 1000.0) == 0.0


def test_the_rivals_take_is_the_best_tile_their_arrow_reaches_and_what_it_is_worth_to_them() -> None:
    state = ENGINE.new_game(CombiConfig(2, "preset", 8), 18)     # its best is not its nearest tile
    view = ENGINE.view(state, 0)
    bot = ExpertBot(0, 1)
    rivals = bot._rivals(view)
    assert [seat for seat, _ in rivals] == [1]
    rival = rivals[0][1]
    reach = tiles_ahead(view.ring, view.arrows[1], view.clockwise[1], rival.country)
    worth = {s: rival.best_placing(view.ring[s])[0] for s in reach}
    ring, takes = bot._rivals_take(view, list(view.ring), rivals)
    assert takes == [max(worth.values())] and worth[reach[0]] < max(worth.values())
    taken = [s for s in reach if ring[s] == EMPTY]
    assert len(taken) == 1 and worth[taken[0]] == max(worth.values())
    assert ring[view.arrows[1]] == EMPTY, "the space the rival's arrow left is not counted"


def test_next_turns_tile_counts_a_share_of_the_flexibility_it_leaves_for_the_best_moves_only() -> None:
    state = ENGINE.new_game(CombiConfig(2, "preset", 8), 18)
    view = ENGINE.view(state, 0)
    pos = _Position(view, 0)
    now = pos.value(pos.country)
    reach = tiles_ahead(view.ring, view.arrows[0], view.clockwise[0], pos.country)
    best = max(reach, key=lambda s: (pos.best_placing(view.ring[s])[0], -s))
    value, _placing, later = pos.best_placing(view.ring[best])
    assert later is not None
    rest = list(view.ring)
    rest[best] = EMPTY
    share = flexibility(pos, rest, later, value)
    assert share > 0, "the deal leaves tiles that would improve the country"
    where = (pos, view.ring, view.arrows[0], view.clockwise[0], pos.country, now)
    assert ExpertBot._ahead(*where, True, ()) == pytest.approx(value + AHEAD_FLEX_WEIGHT * share)
    assert ExpertBot._ahead(*where, False, ()) == pytest.approx(value)
    # the face-down sample counts in that share too, at its own weight, for the best moves only
    coming = [stack[0] for stack in state.stacks[:4]]
    pooled = flexibility(pos, rest, later, value, coming)
    assert pooled > share, "a face-down tile would improve the country next turn's tile leaves"
    assert ExpertBot._ahead(*where, True, coming) == pytest.approx(value + AHEAD_FLEX_WEIGHT * pooled)
    assert ExpertBot._ahead(*where, False, coming) == pytest.approx(value)


def test_flexibility_weighs_the_face_down_tiles_at_their_own_share() -> None:
    state = ENGINE.new_game(CombiConfig(2, "preset", 1), 11)
    view = ENGINE.view(state, 0)
    pos = _Position(view, 0)
    now = pos.value(pos.country)
    coming = [stack[0] for stack in state.stacks[:3]]
    gains = [max(0.0, pos.best_placing(tile)[0] - now) for tile in coming]
    assert max(gains) > 0
    empty = (EMPTY,) * len(view.ring)
    assert flexibility(pos, empty, pos.country, now, coming) == pytest.approx(POOL_WEIGHT * sum(gains) / len(gains))
    assert flexibility(pos, view.ring, pos.country, now, coming) == pytest.approx(
        flexibility(pos, view.ring, pos.country, now) + POOL_WEIGHT * sum(gains) / len(gains))


def test_the_face_down_sample_is_drawn_from_the_stacks_and_blind_to_their_order() -> None:
    state = ENGINE.new_game(CombiConfig(2, "preset", 3), 23)
    view = ENGINE.view(state, 0)
    face_down = {tile for stack in state.stacks for tile in stack}
    assert sorted(face_down) == tiles_out_of_sight(view)
    sample = ExpertBot(0, 5)._face_down(view)
    assert len(sample) == len(set(sample)) == POOL_SAMPLE and set(sample) <= face_down
    # the stacks re-dealt: the same view, so the same sample from the same seed
    redealt = ENGINE.resample_hidden(state, 0, random.Random(1))
    assert redealt.stacks != state.stacks and ENGINE.view(redealt, 0) == view
    assert ExpertBot(0, 5)._face_down(ENGINE.view(redealt, 0)) == sample
