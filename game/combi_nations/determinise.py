"""A full Combi-Nations state built from a seat's view and what it has seen (`state_from_view`).

The one secret of the game is the order of the face-down stacks, hidden from every seat alike: the
built state deals into each stack, at random, the tiles of its kind that lie nowhere in sight (not on
the ring, in a country, in hand or, solo, among the opponent's discards). What a view does not carry
comes from the events the seat watched (`Seen`): which tiles the solo opponent discarded, how the
end was triggered, how far the solo opponent moves next. The built state's view equals the true one,
as `CombiNationsEngine.resample_hidden` promises of the true state.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from game.core.engine import Event, Termination
from game.core.rng import Rng

from .country import SAND_TILE_IDS, country_from_view
from .events import OPPONENT, ArrowMoved, Discarded, EndTriggered
from .rules import CombiState
from .tables import LAND_TILES, STACKS
from .view import CombiView


@dataclass
class Seen:
    """What the events told a seat that its view does not show."""

    discards: list[int] = field(default_factory=list)     # the solo opponent's tiles, in order
    ended_by: Termination | None = None
    opponent_steps: int = 0

    def observe(self, events: Iterable[Event]) -> None:
        for event in events:
            if isinstance(event, Discarded):
                self.discards.append(event.tile)
                self.opponent_steps = len(LAND_TILES[event.tile].contents)
            elif isinstance(event, ArrowMoved):
                if event.seat != OPPONENT and self.opponent_steps == 0:
                    self.opponent_steps = event.k      # the solo opponent's first move copies it
            elif isinstance(event, EndTriggered) and self.ended_by is None:
                self.ended_by = Termination.COUNTRY_FULL if event.full else Termination.NO_TILE_FITS


def tiles_out_of_sight(view: CombiView) -> list[int]:
    """The LAND tiles a view does not show (not on the ring, in a country or in hand), in the box's
    order: those face down in the stacks (and, solo, the opponent's discards)."""
    in_sight = {t for t in view.ring if t >= 0}
    for entries in view.countries:
        in_sight.update(int(tile) for _q, _r, _content, tile in entries if int(tile) < SAND_TILE_IDS)
    if view.held >= 0:
        in_sight.add(view.held)
    return [t.id for t in LAND_TILES if t.id not in in_sight]


def state_from_view(view: CombiView, seen: Seen, rng: Rng) -> CombiState:
    """A state the seat cannot tell from the true one (see the module's docstring)."""
    countries = [country_from_view(entries) for entries in view.countries]
    out_of_sight = tiles_out_of_sight(view)
    hidden = set(out_of_sight)
    discard = [t for t in seen.discards if t in hidden][:view.discarded]
    unseen = [t for t in out_of_sight if t not in discard]
    rng.shuffle(unseen)
    if len(discard) < view.discarded:
        # a seat that joined late did not see every discard: any unseen tiles will do
        discard += [unseen.pop() for _ in range(view.discarded - len(discard))]
    by_stack: dict[str, list[int]] = {stack: [] for stack in STACKS}
    for tile in unseen:
        by_stack[LAND_TILES[tile].stack].append(tile)
    stacks = [by_stack[stack] for stack in STACKS]
    assert [len(s) for s in stacks] == list(view.stack_counts), "the stacks do not add up"
    ended_by = seen.ended_by
    if view.final_turn and ended_by is None:
        ended_by = Termination.SOLO_DONE
    if view.ending and ended_by is None:
        full = any(not country.has_sand() for country in countries)
        ended_by = Termination.COUNTRY_FULL if full else Termination.NO_TILE_FITS
    extra = [s for s in range(view.players) if s > view.turn and view.placed_last[s]] if view.extra_turn else []
    return CombiState(
        players=view.players, solo=view.solo, flat=view.flat, phase=view.phase, turn=view.turn,
        countries=countries, ring=list(view.ring), arrows=list(view.arrows), clockwise=list(view.clockwise),
        uturned=list(view.uturned), stacks=stacks, marker=view.marker, discard=discard, held=view.held,
        building=list(view.building), placed_last=list(view.placed_last), ending=view.ending, extra=extra,
        in_extra=view.extra_turn, ended_by=ended_by, opponent_steps=seen.opponent_steps if view.solo else 0,
        final_turn=view.final_turn, rng=Rng(rng.below(1 << 30)))
