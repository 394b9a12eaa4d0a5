"""The Combi-Nations game scene: the market ring with its tiles, arrows and the five stacks on the left,
the country of the player to move large in the middle, the other countries small on the right, the
prompt, the hints and the score sheet.

The scene reads only the session's views, its legal lists and the events it is given. It keeps a
*display* (Shown) advanced as each animation lands; whenever nothing is animating it is reset to the
view, the truth. Countries are rebuilt from the view's [q, r, content, tile] entries, so the scene
can walk the ring as the engine does (which tiles fit, which is the 1st, 2nd, 3rd) and score a
country with a tile laid on it (the +N preview).

Input, for the acting human:
- MOVE: left/right (or up/down) step through the reachable tiles (1st, 2nd, 3rd, then the U-turn
  ones); select moves the arrow there. The mouse clicks a highlighted tile.
- PLACE: the arrows move a cursor over the country, the ghost of the tile shows there (green: it
  fits, red with crosses: it does not), the slap key (or the mouse wheel, right-click, the Rotate
  button) turns it; select (click) lays it.
- BUILD (free countries): the same with the SAND tiles; back (right-click, Next tile) picks another.
- Tab, or the Scores button, shows the score sheet as it stands; at the end it opens by itself.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.play.game_screen import Animation, GameScreen
from game.ui.toolkit import theme
from game.ui.toolkit.input import Press, device_name
from game.ui.toolkit.seat_marks import draw_seat_symbol
from game.ui.toolkit.tween import Clip, delay, ease_in_out

from . import tables
from .country import Cell, Country, Placing, country_from_view, tiles_ahead, with_tile
from .hex_draw import (
    EDGE,
    blit_hex,
    corners,
    draw_arrow,
    draw_tile,
    ghost_hexes,
    outline_hexes,
    tile_cells,
)
from .hexgrid import Hex, distance, placed
from .layout import (
    CAPTION_CENTRE,
    COUNTRY_RECT,
    HINT_RECT,
    PROMPT_RECT,
    RING_CENTRE,
    RING_RADIUS,
    HexView,
    Point,
    button_rects,
    ring_angle,
    ring_point,
    ring_space_at,
    ring_tile_size,
    side_rect,
    stack_point,
)
from .rules import (
    OPPONENT,
    ArrowMoved,
    Build,
    Discarded,
    EndTriggered,
    GameOver,
    MarkerMoved,
    Move,
    Place,
    Placed,
    Refilled,
    SandLaid,
    Skipped,
    TurnBegan,
)
from .score_sheet import ScoreSheetPanel
from .scoring import ScoreSheet, score_all, score_country

if TYPE_CHECKING:
    from game.ui.play.match import Match
    from game.ui.toolkit.app import App

EMPTY = -1
DIRS = {"up": (0.0, -1.0), "down": (0.0, 1.0), "left": (-1.0, 0.0), "right": (1.0, 0.0)}
HELD_POINT = (PROMPT_RECT.x + 64, PROMPT_RECT.y + 70)
SHEET_RECT = pygame.Rect(40, 30, 1200, 660)
BOT_SHEET_TIME = 4.0


# -- what the view says, rebuilt -------------------------------------------------------------------

@dataclass(frozen=True)
class Option:
    space: int
    k: int
    uturn: bool


@dataclass
class Shown:
    """The display: the view as of the last animation landed."""

    ring: list[int]
    arrows: list[int]
    clockwise: list[bool]
    marker: int
    stack_counts: list[int]
    countries: list[dict[Hex, tuple[str, int]]]
    held: int
    turn: int
    version: int = 0

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> Shown:
        return cls(list(view["ring"]), list(view["arrows"]), list(view["clockwise"]), int(view["marker"]),
                   list(view["stack_counts"]),
                   [{(int(q), int(r)): (str(c), int(t)) for q, r, c, t in entries} for entries in view["countries"]],
                   int(view["held"]), int(view["turn"]))

    def country(self, seat: int) -> Country:
        return Country({h: Cell(c, t) for h, (c, t) in self.countries[seat].items()})


# -- animations --------------------------------------------------------------------------------------

@dataclass
class Part(Clip):
    hides_arrow: int = -1
    hides_space: int = -1

    def draw(self, surface: pygame.Surface, alpha: float, scene: CombiNationsScene) -> None:
        """A pause draws nothing."""


@dataclass
class Sweep(Part):
    """An arrow walking round the ring from one space to another."""

    start: float = 0.0
    end: float = 0.0
    clockwise: bool = True
    seat: int = 0

    def draw(self, surface: pygame.Surface, alpha: float, scene: CombiNationsScene) -> None:
        t = ease_in_out(self.t(alpha))
        scene.draw_ring_arrow(surface, self.seat, self.start + (self.end - self.start) * t, self.clockwise)


@dataclass
class Fly(Part):
    """A tile flying on a low arc, growing or shrinking on the way."""

    tile: int = 0
    a: Point = (0.0, 0.0)
    b: Point = (0.0, 0.0)
    size_a: int = 10
    size_b: int = 10

    def draw(self, surface: pygame.Surface, alpha: float, scene: CombiNationsScene) -> None:
        t = ease_in_out(self.t(alpha))
        x = self.a[0] + (self.b[0] - self.a[0]) * t
        y = self.a[1] + (self.b[1] - self.a[1]) * t - math.sin(math.pi * t) * 40
        size = round(self.size_a + (self.size_b - self.size_a) * t)
        draw_tile(surface, self.tile, (x, y), max(4, size), scene.app.fonts if size >= 11 else None)


@dataclass
class Glow(Part):
    centres: list[Point] = field(default_factory=list)
    size: int = 20

    def draw(self, surface: pygame.Surface, alpha: float, scene: CombiNationsScene) -> None:
        level = 1 - self.t(alpha)
        outline_hexes(surface, self.centres, self.size, theme.mix(theme.ACCENT, theme.TEXT, 1 - level),
                      2 + round(3 * level))


class Chain:
    """Parts one after another."""

    def __init__(self, *parts: Part) -> None:
        self.parts = list(parts)

    @property
    def current(self) -> Part | None:
        return self.parts[0] if self.parts else None

    def update(self, dt: float) -> bool:
        while self.parts:
            if self.parts[0].update(dt):
                return True
            self.parts.pop(0)
            dt = 0.0
            if self.parts:
                return True
        return False

    def draw(self, surface: pygame.Surface, alpha: float, scene: CombiNationsScene) -> None:
        part = self.current
        if part is not None:
            part.draw(surface, alpha, scene)


@dataclass(frozen=True)
class Control:
    label: str
    act: Callable[[], object]
    enabled: bool = True


@dataclass
class Ui:
    option: int = 0               # MOVE: the option under the keyboard cursor
    cursor: Hex = (0, 0)          # PLACE / BUILD: the hex under the keyboard cursor
    turns: int = 0
    kind: int = 0                 # BUILD: which kind of SAND tile, among those left
    aimed: bool = False           # the mouse aims (its hover counts over the cursor)


# -- the scene -------------------------------------------------------------------------------------

class CombiNationsScene(GameScreen):
    LOG_LINES = 4

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.shown = Shown.of(self.view)
        self.truth: Any = self.view
        self.ui = Ui()
        self.hover_hex: Hex | None = None
        self.hover_space: int | None = None
        self.hover_button: int | None = None
        self.sheet = ScoreSheetPanel()
        self.sheet_open = False
        self.sheet_age = 0.0
        self.final_sheet_shown = False
        self._cache: dict[str, tuple[Any, Any]] = {}
        self._reset_ui()

    # -- reading the game ------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return int(self.view["players"])

    def actor(self) -> int | None:
        seat = self.acting_human()
        return seat if seat is not None and seat == self.viewer else None

    def mode(self) -> str:
        """"move", "place", "build" or "wait" for the actor."""
        if self.actor() is None or self.busy():
            return "wait"
        phase = str(self.view["phase"])
        return phase if phase in ("move", "place", "build") else "wait"

    def _memo(self, name: str, key: Any, make: Callable[[], Any]) -> Any:
        hit = self._cache.get(name)
        if hit is not None and hit[0] == key:
            return hit[1]
        value = make()
        self._cache[name] = (key, value)
        return value

    def view_country(self, seat: int) -> Country:
        made: Country = self._memo(f"country{seat}", (self.session.step, self.viewer),
                          lambda: country_from_view(self.view["countries"][seat]))
        return made

    def options(self) -> list[Option]:
        """The actor's reachable tiles: the engine's legal Moves, placed on the ring by walking it."""
        seat = self.actor()
        if seat is None or self.view["phase"] != "move":
            return []

        def make() -> list[Option]:
            moves = [a for a in self.legal(seat) if isinstance(a, Move)]
            ring, start = list(self.view["ring"]), int(self.view["arrows"][seat])
            way = bool(self.view["clockwise"][seat])
            country = self.view_country(seat)
            ahead = tiles_ahead(ring, start, way, country)
            back = tiles_ahead(ring, start, not way, country)
            out = []
            for m in moves:
                spaces = back if m.uturn else ahead
                if m.k <= len(spaces):
                    out.append(Option(spaces[m.k - 1], m.k, m.uturn))
            return sorted(out, key=lambda o: (o.uturn, o.k))
        return list(self._memo("options", (self.session.step, seat), make))

    def held_tile(self) -> tables.LandTile | None:
        held = int(self.view["held"])
        return tables.LAND_TILES[held] if held >= 0 else None

    def placings(self) -> list[Placing]:
        """Every (turns, at) the held tile may take (what the engine's Place accepts); the legal list
        gives one of each that lays the same contents on the same hexes."""
        seat, tile = self.actor(), self.held_tile()
        if seat is None or tile is None:
            return []
        return list(self._memo("placings", (self.session.step, seat),
                               lambda: self.view_country(seat).placements(tile.stack)))

    def build_kinds(self) -> list[int]:
        seat = self.actor()
        if seat is None or self.view["phase"] != "build":
            return []
        return sorted({a.tile for a in self.legal(seat) if isinstance(a, Build)})

    def builds(self) -> set[tuple[int, int, Hex]]:
        seat = self.actor()
        if seat is None:
            return set()
        made: set[tuple[int, int, Hex]] = self._memo(
            "builds", (self.session.step, seat),
            lambda: {(a.tile, a.turns, (a.q, a.r)) for a in self.legal(seat) if isinstance(a, Build)})
        return made

    def big_seat(self) -> int:
        """The country drawn large: the player to move's (the last to move's once over)."""
        turn = int(self.shown.turn)
        if 0 <= turn < self.players:
            return turn
        return self.viewer if self.viewer is not None else 0

    def aim(self) -> Hex:
        """The hex a select or click would lay the tile on: the mouse's, else the cursor's."""
        if self.ui.aimed and self.hover_hex is not None:
            return self.hover_hex
        return self.ui.cursor

    def sheets(self) -> list[ScoreSheet]:
        made: list[ScoreSheet] = self._memo("sheets", (self.session.step, self.viewer), lambda: score_all(
            [country_from_view(c) for c in self.view["countries"]], solo=bool(self.view["solo"]),
            flat=bool(self.view["flat"])))
        return made

    def shown_scores(self) -> list[int]:
        s = self.shown
        made: list[int] = self._memo("shown_scores", (s.version, id(s)), lambda: [sheet.total for sheet in score_all(
            [s.country(i) for i in range(self.players)], solo=bool(self.view["solo"]), flat=bool(self.view["flat"]))])
        return made

    # -- the ghost -------------------------------------------------------------------------------
    def ghost(self) -> tuple[list[tuple[Hex, str]], bool] | None:
        """The tile being laid at the aimed hex: its hexes and contents, and whether it fits."""
        mode = self.mode()
        at = self.aim()
        turns = self.ui.turns
        if mode == "place":
            tile = self.held_tile()
            if tile is None:
                return None
            cells = [next(iter(placed((c,), turns, at))) for c in tile.cells]
            return list(zip(cells, tile.contents)), Placing(turns, at) in self.placings()
        if mode == "build":
            kinds = self.build_kinds()
            if not kinds:
                return None
            index = kinds[self.ui.kind % len(kinds)]
            sand = tables.SAND_SET[index]
            out = []
            for c in tables.SAND_SHAPE:
                h = next(iter(placed((c,), turns, at)))
                printed = sand.printed if sand.printed is not None and c == tables.PRINTED_CELL else tables.SAND
                out.append((h, printed))
            return out, (index, turns, at) in self.builds()
        return None

    def preview(self) -> int | None:
        """What the held tile laid at the aimed hex adds to the actor's score."""
        seat, tile = self.actor(), self.held_tile()
        if seat is None or tile is None or self.mode() != "place":
            return None
        placing = Placing(self.ui.turns, self.aim())
        if placing not in self.placings():
            return None

        def make() -> int:
            country = self.view_country(seat)
            others = [self.view_country(i) for i in range(self.players) if i != seat]
            solo, flat = bool(self.view["solo"]), bool(self.view["flat"])
            before = score_country(country, others, solo=solo, flat=flat).total
            after = with_tile(country, tile.id, placing)
            return score_country(after, others, solo=solo, flat=flat).total - before
        return int(self._memo("preview", (self.session.step, placing), make))

    # -- game-screen hooks -------------------------------------------------------------------------
    def steps_arrived(self, steps: list[Any]) -> None:
        self._reset_ui()

    def viewer_changed(self) -> None:
        self.shown = Shown.of(self.view)
        self._reset_ui()

    def caught_up(self) -> None:
        if self.truth is not self.view:
            self.truth = self.view
            self.shown = Shown.of(self.view)
            self._reset_ui()

    def update_game(self, dt: float) -> None:
        if self.sheet_open:
            self.sheet_age += dt
        elif not self.final_sheet_shown and not self.busy() and self.session.outcome() is not None:
            # the end reached without its event seen here (a scene opened on a finished game)
            self.open_final_sheet()

    def open_final_sheet(self) -> None:
        self.final_sheet_shown = True
        self.sheet_open, self.sheet_age = True, 0.0

    def effects_running(self) -> bool:
        if not self.sheet_open:
            return False
        # the final sheet waits for a local player to close it (a bots-only game moves on by itself)
        return bool(self.policy.humans) or self.sheet_age < BOT_SHEET_TIME

    def message_anchor(self) -> tuple[int, int]:
        return (COUNTRY_RECT.centerx, COUNTRY_RECT.bottom - 30)

    def banner_anchor(self) -> tuple[int, int]:
        return COUNTRY_RECT.center

    def seat_rect(self, seat: int) -> pygame.Rect:
        others = [s for s in range(self.players) if s != self.big_seat()]
        if seat in others:
            return side_rect(others.index(seat), len(others))
        return COUNTRY_RECT

    def status_rect(self) -> pygame.Rect:
        return COUNTRY_RECT

    def _reset_ui(self) -> None:
        ui = self.ui
        mode = self.mode()
        if mode == "move":
            ui.option = min(ui.option, max(0, len(self.options()) - 1))
            if ui.option >= len(self.options()):
                ui.option = 0
        elif mode == "place":
            ui.turns = 0
            spots = self.placings()
            if spots and Placing(ui.turns, ui.cursor) not in spots:
                here = [p for p in spots if p.turns == ui.turns] or spots
                best = min(here, key=lambda p: (distance(p.at, ui.cursor), p.at))
                ui.turns, ui.cursor = best.turns, best.at
        elif mode == "build":
            builds = self.builds()
            kinds = self.build_kinds()
            if kinds:
                index = kinds[ui.kind % len(kinds)]
                mine = sorted((t, at) for k, t, at in builds if k == index)
                if mine and (ui.turns, ui.cursor) not in mine:
                    ui.turns, ui.cursor = min(mine, key=lambda p: (distance(p[1], ui.cursor), p))

    # -- events -> animations ------------------------------------------------------------------------
    def _speed(self) -> float:
        return 0.45 if self.backlog() > 4 else 1.0

    def arrow_index(self, seat: int) -> int:
        return self.players if seat == OPPONENT else seat

    def start_event(self, event: Any) -> Animation | None:
        s = self._speed()
        sh = self.shown
        if isinstance(event, TurnBegan):
            sh.turn = event.seat
            sh.version += 1
            if event.extra:
                self.notify(f"{self.seat_name(event.seat)}: an extra turn", theme.ACCENT)
            self.moves.add(f"{self.seat_name(event.seat)}'s {'extra ' if event.extra else ''}turn", event.seat)
            return delay(0.15 * s)
        if isinstance(event, ArrowMoved):
            return self._arrow_moved(event, s)
        if isinstance(event, MarkerMoved):
            sh.marker = event.stack
            return delay(0.12 * s)
        if isinstance(event, Refilled):
            if event.tile < 0:
                self.notify("No tile left to refill the space")
                return None
            space = event.space

            def land() -> None:
                sh.ring[space] = event.tile
                sh.stack_counts[event.stack] = max(0, sh.stack_counts[event.stack] - 1)
            size = ring_tile_size(len(sh.ring))
            return Chain(Fly(0.32 * s, land, tile=event.tile, a=stack_point(event.stack),
                             b=ring_point(space, len(sh.ring)), size_a=size, size_b=size))
        if isinstance(event, Placed):
            return self._placed(event, s)
        if isinstance(event, SandLaid):
            country = sh.countries[event.seat]
            for c in tables.SAND_SHAPE:
                h = next(iter(placed((c,), event.turns, (event.q, event.r))))
                sand = tables.SAND_SET[event.tile]
                content = sand.printed if sand.printed is not None and c == tables.PRINTED_CELL else tables.SAND
                country[h] = (content, 1000 + event.tile)
            sh.version += 1
            self.app.audio.play("place")
            return delay(0.2 * s)
        if isinstance(event, Discarded):
            self.moves.add(f"The opponent has taken {event.taken} tiles", -1)
            return None
        if isinstance(event, Skipped):
            self.notify(f"{self.seat_name(event.seat)} has no tile that fits: no move", theme.ACCENT, 2.2)
            self.moves.add(f"{self.seat_name(event.seat)}: no tile fits", event.seat)
            return delay(0.6 * s)
        if isinstance(event, EndTriggered):
            why = "filled the country" if event.full else "has no tile that fits"
            self.show_banner(f"{self.seat_name(event.seat)} {why}: last round!", theme.ACCENT, 2.0)
            return delay(1.2 * s)
        if isinstance(event, GameOver):
            self.open_final_sheet()
            return None
        return None

    def _arrow_moved(self, event: ArrowMoved, s: float) -> Animation:
        sh = self.shown
        arrow = self.arrow_index(event.seat)
        size = len(sh.ring)
        way = sh.clockwise[arrow] != event.uturn
        end = float(event.end)
        start = float(event.start)
        if way and end <= start:
            end += size
        if not way and end >= start:
            end -= size
        steps = abs(end - start)
        if event.seat != OPPONENT:
            what = f"tile {event.k}" + (" after a U-turn" if event.uturn else "")
            self.moves.add(f"{self.seat_name(event.seat)} takes {what}", event.seat)
        else:
            self.moves.add(f"The opponent moves {event.k}", -1)
        if event.uturn:
            self.notify(f"{self.seat_name(event.seat) if event.seat >= 0 else 'The opponent'} makes the U-turn!",
                        theme.ACCENT, 2.0)

        def arrived() -> None:
            sh.arrows[arrow] = event.end
            sh.clockwise[arrow] = way
            sh.ring[event.end] = EMPTY
            sh.version += 1
        sweep = Sweep(min(0.9, 0.16 + 0.07 * steps) * s, arrived, hides_arrow=arrow, start=start, end=end,
                      clockwise=way, seat=event.seat)
        tsize = ring_tile_size(size)
        target = HELD_POINT if event.seat == self.big_seat() else \
            (PROMPT_RECT.centerx, PROMPT_RECT.bottom + 40)

        def held() -> None:
            if event.seat != OPPONENT:
                sh.held = event.tile
        self.app.audio.play("move")
        fly = Fly(0.34 * s, held, tile=event.tile, a=ring_point(event.end, size), b=target, size_a=tsize,
                  size_b=18 if event.seat != OPPONENT else 6)
        return Chain(sweep, fly)

    def _placed(self, event: Placed, s: float) -> Animation:
        sh = self.shown
        tile = tables.LAND_TILES[event.tile]
        hexes = [next(iter(placed((c,), event.turns, (event.q, event.r)))) for c in tile.cells]
        big = event.seat == self.big_seat()
        if big:
            view = self.country_view(event.seat)
            pts = [view.centre(h) for h in hexes]
            target = (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))
            size_b = view.size
        else:
            target, size_b, pts = pygame.Rect(self.seat_rect(event.seat)).center, 8, []
        sh.held = EMPTY

        def land() -> None:
            for h, content in zip(hexes, tile.contents):
                sh.countries[event.seat][h] = (content, event.tile)
            sh.version += 1
        self.app.audio.play("place")
        fly = Fly(0.34 * s, land, tile=event.tile, a=HELD_POINT, b=target, size_a=18, size_b=size_b)
        if not big:
            return Chain(fly)
        return Chain(fly, Glow(0.45 * s, centres=pts, size=size_b))

    # -- input -------------------------------------------------------------------------------------
    def handle(self, press: Press) -> bool:
        if self.sheet_open and press.button != "pause":
            self.sheet_press(press)
            return True
        return super().handle(press)

    def sheet_press(self, press: Press) -> None:
        if press.button in ("up", "down", "left", "right"):
            self.sheet.move(press.button, self.sheets())
        elif press.button in ("select", "back", "slap"):
            if press.device == "mouse" and press.pos is not None and SHEET_RECT.collidepoint(press.pos) \
                    and press.button == "select" and self.session.outcome() is None:
                return
            self.sheet_open = False
            self.app.audio.play("click")

    def handle_raw(self, event: pygame.event.Event) -> bool:
        if super().handle_raw(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and self.session.outcome() is None:
            self.toggle_sheet()
            return True
        if event.type == pygame.MOUSEWHEEL and self.pointer is not None and self.mode() in ("place", "build") \
                and self.mouse_seat() == self.actor():
            self.rotate(-1 if event.y > 0 else 1)
            return True
        return False

    def toggle_sheet(self) -> None:
        self.sheet_open = not self.sheet_open
        self.sheet_age = 0.0
        self.app.audio.play("click")

    def pointer_moved(self, pos: tuple[int, int]) -> None:
        if self.sheet_open:
            self.sheet.point(pos)
            return
        self.hover_button = next((i for i, r in enumerate(button_rects(len(self.controls()))) if r.collidepoint(pos)),
                                 None)
        size = len(self.shown.ring)
        self.hover_space = ring_space_at(pos, size)
        self.hover_hex = None
        if COUNTRY_RECT.collidepoint(pos):
            view = self.country_view(self.big_seat())
            h = view.hex_at(pos)
            if h in self.cursor_hexes() or h in self.shown.countries[self.big_seat()]:
                self.hover_hex = h
                self.ui.aimed = True

    def handle_game(self, press: Press) -> bool:
        actor = self.actor()
        if press.device == "mouse":
            seat = self.mouse_seat()
            if press.pos is not None and press.button == "select":
                buttons = button_rects(len(self.controls()))
                hit = next((i for i, r in enumerate(buttons) if r.collidepoint(press.pos)), None)
                if hit is not None:
                    self.press_control(hit)
                    return True
            if seat is None or seat != actor:
                if press.button == "select" and press.pos is not None and COUNTRY_RECT.collidepoint(press.pos):
                    self._not_yours()
                return True
            if press.button == "back":
                if self.mode() == "build":
                    self.next_kind()
                else:
                    self.rotate(1)
            elif press.button == "select" and press.pos is not None:
                self.click(press.pos)
            return True
        seat = self.match.acting_seat_of(press.device)
        if seat is None or seat != actor:
            if press.button in ("select", "slap") and self.match.seats_of(press.device):
                self._not_yours()
            return True
        self.key(press.button)
        return True

    def _not_yours(self) -> None:
        turn = int(self.view["turn"])
        if turn >= 0 and self.is_bot(turn):
            self.error(f"Wait: {self.seat_name(turn)} (Bot) is playing")
        elif turn >= 0:
            self.error(f"Wait: it's {self.seat_name(turn)}'s turn")
        else:
            self.error("Wait a moment")

    def key(self, button: str) -> None:
        """A keyboard zone's or gamepad's press for the actor."""
        mode = self.mode()
        ui = self.ui
        ui.aimed = False
        if mode == "move":
            options = self.options()
            if not options:
                return
            if button in ("right", "down"):
                ui.option = (ui.option + 1) % len(options)
                self.app.audio.play("click")
            elif button in ("left", "up"):
                ui.option = (ui.option - 1) % len(options)
                self.app.audio.play("click")
            elif button == "select":
                self.choose(options[ui.option % len(options)])
            return
        if mode in ("place", "build"):
            if button in DIRS:
                ui.cursor = self.step_cursor(ui.cursor, DIRS[button])
            elif button == "slap":
                self.rotate(1)
            elif button == "back" and mode == "build":
                self.next_kind()
            elif button == "select":
                self.lay()

    def cursor_hexes(self) -> set[Hex]:
        """Where the keyboard cursor may go: the country's hexes (and, building, around them)."""
        seat = self.big_seat()
        cells = set(self.shown.countries[seat])
        if self.view["phase"] == "build":
            return self.build_area(cells)
        return cells

    @staticmethod
    def build_area(cells: set[Hex]) -> set[Hex]:
        if not cells:
            return {(q, r) for q in range(-3, 4) for r in range(-3, 4) if distance((q, r), (0, 0)) <= 3}
        out = set(cells)
        for q, r in cells:
            for dq in range(-3, 4):
                for dr in range(-3, 4):
                    if distance((0, 0), (dq, dr)) <= 3:
                        out.add((q + dq, r + dr))
        return out

    def step_cursor(self, at: Hex, direction: tuple[float, float]) -> Hex:
        """The nearest cursor hex from `at` in a screen direction (straight ahead preferred)."""
        view = self.country_view(self.big_seat())
        x0, y0 = view.centre(at)
        dx, dy = direction
        best: tuple[float, Hex] | None = None
        for h in self.cursor_hexes():
            x, y = view.centre(h)
            ahead = (x - x0) * dx + (y - y0) * dy
            if ahead <= view.size * 0.5:
                continue
            side = abs((x - x0) * dy) + abs((y - y0) * dx)
            score = ahead + 2.2 * side
            if best is None or score < best[0]:
                best = (score, h)
        return best[1] if best is not None else at

    def rotate(self, by: int) -> None:
        if self.mode() not in ("place", "build"):
            return
        self.ui.turns = (self.ui.turns + by) % 6
        self.app.audio.play("click")

    def next_kind(self) -> None:
        kinds = self.build_kinds()
        if kinds:
            self.ui.kind = (self.ui.kind + 1) % len(kinds)
            self.app.audio.play("click")

    def choose(self, option: Option) -> None:
        seat = self.actor()
        if seat is None:
            return
        self.submit(Move(seat, option.k, option.uturn))

    def lay(self) -> None:
        seat = self.actor()
        ghost = self.ghost()
        if seat is None or ghost is None:
            return
        _, ok = ghost
        at = self.aim()
        if self.mode() == "place":
            if not ok:
                self.error("It must lie on SAND and touch a LAND or FACILITY space: move or turn it")
                return
            self.submit(Place(seat, self.ui.turns, at[0], at[1]))
        else:
            kinds = self.build_kinds()
            if not ok:
                self.error("A SAND tile must join your country side to side without overlapping")
                return
            self.submit(Build(seat, kinds[self.ui.kind % len(kinds)], self.ui.turns, at[0], at[1]))

    def click(self, pos: tuple[int, int]) -> None:
        mode = self.mode()
        if mode == "move":
            space = ring_space_at(pos, len(self.shown.ring))
            if space is None:
                return
            hits = [o for o in self.options() if o.space == space]
            if not hits:
                self.error("Pick a highlighted tile: the 1st, 2nd or 3rd that fits your country")
                return
            self.choose(hits[0])
        elif mode in ("place", "build"):
            if not COUNTRY_RECT.collidepoint(pos):
                return
            self.pointer_moved(pos)
            if self.hover_hex is None:
                return
            self.ui.cursor, self.ui.aimed = self.hover_hex, True
            self.lay()

    # -- buttons ---------------------------------------------------------------------------------
    def controls(self) -> list[Control]:
        out = [Control("Scores (Tab)", self.toggle_sheet)]
        mode = self.mode()
        if mode in ("place", "build"):
            out.append(Control("Rotate", lambda: self.rotate(1)))
        if mode == "build" and len(self.build_kinds()) > 1:
            out.append(Control("Next tile", self.next_kind))
        return out

    def press_control(self, index: int) -> None:
        controls = self.controls()
        if 0 <= index < len(controls) and controls[index].enabled:
            controls[index].act()

    # -- words -----------------------------------------------------------------------------------
    def prompt_text(self) -> tuple[str, tuple[str, ...]]:
        if self.session.outcome() is not None:
            return "Game over", (self.winner_text(),)
        turn = int(self.view["turn"])
        if turn < 0:
            return "", ()
        name = self.seat_name(turn)
        mode = self.mode()
        if mode == "wait":
            if self.is_bot(turn):
                return f"{name} (Bot) is playing", ("Watch the market ring.",)
            return f"{name} to play", ("",)
        if mode == "move":
            options = self.options()
            if not options:
                return "Your turn", ("No tile fits your country.",)
            o = options[self.ui.option % len(options)]
            how = "after the U-turn (once a game!)" if o.uturn else "ahead of your arrow"
            return "Choose a tile", (f"Highlighted: the {ordinal(o.k)} tile that fits, {how}.",
                                     "The marker moves as many stacks as you step.")
        if mode == "place":
            g = self.ghost()
            gain = self.preview()
            fits = g is not None and g[1]
            line = f"Here it adds {gain:+d} VP." if gain is not None else "It does not fit here."
            return "Place your tile", (line if fits else "Crossed out: it does not fit here; move or turn it.",
                                       "On SAND, touching a LAND or FACILITY space.")
        if mode == "build":
            left = int(self.view["building"][self.actor() or 0])
            return "Build your country", (f"Lay your SAND tiles side to side ({left} left).",
                                          "A compact shape is best.")
        return "", ()

    def facility_info(self) -> str:
        """The facility under the mouse or the cursor, with its rule."""
        content: str | None = None
        h = self.hover_hex if self.hover_hex is not None else (self.ui.cursor if self.mode() == "place" else None)
        if h is not None:
            cell = self.shown.countries[self.big_seat()].get(h)
            if cell is not None:
                content = cell[0]
        if content not in tables.FACILITY_BY_KEY and self.hover_space is not None:
            tile = self.shown.ring[self.hover_space % len(self.shown.ring)]
            if tile >= 0:
                content = tables.LAND_TILES[tile].facility
        if content not in tables.FACILITY_BY_KEY and self.mode() == "move":
            options = self.options()
            if options:
                tile = self.shown.ring[options[self.ui.option % len(options)].space]
                content = tables.LAND_TILES[tile].facility if tile >= 0 else None
        if content in tables.FACILITY_BY_KEY:
            f = tables.FACILITY_BY_KEY[content]
            return f"{f.name}: {f.rule}"
        return ""

    def hints(self) -> tuple[str, tuple[tuple[str, str], ...]]:
        seat = self.actor()
        if seat is None:
            seat = self.viewer
        if seat is None:
            return "", (("Tab", "score sheet"), ("Esc", "pause"))
        device = self.match.plans[seat].device or ""
        title = f"{self.seat_name(seat)}: {device_name(device)}"
        mode = self.mode()
        if device == "mouse":
            if mode == "move":
                return title, (("Click", "a highlighted tile"), ("Tab", "score sheet"), ("Esc", "pause"))
            if mode in ("place", "build"):
                extra = (("Right-click", "next SAND tile"),) if mode == "build" else (("Right-click", "turn it"),)
                return title, (("Click", "lay the tile"), ("Wheel", "turn it"), *extra, ("Tab", "score sheet"))
            return title, (("Tab", "score sheet"), ("Esc", "pause"))
        k = self.key_labels(device)
        move = self.move_label(device)
        if mode == "move":
            return title, ((move, "choose a tile"), (k["select"], "move your arrow there"), ("Tab", "score sheet"))
        if mode == "place":
            return title, ((move, "move the tile"), (k["slap"], "turn it"), (k["select"], "lay it"),
                           ("Tab", "score sheet"))
        if mode == "build":
            return title, ((move, "move the tile"), (k["slap"], "turn it"), (k["back"], "next SAND tile"),
                           (k["select"], "lay it"))
        return title, (("Tab", "score sheet"), (k["pause"], "pause"))

    def caption(self) -> tuple[int, str]:
        turn = self.shown.turn
        if self.session.outcome() is not None or turn < 0:
            return -1, ""
        if self.actor() == turn:
            return turn, ": your turn"
        return turn, " to play" + (" (Bot)" if self.is_bot(turn) else "")

    # -- drawing ---------------------------------------------------------------------------------
    def country_view(self, seat: int) -> HexView:
        cells = set(self.shown.countries[seat])
        building = self.view["phase"] == "build"
        key = (frozenset(cells) if building else len(cells), building, seat)
        made: HexView = self._memo(f"cview{seat}", key, lambda: HexView.fit(
            COUNTRY_RECT.inflate(-16, -16), self.build_area(cells) if building else cells, 34))
        return made

    def draw_game(self, surface: pygame.Surface, alpha: float) -> None:
        surface.fill(theme.BG)
        self._draw_caption(surface)
        self._draw_ring(surface)
        self._draw_country(surface)
        self._draw_others(surface)
        self._draw_prompt(surface)
        self._draw_hints(surface)
        anim = self.anim
        if anim is not None and hasattr(anim, "draw"):
            anim.draw(surface, alpha, self)
        if self.sheet_open:
            self._draw_sheet(surface)

    def _current_part(self) -> Part | None:
        anim = self.anim
        return anim.current if isinstance(anim, Chain) else None

    def _draw_caption(self, surface: pygame.Surface) -> None:
        who, rest = self.caption()
        if who < 0:
            title = self.text.get("Combi-Nations", 40, theme.TEXT, True)
            surface.blit(title, title.get_rect(center=CAPTION_CENTRE))
            return
        colour = theme.seat_colour(who)
        name = self.text.get(self.seat_name(who), 40, colour, True)
        tail = self.text.get(rest, 32, theme.TEXT)
        w = 34 + name.get_width() + tail.get_width()
        x = CAPTION_CENTRE[0] - w // 2
        cy = CAPTION_CENTRE[1]
        draw_seat_symbol(surface, who, (x + 12, cy), 24, colour, theme.BG)
        surface.blit(name, (x + 34, cy - name.get_height() // 2))
        surface.blit(tail, (x + 34 + name.get_width(), cy - tail.get_height() // 2 + 3))

    def draw_ring_arrow(self, surface: pygame.Surface, seat: int, space: float, clockwise: bool) -> None:
        size = len(self.shown.ring)
        a = ring_angle(space, size)
        r = RING_RADIUS + 40
        cx, cy = RING_CENTRE[0] + r * math.cos(a), RING_CENTRE[1] + r * math.sin(a)
        tangent = a + (math.pi / 2 if clockwise else -math.pi / 2)
        colour = theme.seat_colour(seat) if seat >= 0 else (150, 146, 160)
        tip = (cx + math.cos(tangent) * 16, cy + math.sin(tangent) * 16)
        tail = (cx - math.cos(tangent) * 12, cy - math.sin(tangent) * 12)
        pygame.draw.line(surface, EDGE, tail, tip, 11)
        pygame.draw.line(surface, colour, tail, tip, 7)
        draw_arrow(surface, seat, (tip[0] + math.cos(tangent) * 6, tip[1] + math.sin(tangent) * 6), tangent, 18,
                   colour)
        if seat >= 0:
            draw_seat_symbol(surface, seat, (cx - math.cos(tangent) * 14, cy - math.sin(tangent) * 14), 18, colour,
                             theme.BG)
        else:
            lab = self.text.get("opp", 16, theme.TEXT_DIM, True)
            surface.blit(lab, lab.get_rect(center=(cx, cy + 16)))

    def _draw_ring(self, surface: pygame.Surface) -> None:
        sh = self.shown
        size = len(sh.ring)
        pygame.draw.circle(surface, theme.PANEL, RING_CENTRE, RING_RADIUS + 26)
        pygame.draw.circle(surface, theme.BG, RING_CENTRE, RING_RADIUS - 26)
        pygame.draw.circle(surface, theme.PANEL_EDGE, RING_CENTRE, RING_RADIUS + 26, 2)
        part = self._current_part()
        hidden_space = part.hides_space if part is not None else -1
        hidden_arrow = part.hides_arrow if part is not None else -1
        tsize = ring_tile_size(size)
        options = {} if self.busy() else {o.space: o for o in self.options()}
        chosen = None
        if options:
            opts = self.options()
            chosen = opts[self.ui.option % len(opts)]
        for space in range(size):
            p = ring_point(space, size)
            tile = sh.ring[space]
            if tile < 0 or space == hidden_space:
                pygame.draw.circle(surface, theme.PANEL_HI, (round(p[0]), round(p[1])), 5)
                continue
            o = options.get(space)
            if o is not None:
                colour = theme.ACCENT if not o.uturn else (120, 200, 255)
                width = 5 if o == chosen else 2
                pygame.draw.circle(surface, colour, (round(p[0]), round(p[1])), tsize * 2 + 6, width)
            fonts = self.app.fonts if tsize >= 11 else None
            draw_tile(surface, tile, p, tsize, fonts)
            if o is not None:
                badge = f"U{o.k}" if o.uturn else str(o.k)
                inner = ring_point(space, size, RING_RADIUS - tsize * 2 - 18)
                colour = theme.ACCENT if not o.uturn else (120, 200, 255)
                pygame.draw.circle(surface, colour, (round(inner[0]), round(inner[1])), 13)
                lab = self.text.get(badge, 20, EDGE, True)
                surface.blit(lab, lab.get_rect(center=(round(inner[0]), round(inner[1]))))
        for arrow, space in enumerate(sh.arrows):
            if arrow == hidden_arrow:
                continue
            seat = arrow if arrow < self.players else OPPONENT
            self.draw_ring_arrow(surface, seat, float(space), sh.clockwise[arrow])
        # the five stacks and the marker
        for i, stack in enumerate(tables.STACKS):
            p = stack_point(i)
            cells = tables.STACK_SHAPES[stack]
            for (dx, dy), _ in tile_cells(cells, [tables.SAND] * len(cells), 8):
                pygame.draw.polygon(surface, (96, 88, 128), corners(p[0] + dx, p[1] + dy, 8))
                pygame.draw.polygon(surface, EDGE, corners(p[0] + dx, p[1] + dy, 8), 1)
            if i == sh.marker:
                pygame.draw.circle(surface, theme.ACCENT, (round(p[0]), round(p[1])), 22, 3)
            count = self.text.get(str(sh.stack_counts[i]), 18, theme.ACCENT if i == sh.marker else theme.TEXT, True)
            surface.blit(count, count.get_rect(center=(p[0], p[1] + 33)))
        lab = self.text.get("Market", 18, theme.TEXT_DIM)
        surface.blit(lab, lab.get_rect(center=RING_CENTRE))

    def _draw_country(self, surface: pygame.Surface) -> None:
        seat = self.big_seat()
        pygame.draw.rect(surface, theme.PANEL, COUNTRY_RECT, border_radius=theme.RADIUS)
        pygame.draw.rect(surface, theme.seat_colour(seat), COUNTRY_RECT, 2, border_radius=theme.RADIUS)
        view = self.country_view(seat)
        fonts = self.app.fonts
        cells = self.shown.countries[seat]
        if self.view["phase"] == "build":
            for h in self.build_area(set(cells)) - set(cells):
                cx, cy = view.centre(h)
                pygame.draw.polygon(surface, theme.PANEL_HI, corners(cx, cy, view.size - 1), 1)
        for h, (content, _tile) in cells.items():
            blit_hex(surface, content, view.centre(h), view.size, fonts)
        label = self.text.get(f"{self.seat_name(seat)}'s country · {self.shown_scores()[seat]} VP", 24,
                              theme.seat_colour(seat), True)
        surface.blit(label, (COUNTRY_RECT.x + 12, COUNTRY_RECT.y + 8))
        mode = self.mode()
        if mode in ("place", "build") and seat == self.actor():
            # where the tile may go with this turn: its origin hex ringed
            if mode == "place":
                spots = {p.at for p in self.placings() if p.turns == self.ui.turns}
            else:
                kinds = self.build_kinds()
                index = kinds[self.ui.kind % len(kinds)] if kinds else -1
                spots = {at for k, t, at in self.builds() if k == index and t == self.ui.turns}
            for h in spots:
                cx, cy = view.centre(h)
                pygame.draw.circle(surface, theme.GOOD, (round(cx), round(cy)), max(2, view.size // 7))
                pygame.draw.circle(surface, EDGE, (round(cx), round(cy)), max(2, view.size // 7), 1)
            ghost = self.ghost()
            if ghost is not None:
                hexes, ok = ghost
                ghost_hexes(surface, [(view.centre(h), c) for h, c in hexes], view.size, ok, fonts)
                gain = self.preview()
                if gain is not None:
                    pts = [view.centre(h) for h, _ in hexes]
                    top = min(pts, key=lambda p: p[1])
                    tag = self.text.get(f"{gain:+d}", 30, theme.TEXT, True)
                    box = tag.get_rect(center=(round(top[0]), round(top[1] - view.size - 14))).inflate(12, 4)
                    pygame.draw.rect(surface, EDGE, box, border_radius=8)
                    pygame.draw.rect(surface, theme.GOOD, box, 2, border_radius=8)
                    surface.blit(tag, tag.get_rect(center=box.center))
            if self.match.plans[seat].device != "mouse" and not self.ui.aimed:
                cx, cy = view.centre(self.ui.cursor)
                # the keyboard cursor: white and thick (red and green say whether the tile fits)
                pygame.draw.polygon(surface, EDGE, corners(cx, cy, view.size + 5), 6)
                pygame.draw.polygon(surface, theme.TEXT, corners(cx, cy, view.size + 4), 3)
        if self.hover_hex is not None and self.hover_hex in cells:
            cx, cy = view.centre(self.hover_hex)
            pygame.draw.polygon(surface, theme.TEXT, corners(cx, cy, view.size), 2)

    def _draw_others(self, surface: pygame.Surface) -> None:
        big = self.big_seat()
        others = [s for s in range(self.players) if s != big]
        scores = self.shown_scores()
        for i, seat in enumerate(others):
            rect = side_rect(i, len(others))
            colour = theme.seat_colour(seat)
            pygame.draw.rect(surface, theme.PANEL, rect, border_radius=theme.RADIUS)
            pygame.draw.rect(surface, colour, rect, 2, border_radius=theme.RADIUS)
            draw_seat_symbol(surface, seat, (rect.x + 16, rect.y + 16), 18, colour, theme.BG)
            who = f"{self.seat_name(seat)}{' (Bot)' if self.is_bot(seat) else ''}"
            name = self.text.get(who, 22, colour, True)
            surface.blit(name, (rect.x + 30, rect.y + 16 - name.get_height() // 2))
            pts = self.text.get(f"{scores[seat]} VP", 22, theme.TEXT, True)
            surface.blit(pts, (rect.right - 10 - pts.get_width(), rect.y + 16 - pts.get_height() // 2))
            cells = self.shown.countries[seat]
            area = pygame.Rect(rect.x + 6, rect.y + 30, rect.w - 12, rect.h - 36)
            view: HexView = self._memo(f"side{seat}", (len(cells), area.topleft, area.size),
                                       partial(HexView.fit, area, list(cells), 16))
            for h, (content, _tile) in cells.items():
                blit_hex(surface, content, view.centre(h), view.size)

    def _draw_prompt(self, surface: pygame.Surface) -> None:
        rect = PROMPT_RECT
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=theme.RADIUS)
        title, lines = self.prompt_text()
        x = rect.x + 14
        if self.shown.held >= 0:
            x = rect.x + 132
            draw_tile(surface, self.shown.held, HELD_POINT, 18, self.app.fonts)
        head = self.text.get(title, 28, theme.TEXT, True)
        surface.blit(head, (x, rect.y + 10))
        y = rect.y + 42
        for line in lines:
            if line:
                lab = self.text.get(line, 20, theme.TEXT_DIM)
                surface.blit(lab, (x, y))
            y += 22
        info = self.facility_info()
        if info:
            lab = self.text.get(info if len(info) < 62 else info[:61] + "…", 20, theme.ACCENT)
            surface.blit(lab, (x, rect.y + 90))
        for i, (control, box) in enumerate(zip(self.controls(), button_rects(len(self.controls())))):
            hot = i == self.hover_button
            pygame.draw.rect(surface, theme.PANEL_HI if hot else theme.PANEL_EDGE, box, border_radius=8)
            lab = self.text.get(control.label, 20, theme.TEXT if control.enabled else theme.TEXT_FAINT, True)
            surface.blit(lab, lab.get_rect(center=box.center))

    def _draw_hints(self, surface: pygame.Surface) -> None:
        rect = HINT_RECT
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=theme.RADIUS)
        title, rows = self.hints()
        y = rect.y + 8
        if title:
            lab = self.text.get(title, 20, theme.TEXT, True)
            surface.blit(lab, (rect.x + 12, y))
            y += 26
        for i, (key, what) in enumerate(rows[:8]):
            col = i % 2
            row = i // 2
            kx = rect.x + 12 + col * 222
            ky = y + row * 26
            k = self.text.get(key, 18, theme.ACCENT, True)
            surface.blit(k, (kx, ky))
            w = self.text.get(what, 18, theme.TEXT_DIM)
            surface.blit(w, (kx + k.get_width() + 8, ky))
        lines = self.moves.window(2)
        ly = rect.bottom - 8 - 22 * len(lines)
        for text, seat in lines:
            colour = theme.seat_colour(seat) if seat >= 0 else theme.TEXT_FAINT
            lab = self.text.get(text[:56], 18, theme.mix(colour, theme.TEXT_FAINT, 0.4))
            surface.blit(lab, (rect.x + 12, ly))
            ly += 22

    def draw_messages(self, surface: pygame.Surface) -> None:
        if self.sheet_open:
            # the sheet's title says who won: no banner over its lines
            self.messages.draw(surface, self.app.fonts, self.app.now(), self.message_anchor())
            return
        super().draw_messages(surface)

    def _draw_sheet(self, surface: pygame.Surface) -> None:
        over = self.session.outcome() is not None
        names = [self.seat_name(s) for s in range(self.players)]
        title = f"Final score sheet: {self.winner_text()}" if over else "Score sheet: as it stands"
        if over:
            foot = "Arrows: read each line's reason · select or click to go on to the results"
        else:
            foot = "Arrows: read each line's reason · Tab or back to close"
        self.sheet.draw(surface, SHEET_RECT, self.text, self.sheets(), names, title, foot)


def ordinal(k: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")
