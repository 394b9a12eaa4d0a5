"""The Expert's playouts: a round played on a determinised state (determinise.state_from_view), every
seat as the hard level plays (bot.py's MemoryBot with STYLES["hard"]), each from what that seat knows
in the state (its `known` mask, which moves with the cards as a memory does).

The rules the hard level plays by are bot.py's, read here from the state instead of a view: a call
on a low estimated hand lower than every other; the discard taken for a known card at least
`take_margin` higher, or for an unseen one when it is very low; a drawn card kept in place of a higher
known card (or an unseen one when it is low), discarded when it has a known twin to slap; every
ability used (looks at unseen cards, swaps of its high cards away); the worst card given; a wrong
card handed over when that pays. Unseen cards are worth the deck's mean, as to the hard level.

Slaps come before any duty (a reaction is quicker than a turn's move, as at the table): every seat
that knows a card matching the open discard wants to slap, and one of them, at random, wins the
race (equal reaction ranges), slapping the card it gains most by.
"""
from __future__ import annotations

from typing import Any

from game.core.engine import Action, Engine
from game.core.rng import Rng

from .actions import (
    CALLS,
    DISCARDS,
    DRAWS,
    GIVES,
    LOOKS,
    PEEKS,
    REPLACES,
    SETTLES,
    SKIPS,
    TAKES,
    Peek,
    Swap,
    slap_row,
    swap_of,
)
from .bot import BLIND_SWAP_GAIN, GIVE_COST, HIGH_LOOK, LOW_DRAWN, LOW_TAKE, STYLES, SWAP_GAIN
from .determinise import DECK_MEANS
from .state import KombioState, holds_card, slapper_mask
from .table import (
    ABILITY,
    BLIND_SWAP,
    DOUBLE_LOOK_SWAP,
    DRAWN,
    EMPTY,
    GIVE,
    LOOK,
    LOOK_OTHER,
    LOOK_OWN,
    LOOK_SWAP,
    OVER,
    TABLE,
    TURN,
)
from .view import Place

HARD = STYLES["hard"]
MEANS = DECK_MEANS      # what an unseen card is worth to the hard level


def playout_action(engine: Engine[Any], position: Any, rng: Rng) -> Action:
    """The next action of a playout (see the module's docstring)."""
    state: KombioState = position
    if state.phase == LOOK:
        return LOOKS[next(s for s in range(state.players) if not state.looked >> s & 1)]
    if state.open and state.discard:
        slap = _slap(state, rng)
        if slap is not None:
            return slap
    mean = MEANS[state.deck]
    if state.pending:
        return _settle(state, mean)
    seat = state.turn
    phase = state.phase
    if phase == TURN:
        return _turn(engine, state, seat, mean)
    if phase == DRAWN:
        return _drawn(state, seat, mean)
    if phase == ABILITY:
        return _ability(engine, state, seat, mean)
    return engine.legal_actions(state, seat)[0]


def _worth(state: KombioState, seat: int, card: int, mean: float) -> float:
    return state.values[card] if state.known[seat] >> card & 1 else mean


def _total(state: KombioState, seat: int, owner: int, mean: float) -> float:
    return sum(_worth(state, seat, c, mean) for c in state.hands[owner] if c >= 0)


def _highest_known(state: KombioState, seat: int) -> tuple[int, int] | None:
    """(value, slot) of its highest known card, ties to the later slot (as MemoryBot's max)."""
    known, values = state.known[seat], state.values
    found = [(values[c], i) for i, c in enumerate(state.hands[seat]) if c >= 0 and known >> c & 1]
    return max(found) if found else None


def _settle(state: KombioState, mean: float) -> Action:
    item = state.pending[0]
    seat = item.seat
    hand = state.hands[seat]
    if item.kind == GIVE:
        # its worst card, a known one before an unknown one of the same worth, the first of equals
        known = state.known[seat]
        best = max(((_worth(state, seat, c, mean), bool(known >> c & 1), -i) for i, c in enumerate(hand) if c >= 0))
        return GIVES[seat][-best[2]]
    # the wrong card was shown to all: hand it over when moving it is worth more than an unseen card
    hand_over = item.card in hand and 2 * state.values[item.card] > mean
    return SETTLES[seat][1 if hand_over else 0]


def _turn(engine: Engine[Any], state: KombioState, seat: int, mean: float) -> Action:
    mine = _total(state, seat, seat, mean)
    if mine <= HARD.call_at:
        others = min((_total(state, seat, o, mean) for o in range(state.players) if o != seat), default=mine + 1)
        if mine < others and CALLS[seat] in engine.legal_actions(state, seat):
            return CALLS[seat]
    if state.discard and not state.matched and not state.locked(seat):
        top = state.values[state.discard[-1]]
        hand = state.hands[seat]
        highest = _highest_known(state, seat)
        if highest is not None and highest[0] - top >= HARD.take_margin:
            return TAKES[seat][highest[1]]
        if top <= LOW_TAKE:
            known = state.known[seat]
            unknown = [i for i, c in enumerate(hand) if c >= 0 and not known >> c & 1]
            if unknown:
                return TAKES[seat][unknown[0]]
    if state.draw or len(state.discard) > 1:
        return DRAWS[seat]
    return engine.legal_actions(state, seat)[0]


def _drawn(state: KombioState, seat: int, mean: float) -> Action:
    held = state.values[state.held]
    if state.locked(seat):
        return DISCARDS[seat]
    hand, known, values = state.hands[seat], state.known[seat], state.values
    if held > 0 and any(c >= 0 and known >> c & 1 and values[c] == held for c in hand):
        return DISCARDS[seat]        # discard it and slap its twin from the hand: two cards gone
    best, slot = 0.0, -1
    for i, c in enumerate(hand):
        if c < 0:
            continue
        gain = values[c] - held if known >> c & 1 else (mean - held if held <= LOW_DRAWN else 0.0)
        if gain > best:
            best, slot = gain, i
    return REPLACES[seat][slot] if slot >= 0 else DISCARDS[seat]


def _ability(engine: Engine[Any], state: KombioState, seat: int, mean: float) -> Action:
    skip = SKIPS[seat]
    kind = TABLE.abilities.get(state.ability, "")
    known = state.known[seat]
    hands = state.hands
    if kind == LOOK_OWN:
        if not state.locked(seat):
            for slot, card in enumerate(hands[seat]):
                if card >= 0 and not known >> card & 1:
                    return PEEKS[seat][seat][slot]
        return skip
    if kind == LOOK_OTHER:
        for owner, hand in enumerate(hands):
            if owner != seat and not state.locked(owner):
                for slot, card in enumerate(hand):
                    if card >= 0 and not known >> card & 1:
                        return PEEKS[seat][owner][slot]
        return skip
    if kind == BLIND_SWAP:
        # the swaps the engine lists, any two places of hands not locked, without building them all
        places = [(o, i) for o, hand in enumerate(hands) if not state.locked(o) for i, c in enumerate(hand) if c >= 0]
        pairs = [(a, b) for j, a in enumerate(places) for b in places[j + 1:]]
        return _best_swap(state, seat, pairs, mean, BLIND_SWAP_GAIN) or skip
    steps = engine.legal_actions(state, seat)
    if kind not in (LOOK_SWAP, DOUBLE_LOOK_SWAP):
        return skip
    peeks = [a for a in steps if isinstance(a, Peek)]
    if not peeks:
        return _best_swap(state, seat, [(a.a, a.b) for a in steps if isinstance(a, Swap)], mean, SWAP_GAIN) or skip

    def seen(p: Peek) -> bool:
        return bool(known >> hands[p.owner][p.slot] & 1)

    if state.ability_looks and kind == DOUBLE_LOOK_SWAP:
        # the second look: another seat's card, its lowest known one, else its first unseen one
        others = [p for p in peeks if p.owner != seat]
        low = sorted((p for p in others if seen(p)), key=lambda p: state.values[hands[p.owner][p.slot]])
        pick = low[:1] or [p for p in others if not seen(p)][:1]
        return pick[0] if pick else skip
    highest = _highest_known(state, seat)
    if highest is not None and highest[0] >= HIGH_LOOK:
        mine = [p for p in peeks if (p.owner, p.slot) == (seat, highest[1])]
        if mine:
            return mine[0]           # its high card: the swap needs the look first
    own_unknown = [p for p in peeks if p.owner == seat and not seen(p)]
    return own_unknown[0] if own_unknown else peeks[0]


def _best_swap(state: KombioState, seat: int, pairs: list[tuple[Place, Place]], mean: float,
               least: float) -> Action | None:
    """The swap of a pair of places, one in its hand and one in another's, that moves a card away for
    a lower one, if it gains at least `least` (two cards it has not seen gain nothing on average)."""
    known = state.known[seat]
    hands = state.hands
    best: tuple[float, Place, Place] | None = None
    for a, b in pairs:
        if (a[0] == seat) == (b[0] == seat):
            continue
        mine, theirs = (a, b) if a[0] == seat else (b, a)
        ours, other = hands[mine[0]][mine[1]], hands[theirs[0]][theirs[1]]
        if not (known >> ours & 1 or known >> other & 1):
            continue
        gain = _worth(state, seat, ours, mean) - _worth(state, seat, other, mean)
        if gain >= least and (best is None or gain > best[0]):
            best = (gain, a, b)
    return swap_of(seat, best[1], best[2]) if best else None


def _slap(state: KombioState, rng: Rng) -> Action | None:
    values = state.values
    top = values[state.discard[-1]]
    hands = state.hands
    locked = state.caller if state.players >= TABLE.lock_min_players else EMPTY
    # most discards match no card on the table: that is found before anyone's knowledge is read
    matches = [(owner, slot, card) for owner, hand in enumerate(hands) if owner != locked
               for slot, card in enumerate(hand) if card >= 0 and values[card] == top]
    if not matches:
        return None
    mask = slapper_mask(state.players, state.open, state.caller, map(holds_card, hands), state.attempted)
    mean = MEANS[state.deck]
    wanted: list[Action] = []
    for seat in range(state.players):
        if not mask >> seat & 1:
            continue
        known = state.known[seat]
        own = [c for c in hands[seat] if c >= 0]
        give = max((_worth(state, seat, c, mean) for c in own), default=None)
        best: tuple[float, int, int] | None = None
        for owner, slot, card in matches:
            if not known >> card & 1:
                continue
            if owner == seat:
                gain = float(top)
            elif give is not None:
                gain = give - GIVE_COST
            else:
                continue
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, owner, slot)
        if best is not None:
            wanted.append(slap_row(seat, best[1], state.serial, len(hands[best[1]]))[best[2]])
    return rng.choice(wanted) if wanted else None


def round_value(engine: Engine[Any], state: KombioState, seat: int, rng: Rng, limit: int = 400) -> float:
    """Plays the round out with `playout_action`: 1 if `seat` ends it with the lowest added score
    (shared among ties), else 0 (also when the round is still on after `limit` actions)."""
    start = state.round
    for _ in range(limit):
        if state.phase == OVER or state.round != start:
            added = state.last_round
            low = min(added)
            return 1.0 / added.count(low) if added[seat] == low else 0.0
        engine.apply(state, playout_action(engine, state, rng))
    return 0.0
