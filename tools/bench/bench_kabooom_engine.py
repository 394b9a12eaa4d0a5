"""Kabooom! engine and bot speed.

    python tools/bench/bench_kabooom_engine.py [--seconds 2] [--games 6] [--tournament 0]

1. Random playouts: applied actions per second, with legal_actions called before every action (what
   a random player does), per player count and difficulty, new_game included. Target: >= 50,000/s.
2. Bot decision time: median and worst of the hard and medium bots over a few two- and four-player
   games, every phase included (placing is cheap, the first capture moves are the widest searches).
   Target: hard median <= 150 ms. Also the hard bot's positions evaluated per capture decision.
3. Optionally (--tournament N): N two-player games hard vs medium and hard vs easy, seats swapped.

Times are wall clock and CPU time of this process; CPU time stays meaningful when other processes
share the cores.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.kabooom.bot import SearchBot, make_bot  # noqa: E402
from game.kabooom.rules import KabooomConfig, KabooomEngine  # noqa: E402

ENGINE = KabooomEngine()


def playout_rate(players: int, difficulty: str, seconds: float) -> tuple[float, float, int]:
    """(actions per wall second, per CPU second, games) of random play for about `seconds`."""
    config = KabooomConfig(players, difficulty)
    chooser = random.Random(1)
    actions = games = 0
    wall, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall < seconds:
        state = ENGINE.new_game(config, games)
        games += 1
        while state.phase != "over":
            legal = ENGINE.legal_actions(state, state.turn)
            ENGINE.apply(state, legal[int(chooser.random() * len(legal))])
            actions += 1
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return actions / wall, actions / cpu, games


def bot_times(levels: list[str], difficulty: str, seed: int, times: dict[str, list[float]],
              nodes: list[int]) -> None:
    state = ENGINE.new_game(KabooomConfig(len(levels), difficulty), seed)
    bots = [make_bot(level, seat, seed * 10 + seat) for seat, level in enumerate(levels)]
    while ENGINE.outcome(state) is None:
        seat = state.turn
        legal = ENGINE.legal_actions(state, seat)
        view = ENGINE.view(state, seat)
        start = time.perf_counter()
        action = bots[seat].choose(view, legal)
        spent = time.perf_counter() - start
        times.setdefault(levels[seat], []).append(spent)
        times.setdefault(f"{levels[seat]} {view['phase']}", []).append(spent)
        if isinstance(bots[seat], SearchBot) and view["phase"] == "capture" and len(legal) > 1:
            nodes.append(bots[seat].last_nodes)
        ENGINE.apply(state, action)


def tournament(a: str, b: str, games: int) -> float:
    wins = 0.0
    for game in range(games):
        levels = [a, b] if game % 2 == 0 else [b, a]
        state = ENGINE.new_game(KabooomConfig(2, ("easy", "medium", "hard")[game // 2 % 3]), game // 2)
        bots = [make_bot(level, seat, game * 10 + seat) for seat, level in enumerate(levels)]
        while ENGINE.outcome(state) is None:
            seat = state.turn
            ENGINE.apply(state, bots[seat].choose(ENGINE.view(state, seat),
                                                  ENGINE.legal_actions(state, seat)))
        winners = ENGINE.outcome(state).winners
        wins += sum(1 for w in winners if levels[w] == a) / len(winners)
    return wins / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="per playout measurement")
    parser.add_argument("--games", type=int, default=6, help="bot games per setting")
    parser.add_argument("--tournament", type=int, default=0, help="games per bot pairing")
    args = parser.parse_args()

    print("Random playouts (legal_actions + apply per action, new_game included)")
    rates = []
    for players in (2, 3, 4):
        for difficulty in ("easy", "medium", "hard"):
            wall, cpu, games = playout_rate(players, difficulty, args.seconds / 3)
            rates.append(wall)
            print(f"  {players}p {difficulty:<6} {wall:>9,.0f} actions/s  ({cpu:,.0f} per CPU s, "
                  f"{games} games)")
    print(f"  slowest {min(rates):,.0f} actions/s, median {statistics.median(rates):,.0f}")

    print("Bot decision time (ms), every phase")
    times: dict[str, list[float]] = {}
    nodes: list[int] = []
    cpu = time.process_time()
    for game in range(args.games):
        for levels in (["hard", "medium"], ["medium", "hard"], ["hard", "medium", "hard", "medium"]):
            bot_times(levels, ("easy", "medium", "hard")[game % 3], game, times, nodes)
    cpu = time.process_time() - cpu
    for level in ("hard", "hard capture", "medium", "medium capture"):
        ms = sorted(t * 1000 for t in times[level])
        print(f"  {level:<14} median {statistics.median(ms):6.1f}  p90 {ms[int(len(ms) * 0.9)]:6.1f}  "
              f"worst {ms[-1]:6.1f}  ({len(ms)} decisions)")
    capture = sorted(nodes)
    print(f"  hard capture decisions: positions evaluated median {statistics.median(capture):.0f}, "
          f"worst {capture[-1]} (cap {SearchBot.node_cap}); CPU for all games {cpu:.1f} s")

    if args.tournament:
        print(f"Two-player tournaments ({args.tournament} games, seats swapped, all difficulties)")
        for a, b in (("hard", "medium"), ("hard", "easy"), ("medium", "easy")):
            print(f"  {a} vs {b}: {a} wins {tournament(a, b, args.tournament):.0%}")


if __name__ == "__main__":
    main()
