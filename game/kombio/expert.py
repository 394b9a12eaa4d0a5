"""KOMBIO's Expert: perfect memory of what its seat has seen (determinise.Seen) and choices valued by
the hand they are expected to leave, counted over the cards it cannot rule out rather than the deck.

- An unseen card is worth the mean of the cards it cannot place (the deck less its table knowledge,
  the discard pile it watched and its drawn card), not the deck's mean.
- Draw or take: taking the top discard is compared with the expected worth of a draw, counted exactly
  over the unseen values (the best replacement, or a direct discard with its ability).
- A discard whose twin it holds is slapped from its own hand: a replacement that sends out a card of
  the same value as another it knows counts that card too.
- Playouts decide (expert_search): at each turn, drawn card and ability, the evaluation's choice and
  its rivals (call, draw, the best take; each replacement or the discard; skipping, the best swaps
  and looks) are each played to the round's end from the same deals of the unseen cards, every seat
  played as the hard level plays (expert_playout: its calls, takes, twins, abilities and slaps, not
  random moves); the option that wins the round most often is taken.
- The deals read the opponents' play (determinise.state_from_view): a card one kept from the draw
  lies below the card it sent out (or is low, put in place of a card it had not seen), and a
  caller's hand is one it could call on.
  Measured (tools/tournament.py --seating one-vs-rest: one Expert, three hard bots, one round, 100
  deals a decision): playouts that skipped the hard level's swaps, looks, twin discards and low
  takes, on deals blind to the opponents' play, won 42.0% of 100 games; these won 53.5% of the same
  and 46.8% of 200 [95% 40.0-53.7%] (a fair share: 25%).
- Abilities: looks at its own unknown cards, swaps its high cards for low or unseen ones elsewhere.

Slaps, gives and the wrong-slap choice are the hard level's, on the same memory, with the hard
level's human-like reaction time (configurable). Every draw at random comes from the bot's own Rng,
in an order fixed by what the seat saw: deterministic from its seed, blind to what it has not seen.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.core.bots import Decision
from game.core.engine import Action, Event
from game.core.search import Budget

from .actions import Call, Discard, Draw, Peek, Replace, Settle, Skip, Swap, Take
from .bot import MemoryBot, Style
from .determinise import Place, Seen, unseen_values
from .expert_search import distinct, flat_choice, tree_choice
from .table import BLIND_SWAP, DOUBLE_LOOK_SWAP, GIVE, LOOK_OTHER, LOOK_OWN, LOOK_SWAP, TABLE
from .view import KombioView, PendingView


@dataclass(frozen=True)
class Judgement:
    """The Expert's knobs (measured with tools/tournament.py, 4 players, one round)."""

    look_own: float = 1.5         # worth of seeing one of its own unknown cards
    look_other: float = 0.4       # worth of seeing an opponent's unknown card
    twin_share: float = 0.8       # share of a twin's value counted for slapping it after a discard
    unknown_risk: float = 0.5     # a replacement of an unseen card must gain this much more
    tree: bool = False            # game.core.search's ISMCTS over the options instead of flat playouts


# A decision's playouts: `iterations` deals of the unseen cards, each played out once per option
# (0: the evaluation alone decides), within `seconds` of wall clock. 100 deals take about 0.2 s of
# CPU for most decisions; a drawn card weighed early in the round (five or six options, long
# playouts) can need more, and the clock stops it after the deal that passes `seconds`.
BUDGET = Budget(seconds=0.45, iterations=100)


class ExpertBot(MemoryBot):
    """The expert level (see the module's docstring). `budget` bounds each decision's playouts
    (tools/tournament.py sets it for reproducible runs)."""

    def __init__(self, seat: int, seed: int, style: Style, judgement: Judgement | None = None,
                 budget: Budget = BUDGET) -> None:
        super().__init__(seat, seed, style)
        self.judgement = judgement or Judgement()
        self.budget = budget
        self.seen = Seen(seat)
        self.memory.cards = self.seen.values      # one memory: the slap and give logic read it too
        self._pool: list[int] = []                # the values it cannot place, as of this decision
        self._mu = 0.0                            # their mean: what an unseen card is worth

    def observe(self, events: Sequence[Event]) -> None:
        self.seen.observe(events)

    def choose(self, view: KombioView, legal: list[Action]) -> Decision:
        self.seen.sync(view)
        self.memory.held = self.seen.held
        self._pool = unseen_values(view, self.seen)
        pool = self._pool
        self._mu = sum(pool) / len(pool) if pool else sum(TABLE.decks[view.deck]) / len(TABLE.decks[view.deck])
        return super().choose(view, legal)

    # -- estimates --

    def _mean(self, view: KombioView) -> float:
        return self._mu

    def _worth(self, place: Place) -> float:
        value = self.seen.values.get(place)
        return self._mu if value is None else float(value)

    def _twin(self, view: KombioView, value: int, without: int | None = None) -> float:
        """What slapping its own card of `value` off the hand is worth, if it knows one (not `without`)."""
        seat = self.seat
        if view.locked[seat] and view.players >= TABLE.lock_min_players:
            return 0.0
        for slot in self._own(view):
            if slot != without and self.seen.values.get((seat, slot)) == value and value > 0:
                return self.judgement.twin_share * value
        return 0.0

    def _replace_gain(self, view: KombioView, slots: Sequence[int], x: int) -> tuple[float, int | None]:
        """The best gain of putting a card of value `x` in place of one of `slots`, and which."""
        best: tuple[float, int | None] = (0.0, None)
        seat = self.seat
        for slot in slots:
            known = self.seen.values.get((seat, slot))
            if known is None:
                gain = self._mu - x - self.judgement.unknown_risk
            else:
                gain = known - x + self._twin(view, known, without=slot)
            if gain > best[0]:
                best = (gain, slot)
        return best

    def _ability_worth(self, view: KombioView, value: int) -> float:
        kind = TABLE.abilities.get(value, "")
        seat = self.seat
        if not kind:
            return 0.0
        if kind == LOOK_OWN:
            return self.judgement.look_own if self._unknown_own(view) else 0.0
        if kind == LOOK_OTHER:
            return self.judgement.look_other
        mine = [self._worth((seat, s)) for s in self._own(view)]
        if not mine:
            return 0.0
        # a swap of its highest card for an unseen one elsewhere
        return max(0.0, max(mine) - self._mu - (1.0 if kind == BLIND_SWAP else 0.0))

    # -- the turn --

    def _turn(self, view: KombioView, duties: list[Action]) -> Action:
        pick = self._turn_by_worth(view, duties)
        call = next((a for a in duties if isinstance(a, Call)), None)
        draw = next((a for a in duties if isinstance(a, Draw)), None)
        takes = [a for a in duties if isinstance(a, Take)]
        best_take = self._take_for(view, takes)
        return self._played_out(view, [pick, call, draw, best_take])

    def _take_for(self, view: KombioView, takes: list[Take]) -> Take | None:
        if not takes or view.top is None or view.top_matched:
            return None
        by_slot = {a.slot: a for a in takes}
        _gain, slot = self._replace_gain(view, list(by_slot), view.top)
        return by_slot[slot] if slot is not None else None

    def _turn_by_worth(self, view: KombioView, duties: list[Action]) -> Action:
        call = next((a for a in duties if isinstance(a, Call)), None)
        if call is not None and self._should_call(view):
            return call
        takes = {a.slot: a for a in duties if isinstance(a, Take)}
        draw = next((a for a in duties if isinstance(a, Draw)), None)
        top = view.top
        if takes and top is not None and not view.top_matched:
            gain, slot = self._replace_gain(view, list(takes), top)
            if slot is not None and (draw is None or gain > self._draw_worth(view)):
                return takes[slot]
        return draw or duties[0]

    def _draw_worth(self, view: KombioView) -> float:
        """The expected gain of a draw: over the unseen values, the better of its best replacement
        and a direct discard (its ability, a twin slapped)."""
        pool = self._pool
        if not pool:
            return 0.0
        slots = self._own(view) if not view.locked[self.seat] else []
        total = 0.0
        for x in set(pool):
            keep = self._replace_gain(view, slots, x)[0]
            toss = self._ability_worth(view, x) + self._twin(view, x)
            total += max(keep, toss) * pool.count(x)
        return total / len(pool)

    def _should_call(self, view: KombioView) -> bool:
        """The hard level's rule, on the Expert's estimates: its hand low, and lower than any other."""
        mine = self._total(view, self.seat)
        others = [self._total(view, o) for o in range(view.players) if o != self.seat]
        return mine <= self.style.call_at and all(mine < t for t in others)

    def _drawn(self, view: KombioView, duties: list[Action]) -> Action:
        return self._played_out(view, [self._drawn_by_worth(view, duties)] + duties)

    def _drawn_by_worth(self, view: KombioView, duties: list[Action]) -> Action:
        held = view.held
        replaces = {a.slot: a for a in duties if isinstance(a, Replace)}
        discard = next((a for a in duties if isinstance(a, Discard)), duties[0])
        if held is None:
            return discard
        gain, slot = self._replace_gain(view, list(replaces), held)
        toss = self._ability_worth(view, held) + self._twin(view, held)
        if slot is not None and gain > toss:
            return replaces[slot]
        return discard

    def _played_out(self, view: KombioView, options: Sequence[Action | None]) -> Action:
        """The option that wins the round most often over playouts (expert_search); the first, the
        evaluation's choice, keeps ties and decides alone when there is nothing to compare or no budget."""
        candidates = distinct(options)
        if len(candidates) < 2 or self.budget.iterations == 0:
            return candidates[0]
        choose = tree_choice if self.judgement.tree else flat_choice
        return choose(view, self.seen, self.rng, candidates, self.budget)

    # -- abilities --

    def _ability(self, view: KombioView, duties: list[Action]) -> Action:
        """The evaluation's step, played out against skipping it and against the few swaps that
        gain the most (or the looks at the first unseen cards)."""
        pick = self._ability_by_worth(view, duties)
        skip = next((a for a in duties if isinstance(a, Skip)), None)
        values = self.seen.values
        swaps = sorted((a for a in duties if isinstance(a, Swap)), key=lambda a: -self._swap_gain(a))[:3]
        peeks = [a for a in duties if isinstance(a, Peek) and (a.owner, a.slot) not in values][:2]
        return self._played_out(view, [pick, skip, *swaps, *peeks])

    def _swap_gain(self, swap: Swap) -> float:
        a, b = swap.a, swap.b
        if (a[0] == self.seat) == (b[0] == self.seat):
            return -1.0
        mine, theirs = (a, b) if a[0] == self.seat else (b, a)
        return self._worth(mine) - self._worth(theirs)

    def _ability_by_worth(self, view: KombioView, duties: list[Action]) -> Action:
        skip = next((a for a in duties if isinstance(a, Skip)), duties[-1])
        kind = TABLE.abilities.get(view.ability_value, "")
        peeks = [a for a in duties if isinstance(a, Peek)]
        swaps = [a for a in duties if isinstance(a, Swap)]
        values = self.seen.values
        if kind == LOOK_OWN:
            unknown = [p for p in peeks if (p.owner, p.slot) not in values]
            return unknown[0] if unknown else skip
        if kind == LOOK_OTHER:
            return self._other_look(view, peeks) or skip
        if kind == BLIND_SWAP:
            return self._best_swap(view, swaps, blind=True) or skip
        if kind == LOOK_SWAP:
            if peeks:
                return self._first_look(view, peeks) or skip
            return self._best_swap(view, swaps, blind=False) or skip
        if kind == DOUBLE_LOOK_SWAP:
            if peeks and not view.ability_looks:
                return self._first_look(view, peeks, own_first=True) or skip
            if peeks:
                return self._other_look(view, peeks, prefer_low=True) or skip
            return self._best_swap(view, swaps, blind=False) or skip
        return skip

    def _other_look(self, view: KombioView, peeks: list[Peek], prefer_low: bool = False) -> Peek | None:
        """An opponent's unseen card, in the hand of the seat whose estimated total is lowest (the
        one to beat); for the second look of a double look, a known low card first."""
        values = self.seen.values
        others = [p for p in peeks if p.owner != self.seat]
        if prefer_low:
            low = sorted((values[(p.owner, p.slot)], p.owner, p.slot, p) for p in others
                         if (p.owner, p.slot) in values)
            if low and low[0][0] < self._mu:
                return low[0][3]
        unknown = [p for p in others if (p.owner, p.slot) not in values]
        if not unknown:
            return None
        return min(unknown, key=lambda p: (self._total(view, p.owner), p.owner, p.slot))

    def _first_look(self, view: KombioView, peeks: list[Peek], own_first: bool = False) -> Peek | None:
        """With a known high card: look at it (a double look) or at an opponent's card to swap it
        with; else at one of its own unseen cards, to send it away if it is high."""
        seat = self.seat
        values = self.seen.values
        highest = self._highest_known(view)
        if highest is not None and highest[0] > self._mu:
            if own_first:
                mine = [p for p in peeks if (p.owner, p.slot) == (seat, highest[1])]
                if mine:
                    return mine[0]
            else:
                found = self._other_look(view, peeks)
                if found is not None:
                    return found
        own_unknown = [p for p in peeks if p.owner == seat and (p.owner, p.slot) not in values]
        if own_unknown:
            return own_unknown[0]
        return self._other_look(view, peeks)

    def _best_swap(self, view: KombioView, swaps: list[Swap], blind: bool) -> Swap | None:
        """The swap between its hand and another's that lowers its expected hand the most."""
        seat = self.seat
        values = self.seen.values
        best: tuple[float, Swap] | None = None
        for swap in swaps:
            a, b = swap.a, swap.b
            if (a[0] == seat) == (b[0] == seat):
                continue
            mine, theirs = (a, b) if a[0] == seat else (b, a)
            if mine not in values and theirs not in values:
                continue
            gain = self._worth(mine) - self._worth(theirs)
            if gain >= (1.5 if blind else 0.5) and (best is None or gain > best[0]):
                best = (gain, swap)
        return best[1] if best else None

    # -- slap follow-ups --

    def _settle(self, view: KombioView, item: PendingView, duties: list[Action]) -> Action:
        if item.kind == GIVE:
            return super()._settle(view, item, duties)
        settles = {a.hand_over: a for a in duties if isinstance(a, Settle)}
        place = item.place
        value = self.seen.values.get(place) if place else None
        # handing it over takes its value off this hand; keeping it adds an unseen card to one rival
        if True in settles and value is not None and value > 0:
            return settles[True]
        return settles.get(False) or duties[0]
