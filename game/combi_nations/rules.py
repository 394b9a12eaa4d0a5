"""Combi-Nations rules engine: pure, no pygame, no I/O (rules: shared/rules/combi-nations.txt and the
Combi-Nations part of DECISIONS.md; the box in tables.py, the geometry in hexgrid.py, a player's
country in country.py, the score sheet in scoring.py).

The game in phases:
- BUILD (the "free" country option only): seat by seat in turn order, each lays its seven SAND tiles
  one at a time (`Build`), each joined side to side to those before. With a preset (or the date
  variant, whose preset is the last digit of the day the config carries, so a replay is the same)
  the countries are built at new_game: each seat's seven tiles shuffled and laid in preset order.
- MOVE: the seat to play moves its ARROW to the 1st, 2nd or 3rd placeable tile in its direction
  (`Move(k, uturn)`; an arrow stands on an empty space, so only spaces holding a tile that fits the
  seat's country count), the MARKET MARKER moves k stacks clockwise skipping empty stacks, and the
  space the arrow left is refilled from the stack in front of the marker (the next one if empty).
- PLACE: the seat lays the tile it took on SAND, touching a LAND or FACILITY space (`Place`). It
  always fits: the arrow only stops at tiles that do.
- The end: a seat whose turn begins with no tile on the ring that fits (in any direction it may
  still go) is skipped and triggers the end; so does a seat that fills its last SAND space. Turns go
  on until it is the starting player's turn again; then each seat that placed a tile in its last turn
  takes one extra turn (if it can still move), in turn order, and the game is over.
- Solo: a second arrow, the opponent's, moves after each of the player's turns: in its first turn as
  many steps as the player's arrow, later as many as the spaces of the tile it last took; it treats
  every tile as placeable and discards what it takes (the marker moves and the space refills as
  ever). Once it has taken SOLO_OPPONENT_TILES the player has one final turn.

Seat 0 is the starting player; turns go 0, 1, 2, ... (clockwise). The ring's spaces are numbered
clockwise. Hidden: the order of the face-down stacks (views show their counts).

*Rulings* beyond the texts and DECISIONS.md, marked here:
- A seat with no possible move is skipped (an event says so) rather than made to pass.
- The ring is dealt clockwise from space 0, each tile space from the next stack in STACKS order.
- Arrows start on spaces 0, R/n, 2R/n, ... for seat 0, 1, 2, ... (solo: the player 0, the opponent R/2).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Annotated, Any, ClassVar

from game.core.engine import Action, Engine, Event, GameConfig, GameType, Outcome, Termination, rank_winners
from game.core.errors import ConfigError, IllegalActionError
from game.core.options import Choice, Opt
from game.core.rng import Rng
from game.core.view import ViewCodec, revealed
from game.core.wire import WireCodec

from .country import SAND_TILE_IDS, TILE_PATTERNS, Country, Placing, laid_hexes, made, tiles_ahead
from .events import (
    OPPONENT,
    ArrowMoved,
    CountryBuilt,
    Discarded,
    EndTriggered,
    GameOver,
    MarkerMoved,
    Placed,
    Refilled,
    SandLaid,
    Skipped,
    TurnBegan,
)
from .geometry import joining_spots
from .hexgrid import ROTATIONS, Hex
from .tables import (
    LAND_TILES,
    MARKER_START,
    PRESETS,
    RING_SIZES,
    SAND_SET,
    SAND_SHAPE,
    SOLO_OPPONENT_TILES,
    STACKS,
)
from .view import BUILD, EMPTY, MOVE, OVER, PLACE, CombiView, RevealedView, fold

SEATS = 5
COUNTRY_MODES = ("free", "preset", "date")


# -- config --------------------------------------------------------------------------------------

# the options, built here: a class's annotations are evaluated without the module's names
_COUNTRY = Opt("Country", (
    Choice("free", label="Build freely", note="Build your country from your seven SAND tiles"),
    Choice("preset", label="Preset shape", note="Everyone builds the preset shape below"),
    Choice("date", label="Today's shape", note="The shape numbered by the last digit of today's date")))
_PRESET = Opt("Preset shape", tuple(Choice(str(i), i, note=f"Country shape {i}") for i in range(10)),
              only_when=("country", "preset"))
_FACILITIES = Opt("Facilities", (Choice("rules", False, "Full rules", "Each facility scores by its own rule"),
                                 Choice("flat", True, "Flat 2 each", "Every facility scores 2")), key="facilities")


@dataclass(frozen=True)
class CombiConfig(GameConfig):
    TAG: ClassVar[str] = "combi_nations"
    country: Annotated[str, _COUNTRY] = "preset"
    preset: Annotated[int, _PRESET] = 0       # the preset shape for "preset"
    day: int = 1                              # the day of the month for "date" (its last digit picks the shape)
    flat: Annotated[bool, _FACILITIES] = False   # every facility scores a flat 2

    def made(self, today: date | None = None) -> CombiConfig:
        """The date variant reads today's date here, once, so the game itself replays the same any day."""
        return dataclasses.replace(self, day=(today or date.today()).day)


def preset_of(config: CombiConfig) -> int:
    return config.day % 10 if config.country == "date" else config.preset


def _check_seat(seat: int) -> None:
    # A ValueError here makes WireCodec.decode refuse an out-of-range value as a WireFormatError.
    if not 0 <= seat < SEATS:
        raise ValueError(f"seat {seat} out of range")


def _check_turns(turns: int) -> None:
    if not 0 <= turns < ROTATIONS:
        raise ValueError(f"{turns} turns")


# -- actions -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Build(Action):
    """Free building: lay SAND tile `tile` (0..6 of the seat's set) with its origin on (q, r)."""

    TAG: ClassVar[str] = "build"
    tile: int
    turns: int
    q: int
    r: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_turns(self.turns)
        if not 0 <= self.tile < len(SAND_SET):
            raise ValueError(f"SAND tile {self.tile}")

    def __str__(self) -> str:
        return f"Seat {self.seat + 1} lays SAND tile {self.tile + 1}"


@dataclass(frozen=True)
class Move(Action):
    """Move the arrow to the `k`-th placeable tile (1..3) in its direction; with `uturn`, flip the
    arrow first (once a game) and go counterclockwise from now on."""

    TAG: ClassVar[str] = "move"
    k: int
    uturn: bool = False

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        if not 1 <= self.k <= 3:
            raise ValueError(f"the arrow moves to the 1st, 2nd or 3rd placeable tile, not {self.k}")

    def __str__(self) -> str:
        turn = " after its U-turn" if self.uturn else ""
        return f"Seat {self.seat + 1} moves to placeable tile {self.k}{turn}"


@dataclass(frozen=True)
class Place(Action):
    """Lay the tile taken this turn: its origin cell on (q, r), turned `turns` × 60° clockwise."""

    TAG: ClassVar[str] = "place"
    turns: int
    q: int
    r: int

    def __post_init__(self) -> None:
        _check_seat(self.seat)
        _check_turns(self.turns)

    @property
    def placing(self) -> Placing:
        return Placing(self.turns, (self.q, self.r))

    def __str__(self) -> str:
        return f"Seat {self.seat + 1} places its tile"


# Every Move a seat can make, made once: legal_actions hands out these (equal) values every turn.
_MOVES: tuple[tuple[tuple[Move, ...], tuple[Move, ...]], ...] = tuple(
    (tuple(Move(seat, k) for k in (1, 2, 3)), tuple(Move(seat, k, True) for k in (1, 2, 3)))
    for seat in range(SEATS))
_new = object.__new__


def _place_maker(seat: int) -> Callable[[int, Hex], Place]:
    return lambda turns, at: Place(seat, turns, at[0], at[1])


# per seat: the key of its Place actions in a geometry's tables, and what makes one
_PLACE_KEYS: tuple[tuple[str, int], ...] = tuple(("place", seat) for seat in range(SEATS))
_PLACE_MAKERS: tuple[Callable[[int, Hex], Place], ...] = tuple(_place_maker(seat) for seat in range(SEATS))
_STACK_OF: tuple[str, ...] = tuple(t.stack for t in LAND_TILES)
_STACK_IDS: tuple[tuple[int, ...], ...] = tuple(tuple(t.id for t in LAND_TILES if t.stack == s) for s in STACKS)


# -- state ---------------------------------------------------------------------------------------

@dataclass
class CombiState:
    players: int
    solo: bool
    flat: bool
    phase: str
    turn: int
    countries: list[Country]
    ring: list[int]                          # per space: a LandTile id, or EMPTY
    arrows: list[int]                        # per arrow (seats, then the solo opponent): its space
    clockwise: list[bool]                    # per arrow: its direction
    uturned: list[bool]                      # per seat: the U-turn is used
    stacks: list[list[int]]                  # per stack in STACKS order: face-down ids, top at the end
    marker: int                              # index into STACKS
    discard: list[int] = field(default_factory=list)   # the solo opponent's tiles
    held: int = EMPTY                        # the tile the seat to play took, in PLACE
    building: list[int] = field(default_factory=list)  # free build: SAND tiles left, per seat
    placed_last: list[bool] = field(default_factory=list)   # per seat: placed a tile in its last turn
    ending: bool = False                     # the end is triggered: finish the round
    extra: list[int] = field(default_factory=list)     # seats still owed an extra turn, in order
    in_extra: bool = False
    ended_by: Termination | None = None
    opponent_steps: int = 0                  # the solo opponent's next move
    final_turn: bool = False                 # solo: the player's last turn is under way
    rng: Rng = field(default_factory=lambda: Rng(0))
    # the final scores, worked out once as the game ends (for the outcome and the views after it):
    # made from the fields above, so no part of the state's value
    scored: tuple[int, ...] = field(default=(), compare=False, repr=False)
    # free building's Build actions made so far, by what they are (_build_key): most places offered
    # to a seat are offered again at its next step, each an immutable value, so copies share them
    builds: dict[int, Build] = field(default_factory=dict, compare=False, repr=False)

    def copy(self) -> CombiState:
        return CombiState(
            self.players, self.solo, self.flat, self.phase, self.turn,
            [c.copy() for c in self.countries], list(self.ring), list(self.arrows), list(self.clockwise),
            list(self.uturned), [list(s) for s in self.stacks], self.marker, list(self.discard), self.held,
            list(self.building), list(self.placed_last), self.ending, list(self.extra), self.in_extra,
            self.ended_by, self.opponent_steps, self.final_turn, self.rng.clone(), self.scored, self.builds)


def _tile(tile_id: int) -> Any:
    return LAND_TILES[tile_id]


def build_preset(country: Country, preset: int, order: list[int]) -> None:
    """Lay the seven SAND tiles (in `order`, a shuffle of 0..6) on the preset's places, in turn."""
    for index, spot in zip(order, PRESETS[preset], strict=True):
        country.add_sand_tile(SAND_SET[index], spot.turns, spot.at)


# -- the engine ----------------------------------------------------------------------------------

class CombiNationsEngine(Engine[CombiState]):
    key: ClassVar[str] = "combi_nations"
    title: ClassVar[str] = "Combi-Nations"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = SEATS
    actions: ClassVar[WireCodec] = WireCodec([Build, Move, Place])
    events: ClassVar[WireCodec] = WireCodec([
        CountryBuilt, SandLaid, TurnBegan, ArrowMoved, MarkerMoved, Refilled, Placed, Discarded, Skipped,
        EndTriggered, GameOver])
    configs: ClassVar[WireCodec] = WireCodec([CombiConfig])
    views: ClassVar[ViewCodec[CombiView]] = ViewCodec(CombiView)
    # the stacks' order is hidden from everyone alike: every seat sees the same, no curtain
    game_type: ClassVar[GameType] = GameType(hidden_information=True, private_views=False)

    # -- setup --

    def new_game(self, config: GameConfig, seed: int) -> CombiState:
        if not isinstance(config, CombiConfig):
            raise ConfigError("Combi-Nations needs a CombiConfig")
        self.check_config(config)
        if config.country not in COUNTRY_MODES:
            raise ConfigError(f"country must be one of {', '.join(COUNTRY_MODES)}")
        if not 0 <= config.preset < len(PRESETS) or not 1 <= config.day <= 31:
            raise ConfigError("preset must be 0-9 and day 1-31")
        n = config.players
        solo = n == 1
        rng = Rng(seed)
        stacks: list[list[int]] = []
        for box_order in _STACK_IDS:
            ids = list(box_order)
            rng.shuffle(ids)
            stacks.append(ids)
        size = RING_SIZES[n]
        arrows_n = 2 if solo else n
        arrows = [k * size // arrows_n for k in range(arrows_n)]
        ring = [EMPTY] * size
        next_stack = 0
        for space in range(size):
            if space in arrows:
                continue
            while not stacks[next_stack % len(STACKS)]:
                next_stack += 1
            ring[space] = stacks[next_stack % len(STACKS)].pop()
            next_stack += 1
        countries = [Country() for _ in range(n)]
        state = CombiState(
            players=n, solo=solo, flat=config.flat, phase=MOVE, turn=0, countries=countries, ring=ring,
            arrows=arrows, clockwise=[True] * arrows_n, uturned=[False] * n, stacks=stacks,
            marker=STACKS.index(MARKER_START), building=[len(SAND_SET)] * n, placed_last=[False] * n,
            rng=rng)
        if config.country == "free":
            state.phase = BUILD
        else:
            preset = preset_of(config)
            for country in countries:
                order = list(range(len(SAND_SET)))
                rng.shuffle(order)
                build_preset(country, preset, order)
            state.building = [0] * n
            self._begin_turn(state)
        return state

    def opening_events(self, state: CombiState) -> list[Event]:
        return [TurnBegan(state.turn, False)] if state.phase == MOVE else []

    # -- queries --

    def to_act(self, state: CombiState) -> frozenset[int]:
        return frozenset() if state.phase == OVER else frozenset({state.turn})

    def ring_options(self, state: CombiState, seat: int, clockwise: bool) -> list[int]:
        """The spaces of the 1st, 2nd and 3rd tiles that fit `seat`'s country, going one way."""
        return tiles_ahead(state.ring, state.arrows[seat], clockwise, state.countries[seat])

    def can_move(self, state: CombiState, seat: int) -> bool:
        if self.ring_options(state, seat, state.clockwise[seat]):
            return True
        return not state.uturned[seat] and bool(self.ring_options(state, seat, not state.clockwise[seat]))

    def legal_actions(self, state: CombiState, seat: int) -> list[Action]:
        if state.phase == OVER or seat != state.turn:
            return []
        if state.phase == BUILD:
            return list(self._builds(state, seat))
        if state.phase == MOVE:
            country, ring, start = state.countries[seat], state.ring, state.arrows[seat]
            way = state.clockwise[seat]
            moves = _MOVES[seat]
            out: list[Action] = list(moves[0][:len(tiles_ahead(ring, start, way, country))])
            if not state.uturned[seat]:
                out += moves[1][:len(tiles_ahead(ring, start, not way, country))]
            return out
        country = state.countries[seat]
        stack = _STACK_OF[state.held]
        geo = country.masks()[0]
        spots = geo.spots(stack)
        picks = country.fitting(spots) & geo.distinct(stack, TILE_PATTERNS[state.held])
        return made(spots, _PLACE_KEYS[seat], picks, _PLACE_MAKERS[seat])

    @staticmethod
    def _kinds(country: Country) -> list[int]:
        """The SAND tiles a seat may lay next: of those left, the first of each print (tiles with
        the same print are alike)."""
        laid = {c.tile - SAND_TILE_IDS for c in country.cells.values()}
        kinds: dict[str | None, int] = {}
        for i in range(len(SAND_SET)):
            if i not in laid:
                kinds.setdefault(SAND_SET[i].printed, i)
        return list(kinds.values())

    def _builds(self, state: CombiState, seat: int) -> list[Build]:
        country = state.countries[seat]
        kinds = self._kinds(country)
        if not country.cells:
            return [Build(seat, i, 0, 0, 0) for i in kinds]
        made = state.builds
        out: list[Build] = []
        for turns, (q, r) in joining_spots(country.cells):
            # a key per (seat, tile, turns, q, r): coordinates stay within ±64 of the first tile
            base = ((turns << 7 | (q & 127)) << 7 | (r & 127)) << 6 | seat << 3
            for i in kinds:
                action = made.get(base | i)
                if action is None:
                    # Build(...) without __init__'s checks (every value is in range) or the frozen
                    # setattr per field: the same value, equal and hashing alike; hundreds a step
                    action = made[base | i] = _new(Build)
                    action.__dict__.update(seat=seat, tile=i, turns=turns, q=q, r=r)
                out.append(action)
        return out

    def _can_build(self, state: CombiState, action: Build) -> bool:
        """Is `action` among _builds(state, action.seat)? Asked without listing them all."""
        country = state.countries[action.seat]
        if action.tile not in self._kinds(country):
            return False
        if not country.cells:
            return action.turns == action.q == action.r == 0
        return country.joins(action.turns, (action.q, action.r))

    def outcome(self, state: CombiState) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = self._final(state)
        ending = state.ended_by or Termination.NO_TILE_FITS
        return Outcome(scores, rank_winners(scores), ending)

    def _final(self, state: CombiState) -> tuple[int, ...]:
        return state.scored or tuple(self.scores(state))

    def scores(self, state: CombiState) -> list[int]:
        from .scoring import totals_all
        return totals_all(state.countries, solo=state.solo, flat=state.flat)

    # -- apply --

    def apply(self, state: CombiState, action: Action) -> list[Event]:
        if state.phase == OVER:
            raise IllegalActionError("the game is over", action)
        if action.seat != state.turn:
            raise IllegalActionError(f"it is not seat {action.seat + 1}'s turn", action)
        if isinstance(action, Build) and state.phase == BUILD:
            return self._build(state, action)
        if isinstance(action, Move) and state.phase == MOVE:
            return self._move(state, action)
        if isinstance(action, Place) and state.phase == PLACE:
            return self._place(state, action)
        raise IllegalActionError(f"{action} is not a legal move now", action)

    def _build(self, state: CombiState, action: Build) -> list[Event]:
        if not self._can_build(state, action):
            raise IllegalActionError("that SAND tile cannot go there: it must join the others side to "
                                     "side without overlapping", action)
        seat = action.seat
        state.countries[seat].add_sand_tile(SAND_SET[action.tile], action.turns, (action.q, action.r))
        state.building[seat] -= 1
        events: list[Event] = [SandLaid(seat, action.tile, action.turns, action.q, action.r)]
        if state.building[seat] == 0:
            events.append(CountryBuilt(seat, -1))
            if seat + 1 < state.players:
                state.turn = seat + 1
            else:
                state.phase, state.turn = MOVE, 0
                events += self._begin_turn(state)
        return events

    def _move(self, state: CombiState, action: Move) -> list[Event]:
        seat = action.seat
        if action.uturn and state.uturned[seat]:
            raise IllegalActionError("the U-turn can be made only once a game", action)
        way = state.clockwise[seat] != action.uturn
        options = self.ring_options(state, seat, way)
        if action.k > len(options):
            raise IllegalActionError(f"there is no placeable tile number {action.k} that way", action)
        if action.uturn:
            state.uturned[seat] = True
            state.clockwise[seat] = way
        events = self._take(state, seat, options[action.k - 1], action.k, action.uturn)
        state.held = state.ring[state.arrows[seat]]
        state.ring[state.arrows[seat]] = EMPTY
        state.phase = PLACE
        if state.solo and state.opponent_steps == 0:
            state.opponent_steps = action.k        # the opponent's first move copies the player's
        return events

    def _take(self, state: CombiState, arrow: int, space: int, k: int, uturn: bool) -> list[Event]:
        """Parts 1-3 of a turn for `arrow`: move it to `space`, the marker k stacks on, refill."""
        start = state.arrows[arrow]
        tile = state.ring[space]
        state.arrows[arrow] = space
        seat = OPPONENT if arrow >= state.players else arrow
        events: list[Event] = [ArrowMoved(seat, start, space, k, uturn, tile)]
        for _ in range(k):
            state.marker = self._next_stack(state, state.marker)
        events.append(MarkerMoved(state.marker))
        source = state.marker
        if not state.stacks[source]:
            source = self._next_stack(state, source)
        if state.stacks[source]:
            new = state.stacks[source].pop()
            state.ring[start] = new
            events.append(Refilled(start, source, new))
        else:
            events.append(Refilled(start, source, EMPTY))
        return events

    @staticmethod
    def _next_stack(state: CombiState, stack: int) -> int:
        """The next stack clockwise that still has tiles (the same one if none has)."""
        for i in range(1, len(STACKS) + 1):
            candidate = (stack + i) % len(STACKS)
            if state.stacks[candidate]:
                return candidate
        return (stack + 1) % len(STACKS)

    def _place(self, state: CombiState, action: Place) -> list[Event]:
        seat = action.seat
        tile = _tile(state.held)
        country = state.countries[seat]
        if not country.fits(tile.stack, action.placing):
            raise IllegalActionError("the tile must lie on SAND of your country and touch a LAND or "
                                     "FACILITY space", action)
        country.place(tile, action.placing)
        events: list[Event] = [Placed(seat, tile.id, action.turns, action.q, action.r)]
        state.held = EMPTY
        state.placed_last[seat] = True
        if not country.has_sand() and not state.ending and not state.in_extra:
            state.ending, state.ended_by = True, Termination.COUNTRY_FULL
            events.append(EndTriggered(seat, True))
        return events + self._after_turn(state)

    # -- turn order and the end --

    def _after_turn(self, state: CombiState) -> list[Event]:
        events: list[Event] = []
        if state.solo and not state.in_extra:
            events += self._opponent(state)
        return events + self._advance(state)

    def _opponent(self, state: CombiState) -> list[Event]:
        """The solo opponent's turn: its k-th tile of any kind clockwise, discarded."""
        if state.final_turn or len(state.discard) >= SOLO_OPPONENT_TILES:
            return []
        arrow = 1
        size = len(state.ring)
        spaces = [(state.arrows[arrow] + i) % size for i in range(1, size)]
        tiles = [s for s in spaces if state.ring[s] >= 0]
        if not tiles:
            return []
        k = min(state.opponent_steps or 1, len(tiles))
        events = self._take(state, arrow, tiles[k - 1], k, False)
        taken = state.ring[tiles[k - 1]]
        state.ring[tiles[k - 1]] = EMPTY
        state.discard.append(taken)
        state.opponent_steps = len(_tile(taken).cells)
        events.append(Discarded(taken, len(state.discard)))
        return events

    def _advance(self, state: CombiState) -> list[Event]:
        """On to the next turn that can be played, or the end."""
        n = state.players
        if state.solo:
            if state.final_turn or state.in_extra:
                return self._finish(state)
            if len(state.discard) >= SOLO_OPPONENT_TILES and not state.ending:
                state.final_turn = True
                state.ended_by = Termination.SOLO_DONE
            if state.ending:
                # the player is the starting player: the round is over at once; an extra turn if placed
                return self._start_extra(state)
            state.phase = MOVE
            return self._begin_turn(state)
        if state.in_extra:
            return self._next_extra(state)
        nxt = (state.turn + 1) % n
        if state.ending and nxt == 0:
            return self._start_extra(state)
        state.turn, state.phase = nxt, MOVE
        return self._begin_turn(state)

    def _begin_turn(self, state: CombiState) -> list[Event]:
        """The seat to play begins its turn; with no possible move it is skipped (and the end is
        triggered, as the rulebook says)."""
        events: list[Event] = []
        guard = 0
        while True:
            seat = state.turn
            state.phase = MOVE
            if self.can_move(state, seat):
                events.append(TurnBegan(seat, state.in_extra))
                return events
            events.append(Skipped(seat))
            state.placed_last[seat] = False
            if not state.ending and not state.in_extra:
                state.ending, state.ended_by = True, Termination.NO_TILE_FITS
                events.append(EndTriggered(seat, False))
            if state.solo:
                if state.in_extra or state.final_turn:
                    return events + self._finish(state)
                return events + self._start_extra(state)
            if state.in_extra:
                return events + self._next_extra(state)
            nxt = (seat + 1) % state.players
            if state.ending and nxt == 0:
                return events + self._start_extra(state)
            state.turn = nxt
            guard += 1
            if guard > state.players * 2:   # nobody can move: _start_extra ends it; never loop
                return events + self._finish(state)

    def _start_extra(self, state: CombiState) -> list[Event]:
        state.extra = [s for s in range(state.players) if state.placed_last[s]]
        state.in_extra = True
        return self._next_extra(state)

    def _next_extra(self, state: CombiState) -> list[Event]:
        while state.extra:
            seat = state.extra.pop(0)
            if self.can_move(state, seat):
                state.turn, state.phase = seat, MOVE
                return [TurnBegan(seat, True)]
        return self._finish(state)

    def _finish(self, state: CombiState) -> list[Event]:
        state.phase, state.turn, state.held = OVER, -1, EMPTY
        state.in_extra = True
        state.scored = tuple(self.scores(state))
        return [GameOver(state.scored)]

    # -- views --

    def resample_hidden(self, state: CombiState, seat: int | None, rng: Any) -> CombiState:
        """Only the order of the face-down stacks is hidden, from everyone alike."""
        out = state.copy()
        for stack in out.stacks:
            rng.shuffle(stack)
        return out

    def view(self, state: CombiState, seat: int | None) -> CombiView:
        return CombiView(
            phase=state.phase, players=state.players, solo=state.solo, flat=state.flat, turn=state.turn,
            countries=tuple(country.entries() for country in state.countries), ring=tuple(state.ring),
            arrows=tuple(state.arrows), clockwise=tuple(state.clockwise), uturned=tuple(state.uturned),
            stack_counts=tuple(len(s) for s in state.stacks), marker=state.marker, held=state.held,
            discarded=len(state.discard), building=tuple(state.building), ending=state.ending,
            extra_turn=state.in_extra, final_turn=state.final_turn, placed_last=tuple(state.placed_last),
            # the final scores once the game is over (screens score live countries themselves)
            scores=self._final(state) if state.phase == OVER else ())

    def revealed_view(self, state: CombiState) -> RevealedView:
        """The view with the tile each face-down stack turns up next (a replay's)."""
        tops = tuple(stack[-1] if stack else EMPTY for stack in state.stacks)
        return revealed(self.view(state, None), RevealedView, stack_tops=tops)

    def fold(self, view: CombiView, event: Event) -> CombiView:
        return fold(view, event)

    def clone(self, state: CombiState) -> CombiState:
        return state.copy()

    # -- checks --

    def check_invariants(self, state: CombiState) -> None:
        where: list[int] = list(state.discard)
        for stack in state.stacks:
            where += stack
        where += [t for t in state.ring if t >= 0]
        if state.held >= 0:
            where.append(state.held)
        for country in state.countries:
            where += sorted({c.tile for c in country.cells.values() if c.tile < SAND_TILE_IDS})
        assert sorted(where) == list(range(len(LAND_TILES))), "the 100 LAND tiles are not each somewhere once"
        for arrow, space in enumerate(state.arrows):
            assert state.ring[space] == EMPTY, f"arrow {arrow} stands on a tile"
        assert len(set(state.arrows)) == len(state.arrows), "two arrows on one space"
        for seat, country in enumerate(state.countries):
            if state.building[seat] == 0:
                assert len(country.cells) == len(SAND_SET) * len(SAND_SHAPE), f"seat {seat + 1}'s country"
        if state.phase == PLACE:
            assert state.held >= 0
        else:
            assert state.held == EMPTY
        assert state.solo or not state.discard


def hexes_of(tile_id: int, placing: Placing) -> list[Hex]:
    """The hexes a LAND tile covers when placed so, in the order of its cells."""
    return laid_hexes(_tile(tile_id).stack, placing)
