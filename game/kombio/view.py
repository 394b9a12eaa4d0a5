"""What a KOMBIO seat sees: its view, built from the state (`view_of`), and moved forward by one of its
events (`fold`), as screens and replays show it while the events are animated.

A view holds nothing of a card its seat has not seen, and what it has seen (`memory`) only with the
table's memory aid on. The fold needs nothing the view lacks: every movement of a card on the table
is public, so what a seat knows moves with the card (a swap, a give, a hand-over), a card that leaves
the table is forgotten, and a seat's own events carry what it alone sees (its look, its draw, its
peek). Where an event alone could not say it, the event carries it (TurnBegan's `final_left`, the
slot of ChoiceOwed).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.core.engine import Event

from .events import (
    Called,
    ChoiceOwed,
    Discarded,
    Drew,
    GameOver,
    Gave,
    Looked,
    Peeked,
    PenaltyDrawn,
    Replaced,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    Settled,
    Slapped,
    Swapped,
    Took,
    TurnBegan,
)
from .state import KombioState, flags_of, locks, seats_in, slapper_mask
from .table import ABILITY, DRAWN, EMPTY, GIVE, LOOK, OVER, PENALTY, TABLE, TURN, ability_of, dealt_draw_count

Place = tuple[int, int]            # (owner, slot)


@dataclass(frozen=True)
class PendingView:
    """A slap's follow-up choice, as every seat sees it."""

    kind: str                         # "give" or "penalty"
    seat: int                         # who owes the choice
    other: int                        # the gap's owner (give) or the slapper (penalty)
    place: Place | None               # give: the gap; penalty: the wrong card's, while its owner holds it


@dataclass(frozen=True)
class KombioView:
    """What view() returns. Nothing of a card a seat has not seen; what it has seen only with the
    memory aid on."""

    phase: str                        # "look", "turn", "drawn", "ability", "over"
    players: int
    deck: str
    rounds: int                       # 0: play to TABLE.target
    target: int
    memory_aid: bool
    round: int
    first: int                        # the seat that played first this round
    turn: int                         # the seat whose turn it is (-1 over)
    caller: int                       # -1: nobody has called
    final_left: tuple[int, ...]       # seats still owed a final turn after the call
    locked: tuple[bool, ...]          # per seat: its hand is locked (the caller's, three or more players)
    had_turn: tuple[bool, ...]        # per seat: has had a turn this round
    looked: tuple[bool, ...]          # per seat: has made its look this round
    scores: tuple[int, ...]
    last_round: tuple[int, ...]       # what each seat's score gained in the last round ended
    hands: tuple[tuple[bool, ...], ...]   # per seat, per slot: holds a card (False: a gap)
    memory: tuple[tuple[int | None, ...], ...]   # memory aid on and a seat: per seat, per slot, the value it knows
    held: int | None                  # the drawn card's value, to its holder only
    holding: bool                     # the seat to play holds a drawn card
    top: int | None                   # the top discard's value
    top_matched: bool                 # the top discard is a matched card (cannot be taken)
    discard_open: bool                # the top discard is open to slaps
    discard_serial: int               # the number of the last discard through play
    attempted: tuple[int, ...]        # seats that have slapped the open discard
    may_slap: tuple[int, ...]         # seats that may still slap it
    draw_count: int
    discard_count: int
    ability: str                      # the ability in use ("" none)
    ability_value: int                # the value of the card whose ability is in use (0 none)
    ability_looks: tuple[Place, ...]  # the places its looks pointed at, in order
    pending: tuple[PendingView, ...]
    choice_seconds: int

    def owed(self, seat: int) -> PendingView | None:
        """The first choice `seat` owes after a slap, if any."""
        return next((p for p in self.pending if p.seat == seat), None)

    def own_slots(self, seat: int) -> list[int]:
        """The slots of `seat`'s hand that hold a card."""
        return [i for i, held in enumerate(self.hands[seat]) if held]

    def known(self, owner: int, slot: int) -> int | None:
        """The value the memory aid shows at (owner, slot), if any."""
        memory = self.memory
        if owner < len(memory) and slot < len(memory[owner]):
            return memory[owner][slot]
        return None


def _made(**fields: Any) -> KombioView:
    """KombioView(**fields), equal to it, built without the frozen dataclass's __init__ (a setattr
    call per field, half the cost of a view): a playout builds and folds every seat's view at every
    step, and the fields here are the checked values of view_of and the fold."""
    view: KombioView = object.__new__(KombioView)
    view.__dict__.update(fields)
    return view


def view_of(state: KombioState, seat: int | None) -> KombioView:
    n = state.players
    values = state.values
    memory: tuple[tuple[int | None, ...], ...] = ()
    if state.memory_aid and seat is not None:
        mask = state.known[seat]
        memory = tuple([tuple([values[c] if c >= 0 and mask >> c & 1 else None for c in hand])
                        for hand in state.hands])
    pending: list[PendingView] = []
    for p in state.pending:
        if p.kind == GIVE:
            place: Place | None = (p.other, p.slot)
        else:
            hand = state.hands[p.seat]
            place = (p.seat, hand.index(p.card)) if p.card in hand else None
        pending.append(PendingView(p.kind, p.seat, p.other, place))
    looks = tuple(at for at in map(state.find, state.ability_looks) if at is not None) if state.ability_looks else ()
    slappers = 0
    if state.phase not in (LOOK, OVER):
        slappers = slapper_mask(n, state.open, state.caller, (h.count(EMPTY) != len(h) for h in state.hands),
                                state.attempted)
    ability = state.phase == ABILITY
    return _made(
        phase=state.phase, players=n, deck=state.deck, rounds=state.rounds, target=TABLE.target,
        memory_aid=state.memory_aid, round=state.round, first=state.first, turn=state.turn,
        caller=state.caller, final_left=seats_in(state.final_left), locked=locks(n, state.caller),
        had_turn=flags_of(state.had_turn, n), looked=flags_of(state.looked, n),
        scores=tuple(state.scores), last_round=tuple(state.last_round),
        hands=tuple([tuple([c >= 0 for c in hand]) for hand in state.hands]), memory=memory,
        held=values[state.held] if state.held >= 0 and seat == state.turn else None,
        holding=state.held >= 0,
        top=values[state.discard[-1]] if state.discard else None,
        top_matched=state.matched, discard_open=state.open, discard_serial=state.serial,
        attempted=seats_in(state.attempted), may_slap=seats_in(slappers),
        draw_count=len(state.draw), discard_count=len(state.discard),
        ability=ability_of(state.ability) if ability else "", ability_value=state.ability if ability else 0,
        ability_looks=looks, pending=tuple(pending), choice_seconds=TABLE.choice_seconds)



def revealed_of(state: KombioState) -> KombioView:
    """The spectator's view with every card's value where the memory aid shows what a seat knows
    (a replay watched with everything revealed): the screen draws each card's value on its back."""
    values = state.values
    memory = tuple(tuple(values[c] if c >= 0 else None for c in hand) for hand in state.hands)
    return dataclasses.replace(view_of(state, None), memory=memory, memory_aid=True)

# -- the fold ----------------------------------------------------------------------------------------


@dataclass
class _Draft:
    """A view being folded: the fields an event changes, as mutable copies. The fields derived from
    others (locked, may_slap) are worked out once, as the draft becomes a view again."""

    phase: str
    turn: int
    caller: int
    final_left: tuple[int, ...]
    had_turn: list[bool]
    looked: list[bool]
    hands: list[list[bool]]
    memory: list[list[int | None]] | None      # None: the view shows no memory
    held: int | None
    holding: bool
    top: int | None
    top_matched: bool
    discard_open: bool
    discard_serial: int
    attempted: set[int]
    draw_count: int
    discard_count: int
    ability: str
    ability_value: int
    looks: list[Place]
    pending: list[PendingView]

    @staticmethod
    def of(view: KombioView) -> _Draft:
        return _Draft(view.phase, view.turn, view.caller, view.final_left, list(view.had_turn), list(view.looked),
                      [list(h) for h in view.hands], [list(m) for m in view.memory] if view.memory else None,
                      view.held, view.holding, view.top, view.top_matched, view.discard_open, view.discard_serial,
                      set(view.attempted), view.draw_count, view.discard_count, view.ability, view.ability_value,
                      list(view.ability_looks), list(view.pending))

    def view(self, old: KombioView, round: int, first: int, scores: tuple[int, ...],
             last_round: tuple[int, ...]) -> KombioView:
        n = old.players
        slappers = 0
        if self.phase not in (LOOK, OVER):
            attempted = sum(1 << s for s in self.attempted)
            slappers = slapper_mask(n, self.discard_open, self.caller, map(any, self.hands), attempted)
        ability = self.phase == ABILITY
        return _made(
            phase=self.phase, players=n, deck=old.deck, rounds=old.rounds, target=old.target,
            memory_aid=old.memory_aid, round=round, first=first, turn=self.turn, caller=self.caller,
            final_left=self.final_left, locked=locks(n, self.caller), had_turn=tuple(self.had_turn),
            looked=tuple(self.looked), scores=scores, last_round=last_round,
            hands=tuple([tuple(hand) for hand in self.hands]),
            memory=tuple([tuple(row) for row in self.memory]) if self.memory is not None else (),
            held=self.held, holding=self.holding, top=self.top, top_matched=self.top_matched,
            discard_open=self.discard_open, discard_serial=self.discard_serial,
            attempted=tuple(sorted(self.attempted)), may_slap=seats_in(slappers),
            draw_count=self.draw_count, discard_count=self.discard_count,
            ability=self.ability if ability else "", ability_value=self.ability_value if ability else 0,
            ability_looks=tuple(self.looks) if ability else (), pending=tuple(self.pending),
            choice_seconds=old.choice_seconds)

    # -- cards on the table --

    def slot(self, owner: int, slot: int) -> None:
        """Make room for `slot` in `owner`'s hand (a card joining it fills a gap or a new slot)."""
        hand = self.hands[owner]
        while len(hand) <= slot:
            hand.append(False)
            if self.memory is not None:
                self.memory[owner].append(None)

    def know(self, owner: int, slot: int, value: int | None) -> None:
        if self.memory is not None and value is not None:
            self.memory[owner][slot] = value

    def relocate(self, moves: dict[Place, Place | None]) -> None:
        """Cards moved from each place to another (None: off the table); what is known of them, an
        ability's looks and a wrong card's place move with them."""
        seen = {src: self.memory[src[0]][src[1]] for src in moves} if self.memory is not None else {}
        for owner, slot in moves:
            self.hands[owner][slot] = False
            if self.memory is not None:
                self.memory[owner][slot] = None
        for src, dst in moves.items():
            if dst is not None:
                self.slot(*dst)
                self.hands[dst[0]][dst[1]] = True
                if self.memory is not None:
                    self.memory[dst[0]][dst[1]] = seen[src]
        self.looks = [q for q in (moves.get(p, p) for p in self.looks) if q is not None]
        pending = []
        for p in self.pending:
            if p.kind == PENALTY and p.place is not None and p.place in moves:
                place = moves[p.place]
                # the view follows a wrong card only while its owner holds it (view_of)
                p = dataclasses.replace(p, place=place if place is not None and place[0] == p.seat else None)
            pending.append(p)
        self.pending = pending

    def opened(self, value: int, serial: int) -> None:
        """A card lands face up on the discard pile through play: a new discard, open to slaps."""
        self.top, self.discard_serial = value, serial
        self.discard_open, self.top_matched, self.attempted = True, False, set()

    def settled(self, seat: int, kind: str) -> None:
        for i, p in enumerate(self.pending):
            if p.seat == seat and p.kind == kind:
                del self.pending[i]
                return


def _round_started(d: _Draft, e: RoundStarted, v: KombioView) -> dict[str, Any]:
    n, size = v.players, TABLE.hand_size
    d.phase, d.turn, d.caller, d.final_left = LOOK, e.first, EMPTY, ()
    d.had_turn, d.looked = [False] * n, [False] * n
    d.hands = [[True] * size for _ in range(n)]
    d.memory = [[None] * size for _ in range(n)] if d.memory is not None else None
    d.held, d.holding, d.top, d.top_matched, d.discard_open, d.attempted = None, False, None, False, False, set()
    d.draw_count, d.discard_count = dealt_draw_count(v.deck, n), 0
    d.ability, d.ability_value, d.looks, d.pending = "", 0, [], []
    return {"round": e.round, "first": e.first}


def _looked(d: _Draft, e: Looked, v: KombioView) -> None:
    d.looked[e.seat] = True
    for slot, value in zip(e.slots, e.values):
        d.know(e.seat, slot, value)


def _turn_began(d: _Draft, e: TurnBegan, v: KombioView) -> None:
    if d.phase != LOOK:
        d.had_turn[d.turn] = True
    d.phase, d.turn, d.final_left = TURN, e.seat, e.final_left
    d.ability, d.ability_value, d.looks = "", 0, []


def _drew(d: _Draft, e: Drew, v: KombioView) -> None:
    d.phase, d.holding, d.held = DRAWN, True, e.value
    d.draw_count -= 1


def _took(d: _Draft, e: Took, v: KombioView) -> None:
    d.know(e.seat, e.slot, e.value)        # it lay face up: all saw where it went
    d.opened(e.discarded, e.serial)


def _replaced(d: _Draft, e: Replaced, v: KombioView) -> None:
    if d.memory is not None:
        d.memory[e.seat][e.slot] = d.held   # the holder knows the card it placed; nobody else does
    d.held, d.holding = None, False
    d.discard_count += 1
    d.opened(e.discarded, e.serial)


def _discarded(d: _Draft, e: Discarded, v: KombioView) -> None:
    d.held, d.holding = None, False
    d.discard_count += 1
    d.opened(e.value, e.serial)
    if e.ability:
        d.phase, d.ability, d.ability_value, d.looks = ABILITY, e.ability, e.value, []
    else:
        d.phase = TURN


def _peeked(d: _Draft, e: Peeked, v: KombioView) -> None:
    d.know(e.owner, e.slot, e.value)
    d.looks.append((e.owner, e.slot))


def _swapped(d: _Draft, e: Swapped, v: KombioView) -> None:
    d.relocate({e.a: e.b, e.b: e.a})


def _called(d: _Draft, e: Called, v: KombioView) -> None:
    d.caller = e.seat
    d.final_left = tuple(s for s in range(v.players) if s != e.seat)


def _slapped(d: _Draft, e: Slapped, v: KombioView) -> None:
    d.attempted.add(e.seat)
    if e.right:
        d.relocate({(e.owner, e.slot): None})
        d.top, d.discard_open, d.top_matched = e.value, False, True
        d.discard_count += 1
    elif d.memory is not None:
        d.memory[e.owner][e.slot] = e.value      # shown to all, then flipped back face down


def _penalty_drawn(d: _Draft, e: PenaltyDrawn, v: KombioView) -> None:
    if e.slot < 0:
        return
    d.slot(e.seat, e.slot)
    d.hands[e.seat][e.slot] = True
    if d.memory is not None:
        d.memory[e.seat][e.slot] = None          # a card nobody saw
    d.draw_count -= 1


def _choice_owed(d: _Draft, e: ChoiceOwed, v: KombioView) -> None:
    place = (e.other, e.slot) if e.kind == GIVE else (e.seat, e.slot)
    d.pending.append(PendingView(e.kind, e.seat, e.other, place))


def _gave(d: _Draft, e: Gave, v: KombioView) -> None:
    d.settled(e.seat, GIVE)
    if e.slot >= 0:
        d.relocate({(e.seat, e.slot): (e.owner, e.gap)})


def _settled(d: _Draft, e: Settled, v: KombioView) -> None:
    d.settled(e.seat, PENALTY)
    if e.hand_over:
        d.relocate({(e.seat, e.slot): (e.slapper, e.to_slot)})


def _reshuffled(d: _Draft, e: Reshuffled, v: KombioView) -> None:
    d.draw_count, d.discard_count = e.count, 1


def _round_ended(d: _Draft, e: RoundEnded, v: KombioView) -> dict[str, Any]:
    if d.turn >= 0:
        d.had_turn[d.turn] = True              # the turn that ended the round
    d.phase, d.discard_open, d.top_matched, d.attempted = TURN, False, False, set()
    d.ability, d.ability_value, d.looks = "", 0, []
    return {"scores": e.scores, "last_round": e.added}


def _game_over(d: _Draft, e: GameOver, v: KombioView) -> None:
    d.phase, d.turn, d.caller, d.final_left = OVER, EMPTY, EMPTY, ()


_FOLDS: dict[type[Event], Callable[[_Draft, Any, KombioView], dict[str, Any] | None]] = {
    RoundStarted: _round_started, Looked: _looked, TurnBegan: _turn_began, Drew: _drew, Took: _took,
    Replaced: _replaced, Discarded: _discarded, Peeked: _peeked, Swapped: _swapped, Called: _called,
    Slapped: _slapped, PenaltyDrawn: _penalty_drawn, ChoiceOwed: _choice_owed, Gave: _gave, Settled: _settled,
    Reshuffled: _reshuffled, RoundEnded: _round_ended, GameOver: _game_over,
}


def fold(view: KombioView, event: Event) -> KombioView:
    """`view` after `event`, one of its seat's events as the engine's `redact` gave them."""
    step = _FOLDS.get(type(event))
    if step is None:
        return view          # Skipped, Passed: what follows them says what changed
    draft = _Draft.of(view)
    changed = step(draft, event, view) or {}
    return draft.view(view, changed.get("round", view.round), changed.get("first", view.first),
                      changed.get("scores", view.scores), changed.get("last_round", view.last_round))


__all__ = ["KombioView", "PendingView", "fold", "view_of"]
