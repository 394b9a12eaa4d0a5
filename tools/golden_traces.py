"""Seeded games as fingerprints: what `tests/golden/traces.json` holds, and how to make it again.

    python tools/golden_traces.py            # print each game's fingerprints
    python tools/golden_traces.py --write    # write tests/golden/traces.json

For every catalogue game, a few settings (player counts and options) and seeds, a random player plays
a whole game through the engine contract. Every step's action, every seat's view (and the
spectator's) and the outcome go into one BLAKE2b digest per game and setting. Views are compared as
plain data (a dataclass view as its fields by name), so a change of a view's Python form that keeps
what a seat sees keeps the digest; a change of the rules, of a view's content or of the seeded deal
changes it. tests/golden/test_traces.py compares against the file: a refactoring must leave it as it
is; a ruling that changes play writes it anew, in the same commit as the ruling.
"""
from __future__ import annotations

import argparse
import dataclasses
import enum
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import msgpack

from game.core.engine import Engine, GameConfig, canonical
from game.games import available_games

FILE = Path(__file__).resolve().parents[1] / "tests" / "golden" / "traces.json"
SEEDS = (1, 2, 3)
MAX_ACTIONS = 5000


def plain(value: Any) -> Any:
    """A view as plain data: dataclasses by field name, enums by value, tuples as lists."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def settings(info: Any) -> list[tuple[int, dict[str, str], tuple[int, ...]]]:
    """The fewest and the most players with the defaults (three seeds each), and each other option
    choice once (one seed)."""
    defaults = info.default_options()
    found = [(info.min_players, defaults, SEEDS)]
    if info.max_players != info.min_players:
        found.append((info.max_players, defaults, SEEDS))
    for option in info.options:
        for choice in option.choices:
            if choice != option.default:
                found.append((min(info.min_players + 1, info.max_players), {**defaults, option.key: choice},
                              SEEDS[:1]))
    return found


def fingerprint(engine: Engine[Any], config: GameConfig, seed: int) -> str:
    digest = hashlib.blake2b(digest_size=12)
    chooser = random.Random(seed * 104729 + 7)
    state = engine.new_game(config, seed)
    seats: list[int | None] = [None, *range(config.players)]

    def add(value: Any) -> None:
        digest.update(msgpack.packb(canonical(plain(value)), use_bin_type=True))

    for seat in seats:
        add(engine.view(state, seat))
    steps = 0
    while engine.outcome(state) is None and steps < MAX_ACTIONS:
        seat = chooser.choice(sorted(engine.to_act(state)))
        action = chooser.choice(engine.legal_actions(state, seat))
        add(engine.actions.encode(action))
        engine.apply(state, action)
        for s in seats:
            add(engine.view(state, s))
        steps += 1
    outcome = engine.outcome(state)
    add(None if outcome is None else [list(outcome.scores), list(outcome.winners), outcome.termination.value])
    return f"{steps}:{digest.hexdigest()}"


def traces(only: str | None = None) -> dict[str, dict[str, str]]:
    out: dict[str, dict[str, str]] = {}
    for info in available_games():
        if only is not None and info.key != only:
            continue
        engine = info.engine()
        rows: dict[str, str] = {}
        for players, options, seeds in settings(info):
            config = info.make_config(players, options)
            if any(f.name == "day" for f in dataclasses.fields(config)):
                config = dataclasses.replace(config, day=1)   # "today's shape" must not change daily
            label = f"{players}p " + " ".join(f"{k}={v}" for k, v in sorted(options.items()))
            for seed in seeds:
                rows[f"{label.strip()} seed={seed}"] = fingerprint(engine, config, seed)
        out[info.key] = rows
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {FILE.relative_to(FILE.parents[2])}")
    args = parser.parse_args(argv)
    found = traces()
    if args.write:
        FILE.parent.mkdir(parents=True, exist_ok=True)
        FILE.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        print(f"wrote {sum(len(v) for v in found.values())} fingerprints to {FILE}")
    else:
        print(json.dumps(found, indent=1, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
