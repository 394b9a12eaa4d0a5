"""Drawing the countries from the shown view: the one of the player to move large, the others small on
the right, each with its score as it stands.

On the large one, for the player to act: while a ring tile is focused, every hex that tile could
cover (its fit); while laying or building, a dot on each hex the tile's first cell may go on as it is
turned now, and the ghost of the tile on the focused hex (green: it goes there, with what it adds to
the score; red: it does not, the hexes it clashes on crossed out). A glow lights the hexes a tile is
being laid on. The country is fitted below its title line, and nothing of it or of the ghost is
drawn outside its panel.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.effects import Chain, Glow
from game.ui.toolkit.seat_marks import draw_seat_symbol

from ..view import BUILD, MOVE
from .hex_draw import EDGE, blit_hex, corners, ghost_hexes, outline_hexes
from .layout import build_area

if TYPE_CHECKING:
    from .screen import CombiNationsScene


class LandsPainter:
    def __init__(self, scene: CombiNationsScene) -> None:
        self.scene = scene

    def big(self, surface: pygame.Surface, alpha: float) -> None:
        scene = self.scene
        rect = scene.layout.country_rect
        seat = scene.big_seat(scene.shown)
        pygame.draw.rect(surface, theme.PANEL, rect, border_radius=theme.RADIUS)
        pygame.draw.rect(surface, theme.seat_colour(seat), rect, 2, border_radius=theme.RADIUS)
        view = scene.country_view(seat, scene.shown)
        entries = scene.shown.countries[seat]
        if scene.shown.phase == BUILD:
            cells = {(q, r) for q, r, _c, _t in entries}
            for h in build_area(cells) - cells:
                cx, cy = view.centre(h)
                pygame.draw.polygon(surface, theme.PANEL_HI, corners(cx, cy, view.size - 1), 1)
        for q, r, content, _tile in entries:
            blit_hex(surface, content, view.centre((q, r)), view.size)
        anim = scene.anim
        glow = anim.find(Glow) if isinstance(anim, Chain) else None
        if isinstance(glow, Glow):
            level = glow.strength(alpha)
            for h, content in glow.places:
                blit_hex(surface, content, view.centre(h), view.size)
            outline_hexes(surface, [view.centre(h) for h, _ in glow.places], view.size,
                          theme.mix(theme.HIGHLIGHT, theme.TEXT, 1 - level), 2 + round(3 * level))
        label = scene.text.get(f"{scene.seat_name(seat)}'s country · {scene.shown_scores()[seat]} VP", 24,
                               theme.seat_text(seat), True)
        surface.blit(label, (rect.x + 12, rect.y + 8))
        if seat == scene.actor() and not scene.busy():
            self._aims(surface, seat)

    def _aims(self, surface: pygame.Surface, seat: int) -> None:
        scene = self.scene
        controls = scene.controls
        view = scene.country_view(seat, scene.shown)
        if scene.shown.phase == MOVE:
            option = controls.focused_option(seat)
            if option is not None:
                tile = scene.view.ring[option.space]
                outline_hexes(surface, [view.centre(h) for h in controls.fit_hexes(seat, tile)], view.size - 3,
                              theme.GOOD, 3)
            return
        for h in controls.spots(seat):
            cx, cy = view.centre(h)
            pygame.draw.circle(surface, theme.GOOD, (round(cx), round(cy)), max(2, view.size // 7))
            pygame.draw.circle(surface, EDGE, (round(cx), round(cy)), max(2, view.size // 7), 1)
        ghost = controls.ghost(seat)
        if ghost is None:
            return
        clip = surface.get_clip()
        surface.set_clip(scene.layout.country_area.clip(clip))    # an aim at the edge hangs no hex out
        ghost_hexes(surface, [(view.centre(h), c) for h, c in ghost.cells], view.size, ghost.fits,
                    [view.centre(h) for h in ghost.clashes])
        surface.set_clip(clip)
        gain = controls.preview(seat)
        if gain is None:
            return
        top = min((view.centre(h) for h, _ in ghost.cells), key=lambda p: p[1])
        tag = scene.text.get(f"{gain:+d}", 30, theme.TEXT, True)
        box = tag.get_rect(center=(round(top[0]), round(top[1] - view.size - 14))).inflate(12, 4)
        box = box.clamp(scene.layout.country_area)      # never over the country's title
        pygame.draw.rect(surface, EDGE, box, border_radius=8)
        pygame.draw.rect(surface, theme.GOOD, box, 2, border_radius=8)
        surface.blit(tag, tag.get_rect(center=box.center))

    def others(self, surface: pygame.Surface) -> None:
        scene = self.scene
        shown = scene.shown
        big = scene.big_seat(shown)
        others = [s for s in range(shown.players) if s != big]
        scores = scene.shown_scores()
        for i, seat in enumerate(others):
            rect = scene.layout.side_card(i, len(others))
            colour = theme.seat_colour(seat)
            pygame.draw.rect(surface, theme.PANEL, rect, border_radius=theme.RADIUS)
            pygame.draw.rect(surface, colour, rect, 2, border_radius=theme.RADIUS)
            draw_seat_symbol(surface, seat, (rect.x + 16, rect.y + 16), 18, colour, theme.BG)
            who = f"{scene.seat_name(seat)}{' (Bot)' if scene.is_bot(seat) else ''}"
            name = scene.text.get(who, 22, theme.seat_text(seat), True)
            surface.blit(name, (rect.x + 30, rect.y + 16 - name.get_height() // 2))
            pts = scene.text.get(f"{scores[seat]} VP", 22, theme.TEXT, True)
            surface.blit(pts, (rect.right - 10 - pts.get_width(), rect.y + 16 - pts.get_height() // 2))
            entries = shown.countries[seat]
            view = scene.side_view(i, len(others), entries)
            for q, r, content, _tile in entries:
                blit_hex(surface, content, view.centre((q, r)), view.size)
