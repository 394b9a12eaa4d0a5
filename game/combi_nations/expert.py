"""Combi-Nations' Expert: the hard level's score-sheet evaluation, looking one round ahead with the
other seats in it, and keeping to its plan when it lays the tile.

Search over determinisations buys little here: the only secret is the order of the face-down stacks,
which decides nothing but the refills, and the engine lists a tile's placements at a cost that
leaves a tree a few hundred nodes in the time a decision may take. What decides a game is which tile
an arrow reaches next, and the hard level counts that tile as if nobody else moved. The Expert:

- values each move by its tile's best placements (the hard level's `value`: the score sheet against
  the other players' best standing, plus the room left to grow);
- plays the round out greedily: every other seat, in turn order, takes the tile that is best for its
  own country among those its arrow may reach (so a tile it would take is gone, and the space it left
  is counted empty, its refill being unknown), and then counts the best tile its own arrow reaches
  from where the move leaves it, placed in the country the move leaves;
- counts how well the country a placement leaves takes the tiles still on offer after the rivals'
  turns, and at a share a sample of those still face down in the stacks (`flexibility`): a country
  that many tiles would improve keeps its choices open, where one only a rare tile fits waits on
  luck; and, at a share, how well the country next turn's best tile would leave takes the ring's;
- counts against a move what the tile the next seats then take is worth to them (`DENY_WEIGHT`):
  the game is won against the others' totals, so a tile kept from a rival counts as well as one
  taken for itself;
- weighs the same look ahead when it lays the tile it took, so the placement serves the next turn.

Everything is counted, nothing timed; ties and the sample of face-down tiles go to the bot's own
seeded generator. It reads the view and the legal list only: which tiles are face down follows from
those in sight, and re-dealing the stacks does not change them.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence

from game.core.engine import Action

from .bot import UTURN_MARGIN, LookaheadBot, _Position, best_reach
from .country import Country, tiles_ahead
from .determinise import tiles_out_of_sight
from .rules import Move, Place
from .view import EMPTY, CombiView

AHEAD_WEIGHT = 0.6        # the share of next turn's best tile counted now
# How wide the look ahead is. The Expert is counted, not timed, so its strength is bought with these:
# widened from 2, 3 and 4, it won 68.3% of 820 paired games against hard where it had won 65.7% of
# the same, and its mean margin grew in three of the four seed sets that had one (median 70 ms a
# decision, worst 0.97 s).
MOVE_PLACINGS = 3         # placements looked ahead for each of the best moves
BEST_MOVES = 5            # moves whose placements are all looked ahead (the others: their best one)
PLACE_PLACINGS = 6        # placements looked ahead when laying the tile
FLEX_WEIGHT = 1.0         # per point the tiles on offer would add, on average, to the country left
DENY_WEIGHT = 1.0         # per point of the rivals' takes after a move (their mean), counted against it
AHEAD_FLEX_WEIGHT = 0.5   # the flexibility of the country next turn's tile leaves, within that turn's share
# The ring shows the next few turns' tiles; the stacks hold the rest of the game's. Weighing a sample
# of those too won 69.6% of 600 paired games against hard, where the ring alone had won 67.3% of the
# same (seeds 100, 7000 and 9000), and the mean margin grew in all three. Weighing them in next
# turn's share as well won 72.2% of the same 600 (72.25%, 69.75% and 74.5%): it took up to 2.1 s a
# decision until the bots valued a country without the sheet's words and with one survey (alone on
# the machine: median 75 ms, worst 1.2 s over 1,576 decisions).
POOL_WEIGHT = 0.5         # per point a face-down tile would add, on average, to the country left
POOL_SAMPLE = 10          # face-down tiles sampled a decision (each costs a look at its placements)


class ExpertBot(LookaheadBot):
    """The expert level (see the module's docstring)."""

    def move(self, view: CombiView, legal: list[Action]) -> Action:
        coming = self._face_down(view)
        pos, values = self.ranked_moves(view, legal)
        if not values:
            return self.rng.choice(legal)
        rivals = self._rivals(view)
        start = view.arrows[self.seat]
        way = view.clockwise[self.seat]
        scored: list[tuple[float, Action]] = []
        alive: list[object] = []     # the countries looked at stay alive: best_placing caches by id
        for rank, (value, action, tile) in enumerate(values):
            assert isinstance(action, Move)
            heading = way != action.uturn
            space = tiles_ahead(view.ring, start, heading, pos.country)[action.k - 1]
            ring = list(view.ring)
            ring[space] = EMPTY
            ring[start] = EMPTY              # refilled from a face-down stack: not counted
            ring, takes = self._rivals_take(view, ring, rivals)
            deny = DENY_WEIGHT * sum(takes) / len(takes) if takes else 0.0
            penalty = (UTURN_MARGIN if action.uturn else 0.0) + deny
            placings = pos.ranked_placings(tile)[:MOVE_PLACINGS if rank < BEST_MOVES else 1]
            alive.append(placings)
            if not placings:
                scored.append((value - penalty, action))
                continue
            flexible = rank < BEST_MOVES     # the others: their best placement as it stands
            best = max(v + AHEAD_WEIGHT * self._ahead(pos, ring, space, heading, after, v, flexible, coming)
                       + (FLEX_WEIGHT * flexibility(pos, ring, after, v, coming) if flexible else 0.0)
                       for v, _p, after in placings)
            scored.append((best - penalty, action))
        return self._pick(scored)

    def place(self, view: CombiView, legal: list[Action]) -> Action:
        coming = self._face_down(view)
        pos = _Position(view, self.seat)
        tile = view.held
        placings = pos.ranked_placings(tile)
        if not placings:
            return super().place(view, legal)
        by_placing = {a.placing: a for a in legal if isinstance(a, Place)}
        ring, _takes = self._rivals_take(view, list(view.ring), self._rivals(view))
        space = view.arrows[self.seat]
        heading = view.clockwise[self.seat]
        scored: list[tuple[float, Action]] = []
        for v, placing, after in placings[:PLACE_PLACINGS]:
            action = by_placing.get(placing)
            if action is None:
                continue
            scored.append((v + AHEAD_WEIGHT * self._ahead(pos, ring, space, heading, after, v, True, coming)
                           + FLEX_WEIGHT * flexibility(pos, ring, after, v, coming), action))
        return self._pick(scored) if scored else super().place(view, legal)

    def _face_down(self, view: CombiView) -> list[int]:
        """A sample of the LAND tiles face down in the stacks (POOL_SAMPLE of them, or all). Solo,
        the opponent's discards are out of sight too and may be drawn: the view does not tell them
        apart, and a sample of the game's tiles serves as well."""
        pool = tiles_out_of_sight(view)
        self.rng.shuffle(pool)
        return pool[:POOL_SAMPLE]

    # -- the round ahead --

    def _rivals(self, view: CombiView) -> list[tuple[int, _Position]]:
        """The other seats in the order they play before this one's next turn."""
        n = view.players
        if view.solo:
            return []
        return [((self.seat + i) % n, _Position(view, (self.seat + i) % n)) for i in range(1, n)]

    @staticmethod
    def _rivals_take(view: CombiView, ring: list[int], rivals: Sequence[tuple[int, _Position]],
                     ) -> tuple[list[int], list[float]]:
        """The ring once each rival has taken the tile best for its own country, and what each
        rival that could move valued its take at (its country's value with the tile laid)."""
        takes: list[float] = []
        for seat, rival in rivals:
            start = view.arrows[seat]
            spaces = tiles_ahead(ring, start, view.clockwise[seat], rival.country)
            if not spaces:
                continue
            best = max(spaces, key=lambda s: (rival.best_placing(ring[s])[0], -s))
            takes.append(rival.best_placing(ring[best])[0])
            ring = list(ring)
            ring[best] = EMPTY
            ring[start] = EMPTY
        return ring, takes

    @staticmethod
    def _ahead(pos: _Position, ring: Sequence[int], space: int, heading: bool, after: Country,
               now: float, flexible: bool, coming: Sequence[int]) -> float:
        """The value of the best tile its arrow reaches next turn, laid in `after` (`now`, the value
        of `after` itself, when no tile is left to reach); if `flexible`, plus a share of how well
        the country that tile leaves takes the tiles still on offer and those face down (`coming`,
        the decision's sample). Only the best moves and the
        placements are `flexible`: for every move it would cost more than a decision may take."""
        if not flexible:
            reach = best_reach(pos, ring, space, heading, after)
            return now if reach is None else reach
        spaces = tiles_ahead(ring, space, heading, after)
        if not spaces:
            return now
        best = max(spaces, key=lambda s: (pos.best_placing(ring[s], after)[0], -s))
        value, _placing, later = pos.best_placing(ring[best], after)
        if later is None:
            return value
        rest = list(ring)
        rest[best] = EMPTY
        return value + AHEAD_FLEX_WEIGHT * flexibility(pos, rest, later, value, coming)


def flexibility(pos: _Position, ring: Sequence[int], after: Country, now: float,
                coming: Sequence[int] = ()) -> float:
    """How well `after` (worth `now`) takes the tiles on the ring: the mean, over the different
    tiles there, of what the best placement of each would add (nothing for one that adds nothing);
    plus, at POOL_WEIGHT, the same mean over `coming`, tiles still face down. The callers pass the
    ring as the rivals leave it, and all of it, not only what the arrow reaches next: the arrow and
    the refills move on, the country's shape stays. `after` must outlive the position's cache (it
    keys by id)."""
    return _mean_gain(pos, {tile for tile in ring if tile != EMPTY}, after, now) \
        + POOL_WEIGHT * _mean_gain(pos, coming, after, now)


def _mean_gain(pos: _Position, tiles: Collection[int], after: Country, now: float) -> float:
    if not tiles:
        return 0.0
    return sum(max(0.0, pos.best_placing(tile, after)[0] - now) for tile in tiles) / len(tiles)
