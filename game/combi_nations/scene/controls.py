"""What each Combi-Nations player's focus may rest on, what Select does there, and where the focus
lands after a step.

The focusables (game.ui.play.focus), for the seat whose turn it is:
- taking a tile: the market ring's reachable tiles, the 1st, 2nd and 3rd that fit ahead of the arrow
  and, while the U-turn is unused, the 1st, 2nd and 3rd behind it;
- laying it: every hex of the country (the tile's first cell goes on the focused hex, the ghost shows
  the tile there, turned as the player turned it);
- building freely: the kinds of SAND tile left and every hex the next one may be aimed at;
- the Turn tile button (laying and building), and the Scores button (always);
- while the score sheet is open, its lines instead (the focused one's reason is read out under it;
  Select, Back or the Action key closes the sheet, and the focus goes back where it was).
A waiting seat's focus may rest on any tile of the ring (the prompt reads out its facility) and on
the Scores button; Select there says whose turn it is.

Two presses for what cannot be taken back (the first arms the choice, its words on the focus; Back or
moving away disarms it): taking a tile (the arrow and the marker move, the market refills), laying
a tile, laying a SAND tile. While a tile is focused the country shows every hex it could cover, and
while a hex is focused the ghost shows exactly what a second press lays, so the first press is a
look, the second the move. One press for what is free and can be undone: turning the tile (the
Action key, the wheel, right-click, or the button; it disarms a choice, since the ghost changed),
choosing a SAND kind, the score sheet.

Where a focus lands, chosen here once (`landing`): at the start of a seat's turn on the 1st tile it
may take; once it holds a tile, on the country, on the place nearest where it last laid one where
the tile fits unturned (turned, if it fits no way unturned); building, on the nearest place the
chosen SAND tile joins. Any other step leaves a focus where its player put it.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from game.core.seats import seat_name
from game.core.session import Step
from game.ui.play.focus import Focusable, Key

from ..country import Country, Placing, country_from_view, laid_hexes, tiles_ahead, with_tile
from ..hexgrid import ROTATIONS, Hex, distance
from ..narration import ordinal, tile_name
from ..rules import Build, Move, Place
from ..scoring import score_country
from ..tables import LAND_NAMES, LAND_TILES, SAND_SET
from ..view import BUILD, MOVE, OVER, PLACE, CombiView
from .layout import Layout, build_area
from .score_sheet import sheet_cells

if TYPE_CHECKING:
    from .screen import CombiNationsScene

SCORES: Key = ("button", "scores")
TURN: Key = ("button", "turn")
NO_FIT = "It does not fit there: on SAND, touching a LAND or FACILITY space. Move or turn it"
NO_JOIN = "A SAND tile must join your country side to side without overlapping"
OVERLAPS = "It overlaps your country where crossed out"
NO_TOUCH = "It does not touch your country side to side"
T = TypeVar("T")


def space_key(space: int) -> Key:
    return ("space", space)


def hex_key(h: Hex) -> Key:
    return ("hex", h[0], h[1])


def kind_key(index: int) -> Key:
    return ("kind", index)


def sheet_key(column: int, row: int) -> Key:
    return ("sheet", column, row)


def key_hex(key: Key | None) -> Hex | None:
    if isinstance(key, tuple) and len(key) == 3 and key[0] == "hex":
        return (int(key[1]), int(key[2]))
    return None


def key_space(key: Key | None) -> int | None:
    return int(key[1]) if isinstance(key, tuple) and len(key) == 2 and key[0] == "space" else None


def kind_name(index: int) -> str:
    printed = SAND_SET[index].printed
    return f"SAND tile with {LAND_NAMES[printed]}" if printed is not None else "plain SAND tile"


@dataclass(frozen=True)
class Option:
    """A tile the seat's arrow may move to: on `space`, the `k`-th that fits, after the U-turn or not."""

    space: int
    k: int
    uturn: bool

    @property
    def label(self) -> str:
        return f"U-turn, take the {ordinal(self.k)} tile" if self.uturn else f"take the {ordinal(self.k)} tile"


@dataclass(frozen=True)
class Ghost:
    """The tile about to be laid where the focus is: its hexes and contents, and whether it goes there."""

    cells: tuple[tuple[Hex, str], ...]
    fits: bool
    clashes: tuple[Hex, ...] = ()     # refused: the hexes it clashes on (none named: the whole tile)
    why: str = ""                     # refused: why, in a line


class CombiControls:
    def __init__(self, scene: CombiNationsScene, layout: Layout) -> None:
        self.scene = scene
        self.layout = layout
        self.turns: dict[int, int] = {}          # seat -> the tile's turning (×60°) it will lay
        self.kind: dict[int, int] = {}           # seat -> the SAND tile (of its set) it lays next
        self.last_hex: dict[int, Hex] = {}       # seat -> the hex its focus was last on
        self._cache: dict[Any, tuple[CombiView, Any, Any]] = {}

    @property
    def view(self) -> CombiView:
        return self.scene.view

    def _memo(self, name: Any, key: Any, make: Callable[[], T]) -> T:
        """`make()` once per truth and `key` (the truth changes with every step)."""
        view = self.view
        hit = self._cache.get(name)
        if hit is not None and hit[0] is view and hit[1] == key:
            value: T = hit[2]
            return value
        made = make()
        self._cache[name] = (view, key, made)
        return made

    # -- what a seat may do ----------------------------------------------------------------------

    def waiting(self, seat: int) -> str:
        """Why `seat` may not act now, or "" if it may."""
        view = self.view
        if view.phase == OVER:
            return "The game is over"
        if seat != view.turn:
            name = seat_name(view.turn)
            return f"Wait: {name} (Bot) is playing" if self.scene.is_bot(view.turn) else f"Wait: it's {name}'s turn"
        return ""

    def country(self, seat: int) -> Country:
        return self._memo(("country", seat), None, lambda: country_from_view(self.view.countries[seat]))

    def options(self, seat: int) -> list[Option]:
        """The tiles the seat may take: the engine's legal Moves, found on the ring by its own walk."""
        view = self.view
        if view.phase != MOVE or view.turn != seat:
            return []

        def make() -> list[Option]:
            country = self.country(seat)
            start, way = view.arrows[seat], view.clockwise[seat]
            spaces = {False: tiles_ahead(view.ring, start, way, country),
                      True: tiles_ahead(view.ring, start, not way, country)}
            out = [Option(spaces[a.uturn][a.k - 1], a.k, a.uturn) for a in self.scene.legal(seat)
                   if isinstance(a, Move) and a.k <= len(spaces[a.uturn])]
            return sorted(out, key=lambda o: (o.uturn, o.k))
        return self._memo(("options", seat), None, make)

    def placings(self, seat: int) -> frozenset[Placing]:
        """Every (turns, at) the held tile may take: what the engine's Place accepts."""
        view = self.view
        if view.phase != PLACE or view.turn != seat or view.held < 0:
            return frozenset()
        stack = LAND_TILES[view.held].stack
        return self._memo(("placings", seat), None, lambda: frozenset(self.country(seat).placements(stack)))

    def builds(self, seat: int) -> frozenset[tuple[int, int, Hex]]:
        """Free building: every (SAND tile, turns, at) the engine's legal list offers."""
        return self._memo(("builds", seat), None, lambda: frozenset(
            (a.tile, a.turns, (a.q, a.r)) for a in self.scene.legal(seat) if isinstance(a, Build)))

    def kinds(self, seat: int) -> list[int]:
        """The kinds of SAND tile the seat has left (one of each print: alike tiles are one choice)."""
        if self.view.phase != BUILD or self.view.turn != seat:
            return []
        return sorted({tile for tile, _, _ in self.builds(seat)})

    def kind_for(self, seat: int) -> int | None:
        kinds = self.kinds(seat)
        chosen = self.kind.get(seat)
        return chosen if chosen in kinds else (kinds[0] if kinds else None)

    def turns_of(self, seat: int) -> int:
        return self.turns.get(seat, 0)

    # -- what the focus shows --------------------------------------------------------------------

    def aim(self, seat: int) -> Hex | None:
        """The hex the tile's first cell would go on: the focused hex, else the last one focused."""
        found = key_hex(self.scene.input.of(seat).key)
        return found if found is not None else self.last_hex.get(seat)

    def remember(self, seat: int) -> None:
        found = key_hex(self.scene.input.of(seat).key)
        if found is not None:
            self.last_hex[seat] = found

    def focused_option(self, seat: int) -> Option | None:
        space = key_space(self.scene.input.of(seat).key)
        return next((o for o in self.options(seat) if o.space == space), None)

    def ghost(self, seat: int) -> Ghost | None:
        view, at = self.view, self.aim(seat)
        if at is None or view.turn != seat:
            return None
        turns = self.turns_of(seat)
        if view.phase == PLACE and view.held >= 0:
            tile = LAND_TILES[view.held]
            placing = Placing(turns, at)
            return Ghost(tuple(zip(laid_hexes(tile.stack, placing), tile.contents)), placing in self.placings(seat))
        kind = self.kind_for(seat)
        if view.phase == BUILD and kind is not None:
            sand = Country()            # the SAND tile laid alone: its hexes and its printed space
            sand.add_sand_tile(SAND_SET[kind], turns, at)
            cells = tuple((h, cell.content) for h, cell in sand.cells.items())
            if (kind, turns, at) in self.builds(seat):
                return Ghost(cells, True)
            why, clashes = self.refusal(seat, kind, turns, at)
            return Ghost(cells, False, clashes, why)
        return None

    def refusal(self, seat: int, kind: int, turns: int, at: Hex) -> tuple[str, tuple[Hex, ...]]:
        """Why the engine would refuse this SAND tile here, and the hexes it clashes on, read from the
        country's own checks (the engine's refusal names no hex): laying it on a copy refuses an
        overlap, `joins` a tile that overlaps nothing and touches nothing."""
        country = self.country(seat)
        try:
            country.copy().add_sand_tile(SAND_SET[kind], turns, at)
        except ValueError:
            laid = Country()
            laid.add_sand_tile(SAND_SET[kind], turns, at)
            return OVERLAPS, tuple(sorted(h for h in laid.cells if h in country.cells))
        if not country.joins(turns, at):
            return NO_TOUCH, ()
        return NO_JOIN, ()

    def preview(self, seat: int) -> int | None:
        """What the held tile laid where the ghost is adds to the seat's score sheet."""
        view, at = self.view, self.aim(seat)
        if view.phase != PLACE or view.turn != seat or view.held < 0 or at is None:
            return None
        placing = Placing(self.turns_of(seat), at)
        if placing not in self.placings(seat):
            return None

        def make() -> int:
            mine = self.country(seat)
            others = [self.country(s) for s in range(view.players) if s != seat]
            before = score_country(mine, others, solo=view.solo, flat=view.flat).total
            after = score_country(with_tile(mine, view.held, placing), others, solo=view.solo, flat=view.flat)
            return after.total - before
        return self._memo(("preview", seat), placing, make)

    def spots(self, seat: int) -> frozenset[Hex]:
        """Where the tile's first cell may go, turned as it is now (marked on the country)."""
        turns = self.turns_of(seat)
        if self.view.phase == PLACE:
            return frozenset(p.at for p in self.placings(seat) if p.turns == turns)
        kind = self.kind_for(seat)
        return frozenset(at for k, t, at in self.builds(seat) if k == kind and t == turns) \
            if self.view.phase == BUILD else frozenset()

    def fit_hexes(self, seat: int, tile_id: int) -> frozenset[Hex]:
        """Every hex of the seat's country some placement of the tile would cover: its fit."""
        stack = LAND_TILES[tile_id].stack
        return self._memo(("fit", seat), stack, lambda: frozenset(
            h for p in self.country(seat).placements(stack) for h in laid_hexes(stack, p)))

    # -- the focusables --------------------------------------------------------------------------

    def targets(self, seat: int) -> list[Focusable]:
        if self.scene.sheet_open:
            return self._memo(("sheet", seat), self.scene.show.version, lambda: self._sheet(seat))
        return self._memo(("targets", seat), (self.turns_of(seat), self.kind_for(seat)), lambda: self._targets(seat))

    def _sheet(self, seat: int) -> list[Focusable]:
        """The score sheet's lines (each says its reason under the sheet); Select closes the sheet."""
        label = "go on to the results" if self.view.phase == OVER else "close the score sheet"
        return [Focusable(sheet_key(cell.column, cell.row), cell.rect, self.scene.close_sheet, label)
                for cell in sheet_cells(self.layout.sheet_rect, self.scene.sheets())]

    def _targets(self, seat: int) -> list[Focusable]:
        view, layout = self.view, self.layout
        wait = self.waiting(seat)
        size = len(view.ring)
        out: list[Focusable] = []
        if wait:
            out += [Focusable(space_key(s), layout.ring_tile_rect(s, size), reason=wait)
                    for s, tile in enumerate(view.ring) if tile >= 0]
        elif view.phase == MOVE:
            out += [Focusable(space_key(o.space), layout.ring_tile_rect(o.space, size), Move(seat, o.k, o.uturn),
                              o.label, confirm=True) for o in self.options(seat)]
        elif view.phase == PLACE:
            out += self._hexes(seat)
        elif view.phase == BUILD:
            out += [Focusable(kind_key(index), layout.kind_rect(i), self._chooser(seat, index),
                              f"lay the {kind_name(index)} next") for i, index in enumerate(self.kinds(seat))]
            out += self._hexes(seat)
        out.append(Focusable(SCORES, layout.button_rect(0), self.scene.toggle_sheet, "the score sheet"))
        if not wait and view.phase in (PLACE, BUILD):
            out.append(Focusable(TURN, layout.button_rect(1), lambda: self.rotate(seat), "turn the tile"))
        return out

    def _chooser(self, seat: int, index: int) -> Callable[[], None]:
        return lambda: self.choose_kind(seat, index)

    def _hexes(self, seat: int) -> list[Focusable]:
        view = self.view
        hexes = self.scene.country_view(seat, view)
        turns = self.turns_of(seat)
        out: list[Focusable] = []
        if view.phase == PLACE:
            placings = self.placings(seat)
            for q, r, _content, _tile in view.countries[seat]:
                rect = hexes.hex_rect((q, r))
                if Placing(turns, (q, r)) in placings:
                    out.append(Focusable(hex_key((q, r)), rect, Place(seat, turns, q, r),
                                         f"lay {tile_name(view.held)} here", confirm=True))
                else:
                    out.append(Focusable(hex_key((q, r)), rect, reason=NO_FIT))
            return out
        kind = self.kind_for(seat)
        builds = self.builds(seat)
        for h in sorted(build_area((q, r) for q, r, _c, _t in view.countries[seat])):
            rect = hexes.hex_rect(h)
            if kind is not None and (kind, turns, h) in builds:
                out.append(Focusable(hex_key(h), rect, Build(seat, kind, turns, h[0], h[1]),
                                     f"lay the {kind_name(kind)} here", confirm=True))
            else:
                why = self.refusal(seat, kind, turns, h)[0] if kind is not None else ""
                reason = f"{why}: {NO_JOIN[0].lower()}{NO_JOIN[1:]}" if why not in ("", NO_JOIN) else NO_JOIN
                out.append(Focusable(hex_key(h), rect, reason=reason))
        return out

    # -- the screen's own steps ------------------------------------------------------------------

    def holds_tile(self, seat: int) -> bool:
        return self.view.turn == seat and self.view.phase in (PLACE, BUILD)

    def rotate(self, seat: int, by: int = 1) -> None:
        """Turn the tile about to be laid (free: nothing is laid until a confirmed Select)."""
        if not self.holds_tile(seat):
            return
        self.turns[seat] = (self.turns_of(seat) + by) % ROTATIONS
        self.scene.input.disarm(seat)           # the ghost changed: a choice armed on the old one is stale
        self.scene.click_sound()

    def choose_kind(self, seat: int, index: int) -> None:
        self.kind[seat] = index
        self.scene.input.disarm(seat)
        self.scene.click_sound()

    def next_kind(self, seat: int) -> None:
        kinds, current = self.kinds(seat), self.kind_for(seat)
        if current is not None and len(kinds) > 1:
            self.choose_kind(seat, kinds[(kinds.index(current) + 1) % len(kinds)])

    # -- the buttons the focus does not cover ----------------------------------------------------

    def action_button(self, seat: int) -> None:
        """The Action key turns the tile (a free step of the screen's own)."""
        wait = self.waiting(seat)
        if self.scene.sheet_open:
            self.scene.close_sheet()
        elif wait:
            self.scene.error(wait)
        elif self.holds_tile(seat):
            self.rotate(seat)
        else:
            self.scene.say("Take a tile first: you turn it once it is yours")

    def back(self, seat: int) -> bool:
        """Back (with nothing armed): building, the next kind of SAND tile; a right-click while
        laying turns the tile, as the mouse's own way to turn it. With the score sheet open: closes it."""
        if self.scene.sheet_open:
            self.scene.close_sheet()
            return True
        if self.view.turn != seat:
            return False
        if self.view.phase == BUILD and len(self.kinds(seat)) > 1:
            self.next_kind(seat)
            return True
        if self.view.phase == PLACE and self.scene.device_of(seat) == "mouse":
            self.rotate(seat)
            return True
        return False

    # -- where the focus lands ---------------------------------------------------------------------

    def landing(self, seat: int, step: Step | None = None) -> Key | None:
        """Where `seat`'s focus goes now that `step` has arrived (None: the scene has just opened)."""
        view = self.view
        if view.turn != seat or view.phase == OVER:
            return None
        if view.phase == MOVE:
            options = self.options(seat)
            return space_key(options[0].space) if options else SCORES
        near = self.last_hex.get(seat) or self._middle(seat)
        if view.phase == PLACE:
            placings = self.placings(seat)
            if not placings:
                return None
            unturned = [p for p in placings if p.turns == 0] or list(placings)
            best = min(unturned, key=lambda p: (distance(p.at, near), p.turns, p.at))
            self.turns[seat] = best.turns
            self.last_hex[seat] = best.at
            return hex_key(best.at)
        kind = self.kind_for(seat)
        mine = sorted((t, at) for k, t, at in self.builds(seat) if k == kind)
        if not mine:
            return None
        here = (self.turns_of(seat), self.aim(seat))
        turns, at = here if here in mine else min(mine, key=lambda p: (distance(p[1], near), p))
        self.turns[seat] = turns
        self.last_hex[seat] = at
        return hex_key(at)

    def _middle(self, seat: int) -> Hex:
        entries = self.view.countries[seat]
        if not entries:
            return (0, 0)
        return min(((q, r) for q, r, _c, _t in entries),
                   key=lambda h: sum(distance(h, (q, r)) for q, r, _c, _t in entries))
