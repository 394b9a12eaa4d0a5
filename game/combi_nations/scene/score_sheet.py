"""The SCORE SHEET: one column per player laid out like the paper pad (the four LAND types, the type
that counts double, each facility with its points, the SAND line, the total), and under it the
reason of the line a player's focus is on (its lines are focusables while the sheet is open: the
directions and the mouse move the focus over them). Opens by itself at the game's end; during play
Tab or the Scores button shows the scores as they stand. The sheet is as tall as its longest column
(no empty band under the lines), centred where it may go, and every column's total on one line.
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
HEAD = 96         # the title and the column headings, above the first line
FOOT = 76         # the reason of the focused line and the footer, under the last
GAP = 8           # between the LAND lines and the facilities


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


def _most_lines(sheets: Sequence[ScoreSheet]) -> int:
    return max((sum(row.style != "gap" for row in sheet_rows(sh)) for sh in sheets), default=1)


def _row_h(area: pygame.Rect, most: int) -> int:
    return max(14, min(ROW_H, (area.h - HEAD - GAP - FOOT) // max(1, most)))


def sheet_box(area: pygame.Rect, sheets: Sequence[ScoreSheet]) -> pygame.Rect:
    """The sheet's panel: `area`'s width, as tall as its longest column needs, centred in `area`."""
    most = _most_lines(sheets)
    h = min(area.h, HEAD + GAP + most * _row_h(area, most) + 2 + FOOT)
    box = pygame.Rect(area.x, 0, area.w, h)
    box.centery = area.centery
    return box


def sheet_cells(area: pygame.Rect, sheets: Sequence[ScoreSheet]) -> list[SheetCell]:
    """Where every line of every column goes in the sheet fitted to `area` (the gaps take no cell;
    the totals share the line under the longest column): what is drawn, and what a player's focus
    may rest on to read a line's reason."""
    rect = sheet_box(area, sheets)
    n = max(1, len(sheets))
    col_w = (rect.w - 40) // n
    columns = [sheet_rows(sheet) for sheet in sheets]
    row_h = _row_h(area, _most_lines(sheets))
    out: list[SheetCell] = []
    last_y = rect.y + HEAD
    for c, rows in enumerate(columns):
        x, y = rect.x + 20 + c * col_w, rect.y + HEAD
        for r, row in enumerate(rows):
            if row.style == "gap":
                y += GAP
                continue
            if row.style == "total":
                continue
            out.append(SheetCell(pygame.Rect(x + 2, y, col_w - 8, row_h), c, r))
            y += row_h
        last_y = max(last_y, y)
    for c, rows in enumerate(columns):
        for r, row in enumerate(rows):
            if row.style == "total":
                out.append(SheetCell(pygame.Rect(rect.x + 20 + c * col_w + 2, last_y + 2, col_w - 8, row_h), c, r))
    return sorted(out, key=lambda cell: (cell.column, cell.row))


def draw_sheet(surface: pygame.Surface, area: pygame.Rect, text: TextCache, sheets: Sequence[ScoreSheet],
               names: Sequence[str], title: str, footer: str, focused: tuple[int, int] | None = None) -> None:
    """The sheet over the table, fitted to `area`, the reason of line `focused` (column, row) under it."""
    rect = sheet_box(area, sheets)
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
    for cell in sheet_cells(area, sheets):
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
