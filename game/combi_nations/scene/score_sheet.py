"""The SCORE SHEET: one column per player laid out like the paper pad (the four LAND types, the type
that counts double, each facility with its points, the SAND line, the total), and under it the
reason of the line a player's focus is on (its lines are focusables while the sheet is open: the
directions and the mouse move the focus over them). Opens by itself at the game's end; during play
Tab or the Scores button shows the scores as they stand.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.seat_marks import draw_seat_symbol
from game.ui.toolkit.text import TextCache

from .. import tables
from ..scoring import DOUBLED, FACILITY, PENALTY, SAND_BONUS, ScoreSheet

ROW_H = 24


@dataclass(frozen=True)
class Row:
    label: str
    points: int | None
    reason: str
    style: str = "line"          # "line", "land" (a LAND type's sum), "total", "gap"


def sheet_rows(sheet: ScoreSheet) -> list[Row]:
    """A sheet as the paper writes it: each LAND type's sum (its areas in the reason), the doubled
    type, each facility, the SAND line and the total."""
    rows: list[Row] = []
    totals = sheet.land_totals()
    for land in tables.LANDS:
        areas = [line for line in sheet.lines if line.kind == "area" and line.land == land]
        why = "; ".join(f"{a.label}: {a.points}" for a in areas) if areas else f"no {tables.LAND_NAMES[land]}"
        rows.append(Row(tables.LAND_NAMES[land], totals[land], why, "land"))
    for line in sheet.by_kind(DOUBLED):
        rows.append(Row(f"×2 {tables.LAND_NAMES.get(line.land or '', '')}", line.points, line.reason, "land"))
    rows.append(Row("", None, "", "gap"))
    for line in sheet.by_kind(FACILITY):
        rows.append(Row(line.label, line.points, line.reason))
    for line in sheet.by_kind(PENALTY) + sheet.by_kind(SAND_BONUS):
        rows.append(Row(line.label, line.points, line.reason))
    rows.append(Row("Total", sheet.total, "the sum of every line", "total"))
    return rows


@dataclass(frozen=True)
class SheetCell:
    """One line of one player's column, where it is drawn."""

    rect: pygame.Rect
    column: int
    row: int                  # the index into that column's sheet_rows


def sheet_cells(rect: pygame.Rect, sheets: Sequence[ScoreSheet]) -> list[SheetCell]:
    """Where every line of every column goes (the gaps take no cell): what is drawn, and what a
    player's focus may rest on to read a line's reason."""
    n = max(1, len(sheets))
    col_w = (rect.w - 40) // n
    top = rect.y + 58
    most = max((len(sheet_rows(sh)) for sh in sheets), default=1)
    row_h = max(14, min(ROW_H, (rect.bottom - 70 - (top + 38)) // max(1, most)))
    out: list[SheetCell] = []
    for c, sheet in enumerate(sheets):
        x, y = rect.x + 20 + c * col_w, top + 38
        for r, row in enumerate(sheet_rows(sheet)):
            if row.style == "gap":
                y += 8
                continue
            out.append(SheetCell(pygame.Rect(x + 2, y, col_w - 8, row_h), c, r))
            y += row_h
    return out


def draw_sheet(surface: pygame.Surface, rect: pygame.Rect, text: TextCache, sheets: Sequence[ScoreSheet],
               names: Sequence[str], title: str, footer: str, focused: tuple[int, int] | None = None) -> None:
    """The sheet over the table, the reason of line `focused` (column, row) under it."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill(theme.SHADE)
    surface.blit(veil, (0, 0))
    pygame.draw.rect(surface, (246, 240, 224), rect, border_radius=theme.RADIUS)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 3, border_radius=theme.RADIUS)
    ink, faint = (40, 34, 46), (120, 110, 120)
    head = text.get(title, 34, ink, True)
    surface.blit(head, head.get_rect(midtop=(rect.centerx, rect.y + 10)))
    n = max(1, len(sheets))
    col_w = (rect.w - 40) // n
    top = rect.y + 58
    best = max((s.total for s in sheets), default=0)
    for c, sheet in enumerate(sheets):
        x = rect.x + 20 + c * col_w
        colour = theme.seat_colour(sheet.seat if sheet.seat is not None else c)
        seat = sheet.seat if sheet.seat is not None else c
        pygame.draw.rect(surface, colour, (x + 2, top, col_w - 8, 30), border_radius=6)
        draw_seat_symbol(surface, seat, (x + 18, top + 15), 18, ink)
        name = text.get(names[c] if c < len(names) else f"Seat {c + 1}", 24, ink, True)
        surface.blit(name, (x + 32, top + 15 - name.get_height() // 2))
    reason = ""
    rows = [sheet_rows(sheet) for sheet in sheets]
    for cell in sheet_cells(rect, sheets):
        c, r = cell.column, cell.row
        row, sheet, box = rows[c][r], sheets[c], cell.rect
        colour = theme.seat_colour(sheet.seat if sheet.seat is not None else c)
        if (c, r) == focused:
            reason = f"{names[c] if c < len(names) else ''} · {row.label}: {row.reason}"
        bold = row.style in ("land", "total")
        size = (24 if row.style == "total" else 20) if box.h >= 20 else 16
        label = text.get(_clip(row.label, col_w // 10), size, ink if bold else faint if row.points == 0
                         else ink, bold)
        surface.blit(label, (box.x + 6, box.centery - label.get_height() // 2))
        if row.points is not None:
            pts = text.get(str(row.points), size, ink, True)
            surface.blit(pts, (box.right - 8 - pts.get_width(), box.centery - pts.get_height() // 2))
        if row.style == "total":
            pygame.draw.line(surface, ink, (box.x, box.y - 2), (box.right, box.y - 2), 2)
            if sheet.total == best:
                star = text.get("best", 18, colour, True)
                surface.blit(star, (box.x + 6 + label.get_width() + 8, box.centery - star.get_height() // 2))
    lines = text.get(_clip(reason, 120), 22, ink) if reason else None
    if lines is not None:
        surface.blit(lines, lines.get_rect(midbottom=(rect.centerx, rect.bottom - 38)))
    foot = text.get(footer, 20, faint)
    surface.blit(foot, foot.get_rect(midbottom=(rect.centerx, rect.bottom - 10)))


def _clip(s: str, n: int) -> str:
    return s if len(s) <= n else s[:max(1, n - 1)] + "…"
