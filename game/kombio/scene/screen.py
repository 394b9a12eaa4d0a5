"""The KOMBIO game screen: every hand as a grid of cards at its seat around the table, the draw and
discard piles (the top discard large), each local player's focus, the choices of the seat to play,
slaps judged in press-time order, the Call, and the round-end reveal.

Built from the shared game-screen parts (game.ui.play): the layout (layout.py), what each seat's
focus may rest on and what Select does there (controls.py), how each event is shown
(presenters.py), the table's and the panel's drawing (board.py, panel.py) and the slaps (slaps.py).
It draws the shown view (the table as far as the animations have got) and reads the truth only for
what a press does.

Privacy on a shared screen: the drawn card, an ability's looks and the look at the near row are shown
only to their seat, behind the game screen's curtain when several humans share the screen; slap
presses pass the curtain. A looked-at card is lifted a little for everyone, face up only on its
looker's screen.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.core.session import Step
from game.kombio.events import RoundEnded, Slapped
from game.kombio.table import ABILITY, DRAWN, LOOK, OVER
from game.kombio.view import KombioView
from game.ui.play.focus import Focusable, Key
from game.ui.play.game_screen import GameScreen
from game.ui.toolkit import theme
from game.ui.toolkit.backdrop import Backdrop
from game.ui.toolkit.effects import Chain
from game.ui.toolkit.input import Press

from .art import CardArt
from .board import WINDOW_CLOSED, WINDOW_MATCHED, WINDOW_OPEN, TablePainter
from .controls import KombioControls, Pick, card_place
from .effects import Reveal
from .layout import Layout
from .looks import LookDesk
from .panel import PanelPainter
from .presenters import KombioPresenters
from .slaps import SlapDesk

if TYPE_CHECKING:
    from game.ui.play.match import Match
    from game.ui.toolkit.app import App

Place = tuple[int, int]


class KombioScene(GameScreen[KombioView]):
    layout: Layout
    LOG_LINES = 6

    def __init__(self, app: App, match: Match) -> None:
        super().__init__(app, match)
        self.layout = Layout(self.view.players)
        self.art = CardArt(self.text, self.view.deck)
        self.controls = KombioControls(self, self.layout)
        self.presenters = KombioPresenters(self)
        self.board = TablePainter(self)
        self.panel = PanelPainter(self)
        self.slaps = SlapDesk(self)
        for seat in self.human_seats():
            key = self.controls.likely(seat)
            if key is not None:
                self.input.put(seat, key)
        self.last_reveal: RoundEnded | None = None   # the hands of the round shown last, face up
        self.looks = LookDesk(self)                  # what the viewer saw, held until it is done
        self._slap_anim: tuple[Slapped, Any] | None = None   # a slap's animation not drawn yet
        self.backdrop = Backdrop()          # made on first draw, against the target's pixel format
        self._palette = theme.palette()     # the seat colours the backdrop was painted in

    # -- who sees and who acts -------------------------------------------------------------------
    def looking_seat(self) -> int | None:
        public: KombioView = self.session.view(None)
        humans = self.policy.humans
        if public.phase == LOOK:
            return next((s for s in humans if not public.looked[s]), None)
        if public.phase == OVER:
            return None
        turn = public.turn
        if turn in humans and not public.pending and (public.phase in (DRAWN, ABILITY) or public.memory_aid):
            return turn
        return humans[0] if len(humans) == 1 else None

    def passes_curtain(self, press: Press) -> bool:
        """A slap key reaches the slap desk even while the curtain is up, which refuses it (a slap
        must not count as the curtain's "take the screen", nor as a wrong press of its player)."""
        return press.button == "slap"

    def turn_actor(self) -> int | None:
        """The local human whose turn choices the screen takes now (none while a choice after a slap
        is owed, the curtain is up, or the turn's private view is someone else's)."""
        view = self.view
        turn = view.turn
        if view.phase in (LOOK, OVER) or view.pending or not self.is_human(turn):
            return None
        if self.curtain_seat is not None:
            return None
        if self.policy.shared and view.phase in (DRAWN, ABILITY) and self.viewer != turn:
            return None
        return turn

    def picked(self, seat: int) -> Pick | None:
        """The first press of `seat`'s two-press choice in progress (the discard to take, a swap's
        first card), if any."""
        return self.controls.picked(seat)

    def may_look(self, seat: int) -> bool:
        """`seat` may make its look at the near row on this screen now (its own, behind the curtain)."""
        return self.viewer == seat or not self.policy.shared

    # -- the game-screen hooks ---------------------------------------------------------------------
    def targets(self, seat: int) -> Sequence[Focusable]:
        return self.controls.targets(seat)

    def landing(self, seat: int, step: Step) -> Key | None:
        return self.controls.landing(seat, step)

    def action_button(self, seat: int, target: Focusable | None, press: Press) -> None:
        """The slap key: the focused card onto the discard pile."""
        place = card_place(target.key) if target is not None else None
        if place is None:
            self.error(f"{self.seat_name(seat)}: move your focus onto a card to slap it")
            return
        self.slaps.press(seat, place[0], place[1], press.time)

    def back(self, seat: int) -> bool:
        return self.controls.back(seat)

    def handle_game(self, press: Press) -> bool:
        look = self.looks.waiting()
        if look is not None and press.button == "select" and self.seat_for(press.device) == look.seat:
            self.looks.acknowledge()           # seen: the table goes on
            self.click_sound()
            return True
        reveal = self.reveal()
        if reveal is not None and press.button == "select":
            if reveal.skippable:       # read a while: on to the next round
                reveal.skip()
            return True
        if press.device == "mouse" and press.button == "back" and press.pos is not None:
            seat = self.seat_for("mouse")
            if seat is not None and any(card_place(t.key) is not None and t.rect.collidepoint(press.pos)
                                        for t in self.targets(seat)):
                press = Press(press.device, "slap", press.time, press.pos)    # a right-click slaps a card
        return super().handle_game(press)

    def steps_arrived(self, steps: list[Step]) -> None:
        self.controls.picks.clear()       # a pick made against the old state is stale now
        self.looks.arrived(steps)
        for step in steps:
            self.slaps.note_race(step)

    def viewer_changed(self) -> None:
        self.controls.picks.clear()
        self.looks.forget()

    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.layout.hand_rect(seat, len(self.shown.hands[seat]))

    # -- what the table shows ----------------------------------------------------------------------
    def busy(self) -> bool:
        """Behind the truth, or a look held until its player has seen it (the bots wait for it)."""
        return super().busy() or self.looks.waiting() is not None

    def held_for(self) -> int | None:
        look = self.looks.waiting()
        return None if look is None else look.seat

    def let_go(self) -> bool:
        return self.looks.acknowledge()

    def update_game(self, dt: float) -> None:
        self.looks.update(dt)

    def hidden(self) -> frozenset[Any]:
        """The places an animation or a held look draws itself right now."""
        return frozenset(getattr(self.anim, "hides", frozenset())) | self.looks.places()

    def reveal(self) -> Reveal | None:
        """The round-end reveal, while it runs."""
        anim = self.anim
        part = anim.find(Reveal) if isinstance(anim, Chain) else None
        return part if isinstance(part, Reveal) else None

    def revealing(self) -> bool:
        return self.reveal() is not None

    def scores(self) -> tuple[int, ...]:
        """The scores the table shows: a round's reveal adds its points as it is read."""
        reveal = self.reveal()
        return reveal.event.scores if reveal is not None and reveal.event is not None else self.shown.scores

    def reveal_done(self, event: RoundEnded) -> None:
        self.last_reveal = event

    def slap_window(self) -> str:
        """The top discard's slap window as the table shows it: WINDOW_OPEN (anyone may still slap it),
        WINDOW_MATCHED (someone matched it) or WINDOW_CLOSED (nothing to slap, or the truth has moved on
        to a discard the table does not show yet)."""
        view, shown = self.view, self.shown
        if shown.top is None or shown.discard_serial != view.discard_serial:
            return WINDOW_CLOSED
        if view.top_matched:
            return WINDOW_MATCHED
        if view.discard_open and view.may_slap:
            return WINDOW_OPEN
        return WINDOW_CLOSED

    def attempt_marks(self) -> list[int]:
        """The seats that have used their one attempt on the discard the table shows."""
        if self.shown.top is None or self.shown.discard_serial != self.view.discard_serial:
            return []
        return list(self.view.attempted)

    def marked_cards(self) -> set[Place]:
        """Cards an ability in use has looked at, and a swap's first card picked."""
        marked = set(self.shown.ability_looks)
        actor = self.turn_actor()
        pick = self.controls.picked(actor) if actor is not None else None
        if pick is not None and pick.place is not None:
            marked.add(pick.place)
        return marked

    def discard_picked(self) -> bool:
        """The seat to play has picked the discard up to take it (its card is chosen next)."""
        actor = self.turn_actor()
        pick = self.controls.picked(actor) if actor is not None else None
        return pick is not None and pick.kind == "take"

    def choosable_cards(self) -> set[Place]:
        """The cards the seat using an ability on this screen may choose next (outlined)."""
        seat = self.turn_actor()
        if seat is None or self.view.phase != ABILITY or self.busy():
            return set()
        return self.controls.ability_targets(seat)

    def seconds_left(self, seat: int) -> float | None:
        return self.slaps.seconds_left(seat)

    def slap_margin(self, event: Slapped) -> float | None:
        """By how many milliseconds `event`'s slap beat the next press on its discard, if known."""
        return self.slaps.margin(event)

    def slap_shown(self, event: Slapped, anim: Any) -> None:
        self._slap_anim = (event, anim)

    def slap_drawn(self, event: Slapped) -> None:
        """Called once a slap's animation is first drawn (the slap is on screen): a hook for the
        latency bench (tools/bench/bench_slap_latency.py); the game needs nothing here."""

    def peeks(self) -> list[tuple[Place, int]]:
        """What the viewer's looks on show have shown it, for the prompt."""
        return self.looks.seen()

    # -- sprites for the effects (game.ui.toolkit.effects.Sprites) --------------------------------
    def sprite(self, key: Any, size: int) -> pygame.Surface:
        return self.art.sprite(key, size)

    def flipped(self, key: Any, size: int, width: int) -> pygame.Surface:
        return self.art.flipped(key, size, width)

    # -- drawing -----------------------------------------------------------------------------------
    def _ensure_static(self, surface: pygame.Surface) -> None:
        if self._palette is not theme.palette():     # seat colours changed (Settings, from pause)
            self._palette = theme.palette()
            self.backdrop.drop()
        if not self.backdrop.ready:
            self.backdrop.reset(self.board.background(surface))

    def draw_game(self, surface: pygame.Surface, alpha: float) -> None:
        self._ensure_static(surface)
        self.panel.paint(self.backdrop)
        self.backdrop.blit(surface)
        hidden = self.hidden()
        self.board.piles(surface, hidden)
        self.board.hands(surface, hidden)
        anim = self.anim
        reveal = self.reveal()
        if reveal is not None:
            self.panel.reveal(surface, reveal)
        elif self.shown.phase == OVER and self.last_reveal is not None and anim is None:
            self.board.faces(surface, self.last_reveal)      # the game's last hands stay on show
        elif isinstance(anim, Chain):
            anim.draw(surface, alpha, self.art)
            if self._slap_anim is not None and anim is self._slap_anim[1]:
                event, self._slap_anim = self._slap_anim[0], None
                self.slap_drawn(event)
        self.looks.draw(surface)
        self.board.buttons(surface)
        self.draw_focuses(surface)


__all__ = ["WINDOW_CLOSED", "WINDOW_MATCHED", "WINDOW_OPEN", "KombioScene"]
