"""The Kabooom! game scene: the board, the players' cursors and picks, and the animations.

The scene reads only the session's views and steps. It keeps its own *display board*, advanced event
by event as each animation finishes, so a burst of steps (a fast bot) still plays out one move at a
time; whenever nothing is animating the display board is reset to the latest view, the truth.
"""
from __future__ import annotations

import copy
import dataclasses
from typing import TYPE_CHECKING, Any

import pygame

from game.core.seats import seat_label
from game.kabooom.rules import Exploded, Move, Moved, Pass, Passed, PhaseChanged, Place, Placed
from game.ui.play.game_screen import Animation, GameScreen
from game.ui.toolkit import theme
from game.ui.toolkit.input import Press, device_name
from game.ui.toolkit.seat_marks import draw_seat_symbol
from game.ui.toolkit.text import fit
from game.ui.toolkit.tween import delay

from .board_draw import (
    BLAST,
    CENTRE,
    MARK,
    SYMBOL_NAMES,
    SYMBOLS,
    TARGET,
    CounterArt,
    Layout,
    badge,
    cursor_frame,
    dashed_frame,
    load_glyphs,
    make_background,
    move_arrow,
    rounded_overlay,
    square_name,
    target_ring,
)
from .effects import Drop, Explosion, Slide, make_slide
from .panels import ActionPanel, SeatLine, render_action_panel, render_cards, render_rules_box

if TYPE_CHECKING:
    from game.ui.play.match import Match
    from game.ui.toolkit.app import App

SLIDE_TIME = 0.34
CONFIRM_TIME = 3.0       # how long "press again to pass" stays armed
DIRECTIONS = {"up": -5, "down": 5, "left": -1, "right": 1}
START_SQUARES = (6, 8, 16, 18, 0, 4)
CURSOR_TAG = 10          # how far a cursor's device tag reaches above its frame


class KabooomScene(GameScreen):
    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.layout = Layout()
        self.art = CounterArt(self.layout.counter, self.layout.thickness, load_glyphs())
        self.shown: dict = self.view                            # what panels show: the truth as of the last animation
        self.board: list = copy.deepcopy(self.view["board"])     # the display board (see module doc)
        self.caption: tuple[int, str] | None = None            # (seat, verb) of the move animating
        self._board_stale = False
        self.effects: list[Explosion] = []
        self.last_move: tuple[int, int, int] | None = None
        devices: list[str] = []
        for plan in match.plans:
            if plan.kind == "human" and plan.device != "mouse" and plan.device not in devices:
                devices.append(plan.device)
        self.cursors: dict[str, int] = {d: START_SQUARES[i % len(START_SQUARES)] for i, d in enumerate(devices)}
        self.selected: dict[str, int] = {}                      # device -> picked square
        self.chosen: dict[int, str] = {}                        # seat -> symbol to place
        self.pass_armed: tuple[int, float, str] | None = None   # (seat, until, device)
        self.hover: int | None = None
        self.hover_button = False
        self._think_clock = 0.0
        # made on first draw, against the target's pixel format
        self._bg: pygame.Surface | None = None
        self._cards: tuple[Any, pygame.Surface] | None = None
        self._action: tuple[Any, pygame.Surface] | None = None
        self._sprites: dict[Any, pygame.Surface] = {}
        self._lines_cache: tuple[dict, list[SeatLine]] | None = None
        self._palette = theme.palette()     # the seat colours the cached images were drawn in
        self._arrows: dict[tuple[int, int], tuple[pygame.Surface, tuple[int, int]]] = {}

    # -- reading the game ------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return int(self.view["players"])

    def targets(self, seat: int, src: int) -> set[int]:
        return {a.dst for a in self.legal(seat) if isinstance(a, Move) and a.src == src}

    # -- the game-screen hooks ------------------------------------------------------------------------
    def update_game(self, dt: float) -> None:
        self.effects = [e for e in self.effects if e.update(dt)]
        if self.pass_armed is not None and self.app.now() > self.pass_armed[1]:
            self.pass_armed = None
        self._think_clock += dt

    def steps_arrived(self, steps: list) -> None:
        self.selected.clear()
        self.pass_armed = None

    def caught_up(self) -> None:
        self.shown = self.view
        self.caption = None
        if self._board_stale:
            self.board = copy.deepcopy(self.view["board"])
            self._board_stale = False

    def effects_running(self) -> bool:
        return bool(self.effects)

    def message_anchor(self) -> tuple[int, int]:
        return self.layout.toast_centre

    def banner_anchor(self) -> tuple[int, int]:
        return self.layout.board_rect.center

    def _speed(self) -> float:
        # a backlog (several quick bot moves) plays faster rather than lagging further behind
        return 0.5 if self.backlog() > 2 else 1.0

    def start_event(self, event: Any) -> Animation | None:
        self._board_stale = True
        audio = self.app.audio
        anim: Animation | None = None
        verbs = {Placed: " places a counter", Moved: " moves", Exploded: ": Kabooom!", Passed: " passes"}
        if type(event) in verbs:
            self.caption = (event.seat, verbs[type(event)])
        if isinstance(event, Placed):
            self.board[event.square] = [[event.seat, event.symbol]]
            anim = Drop(event.square)
            audio.play("place")
            self._log(f"{self.seat_name(event.seat)}: {SYMBOL_NAMES[event.symbol]} on {square_name(event.square)}",
                      event.seat)
        elif isinstance(event, (Moved, Exploded)):
            explode = isinstance(event, Exploded)
            moving = self.board[event.src] or []
            under = self.board[event.dst] or []
            self.board[event.src] = None
            self.board[event.dst] = under
            anim = make_slide(event.seat, event.src, event.dst, moving, under, explode,
                                   SLIDE_TIME * self._speed())
            self.last_move = (event.seat, event.src, event.dst)
            what = SYMBOL_NAMES[moving[-1][1]] if moving else "Tower"
            arrow = f"{square_name(event.src)} to {square_name(event.dst)}"
            if explode:
                self._log(f"{self.seat_name(event.seat)}: Dynamite {arrow} KABOOOM!", event.seat)
            else:
                self._log(f"{self.seat_name(event.seat)}: {what} {arrow}", event.seat)
        elif isinstance(event, Passed):
            self.notify(f"{seat_label(event.seat)} passes", theme.seat_colour(event.seat))
            anim = delay(0.45 * self._speed())
            audio.play("pass")
            self._log(f"{self.seat_name(event.seat)} passes", event.seat)
        elif isinstance(event, PhaseChanged) and event.phase == "capture":
            self.show_banner("All placed: capture!", theme.ACCENT, 1.6)
            anim = delay(0.5)
        # GameOver: the end banner and the results follow once the board is idle (the base's end check)
        return anim

    def finish_animation(self, anim: Animation) -> None:
        if isinstance(anim, Slide):
            if anim.explode:
                self.board[anim.src] = None
                self.board[anim.dst] = None
                colours = [theme.PLAYER_COLOURS[o] for o, _ in anim.moving + anim.under]
                self.effects.append(Explosion(self.layout.centre(anim.dst), anim.src * 25 + anim.dst,
                                              colours, self._boom_frames(), self._glow()))
                self.app.audio.play("explosion")
                self.anim = delay(0.45 * self._speed())   # let the blast be seen before the next move
            else:
                self.board[anim.dst] = anim.under + anim.moving
                captured = bool(anim.under) and anim.under[-1][0] != anim.seat
                self.app.audio.play("capture" if captured else "move")

    def _log(self, line: str, seat: int) -> None:
        self.moves.add(line, seat)

    # -- input -------------------------------------------------------------------------------------
    def pointer_moved(self, pos: tuple[int, int]) -> None:
        self.hover = self.layout.square_at(pos)
        self.hover_button = self.layout.pass_button.collidepoint(pos)

    def handle_game(self, press: Press) -> bool:
        if press.button == "back":
            # Backspace is shared by every keyboard zone (it arrives as kb1): it cancels the pick of
            # whoever is to move, as well as the presser's own.
            acting = self.acting_human()
            for device in {press.device, self.match.plans[acting].device if acting is not None else ""}:
                self.selected.pop(device, None)
            self.pass_armed = None
            return True
        if press.device == "mouse":
            return self._mouse(press)
        if not self.match.seats_of(press.device):
            return False
        return self._keys(press)

    def _keys(self, press: Press) -> bool:
        device, button = press.device, press.button
        seat = self.match.acting_seat_of(device)
        if button in DIRECTIONS:
            self._move_cursor(device, DIRECTIONS[button])
            return True
        if seat is None:
            if button in ("select", "slap"):
                turn = self.view["turn"]
                self.error(f"Wait: it's {self.seat_name(turn)}'s turn" if turn >= 0 else "Wait a moment")
            return True
        if button == "select":
            self.pick(device, seat, self.cursors.get(device, 6))
        elif button == "slap":
            if self.view["phase"] == "place":
                self.cycle_symbol(seat)
            else:
                self.request_pass(seat, device)
        return True

    def _mouse(self, press: Press) -> bool:
        if press.button != "select" or press.pos is None:
            return False
        pos = press.pos
        seat = self.mouse_seat()
        layout = self.layout
        if layout.pass_button.collidepoint(pos):
            if seat is None:
                self.error("It isn't your turn")
            else:
                self.request_pass(seat, "mouse")
            return True
        if self.view["phase"] == "place":
            for i, symbol in enumerate(SYMBOLS):
                if layout.tray_slot(i).collidepoint(pos):
                    if seat is not None:
                        self.choose_symbol(seat, symbol)
                    return True
        square = layout.square_at(pos)
        if square is None:
            self.selected.pop("mouse", None)
            return layout.board_rect.collidepoint(pos)
        if seat is None:
            turn = self.view["turn"]
            self.error(f"Wait: it's {self.seat_name(turn)}'s turn" if turn >= 0 else "Wait a moment")
            return True
        self.pick("mouse", seat, square)
        return True

    def _move_cursor(self, device: str, step: int) -> None:
        square = self.cursors.get(device, 6)
        row, col = divmod(square, 5)
        for _ in range(2):   # twice at most: the second hop jumps over the centre
            if step in (-1, 1) and not 0 <= col + step < 5:
                return
            if step in (-5, 5) and not 0 <= row + step // 5 < 5:
                return
            square += step
            row, col = divmod(square, 5)
            if square != CENTRE:
                break
        self.cursors[device] = square

    # -- actions -----------------------------------------------------------------------------------
    def pick(self, device: str, seat: int, square: int) -> None:
        """`select` on a square: place there, pick a tower, move the picked tower, or un-pick."""
        self.pass_armed = None
        board = self.view["board"]
        if self.view["phase"] == "place":
            if board[square] is not None:
                self.error("That square is taken: place on an empty one")
                return
            symbol = self.symbol_for(seat)
            if symbol is None:
                self.error("You have no counters left to place")
                return
            self.submit(Place(seat, square, symbol))
            return
        if self.view["phase"] != "capture":
            return
        picked = self.selected.get(device)
        stack = board[square]
        if picked is None:
            if not stack:
                self.error("That square is empty: pick one of your towers")
            elif stack[-1][0] != seat:
                self.error(f"That is {self.seat_name(stack[-1][0])}'s {SYMBOL_NAMES[stack[-1][1]]}: "
                           f"pick one of yours")
            elif not self.targets(seat, square):
                self.error(f"This {SYMBOL_NAMES[stack[-1][1]]} has no square it may take")
            else:
                self.selected[device] = square
                self.app.audio.play("click")
            return
        if square == picked:
            self.selected.pop(device, None)
            self.app.audio.play("click")
            return
        if square in self.targets(seat, picked):
            self.selected.pop(device, None)
            self.submit(Move(seat, picked, square))
            return
        if stack and stack[-1][0] == seat and self.targets(seat, square):
            self.selected[device] = square      # picking another of your towers switches to it
            self.app.audio.play("click")
            return
        if self.submit(Move(seat, picked, square)):
            self.selected.pop(device, None)

    def symbol_for(self, seat: int) -> str | None:
        pool = self.view["pool"][seat]
        symbol = self.chosen.get(seat)
        if symbol is not None and pool[SYMBOLS.index(symbol)] > 0:
            return symbol
        for s, count in zip(SYMBOLS, pool):
            if count > 0:
                return s
        return None

    def cycle_symbol(self, seat: int) -> None:
        pool = self.view["pool"][seat]
        current = self.symbol_for(seat)
        if current is None:
            return
        i = SYMBOLS.index(current)
        for k in range(1, 5):
            s = SYMBOLS[(i + k) % 4]
            if pool[SYMBOLS.index(s)] > 0:
                self.chosen[seat] = s
                break
        self.app.audio.play("click")

    def choose_symbol(self, seat: int, symbol: str) -> None:
        if self.view["pool"][seat][SYMBOLS.index(symbol)] <= 0:
            self.error(f"No {SYMBOL_NAMES[symbol]} left to place")
            return
        self.chosen[seat] = symbol
        self.app.audio.play("click")

    def request_pass(self, seat: int, device: str) -> None:
        if self.view["phase"] != "capture":
            self.error("No passing while placing counters")
            return
        armed = self.pass_armed
        if armed is not None and armed[0] == seat and self.app.now() <= armed[1]:
            self.pass_armed = None
            self.selected.pop(device, None)
            self.submit(Pass(seat))
            return
        self.pass_armed = (seat, self.app.now() + CONFIRM_TIME, device)
        again = "Click Pass again" if device == "mouse" else f"Press {self.key_labels(device)['slap']} again"
        others_passed = int(self.view["passes"]) >= self.players - 1
        if others_passed:
            self.say(f"Passing now ends the game! {again} to pass", theme.ACCENT, CONFIRM_TIME)
        else:
            self.say(f"{again} to pass", theme.ACCENT, CONFIRM_TIME)
        self.app.audio.play("click")

    # -- hints -------------------------------------------------------------------------------------
    def hints(self, seat: int) -> tuple[str, tuple[tuple[str, str], ...]]:
        device = self.match.plans[seat].device
        title = f"{self.seat_name(seat)}: {device_name(device)}"
        place = self.view["phase"] == "place"
        if device == "mouse":
            if place:
                return title, (("Click", "a symbol in the tray"), ("Click", "an empty square"),
                               ("Esc", "pause"))
            return title, (("Click", "your tower, then a"), ("", "circled square"), ("Click", "it again: cancel"),
                           ("Pass", "button, twice"), ("Esc", "pause"))
        k = self.key_labels(device)
        move = self.move_label(device)
        if place:
            return title, ((move, "move the cursor"), (k["slap"], "change symbol"), (k["select"], "place"),
                           (k["pause"], "pause"))
        return title, ((move, "move the cursor"), (k["select"], "pick, then move"), (k["back"], "cancel"),
                       (k["slap"], "pass (press twice)"), (k["pause"], "pause"))

    # -- drawing -----------------------------------------------------------------------------------
    def _boom_frames(self) -> list[pygame.Surface]:
        frames = self._sprites.get("boom")
        if frames is None:
            frames = [fit(pygame.transform.smoothscale(self.art.glyphs["boom"], (s, s)))
                      for s in range(40, 200, 12)]
            self._sprites["boom"] = frames
        return frames  # type: ignore[return-value]

    def _glow(self) -> pygame.Surface:
        def make() -> pygame.Surface:
            size = 440
            glow = pygame.Surface((size, size), pygame.SRCALPHA)
            for i in range(40, 0, -1):   # outside in: each ring brighter and more opaque
                t = i / 40
                pygame.draw.circle(glow, (255, 245, 210, int(255 * (1 - t) ** 1.6)), (size / 2, size / 2),
                                   size / 2 * t)
            return fit(glow)
        return self._sprite("glow", make)

    def _sprite(self, key: Any, make) -> pygame.Surface:
        surf = self._sprites.get(key)
        if surf is None:
            surf = self._sprites[key] = make()
        return surf

    def _ensure_static(self, surface: pygame.Surface) -> None:
        if self._palette is not theme.palette():     # Seat colours changed (Settings, from pause)
            self._palette = theme.palette()
            self._bg = self._cards = self._action = None
            self._sprites.clear()
        if self._bg is not None:
            return
        bg = make_background(self.layout, self.art, self.text, surface, self.players)
        rules = render_rules_box(self.layout, self.text, self.art, str(self.view.get("difficulty", "easy")))
        bg.blit(rules, self.layout.rules_box)
        title = self.text.get("Kabooom!", 52, theme.ACCENT, True)
        bg.blit(title, (24, 24))
        self._bg = bg

    def draw_game(self, surface: pygame.Surface, alpha: float) -> None:
        self._ensure_static(surface)
        shake = (0, 0)
        for effect in self.effects:
            dx, dy = effect.shake(alpha)
            shake = (shake[0] + dx, shake[1] + dy)
        if shake != (0, 0):
            surface.fill(theme.BG)
        surface.blit(self._bg, shake)
        self._draw_marks(surface, shake)
        self._draw_pieces(surface, alpha, shake)
        self._draw_targets(surface, shake)
        self._draw_cursors(surface, shake)
        self._draw_panels(surface)
        for effect in self.effects:   # over the panels: a blast at the edge may spill onto them
            effect.draw(surface, alpha, shake)
        self._draw_turn_caption(surface)

    def _draw_marks(self, surface: pygame.Surface, off: tuple[int, int]) -> None:
        """Under the pieces: the last move (dashed outlines, an arrow from→to), the square under the
        mouse, and the picked tower's thick solid frame. Targets are circled over the pieces."""
        layout = self.layout
        size = (layout.cell, layout.cell)
        if self.last_move is not None and not self.busy():
            _, src, dst = self.last_move
            mark = self._sprite("last", lambda: dashed_frame(layout.cell, MARK))
            for sq in (src, dst):
                surface.blit(mark, layout.cell_rect(sq).move(off))
        if self.hover is not None and self.mouse_seat() is not None:
            hover = self._sprite("hover", lambda: rounded_overlay(size, theme.TEXT, 36, 0))
            surface.blit(hover, layout.cell_rect(self.hover).move(off))
        for _, square in self._picks():
            sel = self._sprite("selected", lambda: rounded_overlay(size, theme.ACCENT, 50, 7))
            surface.blit(sel, layout.cell_rect(square).move(off))

    def _draw_targets(self, surface: pygame.Surface, off: tuple[int, int]) -> None:
        """Over the pieces: the last move's arrow, and a ring round each square the picked tower
        may take (a Dynamite's: in orange, with the blast icon)."""
        layout = self.layout
        if self.last_move is not None and not self.busy():
            _, src, dst = self.last_move
            arrow = self._arrows.get((src, dst))
            if arrow is None:
                arrow = self._arrows[(src, dst)] = move_arrow(layout.centre(src), layout.centre(dst), MARK)
            surface.blit(arrow[0], (arrow[1][0] + off[0], arrow[1][1] + off[1]))
        size = (layout.cell, layout.cell)
        for seat, square in self._picks():
            board = self.view["board"]
            dynamite = bool(board[square]) and board[square][-1][1] == "D"
            colour = BLAST if dynamite else TARGET
            fill = self._sprite(("target fill", colour), lambda colour=colour: rounded_overlay(size, colour, 40, 0))
            ring = self._sprite(("target", colour), lambda colour=colour: target_ring(layout.cell, colour))
            for sq in self.targets(seat, square):
                cell = layout.cell_rect(sq).move(off)
                surface.blit(fill, cell)
                surface.blit(ring, cell)
                if dynamite:
                    icon = self.art.glyph("boom", 32)
                    surface.blit(icon, icon.get_rect(topright=(cell.right - 1, cell.y + 1)))

    def _picks(self) -> list[tuple[int, int]]:
        """(seat, square) for each picked tower whose player is to move."""
        picks = []
        for device, square in self.selected.items():
            seat = self.match.acting_seat_of(device) if device != "mouse" else self.mouse_seat()
            if seat is not None:
                picks.append((seat, square))
        return picks

    def _draw_stack(self, surface: pygame.Surface, stack: list, centre: tuple[float, float],
                    cell: pygame.Rect | None) -> None:
        layout = self.layout
        visible = stack[-3:]
        n = len(visible)
        r = layout.counter / 2
        for i, (owner, symbol) in enumerate(visible):
            lift = (n - 1 - i) * layout.stack_step - (n - 1) * layout.stack_step / 2
            surface.blit(self.art.counter(owner, symbol), (centre[0] - r, centre[1] - r + lift))
        if len(stack) >= 2 and cell is not None:
            b = self._sprite(("badge", len(stack)), lambda: badge(self.text, len(stack)))
            surface.blit(b, b.get_rect(bottomright=(cell.right - 2, cell.bottom - 2)))

    def _draw_pieces(self, surface: pygame.Surface, alpha: float, off: tuple[int, int]) -> None:
        layout = self.layout
        anim = self.anim
        drop_sq = anim.square if isinstance(anim, Drop) else -1
        for sq, stack in enumerate(self.board):
            if not stack:
                continue
            cell = layout.cell_rect(sq).move(off)
            cx, cy = cell.center
            if sq == drop_sq:
                cy += anim.offset(alpha)  # type: ignore[union-attr]
            self._draw_stack(surface, stack, (cx, cy), cell)
        if self.view["phase"] == "place" and not self.busy():
            self._draw_ghosts(surface, off)
        if isinstance(anim, Slide) and anim.moving:
            a, b = layout.centre(anim.src), layout.centre(anim.dst)
            x, y = anim.position(a, b, alpha)
            x, y = x + off[0], y + off[1]
            cell = pygame.Rect(0, 0, layout.cell, layout.cell)
            cell.center = (round(x), round(y))
            self._draw_stack(surface, anim.moving, (x, y), cell)

    def _draw_ghosts(self, surface: pygame.Surface, off: tuple[int, int]) -> None:
        """The counter about to be placed, faint, under the acting player's cursor."""
        spots = [(square, self.match.acting_seat_of(device)) for device, square in self.cursors.items()]
        if self.hover is not None:
            spots.append((self.hover, self.mouse_seat()))
        for square, seat in spots:
            if seat is None or self.board[square] is not None:
                continue
            symbol = self.symbol_for(seat)
            if symbol is None:
                continue

            def make(seat=seat, symbol=symbol) -> pygame.Surface:
                ghost = self.art.counter(seat, symbol).copy()
                ghost.set_alpha(120)
                return ghost
            ghost = self._sprite(("ghost", seat, symbol), make)
            cx, cy = self.layout.cell_rect(square).move(off).center
            r = self.layout.counter / 2
            surface.blit(ghost, (cx - r, cy - r))

    def _draw_cursors(self, surface: pygame.Surface, off: tuple[int, int]) -> None:
        layout = self.layout
        tagged = len(self.cursors) > 1
        for device, square in self.cursors.items():
            seat = self.match.acting_seat_of(device)
            active = seat is not None
            owned = self.match.seats_of(device)
            shown = seat if active else (owned[0] if len(owned) == 1 else None)   # whose symbol the tag has
            colour = theme.seat_colour(seat) if seat is not None else theme.TEXT_DIM
            key = ("cursor", device, active, shown, colour, active or tagged)
            sprite = self._sprite(key, lambda device=device, colour=colour, active=active, shown=shown:
                                  self._make_cursor(device, colour, active, shown, active or tagged))
            rect = layout.cell_rect(square).inflate(12, 12).move(off)
            surface.blit(sprite, (rect.x, rect.y - CURSOR_TAG))

    def _make_cursor(self, device: str, colour, active: bool, seat: int | None, tag: bool) -> pygame.Surface:
        """Corner brackets plus, over the top edge, a tag naming the device (when it helps) after
        the symbol of its seat (the one it plays now, or its only one)."""
        size = self.layout.cell + 12
        sprite = pygame.Surface((size, size + CURSOR_TAG), pygame.SRCALPHA)
        sprite.blit(cursor_frame(size, colour), (0, CURSOR_TAG))
        if tag:
            label = self.text.get(device_name(device), 18, theme.BG if active else theme.TEXT, True)
            mark = 15 if seat is not None else 0
            pill = pygame.Rect(0, 0, label.get_width() + 10 + mark, 18)
            pill.midtop = (size // 2, 0)
            pygame.draw.rect(sprite, colour if active else theme.PANEL_HI, pill, border_radius=8)
            if seat is not None:
                draw_seat_symbol(sprite, seat, (pill.x + 11, pill.centery), 11,
                                 theme.BG if active else theme.TEXT)
            sprite.blit(label, label.get_rect(center=(pill.centerx + mark // 2, pill.centery)))
        return fit(sprite)

    def seat_lines(self) -> list[SeatLine]:
        cached = self._lines_cache
        if cached is not None and cached[0] is self.shown:
            return cached[1]
        lines = self._make_seat_lines()
        self._lines_cache = (self.shown, lines)
        return lines

    def _make_seat_lines(self) -> list[SeatLine]:
        v = self.shown
        n = self.players
        turn = v["turn"]
        passers = set()
        if turn >= 0:
            passers = {(turn - j) % n for j in range(1, int(v["passes"]) + 1)}
        lines = []
        for seat in range(n):
            plan = self.match.plans[seat]
            lines.append(SeatLine(
                seat, self.seat_name(seat), plan.label(), int(v["scores"][seat]), tuple(v["towers"][seat]),
                int(v["to_place"][seat]), tuple(v["pool"][seat]), int(v["out"][seat]),
                bool(v["can_move"][seat]), seat in passers, seat == turn))
        return lines

    def action_panel(self) -> ActionPanel:
        return dataclasses.replace(self._action_panel(), log_earlier=self.moves.earlier(self.LOG_LINES))

    def _action_panel(self) -> ActionPanel:
        v = self.shown
        turn = int(v["turn"])
        phase = v["phase"]
        log = self.moves.window(self.LOG_LINES)
        if phase == "over" or turn < 0:
            return ActionPanel("over", -1, "", "Game over", self.winner_text(), (), "", (), "off",
                               (), "", log)
        name = self.seat_name(turn)
        if self.match.plans[turn].kind != "human" and self.caption is not None and self.caption[0] == turn:
            return ActionPanel("moving", turn, name, f"{name} moves", "", (), "", (), "off", (), "", log)
        if self.match.plans[turn].kind != "human":
            # the controls shown are the local player's, so they can get ready
            hint_title, hints = self.hints(self.viewer) if self.viewer is not None else ("", ())
            return ActionPanel("bot", turn, name, f"{name} is thinking…" if self.is_bot(turn) else f"{name} to move",
                               "Watch the board: their move\nslides in shortly.", (), "", (), "off", hints,
                               hint_title, log)
        hint_title, hints = self.hints(turn)
        if phase == "place":
            left = int(v["to_place"][turn])
            device = self.match.plans[turn].device
            tray_hint = " · click to change" if device == "mouse" else f" · {self.key_labels(device)['slap']}: next"
            return ActionPanel("place", turn, name, f"{name}: place ({left} left)", "", tuple(v["pool"][turn]),
                               self.symbol_for(turn) or "", (), "off", hints, hint_title, log, tray_hint)
        device = self.match.plans[turn].device
        picked = self.selected.get(device, self.selected.get("mouse"))
        stack = tuple(tuple(x) for x in v["board"][picked]) if picked is not None and v["board"][picked] else ()
        armed = self.pass_armed is not None and self.pass_armed[0] == turn
        if armed and self.pass_armed[2] != "mouse":
            pass_label = f"Press {self.key_labels(self.pass_armed[2])['slap']} again to pass"
        else:
            pass_label = "Click again to pass"
        if stack:
            detail = ""
        elif not v["can_move"][turn]:
            detail = "No tower can move:\nyou have to pass."
        else:
            detail = "Pick one of your towers,\nthen a circled square."
        return ActionPanel("capture", turn, name, f"{name}'s move", detail, (), "", stack,
                           "confirm" if armed else "ready", hints, hint_title, log, pass_label=pass_label)

    def _draw_panels(self, surface: pygame.Surface) -> None:
        layout = self.layout
        lines = self.seat_lines()
        key = (tuple(lines), self.shown["phase"])
        if self._cards is None or self._cards[0] != key:
            self._cards = (key, self._opaque(render_cards(layout, self.text, self.art, lines, self.shown["phase"]),
                                             layout.left_panel.topleft))
        surface.blit(self._cards[1], layout.left_panel)
        p = self.action_panel()
        if self._action is None or self._action[0] != p:
            self._action = (p, self._opaque(render_action_panel(layout, self.text, self.art, p),
                                            (layout.right_panel.x, layout.action_box.y)))
        surface.blit(self._action[1], (layout.right_panel.x, layout.action_box.y))
        if p.mode == "bot":   # three dots that breathe while a bot thinks
            box = layout.action_box
            for i in range(3):
                phase = (self._think_clock * 3 - i * 0.4) % 1.0
                r = 5 + 3 * max(0.0, 1 - abs(phase - 0.5) * 4)
                pygame.draw.circle(surface, theme.PLAYER_COLOURS[p.seat], (box.x + 40 + i * 24, box.bottom - 30), r)
        if self.hover_button and p.pass_state != "off":
            pygame.draw.rect(surface, theme.ACCENT, layout.pass_button, 3, border_radius=14)

    def _opaque(self, layer: pygame.Surface, topleft: tuple[int, int]) -> pygame.Surface:
        """The layer over the background it sits on: an opaque surface blits several times faster
        than one with per-pixel alpha, and panels are redrawn only when they change."""
        assert self._bg is not None
        base = self._bg.subsurface(pygame.Rect(topleft, layer.get_size()).clip(self._bg.get_rect())).copy()
        base.blit(layer, (0, 0))
        return base

    def _draw_turn_caption(self, surface: pygame.Surface) -> None:
        layout = self.layout
        v = self.shown
        turn = int(v["turn"])
        cx, cy = layout.banner_centre
        who, rest_text = turn, ""
        if self.caption is not None:
            who, verb = self.caption
            rest_text = (" (Bot)" if self.is_bot(who) else "") + verb
        elif v["phase"] != "over" and turn >= 0:
            if self.is_bot(turn):
                rest_text = " (Bot) is thinking…"
            elif v["phase"] == "place":
                rest_text = ": place a counter"
            else:
                rest_text = "'s move"
        if rest_text and who >= 0:
            colour = theme.PLAYER_COLOURS[who]
            name = self.text.get(self.seat_name(who), 54, colour, True)
            rest = self.text.get(rest_text, 44, theme.TEXT)
            mark = 38                                  # the seat's symbol before its name
            w = mark + name.get_width() + rest.get_width()
            x = cx - w // 2
            draw_seat_symbol(surface, who, (x + 14, cy - 3), 28, colour, theme.BG)
            x += mark
            surface.blit(name, (x, cy - name.get_height() // 2))
            surface.blit(rest, (x + name.get_width(), cy - name.get_height() // 2 + 8))

    # -- for overlays over the game (game.ui.lobby.lan_status) ------------------------------------------
    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.layout.player_card(seat, self.players)

    def status_rect(self) -> pygame.Rect:
        return self.layout.board_rect

    def log_rect(self) -> pygame.Rect:
        return self.layout.log_box
