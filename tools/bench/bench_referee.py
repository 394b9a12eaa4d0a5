"""The host's CPU per step: the referee's checkpoints (a clone every CHECKPOINT_EVERY steps, a fault
rebuilt from the last one and the log since) against a deep clone of the state before every step (how
the host kept a fault from leaving a half-made move, before the referee).

    python tools/bench/bench_referee.py [--games 20] [--seed 1] [--game kombio]

For each game and player count (fewest and most), random legal moves (the same seeded games for both
ways) are recorded first, then replayed twice, timed with the CPU clock of this process:
  checkpoint  Referee.submit for every move (what the host and a local game run now)
  clone       engine.clone(state) then engine.apply, for every move (the old host's way)
Prints the microseconds per step for each and the share of the clone's cost the checkpoints save; the
last line per game is key=value pairs.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games_ready import ready_games

from game.core.engine import Action, Engine, GameConfig
from game.core.referee import CHECKPOINT_EVERY, Referee
from game.definition import GameDef

MAX_STEPS = 5_000


def record(engine: Engine, config: GameConfig, seed: int) -> list[Action]:
    """One game of random legal moves (a race's presses included: the referee judges each at once)."""
    rng = random.Random(seed)
    state = engine.new_game(config, seed)
    log: list[Action] = []
    while engine.outcome(state) is None and len(log) < MAX_STEPS:
        seats = sorted(engine.to_act(state))
        if not seats:
            break
        action = rng.choice(engine.legal_actions(state, rng.choice(seats)))
        engine.apply(state, action)
        log.append(action)
    return log


def with_checkpoints(info: GameDef, engine: Engine, config: GameConfig, seed: int, log: list[Action]) -> float:
    referee = Referee(engine, config, seed, info.realtime)
    start = time.process_time()
    for action in log:
        referee.submit(action)
        referee.close()
    return time.process_time() - start


def with_clones(engine: Engine, config: GameConfig, seed: int, log: list[Action]) -> float:
    state = engine.new_game(config, seed)
    start = time.process_time()
    for action in log:
        before = engine.clone(state)
        engine.apply(state, action)
        del before
    return time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default=None, help="one game's key (default: every game)")
    args = parser.parse_args(argv)
    games = [g for g in ready_games() if args.game in (None, g.key)]
    if not games:
        parser.error(f"no playable game called {args.game!r}")
    print(f"host CPU per step, {args.games} seeded random games per row (checkpoint every "
          f"{CHECKPOINT_EVERY} steps vs a clone per step)")
    for info in games:
        engine = info.engine()
        for players in sorted({max(2, info.min_players), info.max_players}):
            config = info.make_config(players, info.default_options())
            logs = [(args.seed + i, record(engine, config, args.seed + i)) for i in range(args.games)]
            steps = sum(len(log) for _, log in logs)
            checkpoint = sum(with_checkpoints(info, engine, config, seed, log) for seed, log in logs)
            clone = sum(with_clones(engine, config, seed, log) for seed, log in logs)
            cp_us, cl_us = checkpoint / steps * 1e6, clone / steps * 1e6
            print(f"  {info.title:16} {players} players: {steps:6} steps  checkpoint {cp_us:7.1f} us/step  "
                  f"clone {cl_us:7.1f} us/step  ({(1 - cp_us / cl_us) * 100:+.0f}% saved)")
            print(f"game={info.key} players={players} steps={steps} checkpoint_us={cp_us:.1f} clone_us={cl_us:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
