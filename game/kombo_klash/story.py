"""Kombo Klash!'s story (game.core.story): the scores after each round, up to the target, and the
Kombos and abilities that made them. Scores move only by Kombos and the Howl and Swamp abilities,
so the figures add up to the chart's last point."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from game.core.engine import Engine, Event
from game.core.replay import Replay
from game.core.seats import seat_label
from game.core.story import Story, by_seat, plural, round_story

from .events import Howled, RoundEnded, Scored, Swamped
from .tables import ALLIGATOR, TABLE, WOLF


@dataclass(frozen=True)
class Biggest:
    seat: int
    creature: str
    tiles: int
    points: int


def figures(events: Iterable[Event], players: int) -> list[str]:
    """Kombos scored, the biggest, and the points the abilities gave, from a game's events."""
    kombos = [0] * players
    abilities = [0] * players
    biggest: Biggest | None = None
    for event in events:
        if isinstance(event, Scored):
            kombos[event.seat] += 1
            # the first of equal Kombos stays the biggest: it was scored first
            if biggest is None or event.points > biggest.points:
                biggest = Biggest(event.seat, event.creature, len(event.squares), event.points)
        elif isinstance(event, (Howled, Swamped)):
            abilities[event.seat] += event.points
    lines = [by_seat("Kombos scored", kombos)]
    if biggest is None:
        lines.append("Biggest Kombo: none was scored")
    else:
        lines.append(f"Biggest Kombo: {seat_label(biggest.seat)}, {plural(biggest.points, 'point')} "
                     f"({biggest.creature}, {plural(biggest.tiles, 'tile')})")
    named = " and ".join(TABLE.creatures[c].ability for c in (WOLF, ALLIGATOR))
    lines.append(by_seat(f"Points from {named}", abilities))
    return lines


def story(engine: Engine[Any], replay: Replay) -> Story:
    """A point after each round (a tie-break round is one more), the target drawn."""
    return round_story(engine, replay, RoundEnded, lambda first: first.target,
                       lambda walked, players: figures([e for m in walked for e in m.events], players))


__all__ = ["figures", "story"]
