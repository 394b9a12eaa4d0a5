"""Kabooom!'s story (game.core.story): each seat's score (its towers, as the view counts them) after
every round of turns, placing included, and the captures, blasts and towers players talk about."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from game.core.engine import Engine, Event
from game.core.replay import Replay
from game.core.seats import seat_label
from game.core.story import Moment, Story, by_seat, plural, seats_text, turn_story

from .rules import Exploded, KabooomView, Moved

Step = tuple[KabooomView, Sequence[Event]]      # the view before a step, and the step's events


def _owner(view: KabooomView, square: int) -> int | None:
    stack = view.board[square]
    return stack[-1][0] if stack else None


def figures(steps: Iterable[Step], final: KabooomView) -> list[str]:
    """Captures (a tower moved onto another seat's), blasts and the biggest, and the tallest tower
    standing at the end."""
    n = final.players
    captures = [0] * n
    blasts = [0] * n
    biggest: tuple[int, int, int] | None = None       # (height blown up, seat, the tower's owner)
    for before, events in steps:
        for event in events:
            if isinstance(event, Moved) and _owner(before, event.dst) not in (None, event.seat):
                captures[event.seat] += 1
            elif isinstance(event, Exploded):
                blasts[event.seat] += 1
                height = event.destroyed - 1           # the Dynamite went with the tower it hit
                owner = _owner(before, event.dst)
                if owner is not None and (biggest is None or height > biggest[0]):
                    biggest = (height, event.seat, owner)
    lines = [by_seat("Captures", captures), by_seat("Blasts", blasts)]
    if biggest is not None and biggest[0] > 1:       # a lone counter blown up is no tower to talk of
        height, seat, owner = biggest
        whose = "its own" if owner == seat else f"{seat_label(owner)}'s"
        lines.append(f"Biggest blast: {seat_label(seat)} blew up {whose} tower of {height}")
    tallest = max((h for towers in final.towers for h in towers), default=0)
    if tallest:
        seats = [s for s, towers in enumerate(final.towers) if tallest in towers]
        lines.append(f"Tallest tower: {seats_text(seats)}, {plural(tallest, 'counter')} high")
    else:
        lines.append("Tallest tower: no tower stands")
    return lines


def _figures(walked: Sequence[Moment], final: Any) -> list[str]:
    return figures(((m.before, m.events) for m in walked), final)


def story(engine: Engine[Any], replay: Replay) -> Story:
    """A point per round of turns (a pass is a turn), no target: the game ends when nobody moves."""
    return turn_story(engine, replay, lambda view: view.scores, lambda moment: True, None, _figures)


__all__ = ["figures", "story"]
