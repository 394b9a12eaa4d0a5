"""The shared random-playout check every engine passes (after OpenSpiel's random_sim_test).

At every step it checks: the invariants hold; views pack with msgpack and never fail; the action and its
events survive the wire; a clone applies the action to the same result (determinism); an action from
a seat that may not act is refused without changing the state; and, for games with hidden
information, secrecy: re-dealing what a seat cannot see (Engine.resample_hidden) leaves that seat's
view, who may act and its legal actions as they were. Views: each seat's view (and the spectator's)
is of the engine's view type and comes back equal through its wire form, and, for an engine with a
fold, folding a step's events as each seat sees them into that seat's view before the step gives its
view after the step. At the end, folding the replay from (config, seed, actions) gives the same final
state.
"""
from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from typing import Any

import msgpack

from .engine import Action, Engine, Event, GameConfig, Outcome, canonical
from .errors import IllegalActionError
from .wire import WireCodec


@dataclass
class PlayoutReport:
    games: int = 0
    actions: int = 0
    outcomes: list[Outcome] = field(default_factory=list)


def _roundtrip(codec: WireCodec, value: Action | Event) -> None:
    packed = msgpack.packb(codec.encode(value), use_bin_type=True)
    back = codec.decode(msgpack.unpackb(packed, raw=False))
    assert back == value, f"wire round trip changed {value!r} into {back!r}"


def _check_views(engine: Engine[Any], state: Any, players: int) -> None:
    codec = engine.views
    for seat in [None, *range(players)]:
        view = engine.view(state, seat)
        if codec is None:
            assert isinstance(view, dict), "a view without a codec is a dict"
            msgpack.packb(view, use_bin_type=True)
            continue
        assert type(view) is codec.cls, f"a view is a {codec.cls.__name__}, not {type(view).__name__}"
        packed = msgpack.packb(codec.encode(view), use_bin_type=True)
        back = codec.decode(msgpack.unpackb(packed, raw=False))
        assert back == view, f"the wire form changed {'the spectator' if seat is None else f'seat {seat}'}'s view"


def _seat_views(engine: Engine[Any], state: Any, players: int) -> list[Any]:
    return [engine.view(state, seat) for seat in [None, *range(players)]]


def _check_fold(engine: Engine[Any], before: list[Any], events: list[Event], state: Any, players: int,
                seed: int, step: int) -> list[Any]:
    """Each seat's view before the step, folded with the step's events as that seat sees them, is
    its view after the step. Returns the views after it (the next step's views before)."""
    afters = []
    for seat, view in zip([None, *range(players)], before):
        for event in events:
            mine = engine.redact(event, seat)
            if mine is not None:
                view = engine.fold(view, mine)
        after = engine.view(state, seat)
        if view != after:
            who = "the spectator" if seat is None else f"seat {seat}"
            raise AssertionError(f"seed {seed}, step {step}: folding the events {events} into {who}'s view "
                                 f"does not give its view after them:\n{_difference(view, after)}")
        afters.append(after)
    return afters


def _difference(folded: Any, truth: Any) -> str:
    if not dataclasses.is_dataclass(truth):
        return f"folded {folded!r}\ntruth  {truth!r}"
    lines = [f"  {f.name}: folded {getattr(folded, f.name)!r}, truth {getattr(truth, f.name)!r}"
             for f in dataclasses.fields(truth) if getattr(folded, f.name, None) != getattr(truth, f.name)]
    return "\n".join(lines)


def _check_refusal(engine: Engine[Any], state: Any, players: int, actions: list[Action]) -> None:
    """An action by a seat that may not act raises and leaves the state exactly as it was."""
    waiting = [s for s in range(players) if s not in engine.to_act(state)]
    if not waiting or not actions:
        return
    stray = dataclasses.replace(actions[0], seat=waiting[0])
    before = engine.clone(state)
    try:
        engine.apply(state, stray)
    except IllegalActionError:
        pass
    else:
        raise AssertionError(f"{stray} by a seat that may not act was accepted")
    assert state == before, "a refused action changed the state"


def _legal_set(engine: Engine[Any], state: Any, seat: int) -> list[bytes]:
    # as packed wire forms, sorted: the order of a legal list carries no information
    return sorted(msgpack.packb(engine.actions.encode(a), use_bin_type=True)
                  for a in engine.legal_actions(state, seat))


def _check_secrecy(engine: Engine[Any], state: Any, players: int, rng: random.Random, seed: int) -> None:
    """What a seat cannot see, re-dealt, changes nothing that seat can see or do."""
    acting = engine.to_act(state)
    for seat in [None, *range(players)]:
        who = "a spectator" if seat is None else f"seat {seat}"
        other = engine.resample_hidden(state, seat, rng)
        engine.check_invariants(other)
        assert canonical(engine.view(other, seat)) == canonical(engine.view(state, seat)), (
            f"seed {seed}: secrecy: re-dealing what {who} cannot see changed its view")
        assert engine.to_act(other) == acting, (
            f"seed {seed}: secrecy: re-dealing what {who} cannot see changed who may act")
        if seat is not None and seat in acting:
            assert _legal_set(engine, other, seat) == _legal_set(engine, state, seat), (
                f"seed {seed}: secrecy: re-dealing what {who} cannot see changed its legal actions")


def random_playouts(
    engine: Engine[Any],
    config: GameConfig,
    seeds: range | list[int],
    *,
    max_actions: int = 5000,
    full_checks_every: int = 1,
) -> PlayoutReport:
    """Play one random game per seed, checking the contract at every step.

    `full_checks_every` thins the costly checks (clone, views and their fold, refusal, secrecy) for
    long suites; the invariants and the wire round trips run at every step regardless, and every
    step of a game played with full checks has its fold checked.
    """
    report = PlayoutReport()
    secret = engine.game_type.hidden_information
    folds = engine.folds
    for seed in seeds:
        chooser = random.Random(seed * 7919 + 1)
        resampler = random.Random(seed * 7919 + 2)   # its own, so the games played stay the same
        state = engine.new_game(config, seed)
        log: list[Action] = []
        views: list[Any] = []          # every seat's views now, where the last step's fold check left them
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
                if secret:
                    _check_secrecy(engine, state, config.players, resampler, seed)
                    assert state == twin, f"seed {seed}: resample_hidden changed the state it was given"
            fold_here = folds and full
            before = (views or _seat_views(engine, state, config.players)) if fold_here else []
            views = []
            events = engine.apply(state, action)
            log.append(action)
            for event in events:
                _roundtrip(engine.events, event)
                str(event)
            if full:
                twin_events = engine.apply(twin, action)
                assert twin == state and twin_events == events, f"seed {seed}: apply is not deterministic"
            engine.check_invariants(state)
            if fold_here:
                views = _check_fold(engine, before, events, state, config.players, seed, len(log))
        outcome = engine.outcome(state)
        assert outcome is not None and len(outcome.scores) == config.players
        assert outcome.winners and all(0 <= w < config.players for w in outcome.winners)
        _check_views(engine, state, config.players)
        assert engine.replay(config, seed, log) == state, f"seed {seed}: replay differs"
        report.games += 1
        report.actions += len(log)
        report.outcomes.append(outcome)
    return report
