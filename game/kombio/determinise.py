"""What a KOMBIO seat has seen, kept from its own events (`Seen`), and a full state built from its view
and that memory (`state_from_view`): the determinisation a searching bot plays on.

`Seen` is exact where the engine's knowledge is: a seat knows the card at a place from its look, its
peeks, the card it placed from the draw, a card taken from the discard and a wrong card shown by a
slap; the knowledge moves with the card on every swap, give and hand-over (everybody watches cards
move) and ends when the card leaves the table. It also keeps, per other seat, the places that seat
has seen (not their values: a seat sees where another looks, never what), the discard pile (every
card in it was shown face up) and whether the turn under way is a final one.

It also keeps what a seat's play says of a card it placed unseen by this one (`below`): a card kept
from the draw in place of one it knew is lower than the card it sent out (who keeps a higher one?),
and one put in place of a card it had not seen is low (the hard level's LOW_DRAWN or less). That is
a belief, not a fact: it moves with the card, and ends when the card is seen or leaves. Another
seat's call says the same of its hand: the cards it knew made its estimate low enough to call.

`state_from_view` deals everything the seat cannot tell apart (the cards it has not seen on the
table, another seat's drawn card, the draw pile) at random from the cards it cannot rule out: the deck
less what it knows lies on the table, in the discard pile and in its own drawn card; a card believed
low is dealt first, from the cards below its bound (if any are left), and after another seat's call
the cards it knew are dealt so that its estimate was a caller's. Its view of the built state
equals its true view, as `KombioEngine.resample_hidden` promises of the true state.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from game.core.engine import Event
from game.core.rng import Rng

from .bot import LOW_DRAWN, STYLES
from .events import (
    Called,
    Discarded,
    Drew,
    Gave,
    Looked,
    Peeked,
    PenaltyDrawn,
    Replaced,
    Reshuffled,
    RoundStarted,
    Settled,
    Slapped,
    Swapped,
    Took,
    TurnBegan,
)
from .state import KombioState, Pending
from .table import EMPTY, GIVE, TABLE
from .view import KombioView, Place

# what the hard level counts an unseen card as: its deck's mean (and when it calls, as STYLES says)
DECK_MEANS: Mapping[str, float] = MappingProxyType({deck: sum(v) / len(v) for deck, v in TABLE.decks.items()})
CALL_TRIES = 64         # random picks of a caller's cards before the lowest picked is taken


@dataclass
class Seen:
    """One seat's memory of the table, moved by its events (see the module's docstring)."""

    seat: int
    values: dict[Place, int] = field(default_factory=dict)      # what it knows lies where
    places: dict[int, set[Place]] = field(default_factory=dict)  # per other seat: the places it has seen
    discard: list[int] = field(default_factory=list)             # the discard pile's values, top last
    held: int | None = None                                      # its own drawn card
    final_turn: bool = False                                     # the turn under way began after a call
    below: dict[Place, int] = field(default_factory=dict)        # an unseen card believed lower than this

    def knows(self, seat: int) -> set[Place]:
        return self.places.setdefault(seat, set())

    def observe(self, events: Iterable[Event]) -> None:
        for event in events:
            self._observe(event)

    def _all_sets(self) -> list[set[Place]]:
        return list(self.places.values())

    def _drop(self, place: Place) -> None:
        """The card at `place` left the table (or was replaced unseen): nobody knows what lies there."""
        self.values.pop(place, None)
        self.below.pop(place, None)
        for known in self._all_sets():
            known.discard(place)

    def _move(self, moves: dict[Place, Place]) -> None:
        """Cards moved from each place to another: what each seat knows moves with them."""
        values = self.values
        moved = {dst: values.pop(src) for src, dst in moves.items() if src in values}
        values.update(moved)
        below = self.below
        bounds = {dst: below.pop(src) for src, dst in moves.items() if src in below}
        below.update(bounds)
        for known in self._all_sets():
            there = {dst for src, dst in moves.items() if src in known}
            known.difference_update(moves)
            known |= there

    def _everyone(self, place: Place, value: int) -> None:
        self.values[place] = value
        for known in self._all_sets():
            known.add(place)

    def _observe(self, event: Event) -> None:
        kind = type(event)
        if kind is RoundStarted:
            self.values.clear()
            self.below.clear()
            self.places.clear()
            self.discard.clear()
            self.held, self.final_turn = None, False
        elif isinstance(event, Looked):
            self.knows(event.seat).update((event.seat, s) for s in event.slots)
            if event.seat == self.seat:
                self.values.update({(self.seat, s): v for s, v in zip(event.slots, event.values, strict=False)})
        elif isinstance(event, TurnBegan):
            self.final_turn = event.final
        elif isinstance(event, Called):
            self.final_turn = False
        elif isinstance(event, Drew):
            if event.seat == self.seat:
                self.held = event.value
        elif isinstance(event, Replaced):
            place = (event.seat, event.slot)
            knew = place in self.knows(event.seat)
            self._drop(place)
            self.knows(event.seat).add(place)      # it knows the card it placed; nobody else does
            if event.seat != self.seat:
                self.below[place] = event.discarded if knew else LOW_DRAWN + 1
            if event.seat == self.seat and self.held is not None:
                self.values[place] = self.held
            self.held = None
            self.discard.append(event.discarded)
        elif isinstance(event, Took):
            if self.discard:
                self.discard.pop()
            place = (event.seat, event.slot)
            self._drop(place)
            self._everyone(place, event.value)     # it lay face up: all saw it go there
            self.discard.append(event.discarded)
        elif isinstance(event, Discarded):
            self.held = None
            self.discard.append(event.value)
        elif isinstance(event, Peeked):
            place = (event.owner, event.slot)
            self.knows(event.seat).add(place)
            if event.value is not None:
                self.values[place] = event.value
        elif isinstance(event, Swapped):
            self._move({event.a: event.b, event.b: event.a})
        elif isinstance(event, Slapped):
            place = (event.owner, event.slot)
            if event.right:
                self._drop(place)
                self.discard.append(event.value)
            else:
                self._everyone(place, event.value)   # shown to all, then flipped back face down
        elif isinstance(event, PenaltyDrawn):
            if event.slot >= 0:
                self._drop((event.seat, event.slot))
        elif isinstance(event, Gave):
            if event.slot >= 0:
                self._move({(event.seat, event.slot): (event.owner, event.gap)})
        elif isinstance(event, Settled):
            if event.hand_over:
                self._move({(event.seat, event.slot): (event.slapper, event.to_slot)})
        elif isinstance(event, Reshuffled):
            self.discard[:] = self.discard[-1:]

    def sync(self, view: KombioView) -> None:
        """Drop what the table contradicts (a remembered place that is now a gap), take what the
        memory aid shows: a bot that joined late, or a table with the aid on, starts from the view."""
        hands = view.hands
        for owner, slot in list(self.values):
            if owner >= len(hands) or slot >= len(hands[owner]) or not hands[owner][slot]:
                del self.values[(owner, slot)]
        for owner, row in enumerate(view.memory or ()):
            for slot, value in enumerate(row):
                if value is not None:
                    self.values[(owner, slot)] = value
        if view.held is not None:
            self.held = view.held


def unseen_values(view: KombioView, seen: Seen) -> list[int]:
    """The values of the cards the seat cannot place: the deck less what it knows lies on the table,
    in the discard pile and in its hand as the drawn card (a value it knows more often than the deck
    holds, after a late join, counts only as often as the deck has it)."""
    left: dict[int, int] = {}
    for value in TABLE.decks[view.deck]:
        left[value] = left.get(value, 0) + 1
    known = [v for place, v in seen.values.items() if _holds(view, place)]
    known += _discard_values(view, seen)
    if view.held is not None:
        known.append(view.held)
    for value in known:
        if left.get(value, 0) > 0:
            left[value] -= 1
    return [v for v, n in sorted(left.items()) for _ in range(n)]


def _holds(view: KombioView, place: Place) -> bool:
    owner, slot = place
    return owner < len(view.hands) and slot < len(view.hands[owner]) and view.hands[owner][slot]


def _discard_values(view: KombioView, seen: Seen) -> list[int]:
    """The discard pile as the seat saw it: its memory if it agrees with the view, else the top."""
    pile = seen.discard
    if len(pile) == view.discard_count and (not pile or pile[-1] == view.top):
        return list(pile)
    return [view.top] if view.top is not None and view.discard_count else []


def state_from_view(view: KombioView, seen: Seen, rng: Rng) -> KombioState:
    """A full state that `seen.seat` cannot tell from the true one (see the module's docstring)."""
    seat = seen.seat
    values = TABLE.decks[view.deck]
    free: dict[int, list[int]] = {}
    for card, value in enumerate(values):
        free.setdefault(value, []).append(card)

    def take(value: int | None) -> int:
        ids = free.get(value) if value is not None else None
        return ids.pop() if ids else EMPTY

    hands: list[list[int]] = []
    blanks: list[tuple[int, list[int], int]] = []
    for owner, row in enumerate(view.hands):
        hand = [EMPTY] * len(row)
        for slot, holds in enumerate(row):
            if holds:
                card = take(seen.values.get((owner, slot)))
                hand[slot] = card
                if card < 0:
                    blanks.append((owner, hand, slot))
        hands.append(hand)
    pile = _discard_values(view, seen)
    discard = [take(v) for v in pile]
    held = take(view.held) if view.held is not None else EMPTY
    rest = [card for ids in free.values() for card in ids]
    rng.shuffle(rest)
    missing = view.discard_count - len(discard)
    # a pile it did not watch (a late join): cards it cannot place lie beneath the top
    discard = [rest.pop() for _ in range(max(0, missing))] + discard
    _deal_caller(view, seen, rng, blanks, rest, values)
    believed = [(hand, slot, seen.below[(owner, slot)]) for owner, hand, slot in blanks
                if (owner, slot) in seen.below and hand[slot] < 0]
    for hand, slot, bound in believed:
        # the last card of the shuffled rest that is under the bound: a random one of them
        under = next((i for i in range(len(rest) - 1, -1, -1) if values[rest[i]] < bound), len(rest) - 1)
        hand[slot] = rest.pop(under)
    for _owner, hand, slot in blanks:
        if hand[slot] < 0:
            hand[slot] = rest.pop()
    if view.holding and held < 0:
        held = rest.pop()
    draw = rest
    assert len(draw) == view.draw_count, (len(draw), view.draw_count)

    at = {(o, s): c for o, hand in enumerate(hands) for s, c in enumerate(hand) if c >= 0}
    known = []
    for s in range(view.players):
        places = set(seen.values) if s == seat else seen.places.get(s, set())
        mask = 0
        for place in places:
            card = at.get(place, EMPTY)
            if card >= 0:
                mask |= 1 << card
        known.append(mask)
    pending = []
    for p in view.pending:
        if p.kind == GIVE:
            slot = p.place[1] if p.place is not None else EMPTY
            pending.append(Pending(p.kind, p.seat, p.other, slot, EMPTY))
        else:
            # a wrong card its owner no longer holds lies somewhere it cannot be handed over from
            card = at.get(p.place, EMPTY) if p.place is not None else (discard[0] if discard else EMPTY)
            pending.append(Pending(p.kind, p.seat, p.other, EMPTY, card))
    return KombioState(
        players=view.players, deck=view.deck, rounds=view.rounds, memory_aid=view.memory_aid, values=values,
        phase=view.phase, turn=view.turn, first=view.first, hands=hands, draw=draw, discard=discard,
        scores=list(view.scores), known=known, round=view.round, held=held, serial=view.discard_serial,
        open=view.discard_open, matched=view.top_matched, attempted=_mask(view.attempted),
        looked=_mask(s for s, f in enumerate(view.looked) if f),
        had_turn=_mask(s for s, f in enumerate(view.had_turn) if f), caller=view.caller,
        final_left=_mask(view.final_left), final_turn=seen.final_turn, ability=view.ability_value,
        ability_looks=[at[p] for p in view.ability_looks if p in at], pending=pending,
        last_round=list(view.last_round), rng=Rng(rng.below(1 << 30)))


def _deal_caller(view: KombioView, seen: Seen, rng: Rng, blanks: list[tuple[int, list[int], int]],
                 rest: list[int], values: tuple[int, ...]) -> None:
    """After another seat's call, deals the cards it knew and this seat has not seen from `rest` so
    that its estimate of its hand (what it knew, the deck's mean for the rest) was at most the hard
    level's call_at: the first of CALL_TRIES random picks that fits, else the lowest picked."""
    caller = view.caller
    if caller < 0 or caller == seen.seat:
        return
    knew = seen.places.get(caller, set())
    dealt = [(hand, slot) for owner, hand, slot in blanks if owner == caller and (owner, slot) in knew]
    if not dealt or len(rest) < len(dealt):
        return
    mean = DECK_MEANS[view.deck]
    room = STYLES["hard"].call_at
    row = next(hand for owner, hand, _slot in blanks if owner == caller)
    for slot, card in enumerate(row):
        if (caller, slot) not in knew:
            room -= mean if view.hands[caller][slot] else 0.0
        elif card >= 0:
            room -= values[card]
    best: tuple[float, list[int]] | None = None
    for _ in range(CALL_TRIES):
        picks: list[int] = []
        while len(picks) < len(dealt):
            at = rng.below(len(rest))
            if at not in picks:
                picks.append(at)
        total = sum(values[rest[i]] for i in picks)
        if best is None or total < best[0]:
            best = (total, picks)
        if total <= room:
            break
    assert best is not None
    cards = [rest[i] for i in best[1]]
    for i in sorted(best[1], reverse=True):
        rest.pop(i)
    for (hand, slot), card in zip(dealt, cards, strict=True):
        hand[slot] = card


def _mask(seats: Iterable[int]) -> int:
    out = 0
    for s in seats:
        out |= 1 << s
    return out
