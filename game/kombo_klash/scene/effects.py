"""Kombo Klash!'s one effect of its own: tiles at rest while another part runs over them.

The flights, flips, pops, glows and chains are the toolkit's (game.ui.toolkit.effects). An event is
folded into the shown view only when its whole animation ends, so a part late in a chain must draw
what the earlier parts left: a scored Kombo's backs while its "+N" flies to the score, a hand laid
out anew while a drawn tile flies into its gap. `Resting` draws those tiles where they now lie, then
the part it wraps; it hides what that part hides and the places of the tiles it draws.
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

import pygame

from game.ui.toolkit.effects import Part, Point, SpriteKey, Sprites


@dataclass
class Resting(Part):
    inner: Part = field(default_factory=lambda: Part(0.0))
    tiles: tuple[tuple[SpriteKey, Point], ...] = ()
    size: int = 80

    def update(self, dt: float) -> bool:
        self.inner.update(dt)
        return super().update(dt)

    def skip(self) -> None:
        self.inner.skip()
        super().skip()

    def draw(self, surface: pygame.Surface, alpha: float, sprites: Sprites) -> None:
        for key, (x, y) in self.tiles:
            sprite = sprites.sprite(key, self.size)
            surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))
        self.inner.draw(surface, alpha, sprites)


def resting(part: Part, tiles: Iterable[tuple[SpriteKey, Point]], size: int,
            places: Iterable[Hashable] = ()) -> Resting:
    """`part` drawn over `tiles`, hiding what it hides and `places` (where the tiles lie)."""
    return Resting(part.duration, hides=part.hides | frozenset(places), inner=part, tiles=tuple(tiles), size=size)
