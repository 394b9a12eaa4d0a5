"""Drawing the Kombo Klash! table from the shown view: the piles, the board's tiles (a Kombo glowing
as it scores), the marks of what the acting player may choose, the counters on the score track, and
the viewer's hand along the bottom.

What an animation draws itself is left out (`hidden`); the marks wait until the table has caught up
with the truth. Each player's focus is drawn over all of it by the game screen (game.ui.play.focus).
"""
from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.kombo_klash.events import Scored
from game.kombo_klash.tables import CENTRE, KICK, REVIVE, SWAMP
from game.kombo_klash.view import RevealedView
from game.ui.toolkit import theme
from game.ui.toolkit.effects import Chain, Glow

from .art import (
    HYPNO,
    KOMBO,
    PICK,
    RING_PAD,
    TARGET,
    count_badge,
    counter_sprite,
    kombo_outline,
    picked_mark,
    ring_mark,
    space_mark,
)
from .controls import HAND_ROW, TURN, hand_key, square_key, square_of

if TYPE_CHECKING:
    from .screen import KomboKlashScene

DIM_KOMBO = theme.CHOOSABLE       # the other Kombos' outline while one is lit
SCORED_KOMBO = theme.SPENT        # a Kombo that waits for the next turn: this turn's is scored
RING = {KICK: TARGET, SWAMP: theme.CHOOSABLE, REVIVE: PICK}
RING_SYMBOL = {KICK: "Kangaroo", SWAMP: "Alligator", REVIVE: "Vulture"}


class BoardPainter:
    def __init__(self, scene: KomboKlashScene) -> None:
        self.scene = scene
        self._outlines: dict[tuple[Any, ...], tuple[pygame.Surface, tuple[int, int]]] = {}

    def clear(self) -> None:
        self._outlines.clear()

    def outline(self, squares: tuple[int, ...], colour: tuple[int, int, int], width: int
                ) -> tuple[pygame.Surface, tuple[int, int]]:
        key = (squares, colour, width)
        cached = self._outlines.get(key)
        if cached is None:
            if len(self._outlines) > 200:
                self._outlines.clear()
            cached = self._outlines[key] = kombo_outline(self.scene.layout, squares, colour, width)
        return cached

    def middle(self, squares: tuple[int, ...]) -> tuple[float, float]:
        return self.scene.presenters.middle(squares)

    # -- the layers ------------------------------------------------------------------------------

    def piles(self, surface: pygame.Surface) -> None:
        scene, layout = self.scene, self.scene.layout
        bank, view = scene.bank, scene.shown
        deck = layout.tile_rect(CENTRE)
        back = bank.back(layout.tile)
        draw = view.draw_count
        top = deck
        for i in range(min(3, (draw + 9) // 10)):     # a thicker pile for more tiles
            top = deck.move(0, 4 - 3 * i)
            surface.blit(back, top)
        badge = bank.cached(("count", draw), lambda: count_badge(scene.text, draw))
        surface.blit(badge, badge.get_rect(center=(top.centerx, top.bottom - 4)))
        d = layout.discard_rect
        small = bank.back(d.w)
        discard = view.discard_count
        for i in range(min(3, (discard + 9) // 10)):
            surface.blit(small, d.move(0, -3 * i))
        badge = bank.cached(("count", discard), lambda: count_badge(scene.text, discard))
        surface.blit(badge, badge.get_rect(center=(d.centerx, d.bottom + 12)))

    def tiles_key(self) -> tuple[object, ...]:
        """What the board's tiles piece of the backdrop shows: the shown board, less what a part
        draws itself."""
        hidden = self.scene.hidden()
        return (self.scene.shown.board, tuple(sq for sq in range(len(self.scene.shown.board))
                                              if square_key(sq) in hidden))

    def paint_tiles(self, surf: pygame.Surface) -> None:
        """The board's tiles, onto the backdrop piece under the board (repainted only when they
        change: a frame then blits none of them)."""
        scene, layout = self.scene, self.scene.layout
        hidden = scene.hidden()
        size = layout.tile
        ox, oy = layout.board_rect.topleft
        for sq, what in enumerate(scene.shown.board):
            if what is None or sq == CENTRE or square_key(sq) in hidden:
                continue
            hides = scene.shown.faces[sq] if what == "?" and isinstance(scene.shown, RevealedView) else None
            tile = scene.bank.back(size) if what == "?" and hides is None else scene.bank.face(hides or what, size)
            at = layout.tile_rect(sq).move(-ox, -oy)
            surf.blit(tile, at)
            if hides is not None:           # face down, its creature shown through: a replay's secret
                veil = pygame.Surface(at.size, pygame.SRCALPHA)
                veil.fill((14, 12, 28, 130))
                surf.blit(veil, at)
                pygame.draw.rect(surf, theme.TEXT_DIM, at, 2, border_radius=6)

    def tiles(self, surface: pygame.Surface, alpha: float) -> None:
        """Over the tiles the backdrop holds: a scored Kombo's glowing outline and its points."""
        scene = self.scene
        anim = scene.anim
        glow = anim.find(Glow) if isinstance(anim, Chain) else None
        event = scene.show.event
        if isinstance(glow, Glow) and isinstance(event, Scored):
            surf, at = self.outline(event.squares, KOMBO, 4 + round(glow.strength(alpha) * 4))
            surface.blit(surf, at)
            tag = scene.bank.sprite(("text", f"+{event.points}", -1), 0)
            surface.blit(tag, tag.get_rect(center=self.middle(event.squares)))

    def marks(self, surface: pygame.Surface) -> None:
        """Kombo outlines, what the acting player may choose, and a faint tile where theirs would
        go (none while the table is still catching up with the truth)."""
        scene = self.scene
        if scene.busy():
            return
        seat = scene.actor()
        self._kombos(surface, seat)
        if seat is None:
            return
        mode = scene.controls.mode(seat)
        if mode == TURN:
            self._places(surface, seat)
        elif mode in RING:
            self._ability(surface, seat, mode)

    def _kombos(self, surface: pygame.Surface, seat: int | None) -> None:
        scene = self.scene
        view = scene.shown
        lit = scene.controls.kombo_on_focus(seat) if seat is not None else None
        for _creature, squares, points in view.kombos:
            if lit is not None and squares == lit.squares:
                continue
            # once this turn's Kombo is scored, the others wait for the next player: none lights up
            colour = SCORED_KOMBO if view.scored else DIM_KOMBO if lit is not None else KOMBO
            surf, at = self.outline(squares, colour, 4)
            surface.blit(surf, at)
            if seat is not None and not view.scored and lit is None:
                tag = scene.bank.sprite(("text", f"+{points}", -1), 0)
                first = scene.layout.cell_rect(squares[0])
                surface.blit(tag, tag.get_rect(center=(first.right - 10, first.y + 4)))
        if lit is not None:
            surf, at = self.outline(lit.squares, KOMBO, 8)
            surface.blit(surf, at)
            tag = scene.bank.sprite(("text", f"+{lit.points}", -1), 0)
            surface.blit(tag, tag.get_rect(center=self.middle(lit.squares)))

    def _places(self, surface: pygame.Surface, seat: int) -> None:
        scene, layout, controls = self.scene, self.scene.layout, self.scene.controls
        creature = controls.picked_creature(seat)
        if creature is None:
            return
        bank, cell = scene.bank, layout.cell
        choices = controls.choices(seat)
        mark = bank.cached(("space", cell), lambda: space_mark(cell))
        hypno = bank.cached(("hypno", cell), lambda: ring_mark(cell, HYPNO, "Snake"))
        targets = choices.targets(creature)
        for sq in targets:
            if scene.view.board[sq] is None:
                surface.blit(mark, layout.cell_rect(sq))
            else:
                surface.blit(hypno, layout.cell_rect(sq).move(-RING_PAD, -RING_PAD))
        at = controls.asking.get(seat, square_of(scene.input.of(seat).key))
        if at is not None and at in targets:
            surface.blit(bank.ghost(creature, layout.tile), layout.tile_rect(at))

    def _ability(self, surface: pygame.Surface, seat: int, mode: str) -> None:
        scene, layout, controls = self.scene, self.scene.layout, self.scene.controls
        bank, cell = scene.bank, layout.cell
        choices = controls.choices(seat)
        ring = bank.cached(("ring", mode, cell), lambda: ring_mark(cell, RING[mode], RING_SYMBOL[mode]))
        space = bank.cached(("space", cell), lambda: space_mark(cell))
        chosen = bank.cached(("picked", cell), lambda: picked_mark(cell, theme.HIGHLIGHT))
        src = controls.kick_from.get(seat)
        if mode == KICK:
            targets = sorted(choices.kicks) if src is None else choices.kicks[src]
        else:
            targets = choices.swamp if mode == SWAMP else choices.revive
        for sq in targets:
            if src is not None:
                surface.blit(space, layout.cell_rect(sq))
            else:
                surface.blit(ring, layout.cell_rect(sq).move(-RING_PAD, -RING_PAD))
        for sq in ([src] if src is not None else []) + list(controls.marked.get(seat, ())):
            surface.blit(chosen, layout.cell_rect(sq))
        pending = scene.view.pending
        if pending is not None:
            own = bank.cached(("picked", "own", cell), lambda: picked_mark(cell, theme.CHOOSABLE))
            surface.blit(own, layout.cell_rect(pending.square))

    def counters(self, surface: pygame.Surface, alpha: float) -> None:
        scene = self.scene
        track = scene.track
        spots: dict[int, list[int]] = {}
        positions: list[tuple[int, float]] = []
        for seat in range(scene.players):
            walk = scene.walks.get(seat)
            value = walk.value(alpha) if walk is not None else scene.shown.scores[seat]
            assert not isinstance(value, tuple)         # a score, not a position
            score = float(value)
            positions.append((seat, score))
            spots.setdefault(round(min(score, track.target)), []).append(seat)
        for seat, score in positions:
            group = spots[round(min(score, track.target))]
            (x, y), (dx, dy) = track.point(score)
            shift = (group.index(seat) - (len(group) - 1) / 2) * 11
            sprite = scene.bank.cached(("counter", seat, theme.seat_colour(seat)), partial(counter_sprite, seat))
            surface.blit(sprite, sprite.get_rect(center=(round(x + dx * shift), round(y + dy * shift))))

    def hand(self, surface: pygame.Surface) -> None:
        scene, layout = self.scene, self.scene.layout
        hidden = scene.hidden()
        if HAND_ROW in hidden:
            return
        seat, hand = scene.shown_hand()
        if seat is None:                 # nobody's tiles may be seen: the hand to play, face down
            turn = scene.shown.turn
            count = scene.shown.hand_counts[turn] if turn >= 0 else 0
            back = scene.bank.back(layout.hand_tile)
            for i in range(count):
                surface.blit(back, layout.hand_slot(i, count))
            return
        if not hand:
            area = layout.hand_area
            lab = scene.text.get("No tiles in hand", 24, theme.TEXT_DIM)
            surface.blit(lab, lab.get_rect(center=(area.centerx, area.centery - 10)))
            return
        controls = scene.controls
        settled = not scene.busy()
        actor = scene.actor()
        choices = controls.choices(actor) if actor is not None and controls.mode(actor) == TURN and settled else None
        picked = controls.picked.get(actor, -1) if actor is not None and settled else -1
        size = layout.hand_tile
        for i, creature in enumerate(hand):
            if hand_key(i) in hidden:
                continue
            rect = scene.hand_slot(scene.shown, i, hand).move(0, -14 if i == picked else 0)
            playable = choices is None or choices.playable(creature)
            surface.blit(scene.bank.face(creature, size) if playable else scene.bank.ghost(creature, size), rect)
            if i == picked:
                mark = scene.bank.cached(("picked", "hand", size), lambda: picked_mark(size, theme.HIGHLIGHT))
                surface.blit(mark, rect)
