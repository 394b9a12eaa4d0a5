"""The Kombo Klash! bots' evaluation, in points, of a position in the middle of the bot's turn (on the
light model, game.kombo_klash.model), from what the seat knows (`Outlook`, all from its view):

  + the points scored this turn (Kombos, howls, swamps),
  + the best Kombo still to score this turn (one a turn: scoring it now, or what one more tile from
    the hand would make),
  − what the next player is likely to score first: the best Kombo left on the board, or one their
    unknown hand completes (weighted by the chance that they hold the creature),
  + a share of the Kombo the bot's own hand could complete next turn,
  + the tiles kept in hand (each creature a value; the refill to five draws average tiles).

A Revive shows the tile the bot remembers there (the Expert keeps a memory: game.kombo_klash.memory),
or else one it cannot know: then its value is the average over the creatures not seen yet.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .model import HAND_SIZE, UNKNOWN, Board, Turn, bits
from .tables import CREATURE_INDEX, CREATURES, NEIGHBOURS, TABLE
from .view import KomboView


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


@dataclass(frozen=True)
class Outlook:
    """One decision's fixed facts, all from the view."""

    weights: Weights
    unseen: tuple[float, ...]      # per creature: chance that a tile the bot cannot see is one
    their_hold: tuple[float, ...]  # per creature: chance the next player holds one
    rival: float                   # weight of what the next player scores
    last_turn: bool                # the game ends after this turn: only points now count
    # face-down square -> the creature the bot remembers there (empty for a bot without a memory)
    remembered: Mapping[int, int] = field(default_factory=dict)

    @classmethod
    def from_view(cls, view: KomboView, seat: int, weights: Weights,
                  remembered: Mapping[int, str] | None = None) -> Outlook:
        """The decision's facts from the view, and from the face-down tiles the bot remembers."""
        down = {sq: CREATURE_INDEX[name] for sq, name in sorted((remembered or {}).items())
                if view.board[sq] == "?"}
        counts = [TABLE.copies] * len(CREATURES)
        for cell in view.board:
            if cell is not None and cell != "?":
                counts[CREATURE_INDEX[cell]] -= 1
        for name in view.hand:
            counts[CREATURE_INDEX[name]] -= 1
        for creature in down.values():
            counts[creature] -= 1
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
        return cls(weights, unseen, their_hold, rival, last_turn, down)


def keep_value(hand: Sequence[int], w: Weights) -> float:
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
    keep = keep_value(turn.hand, w)
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


def revive_value(turn: Turn, sq: int, out: Outlook) -> float:
    """A Revive shows a tile the bot cannot know: the average over the creatures not seen yet."""
    value = 0.0
    for creature, chance in enumerate(out.unseen):
        if chance > 0:
            after = turn.copy()
            after.revive(sq, creature)
            value += chance * evaluate(after, out)
    return value


def revive_candidates(board: Board, limit: int) -> list[int]:
    """Face-down tiles with the most face-up sides first: reviving those can join a group."""
    up = board.occ & ~board.down
    ranked = sorted(bits(board.down), key=lambda sq: -sum(1 for n in NEIGHBOURS[sq] if up >> n & 1))
    return ranked[:limit]
