"""What valuing a Combi-Nations country costs: the whole score sheet against the total alone.

    python tools/bench/bench_score.py [--games 4] [--repeat 3]

The countries are every country of every state of --games seeded games between two hard bots
(default preset, the 'rules' facilities and the flat option in turn), each valued against its rival's
standing as the bots do. Printed: microseconds per country for `score_country(...).total` (the sheet
with its lines' words, which the end screen shows), `score_total` (the engine's path), `room` alone
and the bots' whole value (one survey for the total and `room`), best of --repeat passes; and that
the totals agree.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.combi_nations.bot import make_bot, room
from game.combi_nations.country import Country
from game.combi_nations.rules import CombiConfig, CombiNationsEngine
from game.combi_nations.scoring import score_country, score_total, total_of
from game.combi_nations.survey import Standing, Survey, standing
from game.core.engine import Action

Case = tuple[Country, Standing, bool]


def countries(games: int) -> list[Case]:
    engine = CombiNationsEngine()
    out: list[Case] = []
    for seed in range(games):
        flat = seed % 2 == 1
        state = engine.new_game(CombiConfig(2, "preset", 0, flat=flat), seed)
        bots = [make_bot("hard", seat, seed + seat) for seat in range(2)]
        while engine.outcome(state) is None:
            for seat, country in enumerate(state.countries):
                rival = state.countries[1 - seat]
                out.append((country.copy(), standing(rival), flat))
            seat = min(engine.to_act(state))
            action = bots[seat].choose(engine.view(state, seat), engine.legal_actions(state, seat))
            assert isinstance(action, Action), "a turn-based bot owes a plain action"
            engine.apply(state, action)
    return out


def per_country(cases: list[Case], value: Callable[[Case], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for case in cases:
            value(case)
        best = min(best, time.perf_counter() - start)
    return best / len(cases) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    cases = countries(args.games)
    for country, _, _ in cases:
        country.masks()          # the bots' countries have theirs from laying the tile
    sheet = per_country(cases, lambda c: score_country(c[0], c[1], flat=c[2]).total, args.repeat)
    total = per_country(cases, lambda c: score_total(c[0], c[1], flat=c[2]), args.repeat)
    rest = per_country(cases, lambda c: room(c[0]), args.repeat)

    def value(case: Case) -> float:
        survey = Survey(case[0])
        return total_of(survey, case[1], solo=False, flat=case[2]) + room(case[0], survey)
    whole = per_country(cases, value, args.repeat)
    agree = all(score_total(c, s, flat=f) == score_country(c, s, flat=f).total for c, s, f in cases)
    print(f"{len(cases)} countries from {args.games} seeded games")
    print(f"  score_country(...).total  {sheet:7.1f} us")
    print(f"  score_total               {total:7.1f} us   ({sheet / total:.2f}x)")
    print(f"  room                      {rest:7.1f} us")
    print(f"  the bots' value (both)    {whole:7.1f} us")
    print(f"  totals agree: {agree}")


if __name__ == "__main__":
    main()
