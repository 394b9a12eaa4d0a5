"""Where everything of the KOMBIO table goes on the 1280×720 logical screen: each seat's hand around
the table (2–6 seats), the draw and discard piles in the middle with the drawn card beside them, the
choice buttons under them, the side panel (prompt, scores, log, keys), the round-end reveal, and the
anchors of messages and banners. Pure geometry: no drawing, no game state.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import pygame

TABLE_W = 940                     # the table's width; the side panel takes the rest
PANEL_X = TABLE_W + 10
SCREEN = (1280, 720)
MIN_CARD = 16                     # a hand grown very wide (many penalties) still draws cards you can see

# Hand centres (x, y) by place around the table.
_BOTTOM, _TOP, _LEFT, _RIGHT = (470, 598), (470, 120), (140, 352), (800, 352)
_TOP_LEFT, _TOP_RIGHT, _BOTTOM_LEFT, _BOTTOM_RIGHT = (230, 120), (710, 120), (230, 598), (710, 598)
# Seats go round the table to the left (clockwise on screen) from the bottom.
_PLACES: dict[int, tuple[tuple[int, int], ...]] = {
    2: (_BOTTOM, _TOP),
    3: (_BOTTOM, _TOP_LEFT, _TOP_RIGHT),
    4: (_BOTTOM, _LEFT, _TOP, _RIGHT),
    5: (_BOTTOM, _LEFT, _TOP_LEFT, _TOP_RIGHT, _RIGHT),
    6: (_BOTTOM_LEFT, _LEFT, _TOP_LEFT, _TOP_RIGHT, _RIGHT, _BOTTOM_RIGHT),
}


Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Layout:
    players: int
    card: int = 52                # a hand card's width
    gap: int = 8

    @property
    def card_h(self) -> int:
        return round(self.card * 1.4)

    def centre(self, seat: int) -> tuple[int, int]:
        return _PLACES[self.players][seat]

    def far_row_up(self, seat: int) -> bool:
        """Whether the far row (row 0) is drawn above the near row: the near row faces its player,
        away from the table's middle."""
        return self.centre(seat)[1] >= 300

    def card_width(self, slots: int) -> int:
        """A hand that grew wide draws its cards smaller, so it keeps clear of its neighbours."""
        columns = max(2, (slots + 1) // 2)
        return max(MIN_CARD, min(self.card, (250 - (columns - 1) * self.gap) // columns))

    def slot_rect(self, seat: int, slot: int, slots: int) -> pygame.Rect:
        """Slot `slot` of `seat`'s hand of `slots` slots (a slot past the end: as if the hand had it)."""
        return pygame.Rect(_slot_box(self, seat, slot, max(slots, slot + 1)))

    def slot_centre(self, seat: int, slot: int, slots: int) -> tuple[float, float]:
        rect = self.slot_rect(seat, slot, slots)
        return (rect.centerx, rect.centery)

    def hand_rect(self, seat: int, slots: int) -> pygame.Rect:
        return pygame.Rect(_hand_box(self, seat, max(slots, 4)))

    def name_pos(self, seat: int, slots: int) -> tuple[int, int]:
        """Where a seat's name plate is centred: on the outer side of its hand."""
        hand = self.hand_rect(seat, slots)
        if self.far_row_up(seat) and self.centre(seat)[1] > 500:
            return hand.centerx, hand.top - 26      # on the table's side: clear of a focus on the far row
        if self.centre(seat)[1] < 300:
            return hand.centerx, hand.top - 16
        return hand.centerx, hand.bottom + 16

    # -- the middle --
    @property
    def felt_rect(self) -> pygame.Rect:
        return pygame.Rect(8, 8, PANEL_X - 18, SCREEN[1] - 16)

    @property
    def draw_rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, 70, 98).move(330 - 35, 300 - 49)

    @property
    def discard_rect(self) -> pygame.Rect:
        """The top discard, large."""
        return pygame.Rect(0, 0, 100, 140).move(470 - 50, 300 - 70)

    @property
    def held_rect(self) -> pygame.Rect:
        """The drawn card, held beside the piles."""
        return pygame.Rect(0, 0, 80, 112).move(610 - 40, 300 - 56)

    @property
    def wrong_at(self) -> tuple[float, float]:
        """Where a wrong slap's card is held up for all to read: beside the pile, not over it."""
        return (self.discard_rect.right + 70, self.discard_rect.centery)

    def button_rects(self, count: int) -> list[pygame.Rect]:
        width, height, gap = 150, 40, 10
        total = count * width + (count - 1) * gap
        x = 470 - total // 2
        return [pygame.Rect(x + i * (width + gap), 404, width, height) for i in range(count)]   # below the "Discard" label

    def reveal_rect(self, players: int) -> pygame.Rect:
        veil = pygame.Rect(0, 0, 460, 96 + 34 * players)
        veil.center = (470, 330)
        return veil

    @property
    def banner_centre(self) -> tuple[int, int]:
        return (470, 300)

    @property
    def toast_centre(self) -> tuple[int, int]:
        return (470, 470)

    # -- the side panel --
    @property
    def prompt_rect(self) -> pygame.Rect:
        return pygame.Rect(PANEL_X, 10, SCREEN[0] - PANEL_X - 10, 190)

    @property
    def scores_rect(self) -> pygame.Rect:
        return pygame.Rect(PANEL_X, 210, SCREEN[0] - PANEL_X - 10, 200)

    @property
    def log_box(self) -> pygame.Rect:
        return pygame.Rect(PANEL_X, 420, SCREEN[0] - PANEL_X - 10, 150)

    @property
    def hint_rect(self) -> pygame.Rect:
        return pygame.Rect(PANEL_X, 580, SCREEN[0] - PANEL_X - 10, 130)

    # -- what every game screen asks of its layout ---------------------------------------------
    @property
    def message_anchor(self) -> tuple[int, int]:
        return self.toast_centre

    @property
    def banner_anchor(self) -> tuple[int, int]:
        return self.banner_centre

    @property
    def status_rect(self) -> pygame.Rect:
        return self.prompt_rect

    @property
    def log_rect(self) -> pygame.Rect:
        return self.log_box


# Every frame draws every card of every hand: their places are worked out once per hand size.
@functools.lru_cache(maxsize=4096)
def _slot_box(layout: Layout, seat: int, slot: int, slots: int) -> Box:
    width = layout.card_width(slots)
    height = round(width * 1.4)
    columns = max(2, (slots + 1) // 2)
    col, row = divmod(slot, 2)
    cx, cy = layout.centre(seat)
    left = cx - (columns * width + (columns - 1) * layout.gap) // 2
    top_row = 0 if layout.far_row_up(seat) else 1
    y = cy - height - layout.gap // 2 if row == top_row else cy + layout.gap // 2
    return (left + col * (width + layout.gap), y, width, height)


@functools.lru_cache(maxsize=1024)
def _hand_box(layout: Layout, seat: int, slots: int) -> Box:
    rects = [pygame.Rect(_slot_box(layout, seat, i, slots)) for i in range(slots)]
    union = rects[0].unionall(rects[1:])
    return (union.x, union.y, union.w, union.h)
