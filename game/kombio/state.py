"""KOMBIO's game state (what only the engine holds: every card where it lies, who knows what) and the
small rules the engine, its views and the fold read alike: whose hand is locked, who may slap.

Knowledge: each seat's `known` is a bit mask of the cards on the table whose identity it has seen
(its look, its peeks, the card it placed from the draw, a card taken from the discard or revealed by a
failed slap: those two are seen by all). Every movement of a card on the table is seen by everybody,
so knowing a card is knowing what lies at its (owner, slot), wherever it is moved: the knowledge
moves with the card on every swap, give, take and hand-over, and a slot a seat did not see filled is
unknown to it (`known_slots` gives the (owner, slot) form). A card leaving the table is forgotten by
all.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from game.core.rng import Rng

from .table import EMPTY, SEATS, TABLE


@dataclass(frozen=True)
class Pending:
    """A slap's follow-up choice owed by `seat`.
    give: `seat` matched `other`'s card; one of its own cards goes into `other`'s gap `slot`.
    penalty: `other` slapped `seat`'s card `card` (wrong): hand it over or make `other` draw."""

    kind: str
    seat: int
    other: int
    slot: int
    card: int


@dataclass
class KombioState:
    """A game in progress: the engine's alone (screens and bots see views)."""

    players: int
    deck: str
    rounds: int
    memory_aid: bool
    values: tuple[int, ...]           # the value of each card id (the deck's)
    phase: str
    turn: int
    first: int
    hands: list[list[int]]
    draw: list[int]                   # the top is the end
    discard: list[int]                # the top is the end
    scores: list[int]
    known: list[int]                  # per seat: bit mask of the table's cards it has seen
    round: int = 1
    held: int = EMPTY                 # the drawn card, while phase is "drawn"
    serial: int = 0                   # discards through play so far this game
    open: bool = False                # the top discard is open to slaps
    matched: bool = False             # the top discard is a matched card
    attempted: int = 0                # bit mask: seats that slapped the open discard
    looked: int = 0                   # bit mask: seats that have looked this round
    had_turn: int = 0                 # bit mask: seats that have had a turn this round
    caller: int = EMPTY
    final_left: int = 0               # bit mask: seats still owed a final turn
    final_turn: bool = False          # the turn in progress began after the call
    ability: int = 0                  # the value whose ability is in use (0 none)
    ability_looks: list[int] = field(default_factory=list)   # cards its looks saw, in order
    pending: list[Pending] = field(default_factory=list)
    last_round: list[int] = field(default_factory=list)
    rng: Rng = field(default_factory=lambda: Rng(0))

    def copy(self) -> KombioState:
        return KombioState(
            self.players, self.deck, self.rounds, self.memory_aid, self.values, self.phase, self.turn,
            self.first, [list(h) for h in self.hands], list(self.draw), list(self.discard),
            list(self.scores), list(self.known), self.round, self.held, self.serial, self.open,
            self.matched, self.attempted, self.looked, self.had_turn, self.caller, self.final_left,
            self.final_turn, self.ability, list(self.ability_looks), list(self.pending),
            list(self.last_round), self.rng.clone())

    def locked(self, owner: int) -> bool:
        return is_locked(self.players, self.caller, owner)

    def find(self, card: int) -> tuple[int, int] | None:
        """The (owner, slot) of a card on the table, None if it is not on the table."""
        for owner, hand in enumerate(self.hands):
            if card in hand:
                return owner, hand.index(card)
        return None

    def cards_on_table(self) -> int:
        mask = 0
        for hand in self.hands:
            for card in hand:
                if card >= 0:
                    mask |= 1 << card
        return mask


def hand_total(state: KombioState, seat: int) -> int:
    values = state.values
    return sum(values[c] for c in state.hands[seat] if c >= 0)


def card_count(state: KombioState, seat: int) -> int:
    return sum(1 for c in state.hands[seat] if c >= 0)


def known_slots(state: KombioState, seat: int) -> dict[tuple[int, int], int]:
    """What `seat` knows of the table: (owner, slot) -> the card id it saw there."""
    mask = state.known[seat]
    return {(owner, slot): card for owner, hand in enumerate(state.hands)
            for slot, card in enumerate(hand) if card >= 0 and mask >> card & 1}


def is_locked(players: int, caller: int, owner: int) -> bool:
    """The caller's hand is locked after the call, with TABLE.lock_min_players or more (*ruling*: the
    caller's ban on matching lifts with two players too)."""
    return owner == caller and players >= TABLE.lock_min_players


def slapper_mask(players: int, open_: bool, caller: int, holders: Iterable[bool], attempted: int) -> int:
    """Bit mask of the seats that may slap the open discard: every seat but those that tried and a
    locked caller, while some hand not locked holds a card to flip (`holders`: per owner, its hand
    holds a card; read only until one does)."""
    if not open_:
        return 0
    locked = caller if players >= TABLE.lock_min_players else EMPTY
    for owner, holds in enumerate(holders):
        if holds and owner != locked:
            break
    else:
        return 0
    mask = ((1 << players) - 1) & ~attempted
    if locked >= 0:
        mask &= ~(1 << locked)
    return mask


def holds_card(hand: list[int]) -> bool:
    """Some slot of `hand` holds a card (any(c >= 0 ...) without a generator: asked on every slap)."""
    return hand.count(EMPTY) != len(hand)


# Views list seats and per-seat flags of bit masks at every step of every seat: built once here.
_SEATS_OF = tuple(tuple(s for s in range(SEATS) if m >> s & 1) for m in range(1 << SEATS))
_FLAGS_OF = tuple(tuple(tuple(bool(m >> s & 1) for s in range(n)) for m in range(1 << SEATS))
                  for n in range(SEATS + 1))


def seats_in(mask: int) -> tuple[int, ...]:
    """The seats of a bit mask, ascending."""
    return _SEATS_OF[mask]


def flags_of(mask: int, players: int) -> tuple[bool, ...]:
    """Per seat, whether its bit is set."""
    return _FLAGS_OF[players][mask]


def locks(players: int, caller: int) -> tuple[bool, ...]:
    """Per seat, whether its hand is locked (`is_locked`)."""
    if caller < 0 or players < TABLE.lock_min_players:
        return _FLAGS_OF[players][0]
    return _FLAGS_OF[players][1 << caller]
