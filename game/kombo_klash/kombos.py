"""Kombo Klash!'s Kombos: connected groups of face-up tiles of one creature (Chameleons joining in,
never more of them than real tiles) and the one finder every reader uses: the engine's legal list and
its state's cache, each view's offer (game.kombo_klash.view folds it forward with the same finder),
and the bots.

The board is read as bit masks over the 25 squares: the search runs on every board change.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .tables import (
    BESIDE_CENTRE,
    CENTRE,
    CHAMELEON,
    COPIES,
    CORNERS,
    CREATURES,
    SCORES,
    SIZE,
    SPACES,
    SQUARES,
    TABLE,
    TILES,
)


@dataclass(frozen=True)
class Kombo:
    creature: int                     # what the Kombo counts as (never the Chameleon)
    squares: tuple[int, ...]          # ascending
    points: int


# Bit masks over the 25 squares, for the connected-group search (it runs on every board change)
# and the bots' model of the board.
_ALL = (1 << SQUARES) - 1
SPACES_MASK = _ALL & ~(1 << CENTRE)
_NOT_LEFT = sum(1 << sq for sq in range(SQUARES) if sq % SIZE != 0)
_NOT_RIGHT = sum(1 << sq for sq in range(SQUARES) if sq % SIZE != SIZE - 1)


def grow(mask: int) -> int:
    """`mask` and every tile space sharing a side with it."""
    return (mask | (mask << SIZE) | (mask >> SIZE) | ((mask & _NOT_RIGHT) << 1)
            | ((mask & _NOT_LEFT) >> 1)) & SPACES_MASK


def _beside(mask: int) -> int:
    """The tile spaces sharing a side with some square of `mask` (`mask` itself not included unless
    two of its squares touch)."""
    return ((mask << SIZE) | (mask >> SIZE) | ((mask & _NOT_RIGHT) << 1)
            | ((mask & _NOT_LEFT) >> 1)) & SPACES_MASK


def component(seed: int, members: int) -> int:
    """The squares of `members` connected to the `seed` bits through shared sides."""
    comp = seed
    while True:
        more = grow(comp) & members
        if more == comp:
            return comp
        comp = more


BESIDE_CENTRE_MASK = sum(1 << sq for sq in BESIDE_CENTRE)
CORNERS_MASK = sum(1 << sq for sq in CORNERS)


# The squares of a mask by table lookup, 13 bits at a time (the move lists convert masks every step).
_HALF = 13
LOW_SQUARES = tuple(tuple(sq for sq in range(_HALF) if m >> sq & 1) for m in range(1 << _HALF))
HIGH_SQUARES = tuple(tuple(sq + _HALF for sq in low) for low in LOW_SQUARES)


# The creature of each tile as a one-bit mask: a hand's creatures are OR-ed together on every step.
CREATURE_BIT: tuple[int, ...] = tuple(1 << (tile // COPIES) for tile in range(TILES))


def squares_of(mask: int) -> tuple[int, ...]:
    return LOW_SQUARES[mask & ((1 << _HALF) - 1)] + HIGH_SQUARES[mask >> _HALF]


def kombo_options(faces: Sequence[int]) -> list[Kombo]:
    """Every Kombo a player may score: per creature, each connected group of face-up tiles of that
    creature and Chameleons at its largest legal size; where Chameleons must be left out, every
    largest choice (DECISIONS.md). `faces[sq]` is the creature of a face-up tile, -1 elsewhere."""
    masks = [0] * len(CREATURES)
    for sq in SPACES:
        creature = faces[sq]
        if creature >= 0:
            masks[creature] |= 1 << sq
    found: list[Kombo] = []
    for creature in range(CHAMELEON):
        found.extend(creature_kombos(creature, masks[creature], masks[CHAMELEON]))
    return found


def creature_kombos(creature: int, reals: int, chams: int) -> tuple[Kombo, ...]:
    """The Kombos counting as `creature`, from the masks of its face-up tiles and of the face-up
    Chameleons, ordered by their squares."""
    members = reals | chams
    if not reals or members.bit_count() < TABLE.kombo_min:
        return ()
    # Most boards hold no two touching tiles of a kind: one test for them all, before any search.
    if not _beside(reals) & members:
        return ()
    found: list[Kombo] = []
    left = reals
    while left:
        group = component(left & -left, members)
        left &= ~group
        if group.bit_count() < TABLE.kombo_min:
            continue
        for squares in _largest_kombos(group & reals, group & chams):
            found.append(Kombo(creature, squares, len(squares) * SCORES[creature]))
    found.sort(key=lambda k: k.squares)
    return tuple(found)


def _largest_kombos(reals: int, chams: int) -> list[tuple[int, ...]]:
    """The largest legal Kombos in one connected group of real tiles and Chameleons."""
    real_count = reals.bit_count()
    if chams.bit_count() <= real_count:
        return [squares_of(reals | chams)]
    # Too many Chameleons: try every subset of them small enough (at most 6 exist, so at most 64
    # subsets, walked as sub-masks) and keep each connected part that holds a real tile and is a
    # legal Kombo.
    legal: set[int] = set()
    chosen = chams
    while True:
        if chosen.bit_count() <= real_count:
            members = reals | chosen
            left = reals
            while left:
                part = component(left & -left, members)
                left &= ~part
                real = (part & reals).bit_count()
                size = part.bit_count()
                if size - real <= real and size >= TABLE.kombo_min:
                    legal.add(part)
        if not chosen:
            break
        chosen = (chosen - 1) & chams
    if not legal:
        return []
    best = max(part.bit_count() for part in legal)
    return sorted(squares_of(part) for part in legal if part.bit_count() == best)
