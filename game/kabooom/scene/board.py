"""Drawing the Kabooom! board from the shown view: the last move's marks, the counters and towers,
a flying tower, the squares a picked tower may take, and the counter a player is about to place.

The marks differ by shape, not only colour, and use no seat's colour: the last move is a dashed
outline with an arrow from where it started to where it landed, the picked tower has a thick solid
frame, the squares it may take are circled (a Dynamite's in orange, with the blast icon). Each
player's focus is drawn over all of it by the game screen (game.ui.play.focus).
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.kabooom.rules import PLACE, Stack
from game.ui.toolkit import theme

from .art import BLAST, MARK, TARGET, badge, dashed_frame, move_arrow, rounded_overlay, target_ring

if TYPE_CHECKING:
    from .screen import KabooomScene

Offset = tuple[int, int]


class BoardPainter:
    def __init__(self, scene: KabooomScene) -> None:
        self.scene = scene
        self._sprites: dict[Any, pygame.Surface] = {}
        self._arrows: dict[tuple[int, int], tuple[pygame.Surface, tuple[int, int]]] = {}

    def clear(self) -> None:
        self._sprites.clear()
        self._arrows.clear()

    def sprite(self, key: Any, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._sprites.get(key)
        if surf is None:
            surf = self._sprites[key] = make()
        return surf

    # -- one stack of counters -------------------------------------------------------------------

    def stack(self, surface: pygame.Surface, stack: Stack, centre: tuple[float, float],
              cell: pygame.Rect | None) -> None:
        layout, art = self.scene.layout, self.scene.art
        visible = stack[-3:]
        n = len(visible)
        r = layout.counter / 2
        for i, (owner, symbol) in enumerate(visible):
            lift = (n - 1 - i) * layout.stack_step - (n - 1) * layout.stack_step / 2
            surface.blit(art.counter(owner, symbol), (centre[0] - r, centre[1] - r + lift))
        if len(stack) >= 2 and cell is not None:
            self.badge(surface, len(stack), cell)

    def badge(self, surface: pygame.Surface, height: int, cell: pygame.Rect) -> None:
        """A tower's height, in its cell's bottom right corner."""
        b = self.sprite(("badge", height), lambda: badge(self.scene.text, height))
        surface.blit(b, b.get_rect(bottomright=(cell.right - 2, cell.bottom - 2)))

    def stack_sprite(self, stack: Stack) -> pygame.Surface:
        """A stack on a cell-sized surface of its own, for flights."""
        def make() -> pygame.Surface:
            cell = self.scene.layout.cell
            surf = pygame.Surface((cell, cell), pygame.SRCALPHA)
            rect = surf.get_rect()
            self.stack(surf, stack, rect.center, rect)
            return surf
        return self.sprite(("stack", stack), make)

    # -- the layers ------------------------------------------------------------------------------

    def marks(self, surface: pygame.Surface, off: Offset) -> None:
        """Under the pieces: the last move's dashed outlines and the picked towers' solid frames."""
        scene, layout = self.scene, self.scene.layout
        size = (layout.cell, layout.cell)
        last = scene.last_move()
        if last is not None:
            mark = self.sprite("last", lambda: dashed_frame(layout.cell, MARK))
            for sq in last:
                surface.blit(mark, layout.cell_rect(sq).move(off))
        for _, square in scene.controls.picks():
            sel = self.sprite("selected", lambda: rounded_overlay(size, theme.HIGHLIGHT, 50, 7))
            surface.blit(sel, layout.cell_rect(square).move(off))

    def pieces(self, surface: pygame.Surface, off: Offset) -> None:
        scene, layout = self.scene, self.scene.layout
        hidden = scene.hidden()
        for sq, stack in enumerate(scene.shown.board):
            if not stack or sq in hidden:
                continue
            cell = layout.cell_rect(sq).move(off)
            self.stack(surface, stack, cell.center, cell)
        if scene.shown.phase == PLACE and not scene.busy():
            self.ghosts(surface, off)

    def targets(self, surface: pygame.Surface, off: Offset) -> None:
        """Over the pieces: the last move's arrow, and a ring round each square a picked tower may
        take (a Dynamite's in orange, with the blast icon)."""
        scene, layout = self.scene, self.scene.layout
        last = scene.last_move()
        if last is not None:
            src, dst = last
            arrow = self._arrows.get((src, dst))
            if arrow is None:
                arrow = self._arrows[(src, dst)] = move_arrow(layout.centre(src), layout.centre(dst), MARK)
            surface.blit(arrow[0], (arrow[1][0] + off[0], arrow[1][1] + off[1]))
            # the arrow over the pieces, the heights over the arrow: a tower's height always reads
            hidden = scene.hidden()
            for sq, stack in enumerate(scene.shown.board):
                if stack and len(stack) >= 2 and sq not in hidden:
                    self.badge(surface, len(stack), layout.cell_rect(sq).move(off))
        size = (layout.cell, layout.cell)
        board = scene.view.board
        for seat, square in scene.controls.picks():
            stack = board[square]
            dynamite = stack is not None and stack[-1][1] == "D"
            colour = BLAST if dynamite else TARGET
            fill = self.sprite(("target fill", colour), partial(rounded_overlay, size, colour, 40, 0))
            ring = self.sprite(("target", colour), partial(target_ring, layout.cell, colour))
            for sq in scene.controls.moves_from(seat, square):
                cell = layout.cell_rect(sq).move(off)
                surface.blit(fill, cell)
                surface.blit(ring, cell)
                if dynamite:
                    icon = scene.art.glyph("boom", 32)
                    surface.blit(icon, icon.get_rect(topright=(cell.right - 1, cell.y + 1)))

    def ghosts(self, surface: pygame.Surface, off: Offset) -> None:
        """The counter about to be placed, faint, on the focused empty square of the seat to act."""
        scene = self.scene
        seat = scene.view.turn
        if seat < 0 or seat not in scene.human_seats():
            return
        square = scene.focused_square(seat)
        symbol = scene.controls.symbol_for(seat)
        if square is None or symbol is None or scene.shown.board[square] is not None:
            return

        def make() -> pygame.Surface:
            ghost = scene.art.counter(seat, symbol).copy()
            ghost.set_alpha(120)
            return ghost
        ghost = self.sprite(("ghost", seat, symbol), make)
        cx, cy = scene.layout.cell_rect(square).move(off).center
        r = scene.layout.counter / 2
        surface.blit(ghost, (cx - r, cy - r))
