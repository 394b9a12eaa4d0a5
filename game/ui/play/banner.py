"""A big centred caption over a game's board (a phase change, the winner) that pops in and fades."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.text import TextCache, fit, text_fitting
from game.ui.toolkit.tween import back_out


@dataclass
class Banner:
    text: str
    colour: tuple[int, int, int]
    duration: float = 1.4
    age: float = 0.0
    hold: bool = False   # stays until replaced (game over)

    def update(self, dt: float) -> bool:
        self.age += dt
        return self.hold or self.age < self.duration

    def scale(self) -> float:
        return float(back_out(min(self.age / 0.3, 1.0)))

    @property
    def opacity(self) -> int:
        if self.hold:
            return 255
        return int(255 * min(1.0, max(0.0, (self.duration - self.age) / 0.35)))


def banner_surface(text: TextCache, message: str, colour: tuple[int, int, int]) -> pygame.Surface:
    """The banner: its words in `colour` made light enough to read on its dark ground in every colour
    vision (theme.readable), its frame in `colour` itself."""
    label = text_fitting(text, message, 84, 760, theme.readable(colour), True)
    shadow = text_fitting(text, message, 84, 760, (0, 0, 0), True)
    w, h = label.get_width() + 80, label.get_height() + 40
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(surf, (14, 12, 24, 215), surf.get_rect(), border_radius=28)
    pygame.draw.rect(surf, colour, surf.get_rect(), 4, border_radius=28)
    surf.blit(shadow, shadow.get_rect(center=(w / 2 + 3, h / 2 + 4)))
    surf.blit(label, label.get_rect(center=(w / 2, h / 2)))
    return fit(surf)


class BannerPainter:
    """Draws the banner showing now: its sprite made once per text and colour, and a handful of
    sizes during the pop-in, each scaled once."""

    def __init__(self, text: TextCache) -> None:
        self.text = text
        self._sprites: dict[tuple[object, ...], pygame.Surface] = {}

    def draw(self, surface: pygame.Surface, banner: Banner, centre: tuple[int, int]) -> None:
        sprites = self._sprites
        if len(sprites) > 40:
            sprites.clear()
        surf = sprites.get((banner.text, banner.colour))
        if surf is None:
            surf = sprites[(banner.text, banner.colour)] = banner_surface(self.text, banner.text, banner.colour)
        scale = round(banner.scale() * 10) / 10
        if scale != 1.0:
            key = (banner.text, banner.colour, scale)
            scaled = sprites.get(key)
            if scaled is None:
                w, h = surf.get_size()
                # plain scaling: these frames last a tenth of a second; smoothscale cost several ms each
                scaled = sprites[key] = pygame.transform.scale(surf, (max(1, int(w * scale)), max(1, int(h * scale))))
            surf = scaled
        surf.set_alpha(banner.opacity)       # the cached surface's own alpha, set again every frame
        surface.blit(surf, surf.get_rect(center=centre))
