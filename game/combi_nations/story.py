"""Combi-Nations' story (game.core.story): each country's score after every round of turns, and where
the final scores came from (LAND types, facilities, SAND).

The game scores only at its end, on the score sheet (scoring.py); the chart's running scores are that
same sheet worked out for the countries as they stood at each point, so a line shows what a country
would have scored had the game ended then. The last point is the engine's final scores.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.engine import Engine
from game.core.replay import Replay
from game.core.seats import seat_label
from game.core.story import Moment, Story, by_seat, plural, turn_story

from .country import country_from_view
from .events import CountryBuilt, TurnBegan
from .scoring import DOUBLED, FACILITY, PENALTY, SAND_BONUS, ScoreSheet, score_all
from .tables import LAND_NAMES, LANDS
from .view import OVER, CombiView


def sheets(view: CombiView) -> list[ScoreSheet]:
    """Every country's score sheet as it stands in `view`."""
    return score_all([country_from_view(c) for c in view.countries], solo=view.solo, flat=view.flat)


def scores(view: CombiView) -> tuple[int, ...]:
    if view.phase == OVER:
        return view.scores          # the engine's, as the game ended
    return tuple(sheet.total for sheet in sheets(view))


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0"


def figures(final: Sequence[ScoreSheet]) -> list[str]:
    """Each LAND type's points (the doubled one's counted twice, as the sheet counts it), the
    facilities' and the SAND spaces', seat by seat, and the facility that scored most."""
    lines = []
    for land in LANDS:
        values = []
        for sheet in final:
            points = sheet.land_totals()[land]
            # the sheet's DOUBLED line counts the type's points again
            values.append(f"{points}×2 = {points + sheet.kind_total(DOUBLED)}" if sheet.doubled == land
                          else str(points))
        lines.append(by_seat(LAND_NAMES[land], values))
    lines.append(by_seat("Facilities (how many → points)",
                         [f"{len(sheet.by_kind(FACILITY))} → {sheet.kind_total(FACILITY)}" for sheet in final]))
    lines.append(by_seat("SAND", [_signed(sheet.kind_total(PENALTY) + sheet.kind_total(SAND_BONUS))
                                  for sheet in final]))
    scored = [(line.points, seat, line.label) for seat, sheet in enumerate(final) for line in sheet.by_kind(FACILITY)]
    top = max((points for points, _, _ in scored), default=0)
    best = [(seat, label) for points, seat, label in scored if points == top]
    if top > 0 and len(best) == 1:          # a best shared (every one under the flat rule) is no story
        seat, label = best[0]
        lines.append(f"Best facility: {seat_label(seat)}'s {label}, {plural(top, 'point')}")
    return lines


def _figures(walked: Sequence[Moment], last: Any) -> list[str]:
    return figures(sheets(last))


def _ends_turn(moment: Moment) -> bool:
    # a turn is a move and a placing (or a skip); a seat's free building is one turn of SAND tiles
    return bool(moment.of(TurnBegan) or moment.of(CountryBuilt))


def story(engine: Engine[Any], replay: Replay) -> Story:
    """A point per round of turns (every seat's turn; free building is the first), no target: the
    game ends when a country fills or no tile fits."""
    return turn_story(engine, replay, scores, _ends_turn, None, _figures)


__all__ = ["figures", "scores", "sheets", "story"]
