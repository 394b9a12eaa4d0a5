"""KOMBIO's story (game.core.story): the scores after each round (lowest wins; the target, when the game
is played to one, ends it), and the slaps and calls players talk about.

A slap race's presses are in the replay (each press's time after the earliest, as the referee judged
them), so the fastest slap is the right slap that came furthest ahead of the next press for the same
card: how long the players took to react is not recorded, only how they came in against each other.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.engine import Engine, Event
from game.core.replay import RecordedStep, Replay
from game.core.seats import seat_label
from game.core.story import Story, by_seat, round_story

from .events import RoundEnded, Slapped

Step = tuple[RecordedStep, Sequence[Event]]      # a step as recorded, and its events


@dataclass(frozen=True)
class Lead:
    """A right slap that beat another press for the same card by `ms`."""

    seat: int
    beaten: int
    ms: float


def slap_lead(recorded: RecordedStep, events: Sequence[Event]) -> Lead | None:
    """How far the step's right slap came ahead of the next press in its race (None: not a right
    slap, or nobody else pressed)."""
    seat = recorded.action.seat
    if not any(isinstance(e, Slapped) and e.right and e.seat == seat for e in events):
        return None
    mine = next((ms for s, ms in recorded.race if s == seat), None)
    if mine is None:
        return None
    later = [(ms, s) for s, ms in recorded.race if s != seat and ms >= mine]
    if not later:
        return None
    ms, beaten = min(later)
    return Lead(seat, beaten, ms - mine)


def figures(steps: Iterable[Step], players: int) -> list[str]:
    """Slaps won and lost, the fastest slap, and each seat's calls and how they came out."""
    right = [0] * players
    wrong = [0] * players
    calls = [0] * players
    held = [0] * players
    leads: list[Lead] = []
    for recorded, events in steps:
        for event in events:
            if isinstance(event, Slapped):
                (right if event.right else wrong)[event.seat] += 1
            elif isinstance(event, RoundEnded) and 0 <= event.caller < players:
                calls[event.caller] += 1
                # a call that failed added the caller's penalty to its hand; one that held, only its hand
                held[event.caller] += event.added[event.caller] == event.totals[event.caller]
        lead = slap_lead(recorded, events)
        if lead is not None:
            leads.append(lead)
    lines = [by_seat("Slaps right/wrong", [f"{r}/{w}" for r, w in zip(right, wrong)])]
    if leads:
        best = max(leads, key=lambda lead: lead.ms)     # the first of equal leads: max keeps it
        lines.append(f"Fastest slap: {seat_label(best.seat)}, {best.ms:.0f} ms ahead of {seat_label(best.beaten)}")
        if len(leads) > 1:
            close = min(leads, key=lambda lead: lead.ms)
            lines.append(f"Closest slap: {seat_label(close.seat)} beat {seat_label(close.beaten)} "
                         f"by {close.ms:.0f} ms")
    else:
        lines.append("Fastest slap: no slap was contested")
    lines.append(by_seat("Calls that held", [f"{h} of {c}" if c else "none" for h, c in zip(held, calls)]))
    return lines


def story(engine: Engine[Any], replay: Replay) -> Story:
    """A point after each round; the target drawn when the game is played to it."""
    return round_story(engine, replay, RoundEnded, lambda first: None if first.rounds else first.target,
                       lambda walked, players: figures([(m.recorded, m.events) for m in walked], players))


__all__ = ["Lead", "figures", "slap_lead", "story"]
