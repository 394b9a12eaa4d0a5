"""Drawing the KOMBIO table from the shown view: the felt, the piles with the slap window's marks, the
drawn card, every hand (gaps, backs, what the memory aid shows, an ability's marks) with its name
plate and the countdown of a choice owed, the choice buttons, and the hands face up at a round's end.

Places an animation draws itself (`hides`) are left out. Buttons are drawn all alike: the one a
player's focus rests on carries that player's focus frame, drawn by the game screen over the table.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.kombio.events import RoundEnded
from game.kombio.table import LOOK, value_text
from game.ui.toolkit import theme
from game.ui.toolkit.drawing import draw_check
from game.ui.toolkit.seat_marks import draw_seat_symbol

from .effects import HELD, TOP

if TYPE_CHECKING:
    from .screen import KombioScene

WINDOW_OPEN, WINDOW_MATCHED, WINDOW_CLOSED = "open", "matched", "closed"   # the top discard's slap window
PICKED = theme.HIGHLIGHT         # a card picked for a swap, or looked at by an ability in use
CHOOSABLE = theme.CHOOSABLE      # a card the ability may choose next


def picked_frame(surface: pygame.Surface, card: pygame.Rect) -> None:
    """A picked card: a thick frame on a dark edge and a check disc at its top-left corner, told
    from a choosable card's thin outline by shape as well as by lightness (colour vision)."""
    frame = card.inflate(10, 10)
    pygame.draw.rect(surface, theme.BG, frame.inflate(4, 4), 3, border_radius=10)
    pygame.draw.rect(surface, PICKED, frame, 5, border_radius=9)
    centre = (frame.left + 4, frame.top + 4)
    pygame.draw.circle(surface, theme.BG, centre, 14)
    pygame.draw.circle(surface, PICKED, centre, 12)
    draw_check(surface, (centre[0], centre[1] + 1), theme.BG)


class TablePainter:
    def __init__(self, scene: KombioScene) -> None:
        self.scene = scene
        self.layout = scene.layout

    def background(self, surface: pygame.Surface) -> pygame.Surface:
        """What never changes: the felt and the side panel's empty boxes."""
        lay = self.layout
        bg = pygame.Surface(surface.get_size(), 0, surface)
        bg.fill(theme.BG)
        pygame.draw.rect(bg, theme.FELT, lay.felt_rect, border_radius=26)
        pygame.draw.rect(bg, (52, 96, 80), lay.felt_rect, 3, border_radius=26)
        for rect in (lay.prompt_rect, lay.scores_rect, lay.log_box, lay.hint_rect):
            pygame.draw.rect(bg, theme.PANEL, rect, border_radius=theme.RADIUS)
        return bg

    # -- the piles ---------------------------------------------------------------------------------

    def piles(self, surface: pygame.Surface, hidden: frozenset[object]) -> None:
        scene, lay, shown = self.scene, self.layout, self.scene.shown
        art, text = scene.art, scene.text
        d = lay.draw_rect
        if shown.draw_count:
            for i in range(min(3, (shown.draw_count + 14) // 15)):
                surface.blit(art.back(d.w), d.move(-2 * i, -2 * i))
        else:
            surface.blit(art.gap(d.w), d)
        taken = scene.controls.piles_taken()      # a button there says it (Draw (61 left), Take)
        if "draw" not in taken:
            label = text.get(f"Draw ({shown.draw_count})", 20, theme.TEXT_DIM)
            surface.blit(label, label.get_rect(midtop=(d.centerx, d.bottom + 6)))
        p = lay.discard_rect
        if shown.top is not None and TOP not in hidden:
            if scene.slap_window() == WINDOW_OPEN:
                # the window is open: a halo and a call to slap, gone once matched or closed
                for grow, shade in ((18, 70), (12, 120), (6, 200)):
                    halo = pygame.Surface(p.inflate(grow, grow).size, pygame.SRCALPHA)
                    pygame.draw.rect(halo, (*theme.HIGHLIGHT, shade), halo.get_rect(), 3, border_radius=12)
                    surface.blit(halo, p.inflate(grow, grow))
                tag = text.get("SLAP!", 22, theme.ACCENT, True)
                surface.blit(tag, tag.get_rect(midbottom=(p.centerx, p.top - 10)))
            surface.blit(art.face(shown.top, p.w), p)
            if scene.discard_picked():
                picked_frame(surface, p)
        else:
            surface.blit(art.gap(p.w), p)
        if "discard" not in taken:
            label = text.get("Discard", 20, theme.TEXT_DIM)
            surface.blit(label, label.get_rect(midtop=(p.centerx, p.bottom + 6)))
        self._slap_marks(surface)
        if shown.holding and HELD not in hidden:
            h = lay.held_rect
            surface.blit(art.back(h.w) if shown.held is None else art.face(shown.held, h.w), h)
            who = text.get(f"{scene.seat_name(shown.turn)} holds", 18, theme.seat_text(shown.turn), True)
            surface.blit(who, who.get_rect(midtop=(h.centerx, h.bottom + 6)))

    def _slap_marks(self, surface: pygame.Surface) -> None:
        scene, p = self.scene, self.layout.discard_rect
        if scene.slap_window() == WINDOW_MATCHED:
            tag = scene.text.get("matched", 18, theme.ACCENT, True)
            surface.blit(tag, tag.get_rect(midbottom=(p.centerx, p.top - 10)))
        marks = scene.attempt_marks()
        if not marks:
            return
        # one symbol a seat that has slapped this discard (one attempt each), in a column at its side
        x = p.left - 16
        head = scene.text.get("tried", 14, theme.TEXT_DIM)
        surface.blit(head, head.get_rect(midbottom=(x, p.top + 2)))
        for i, seat in enumerate(marks):
            draw_seat_symbol(surface, seat, (x, p.top + 14 + 20 * i), 14, theme.seat_colour(seat), theme.BG)

    # -- the hands ---------------------------------------------------------------------------------

    def hands(self, surface: pygame.Surface, hidden: frozenset[object]) -> None:
        scene, lay, shown = self.scene, self.layout, self.scene.shown
        art, text = scene.art, scene.text
        marked = scene.marked_cards()
        choosable = scene.choosable_cards()
        for owner, hand in enumerate(shown.hands):
            slots = len(hand)
            for slot, present in enumerate(hand):
                rect = lay.slot_rect(owner, slot, slots)
                if not present:
                    surface.blit(art.gap(rect.w), rect)
                    continue
                if (owner, slot) in hidden:
                    continue
                surface.blit(art.back(rect.w), rect)
                known = shown.known(owner, slot)
                if known is not None:
                    # the memory aid: the value this seat has seen, in a bubble on the back
                    bubble = pygame.Rect(0, 0, rect.w - 10, rect.w // 2)
                    bubble.center = rect.center
                    pygame.draw.rect(surface, (246, 240, 226), bubble, border_radius=6)
                    num = text.get(value_text(known), max(12, rect.w // 3), (34, 30, 46), True)
                    surface.blit(num, num.get_rect(center=bubble.center))
                if (owner, slot) in marked:
                    picked_frame(surface, rect)
                elif (owner, slot) in choosable:
                    pygame.draw.rect(surface, CHOOSABLE, rect.inflate(6, 6), 2, border_radius=7)
            self._name(surface, owner, slots)

    def _name(self, surface: pygame.Surface, seat: int, slots: int) -> None:
        scene, shown = self.scene, self.scene.shown
        colour = theme.seat_colour(seat)
        x, y = self.layout.name_pos(seat, slots)
        bot = " (Bot)" if scene.is_bot(seat) else ""
        extra = "  KOMBIO!" if shown.caller == seat else ""
        label = scene.text.get(f"{scene.seat_name(seat)}{bot}  {scene.scores()[seat]} pts{extra}", 20, theme.seat_text(seat), True)
        rect = label.get_rect(center=(x + 12, y))
        if seat == shown.turn and shown.phase != LOOK:
            pygame.draw.rect(surface, colour, rect.inflate(38, 8), 2, border_radius=10)
        draw_seat_symbol(surface, seat, (rect.x - 12, y), 16, colour, theme.BG)
        surface.blit(label, rect)
        left = scene.seconds_left(seat)
        if left is not None:
            clock = scene.text.get(f"{left:.0f} s", 20, theme.ACCENT, True)
            surface.blit(clock, clock.get_rect(midleft=(rect.right + 10, y)))

    def faces(self, surface: pygame.Surface, event: RoundEnded) -> None:
        """Every hand of the round that ended face up, with its sum."""
        lay, art, text = self.layout, self.scene.art, self.scene.text
        for owner, hand in enumerate(event.hands):
            for slot, value in enumerate(hand):
                if value is not None:
                    rect = lay.slot_rect(owner, slot, len(hand))
                    surface.blit(art.face(value, rect.w), rect)
            if hand:
                # the hand's sum on the side away from the name plate
                label = text.get(f"hand {event.totals[owner]}", 20, theme.TEXT, True)
                box = lay.hand_rect(owner, len(hand))
                if lay.name_pos(owner, len(hand))[1] < box.centery:
                    surface.blit(label, label.get_rect(midtop=(box.centerx, box.bottom + 4)))
                else:
                    surface.blit(label, label.get_rect(midbottom=(box.centerx, box.top - 4)))

    # -- the choice buttons ------------------------------------------------------------------------

    def buttons(self, surface: pygame.Surface) -> None:
        scene = self.scene
        seat = scene.controls.button_seat()
        if seat is None or scene.busy():
            return
        for button, rect in scene.controls.placed(scene.controls.buttons(seat)):
            pygame.draw.rect(surface, theme.PANEL, rect, border_radius=10)
            pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 2, border_radius=10)
            label = scene.text.get(button.text, 20, theme.TEXT)
            surface.blit(label, label.get_rect(center=rect.center))
