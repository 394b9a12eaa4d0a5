"""Drawing the market from the shown view: the ring of tiles, the arrows on it (the solo opponent's
grey, marked "opp"), the five face-down stacks with their counts and the market marker, and, for the
player about to take a tile, which tiles it may take (1, 2, 3 ahead; U1, U2, U3 after the U-turn),
each ringed thinly: the player's focus shows which one Select takes. What the numbers mean is said
beside the ring while they are up (`legend`): "1–3: ahead of your arrow", "U: turn back, once a game".
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.seat_marks import draw_seat_symbol

from ..tables import SAND, STACK_SHAPES, STACKS
from ..view import EMPTY, RevealedView
from .hex_draw import EDGE, corners, draw_arrow, draw_tile, tile_cells

if TYPE_CHECKING:
    from .controls import Option
    from .screen import CombiNationsScene

AHEAD = "ahead of your arrow"
LEGEND, LEGEND_ROW = 16, 20        # the legend's text size and line height
UTURN = "turn back, once a game"
OPPONENT_GREY = (150, 146, 160)
UTURN_BLUE = theme.HIGHLIGHT
STACK_FILL = (96, 88, 128)


class RingPainter:
    def __init__(self, scene: CombiNationsScene) -> None:
        self.scene = scene

    def arrow(self, surface: pygame.Surface, seat: int, space: float, clockwise: bool) -> None:
        """`seat`'s arrow (a negative seat: the solo opponent's) at `space`, fractions between spaces
        on its way round."""
        scene, layout = self.scene, self.scene.layout
        size = len(scene.shown.ring)
        a = layout.ring_angle(space, size)
        r = layout.ring_radius + 40
        cx, cy = layout.ring_centre[0] + r * math.cos(a), layout.ring_centre[1] + r * math.sin(a)
        tangent = a + (math.pi / 2 if clockwise else -math.pi / 2)
        colour = theme.seat_colour(seat) if seat >= 0 else OPPONENT_GREY
        tip = (cx + math.cos(tangent) * 16, cy + math.sin(tangent) * 16)
        tail = (cx - math.cos(tangent) * 12, cy - math.sin(tangent) * 12)
        pygame.draw.line(surface, EDGE, tail, tip, 11)
        pygame.draw.line(surface, colour, tail, tip, 7)
        draw_arrow(surface, seat, (tip[0] + math.cos(tangent) * 6, tip[1] + math.sin(tangent) * 6), tangent, 18,
                   colour)
        if seat >= 0:
            draw_seat_symbol(surface, seat, (cx - math.cos(tangent) * 14, cy - math.sin(tangent) * 14), 18, colour,
                             theme.BG)
        else:
            lab = scene.text.get("opp", 16, theme.TEXT_DIM, True)
            surface.blit(lab, lab.get_rect(center=(cx, cy + 16)))

    def draw(self, surface: pygame.Surface) -> None:
        scene, layout = self.scene, self.scene.layout
        shown = scene.shown
        size = len(shown.ring)
        centre = layout.ring_centre
        pygame.draw.circle(surface, theme.PANEL, centre, layout.ring_radius + 26)
        pygame.draw.circle(surface, theme.BG, centre, layout.ring_radius - 26)
        pygame.draw.circle(surface, theme.PANEL_EDGE, centre, layout.ring_radius + 26, 2)
        hidden = scene.hidden()
        tsize = layout.ring_tile_size(size)
        actor = scene.actor()
        options = {o.space: o for o in scene.controls.options(actor)} if actor is not None and not scene.busy() else {}
        for space, tile in enumerate(shown.ring):
            x, y = layout.ring_point(space, size)
            if tile < 0 or ("space", space) in hidden:
                pygame.draw.circle(surface, theme.PANEL_HI, (round(x), round(y)), 5)
                continue
            option = options.get(space)
            colour = UTURN_BLUE if option is not None and option.uturn else theme.CHOOSABLE
            if option is not None:
                pygame.draw.circle(surface, colour, (round(x), round(y)), tsize * 2 + 6, 2)
            draw_tile(surface, tile, (x, y), tsize)
            if option is not None:
                badge = f"U{option.k}" if option.uturn else str(option.k)
                bx, by = layout.ring_point(space, size, layout.ring_radius - tsize * 2 - 24)
                pygame.draw.circle(surface, colour, (round(bx), round(by)), 13)
                lab = scene.text.get(badge, 20, EDGE, True)
                surface.blit(lab, lab.get_rect(center=(round(bx), round(by))))
        for arrow, space in enumerate(shown.arrows):
            if ("arrow", arrow) not in hidden:
                self.arrow(surface, arrow if arrow < shown.players else -1, float(space), shown.clockwise[arrow])
        for i, stack in enumerate(STACKS):
            x, y = layout.stack_point(i)
            top = shown.stack_tops[i] if isinstance(shown, RevealedView) else EMPTY
            if top >= 0:                   # everything revealed (a replay): the tile that comes up next
                draw_tile(surface, top, (x, y), 8)
            else:
                cells = STACK_SHAPES[stack]
                for (dx, dy), _ in tile_cells(cells, [SAND] * len(cells), 8):
                    pygame.draw.polygon(surface, STACK_FILL, corners(x + dx, y + dy, 8))
                    pygame.draw.polygon(surface, EDGE, corners(x + dx, y + dy, 8), 1)
            marked = i == shown.marker
            if marked:
                pygame.draw.circle(surface, theme.HIGHLIGHT, (round(x), round(y)), 22, 3)
            count = scene.text.get(str(shown.stack_counts[i]), 18, theme.ACCENT if marked else theme.TEXT, True)
            surface.blit(count, count.get_rect(center=(x, y + 33)))
        lab = scene.text.get("Market", 18, theme.TEXT_DIM)
        surface.blit(lab, lab.get_rect(center=centre))
        self.draw_legend(surface, list(options.values()))

    @staticmethod
    def legend(options: list[Option]) -> list[tuple[str, str, tuple[int, int, int]]]:
        """What the badges offered now mean, line by line: (badge, words, the badge's colour); the
        U-turn's words take two lines so that each stays clear of the ring in the panel's corner."""
        out = []
        back = sorted(o.k for o in options if o.uturn)
        ahead = sorted(o.k for o in options if not o.uturn)
        if back:
            first, _, rest = UTURN.partition(", ")
            out += [(_span("U", back), f"{first},", UTURN_BLUE), ("", rest, UTURN_BLUE)]
        if ahead:
            out.append((_span("", ahead), AHEAD, theme.ACCENT))
        return out

    def legend_boxes(self, lines: list[tuple[str, str, tuple[int, int, int]]]) -> list[pygame.Rect]:
        """Where each legend line is drawn: up from the ring panel's lower left corner, the words of a
        line without a badge under the words above."""
        box, text = self.scene.layout.ring_rect, self.scene.text
        out, indent = [], 0
        for i, (badge, words, _colour) in enumerate(lines):
            if badge:
                indent = text.get(badge, LEGEND, theme.TEXT, True).get_width() + 6
            w = indent + text.get(words, LEGEND, theme.TEXT_DIM).get_width()
            y = box.bottom - 4 - LEGEND_ROW * (len(lines) - i)
            out.append(pygame.Rect(box.x + 4, y, w, LEGEND_ROW))
        return out

    def draw_legend(self, surface: pygame.Surface, options: list[Option]) -> None:
        text = self.scene.text
        lines = self.legend(options)
        indent = 0
        for (badge, words, colour), rect in zip(lines, self.legend_boxes(lines)):
            if badge:
                lab = text.get(badge, LEGEND, colour, True)
                surface.blit(lab, (rect.x, rect.centery - lab.get_height() // 2))
                indent = lab.get_width() + 6
            what = text.get(words, LEGEND, theme.TEXT_DIM)
            surface.blit(what, (rect.x + indent, rect.centery - what.get_height() // 2))


def _span(prefix: str, ks: list[int]) -> str:
    """"1–3", "U1–U2", "U1": the badges shown, as one."""
    first, last = f"{prefix}{ks[0]}", f"{prefix}{ks[-1]}"
    return first if first == last else f"{first}–{last}"
