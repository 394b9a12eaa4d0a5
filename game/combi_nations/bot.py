"""Combi-Nations bots. They decide from a seat's view and the legal list only, never from the state:
the countries are rebuilt from view.countries ((q, r, content, tile) per hex), the market from
view.ring (LandTile ids, EMPTY for an empty space) and the arrows' spaces and directions.

- easy:   random-legal, choosing the kind of move first (so a U-turn is not taken just because it
          lists more moves).
- medium: greedy on the score sheet. Every placement of a tile is valued by the bot's own score sheet
          after it (scoring.score_total against the other players' best standing, so the comparing
          facilities, the doubled LAND type and the SAND penalty all count) plus the room it leaves
          (`room`): a bonus for areas that still touch SAND (they can grow, worth the area table's next
          step), a penalty for SAND left in pockets only a single (or a pair) can fill. In the move
          phase it mirrors the engine's ring walk to know which tile each Move(k, uturn) reaches and
          values each by its best placement; the U-turn (once a game) only when it is clearly better.
          Free building: each SAND tile where it touches the most hexes laid so far (a compact shape).
- hard:   medium, plus a look one turn ahead: the few best moves (tile and placement) also count a
          share of the best tile the arrow could take next turn from where it then stands.
- expert: (expert.py) hard's evaluation a round ahead: each other seat first takes the tile best
          for its own country, then the bot's next tile counts; and how well the country a
          placement leaves takes the tiles on offer and those face down; less what the others'
          takes are worth to them.

Everything is counted, nothing timed; ties go to the bot's own seeded generator, so a seed always plays
the same game.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.core.bots import LEVELS, Bot, random_by_kind
from game.core.engine import Action
from game.core.loader import load
from game.core.rng import Rng

from .country import Country, Placing, country_from_view, distinct_placings, tiles_ahead, with_tile
from .hexgrid import placed
from .rules import Build, Move, Place
from .scoring import total_of
from .survey import Standing, Survey, best_of, neighbours, standing
from .tables import SAND_SHAPE, area_points
from .view import EMPTY, CombiView

EXPERT = "game.combi_nations.expert:ExpertBot"

UTURN_MARGIN = 2.0        # a U-turn must be worth this many points more than the best forward move
GROWTH_WEIGHT = 0.35      # per point an area would gain from one more hex, while it touches SAND
SINGLE_POCKET = 0.6       # a SAND hex with no SAND neighbour: only a single tile fills it
PAIR_POCKET = 0.2         # per hex of a two-hex SAND pocket: only singles and pairs fill it
LOOKAHEAD_WEIGHT = 0.5    # hard: the share of next turn's best tile counted now
LOOKAHEAD_MOVES = 3       # hard: how many of the best moves are looked at one turn further
COUNTRY_HEXES = 42        # seven SAND tiles of six hexes


def make_bot(level: str, seat: int, seed: int) -> Bot:
    if level == "easy":
        return RandomBot(seat, seed)
    if level == "medium":
        return GreedyBot(seat, seed)
    if level == "hard":
        return LookaheadBot(seat, seed)
    if level == "expert":
        # named by path, as bot factories are (game.core.loader): expert.py builds on LookaheadBot here
        expert: type[LookaheadBot] = load(EXPERT)
        return expert(seat, seed)
    raise ValueError(f"no Combi-Nations bot level {level!r}; levels: {', '.join(LEVELS)}")


class RandomBot:
    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)

    def choose(self, view: CombiView, legal: list[Action]) -> Action:
        # a U-turn is a kind of its own: not taken half the time just because it lists as many moves
        return random_by_kind(legal, self.rng, lambda a: (a.TAG, bool(getattr(a, "uturn", False))))


# -- what the view tells ---------------------------------------------------------------------------

# -- the evaluation --------------------------------------------------------------------------------

def room(country: Country, survey: Survey | None = None) -> float:
    """What the score sheet does not see yet: areas that can still grow, SAND only odd tiles fill.
    `survey`: the country's, when the caller has it already."""
    geo, blocked, _ = country.masks()
    sand = geo.full & ~blocked
    if not sand:
        return 0.0
    near = geo.neighbours
    rank = country.ranks()
    left = sand.bit_count() / (COUNTRY_HEXES - 4)          # 1 at the start, 0 when full
    # The penalties and bonuses are summed in the order of the hexes in `cells` (each pocket or area
    # where its first hex comes), as they always were: the same float, so the same choices.
    # SAND pockets a single or a pair fills: a SAND hex with no SAND beside it, or two with only
    # each other (larger pockets cost nothing)
    pockets: list[tuple[int, float]] = []
    rest = sand
    while rest:
        low = rest & -rest
        rest ^= low
        i = low.bit_length() - 1
        beside = near[i] & sand
        if not beside:
            pockets.append((rank[i], SINGLE_POCKET))
        elif not beside & (beside - 1):
            j = beside.bit_length() - 1
            if near[j] & sand == low and rank[i] < rank[j]:
                pockets.append((rank[i], 2 * PAIR_POCKET))
    value = 0.0
    for _, penalty in sorted(pockets):
        value -= penalty
    # areas that touch SAND can grow: worth the next step of the area table
    survey = survey or Survey(country)
    growing: list[tuple[int, int]] = []
    for (_, mask), around in zip(survey.area_masks, survey.area_around, strict=True):
        if around & sand:
            growing.append((_first(mask, rank), mask.bit_count()))
    for _, size in sorted(growing):
        value += GROWTH_WEIGHT * left * (area_points(size + 1) - area_points(size))
    return value


def _first(mask: int, rank: tuple[int, ...]) -> int:
    """The earliest rank among the mask's hexes."""
    best = len(rank)
    while mask:
        low = mask & -mask
        mask ^= low
        best = min(best, rank[low.bit_length() - 1])
    return best


class _Position:
    """The bot's own country and what it is compared with, from one view."""

    def __init__(self, view: CombiView, seat: int) -> None:
        countries = [country_from_view(entries) for entries in view.countries]
        self.country = countries[seat]
        self.solo = view.solo
        self.flat = view.flat
        self.rivals: Standing | None = best_of([standing(c) for i, c in enumerate(countries) if i != seat])
        self.cache: dict[tuple[int, int], tuple[float, Placing | None, Country | None]] = {}

    def value(self, country: Country) -> float:
        survey = Survey(country)
        return total_of(survey, self.rivals, solo=self.solo, flat=self.flat) + room(country, survey)

    def best_placing(self, tile_id: int, country: Country | None = None,
                     ) -> tuple[float, Placing | None, Country | None]:
        """The best value of laying the tile (and where, and the country after); with no placement
        the value of the country as it is."""
        base = self.country if country is None else country
        key = (tile_id, id(base))
        found = self.cache.get(key)
        if found is not None:
            return found
        best = self.cache[key] = self.placing_of(tile_id, base)
        return best

    def placing_of(self, tile_id: int, base: Country) -> tuple[float, Placing | None, Country | None]:
        """`best_placing` in `base` without the cache (for callers that keep their own)."""
        best: tuple[float, Placing | None, Country | None] = (float("-inf"), None, None)
        for p in distinct_placings(base, tile_id):
            after = with_tile(base, tile_id, p)
            v = self.value(after)
            if v > best[0]:
                best = (v, p, after)
        if best[1] is None:
            best = (self.value(base), None, None)
        return best

    def ranked_placings(self, tile_id: int) -> list[tuple[float, Placing, Country]]:
        out = []
        for p in distinct_placings(self.country, tile_id):
            after = with_tile(self.country, tile_id, p)
            out.append((self.value(after), p, after))
        out.sort(key=lambda x: -x[0])
        return out


# -- the greedy bot --------------------------------------------------------------------------------

class GreedyBot:
    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = Rng(seed)

    def choose(self, view: CombiView, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if all(isinstance(a, Build) for a in legal):
            return self.build(view, legal)
        if all(isinstance(a, Move) for a in legal):
            return self.move(view, legal)
        if all(isinstance(a, Place) for a in legal):
            return self.place(view, legal)
        return self.rng.choice(legal)

    def _pick(self, scored: list[tuple[float, Action]]) -> Action:
        top = max(v for v, _ in scored)
        best = [a for v, a in scored if v >= top - 1e-9]
        return best[0] if len(best) == 1 else self.rng.choice(best)

    # -- free building: a compact shape --

    def build(self, view: CombiView, legal: list[Action]) -> Action:
        country = country_from_view(view.countries[self.seat])
        cells = country.cells
        if not cells:
            return self.rng.choice(legal)
        cq = sum(q for q, _ in cells) / len(cells)
        cr = sum(r for _, r in cells) / len(cells)
        scored: list[tuple[float, Action]] = []
        for action in legal:
            assert isinstance(action, Build)
            spot = placed(SAND_SHAPE, action.turns, (action.q, action.r))
            touching = sum(1 for h in spot for n in neighbours(h) if n in cells)
            spread = sum(_hex_distance(h, (cq, cr)) for h in spot)
            scored.append((touching - 0.1 * spread, action))
        return self._pick(scored)

    # -- the arrow --

    def move_values(self, view: CombiView, legal: list[Action], pos: _Position) -> list[tuple[float, Move, int]]:
        """Each legal move's value (its tile's best placement) and the tile it reaches."""
        out = []
        for action, tile in self.move_tiles(view, legal, pos.country):
            value, _, _ = pos.best_placing(tile)
            if action.uturn:
                value -= UTURN_MARGIN
            out.append((value, action, tile))
        return out

    def move_tiles(self, view: CombiView, legal: list[Action], country: Country) -> list[tuple[Move, int]]:
        """Each legal move and the tile it reaches (the engine's ring walk, from the view)."""
        ring = view.ring
        start = view.arrows[self.seat]
        way = view.clockwise[self.seat]
        targets = {False: tiles_ahead(ring, start, way, country),
                   True: tiles_ahead(ring, start, not way, country)}
        out = []
        for action in legal:
            assert isinstance(action, Move)
            spaces = targets[action.uturn]
            if action.k > len(spaces):
                continue        # cannot happen with the engine's legal list; never guess
            out.append((action, ring[spaces[action.k - 1]]))
        return out

    def move(self, view: CombiView, legal: list[Action]) -> Action:
        pos = _Position(view, self.seat)
        values = self.move_values(view, legal, pos)
        if not values:
            return self.rng.choice(legal)
        return self._pick([(v, a) for v, a, _ in values])

    # -- the tile --

    def place(self, view: CombiView, legal: list[Action]) -> Action:
        pos = _Position(view, self.seat)
        tile = view.held
        scored: list[tuple[float, Action]] = []
        for action in legal:
            assert isinstance(action, Place)
            scored.append((pos.value(with_tile(pos.country, tile, action.placing)), action))
        return self._pick(scored)


def _hex_distance(h: tuple[int, int], centre: tuple[float, float]) -> float:
    dq, dr = h[0] - centre[0], h[1] - centre[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) / 2


# -- the look-ahead bot ----------------------------------------------------------------------------

class LookaheadBot(GreedyBot):
    """medium, and for its few best moves a share of the best tile reachable next turn."""

    def ranked_moves(self, view: CombiView, legal: list[Action]) -> tuple[_Position, list[Any]]:
        """The seat's position and its moves valued, best first (empty: none valued)."""
        pos = _Position(view, self.seat)
        values = self.move_values(view, legal, pos)
        values.sort(key=lambda x: -x[0])
        return pos, values

    def move(self, view: CombiView, legal: list[Action]) -> Action:
        pos, values = self.ranked_moves(view, legal)
        if not values:
            return self.rng.choice(legal)
        ring = list(view.ring)
        start = view.arrows[self.seat]
        way = view.clockwise[self.seat]
        scored: list[tuple[float, Action]] = []
        for value, action, tile in values[:LOOKAHEAD_MOVES]:
            heading = way != action.uturn
            space = tiles_ahead(ring, start, heading, pos.country)[action.k - 1]
            _, _, after = pos.best_placing(tile)
            scored.append((lookahead_score(pos, ring, start, space, heading, value, after, action.uturn),
                           action))
        return self._pick(scored)


def lookahead_score(pos: _Position, ring: Sequence[int], start: int, space: int, heading: bool,
                    value: float, after: Country | None, uturn: bool) -> float:
    """The hard level's score for taking the tile at `space` (worth `value`, leaving `after`): a
    share of the best tile the arrow then reaches, laid in `after`, is added (less the U-turn's
    margin once more for a U-turn, which must pay for itself on the next turn too)."""
    ahead = value
    if after is not None:
        later = list(ring)
        later[space] = EMPTY
        later[start] = EMPTY          # refilled from a face-down stack: not counted
        reach = best_reach(pos, later, space, heading, after)
        if reach is not None:
            ahead = reach - (UTURN_MARGIN if uturn else 0.0)
    return value + LOOKAHEAD_WEIGHT * ahead


def best_reach(pos: _Position, ring: Sequence[int], space: int, heading: bool,
               country: Country) -> float | None:
    """The value of the best tile an arrow at `space` reaches on `ring`, laid in `country` (None
    when it reaches none)."""
    spaces = tiles_ahead(ring, space, heading, country)
    if not spaces:
        return None
    return max(pos.best_placing(ring[s], country)[0] for s in spaces)
