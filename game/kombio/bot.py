"""KOMBIO bots. They decide from a seat's view, the legal list and the events their own seat saw
(game.core.bots: `observe`), never from the state.

The view shows no card values unless the table's memory aid is on, so a bot keeps its own memory:
(owner, slot) -> value, filled by its look, its peeks, the card it placed from the draw, cards taken
from the discard and wrong cards revealed by a slap, and moved along with every swap, give and
hand-over (everybody sees where cards go). The level sets how well it remembers and plays:

- easy: forgets a good part of what it saw every turn, never uses an ability, only slaps its own
  cards and reacts slowly (0.75-0.9 s); calls on a rough estimate.
- medium: forgets a little, uses abilities, slaps its own and others' cards (0.55-0.75 s).
- hard: remembers perfectly, uses abilities to learn and to swap high cards away, slaps any card it
  knows matches (0.4-0.55 s), calls when its known total is low enough.
- expert (expert.py): hard's memory and reactions; its turns, drawn cards and abilities chosen by
  playing each option's round out over deals of the cards it cannot rule out.

Slaps are reactions, not duties: the bot answers them with `Timed(slap, delay)`, its reaction time
drawn from its own generator. Everything random comes from `Rng(seed)`, and only in an order fixed by
what the seat saw, so a bot is deterministic from its seed and blind to cards it has not seen.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from game.core.bots import LEVELS, Decision, Timed
from game.core.engine import Action, Event
from game.core.loader import load
from game.core.rng import Rng

from .actions import Call, Discard, Draw, Give, Look, Peek, Replace, Settle, Skip, Slap, Swap, Take
from .events import (
    Drew,
    Gave,
    Looked,
    Peeked,
    PenaltyDrawn,
    Replaced,
    RoundEnded,
    RoundStarted,
    Settled,
    Slapped,
    Swapped,
    Took,
    TurnBegan,
)
from .table import BLIND_SWAP, DOUBLE_LOOK_SWAP, GIVE, LOOK_OTHER, LOOK_OWN, LOOK_SWAP, TABLE
from .view import KombioView, PendingView

EXPERT = "game.kombio.expert:ExpertBot"

Place = tuple[int, int]       # (owner, slot)


@dataclass(frozen=True)
class Style:
    """How a level plays; every number a why-able knob."""

    reaction: tuple[float, float]   # a slap's delay in seconds, drawn uniformly in this range
    forget: float                   # chance, at each turn's start, that each remembered card is lost
    call_at: float                  # calls when its estimated hand total is at most this
    abilities: bool                 # uses a discarded 7-14's ability (else skips it)
    slaps_others: bool              # slaps opponents' cards it knows match (not only its own)
    take_margin: int                # takes the discard for a known card at least this much higher


STYLES: dict[str, Style] = {
    "easy": Style(reaction=(0.75, 0.9), forget=0.35, call_at=14.0, abilities=False, slaps_others=False,
                  take_margin=6),
    "medium": Style(reaction=(0.55, 0.75), forget=0.08, call_at=8.0, abilities=True, slaps_others=True,
                    take_margin=4),
    "hard": Style(reaction=(0.4, 0.55), forget=0.0, call_at=7.0, abilities=True, slaps_others=True,
                  take_margin=3),
    # the expert (expert.py) reacts as fast as hard: a human's reaction, not a machine's
    "expert": Style(reaction=(0.4, 0.55), forget=0.0, call_at=7.0, abilities=True, slaps_others=True,
                    take_margin=3),
}


# The values the levels' play turns on, named once: expert_playout.py plays the hard level by them too.
LOW_TAKE = 1            # takes the discard for an unseen card of its own when it is worth at most this
LOW_DRAWN = 4           # puts a drawn card in place of an unseen one only when it is worth at most this
HIGH_LOOK = 6           # a look-and-swap's first look goes to its own known card of at least this
SWAP_GAIN = 1.0         # the least gain of a swap after a look
BLIND_SWAP_GAIN = 2.0   # the least gain of a swap without one
GIVE_COST = 1.0         # what matching another's card costs: its worst card goes into the gap


def make_bot(level: str, seat: int, seed: int, reaction: tuple[float, float] | None = None) -> MemoryBot:
    """A bot of `level`; `reaction` overrides the level's slap reaction range (seconds)."""
    style = STYLES.get(level)
    if style is None:
        raise ValueError(f"no KOMBIO bot level {level!r}; levels: {', '.join(LEVELS)}")
    if reaction is not None:
        style = replace(style, reaction=reaction)
    if level == "expert":
        # named by path, as bot factories are (game.core.loader): expert.py builds on MemoryBot here
        expert: type[MemoryBot] = load(EXPERT)
        return expert(seat, seed, style)
    return MemoryBot(seat, seed, style)


@dataclass
class Memory:
    """What one seat remembers of the table: (owner, slot) -> value, kept in step with the events."""

    seat: int
    cards: dict[Place, int] = field(default_factory=dict)
    held: int | None = None          # the card it drew and holds

    def observe(self, event: Event) -> None:
        cards = self.cards
        if isinstance(event, (RoundStarted, RoundEnded)):
            cards.clear()
            self.held = None
        elif isinstance(event, Looked):
            if event.seat == self.seat:
                cards.update({(self.seat, s): v for s, v in zip(event.slots, event.values, strict=False)})
        elif isinstance(event, Drew):
            if event.seat == self.seat:
                self.held = event.value
        elif isinstance(event, Replaced):
            place = (event.seat, event.slot)
            if event.seat == self.seat and self.held is not None:
                cards[place] = self.held      # it placed the card it drew: it knows it
            else:
                cards.pop(place, None)
            self.held = None
        elif isinstance(event, Took):
            cards[(event.seat, event.slot)] = event.value     # it lay face up: all saw it go there
        elif isinstance(event, Peeked):
            if event.value is not None:
                cards[(event.owner, event.slot)] = event.value
        elif isinstance(event, Swapped):
            a, b = cards.pop(event.a, None), cards.pop(event.b, None)
            if a is not None:
                cards[event.b] = a
            if b is not None:
                cards[event.a] = b
        elif isinstance(event, Slapped):
            place = (event.owner, event.slot)
            if event.right:
                cards.pop(place, None)          # it left the table
            else:
                cards[place] = event.value      # shown to all, then flipped back face down
        elif isinstance(event, Gave):
            if event.slot >= 0:
                moved = cards.pop((event.seat, event.slot), None)
                if moved is not None:
                    cards[(event.owner, event.gap)] = moved
        elif isinstance(event, Settled):
            if event.hand_over:
                moved = cards.pop((event.seat, event.slot), None)
                if moved is not None:
                    cards[(event.slapper, event.to_slot)] = moved
        elif isinstance(event, PenaltyDrawn) and event.slot >= 0:
            cards.pop((event.seat, event.slot), None)       # a card nobody saw


class MemoryBot:
    """Plays from memory (see the module docstring); `style` sets the level."""

    def __init__(self, seat: int, seed: int, style: Style) -> None:
        self.seat = seat
        self.rng = Rng(seed)
        self.style = style
        self.memory = Memory(seat)

    # -- what it sees --

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:
            self.memory.observe(event)
            if isinstance(event, TurnBegan) and self.style.forget > 0:
                self._forget()

    def _forget(self) -> None:
        # Drawn in the memory's own order, which only what the seat saw decides: blind and repeatable.
        for place in list(self.memory.cards):
            if self.rng.random() < self.style.forget:
                del self.memory.cards[place]

    # -- deciding --

    def choose(self, view: KombioView, legal: list[Action]) -> Decision:
        if not legal:
            return None
        seat = self.seat
        self._sync(view)
        slap = self._slap(view, legal)
        if slap is not None:
            return Timed(slap, self._reaction())
        duties = [a for a in legal if not isinstance(a, Slap)]
        if not duties:
            return None            # only slaps, and none it knows will match: nothing now
        first = duties[0]
        if isinstance(first, Look):
            return first
        owed = [p for p in view.pending if p.seat == seat]
        if owed:
            return self._settle(view, owed[0], duties)
        phase = view.phase
        if phase == "turn":
            return self._turn(view, duties)
        if phase == "drawn":
            return self._drawn(view, duties)
        if phase == "ability":
            return self._ability(view, duties)
        return first

    def _reaction(self) -> float:
        lo, hi = self.style.reaction
        return lo + (hi - lo) * self.rng.random()

    def _sync(self, view: KombioView) -> None:
        """Drop what the table contradicts (a remembered slot that is now a gap); take what the memory
        aid shows, when the table has it on."""
        cards = self.memory.cards
        hands = view.hands
        for owner, slot in list(cards):
            if owner >= len(hands) or slot >= len(hands[owner]) or not hands[owner][slot]:
                del cards[(owner, slot)]
        for owner, row in enumerate(view.memory or ()):
            for slot, value in enumerate(row):
                if value is not None:
                    cards[(owner, slot)] = value
        if view.held is not None:
            self.memory.held = view.held

    # -- estimates --

    def _mean(self, view: KombioView) -> float:
        """What an unseen card is worth on average (the deck's mean value)."""
        values = TABLE.decks[view.deck]
        return sum(values) / len(values)

    def _own(self, view: KombioView) -> list[int]:
        return [i for i, held in enumerate(view.hands[self.seat]) if held]

    def _total(self, view: KombioView, owner: int) -> float:
        mean = self._mean(view)
        cards = self.memory.cards
        return sum(cards.get((owner, i), mean) for i, held in enumerate(view.hands[owner]) if held)

    def _highest_known(self, view: KombioView) -> tuple[int, int] | None:
        """(value, slot) of its highest known card."""
        cards = self.memory.cards
        known = [(cards[(self.seat, i)], i) for i in self._own(view) if (self.seat, i) in cards]
        return max(known) if known else None

    def _unknown_own(self, view: KombioView) -> list[int]:
        return [i for i in self._own(view) if (self.seat, i) not in self.memory.cards]

    # -- slaps --

    def _slap(self, view: KombioView, legal: list[Action]) -> Slap | None:
        if not view.discard_open or view.top is None:
            return None
        top = view.top
        slaps = {(a.owner, a.slot): a for a in legal if isinstance(a, Slap)}
        if not slaps:
            return None
        give = self._give_value(view)
        best: tuple[float, Slap] | None = None
        for place, value in self.memory.cards.items():
            action = slaps.get(place)
            if action is None or value != top:
                continue
            if place[0] == self.seat:
                gain = float(value)            # the card leaves its hand
            elif self.style.slaps_others and give is not None:
                gain = give - GIVE_COST        # it hands its worst card into the gap
            else:
                continue
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, action)
        return best[1] if best else None

    def _give_value(self, view: KombioView) -> float | None:
        """What giving its worst card away is worth (None: no card to give)."""
        own = self._own(view)
        if not own:
            return None
        mean = self._mean(view)
        cards = self.memory.cards
        return max(cards.get((self.seat, i), mean) for i in own)

    # -- duties --

    def _settle(self, view: KombioView, item: PendingView, duties: list[Action]) -> Action:
        if item.kind == GIVE:
            gives = [a for a in duties if isinstance(a, Give)]
            mean = self._mean(view)
            cards = self.memory.cards
            # its worst card, a known one before an unknown one of the same worth
            return max(gives, key=lambda a: (cards.get((self.seat, a.slot), mean), (self.seat, a.slot) in cards))
        settles = {a.hand_over: a for a in duties if isinstance(a, Settle)}
        place = item.place
        value = self.memory.cards.get((place[0], place[1])) if place else None
        # Handing the card over moves `value` from it to the slapper; keeping it gives the slapper an
        # unseen card instead. Against one opponent, handing over is worth 2*value vs the mean.
        if True in settles and value is not None and 2 * value > self._mean(view):
            return settles[True]
        return settles.get(False) or duties[0]

    def _turn(self, view: KombioView, duties: list[Action]) -> Action:
        style = self.style
        call = next((a for a in duties if isinstance(a, Call)), None)
        if call is not None:
            mine = self._total(view, self.seat)
            others = min((self._total(view, o) for o in range(view.players) if o != self.seat),
                         default=mine + 1)
            if mine <= style.call_at and mine < others:
                return call
        takes = {a.slot: a for a in duties if isinstance(a, Take)}
        top = view.top
        if takes and top is not None and not view.top_matched:
            highest = self._highest_known(view)
            if highest is not None and highest[0] - top >= style.take_margin and highest[1] in takes:
                return takes[highest[1]]
            unknown = [i for i in self._unknown_own(view) if i in takes]
            if unknown and top <= LOW_TAKE:
                return takes[unknown[0]]
        draw = next((a for a in duties if isinstance(a, Draw)), None)
        return draw or duties[0]

    def _drawn(self, view: KombioView, duties: list[Action]) -> Action:
        held = view.held
        replaces = {a.slot: a for a in duties if isinstance(a, Replace)}
        discard = next((a for a in duties if isinstance(a, Discard)), duties[0])
        if held is None or not replaces:
            return discard
        cards = self.memory.cards
        if self.style.abilities and any(cards.get((self.seat, i)) == held for i in replaces) and held > 0:
            return discard       # discard it and slap its twin from the hand: two cards gone
        mean = self._mean(view)
        best: tuple[float, int] | None = None
        for slot in replaces:
            known = cards.get((self.seat, slot))
            # an unseen card is worth the mean, but replacing it only pays for a clearly low card
            gain = known - held if known is not None else (mean - held if held <= LOW_DRAWN else 0.0)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, slot)
        return replaces[best[1]] if best else discard

    def _ability(self, view: KombioView, duties: list[Action]) -> Action:
        skip = next((a for a in duties if isinstance(a, Skip)), duties[-1])
        if not self.style.abilities:
            return skip
        kind = TABLE.abilities.get(view.ability_value, "")
        peeks = [a for a in duties if isinstance(a, Peek)]
        swaps = [a for a in duties if isinstance(a, Swap)]
        cards = self.memory.cards
        seat = self.seat
        if kind == LOOK_OWN:
            unknown = [p for p in peeks if (p.owner, p.slot) not in cards]
            return unknown[0] if unknown else skip
        if kind == LOOK_OTHER:
            unknown = [p for p in peeks if (p.owner, p.slot) not in cards]
            return unknown[0] if unknown else skip
        if kind == BLIND_SWAP:
            return self._best_swap(view, swaps, blind=True) or skip
        if kind in (LOOK_SWAP, DOUBLE_LOOK_SWAP):
            if peeks:
                looks = view.ability_looks
                if looks and kind == DOUBLE_LOOK_SWAP:
                    # the second look: a card of another seat, to compare with its own first one
                    other = [p for p in peeks if p.owner != seat and (p.owner, p.slot) not in cards]
                    known_low = [p for p in peeks if p.owner != seat and (p.owner, p.slot) in cards]
                    pick = sorted(known_low, key=lambda p: cards[(p.owner, p.slot)])[:1] or other[:1]
                    return pick[0] if pick else skip
                own_unknown = [p for p in peeks if p.owner == seat and (p.owner, p.slot) not in cards]
                highest = self._highest_known(view)
                if highest is not None and highest[0] >= HIGH_LOOK:
                    mine = [p for p in peeks if (p.owner, p.slot) == (seat, highest[1])]
                    if mine:
                        return mine[0]    # look at its high card: the swap needs the look first
                if own_unknown:
                    return own_unknown[0]
                return peeks[0] if peeks else skip
            return self._best_swap(view, swaps, blind=False) or skip
        return skip

    def _best_swap(self, view: KombioView, swaps: list[Swap], blind: bool) -> Swap | None:
        """The swap that moves one of its cards away for a lower one, if it gains enough."""
        mean = self._mean(view)
        cards = self.memory.cards
        seat = self.seat
        best: tuple[float, Swap] | None = None
        for swap in swaps:
            a, b = swap.a, swap.b
            if (a[0] == seat) == (b[0] == seat):
                continue               # only swaps between its hand and another's
            mine, theirs = (a, b) if a[0] == seat else (b, a)
            gain = cards.get(mine, mean) - cards.get(theirs, mean)
            if mine not in cards and theirs not in cards:
                continue               # two unseen cards: nothing to gain on average
            if gain >= (BLIND_SWAP_GAIN if blind else SWAP_GAIN) and (best is None or gain > best[0]):
                best = (gain, swap)
        return best[1] if best else None
