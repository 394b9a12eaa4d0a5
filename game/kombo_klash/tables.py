"""Kombo Klash!'s numbers and board, in one place (rules: shared/rules/kombo-klash.txt and the Kombo
Klash! part of DECISIONS.md): the eight creatures with their scores and abilities, the counts of the
box, the targets, and the 5×5 board whose centre (square 12) holds the draw pile.

Squares are ints 0..24, index = row * 5 + col, written for players as column letter a–e and row
number 1–5 ("a1" is square 0). Inside the engine a tile is an int 0..47 and its creature is
``tile // 6``; views only ever show creatures, and only where the seat may see them.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType


@dataclass(frozen=True)
class Creature:
    name: str
    score: int          # Kombo Score per tile; 0 for the Chameleon, which copies a neighbour's
    ability: str
    text: str           # the ability in one line, as ruled


@dataclass(frozen=True)
class KomboKlashTable:
    """Every count and score of the game (DECISIONS.md, "Kombo Klash!")."""

    creatures: tuple[Creature, ...]
    copies: int                        # tiles of each creature
    hand_size: int                     # drawn up to at the end of every turn
    kombo_min: int                     # tiles in the smallest Kombo
    swamp_max: int                     # tiles one Swamp may flip
    targets: Mapping[str, int]         # option choice -> target score


TABLE = KomboKlashTable(
    creatures=(
        Creature("Wolf", 1, "Howl", "+1 point for each tile left in your hand."),
        Creature("Alligator", 2, "Swamp", "Flip one or two other face-up tiles face down: +1 point each."),
        Creature("Gorilla", 3, "Scatter", "Discard your whole hand face down and draw as many tiles."),
        Creature("Kangaroo", 4, "Kick", "Move another tile one space into an empty space beside it."),
        Creature("Snake", 5, "Hypnotise",
                 "Play it onto a face-up tile that is not a Snake: that tile goes to your hand."),
        Creature("Vulture", 6, "Revive", "Flip one face-down tile face up (its ability does not trigger)."),
        Creature("Raven", 7, "Call", "Draw one tile."),
        Creature("Chameleon", 0, "Mimic",
                 "In a Kombo it copies a neighbour; never more Chameleons than real tiles."),
    ),
    copies=6,
    hand_size=5,
    kombo_min=3,
    swamp_max=2,
    targets=MappingProxyType({"quick": 50, "standard": 75, "long": 100}),
)

CREATURES: tuple[str, ...] = tuple(c.name for c in TABLE.creatures)
CREATURE_INDEX: Mapping[str, int] = MappingProxyType({name: i for i, name in enumerate(CREATURES)})
SCORES: tuple[int, ...] = tuple(c.score for c in TABLE.creatures)
ABILITIES: tuple[str, ...] = tuple(c.ability for c in TABLE.creatures)
WOLF, ALLIGATOR, GORILLA, KANGAROO, SNAKE, VULTURE, RAVEN, CHAMELEON = range(8)
COPIES = TABLE.copies
TILES = len(CREATURES) * COPIES
SEATS = 4                  # Kombo Klash! seats at most

SIZE = 5
SQUARES = SIZE * SIZE
CENTRE = 12
CORNERS: tuple[int, ...] = (0, 4, 20, 24)
SPACES: tuple[int, ...] = tuple(sq for sq in range(SQUARES) if sq != CENTRE)
EMPTY = -1

# The phases of a game, and the abilities that wait for a choice once triggered (a view's words).
REDRAW, PLAY, OVER = "redraw", "play", "over"
KICK, SWAMP, REVIVE = "kick", "swamp", "revive"
CHOICE_OF: Mapping[int, str] = MappingProxyType({KANGAROO: KICK, ALLIGATOR: SWAMP, VULTURE: REVIVE})


def square_name(sq: int) -> str:
    return "abcde"[sq % SIZE] + str(sq // SIZE + 1)


def _orthogonal(sq: int) -> tuple[int, ...]:
    row, col = divmod(sq, SIZE)
    out = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            out.append(r * SIZE + c)
    return tuple(out)


# Tile spaces that share a side with `sq` (the centre is never one).
NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in _orthogonal(sq) if n != CENTRE) for sq in range(SQUARES))
# Beside the draw pile: always a legal place for a tile.
BESIDE_CENTRE: frozenset[int] = frozenset(_orthogonal(CENTRE))


def creature_of(tile: int) -> int:
    return tile // TABLE.copies
