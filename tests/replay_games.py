"""Bots' games played through a Match as the window plays them, for the replay tests."""
from __future__ import annotations

from game.games import game_by_key
from game.ui.play.match import Match, SeatPlan


def played(key: str, seed: int, level: str = "easy") -> tuple[Match, dict[int, dict[int | None, object]]]:
    """A bots' game through a Match; the views of every seat (and the table's) at every step, taken
    as each step is made (the referee tells of each, as it tells a LAN host)."""
    info = game_by_key(key)
    players = max(2, info.min_players)
    match = Match(info, players, info.default_options(), tuple(SeatPlan("bot", level=level) for _ in range(players)),
                  seed, bot_think_time=0.0, inline_bots=True)
    session, engine = match.session, match.session.engine
    seen: dict[int, dict[int | None, object]] = {}
    seats = [None, *range(players)]

    def views(_record: object = None) -> None:
        seen[session.step] = {seat: engine.view(session.state, seat) for seat in seats}

    views()
    session.referee.on_step = views
    now = 0.0
    for _ in range(20_000):
        if session.outcome() is not None:
            break
        now += 0.05
        session.tick(now)
        match.update(now)
        match.keep_record()
    match.close()
    assert session.outcome() is not None and sorted(seen) == list(range(session.step + 1))
    return match, seen
