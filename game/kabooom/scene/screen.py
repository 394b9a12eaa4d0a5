"""The Kabooom! game screen: the board, the players' focus, the panels, and the animations.

Built from the shared game-screen parts (game.ui.play): the layout (layout.py), what each seat's
focus may rest on and what Select does there (controls.py), how each event is shown (presenters.py)
and the board's drawing (board.py). It draws the shown view (the board as far as the animations
have got) and reads the truth only for what a press does.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.core.session import Step
from game.kabooom.rules import CAPTURE, OVER, PLACE, TABLE, KabooomView
from game.ui.play.focus import Focusable, Key
from game.ui.play.game_screen import GameScreen
from game.ui.play.log_panel import draw_move_log
from game.ui.toolkit import theme
from game.ui.toolkit.backdrop import Backdrop
from game.ui.toolkit.effects import Shake, shake_area, total_offset
from game.ui.toolkit.input import Press, device_name
from game.ui.toolkit.seat_marks import draw_seat_symbol
from game.ui.toolkit.text import fit

from .art import CounterArt, load_glyphs, make_background
from .board import BoardPainter
from .controls import PASS, START_SQUARES, KabooomControls, square_key
from .effects import Explosion
from .layout import Layout
from .panels import (
    ActionPanel,
    SeatLine,
    draw_action_box,
    draw_card,
    draw_hints,
    draw_pass_button,
    render_rules_box,
)
from .presenters import KabooomPresenters

if TYPE_CHECKING:
    from game.ui.play.match import Match
    from game.ui.toolkit.app import App

VERBS = {"Placed": " places a counter", "Moved": " moves", "Exploded": ": Kabooom!", "Passed": " passes"}


class KabooomScene(GameScreen[KabooomView]):
    layout: Layout
    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        # one message at a time: the pill under the board; a second would stack over the column letters
        self.messages.max_shown = 1
        self.layout = Layout()
        self.art = CounterArt(self.layout.counter, self.layout.thickness, load_glyphs())
        self.controls = KabooomControls(self, self.layout)
        self.presenters = KabooomPresenters(self)
        self.painter = BoardPainter(self)
        for order, seat in enumerate(self.human_seats()):
            self.input.put(seat, square_key(START_SQUARES[order % len(START_SQUARES)]))
        self.effects: list[Explosion] = []
        self.shakes: list[Shake] = []
        self._think_clock = 0.0
        self.backdrop = Backdrop()          # made on first draw, against the target's pixel format
        self._glow: pygame.Surface | None = None
        self._boom: list[pygame.Surface] = []
        self._palette = theme.palette()     # the seat colours the cached images were drawn in

    # -- reading the game ------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.view.players

    def last_move(self) -> tuple[int, int] | None:
        """The squares of the last move, as the board shows it (none while animating)."""
        last = self.shown.last
        if self.busy() or last is None or last[0] != "move":
            return None
        return int(last[2]), int(last[3])

    def hidden(self) -> frozenset[Any]:
        """The squares an animation draws itself right now."""
        return getattr(self.anim, "hides", frozenset())

    def focused_square(self, seat: int) -> int | None:
        key = self.input.of(seat).key
        return int(key[1]) if isinstance(key, tuple) and len(key) == 2 and key[0] == "square" else None

    def picked(self, seat: int) -> int | None:
        """The square of the tower `seat` has picked up, if any."""
        return self.controls.picked.get(seat)

    # -- the game-screen hooks -------------------------------------------------------------------
    def targets(self, seat: int) -> Sequence[Focusable]:
        return self.controls.targets(seat)

    def landing(self, seat: int, step: Step) -> Key | None:
        return self.controls.landing(seat, step)

    def action_button(self, seat: int, target: Focusable | None, press: Press) -> None:
        self.controls.action_button(seat)

    def back(self, seat: int) -> bool:
        return self.controls.back(seat)

    def handle_game(self, press: Press) -> bool:
        taken = super().handle_game(press)
        seat = self.seat_for(press.device)
        if seat is not None:
            key = self.input.of(seat).key
            if key is not None:
                self.controls.remember(seat, key)
        return taken

    def update_game(self, dt: float) -> None:
        self.effects = [e for e in self.effects if e.update(dt)]
        self.shakes = [s for s in self.shakes if s.update(dt)]
        self._think_clock += dt

    def effects_running(self) -> bool:
        return bool(self.effects)

    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.layout.player_card(seat, self.players)

    # -- sprites for the effects (game.ui.toolkit.effects.Sprites) --------------------------------
    def sprite(self, key: Any, size: int) -> pygame.Surface:
        return self.painter.stack_sprite(key[1])

    def flipped(self, key: Any, size: int, width: int) -> pygame.Surface:
        return self.sprite(key, size)

    def boom_frames(self) -> list[pygame.Surface]:
        if not self._boom:
            self._boom = [fit(pygame.transform.smoothscale(self.art.glyphs["boom"], (s, s))) for s in range(40, 200, 12)]
        return self._boom

    def glow(self) -> pygame.Surface:
        if self._glow is None:
            size = 440
            glow = pygame.Surface((size, size), pygame.SRCALPHA)
            for i in range(40, 0, -1):   # outside in: each ring brighter and more opaque
                t = i / 40
                pygame.draw.circle(glow, (255, 245, 210, int(255 * (1 - t) ** 1.6)), (size / 2, size / 2),
                                   size / 2 * t)
            self._glow = fit(glow)
        return self._glow

    # -- hints and panels ------------------------------------------------------------------------
    def hints(self, seat: int) -> tuple[str, tuple[tuple[str, str], ...]]:
        device = self.match.plans[seat].device
        if not device:               # a seat nobody plays here (a replay's eyes): no keys to name
            return "", ()
        title = f"{self.seat_name(seat)}: {device_name(device)}"
        place = self.view.phase == PLACE
        if device == "mouse":
            if place:
                return title, (("Click", "a symbol in the tray"), ("Click", "an empty square"), ("Esc", "pause"))
            return title, (("Click", "your tower, then a"), ("", "circled square"), ("Click", "it again: cancel"),
                           ("Pass", "button, twice"), ("Esc", "pause"))
        k = self.key_labels(device)
        move = self.move_label(device)
        if place:
            return title, ((move, "move the focus"), (k["slap"], "change symbol"), (k["select"], "place"),
                           (k["pause"], "pause"))
        return title, ((move, "move the focus"), (k["select"], "pick, then move"), (k["back"], "cancel"),
                       (k["slap"], "pass (press twice)"), (k["pause"], "pause"))

    def seat_lines(self) -> list[SeatLine]:
        v = self.shown
        n = self.players
        passers = {(v.turn - j) % n for j in range(1, v.passes + 1)} if v.turn >= 0 else set()
        return [SeatLine(seat, self.seat_name(seat), self.match.plans[seat].label(), v.scores[seat],
                         v.towers[seat], v.to_place[seat], v.pool[seat], v.out[seat], v.can_move[seat],
                         seat in passers, seat == v.turn, v.difficulty, TABLE.quota[v.players]) for seat in range(n)]

    def caption(self) -> tuple[int, str] | None:
        """(seat, verb) of the move animating now, for the header and the bot's panel."""
        event = self.show.event
        verb = VERBS.get(type(event).__name__) if event is not None else None
        return (int(getattr(event, "seat", -1)), verb) if verb is not None else None

    def action_panel(self) -> ActionPanel:
        return dataclasses.replace(self._action_panel(), log_earlier=self.moves.earlier(self.LOG_LINES))

    def _action_panel(self) -> ActionPanel:
        v = self.shown
        turn = v.turn
        log = self.moves.window(self.LOG_LINES)
        if v.phase == OVER or turn < 0:
            return ActionPanel("over", -1, "", "Game over", self.winner_text(), (), "", (), "off", (), "", log)
        name = self.seat_name(turn)
        caption = self.caption()
        if not self.is_human(turn):
            if caption is not None and caption[0] == turn:
                return ActionPanel("moving", turn, name, f"{name} moves", "", (), "", (), "off", (), "", log)
            # the controls shown are the local player's, so they can get ready
            hint_title, hints = self.hints(self.viewer) if self.viewer is not None else ("", ())
            return ActionPanel("bot", turn, name, f"{name} is thinking…" if self.thinks(turn) else f"{name} to move",
                               "Watch the board: their move\nslides in shortly.", (), "", (), "off", hints,
                               hint_title, log)
        hint_title, hints = self.hints(turn)
        device = self.match.plans[turn].device
        if v.phase == PLACE:
            tray_hint = (" · click to change" if device == "mouse" else f" · {self.key_labels(device)['slap']}: next"
                         if device else "")
            return ActionPanel("place", turn, name, f"{name}: place ({v.to_place[turn]} left)", "", v.pool[turn],
                               self.controls.symbol_for(turn) or "", (), "off", hints, hint_title, log, tray_hint)
        picked = self.picked(turn)
        stack = tuple(self.view.board[picked] or ()) if picked is not None else ()
        armed = self.input.of(turn).armed == PASS
        again = "Click" if device == "mouse" else f"Press {self.key_labels(device)['slap']}" if device else "Press"
        ends = v.passes >= v.players - 1
        pass_label = f"{again} again{': it ends the game' if ends else ' to pass'}"
        if stack:
            detail = ""
        elif not v.can_move[turn]:
            detail = "No tower can move:\nyou have to pass."
        else:
            detail = "Pick one of your towers,\nthen a circled square."
        return ActionPanel("capture", turn, name, f"{name}'s move", detail, (), "", stack,
                           "confirm" if armed else "ready", hints, hint_title, log, pass_label=pass_label)

    # -- drawing ---------------------------------------------------------------------------------
    def _ensure_static(self, surface: pygame.Surface) -> None:
        if self._palette is not theme.palette():     # Seat colours changed (Settings, from pause)
            self._palette = theme.palette()
            self.backdrop.drop()
            self.painter.clear()
        if self.backdrop.ready:
            return
        bg = make_background(self.layout, self.art, self.text, surface, self.players)
        bg.blit(render_rules_box(self.layout, self.text, self.art, self.view.difficulty), self.layout.rules_box)
        bg.blit(self.text.get("Kabooom!", 52, theme.ACCENT, True), (24, 24))
        self.backdrop.reset(bg)

    def draw_game(self, surface: pygame.Surface, alpha: float) -> None:
        self._ensure_static(surface)
        self._paint_panels()
        frame = self.backdrop.frame
        assert frame is not None
        surface.blit(frame, (0, 0))
        shake = total_offset(self.shakes, alpha)
        if shake != (0, 0):
            # the board alone shakes, the panels keep still: one blit of the board's area
            shake_area(surface, frame, self.layout.frame_rect.inflate(40, 40), shake, theme.BG)
        self.painter.marks(surface, shake)
        self.painter.pieces(surface, shake)
        if self.anim is not None:
            self.anim.draw(surface, alpha, self)  # type: ignore[attr-defined]
        self.painter.targets(surface, shake)
        self._draw_thinking(surface)
        self.draw_focuses(surface)
        for effect in self.effects:   # over the panels: a blast at the edge may spill onto them
            effect.draw(surface, alpha, shake)
        self._draw_turn_caption(surface)

    def _paint_panels(self) -> None:
        layout, text, art, backdrop = self.layout, self.text, self.art, self.backdrop
        phase = self.shown.phase
        for line in self.seat_lines():
            backdrop.piece(("card", line.seat), (line, phase), layout.player_card(line.seat, self.players),
                           partial(self._paint_card, line, phase))
        p = self.action_panel()
        box = dataclasses.replace(p, hints=(), hint_title="", log=(), log_earlier=0, pass_label="")
        backdrop.piece("action", box, layout.action_box, lambda surf: draw_action_box(surf, layout, text, art, box))
        backdrop.piece("pass", (p.pass_state, p.pass_label), layout.pass_button,
                       lambda surf: draw_pass_button(surf, text, p.pass_state, p.pass_label))
        backdrop.piece("hints", (p.seat, p.hint_title, p.hints), layout.hint_box,
                       lambda surf: draw_hints(surf, text, p.seat, p.hint_title, p.hints))
        backdrop.piece("log", (p.log, p.log_earlier), layout.log_box,
                       lambda surf: draw_move_log(surf, text, p.log[-4:], p.log_earlier, 21))

    def _paint_card(self, line: SeatLine, phase: str, surf: pygame.Surface) -> None:
        draw_card(surf, self.text, self.art, line, phase)

    def _draw_thinking(self, surface: pygame.Surface) -> None:
        """Three dots that breathe while a bot thinks."""
        p = self.action_panel()
        if p.mode != "bot" or not self.thinks(p.seat):
            return
        box = self.layout.action_box
        for i in range(3):
            phase = (self._think_clock * 3 - i * 0.4) % 1.0
            r = 5 + 3 * max(0.0, 1 - abs(phase - 0.5) * 4)
            pygame.draw.circle(surface, theme.seat_colour(p.seat), (box.x + 40 + i * 24, box.bottom - 30), r)

    def _draw_turn_caption(self, surface: pygame.Surface) -> None:
        v = self.shown
        cx, cy = self.layout.banner_centre
        caption = self.caption()
        who, rest_text = v.turn, ""
        if caption is not None:
            who, verb = caption
            rest_text = (" (Bot)" if self.is_bot(who) else "") + verb
        elif v.phase != OVER and v.turn >= 0:
            if self.thinks(v.turn):
                rest_text = " (Bot) is thinking…"
            elif v.phase == PLACE:
                rest_text = ": place a counter"
            elif v.phase == CAPTURE:
                rest_text = "'s move"
        if rest_text and who >= 0:
            colour = theme.seat_colour(who)
            name = self.text.get(self.seat_name(who), 54, theme.seat_text(who), True)
            rest = self.text.get(rest_text, 44, theme.TEXT)
            mark = 38                                  # the seat's symbol before its name
            x = cx - (mark + name.get_width() + rest.get_width()) // 2
            draw_seat_symbol(surface, who, (x + 14, cy - 3), 28, colour, theme.BG)
            x += mark
            surface.blit(name, (x, cy - name.get_height() // 2))
            surface.blit(rest, (x + name.get_width(), cy - name.get_height() // 2 + 8))

