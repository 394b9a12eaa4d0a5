"""Bot against bot win rates for any catalogue game.

    python tools/tournament.py --game kabooom --levels hard,easy --games 40
        [--players 2] [--option KEY=VALUE ...] [--seed 100] [--min-win hard=0.8]
        [--iterations N | --seconds S] [--seating alternate|one-vs-rest]

Every pairing of two of --levels plays --games games (two players unless --players says more). The
games go in pairs on the same seed, the second with the seats swapped (with more players the seats
alternate a, b, a, ... and then b, a, b, ...), so neither level keeps the first move or a lucky deal.
Options given with --option stay fixed; every other option cycles through all its choices (every
combination), one setting per pair of games. A shared win counts as a fraction for each winner; a
game still running after 20,000 actions is left out and counted as unfinished.

--seating one-vs-rest (for more than two players) seats one player of the pairing's first level
against a table of the second instead: the lone seat moves through every position in turn, the same
deal (seed) played once with it at each, so no position and no deal favours it; options cycle one
setting per such set of games. It prints the lone level's share of the wins with its 95% Wilson
interval, the fair share (one in --players) and its share from each position; --min-win reads that
share (for the second level: the share of the wins not the lone seat's). A one-round game's (KOMBIO
--option rounds=1) winner is the round's winner.

Prints each pairing's win rates (overall and by who sat first) with a 95% Wilson interval, each
level's decision times (median, p90, worst: the wall time of each `choose`, on this machine as loaded
now) and, for more than one pairing, each level's rate over all its games. --iterations or --seconds
set the search budget of every bot that has one (an Expert's `budget`, game.core.search.Budget):
iterations make a run reproducible and quick to explore with; the default is each bot's own clock.
--min-win LEVEL=RATE (repeatable) makes the exit status 1 when that level's overall rate is below
RATE, so the tool can stand in for a slow test. Bots decide from engine.view(state, seat) and
engine.legal_actions(state, seat) only, as in the client, and every bot is handed its seat's events
after each action (game.core.bots.feed), as the client's BotDriver does. In a game where seats act
at once (KOMBIO) the bots play through game.core.bots.SimulatedTable: a duty move comes THINK_TIME
simulated seconds after the bot was asked, a reaction (a slap) after the bot's own delay, and the
earliest goes first (exact ties by the seed).
"""
from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games_ready import ready_game, ready_games

from game.core.bots import Bot, SimulatedTable, feed
from game.core.engine import Action, View
from game.core.search import Budget
from game.definition import GameDef

MAX_ACTIONS = 20_000
THINK_TIME = 1.0     # simulated seconds before a bot's duty move in a simultaneous game


@dataclass
class Score:
    games: int = 0
    wins: float = 0.0
    by_order: dict[int, list[float]] = field(default_factory=lambda: {0: [0.0, 0], 1: [0.0, 0]})

    def rate(self) -> float:
        return self.wins / self.games if self.games else float("nan")

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win share (95% for z=1.96); a shared win counts its fraction."""
    if games <= 0:
        return float("nan"), float("nan")
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Clocked:
    """A bot whose every decision's wall time is kept, by level."""

    bot: Bot
    times: list[float]

    def choose(self, view: View, legal: list[Action]) -> Any:
        started = time.perf_counter()
        decision = self.bot.choose(view, legal)
        self.times.append(time.perf_counter() - started)
        return decision

    def observe(self, events: Any) -> None:
        observe = getattr(self.bot, "observe", None)
        if observe is not None:
            observe(events)


def percentile(sorted_times: list[float], share: float) -> float:
    """The nearest-rank percentile of sorted values."""
    return sorted_times[min(len(sorted_times) - 1, max(0, math.ceil(share * len(sorted_times)) - 1))]


def times_text(times: list[float]) -> str:
    if not times:
        return "no decisions"
    ordered = sorted(times)
    return (f"median {percentile(ordered, 0.5) * 1000:.0f} ms, p90 {percentile(ordered, 0.9) * 1000:.0f} ms, "
            f"worst {ordered[-1] * 1000:.0f} ms over {len(ordered)} decisions")


def option_settings(info: GameDef, fixed: dict[str, str]) -> list[dict[str, str]]:
    """Every combination of the options not fixed on the command line."""
    free = [o for o in info.options if o.key not in fixed]
    combos = itertools.product(*(o.choices for o in free))
    return [{**info.default_options(), **fixed, **{o.key: c for o, c in zip(free, combo, strict=True)}}
            for combo in combos]


def make_bots(info: GameDef, levels: list[str], seed: int, budget: Budget | None,
              times: dict[str, list[float]]) -> list[Bot]:
    assert info.bot is not None
    bots: list[Bot] = []
    for seat, level in enumerate(levels):
        bot = info.bot(level, seat, seed * 10 + seat)
        if budget is not None and hasattr(bot, "budget"):
            bot.budget = budget
        bots.append(Clocked(bot, times.setdefault(level, [])))
    return bots


def play(info: GameDef, levels: list[str], options: dict[str, str], seed: int,
         budget: Budget | None = None, times: dict[str, list[float]] | None = None) -> tuple[int, ...] | None:
    """One game, seat i played by a levels[i] bot; the winners, None if stopped unfinished.
    `budget` replaces the search budget of the bots that have one; `times` collects decision times."""
    engine = info.engine()
    state = engine.new_game(info.make_config(len(levels), options), seed)
    bots: list[Bot] = make_bots(info, levels, seed, budget, {} if times is None else times)
    if engine.game_type.simultaneous:
        return play_simultaneous(engine, state, dict(enumerate(bots)), seed)
    chooser = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        outcome = engine.outcome(state)
        if outcome is not None:
            return outcome.winners
        seats = sorted(engine.to_act(state))
        if not seats:
            raise RuntimeError(f"seed {seed}: nobody may act but the game is not over")
        seat = seats[0] if len(seats) == 1 else chooser.choice(seats)
        action = bots[seat].choose(engine.view(state, seat), engine.legal_actions(state, seat))
        assert isinstance(action, Action), "a turn-based bot owes a plain action"
        events = engine.apply(state, action)
        # every bot sees its seat's events, as the client's BotDriver hands them (a bot may remember)
        for other, bot in enumerate(bots):
            feed(bot, engine.seen_by(events, other))
    outcome = engine.outcome(state)
    return outcome.winners if outcome is not None else None


def play_simultaneous(engine: Any, state: Any, bots: dict[int, Bot], seed: int) -> tuple[int, ...] | None:
    """A game where seats act at once (KOMBIO's slaps): the bots play on a simulated clock, duties
    after THINK_TIME, reactions after their own delays, exact ties broken by the seed."""
    table = SimulatedTable(engine, bots, seed, think_time=THINK_TIME)
    for _ in range(MAX_ACTIONS):
        outcome = engine.outcome(state)
        if outcome is not None:
            return outcome.winners
        table.play(state)
    outcome = engine.outcome(state)
    return outcome.winners if outcome is not None else None


def pairing(info: GameDef, a: str, b: str, players: int, games: int, settings: list[dict[str, str]],
            seed: int, budget: Budget | None = None,
            times: dict[str, list[float]] | None = None) -> tuple[dict[str, Score], int]:
    scores = {a: Score(), b: Score()}
    unfinished = 0
    for game in range(games):
        order = game % 2             # 0: a sits first, 1: b sits first
        first, second = (a, b) if order == 0 else (b, a)
        levels = [first if seat % 2 == 0 else second for seat in range(players)]
        pair = game // 2
        winners = play(info, levels, settings[pair % len(settings)], seed + pair, budget, times)
        if winners is None:
            unfinished += 1
            continue
        for level, score in scores.items():
            won = sum(1 for w in winners if levels[w] == level) / len(winners)
            score.games += 1
            score.wins += won
            side = 0 if level == first else 1
            score.by_order[side][0] += won
            score.by_order[side][1] += 1
    return scores, unfinished


@dataclass
class Lone:
    """One seat of one level against a table of another: its share of the wins, overall and by seat."""

    score: Score = field(default_factory=Score)
    by_seat: dict[int, list[float]] = field(default_factory=dict)   # seat -> [wins, games]
    unfinished: int = 0


def one_vs_rest(info: GameDef, lone: str, rest: str, players: int, games: int, settings: list[dict[str, str]],
                seed: int, budget: Budget | None = None, times: dict[str, list[float]] | None = None) -> Lone:
    """`games` games of one `lone` bot against `players - 1` `rest` bots; game g seats it at g mod
    players, on the deal of seed + g // players, so each deal is played from every position."""
    result = Lone(by_seat={s: [0.0, 0] for s in range(players)})
    for game in range(games):
        seat, deal = game % players, game // players
        levels = [lone if s == seat else rest for s in range(players)]
        winners = play(info, levels, settings[deal % len(settings)], seed + deal, budget, times)
        if winners is None:
            result.unfinished += 1
            continue
        won = sum(1 for w in winners if w == seat) / len(winners)
        result.score.games += 1
        result.score.wins += won
        result.by_seat[seat][0] += won
        result.by_seat[seat][1] += 1
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="kabooom", choices=[g.key for g in ready_games()])
    parser.add_argument("--levels", default=None, help="comma-separated bot levels (default: all the game's)")
    parser.add_argument("--games", type=int, default=40, help="games per pairing")
    parser.add_argument("--players", type=int, default=None, help="default: two, or the game's fewest if more")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="fix a game option (the others cycle through their choices)")
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--min-win", action="append", default=[], metavar="LEVEL=RATE",
                        help="exit 1 if LEVEL's overall win rate is below RATE (0..1)")
    parser.add_argument("--iterations", type=int, default=None,
                        help="search budget of searching bots, in iterations (reproducible)")
    parser.add_argument("--seconds", type=float, default=None,
                        help="search budget of searching bots, in seconds per decision")
    parser.add_argument("--seating", default="alternate", choices=("alternate", "one-vs-rest"),
                        help="alternate levels seat by seat (default), or one seat of the first level "
                             "against every other seat of the second, rotating")
    args = parser.parse_args(argv)
    budget = (None if args.iterations is None and args.seconds is None
              else Budget(seconds=args.seconds, iterations=args.iterations))
    info = ready_game(args.game)
    levels = args.levels.split(",") if args.levels else list(info.bot_levels)
    unknown = [lv for lv in levels if lv not in info.bot_levels]
    if unknown or len(set(levels)) < 2:
        parser.error(f"--levels: two or more of {', '.join(info.bot_levels)}")
    players = args.players or min(max(2, info.min_players), info.max_players)
    if not info.min_players <= players <= info.max_players or players < 2:
        parser.error(f"{info.title} is for {info.min_players} to {info.max_players} players; a pairing needs 2")
    if args.seating == "one-vs-rest" and players < 3:
        parser.error("--seating one-vs-rest needs three or more players (two is the default seating)")
    fixed = {}
    for pair in args.option:
        key, _, value = pair.partition("=")
        option = next((o for o in info.options if o.key == key), None)
        if option is None or value not in option.choices:
            known = ", ".join(f"{o.key}={'|'.join(o.choices)}" for o in info.options) or "none"
            parser.error(f"bad option {pair!r}; options: {known}")
        fixed[key] = value
    thresholds = {}
    for item in args.min_win:
        level, _, rate = item.partition("=")
        if level not in levels:
            parser.error(f"--min-win {item!r}: {level!r} is not in --levels")
        thresholds[level] = float(rate)
    settings = option_settings(info, fixed)
    varied = [o.key for o in info.options if o.key not in fixed]
    shown = ", ".join(f"{k}={v}" for k, v in fixed.items())
    seating = ("one seat of the first level, rotating, against the second" if args.seating == "one-vs-rest"
               else "seats swapped every other game")
    print(f"{info.title}: {players} players, {args.games} games per pairing, {seating}"
          + (f"; fixed {shown}" if shown else "") + (f"; cycling {', '.join(varied)}" if varied else ""))

    totals = {level: Score() for level in levels}
    times: dict[str, list[float]] = {}
    for a, b in itertools.combinations(levels, 2):
        if args.seating == "one-vs-rest":
            lone_line(info, a, b, players, args.games, settings, args.seed, budget, times, totals)
            continue
        wall, cpu = time.perf_counter(), time.process_time()
        scores, unfinished = pairing(info, a, b, players, args.games, settings, args.seed, budget, times)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        parts = []
        for level in (a, b):
            s = scores[level]
            first, second = (w / n if n else float("nan") for w, n in s.by_order.values())
            low, high = s.interval()
            parts.append(f"{level} {s.rate():.1%} [95% {low:.1%}–{high:.1%}] "
                         f"(seated first {first:.0%}, second {second:.0%})")
            totals[level].games += s.games
            totals[level].wins += s.wins
        note = f", {unfinished} unfinished left out" if unfinished else ""
        print(f"  {a} vs {b}: " + ", ".join(parts) + f"   [{wall:.1f} s wall, {cpu:.1f} s CPU{note}]")
    for level in levels:
        print(f"  {level} decides in: {times_text(times.get(level, []))}")
    if len(levels) > 2 and args.seating == "alternate":
        print("  per level over all its games: "
              + ", ".join(f"{lv} {totals[lv].rate():.1%} of {totals[lv].games}" for lv in levels))
    failed = [f"{lv} won {totals[lv].rate():.1%} < {rate:.0%}" for lv, rate in thresholds.items()
              if not totals[lv].rate() >= rate]
    for line in failed:
        print(f"FAIL: {line}")
    return 1 if failed else 0


def lone_line(info: GameDef, a: str, b: str, players: int, games: int, settings: list[dict[str, str]],
              seed: int, budget: Budget | None, times: dict[str, list[float]], totals: dict[str, Score]) -> None:
    """Plays and prints one one-vs-rest pairing; `totals` gains the lone level's games and wins, and
    the rest's (a game's wins not the lone seat's)."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = one_vs_rest(info, a, b, players, games, settings, seed, budget, times)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    s = result.score
    low, high = s.interval()
    seats = ", ".join(f"{seat + 1}: {w / n:.0%}" if n else f"{seat + 1}: -"
                      for seat, (w, n) in result.by_seat.items())
    note = f", {result.unfinished} unfinished left out" if result.unfinished else ""
    print(f"  one {a} vs {players - 1} {b}: {a} won {s.rate():.1%} [95% {low:.1%}–{high:.1%}] of {s.games} "
          f"(fair share {1 / players:.0%}; by seat {seats})   [{wall:.1f} s wall, {cpu:.1f} s CPU{note}]")
    totals[a].games += s.games
    totals[a].wins += s.wins
    totals[b].games += s.games
    totals[b].wins += s.games - s.wins


if __name__ == "__main__":
    sys.exit(main())
