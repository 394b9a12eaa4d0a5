"""The shared random-playout check every engine passes (after OpenSpiel's random_sim_test).

At every step it checks: the invariants hold; views pack with msgpack and never fail; the action and its
events survive the wire; a clone applies the action to the same result (determinism); an action from
a seat that may not act is refused without changing the state. At the end, folding the replay from
(config, seed, actions) gives the same final state.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

import msgpack

from .engine import Action, Engine, GameConfig, Outcome
from .errors import IllegalActionError


@dataclass
class PlayoutReport:
    games: int = 0
    actions: int = 0
    outcomes: list[Outcome] = field(default_factory=list)


def _roundtrip(codec, value):
    packed = msgpack.packb(codec.encode(value), use_bin_type=True)
    back = codec.decode(msgpack.unpackb(packed, raw=False))
    assert back == value, f"wire round trip changed {value!r} into {back!r}"


def _check_views(engine: Engine, state, players: int) -> None:
    for seat in [None, *range(players)]:
        view = engine.view(state, seat)
        assert isinstance(view, dict), "a view is a dict"
        msgpack.packb(view, use_bin_type=True)


def _check_refusal(engine: Engine, state, players: int, actions: list[Action]) -> None:
    """An action by a seat that may not act raises and leaves the state exactly as it was."""
    waiting = [s for s in range(players) if s not in engine.to_act(state)]
    if not waiting or not actions:
        return
    import dataclasses

    stray = dataclasses.replace(actions[0], seat=waiting[0])
    before = engine.clone(state)
    try:
        engine.apply(state, stray)
    except IllegalActionError:
        pass
    else:
        raise AssertionError(f"{stray} by a seat that may not act was accepted")
    assert state == before, "a refused action changed the state"


def random_playouts(
    engine: Engine,
    config: GameConfig,
    seeds: range | list[int],
    *,
    max_actions: int = 5000,
    full_checks_every: int = 1,
) -> PlayoutReport:
    """Play one random game per seed, checking the contract at every step.

    `full_checks_every` thins the costly checks (clone, views, refusal) for long suites; the invariants
    and the wire round trips run at every step regardless.
    """
    report = PlayoutReport()
    for seed in seeds:
        chooser = random.Random(seed * 7919 + 1)
        state = engine.new_game(config, seed)
        log: list[Action] = []
        engine.check_invariants(state)
        while engine.outcome(state) is None:
            assert len(log) < max_actions, f"seed {seed}: no end after {max_actions} actions"
            seats = sorted(engine.to_act(state))
            assert seats, f"seed {seed}: nobody may act but the game is not over"
            seat = chooser.choice(seats)
            legal = engine.legal_actions(state, seat)
            assert legal, f"seed {seed}: seat {seat} may act but has no legal action"
            action = chooser.choice(legal)
            assert action.seat == seat, f"{action} listed for seat {seat}"
            _roundtrip(engine.actions, action)
            str(action)
            full = len(log) % full_checks_every == 0
            if full:
                _check_views(engine, state, config.players)
                _check_refusal(engine, state, config.players, legal)
                twin = engine.clone(state)
            events = engine.apply(state, action)
            log.append(action)
            for event in events:
                _roundtrip(engine.events, event)
                str(event)
            if full:
                twin_events = engine.apply(twin, action)
                assert twin == state and twin_events == events, f"seed {seed}: apply is not deterministic"
            engine.check_invariants(state)
        outcome = engine.outcome(state)
        assert outcome is not None and len(outcome.scores) == config.players
        assert outcome.winners and all(0 <= w < config.players for w in outcome.winners)
        _check_views(engine, state, config.players)
        assert engine.replay(config, seed, log) == state, f"seed {seed}: replay differs"
        report.games += 1
        report.actions += len(log)
        report.outcomes.append(outcome)
    return report
