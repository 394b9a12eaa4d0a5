"""What a Combi-Nations seat sees (`CombiView`, built by the engine's `view`) and the pure `fold` that
moves it forward by one event, so that a screen shows what its animations have got to and a replay any
seat's eyes without working out a rule again.

Every seat sees the same: the only secret of the game is the order of the face-down stacks, and a view
holds their counts alone. So every seat folds the same events.

Preset countries are laid in new_game, before the first view: no step carries one (CountryBuilt is
sent only when a seat has laid its seventh SAND tile by hand, and its fold passes the turn on).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from game.core.engine import Event

from .country import Entries, Placing, country_from_view, laid_hexes
from .events import (
    OPPONENT,
    ArrowMoved,
    CountryBuilt,
    Discarded,
    EndTriggered,
    GameOver,
    MarkerMoved,
    Placed,
    Refilled,
    SandLaid,
    Skipped,
    TurnBegan,
)
from .tables import LAND_TILES, SAND_SET, SOLO_OPPONENT_TILES

EMPTY = -1
BUILD, MOVE, PLACE, OVER = "build", "move", "place", "over"


@dataclass(frozen=True)
class CombiView:
    """One seat's view (every seat's and the spectator's alike)."""

    phase: str                          # BUILD, MOVE, PLACE or OVER
    players: int
    solo: bool
    flat: bool                          # every facility scores a flat 2
    turn: int                           # the seat to play; -1 once over
    countries: tuple[Entries, ...]      # per seat: (q, r, content, tile) per hex, sorted
    ring: tuple[int, ...]               # per space: a LandTile id, or EMPTY
    arrows: tuple[int, ...]             # per arrow (the seats, then the solo opponent): its space
    clockwise: tuple[bool, ...]         # per arrow: its direction
    uturned: tuple[bool, ...]           # per seat: the U-turn is used
    stack_counts: tuple[int, ...]       # per stack in STACKS order: tiles left face down
    marker: int                         # the market marker's stack (an index into STACKS)
    held: int                           # the tile the seat to play took, in PLACE; else EMPTY
    discarded: int                      # tiles the solo opponent has taken
    building: tuple[int, ...]           # free building: per seat, SAND tiles still to lay
    ending: bool                        # the end is triggered: the round is finished, then extra turns
    extra_turn: bool                    # the extra turns (or the end) have begun
    final_turn: bool                    # solo: the opponent took its last tile; the player's last turn
    placed_last: tuple[bool, ...]       # per seat: it placed a tile in its last turn
    scores: tuple[int, ...]             # the final scores once over (screens score live countries themselves)


@dataclass(frozen=True)
class RevealedView(CombiView):
    """The view with the one secret shown, the stacks' order: a replay watched with everything
    revealed (Engine.revealed_view). A type of its own, so that no seat's view or wire form carries it."""

    stack_tops: tuple[int, ...] = ()    # per stack: the LandTile id that comes up next, or EMPTY


E = TypeVar("E", bound=Event)
_FOLDS: dict[type[Event], Callable[[CombiView, Any], CombiView]] = {}


def _folds(kind: type[E]) -> Callable[[Callable[[CombiView, E], CombiView]], Callable[[CombiView, E], CombiView]]:
    def register(step: Callable[[CombiView, E], CombiView]) -> Callable[[CombiView, E], CombiView]:
        _FOLDS[kind] = step
        return step
    return register


def fold(view: CombiView, event: Event) -> CombiView:
    """`view` after `event` (events a view does not show leave it as it is)."""
    step = _FOLDS.get(type(event))
    return view if step is None else step(view, event)


_FIELDS = frozenset(f.name for f in dataclasses.fields(CombiView))


def _replace(view: CombiView, **changes: Any) -> CombiView:
    """dataclasses.replace at a fraction of its cost (the fold runs for every seat at every step of
    every playout): a copy of the view's fields with the changes, the view itself untouched."""
    if not changes.keys() <= _FIELDS:
        raise TypeError(f"CombiView has no field {sorted(changes.keys() - _FIELDS)[0]!r}")
    new: CombiView = object.__new__(CombiView)
    new.__dict__.update(view.__dict__, **changes)
    return new


def _with(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1:]


def _arrow(view: CombiView, seat: int) -> int:
    return view.players if seat == OPPONENT else seat


@_folds(SandLaid)
def _sand_laid(view: CombiView, event: SandLaid) -> CombiView:
    country = country_from_view(view.countries[event.seat])
    country.add_sand_tile(SAND_SET[event.tile], event.turns, (event.q, event.r))
    return _replace(view, countries=_with(view.countries, event.seat, country.entries()),
                               building=_with(view.building, event.seat, view.building[event.seat] - 1))


@_folds(CountryBuilt)
def _country_built(view: CombiView, event: CountryBuilt) -> CombiView:
    # the next seat builds; after the last, the first turn (its TurnBegan follows)
    if event.seat + 1 < view.players:
        return _replace(view, turn=event.seat + 1)
    return _replace(view, phase=MOVE, turn=0)


@_folds(TurnBegan)
def _turn_began(view: CombiView, event: TurnBegan) -> CombiView:
    return _replace(view, phase=MOVE, turn=event.seat, extra_turn=event.extra)


@_folds(ArrowMoved)
def _arrow_moved(view: CombiView, event: ArrowMoved) -> CombiView:
    arrow = _arrow(view, event.seat)
    ring = _with(view.ring, event.end, EMPTY)
    arrows = _with(view.arrows, arrow, event.end)
    if event.seat == OPPONENT:
        return _replace(view, ring=ring, arrows=arrows)   # it discards what it takes
    clockwise, uturned = view.clockwise, view.uturned
    if event.uturn:
        clockwise = _with(clockwise, arrow, not clockwise[arrow])
        uturned = _with(uturned, event.seat, True)
    return _replace(view, ring=ring, arrows=arrows, clockwise=clockwise, uturned=uturned,
                               held=event.tile, phase=PLACE)


@_folds(MarkerMoved)
def _marker_moved(view: CombiView, event: MarkerMoved) -> CombiView:
    return _replace(view, marker=event.stack)


@_folds(Refilled)
def _refilled(view: CombiView, event: Refilled) -> CombiView:
    if event.tile < 0:
        return view            # every stack was empty: the space stays empty
    return _replace(view, ring=_with(view.ring, event.space, event.tile),
                               stack_counts=_with(view.stack_counts, event.stack,
                                                  view.stack_counts[event.stack] - 1))


@_folds(Placed)
def _placed(view: CombiView, event: Placed) -> CombiView:
    tile = LAND_TILES[event.tile]
    laid = dict(zip(laid_hexes(tile.stack, Placing(event.turns, (event.q, event.r))), tile.contents))
    entries = [e for e in view.countries[event.seat] if (e[0], e[1]) not in laid]
    entries += [(q, r, content, tile.id) for (q, r), content in laid.items()]
    return _replace(view, countries=_with(view.countries, event.seat, tuple(sorted(entries))), held=EMPTY,
                               placed_last=_with(view.placed_last, event.seat, True))


@_folds(Discarded)
def _discarded(view: CombiView, event: Discarded) -> CombiView:
    # the opponent's last tile: the player's turn to come is its last (unless the end came first)
    last = event.taken >= SOLO_OPPONENT_TILES and not view.ending
    return _replace(view, discarded=event.taken, final_turn=view.final_turn or last)


@_folds(Skipped)
def _skipped(view: CombiView, event: Skipped) -> CombiView:
    return _replace(view, phase=MOVE, placed_last=_with(view.placed_last, event.seat, False))


@_folds(EndTriggered)
def _end_triggered(view: CombiView, event: EndTriggered) -> CombiView:
    return _replace(view, ending=True)


@_folds(GameOver)
def _game_over(view: CombiView, event: GameOver) -> CombiView:
    # the scores are the engine's, worked out by the score sheet (scoring.py) as the game ended
    return _replace(view, phase=OVER, turn=-1, held=EMPTY, extra_turn=True, scores=tuple(event.scores))


__all__ = ["BUILD", "EMPTY", "MOVE", "OVER", "PLACE", "CombiView", "RevealedView", "fold"]
