"""`kombo-arcade --replay FILE`: a replay played through with no window, printed as the demo prints
a game (the same step lines, the same result lines), with each raced step's presses."""
from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

from game.core.replay import Replay, ReplaySeat
from game.core.seats import seat_label, seat_name
from game.demo import step_text
from game.games import game_by_key
from game.headless import result_lines
from game.replays import open_replay

Out = Callable[[str], None]


def race_text(race: Sequence[tuple[int, float]]) -> str:
    """A race's presses in the judge's order: "▲ Blue 0 ms, ● Red +12 ms"."""
    return ", ".join(f"{seat_label(seat)} {'+' if ms > 0 else ''}{ms:.0f} ms" for seat, ms in race)


def seat_text(seat: int, info: ReplaySeat) -> str:
    kind = f"bot {info.level}" if info.kind == "bot" else info.kind
    name = "" if info.name in ("", seat_name(seat)) else f" {info.name}"
    return f"{seat_name(seat)}{name} ({kind})"


def print_replay(path: Path, out: Out = print) -> Replay:
    """Print the replay at `path`; ReplayError (in words) when it is not one that plays."""
    replay = open_replay(path)
    info = game_by_key(replay.game)
    engine = info.engine()
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(replay.started))
    out(f"Replay of {info.title}: {replay.config.players} players, seed {replay.seed}, played {when}"
        + (" over the LAN" if replay.lan else ""))
    out("Seats: " + ", ".join(seat_text(i, s) for i, s in enumerate(replay.seats)))
    state = engine.new_game(replay.config, replay.seed)
    for number, step in enumerate(replay.steps, 1):
        events = engine.apply(state, step.action)
        out(step_text(info, number, step.action, engine.seen_by(events, None)))
        if len(step.race) > 1:
            out(f"        race: {race_text(step.race)}")
        if step.by_default:
            out(f"        (made for {seat_name(step.action.seat)}, silent too long)")
    if replay.outcome is None:
        out(f"The replay stops at step {len(replay.steps)}: the game was not played to its end.")
    else:
        for line in result_lines(replay.outcome):
            out(line)
    return replay


__all__ = ["print_replay", "race_text", "seat_text"]
