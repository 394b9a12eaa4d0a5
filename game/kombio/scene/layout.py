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
LIFT = 14                         # how far a looked-at card rises
NAME_CLEAR = 34                   # a name plate's centre above its hand: clear of a raised card and its frame
FULL_COLUMNS = 4                  # columns a hand grows at full step; later ones overlap by half

# A hand card's width by player count: as large as the seats around the table leave room for.
_CARD = {2: 64, 3: 66, 4: 58, 5: 54, 6: 52}
# Hand centres (x) by place around the table; the y of the top and bottom rows follow the card height.
_MID, _EDGE_L, _EDGE_R, _INNER_L, _INNER_R = 470, 140, 800, 230, 710
_PILES_X = (300, 470, 630)          # the draw pile, the discard pile, the drawn card held
_SIDE_Y = 352
# Seats go round the table to the left (clockwise on screen) from the bottom: (x, "top"/"bottom"/side y).
_PLACES: dict[int, tuple[tuple[int, str], ...]] = {
    2: ((_MID, "bottom"), (_MID, "top")),
    3: ((_MID, "bottom"), (_INNER_L, "top"), (_INNER_R, "top")),
    4: ((_MID, "bottom"), (_EDGE_L, "side"), (_MID, "top"), (_EDGE_R, "side")),
    5: ((_MID, "bottom"), (_EDGE_L, "side"), (_INNER_L, "top"), (_INNER_R, "top"), (_EDGE_R, "side")),
    6: ((_INNER_L, "bottom"), (_EDGE_L, "side"), (_INNER_L, "top"), (_INNER_R, "top"), (_EDGE_R, "side"),
        (_INNER_R, "bottom")),
}


Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Layout:
    """Every slot of a hand has one place for the whole round, whatever the hand's size: the dealt
    2×2 stays where it was dealt, a card joining the hand takes a new column on the side away from
    the table's edge (toward the middle), and a gap keeps its place."""

    players: int
    gap: int = 8

    @property
    def card(self) -> int:
        """A hand card's width."""
        return _CARD.get(self.players, 52)

    @property
    def card_h(self) -> int:
        return round(self.card * 1.4)

    def centre(self, seat: int) -> tuple[int, int]:
        x, where = _PLACES[self.players][seat]
        h = self.card_h
        if where == "top":
            return x, 56 + h + self.gap // 2
        if where == "bottom":
            return x, 700 - h - self.gap // 2
        return x, _SIDE_Y

    def far_row_up(self, seat: int) -> bool:
        """Whether the far row (row 0) is drawn above the near row: the near row faces its player,
        away from the table's middle."""
        return self.centre(seat)[1] >= 300

    def grows_left(self, seat: int) -> bool:
        """A hand grows toward the table's middle, but a hand at the table's side edge grows outward
        (the middle there is the piles')."""
        x = self.centre(seat)[0]
        if x in (_EDGE_L, _EDGE_R):
            return x == _EDGE_L
        return x > _MID

    def card_width(self, slots: int = 4) -> int:
        """A hand card's width: one size for every hand, whatever its size (a hand keeps its shape)."""
        return max(MIN_CARD, self.card)

    def slot_rect(self, seat: int, slot: int, slots: int = 4) -> pygame.Rect:
        """Slot `slot` of `seat`'s hand: the same place whatever the hand's size (`slots` is kept for
        the callers that name it)."""
        return pygame.Rect(_slot_box(self, seat, slot))

    def slot_centre(self, seat: int, slot: int, slots: int = 4) -> tuple[float, float]:
        rect = self.slot_rect(seat, slot)
        return (rect.centerx, rect.centery)

    def hand_rect(self, seat: int, slots: int) -> pygame.Rect:
        return pygame.Rect(_hand_box(self, seat, max(slots, 4)))

    def name_pos(self, seat: int, slots: int) -> tuple[int, int]:
        """Where a seat's name plate is centred: beside the dealt 2×2 (so it never moves), clear of
        its cards when they are raised for a look."""
        hand = self.hand_rect(seat, 4)
        where = _PLACES[self.players][seat][1]
        if where == "side":
            return hand.centerx, hand.bottom + 16
        return hand.centerx, hand.top - NAME_CLEAR

    # -- the middle --
    @property
    def felt_rect(self) -> pygame.Rect:
        return pygame.Rect(8, 8, PANEL_X - 18, SCREEN[1] - 16)

    @property
    def piles_y(self) -> int:
        """The piles' centre: between the top hands and the bottom hand's name plate (and level with
        the side seats)."""
        return _SIDE_Y

    @property
    def draw_rect(self) -> pygame.Rect:
        return pygame.Rect(0, 0, 80, 112).move(_PILES_X[0] - 40, self.piles_y - 56)

    @property
    def discard_rect(self) -> pygame.Rect:
        """The top discard, large."""
        return pygame.Rect(0, 0, 104, 146).move(_PILES_X[1] - 52, self.piles_y - 73)

    @property
    def held_rect(self) -> pygame.Rect:
        """The drawn card, held beside the piles."""
        return pygame.Rect(0, 0, 80, 112).move(_PILES_X[2] - 40, self.piles_y - 56)

    @property
    def wrong_at(self) -> tuple[float, float]:
        """Where a wrong slap's card is held up for all to read: beside the pile, not over it."""
        return (self.discard_rect.right + 70, self.discard_rect.centery)

    def pile_button(self, pile: pygame.Rect) -> pygame.Rect:
        """A choice made at a pile (Draw, Take, Discard it): in the place of the pile's label."""
        rect = pygame.Rect(0, 0, 150, 32)
        rect.midtop = (pile.centerx, pile.bottom + 4)
        return rect

    def button_rects(self, count: int) -> list[pygame.Rect]:
        """The other choices, one under another beside the discard pile (where a drawn card is held)."""
        width, height, gap = 168, 36, 8
        top = self.piles_y - (count * height + (count - 1) * gap) // 2
        x = self.discard_rect.right + 24
        return [pygame.Rect(x, top + i * (height + gap), width, height) for i in range(count)]

    def reveal_rect(self, players: int) -> pygame.Rect:
        veil = pygame.Rect(0, 0, 460, 96 + 34 * players)
        veil.center = (470, self.piles_y)
        return veil

    @property
    def banner_centre(self) -> tuple[int, int]:
        return (470, self.piles_y)

    @property
    def toast_centre(self) -> tuple[int, int]:
        return (470, self.piles_y + 118)

    # -- the side panel --
    @property
    def prompt_rect(self) -> pygame.Rect:
        return pygame.Rect(PANEL_X, 10, SCREEN[0] - PANEL_X - 10, 190)

    @property
    def scores_rect(self) -> pygame.Rect:
        return pygame.Rect(PANEL_X, 210, SCREEN[0] - PANEL_X - 10, 50 + 26 * self.players)

    @property
    def log_box(self) -> pygame.Rect:
        """The move log: what the scores leave above the keys (its lines wrap, so it takes the room)."""
        top = self.scores_rect.bottom + 10
        return pygame.Rect(PANEL_X, top, SCREEN[0] - PANEL_X - 10, self.hint_rect.top - 10 - top)

    @property
    def hint_rect(self) -> pygame.Rect:
        return pygame.Rect(PANEL_X, 600, SCREEN[0] - PANEL_X - 10, 110)

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
def _slot_box(layout: Layout, seat: int, slot: int) -> Box:
    width = layout.card_width()
    height = round(width * 1.4)
    col, row = divmod(slot, 2)
    cx, cy = layout.centre(seat)
    step = width + layout.gap
    left = cx - (2 * width + layout.gap) // 2            # the dealt 2×2, centred on the seat
    if col < 2:
        x = left + col * step
    else:
        # columns past the dealt two at a full step while the room lasts (less at the table's edge)
        full_columns = FULL_COLUMNS - (1 if layout.centre(seat)[0] in (_EDGE_L, _EDGE_R) else 0)
        full = min(col, full_columns - 1) - 1
        x_off = full * step + max(0, col - (full_columns - 1)) * (step // 2)
        x = left + step + x_off if not layout.grows_left(seat) else left - x_off
    top_row = 0 if layout.far_row_up(seat) else 1
    y = cy - height - layout.gap // 2 if row == top_row else cy + layout.gap // 2
    return (x, y, width, height)


@functools.lru_cache(maxsize=1024)
def _hand_box(layout: Layout, seat: int, slots: int) -> Box:
    rects = [pygame.Rect(_slot_box(layout, seat, i)) for i in range(slots)]
    union = rects[0].unionall(rects[1:])
    return (union.x, union.y, union.w, union.h)
