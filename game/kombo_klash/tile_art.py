"""Kombo Klash! tile art: face-up tiles, the tile back and preview ghosts, made once per size and
cached, so a frame only blits (the 2 ms budget).

A creature never rests on colour alone. Each face carries, from strongest cue to weakest:

* the creature's picture, large in the middle (Noto Color Emoji, pre-rendered by
  tools/render_glyphs.py into game/assets/glyphs/kk_*.png, so the game never loads the 10 MB font);
* the score badge's shape, top left, one per creature (circle, triangle, square, diamond, pentagon,
  hexagon, star; a dashed ring for the Chameleon, which has no score of its own and shows "≈");
* the ability symbol, top right, drawn in code (game.kombo_klash.ability_symbols, shared with the
  scene's prompts and the rules screen);
* the name along the bottom, where the tile is big enough to read it (80 px and more);
* the background: a tint per creature whose lightness differs as well as its hue (the tints were
  picked to stay apart under protanopia and deuteranopia), and diagonal stripes for the Chameleon.

Shapes are drawn SUPER times larger and scaled down (smooth edges without per-shape antialiasing);
text is rendered at the final size so it stays crisp.
"""
from __future__ import annotations

import logging
import math
from pathlib import Path

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.text import fit

from .ability_symbols import SUPER, Colour, Point, ability_symbol
from .tables import CREATURES, TABLE

log = logging.getLogger(__name__)

# By name, from the game's table: the Chameleon has no score of its own (its badge shows "≈").
SCORES: dict[str, int | None] = {c.name: c.score if c.name != "Chameleon" else None for c in TABLE.creatures}
ABILITY_NAMES: dict[str, str] = {c.name: c.ability for c in TABLE.creatures}
# The score badge's outline. The sides grow with the score from the triangle (2) to the hexagon (6),
# so the shape hints at the number even before it is read.
BADGE_SHAPES: dict[str, str] = {"Wolf": "circle", "Alligator": "triangle", "Gorilla": "square",
                                "Kangaroo": "diamond", "Snake": "pentagon", "Vulture": "hexagon",
                                "Raven": "star", "Chameleon": "ring"}
# Background tints. They differ in lightness as well as hue: a protanope or a deuteranope sees hues
# collapse towards a blue-yellow axis, and lightness is what keeps them apart. Every pair stays at
# least CIEDE2000 18 apart in normal vision and in Machado et al.'s protanopia and deuteranopia
# simulations (13 in tritanopia), found by a small search around hand-picked starting colours. Dark
# pictures (Raven, Gorilla) get light tints; the Chameleon's stripes are a pattern, so they hold
# whatever the eye makes of their colours.
TINTS: dict[str, tuple[int, int, int]] = {
    "Wolf": (96, 175, 254),        # sky blue, mid
    "Alligator": (252, 208, 115),  # sand yellow, light
    "Gorilla": (209, 147, 137),    # dusty salmon, mid
    "Kangaroo": (156, 240, 255),   # ice blue, light
    "Snake": (158, 96, 112),       # dusty rose, dark
    "Vulture": (48, 117, 184),     # steel blue, dark
    "Raven": (232, 247, 224),      # pearl, lightest
    "Chameleon": (186, 232, 196),  # mint, under pastel rainbow stripes
}
CHAMELEON_STRIPES: tuple[tuple[int, int, int], ...] = (
    (250, 190, 190), (250, 226, 160), (196, 236, 170), (168, 222, 240), (206, 190, 246))

GLYPH_DIR = Path(__file__).resolve().parent.parent / "assets" / "glyphs"

INK = (22, 19, 34)               # badge fill, symbol ink on the light plate
PAPER = (250, 247, 238)          # badge rim and number, the ability plate
BACK_BASE = (52, 40, 92)
BACK_LINE = (78, 64, 132)
BACK_GOLD = theme.ACCENT


def _shade(colour: Colour, factor: float) -> tuple[int, int, int]:
    return (max(0, min(255, int(colour[0] * factor))), max(0, min(255, int(colour[1] * factor))),
            max(0, min(255, int(colour[2] * factor))))


def _polygon(sides: int, cx: float, cy: float, r: float, turn: float = 0.0) -> list[Point]:
    """A regular polygon with a vertex straight up (rotated by `turn` radians)."""
    return [(cx + r * math.cos(-math.pi / 2 + turn + k * math.tau / sides),
             cy + r * math.sin(-math.pi / 2 + turn + k * math.tau / sides)) for k in range(sides)]


def badge_outline(shape: str, cx: float, cy: float, size: float) -> list[Point]:
    """The badge polygon `size` across (not for "circle" or "ring"). Sized so every badge looks about
    as heavy as the circle and still has room for a digit: the triangle and star reach further."""
    h = size / 2
    if shape == "triangle":
        # the centroid sits below the box centre so the digit, drawn lower, has the wide part
        return _polygon(3, cx, cy + h * 0.2, h * 1.3)
    if shape == "square":
        s = h * 0.86
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "diamond":
        return [(cx, cy - h * 1.14), (cx + h * 1.06, cy), (cx, cy + h * 1.14), (cx - h * 1.06, cy)]
    if shape == "pentagon":
        return _polygon(5, cx, cy + h * 0.06, h * 1.02)
    if shape == "hexagon":
        return _polygon(6, cx, cy, h * 1.0, math.pi / 6)
    if shape == "star":
        points = []
        for k in range(10):
            r = h * 1.24 if k % 2 == 0 else h * 0.74
            a = -math.pi / 2 + k * math.pi / 5
            points.append((cx + r * math.cos(a), cy + h * 0.08 + r * math.sin(a)))
        return points
    raise ValueError(f"no such badge shape: {shape!r}")


# --- tiles -----------------------------------------------------------------------------------------

def _fallback_picture(creature: str, fonts: theme.Fonts, size: int) -> pygame.Surface:
    """The creature's initial on a disc, for a broken install without the glyph PNGs."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(surf, INK, (size / 2, size / 2), size / 2)
    label = fonts.render(creature[0], round(size * 0.7 / theme.FONT_SCALE), PAPER, True)
    surf.blit(label, label.get_rect(center=(size / 2, size / 2)))
    return surf


def load_pictures(fonts: theme.Fonts, directory: Path = GLYPH_DIR) -> dict[str, pygame.Surface]:
    pictures = {}
    for creature in CREATURES:
        path = directory / f"kk_{creature.lower()}.png"
        try:
            pictures[creature] = pygame.image.load(str(path))
        except (pygame.error, FileNotFoundError, OSError):
            log.warning("tile picture %s is missing; drawing an initial instead", path)
            pictures[creature] = _fallback_picture(creature, fonts, 96)
    return pictures


class TileArt:
    """Tile sprites for one tile size (pixels, square). `face`, `back` and `ghost` build on first use
    and return the same surface afterwards: blit them, never draw on them."""

    GHOST_ALPHA = 140

    def __init__(self, size: int, fonts: theme.Fonts | None = None) -> None:
        self.size = size
        self.fonts = fonts or theme.Fonts()
        self._pictures: dict[str, pygame.Surface] | None = None
        self._faces: dict[str, pygame.Surface] = {}
        self._ghosts: dict[str, pygame.Surface] = {}
        self._back: pygame.Surface | None = None

    # -- public -------------------------------------------------------------------------------------

    def face(self, creature: str) -> pygame.Surface:
        surf = self._faces.get(creature)
        if surf is None:
            surf = self._faces[creature] = fit(self._make_face(creature))
        return surf

    def back(self) -> pygame.Surface:
        if self._back is None:
            self._back = fit(self._make_back())
        return self._back

    def ghost(self, creature: str) -> pygame.Surface:
        surf = self._ghosts.get(creature)
        if surf is None:
            surf = self._make_face(creature)
            # per-pixel alpha scaled down: set_alpha on an SRCALPHA surface is not honoured by every
            # blit path, a multiplied alpha channel is
            surf.fill((255, 255, 255, self.GHOST_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
            surf = self._ghosts[creature] = fit(surf)
        return surf

    # -- geometry -----------------------------------------------------------------------------------

    @property
    def named(self) -> bool:
        """Whether the name fits along the bottom (below 80 px it would be too small to read)."""
        return self.size >= 80

    def _lip(self) -> int:
        # the tile's thickness, seen as a darker strip along the bottom edge
        return max(2, round(self.size * 0.05))

    def _radius(self) -> float:
        return self.size * 0.14

    # -- drawing ------------------------------------------------------------------------------------

    def _body(self, big: pygame.Surface, top: Colour, edge: Colour) -> pygame.Rect:
        """The tile's slab: shadowed lip, dark outline, and the face rect (returned, in big pixels)."""
        k = SUPER
        S = big.get_width()
        lip = self._lip() * k
        r = round(self._radius() * k)
        pygame.draw.rect(big, _shade(edge, 0.55), pygame.Rect(0, lip, S, S - lip), border_radius=r)
        pygame.draw.rect(big, edge, pygame.Rect(0, 0, S, S - lip), border_radius=r)
        border = max(k, round(self.size * 0.035 * k))
        face = pygame.Rect(border, border, S - 2 * border, S - lip - 2 * border)
        pygame.draw.rect(big, top, face, border_radius=max(1, r - border))
        return face

    def _make_face(self, creature: str) -> pygame.Surface:
        s, k = self.size, SUPER
        S = s * k
        tint = TINTS[creature]
        big = pygame.Surface((S, S), pygame.SRCALPHA)
        face = self._body(big, tint, _shade(tint, 0.42))
        inner_r = max(1, round(self._radius() * k) - face.x)
        if creature == "Chameleon":
            self._stripes(big, face, inner_r)
        # a pool of light behind the picture: dark pictures on the darker tints keep their outline
        pic_size, pic_centre = self._picture_box()
        glow = pygame.Surface((S, S), pygame.SRCALPHA)
        pygame.draw.circle(glow, (255, 255, 255, 80), (pic_centre[0] * k, pic_centre[1] * k), pic_size * 0.55 * k)
        big.blit(glow, (0, 0))
        pygame.draw.rect(big, _shade(tint, 1.18), face, max(1, round(s * 0.018 * k)), border_radius=inner_r)
        if self.named:
            band = self._name_band()
            pygame.draw.rect(big, INK, pygame.Rect(band.x * k, band.y * k, band.w * k, band.h * k),
                             border_radius=round(band.h * 0.5 * k))
        surf = pygame.transform.smoothscale(big, (s, s))
        # the picture is scaled once from its PNG and the text rendered at the final size (crisp);
        # the badge and the plate go over the picture, whose corners they may overlap
        picture = self._picture(creature, pic_size)
        surf.blit(picture, picture.get_rect(center=pic_centre))
        over = pygame.Surface((S, S), pygame.SRCALPHA)
        badge_size = self._badge_size()
        bc = self._badge_centre()
        self._draw_badge(over, creature, (bc[0] * k, bc[1] * k), badge_size * k)
        plate = self._plate_rect()
        big_plate = pygame.Rect(plate.x * k, plate.y * k, plate.w * k, plate.h * k)
        pygame.draw.rect(over, (0, 0, 0, 90), big_plate.move(0, max(k, round(s * 0.012 * k))),
                         border_radius=round(plate.w * 0.3 * k))
        pygame.draw.rect(over, INK, big_plate, border_radius=round(plate.w * 0.3 * k))
        rim = max(k, round(s * 0.018 * k))
        pygame.draw.rect(over, PAPER, big_plate.inflate(-2 * rim, -2 * rim), border_radius=round(plate.w * 0.3 * k) - rim)
        surf.blit(pygame.transform.smoothscale(over, (s, s)), (0, 0))
        self._draw_score(surf, creature, bc, badge_size)
        inset = round(plate.w * (0.16 if s >= 64 else 0.1))
        symbol = ability_symbol(creature, plate.w - 2 * inset, INK)
        surf.blit(symbol, symbol.get_rect(center=plate.center))
        if self.named:
            band = self._name_band()
            label = self._fitted_text(creature.upper(), band.h * 0.6, band.w - band.h * 0.6, PAPER)
            surf.blit(label, label.get_rect(center=(band.centerx, band.centery + 0.5)))
        return surf

    def _stripes(self, big: pygame.Surface, face: pygame.Rect, radius: int) -> None:
        """Diagonal pastel stripes clipped to the rounded face: the Chameleon is every colour at once."""
        layer = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        band = face.w / 6
        n = len(CHAMELEON_STRIPES)
        for i in range(-8, 16):
            x = face.x + i * band
            colour = CHAMELEON_STRIPES[i % n]
            pygame.draw.polygon(layer, colour, [(x, face.bottom), (x + band, face.bottom),
                                                (x + band + face.h, face.top), (x + face.h, face.top)])
        mask = pygame.Surface(big.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), face, border_radius=radius)
        layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        big.blit(layer, (0, 0))

    def _badge_size(self) -> float:
        return self.size * (0.32 if self.size >= 64 else 0.4)

    def _badge_centre(self) -> Point:
        b = self._badge_size()
        m = self.size * 0.05
        return (m + b / 2 + self.size * 0.01, m + b / 2 + self.size * 0.01)

    def _plate_rect(self) -> pygame.Rect:
        side = round(self.size * (0.29 if self.size >= 64 else 0.38))
        m = round(self.size * 0.07)
        return pygame.Rect(self.size - m - side, m, side, side)

    def _name_band(self) -> pygame.Rect:
        s = self.size
        h = round(s * 0.17)
        lip = self._lip()
        return pygame.Rect(round(s * 0.1), s - lip - round(s * 0.05) - h, round(s * 0.8), h)

    def _picture_box(self) -> tuple[int, tuple[float, float]]:
        """The picture's side and centre: as large as the badges and the name band leave room for."""
        s = self.size
        if self.named:
            return round(s * 0.6), (s * 0.5, s * 0.49)
        return round(s * 0.64), (s * 0.5, s * 0.57)

    def _picture(self, creature: str, side: int) -> pygame.Surface:
        if self._pictures is None:
            self._pictures = load_pictures(self.fonts)
        return pygame.transform.smoothscale(self._pictures[creature].convert_alpha()
                                            if pygame.display.get_surface() else self._pictures[creature],
                                            (side, side))

    def _draw_badge(self, big: pygame.Surface, creature: str, centre: Point, size: float) -> None:
        shape = BADGE_SHAPES[creature]
        rim = max(SUPER, round(self.size * 0.022 * SUPER))
        shadow_dy = max(SUPER, round(self.size * 0.012 * SUPER))
        cx, cy = centre
        if shape == "circle":
            r = size / 2
            pygame.draw.circle(big, (0, 0, 0, 90), (cx, cy + shadow_dy), r)
            pygame.draw.circle(big, PAPER, (cx, cy), r)
            pygame.draw.circle(big, INK, (cx, cy), r - rim * 1.2)
            return
        if shape == "ring":
            # a dashed rim inside the dark disc: the Chameleon's badge has no fixed outline, as it has
            # no score of its own (dashes on the dark disc, so they show on the pastel stripes too)
            r = size / 2 * 1.04
            pygame.draw.circle(big, (0, 0, 0, 90), (cx, cy + shadow_dy), r)
            pygame.draw.circle(big, INK, (cx, cy), r)
            outer_r, inner_r = r - rim * 0.5, r - rim * 1.8
            dashes = 8
            for d in range(dashes):
                a0 = (d - 0.3) * math.tau / dashes - math.pi / 2
                arc = [a0 + t * math.tau / dashes * 0.6 / 6 for t in range(7)]
                pygame.draw.polygon(big, PAPER, [(cx + outer_r * math.cos(a), cy + outer_r * math.sin(a)) for a in arc]
                                    + [(cx + inner_r * math.cos(a), cy + inner_r * math.sin(a)) for a in reversed(arc)])
            return
        points = badge_outline(shape, cx, cy, size)
        pygame.draw.polygon(big, (0, 0, 0, 90), [(x, y + shadow_dy) for x, y in points])
        pygame.draw.polygon(big, PAPER, points)
        pygame.draw.polygon(big, INK, _inset(points, rim * 1.2, shape))

    def _draw_score(self, surf: pygame.Surface, creature: str, centre: Point, size: float) -> None:
        score = SCORES[creature]
        text = "≈" if score is None else str(score)
        shape = BADGE_SHAPES[creature]
        # the digit sits where each shape is widest (low in the triangle) and only as tall as the
        # shape's inside allows
        dy = {"triangle": 0.09, "star": 0.045, "pentagon": 0.03}.get(shape, 0.0) * size
        height = size * {"triangle": 0.38, "star": 0.4, "diamond": 0.46, "pentagon": 0.5, "hexagon": 0.52,
                         "ring": 0.62}.get(shape, 0.56)
        font_size = max(8, round(height / theme.FONT_SCALE / 0.72))
        label = self.fonts.render(text, font_size, PAPER, True)
        at = label.get_rect(center=(round(centre[0]), round(centre[1] + dy + size * 0.02)))
        # a dark halo, so a digit touching the light rim still stands out
        shadow = self.fonts.render(text, font_size, INK, True)
        for ox, oy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            surf.blit(shadow, at.move(ox, oy))
        surf.blit(label, at)

    def _fitted_text(self, text: str, height: float, width: float, colour: Colour) -> pygame.Surface:
        """Bold text whose capitals are about `height` px tall, shrunk until it fits `width`."""
        size = max(8, round(height / theme.FONT_SCALE / 0.72))
        label = self.fonts.render(text, size, tuple(colour), True)
        while label.get_width() > width and size > 8:
            size -= 1
            label = self.fonts.render(text, size, tuple(colour), True)
        return label

    def _make_back(self) -> pygame.Surface:
        """One back for every tile: a dark lattice, a gold frame and a "KK" seal, nothing like a face
        (faces are light, backs are dark and patterned)."""
        s, k = self.size, SUPER
        S = s * k
        big = pygame.Surface((S, S), pygame.SRCALPHA)
        face = self._body(big, BACK_BASE, (26, 20, 48))
        inner_r = max(1, round(self._radius() * k) - face.x)
        lattice = pygame.Surface((S, S), pygame.SRCALPHA)
        step = face.w / 5
        w = max(k, round(s * 0.02 * k))
        for i in range(-6, 12):
            x = face.x + i * step
            pygame.draw.line(lattice, BACK_LINE, (x, face.top), (x + face.h, face.bottom), w)
            pygame.draw.line(lattice, BACK_LINE, (x + face.h, face.top), (x, face.bottom), w)
        mask = pygame.Surface((S, S), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), face, border_radius=inner_r)
        lattice.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        big.blit(lattice, (0, 0))
        inset = round(s * 0.07 * k)
        frame = face.inflate(-2 * inset, -2 * inset)
        pygame.draw.rect(big, BACK_GOLD, frame, max(k, round(s * 0.022 * k)), border_radius=max(1, inner_r - inset))
        centre = face.center
        r = s * 0.27 * k
        pygame.draw.circle(big, (0, 0, 0, 100), (centre[0], centre[1] + s * 0.015 * k), r)
        pygame.draw.circle(big, BACK_GOLD, centre, r)
        pygame.draw.circle(big, BACK_BASE, centre, r - max(k, round(s * 0.03 * k)))
        surf = pygame.transform.smoothscale(big, (s, s))
        label = self._fitted_text("KK", s * 0.2, r * 2 / k * 0.8, BACK_GOLD)
        surf.blit(label, label.get_rect(center=(centre[0] / k, centre[1] / k + 0.5)))
        return surf


def _inset(points: list[Point], rim: float, shape: str) -> list[Point]:
    """The polygon scaled about its centre so its sides move in by about `rim` (an even rim). A star's
    sides are measured at its inner points, so its rim thins towards the tips, which reads as sharp."""
    cx = sum(x for x, _ in points) / len(points)
    cy = sum(y for _, y in points) / len(points)
    if shape == "star":
        inradius = min(math.hypot(x - cx, y - cy) for x, y in points) * 0.81
    else:
        inradius = min(_distance_to_line((cx, cy), a, b) for a, b in zip(points, points[1:] + points[:1]))
    f = max(0.1, 1 - rim / inradius)
    return [(cx + (x - cx) * f, cy + (y - cy) * f) for x, y in points]


def _distance_to_line(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    return abs(dx * (a[1] - p[1]) - dy * (a[0] - p[0])) / (math.hypot(dx, dy) or 1.0)
