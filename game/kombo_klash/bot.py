"""Kombo Klash! bots. They decide from a seat's view (their own hand, the board as they may see it:
"?" for a face-down tile) and the legal list, never from the state.

- easy:   random-legal. It first picks what kind of thing to do (place a tile, score a Kombo, end the
          turn) and then one action of that kind, so it scores and ends turns as often as it places.
- medium: greedy over its own turn. Every legal action is tried on a light model of the board and
          the hand rebuilt from the view, and the one whose position evaluates best is played; the
          bot is asked again after each action and decides afresh from the new view.
- hard:   the medium bot's best few choices looked at one action further (the best next tile of its
          hand, or stopping there), so it sees two-step plans: kick or swamp and then the Kombo it
          opens, two tiles that make a Kombo together, enlarging a Kombo before scoring it.
- expert: the hard bot's shortlist decided by information-set Monte Carlo tree search over deals of
          what its seat cannot see (game.kombo_klash.expert).

The evaluation, in points, of a position in the middle of the bot's turn:
  + the points scored this turn (Kombos, howls, swamps),
  + the best Kombo still to score this turn (one a turn: scoring it now, or what one more tile from
    the hand would make),
  − what the next player is likely to score first: the best Kombo left on the board, or one their
    unknown hand completes (weighted by the chance that they hold the creature),
  + a share of the Kombo the bot's own hand could complete next turn,
  + the tiles kept in hand (each creature a value; the refill to five draws average tiles).
Abilities with a choice (Kick, Swamp, Revive) are first valued by their best choice on the board as
it is, then the few best placements are checked with their real choices. A Revive shows a tile the
bot cannot know: its value is the average over the creatures not seen yet.

Everything is counted, nothing timed: a decision evaluates a bounded number of positions (a few
hundred for medium, a few thousand at most for hard), and ties go to the bot's own seeded
generator, so a seed always plays the same game.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from game.core.bots import Bot, random_by_kind
from game.core.engine import Action
from game.core.loader import load
from game.core.rng import Rng

from .actions import EndTurn, Kick, Place, Redraw, Revive, Score, Swamp
from .kombos import BESIDE_CENTRE_MASK, CORNERS_MASK, SPACES_MASK, component, creature_kombos, grow
from .tables import (
    ALLIGATOR,
    CHAMELEON,
    CREATURE_INDEX,
    CREATURES,
    GORILLA,
    KANGAROO,
    NEIGHBOURS,
    RAVEN,
    SCORES,
    SNAKE,
    TABLE,
    VULTURE,
    WOLF,
)
from .view import KomboView

LEVELS = ("easy", "medium", "hard", "expert")


def make_bot(level: str, seat: int, seed: int) -> Bot:
    if level == "easy":
        return RandomBot(seat, seed)
    if level == "medium":
        return GreedyBot(seat, seed)
    if level == "hard":
        return PlannerBot(seat, seed)
    if level == "expert":
        # by path: the Expert builds on this module's bots, so importing it here would be a cycle
        expert: Bot = load("game.kombo_klash.expert:ExpertBot")(seat, seed)
        return expert
    raise ValueError(f"no Kombo Klash! bot level {level!r}; levels: {', '.join(LEVELS)}")


class RandomBot:
    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)

    def choose(self, view: KomboView, legal: list[Action]) -> Action:
        return random_by_kind(legal, self.rng)


# -- weights --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Weights:
    """The evaluation's numbers (tuned in bot-vs-bot games: tools/tournament.py)."""

    # What a tile in hand is worth, per creature: mostly its ability (a Wolf howls for a hand, an
    # Alligator swamps for 2), a little its Kombo material. A tile drawn unseen is worth the average.
    keep: tuple[float, ...] = (3.0, 2.5, 0.5, 1.2, 1.5, 0.8, 1.5, 1.5)
    this_turn: float = 0.8       # a Kombo one more tile from hand makes, while it can still be scored
    next_turn: float = 0.3       # one the hand could make next turn (the others play first)
    their_chance: float = 0.8    # how much of a Kombo the next player's unknown hand may complete
    left_to_next: float = 1.0    # a Kombo left on the board: the next player scores it first
    many_players: float = 0.7    # ...with 3 or 4 players one rival's gain hurts less
    place_cost: float = 0.05     # a placement must gain something: keeps tiles for later
    refine: int = 6              # placements with a choice (Kick, Swamp, Revive) checked exactly
    swamp_pairs_from: int = 6    # a Swamp's pairs are made from its best single flips
    revive_squares: int = 5      # face-down tiles a Revive considers (those with most face-up sides)

    def average_keep(self) -> float:
        return sum(self.keep) / len(self.keep)


MEDIUM = Weights()

UNKNOWN = len(CREATURES)      # a hand slot for a tile drawn but not seen yet (index 8)
HAND_SIZE = TABLE.hand_size
KOMBO_MIN = TABLE.kombo_min

# -- a light board: bit masks over the 25 squares ----------------------------------------------------

def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _mask(squares: Sequence[int]) -> int:
    return sum(1 << sq for sq in squares)


@dataclass
class Board:
    """What the bot sees of the board: occupied squares, face-down ones, and per creature its
    face-up tiles."""

    occ: int
    down: int
    faces: list[int]

    @classmethod
    def from_view(cls, cells: Sequence[str | None]) -> Board:
        board = cls(0, 0, [0] * len(CREATURES))
        for sq, cell in enumerate(cells):
            if cell is None:
                continue
            board.occ |= 1 << sq
            if cell == "?":
                board.down |= 1 << sq
            else:
                board.faces[CREATURE_INDEX[cell]] |= 1 << sq
        return board

    def copy(self) -> Board:
        return Board(self.occ, self.down, list(self.faces))

    def creature_at(self, sq: int) -> int:
        """The creature face up on `sq`; -1 for a face-down tile or an empty space."""
        bit = 1 << sq
        for creature, mask in enumerate(self.faces):
            if mask & bit:
                return creature
        return -1

    def put(self, sq: int, creature: int) -> None:
        self.occ |= 1 << sq
        self.faces[creature] |= 1 << sq

    def lift(self, sq: int) -> int:
        """Take the tile off `sq`; its creature, or -1 when it was face down."""
        bit = 1 << sq
        creature = self.creature_at(sq)
        if creature >= 0:
            self.faces[creature] &= ~bit
        self.occ &= ~bit
        self.down &= ~bit
        return creature

    def flip_down(self, mask: int) -> None:
        for creature in range(len(self.faces)):
            self.faces[creature] &= ~mask
        self.down |= mask

    def open_spaces(self) -> int:
        """Where a tile may go: an empty space beside a tile or the draw pile."""
        return (grow(self.occ) | BESIDE_CENTRE_MASK) & ~self.occ & SPACES_MASK

    def clear_if_full(self) -> None:
        """The board-full clear (after a tile and its ability): face-down tiles go, or, when every
        tile is face up, all but the corners."""
        if self.occ != SPACES_MASK:
            return
        gone = self.down if self.down else SPACES_MASK & ~CORNERS_MASK
        self.flip_down(gone)
        self.occ &= ~gone
        self.down = 0

    def best_kombo(self) -> tuple[int, int]:
        """(points, squares mask) of the best Kombo on the board now; (0, 0) when there is none."""
        best, best_mask = 0, 0
        chams = self.faces[CHAMELEON]
        for creature in range(CHAMELEON):
            reals = self.faces[creature]
            if not reals or (reals | chams).bit_count() < KOMBO_MIN:
                continue
            for kombo in creature_kombos(creature, reals, chams):
                if kombo.points > best:
                    best, best_mask = kombo.points, _mask(kombo.squares)
        return best, best_mask

    def completions(self) -> list[int]:
        """Per creature, the points of the best Kombo that one more tile of it, placed on an open
        space, would make (index CHAMELEON: a Chameleon joining any creature's group). Where there
        are too many Chameleons the size is estimated (at most two per real tile)."""
        open_ = self.open_spaces()
        chams = self.faces[CHAMELEON]
        best = [0] * len(CREATURES)
        for creature in range(CHAMELEON):
            reals = self.faces[creature]
            if not reals:
                continue     # a new lone tile and Chameleons: never more Chameleons than reals
            members = reals | chams
            touching: dict[int, list[int]] = {}    # open square -> [reals, chameleons] beside it
            left = members
            while left:
                comp = component(left & -left, members)
                left &= ~comp
                n_real, n_cham = (comp & reals).bit_count(), (comp & chams).bit_count()
                for sq in _bits(grow(comp) & open_):
                    counts = touching.setdefault(sq, [0, 0])
                    counts[0] += n_real
                    counts[1] += n_cham
            score = SCORES[creature]
            for n_real, n_cham in touching.values():
                size = min(n_real + 1 + n_cham, 2 * (n_real + 1))
                if size >= KOMBO_MIN and size * score > best[creature]:
                    best[creature] = size * score
                size = min(n_real + n_cham + 1, 2 * n_real)
                if size >= KOMBO_MIN and size * score > best[CHAMELEON]:
                    best[CHAMELEON] = size * score
        return best


@dataclass
class Turn:
    """The bot's turn so far on the model: the board, its hand as counts per creature (and UNKNOWN),
    the points it gained and whether it scored its Kombo."""

    board: Board
    hand: list[int]
    gained: int = 0
    scored: bool = False

    def copy(self) -> Turn:
        return Turn(self.board.copy(), list(self.hand), self.gained, self.scored)

    def hand_total(self) -> int:
        return sum(self.hand)

    # The actions on the model, as the engine applies them (rules.py).

    def place(self, creature: int, sq: int, trigger: bool) -> None:
        board = self.board
        self.hand[creature] -= 1
        if creature == SNAKE and trigger:
            self.hand[board.lift(sq)] += 1      # hypnotised: that tile goes to the hand
        board.put(sq, creature)
        if trigger:
            if creature == WOLF:
                self.gained += self.hand_total()
            elif creature == RAVEN:
                self.hand[UNKNOWN] += 1
            elif creature == GORILLA:
                count = self.hand_total()
                self.hand = [0] * UNKNOWN + [count]
        if not trigger or creature not in (KANGAROO, ALLIGATOR, VULTURE):
            board.clear_if_full()

    def kick(self, src: int, dst: int) -> None:
        board = self.board
        face_down = board.down >> src & 1
        creature = board.lift(src)
        board.occ |= 1 << dst
        if face_down:
            board.down |= 1 << dst
        else:
            board.faces[creature] |= 1 << dst
        board.clear_if_full()

    def swamp(self, squares: Sequence[int]) -> None:
        self.board.flip_down(_mask(squares))
        self.gained += len(squares)
        self.board.clear_if_full()

    def revive(self, sq: int, creature: int) -> None:
        self.board.down &= ~(1 << sq)
        self.board.faces[creature] |= 1 << sq
        self.board.clear_if_full()

    def score(self, mask: int, points: int) -> None:
        self.board.flip_down(mask)
        self.gained += points
        self.scored = True


# -- what the bot knows besides the board --------------------------------------------------------


@dataclass(frozen=True)
class Outlook:
    """One decision's fixed facts, all from the view."""

    weights: Weights
    unseen: tuple[float, ...]      # per creature: chance that a tile the bot cannot see is one
    their_hold: tuple[float, ...]  # per creature: chance the next player holds one
    rival: float                   # weight of what the next player scores
    last_turn: bool                # the game ends after this turn: only points now count

    @classmethod
    def from_view(cls, view: KomboView, seat: int, weights: Weights) -> Outlook:
        counts = [TABLE.copies] * len(CREATURES)
        for cell in view.board:
            if cell is not None and cell != "?":
                counts[CREATURE_INDEX[cell]] -= 1
        for name in view.hand:
            counts[CREATURE_INDEX[name]] -= 1
        total = max(1, sum(counts))
        unseen = tuple(max(0, c) / total for c in counts)
        in_round = view.in_round
        at = in_round.index(seat) if seat in in_round else 0
        last_in_round = at == len(in_round) - 1
        nxt = in_round[(at + 1) % len(in_round)]
        held = max(0, min(HAND_SIZE, view.hand_counts[nxt])) if nxt != seat else 0
        their_hold = tuple(1.0 - (1.0 - p) ** held for p in unseen)
        rival = weights.left_to_next * (1.0 if view.players == 2 else weights.many_players)
        last_turn = last_in_round and max(view.scores) >= view.target
        return cls(weights, unseen, their_hold, rival, last_turn)


# -- evaluation -----------------------------------------------------------------------------------


def _keep_value(hand: Sequence[int], w: Weights) -> float:
    """The hand after the refill to five: the tiles it holds, then average draws."""
    average = w.average_keep()
    value = sum(n * w.keep[c] for c, n in enumerate(hand[:UNKNOWN])) + hand[UNKNOWN] * average
    return value + max(0, HAND_SIZE - sum(hand)) * average


def _outlook_value(board: Board, hand: Sequence[int], out: Outlook, mine_weight: float,
                   left: int) -> float:
    """What the board promises once the bot stops: a share of the Kombo its own hand completes,
    less what the next player takes first (`left`: the best Kombo left on the board)."""
    if out.last_turn:
        return 0.0
    done = board.completions()
    theirs = 0.0
    for creature, points in enumerate(done):
        if points > left:
            theirs = max(theirs, out.their_hold[creature] * (points - left))
    threat = left + out.weights.their_chance * theirs
    mine = max((done[c] for c in range(len(CREATURES)) if hand[c]), default=0)
    return mine_weight * mine - out.rival * threat


def evaluate(turn: Turn, out: Outlook, ending: bool = False) -> float:
    """The value of the model position for the bot (see the module's doc). `ending`: the turn ends
    here, so nothing more can be scored this turn."""
    w = out.weights
    keep = _keep_value(turn.hand, w)
    board = turn.board
    left, kombo_mask = board.best_kombo()
    can_go_on = not ending and not turn.scored and any(turn.hand[:UNKNOWN])
    mine_weight = w.this_turn if can_go_on else w.next_turn
    value = turn.gained + keep + _outlook_value(board, turn.hand, out, mine_weight, left)
    if turn.scored or ending or not left:
        return value
    # Scoring the best Kombo before stopping (one a turn): its points, and the board it leaves.
    after = board.copy()
    after.flip_down(kombo_mask)
    left_after, _ = after.best_kombo()
    scoring = turn.gained + left + keep + _outlook_value(after, turn.hand, out, w.next_turn, left_after)
    return max(value, scoring)


def _revive_value(turn: Turn, sq: int, out: Outlook) -> float:
    """A Revive shows a tile the bot cannot know: the average over the creatures not seen yet."""
    value = 0.0
    for creature, chance in enumerate(out.unseen):
        if chance > 0:
            after = turn.copy()
            after.revive(sq, creature)
            value += chance * evaluate(after, out)
    return value


def _revive_candidates(board: Board, limit: int) -> list[int]:
    """Face-down tiles with the most face-up sides first: reviving those can join a group."""
    up = board.occ & ~board.down
    ranked = sorted(_bits(board.down), key=lambda sq: -sum(1 for n in NEIGHBOURS[sq] if up >> n & 1))
    return ranked[:limit]


# -- the medium bot --------------------------------------------------------------------------------


@dataclass
class _Choice:
    value: float
    action: Action
    after: Turn | None = None      # the model after it, where a deeper look may go on from


@dataclass
class GreedyBot:
    """Each call: every legal action on the model, the best evaluation wins (see the module's doc)."""

    seat: int
    seed: int
    weights: Weights = MEDIUM
    rng: Rng = field(init=False)
    evaluated: int = field(default=0, init=False)    # positions evaluated by the last decision

    def __post_init__(self) -> None:
        self.rng = Rng(self.seed)

    def choose(self, view: KomboView, legal: list[Action]) -> Action:
        self.evaluated = 0
        if view.phase == "redraw":
            return self._redraw(view, legal)
        out = Outlook.from_view(view, self.seat, self.weights)
        turn = Turn(Board.from_view(view.board), self._hand(view), scored=view.scored)
        if view.pending is not None:
            choices = self._pending(turn, out, view.pending.square, legal)
        else:
            choices = self._main(turn, out, legal)
        return self._pick(self._deepen(choices, out))

    def _hand(self, view: KomboView) -> list[int]:
        hand = [0] * (UNKNOWN + 1)
        for name in view.hand:
            hand[CREATURE_INDEX[name]] += 1
        return hand

    def _pick(self, choices: list[_Choice]) -> Action:
        top = max(c.value for c in choices)
        # Equal choices are broken by the bot's own seeded generator, so bots differ between seeds.
        best = [c.action for c in choices if c.value >= top - 1e-9]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _eval(self, turn: Turn, out: Outlook, ending: bool = False) -> float:
        self.evaluated += 1
        return evaluate(turn, out, ending)

    def _redraw(self, view: KomboView, legal: list[Action]) -> Action:
        """Redraw a starting hand worth clearly less than five average tiles."""
        w = self.weights
        hand = self._hand(view)
        redraw = _keep_value(hand, w) < HAND_SIZE * w.average_keep() - 1.0
        return next(a for a in legal if isinstance(a, Redraw) and a.redraw == redraw)

    def _deepen(self, choices: list[_Choice], out: Outlook) -> list[_Choice]:
        """A hook for deeper bots: the medium bot keeps its one-step values."""
        return choices

    # -- the main choices: place, score, end --

    def _main(self, turn: Turn, out: Outlook, legal: list[Action]) -> list[_Choice]:
        w = self.weights
        choices: list[_Choice] = []
        gains: dict[int, float] = {}     # ability -> its best choice's gain on the board as it is
        deferred: list[_Choice] = []
        for action in legal:
            if isinstance(action, EndTurn):
                choices.append(_Choice(self._eval(turn, out, ending=True), action))
            elif isinstance(action, Score):
                after = turn.copy()
                after.score(_mask(action.squares), self._kombo_points(turn.board, action.squares))
                choices.append(_Choice(self._eval(after, out), action, after))
            elif isinstance(action, Place):
                creature = CREATURE_INDEX[action.creature]
                after = turn.copy()
                after.place(creature, action.square, action.trigger)
                value = self._eval(after, out) - w.place_cost
                if action.trigger and creature in (KANGAROO, ALLIGATOR, VULTURE):
                    if creature not in gains:
                        gains[creature] = self._ability_gain(turn, out, creature)
                    deferred.append(_Choice(value + gains[creature], action))
                else:
                    choices.append(_Choice(value, action, after))
        # The few best placements with a choice are checked with their real choices on the board
        # they make; the others keep the estimate (they are not going to win anyway).
        deferred.sort(key=lambda c: -c.value)
        for rank, choice in enumerate(deferred):
            if rank < w.refine and isinstance(choice.action, Place):
                best = self._refined(turn, out, choice.action)
                choice = _Choice(best.value - w.place_cost, choice.action, best.after)
            choices.append(choice)
        return choices

    @staticmethod
    def _kombo_points(board: Board, squares: Sequence[int]) -> int:
        mask = _mask(squares)
        creatures = {c for c in range(CHAMELEON) if board.faces[c] & mask}
        creature = min(creatures) if creatures else WOLF
        return len(squares) * SCORES[creature]

    def _ability_gain(self, turn: Turn, out: Outlook, creature: int) -> float:
        """How much the best choice of this ability adds, on the board as it is."""
        base = self._eval(turn, out)
        best = max((c.value for c in self._ability_options(turn, out, creature, -1)), default=base)
        return max(0.0, best - base)

    def _refined(self, turn: Turn, out: Outlook, place: Place) -> _Choice:
        """The placement with its best choice: value, and the model after both."""
        creature = CREATURE_INDEX[place.creature]
        after = turn.copy()
        after.place(creature, place.square, True)     # the board-full clear waits for the choice
        options = self._ability_options(after, out, creature, place.square)
        if not options:
            after.board.clear_if_full()
            return _Choice(self._eval(after, out), place, after)
        return max(options, key=lambda c: c.value)

    def _ability_options(self, turn: Turn, out: Outlook, creature: int, placed: int) -> list[_Choice]:
        """The choices of the ability of `creature` placed on `placed` (-1: not placed yet)."""
        board = turn.board
        found: list[_Choice] = []
        if creature == KANGAROO:
            for src in _bits(board.occ & ~(1 << placed) if placed >= 0 else board.occ):
                for dst in NEIGHBOURS[src]:
                    if not board.occ >> dst & 1 and dst != placed:
                        after = turn.copy()
                        after.kick(src, dst)
                        found.append(_Choice(self._eval(after, out), Kick(self.seat, src, dst), after))
        elif creature == ALLIGATOR:
            targets = [sq for sq in _bits(board.occ & ~board.down) if sq != placed]
            found = self._swamps(turn, out, targets)
        elif creature == VULTURE:
            # What a Revive shows is unknown: no model to go on from (after stays None).
            for sq in _revive_candidates(board, self.weights.revive_squares):
                found.append(_Choice(_revive_value(turn, sq, out), Revive(self.seat, sq)))
                self.evaluated += len(CREATURES)
        return found

    def _swamps(self, turn: Turn, out: Outlook, targets: list[int]) -> list[_Choice]:
        """Single flips first; pairs only among the best singles (a pair's worth is mostly its two
        flips')."""
        singles: list[_Choice] = []
        for sq in targets:
            after = turn.copy()
            after.swamp((sq,))
            singles.append(_Choice(self._eval(after, out), Swamp(self.seat, (sq,)), after))
        singles.sort(key=lambda c: -c.value)
        best = sorted(sq for c in singles[:self.weights.swamp_pairs_from] if isinstance(c.action, Swamp)
                      for sq in c.action.squares)
        pairs: list[_Choice] = []
        for pair in combinations(best, 2):
            after = turn.copy()
            after.swamp(pair)
            pairs.append(_Choice(self._eval(after, out), Swamp(self.seat, pair), after))
        return singles + pairs

    # -- an ability waiting for its choice --

    def _pending(self, turn: Turn, out: Outlook, placed: int, legal: list[Action]) -> list[_Choice]:
        creature = turn.board.creature_at(placed)
        options = {c.action: c for c in self._ability_options(turn, out, creature, placed)}
        choices = [options[a] for a in legal if a in options]
        if choices:
            return choices
        # Nothing the model offered is legal (it should not happen): any legal choice, valued alike.
        return [_Choice(0.0, a) for a in legal]


# -- the hard bot ----------------------------------------------------------------------------------


@dataclass
class PlannerBot(GreedyBot):
    """The medium bot's choices, the best few of them looked at one action further: after each, the
    best next tile of the known hand (any space, its ability estimated as on the board before it), or
    stopping there. Two steps make plans one step cannot see: a kick or a swamp and then the Kombo
    it opens, two tiles that make a Kombo together, a tile placed first to enlarge the Kombo."""

    shortlist: int = 6          # choices looked at further (bounds the positions evaluated)

    def _deepen(self, choices: list[_Choice], out: Outlook) -> list[_Choice]:
        ranked = sorted(choices, key=lambda c: -c.value)
        return [_Choice(max(c.value, self._follow(c.after, out)), c.action, c.after)
                if rank < self.shortlist and c.after is not None else c
                for rank, c in enumerate(ranked)]

    def _follow(self, turn: Turn, out: Outlook) -> float:
        """The best value one more tile from the known hand reaches on the model (or stopping)."""
        w = self.weights
        best = self._eval(turn, out)
        board = turn.board
        gains: dict[int, float] = {}
        for creature in range(CHAMELEON + 1):
            if not turn.hand[creature]:
                continue
            triggers = (False,) if creature in (CHAMELEON, SNAKE) else (False, True)
            for sq in _bits(board.open_spaces()):
                for trigger in triggers:
                    after = turn.copy()
                    after.place(creature, sq, trigger)
                    value = self._eval(after, out) - w.place_cost
                    if trigger and creature in (KANGAROO, ALLIGATOR, VULTURE):
                        if creature not in gains:
                            gains[creature] = self._ability_gain(turn, out, creature)
                        value += gains[creature]
                    best = max(best, value)
            if creature == SNAKE:
                for sq in _bits(board.occ & ~board.down & ~board.faces[SNAKE]):
                    after = turn.copy()
                    after.place(SNAKE, sq, True)
                    best = max(best, self._eval(after, out) - w.place_cost)
        return best
