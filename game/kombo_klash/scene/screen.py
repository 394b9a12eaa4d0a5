"""The Kombo Klash! game screen: the board inside its score track, the piles, the hand, the prompt
panel with its buttons, each player's focus, and the animations of every event.

Built from the shared game-screen parts (game.ui.play): the layout (layout.py), what each seat's
focus may rest on and what Select does there (controls.py), how each event is shown
(presenters.py), the words of the panels (prompts.py) and the table's drawing (board.py, panels.py,
art.py). It draws the shown view (the table as far as the animations have got) and reads the truth
only for what a press does. Hands: the viewer's own hand is drawn face up along the bottom, and the
viewer is only ever the local human whose turn it is to look (the base's curtain passes the screen
between humans); every other hand is a count of tile backs.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.core.session import Step
from game.kombo_klash.view import KomboView, RevealedView
from game.ui.play.focus import Focusable, Key
from game.ui.play.game_screen import GameScreen
from game.ui.play.log_panel import draw_move_log
from game.ui.toolkit import theme
from game.ui.toolkit.backdrop import Backdrop
from game.ui.toolkit.input import Press
from game.ui.toolkit.seat_marks import draw_seat_symbol
from game.ui.toolkit.tween import Tween

from .art import SpriteBank, make_background, make_legend
from .board import BoardPainter
from .controls import START_SQUARES, KomboControls, square_key
from .hand_row import HandRow
from .layout import Layout, Track
from .panels import PromptBox, SeatLine, draw_card, draw_hints, draw_prompt
from .presenters import KomboPresenters
from .prompts import caption, hints, prompt_box

if TYPE_CHECKING:
    from game.ui.play.match import Match
    from game.ui.toolkit.app import App


class KomboKlashScene(GameScreen[KomboView]):
    layout: Layout
    LOG_LINES = 6

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.layout = Layout()
        self.track = Track(self.layout.track_path_rect, self.view.target)
        self.bank = SpriteBank(self.text, app.fonts)
        self.hand_row = HandRow(self.layout)
        self.controls = KomboControls(self, self.layout)
        self.presenters: KomboPresenters = KomboPresenters(self)
        self.painter = BoardPainter(self)
        self.walks: dict[int, Tween] = {}          # seat -> its counter walking to a new score
        self._think = 0.0
        self.backdrop = Backdrop()                  # made on first draw, against the target's pixel format
        self._palette = theme.palette()
        self._thinking = -1                          # the bot whose thinking dots breathe, -1 for none
        self._land_viewer()
        for order, seat in enumerate(self.human_seats()):
            if self.input.of(seat).key is None:      # out of turn: apart from the others' focus
                self.input.put(seat, square_key(START_SQUARES[order % len(START_SQUARES)]))

    # -- reading the game ------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.view.players

    def actor(self) -> int | None:
        """The local human who may act now and whose view is on screen (the curtain is down)."""
        seat = self.acting_human()
        return seat if seat is not None and seat == self.viewer else None

    def shown_hand(self) -> tuple[int | None, tuple[str, ...]]:
        """The seat whose hand is drawn face up along the bottom, and its tiles as shown: only ever
        the viewer (a local human whose turn it is to look), or with everything revealed (a replay)
        the seat to act; (None, ()) when no hand may be seen."""
        shown = self.shown
        if self.viewer is None:
            if isinstance(shown, RevealedView) and shown.turn >= 0:
                return shown.turn, shown.hands[shown.turn]
            return None, ()
        return self.viewer, shown.hand

    def hand_slot(self, view: KomboView, index: int, hand: Sequence[str] | None = None) -> pygame.Rect:
        """Where tile `index` of `view`'s hand (or of `hand`, held in `view`'s turn) sits, in the truth or
        the shown view: hand_row keeps a played tile's place empty until the turn ends."""
        return self.hand_row.slot((view.round, view.turn), view.hand if hand is None else hand, index)

    def hidden(self) -> frozenset[Any]:
        """The places an animation draws itself right now."""
        return getattr(self.anim, "hides", frozenset())

    def mode(self, seat: int) -> str:
        """What `seat` is choosing: "wait", "redraw", "turn", "kick", "swamp" or "revive"."""
        return self.controls.mode(seat)

    def picked(self, seat: int) -> str | None:
        """The creature of the tile `seat` has picked up from its hand, if any."""
        return self.controls.picked_creature(seat)

    def asking(self, seat: int) -> int | None:
        """The space `seat`'s picked tile goes to while the panel asks "use its ability?"."""
        return self.controls.asking.get(seat)

    def kicking(self, seat: int) -> int | None:
        """The tile `seat`'s Kangaroo kicks, once chosen."""
        return self.controls.kick_from.get(seat)

    def marked(self, seat: int) -> tuple[int, ...]:
        """The tile `seat`'s Alligator swamps, once marked."""
        return self.controls.marked.get(seat, ())

    def lit_kombo(self, seat: int) -> tuple[int, ...] | None:
        """The squares of the Kombo the board lights for `seat`: the one its focus shows."""
        kombo = self.controls.kombo_on_focus(seat)
        return None if kombo is None else kombo.squares

    def prompt(self) -> PromptBox:
        """What the prompt panel shows now."""
        return prompt_box(self)

    def buttons(self, seat: int) -> list[str]:
        """The labels of the panel's buttons for `seat`, as drawn."""
        return [b.button.label for b in self.controls.buttons(seat)]

    # -- the game-screen hooks -------------------------------------------------------------------
    def targets(self, seat: int) -> Sequence[Focusable]:
        return self.controls.targets(seat)

    def landing(self, seat: int, step: Step) -> Key | None:
        return self.controls.landing(seat, step)

    def action_button(self, seat: int, target: Focusable | None, press: Press) -> None:
        self.controls.action_button(seat)

    def back(self, seat: int) -> bool:
        return self.controls.back(seat)

    def viewer_changed(self) -> None:
        self._land_viewer()

    def _land_viewer(self) -> None:
        """The player who takes the screen finds the focus where they act (controls.land)."""
        for seat in self.human_seats():
            key = self.controls.land(seat)
            if key is not None:
                self.input.put(seat, key)

    def handle_game(self, press: Press) -> bool:
        taken = super().handle_game(press)
        seat = self.seat_for(press.device)
        if seat is not None:
            self.controls.remember(seat, self.input.of(seat).key)
        return taken

    def pointer_moved(self, pos: tuple[int, int]) -> None:
        super().pointer_moved(pos)
        seat = self.seat_for("mouse")
        if seat is not None:
            self.controls.remember(seat, self.input.of(seat).key)

    def update_game(self, dt: float) -> None:
        self.walks = {seat: walk for seat, walk in self.walks.items() if walk.update(dt)}
        self._think += dt

    def effects_running(self) -> bool:
        return bool(self.walks)

    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.layout.seat_card(seat, self.players)

    # -- sprites for the effects (game.ui.toolkit.effects.Sprites) --------------------------------
    def sprite(self, key: Any, size: int) -> pygame.Surface:
        return self.bank.sprite(key, size)

    def flipped(self, key: Any, size: int, width: int) -> pygame.Surface:
        return self.bank.flipped(key, size, width)

    # -- what the panels show --------------------------------------------------------------------
    def seat_lines(self) -> tuple[SeatLine, ...]:
        view = self.shown
        in_round = set(view.in_round)
        return tuple(SeatLine(seat, self.seat_name(seat), self.match.plans[seat].label(), view.scores[seat],
                              view.hand_counts[seat], seat == view.turn, seat in in_round,
                              seat == view.turn and view.scored, view.scores[seat] >= view.target,
                              view.hands[seat] if isinstance(view, RevealedView) else ())
                     for seat in range(self.players))

    def caption(self) -> tuple[int, str]:
        return caption(self)

    # -- drawing -----------------------------------------------------------------------------------
    def _ensure_static(self, surface: pygame.Surface) -> None:
        if self._palette is not theme.palette():       # seat colours changed (Settings, from pause)
            self._palette = theme.palette()
            self.backdrop.drop()
            self.painter.clear()
        if self.backdrop.ready:
            return
        bg = make_background(self.layout, self.track, self.text, self.bank, surface, self.players)
        bg.blit(make_legend(self.layout, self.text, self.bank), self.layout.legend_rect)
        bg.blit(self.text.get("Kombo Klash!", 44, theme.ACCENT, True), self.layout.title_pos)
        self.backdrop.reset(bg)

    def draw_game(self, surface: pygame.Surface, alpha: float) -> None:
        self._ensure_static(surface)
        self._paint_panels()
        self.backdrop.blit(surface)
        self._draw_thinking(surface)
        painter = self.painter
        painter.piles(surface)
        painter.tiles(surface, alpha)
        painter.marks(surface)
        painter.counters(surface, alpha)
        painter.hand(surface)
        if self.anim is not None:
            self.anim.draw(surface, alpha, self)  # type: ignore[attr-defined]
        self.draw_focuses(surface)
        self._draw_caption(surface)

    def _paint_panels(self) -> None:
        """Paint into the backdrop each panel piece whose contents changed."""
        layout, text, bank, backdrop = self.layout, self.text, self.bank, self.backdrop
        backdrop.piece("tiles", self.painter.tiles_key(), layout.board_rect, self.painter.paint_tiles)
        for line in self.seat_lines():
            backdrop.piece(("card", line.seat), line, layout.seat_card(line.seat, self.players),
                           partial(draw_card, text=text, bank=bank, line=line))
        box = prompt_box(self)
        backdrop.piece("prompt", box, layout.prompt_rect, lambda surf: draw_prompt(surf, layout, text, box))
        seat, hint_title, keys = hints(self)
        backdrop.piece("hints", (seat, hint_title, keys), layout.hint_rect,
                       lambda surf: draw_hints(surf, text, seat, hint_title, keys))
        lines, earlier = self.moves.window(self.LOG_LINES), self.moves.earlier(self.LOG_LINES)
        backdrop.piece("log", (lines, earlier), layout.log_rect, lambda surf: draw_move_log(surf, text, lines[-6:], earlier, 19))
        self._thinking = box.seat if box.seat >= 0 and self.thinks(box.seat) else -1

    def _draw_thinking(self, surface: pygame.Surface) -> None:
        seat = self._thinking
        if seat >= 0:
            prompt = self.layout.prompt_rect     # three dots that breathe while a bot thinks
            for i in range(3):
                phase = (self._think * 3 - i * 0.4) % 1.0
                r = 5 + 3 * max(0.0, 1 - abs(phase - 0.5) * 4)
                pygame.draw.circle(surface, theme.seat_colour(seat), (prompt.x + 40 + i * 24, prompt.y + 130), r)

    def _draw_caption(self, surface: pygame.Surface) -> None:
        who, rest_text = caption(self)
        if who < 0 or not rest_text:
            return
        cx, cy = self.layout.caption_centre
        colour = theme.seat_colour(who)
        name = self.text.get(self.seat_name(who), 44, theme.seat_text(who), True)
        rest = self.text.get(rest_text, 36, theme.TEXT)
        mark = 34
        x = cx - (mark + name.get_width() + rest.get_width()) // 2
        draw_seat_symbol(surface, who, (x + 12, cy - 2), 24, colour, theme.BG)
        x += mark
        surface.blit(name, (x, cy - name.get_height() // 2))
        surface.blit(rest, (x + name.get_width(), cy - name.get_height() // 2 + 6))
