"""Do seeded Combi-Nations games play the same on this tree and on an older one (the engine before a
rewrite)? Each tree plays the same seeded random games in its own process; at every step both record
a digest of who may act, the legal actions in order, the action picked (by index, as random playouts
pick), the events, every seat's and the spectator's view, the whole state and, every few steps, the
refusals (error type and message) of a few illegal actions; at the end the outcome. The two lists of
digests must be equal, step by step.

    python tools/bench/compare_engine_old.py --old /tmp/head_old [--games 200] [--sets all] [--jobs 2]

The older tree's digests are kept in --cache (by its commit, the set, the games and the seed): it is
read-only and its engine the slow one, so a rerun after a change to this tree replays only this tree.

Option sets: presets and free building for every player count (1-5), the flat facilities, the date
variant and every preset shape. Prints games and steps compared per set and the first mismatch.
"""
from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import msgpack

ROOT = Path(__file__).resolve().parents[2]

# option set name -> (players, config fields); a preset set cycles through the ten shapes by seed
SETS: dict[str, tuple[int, dict[str, Any]]] = {
    **{f"preset-{n}p": (n, {}) for n in range(1, 6)},
    **{f"free-{n}p": (n, {"country": "free"}) for n in range(1, 6)},
    "flat-2p": (2, {"flat": True}),
    "date-3p": (3, {"country": "date", "day": 17}),
    "shapes-2p": (2, {"preset": -1}),
}
REFUSE_EVERY = 5
FORMAT = 1              # what a digest holds: a change here makes the cached digests stale


def _digest(value: Any) -> str:
    from game.core.engine import canonical
    return hashlib.sha1(msgpack.packb(canonical(value), use_bin_type=True, default=repr)).hexdigest()[:16]


def _state(state: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in dataclasses.fields(state):
        if not f.compare:           # a cache, no part of the state's value (nor of its equality)
            continue
        value = getattr(state, f.name)
        if f.name == "countries":
            value = [c.entries() for c in value]
        elif f.name == "rng":
            value = repr(value.fingerprint())
        elif f.name == "ended_by":
            value = None if value is None else value.value
        out[f.name] = value
    return out


def _refusals(engine: Any, state: Any, legal: list[Any], chooser: random.Random) -> list[Any]:
    """Apply a few illegal actions to clones: what each raises (type and message), and whether the
    clone is left unchanged."""
    from game.combi_nations.rules import Build, Move, Place
    from game.core.errors import IllegalActionError
    seat = state.turn if state.turn >= 0 else 0
    tries: list[Any] = [Move((seat + 1) % 5, 1), Place(seat, 0, 0, 0), Build(seat, 0, 0, 0, 0),
                        Move(seat, 3, True)]
    if legal:
        a = legal[int(chooser.random() * len(legal))]
        if isinstance(a, Place):
            tries.append(Place(seat, (a.turns + 1) % 6, a.q + int(chooser.random() * 5) - 2, a.r - 1))
        elif isinstance(a, Build):
            tries.append(Build(seat, int(chooser.random() * 7), int(chooser.random() * 6),
                               a.q + int(chooser.random() * 5) - 2, a.r + int(chooser.random() * 5) - 2))
    out = []
    for action in tries:
        clone = engine.clone(state)
        before = _state(clone)
        try:
            engine.apply(clone, action)
        except IllegalActionError as error:
            out.append([type(error).__name__, str(error), _state(clone) == before])
        except Exception as error:      # noqa: BLE001  (a different error type is a difference too)
            out.append([type(error).__name__, str(error), _state(clone) == before])
        else:
            out.append(["accepted", _digest(_state(clone))])
    return out


def play(name: str, games: int, seed0: int) -> list[dict[str, Any]]:
    """This tree's digests for one option set: per game, one digest per step."""
    from game.combi_nations.rules import CombiConfig, CombiNationsEngine
    engine = CombiNationsEngine()
    players, fields = SETS[name]
    out = []
    for g in range(games):
        seed = seed0 + g
        config_fields = dict(fields)
        if config_fields.get("preset") == -1:
            config_fields["preset"] = seed % 10
        state = engine.new_game(CombiConfig(players=players, **config_fields), seed)
        chooser = random.Random(seed * 31 + 7)
        steps = [_digest([_state(state), [engine.views.encode(engine.view(state, s))
                                          for s in [None, *range(players)]],
                          [engine.events.encode(e) for e in engine.opening_events(state)]])]
        step = 0
        while engine.outcome(state) is None:
            acting = sorted(engine.to_act(state))
            seat = acting[0]
            legal = engine.legal_actions(state, seat)
            others = [engine.legal_actions(state, s) for s in range(players) if s != seat]
            pick = int(chooser.random() * len(legal))
            refused = _refusals(engine, state, legal, chooser) if step % REFUSE_EVERY == 0 else []
            events = engine.apply(state, legal[pick])
            steps.append(_digest([
                acting, [engine.actions.encode(a) for a in legal], [len(o) for o in others], pick,
                [engine.events.encode(e) for e in events], _state(state),
                [engine.views.encode(engine.view(state, s)) for s in [None, *range(players)]], refused]))
            step += 1
        outcome = engine.outcome(state)
        assert outcome is not None
        steps.append(_digest([list(outcome.scores), list(outcome.winners), outcome.termination.value,
                              engine.scores(state)]))
        out.append({"seed": seed, "steps": steps})
    return out


def _run_tree(tree: Path, names: list[str], games: int, seed: int) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.Popen(
        [sys.executable, __file__, "--worker", "--tree", str(tree), "--games", str(games),
         "--seed", str(seed), "--sets", ",".join(names)],
        env=env, cwd=str(tree), stdout=subprocess.PIPE, text=True)


def _digests(tree: Path, names: list[str], games: int, seed: int, jobs: int,
             cache: Path | None) -> dict[str, list[dict[str, Any]]]:
    """Each set's digests from `tree`: from the cache where it holds them, else played in up to
    `jobs` worker processes (and cached, if a cache is given)."""
    out: dict[str, list[dict[str, Any]]] = {}
    todo = []
    for name in names:
        path = cache / f"{name}-{games}-{seed}.json" if cache is not None else None
        if path is not None and path.exists():
            out[name] = json.loads(path.read_text())
        else:
            todo.append(name)
    groups = [todo[k::jobs] for k in range(jobs) if todo[k::jobs]]
    workers = [_run_tree(tree, group, games, seed) for group in groups]
    # each worker's output read whole (a thread per pipe), so that no worker waits on a full pipe
    with ThreadPoolExecutor(max(len(workers), 1)) as pool:
        texts = list(pool.map(lambda w: w.communicate()[0], workers))
    for worker, text in zip(workers, texts, strict=True):
        if worker.returncode:
            raise RuntimeError(f"a worker on {tree} failed")
        for line in text.splitlines():
            found = json.loads(line)
            out[found["set"]] = found["games"]
            if cache is not None:
                cache.mkdir(parents=True, exist_ok=True)
                (cache / f"{found['set']}-{games}-{seed}.json").write_text(json.dumps(found["games"]))
    return out


def _commit(tree: Path) -> str:
    done = subprocess.run(["git", "-C", str(tree), "rev-parse", "HEAD"], capture_output=True, text=True)
    return done.stdout.strip() or "unknown"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old", type=Path, default=Path("/tmp/head_old"), help="the older tree")
    parser.add_argument("--new", type=Path, default=ROOT, help="the tree to check (this one)")
    parser.add_argument("--games", type=int, default=200, help="seeded games per option set")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sets", default="all", help=f"comma-separated, of: {', '.join(SETS)}")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes per tree")
    parser.add_argument("--cache", type=Path, default=Path("/tmp/compare_engine_old"),
                        help="where the older tree's digests are kept ('' for nowhere)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    names = list(SETS) if args.sets == "all" else args.sets.split(",")
    if args.worker:
        sys.path.insert(0, str(args.tree))
        for name in names:
            json.dump({"set": name, "games": play(name, args.games, args.seed)}, sys.stdout)
            sys.stdout.write("\n")
            sys.stdout.flush()
        return 0
    t0 = time.perf_counter()
    cache = None if not str(args.cache) or str(args.cache) == "." else args.cache / f"{_commit(args.old)}-{FORMAT}"
    old = _digests(args.old, names, args.games, args.seed, args.jobs, cache)
    new = _digests(args.new, names, args.games, args.seed, args.jobs, None)
    bad = total_games = total_steps = 0
    for name in names:
        mismatches = steps = 0
        first = ""
        for ga, gb in zip(old[name], new[name], strict=True):
            steps += len(ga["steps"])
            for i, (x, y) in enumerate(zip(ga["steps"], gb["steps"])):
                if x != y:
                    mismatches += 1
                    first = first or f"seed {ga['seed']} step {i}"
                    break
            else:
                if len(ga["steps"]) != len(gb["steps"]):
                    mismatches += 1
                    first = first or f"seed {ga['seed']}: {len(ga['steps'])} steps against {len(gb['steps'])}"
        bad += mismatches
        total_games += len(old[name])
        total_steps += steps
        note = f"  first: {first}" if first else ""
        print(f"  {name:<11} {len(old[name]):>4} games {steps:>7} steps   {mismatches} games differ{note}",
              flush=True)
    print(f"{total_games} games, {total_steps} steps compared, {bad} games differ "
          f"({time.perf_counter() - t0:.0f} s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
