"""The move log as a game's panel shows it: "Moves", how many lines are above the window, and the
lines in view, each after its seat's symbol in its seat's colour, fitted to the panel's width.
Painted onto a surface the size of the panel (a backdrop piece: game.ui.toolkit.backdrop)."""
from __future__ import annotations

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.seat_marks import draw_seat_symbol
from game.ui.toolkit.text import TextCache, text_fitting

LogLines = tuple[tuple[str, int], ...]       # (text, seat or -1), oldest first


def draw_move_log(surf: pygame.Surface, text: TextCache, lines: LogLines, earlier: int, size: int = 20,
                  fill: tuple[int, int, int] = (32, 30, 50), title: str = "Moves") -> None:
    box = surf.get_rect()
    pygame.draw.rect(surf, fill, box, border_radius=16)
    pad = 12
    surf.blit(text.get(title, size - 1, theme.TEXT_DIM, True), (pad, 7))
    if earlier:
        more = text.get(f"▲ {earlier} earlier · wheel, PgUp", size - 3, theme.TEXT_DIM)
        surf.blit(more, more.get_rect(topright=(box.right - pad, 8)))
    row = size + 1
    y = 28
    for line, seat in lines:
        if y + row > box.bottom:
            break
        seen = theme.seat_text(seat) if seat >= 0 else theme.TEXT
        if seat >= 0:
            draw_seat_symbol(surf, seat, (pad + 6, y + row // 2 - 2), 12, seen)
        surf.blit(text_fitting(text, line, size, box.w - 2 * pad - 18, seen), (pad + 18, y))
        y += row


__all__ = ["LogLines", "draw_move_log"]
