"""KOMBIO rules engine: pure, no pygame, no I/O, no clock (rules: shared/rules/kombio.txt, which wins
over kombio-alternate.txt, and the KOMBIO part of DECISIONS.md).

A hand's slot holds a card or EMPTY (a gap left by a match or a card given away; table.py). A card
that joins a hand (a penalty, a card handed over) fills the first gap not waiting for a given card,
else a new slot at the end: hands grow past four and shrink with gaps.

Phases of a round:
- "look": every seat makes `Look` once, in any order (all of them may act at once): a private
  `Looked` event with the two cards of its near row. A hot-seat screen walks the seats in seat order
  behind a curtain; on the LAN each seat looks when its player is ready. Default: `Look`.
- "turn": the seat to play chooses `Draw`, `Take` (the top discard, unless matched, for a hand card),
  `Call` (once every seat has had a turn this round, if nobody has called) or, only when it can
  neither draw nor take (both piles used up: random play gets there), `Pass`.
- "drawn": it holds the drawn card (only it sees it): `Replace` a hand card (that card is discarded)
  or `Discard` the drawn card directly.
- "ability": a drawn 7–14 discarded directly: the ability's steps (`Peek`, `Swap`) or `Skip` at any
  step (not using it, or not swapping after looking).
- "over": the game has ended.

Slaps (matching) are simultaneous: every card that lands face up on the discard pile through play
gets the next discard serial (`discard_serial`, counted over the whole game) and opens; any seat
may `Slap` a card on the table onto it, one attempt per seat per discard, naming the serial it
answers. The first right card closes it; a slap naming an older discard is refused without penalty
(IllegalActionError, nothing changes). `to_act` holds the seat whose turn it is and every seat that
may still slap, so the random-playout chooser and the host both see them. Slaps never advance the turn.

A slap's follow-up choice (`Give`: which own card goes into the gap after matching an opponent's
card; `Settle`: the opponent of a failed slap hands the wrong card over or keeps it and makes the
slapper draw) pauses the turn but not the slaps; several can be owed at once, each seat answers its
own in the order they arose. Time never enters the engine: `default_action(state, seat)` is the
action a silent seat's pending choice falls back to (the first own card; keep the card and make the
slapper draw; the look), and the client or host submits it when its clock says so
(TABLE.choice_seconds, 10 s, is data for that clock).

Knowledge (state.py) moves with the cards; views (view.py) show a seat's knowledge only with the
table's "memory aid" option on (off by default).

The game's parts: table.py (the numbers, decks, names, phases and options), actions.py, events.py,
state.py, view.py (the view and its fold) and this engine.

Where the texts leave a point open, DECISIONS.md rules; what this engine adds is marked *ruling* in
the code and listed in the report of the issue (kombio.txt wins over the alternate text):
- The lock of the caller's hand and the caller's ban on matching both lift with two players (one
  sentence of kombio.txt, "unless playing with only 2 players", governs both).
- An automatic call (a hand at zero cards) happens at once, even outside its owner's turn; the turn
  in progress is finished and is not a final turn; if the caller was about to start its turn, the
  call is that turn. After any call every other seat plays one final turn, in seat order.
- The round ends when the last final turn ends: its discard is not open to slaps.
- A slap of a card whose slot a 13's or 14's look pointed at is allowed; the ability then swaps the
  looked card wherever it is, or offers only Skip if it left the table.
- A wrong card may be slapped again on the same discard by another seat; its owner can hand it over
  only while it still holds it.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from game.core.engine import (
    Action,
    Engine,
    Event,
    GameConfig,
    GameType,
    Outcome,
    Termination,
    rank_winners,
)
from game.core.errors import ConfigError, IllegalActionError
from game.core.rng import Rng
from game.core.seats import seat_name
from game.core.view import ViewCodec
from game.core.wire import WireCodec

from .actions import (
    ACTION_CLASSES,
    CALLS,
    DISCARDS,
    DRAWS,
    GIVES,
    LOOKS,
    PASSES,
    PEEKS,
    REPLACES,
    SETTLES,
    SKIPS,
    SLAP_ROWS,
    TAKES,
    Call,
    Discard,
    Draw,
    Give,
    Look,
    Pass,
    Peek,
    Replace,
    Settle,
    Skip,
    Slap,
    Swap,
    Take,
    slap_row,
    swap_of,
)
from .events import (
    EVENT_CLASSES,
    Called,
    ChoiceOwed,
    Discarded,
    Drew,
    GameOver,
    Gave,
    Looked,
    Passed,
    Peeked,
    PenaltyDrawn,
    Replaced,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    Settled,
    Skipped,
    Slapped,
    Swapped,
    Took,
    TurnBegan,
)
from .state import KombioState, Pending, hand_total, holds_card, seats_in, slapper_mask
from .table import (
    ABILITY,
    ABILITY_VALUES,
    BLIND_SWAP,
    DRAWN,
    EMPTY,
    GIVE,
    LOOK,
    LOOK_OTHER,
    LOOK_OWN,
    LOOK_SWAP,
    MAX_SLOTS,
    OVER,
    PENALTY,
    SEATS,
    TABLE,
    TURN,
    KombioConfig,
    ability_of,
)
from .view import KombioView, fold, revealed_of, view_of

_SEAT_SETS = tuple(frozenset(s for s in range(SEATS) if m >> s & 1) for m in range(1 << SEATS))


# -- the engine -----------------------------------------------------------------------------------


class KombioEngine(Engine[KombioState]):
    key: ClassVar[str] = "kombio"
    title: ClassVar[str] = "KOMBIO"
    min_players: ClassVar[int] = TABLE.min_players
    max_players: ClassVar[int] = TABLE.max_players
    actions: ClassVar[WireCodec] = WireCodec(ACTION_CLASSES)
    events: ClassVar[WireCodec] = WireCodec(EVENT_CLASSES)
    configs: ClassVar[WireCodec] = WireCodec([KombioConfig])
    views: ClassVar[ViewCodec[KombioView]] = ViewCodec(KombioView)
    game_type: ClassVar[GameType] = GameType(hidden_information=True, simultaneous=True)

    # -- setup --

    def new_game(self, config: GameConfig, seed: int) -> KombioState:
        if not isinstance(config, KombioConfig):
            raise ConfigError("KOMBIO needs a KombioConfig")
        self.check_config(config)
        n = config.players
        values = TABLE.decks[config.deck]
        state = KombioState(
            players=n, deck=config.deck, rounds=config.rounds, memory_aid=config.memory_aid,
            values=values, phase=LOOK, turn=0, first=0, hands=[[] for _ in range(n)],
            draw=list(range(len(values))), discard=[], scores=[0] * n, known=[0] * n,
            last_round=[0] * n, rng=Rng(seed))
        self._deal(state)
        return state

    def opening_events(self, state: KombioState) -> list[Event]:
        """What a screen shows for the deal of the first round, as events."""
        return [RoundStarted(state.round, state.first)]

    def _deal(self, state: KombioState) -> None:
        cards = list(range(len(state.values)))
        state.rng.shuffle(cards)
        size = TABLE.hand_size
        state.hands = [[cards.pop() for _ in range(size)] for _ in range(state.players)]
        state.draw, state.discard = cards, []
        state.known = [0] * state.players
        state.phase, state.turn = LOOK, state.first
        state.held, state.open, state.matched, state.attempted = EMPTY, False, False, 0
        state.looked = state.had_turn = 0
        state.caller, state.final_left, state.final_turn = EMPTY, 0, False
        state.ability, state.ability_looks, state.pending = 0, [], []

    # -- queries --

    @staticmethod
    def _slappers(state: KombioState) -> int:
        """Bit mask of the seats that may slap the open discard now (none if no card may be flipped)."""
        return slapper_mask(state.players, state.open, state.caller,
                            (hand.count(EMPTY) != len(hand) for hand in state.hands), state.attempted)

    def to_act(self, state: KombioState) -> frozenset[int]:
        phase = state.phase
        if phase == OVER:
            return _SEAT_SETS[0]
        if phase == LOOK:
            return _SEAT_SETS[((1 << state.players) - 1) & ~state.looked]
        mask = self._slappers(state)
        if state.pending:
            for item in state.pending:
                mask |= 1 << item.seat
        else:
            mask |= 1 << state.turn
        return _SEAT_SETS[mask]

    def legal_actions(self, state: KombioState, seat: int) -> list[Action]:
        phase = state.phase
        if phase == OVER or not 0 <= seat < state.players:
            return []
        if phase == LOOK:
            return [] if state.looked >> seat & 1 else [LOOKS[seat]]
        out: list[Action] = []
        if state.pending:
            item = self._owed(state, seat)
            if item is not None:
                out += self._choices(state, item)
        elif seat == state.turn:
            out += self._turn_actions(state, seat)
        if state.open and not state.attempted >> seat & 1:
            out += self._slaps(state, seat)
        return out

    def _owed(self, state: KombioState, seat: int) -> Pending | None:
        for item in state.pending:
            if item.seat == seat:
                return item
        return None

    @staticmethod
    def _owed_give(state: KombioState, seat: int) -> Pending | None:
        for item in state.pending:
            if item.seat == seat and item.kind == GIVE:
                return item
        return None

    def _choices(self, state: KombioState, item: Pending) -> list[Action]:
        seat = item.seat
        if item.kind == GIVE:
            gives = GIVES[seat]
            return [gives[i] for i, c in enumerate(state.hands[seat]) if c >= 0]
        if item.card in state.hands[seat]:
            return list(SETTLES[seat])
        return [SETTLES[seat][0]]

    def _turn_actions(self, state: KombioState, seat: int) -> list[Action]:
        phase = state.phase
        hand = state.hands[seat]
        if phase == TURN:
            out: list[Action] = []
            can_draw = bool(state.draw) or len(state.discard) > 1
            if can_draw:
                out.append(DRAWS[seat])
            can_take = False
            if state.discard and not state.matched and not state.locked(seat):
                takes = TAKES[seat]
                for i, c in enumerate(hand):
                    if c >= 0:
                        out.append(takes[i])
                        can_take = True
            if state.caller < 0 and state.had_turn == (1 << state.players) - 1:
                out.append(CALLS[seat])
            if not can_draw and not can_take:
                out.append(PASSES[seat])
            return out
        if phase == DRAWN:
            replaces = REPLACES[seat]
            out = [replaces[i] for i, c in enumerate(hand) if c >= 0] if not state.locked(seat) else []
            out.append(DISCARDS[seat])
            return out
        return self._ability_steps(state, seat) + [SKIPS[seat]]

    def _places(self, state: KombioState, owners: Iterable[int]) -> list[tuple[int, int]]:
        return [(o, i) for o in owners if not state.locked(o)
                for i, c in enumerate(state.hands[o]) if c >= 0]

    def _ability_steps(self, state: KombioState, seat: int) -> list[Action]:
        """The ability's next step (without Skip)."""
        kind = TABLE.abilities[state.ability]
        peeks = PEEKS[seat]
        n = state.players
        if kind == LOOK_OWN:
            return [peeks[o][i] for o, i in self._places(state, (seat,))]
        if kind == LOOK_OTHER:
            return [peeks[o][i] for o, i in self._places(state, (o for o in range(n) if o != seat))]
        places = self._places(state, range(n))
        if kind == BLIND_SWAP:
            return [swap_of(seat, a, b) for j, a in enumerate(places) for b in places[j + 1:]]
        looks = state.ability_looks
        if kind == LOOK_SWAP:
            if not looks:
                return [peeks[o][i] for o, i in places]
            at = state.find(looks[0])
            if at is None or state.locked(at[0]):
                return []
            return [swap_of(seat, at, b) for b in places if b != at]
        # DOUBLE_LOOK_SWAP
        if not looks:
            return [peeks[o][i] for o, i in places]
        if len(looks) == 1:
            first = state.find(looks[0])
            return [peeks[o][i] for o, i in places if (o, i) != first]
        at, other = state.find(looks[0]), state.find(looks[1])
        if at is None or other is None or state.locked(at[0]) or state.locked(other[0]):
            return []
        return [swap_of(seat, at, other)]

    def _slaps(self, state: KombioState, seat: int) -> list[Action]:
        locked = state.caller if state.players >= TABLE.lock_min_players else EMPTY   # as locked()
        if seat == locked:
            return []
        serial = state.serial
        out: list[Action] = []
        rows = SLAP_ROWS
        base = (serial * SEATS + seat) * SEATS
        for owner, hand in enumerate(state.hands):
            if owner == locked or not hand:
                continue
            row = rows.get(base + owner)
            if row is None or len(row) < len(hand):
                row = slap_row(seat, owner, serial, len(hand))
            if EMPTY in hand:
                out += [row[i] for i, c in enumerate(hand) if c >= 0]
            else:
                out += row[:len(hand)]
        return out

    def default_action(self, state: KombioState, seat: int) -> Action | None:
        """What a silent seat falls back to when the client's or host's clock says so (after
        TABLE.choice_seconds): the look at the start of a round, and a slap's follow-up choice (give
        the first own card; keep the wrong card and make the slapper draw). None when the seat owes
        no such choice (a turn waits for its player; a slap is never made for anyone)."""
        if state.phase == LOOK:
            return None if state.looked >> seat & 1 else LOOKS[seat]
        item = self._owed(state, seat)
        if item is None:
            return None
        if item.kind == GIVE:
            return self._choices(state, item)[0]
        return SETTLES[seat][0]

    def outcome(self, state: KombioState) -> Outcome | None:
        if state.phase != OVER:
            return None
        ending = Termination.ROUNDS_DONE if state.rounds else Termination.TARGET_SCORE
        return Outcome(tuple(state.scores), rank_winners(state.scores, lowest_wins=True), ending)

    # -- apply --

    def apply(self, state: KombioState, action: Action) -> list[Event]:
        phase = state.phase
        if phase == OVER:
            raise IllegalActionError("the game is over", action)
        seat = action.seat
        if not 0 <= seat < state.players:
            raise IllegalActionError(f"there is no seat {seat + 1} at this table", action)
        kind = type(action)
        if kind is Slap:
            assert isinstance(action, Slap)
            return self._slap(state, action)
        if phase == LOOK:
            if kind is not Look:
                raise IllegalActionError("first every player looks at their near row", action)
            return self._look(state, seat)
        if kind is Give or kind is Settle:
            return self._settle(state, action)
        if kind is Look:
            raise IllegalActionError("the near row is looked at only at the start of a round", action)
        if seat != state.turn:
            raise IllegalActionError(f"it is {seat_name(state.turn)}'s turn", action)
        if state.pending:
            who = " and ".join(sorted({seat_name(p.seat) for p in state.pending}))
            raise IllegalActionError(f"the turn waits for {who} to choose", action)
        if phase == TURN:
            if kind is Draw:
                return self._draw_card(state, seat, action)
            if kind is Take:
                assert isinstance(action, Take)
                return self._take(state, action)
            if kind is Call:
                return self._call(state, seat, action)
            if kind is Pass:
                return self._pass(state, seat, action)
            raise IllegalActionError("draw, take the discard or call", action)
        if phase == DRAWN:
            if kind is Replace:
                assert isinstance(action, Replace)
                return self._replace(state, action)
            if kind is Discard:
                return self._discard(state, seat)
            raise IllegalActionError("put the drawn card into your hand or discard it", action)
        # ABILITY
        if kind is Skip:
            events: list[Event] = [Skipped(seat)]
            self._end_turn(state, events)
            return events
        if action not in self._ability_steps(state, seat):
            raise IllegalActionError(f"that is not a step of the {ability_of(state.ability)} ability now", action)
        if kind is Peek:
            assert isinstance(action, Peek)
            return self._peek(state, action)
        assert isinstance(action, Swap)
        return self._swap_cards(state, action)

    def _look(self, state: KombioState, seat: int) -> list[Event]:
        if state.looked >> seat & 1:
            raise IllegalActionError("you have already looked at your near row this round", Look(seat))
        hand = state.hands[seat]
        slots = TABLE.near_slots
        for i in slots:
            state.known[seat] |= 1 << hand[i]
        state.looked |= 1 << seat
        events: list[Event] = [Looked(seat, slots, tuple(state.values[hand[i]] for i in slots))]
        if state.looked == (1 << state.players) - 1:
            state.phase = TURN
            events.append(TurnBegan(state.turn, False, ()))
        return events

    def _draw_card(self, state: KombioState, seat: int, action: Action) -> list[Event]:
        events: list[Event] = []
        card = self._pop_draw(state, events)
        if card < 0:
            raise IllegalActionError("there is no card left to draw", action)
        state.held = card
        state.phase = DRAWN
        events.append(Drew(seat, state.values[card]))
        return events

    def _pop_draw(self, state: KombioState, events: list[Event]) -> int:
        """The top card of the draw pile, reshuffling the discard pile but its top card when the draw
        pile is empty; EMPTY if there is none."""
        if not state.draw:
            if len(state.discard) < 2:
                return EMPTY
            top = state.discard.pop()
            state.draw, state.discard = state.discard, [top]
            state.rng.shuffle(state.draw)
            events.append(Reshuffled(len(state.draw)))
        return state.draw.pop()

    def _open(self, state: KombioState, card: int) -> None:
        """`card` lands face up on the discard pile through play: a new discard, open to slaps."""
        state.discard.append(card)
        self._forget(state, card)
        state.serial += 1
        state.open, state.matched, state.attempted = True, False, 0

    @staticmethod
    def _forget(state: KombioState, card: int) -> None:
        keep = ~(1 << card)
        known = state.known
        for s in range(state.players):
            known[s] &= keep

    def _take(self, state: KombioState, action: Take) -> list[Event]:
        seat, slot = action.seat, action.slot
        hand = state.hands[seat]
        if not state.discard:
            raise IllegalActionError("there is no discard to take", action)
        if state.matched:
            raise IllegalActionError("a matched card cannot be taken", action)
        if state.locked(seat):
            raise IllegalActionError("your hand is locked after your call", action)
        if not 0 <= slot < len(hand) or hand[slot] < 0:
            raise IllegalActionError("take the discard for a card of your hand", action)
        taken = state.discard.pop()
        out = hand[slot]
        hand[slot] = taken
        everyone = 1 << taken
        for s in range(state.players):
            state.known[s] |= everyone          # it lay face up: all saw where it went
        self._open(state, out)
        events: list[Event] = [Took(seat, slot, state.values[taken], state.values[out], state.serial)]
        self._end_turn(state, events)
        return events

    def _call(self, state: KombioState, seat: int, action: Action) -> list[Event]:
        if state.caller >= 0:
            raise IllegalActionError(f"{seat_name(state.caller)} has already called this round", action)
        if state.had_turn != (1 << state.players) - 1:
            raise IllegalActionError("you may call once every player has had a turn", action)
        events: list[Event] = []
        self._make_call(state, seat, False, events)
        self._end_turn(state, events)
        return events

    def _make_call(self, state: KombioState, seat: int, automatic: bool, events: list[Event]) -> None:
        state.caller = seat
        state.final_left = ((1 << state.players) - 1) & ~(1 << seat)
        state.final_turn = False
        events.append(Called(seat, automatic))

    def _pass(self, state: KombioState, seat: int, action: Action) -> list[Event]:
        if PASSES[seat] not in self._turn_actions(state, seat):
            raise IllegalActionError("you may pass only when you can neither draw nor take", action)
        events: list[Event] = [Passed(seat)]
        self._end_turn(state, events)
        return events

    def _replace(self, state: KombioState, action: Replace) -> list[Event]:
        seat, slot = action.seat, action.slot
        hand = state.hands[seat]
        if state.locked(seat):
            raise IllegalActionError("your hand is locked after your call", action)
        if not 0 <= slot < len(hand) or hand[slot] < 0:
            raise IllegalActionError("replace a card of your hand", action)
        out = hand[slot]
        hand[slot] = state.held
        state.held = EMPTY
        self._open(state, out)
        state.known[seat] |= 1 << hand[slot]
        events: list[Event] = [Replaced(seat, slot, state.values[out], state.serial)]
        self._end_turn(state, events)
        return events

    def _discard(self, state: KombioState, seat: int) -> list[Event]:
        card = state.held
        state.held = EMPTY
        self._open(state, card)
        value = state.values[card]
        state.ability, state.ability_looks = value, []
        if value in ABILITY_VALUES:
            state.phase = ABILITY
            if self._ability_steps(state, seat):
                return [Discarded(seat, value, state.serial, ability_of(value))]
        events: list[Event] = [Discarded(seat, value, state.serial, "")]
        self._end_turn(state, events)
        return events

    def _peek(self, state: KombioState, action: Peek) -> list[Event]:
        seat = action.seat
        card = state.hands[action.owner][action.slot]
        state.known[seat] |= 1 << card
        events: list[Event] = [Peeked(seat, action.owner, action.slot, state.values[card])]
        kind = TABLE.abilities[state.ability]
        state.ability_looks.append(card)
        if kind in (LOOK_OWN, LOOK_OTHER):
            self._end_turn(state, events)
        return events

    def _swap_cards(self, state: KombioState, action: Swap) -> list[Event]:
        (o1, s1), (o2, s2) = action.a, action.b
        hands = state.hands
        hands[o1][s1], hands[o2][s2] = hands[o2][s2], hands[o1][s1]
        events: list[Event] = [Swapped(action.seat, action.a, action.b)]
        self._end_turn(state, events)
        return events

    # -- slaps --

    def _slap(self, state: KombioState, action: Slap) -> list[Event]:
        seat, owner, slot = action.seat, action.owner, action.slot
        if state.phase == LOOK or not state.discard:
            raise IllegalActionError("there is no discard to match yet", action)
        if action.discard < state.serial:
            raise IllegalActionError(
                f"that slap answers discard {action.discard}, but discard {state.serial} has been played "
                "since: refused without penalty", action)
        if action.discard > state.serial:
            raise IllegalActionError(f"there is no discard {action.discard} yet", action)
        if not state.open:
            raise IllegalActionError("that discard has already been matched", action)
        if state.attempted >> seat & 1:
            raise IllegalActionError("one attempt per player per discard", action)
        locked = state.caller if state.players >= TABLE.lock_min_players else EMPTY   # as locked()
        if seat == locked:
            raise IllegalActionError("the caller makes no matches", action)
        if owner >= state.players:
            raise IllegalActionError(f"there is no seat {owner + 1} at this table", action)
        if owner == locked:
            raise IllegalActionError("the caller's hand is locked", action)
        hand = state.hands[owner]
        if not 0 <= slot < len(hand) or hand[slot] < 0:
            raise IllegalActionError("there is no card there", action)
        card = hand[slot]
        values = state.values
        value = values[card]
        state.attempted |= 1 << seat
        right = value == values[state.discard[-1]]
        events: list[Event] = [Slapped(seat, owner, slot, state.serial, value, right)]
        if right:
            hand[slot] = EMPTY
            state.discard.append(card)
            self._forget(state, card)
            state.open, state.matched = False, True
            if owner != seat:
                if holds_card(state.hands[seat]):
                    state.pending.append(Pending(GIVE, seat, owner, slot, EMPTY))
                    events.append(ChoiceOwed(seat, GIVE, owner, slot))
                else:
                    self._check_zero(state, owner, events)
            else:
                self._check_zero(state, seat, events)
        else:
            everyone = 1 << card
            known = state.known
            for s in range(state.players):
                known[s] |= everyone           # shown to all, then flipped back face down
            if owner == seat:
                self._penalty(state, seat, events)
            else:
                state.pending.append(Pending(PENALTY, owner, seat, EMPTY, card))
                events.append(ChoiceOwed(owner, PENALTY, seat, slot))
        return events

    def _free_slot(self, state: KombioState, seat: int) -> int:
        """Where a card joining `seat`'s hand goes: the first gap not waiting for a given card, else a
        new slot at the end."""
        hand = state.hands[seat]
        reserved = {p.slot for p in state.pending if p.kind == GIVE and p.other == seat} if state.pending else ()
        for i, c in enumerate(hand):
            if c < 0 and i not in reserved:
                return i
        hand.append(EMPTY)
        return len(hand) - 1

    def _penalty(self, state: KombioState, seat: int, events: list[Event]) -> None:
        card = self._pop_draw(state, events)
        if card < 0:
            events.append(PenaltyDrawn(seat, EMPTY))
            return
        slot = self._free_slot(state, seat)
        state.hands[seat][slot] = card
        events.append(PenaltyDrawn(seat, slot))

    def _settle(self, state: KombioState, action: Action) -> list[Event]:
        seat = action.seat
        item = self._owed(state, seat)
        if item is None:
            raise IllegalActionError("you owe no choice now", action)
        events: list[Event] = []
        if item.kind == GIVE:
            if not isinstance(action, Give):
                raise IllegalActionError("choose the card you give", action)
            hand = state.hands[seat]
            slot = action.slot
            if not 0 <= slot < len(hand) or hand[slot] < 0:
                raise IllegalActionError("give a card of your hand", action)
            state.pending.remove(item)
            state.hands[item.other][item.slot] = hand[slot]
            hand[slot] = EMPTY
            events.append(Gave(seat, slot, item.other, item.slot))
            self._check_zero(state, seat, events)
            self._check_zero(state, item.other, events)
            return events
        if not isinstance(action, Settle):
            raise IllegalActionError("choose: hand the wrong card over or keep it", action)
        hand = state.hands[seat]
        slapper = item.other
        if action.hand_over:
            if item.card not in hand:
                raise IllegalActionError("that card is no longer in your hand", action)
            state.pending.remove(item)
            slot = hand.index(item.card)
            hand[slot] = EMPTY
            to_slot = self._free_slot(state, slapper)
            state.hands[slapper][to_slot] = item.card
            events.append(Settled(seat, slapper, True, slot, to_slot))
            give = self._owed_give(state, seat)
            if give is not None and not holds_card(hand):
                # it handed over its last card: nothing is left to give (*ruling*), the gap stays
                state.pending.remove(give)
                events.append(Gave(seat, EMPTY, give.other, give.slot))
                self._check_zero(state, give.other, events)
            self._check_zero(state, seat, events)
        else:
            state.pending.remove(item)
            events.append(Settled(seat, slapper, False, EMPTY, EMPTY))
            self._penalty(state, slapper, events)
        return events

    def _check_zero(self, state: KombioState, seat: int, events: list[Event]) -> None:
        """A hand down to zero cards calls at once (if nobody has called this round), unless a card is
        still to be given into it."""
        if state.caller >= 0 or holds_card(state.hands[seat]):
            return
        if any(p.kind == GIVE and p.other == seat for p in state.pending):
            return
        self._make_call(state, seat, True, events)
        if state.turn == seat and state.phase == TURN:
            self._end_turn(state, events)      # about to play: the call is its turn

    # -- turns and rounds --

    def _end_turn(self, state: KombioState, events: list[Event]) -> None:
        seat = state.turn
        state.had_turn |= 1 << seat
        state.phase = TURN
        state.ability, state.ability_looks = 0, []
        n = state.players
        if state.caller >= 0:
            if state.final_turn:
                state.final_left &= ~(1 << seat)
            if not state.final_left:
                self._end_round(state, events)
                return
            nxt = (seat + 1) % n
            while not state.final_left >> nxt & 1:
                nxt = (nxt + 1) % n
            state.final_turn = True
        else:
            nxt = (seat + 1) % n
        state.turn = nxt
        events.append(TurnBegan(nxt, state.final_turn, seats_in(state.final_left)))

    def _end_round(self, state: KombioState, events: list[Event]) -> None:
        n = state.players
        values = state.values
        totals = [hand_total(state, s) for s in range(n)]
        caller = state.caller
        added = list(totals)
        if all(totals[caller] < totals[s] for s in range(n) if s != caller):
            for s in range(n):
                if s != caller:
                    added[s] += TABLE.others_bonus
        else:
            added[caller] += TABLE.caller_bonus
        for s in range(n):
            state.scores[s] += added[s]
        state.last_round = added
        hands = tuple(tuple(values[c] if c >= 0 else None for c in hand) for hand in state.hands)
        events.append(RoundEnded(state.round, caller, hands, tuple(totals), tuple(added), tuple(state.scores)))
        state.open, state.matched, state.attempted = False, False, 0
        if state.rounds:
            done = state.round >= state.rounds
            ending = Termination.ROUNDS_DONE
        else:
            done = max(state.scores) >= TABLE.target
            ending = Termination.TARGET_SCORE
        if done:
            state.phase, state.turn = OVER, EMPTY
            state.caller, state.final_left, state.final_turn = EMPTY, 0, False
            events.append(GameOver(ending))
            return
        state.round += 1
        state.first = (state.first + 1) % n
        self._deal(state)
        events.append(RoundStarted(state.round, state.first))

    # -- secrecy --

    def redact(self, event: Event, seat: int | None) -> Event | None:
        kind = type(event)
        if kind is Looked:
            assert isinstance(event, Looked)
            if event.seat != seat:
                return Looked(event.seat, event.slots, ())
        elif kind is Drew:
            assert isinstance(event, Drew)
            if event.seat != seat:
                return Drew(event.seat, None)
        elif kind is Peeked:
            assert isinstance(event, Peeked)
            if event.seat != seat:
                return Peeked(event.seat, event.owner, event.slot, None)
        return event

    def resample_hidden(self, state: KombioState, seat: int | None, rng: Any) -> KombioState:
        """Every card `seat` has not seen (the table's cards it does not know, the draw pile, another
        seat's drawn card) re-dealt at random into the same places; the discard pile is public. What
        the other seats know moves with the places (they saw what lay there), as do the cards a
        pending choice or an ability's looks refer to. A spectator keeps only what every seat knows."""
        other = state.copy()
        if seat is None:
            fixed = (1 << len(state.values)) - 1
            for mask in state.known:
                fixed &= mask
        else:
            fixed = state.known[seat]
        places: list[tuple[list[int], int]] = []
        for hand in other.hands:
            places.extend((hand, i) for i, c in enumerate(hand) if c >= 0 and not fixed >> c & 1)
        places.extend((other.draw, i) for i in range(len(other.draw)))
        held = [other.held]
        if other.held >= 0 and seat != other.turn:
            places.append((held, 0))
        old = [where[i] for where, i in places]
        new = list(old)
        rng.shuffle(new)
        mapping = dict(zip(old, new))
        for (where, i), card in zip(places, new):
            where[i] = card
        other.held = held[0]

        def remap(mask: int) -> int:
            out = mask & fixed
            rest = mask & ~fixed
            while rest:
                low = rest & -rest
                card = low.bit_length() - 1
                out |= 1 << mapping.get(card, card)
                rest ^= low
            return out

        other.known = [mask if s == seat else remap(mask) for s, mask in enumerate(other.known)]
        other.pending = [Pending(p.kind, p.seat, p.other, p.slot, mapping.get(p.card, p.card))
                         if p.card >= 0 else p for p in other.pending]
        other.ability_looks = [mapping.get(c, c) for c in other.ability_looks]
        return other

    # -- views --

    def view(self, state: KombioState, seat: int | None) -> KombioView:
        return view_of(state, seat)

    def fold(self, view: KombioView, event: Event) -> KombioView:
        return fold(view, event)

    def revealed_view(self, state: KombioState) -> KombioView:
        return revealed_of(state)

    def clone(self, state: KombioState) -> KombioState:
        return state.copy()

    # -- checks --

    def check_invariants(self, state: KombioState) -> None:
        n = state.players
        assert TABLE.min_players <= n <= TABLE.max_players, f"bad player count {n}"
        assert state.values is TABLE.decks[state.deck] or state.values == TABLE.decks[state.deck]
        size = len(state.values)
        assert len(state.hands) == n and len(state.scores) == n and len(state.known) == n
        where: list[int] = [c for hand in state.hands for c in hand if c >= 0]
        table = 0
        for c in where:
            table |= 1 << c
        where += state.draw
        where += state.discard
        if state.held >= 0:
            where.append(state.held)
        assert sorted(where) == list(range(size)), f"the {size} cards are not each somewhere exactly once"
        for s in range(n):
            assert not state.known[s] & ~table, f"seat {s} knows a card that is not on the table"
            assert len(state.hands[s]) <= MAX_SLOTS
        assert (state.held >= 0) == (state.phase == DRAWN), "a drawn card is held exactly in 'drawn'"
        assert state.serial >= 0
        if state.open:
            assert state.discard and not state.matched, "an open discard is an unmatched card"
        if state.matched:
            assert state.discard and not state.open
        if not state.open:
            assert not state.matched or state.attempted, "a matched discard was slapped"
        if state.phase == LOOK:
            assert not state.pending and not state.discard and state.caller < 0 and not state.had_turn
            assert not state.open and not state.matched and not state.attempted
            assert all(len(h) == TABLE.hand_size for h in state.hands)
        elif state.phase == OVER:
            assert not state.pending and state.turn == EMPTY and not state.open
            outcome = self.outcome(state)
            assert outcome is not None
            if state.rounds:
                assert state.round == state.rounds
            else:
                assert max(state.scores) >= TABLE.target
        else:
            assert 0 <= state.turn < n
            assert state.looked == (1 << n) - 1
            if state.phase == ABILITY:
                assert state.ability in ABILITY_VALUES
                assert len(state.ability_looks) <= 2
            else:
                assert state.ability == 0 and not state.ability_looks
        if state.caller >= 0:
            assert 0 <= state.caller < n
            assert not state.final_left >> state.caller & 1, "the caller has no final turn"
            assert state.final_left, "a round with every final turn played has ended"
            if state.final_turn:
                assert state.final_left >> state.turn & 1
        else:
            assert not state.final_left and not state.final_turn
        gaps: set[tuple[int, int]] = set()
        for p in state.pending:
            assert p.seat != p.other and 0 <= p.seat < n and 0 <= p.other < n
            if p.kind == GIVE:
                assert state.hands[p.other][p.slot] == EMPTY, "a gap waiting for a card holds one"
                assert (p.other, p.slot) not in gaps
                gaps.add((p.other, p.slot))
                assert any(c >= 0 for c in state.hands[p.seat]), "a give is owed by a seat without cards"
            else:
                assert p.kind == PENALTY and 0 <= p.card < size
