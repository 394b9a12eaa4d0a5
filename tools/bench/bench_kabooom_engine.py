"""Kabooom! hard bot's search: positions evaluated per capture decision, and what they cost.

    python tools/bench/bench_kabooom_engine.py [--games 6]

The hard bot's search is capped by a count of evaluated positions (SearchBot.node_cap), never by
the clock; this prints how many it evaluates per capture decision (median, p90, worst, and how many
decisions reach the cap) and the decisions' wall and CPU time, over --games rounds of a hard vs
medium two-player game each way round and a four-player hard, medium, hard, medium table, the
difficulty cycling easy, medium, hard. Decisions with a single legal action are left out.

What every game has is measured by the generic tools: random playout rate and every level's decision
time by tools/bench/bench_engine.py --game kabooom, bot against bot win rates by
tools/tournament.py --game kabooom.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.kabooom.bot import SearchBot, make_bot
from game.kabooom.rules import DIFFICULTIES, KabooomConfig, KabooomEngine

ENGINE = KabooomEngine()
TABLES = (["hard", "medium"], ["medium", "hard"], ["hard", "medium", "hard", "medium"])


def hard_captures(levels: list[str], difficulty: str, seed: int,
                  found: list[tuple[int, float, float]]) -> None:
    """Play one game; each hard capture decision adds (positions evaluated, wall s, CPU s)."""
    state = ENGINE.new_game(KabooomConfig(len(levels), difficulty), seed)
    bots = [make_bot(level, seat, seed * 10 + seat) for seat, level in enumerate(levels)]
    while ENGINE.outcome(state) is None:
        seat = state.turn
        legal = ENGINE.legal_actions(state, seat)
        view = ENGINE.view(state, seat)
        bot = bots[seat]
        c0, t0 = time.thread_time(), time.perf_counter()
        action = bot.choose(view, legal)
        wall, cpu = time.perf_counter() - t0, time.thread_time() - c0
        if isinstance(bot, SearchBot) and view.phase == "capture" and len(legal) > 1:
            found.append((bot.last_nodes, wall, cpu))
        ENGINE.apply(state, action)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="rounds of the three tables")
    args = parser.parse_args(argv)
    found: list[tuple[int, float, float]] = []
    wall, cpu = time.perf_counter(), time.process_time()
    for game in range(args.games):
        for levels in TABLES:
            hard_captures(levels, DIFFICULTIES[game % len(DIFFICULTIES)], game, found)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if not found:
        print("no hard capture decision with a choice")
        return 0
    nodes = sorted(f[0] for f in found)
    ms = sorted(f[1] * 1000 for f in found)
    cpu_ms = sorted(f[2] * 1000 for f in found)
    cap = SearchBot.node_cap
    print(f"Kabooom! hard capture decisions: {len(found)} over {args.games * len(TABLES)} games "
          f"({wall:.1f} s wall, {cpu:.1f} s CPU)")
    print(f"  positions evaluated: median {statistics.median(nodes):.0f}, p90 {nodes[int(len(nodes) * 0.9)]}, "
          f"worst {nodes[-1]} (cap {cap}; {sum(n >= cap for n in nodes)} decisions at the cap)")
    print(f"  time (ms): median {statistics.median(ms):.1f}, p90 {ms[int(len(ms) * 0.9)]:.1f}, worst {ms[-1]:.1f}; "
          f"CPU median {statistics.median(cpu_ms):.1f}, worst {cpu_ms[-1]:.1f}")
    print(f"  CPU per 1,000 positions: {sum(cpu_ms) / max(1, sum(nodes)) * 1000:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
