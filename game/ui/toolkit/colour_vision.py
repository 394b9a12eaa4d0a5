"""How colours look to players with a colour-vision deficiency, and how far apart two colours are.

Plain Python on (r, g, b) tuples of 0..255 sRGB, so tests and tools need nothing beyond pygame:

* `simulate(rgb, kind)`: the colour as a dichromat sees it, `kind` one of "protan", "deutan",
  "tritan" (Machado, Oliveira & Fernandes 2009, "A Physiologically-based Model for Simulation of
  Color Vision Deficiency", severity 1.0: protanopia, deuteranopia, tritanopia). The matrices act
  on linear RGB, so the colour is linearised first and re-encoded after.
* `simulate_surface(surface, kind)`: a copy of a pygame Surface as that player sees it (for
  tools/colour_vision.py and the palette test).
* `to_lab`, `delta_e76`, `delta_e2000`: CIELAB (D65) and the CIE76 and CIEDE2000 differences.
* `contrast`, `lowest_contrast`, `nearest_to`: WCAG 2 contrast, and the worst case of text on its
  grounds and of a highlight against the seat colours over normal vision and every simulation
  (tests/ui/test_seat_colours.py and tools/colour_report.py ask the same question).
"""
from __future__ import annotations

import math
import sys
from array import array
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

RGB = tuple[int, int, int]
Lab = tuple[float, float, float]
Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

KINDS: tuple[str, ...] = ("protan", "deutan", "tritan")
KIND_NAMES = {"protan": "protanopia", "deutan": "deuteranopia", "tritan": "tritanopia"}

# Machado et al. 2009, severity 1.0, for linear RGB.
MACHADO: dict[str, Matrix] = {
    "protan": ((0.152286, 1.052583, -0.204868),
               (0.114503, 0.786281, 0.099216),
               (-0.003882, -0.048116, 1.051998)),
    "deutan": ((0.367322, 0.860646, -0.227968),
               (0.280085, 0.672501, 0.047413),
               (-0.011820, 0.042940, 0.968881)),
    "tritan": ((1.255528, -0.076749, -0.178779),
               (-0.078411, 0.930809, 0.147602),
               (0.004733, 0.691367, 0.303900)),
}

_LINEAR = [((c / 255) / 12.92) if c <= 10 else (((c / 255) + 0.055) / 1.055) ** 2.4 for c in range(256)]


def to_linear(rgb: Sequence[int]) -> tuple[float, float, float]:
    return (_LINEAR[int(rgb[0])], _LINEAR[int(rgb[1])], _LINEAR[int(rgb[2])])


def _encode(v: float) -> int:
    v = min(1.0, max(0.0, v))
    s = v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(s * 255)


def from_linear(lin: Sequence[float]) -> RGB:
    return (_encode(lin[0]), _encode(lin[1]), _encode(lin[2]))


def simulate(rgb: Sequence[int], kind: str) -> RGB:
    """`rgb` as a player with `kind` ("protan", "deutan", "tritan") sees it; "normal" returns it."""
    if kind == "normal":
        return (int(rgb[0]), int(rgb[1]), int(rgb[2]))
    m = MACHADO[kind]
    r, g, b = to_linear(rgb)
    return from_linear([row[0] * r + row[1] * g + row[2] * b for row in m])


def simulate_surface(surface: pygame.Surface, kind: str) -> pygame.Surface:
    """A new Surface showing `surface` as a player with `kind` sees it (alpha kept). Each distinct
    colour is worked out once; the pixels are mapped through that table at C speed."""
    import pygame

    size = surface.get_size()
    pixels = array("I")
    pixels.frombytes(pygame.image.tobytes(surface, "RGBA"))       # R, G, B, A bytes in memory order
    little = sys.byteorder == "little"
    shifts = (0, 8, 16, 24) if little else (24, 16, 8, 0)
    table = {}
    for p in set(pixels):
        rgb = [(p >> shift) & 0xFF for shift in shifts[:3]]
        r, g, b = simulate(rgb, kind)
        table[p] = (r << shifts[0]) | (g << shifts[1]) | (b << shifts[2]) | (p & (0xFF << shifts[3]))
    out = array("I", map(table.__getitem__, pixels))
    return pygame.image.frombytes(out.tobytes(), size, "RGBA")


# -- CIELAB and colour differences -----------------------------------------------------------------

_WHITE = (0.95047, 1.0, 1.08883)   # D65


def to_lab(rgb: Sequence[int]) -> Lab:
    r, g, b = to_linear(rgb)
    xyz = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b,
           0.2126729 * r + 0.7151522 * g + 0.0721750 * b,
           0.0193339 * r + 0.1191920 * g + 0.9503041 * b)

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / n) for v, n in zip(xyz, _WHITE))
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e76(a: Sequence[int], b: Sequence[int]) -> float:
    """Euclidean distance in CIELAB between two sRGB colours (about 2.3 is just noticeable)."""
    return math.dist(to_lab(a), to_lab(b))


def delta_e2000(a: Sequence[int], b: Sequence[int]) -> float:
    """CIEDE2000 between two sRGB colours (about 1 is just noticeable)."""
    return delta_e2000_lab(to_lab(a), to_lab(b))


def delta_e2000_lab(lab1: Sequence[float], lab2: Sequence[float]) -> float:
    """CIEDE2000 between two CIELAB colours (Sharma, Wu & Dalal 2005), kL = kC = kH = 1."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar ** 7 / (c_bar ** 7 + 25 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dLp = L2 - L1
    dCp = c2p - c1p
    if c1p * c2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    else:
        dhp = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dHp = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    Lp_bar = (L1 + L2) / 2
    Cp_bar = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hp_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp_bar = (h1p + h2p) / 2
    else:
        hp_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hp_bar - 30)) + 0.24 * math.cos(math.radians(2 * hp_bar))
         + 0.32 * math.cos(math.radians(3 * hp_bar + 6)) - 0.20 * math.cos(math.radians(4 * hp_bar - 63)))
    d_theta = 30 * math.exp(-(((hp_bar - 275) / 25) ** 2))
    rc = 2 * math.sqrt(Cp_bar ** 7 / (Cp_bar ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (Lp_bar - 50) ** 2 / math.sqrt(20 + (Lp_bar - 50) ** 2)
    sc = 1 + 0.045 * Cp_bar
    sh = 1 + 0.015 * Cp_bar * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dLp / sl) ** 2 + (dCp / sc) ** 2 + (dHp / sh) ** 2
                     + rt * (dCp / sc) * (dHp / sh))


def closest_pair(colours: Iterable[Sequence[int]], kind: str = "normal", metric: str = "76"
                 ) -> tuple[float, int, int]:
    """The smallest difference between any two of `colours` as seen with `kind`, and which two."""
    seen = [simulate(c, kind) for c in colours]
    measure = delta_e76 if metric == "76" else delta_e2000
    best = (math.inf, -1, -1)
    for i in range(len(seen)):
        for j in range(i + 1, len(seen)):
            d = measure(seen[i], seen[j])
            if d < best[0]:
                best = (d, i, j)
    return best


# -- what the colour promises measure ----------------------------------------------------------------

VISIONS: tuple[str, ...] = ("normal", *KINDS)


def luminance(rgb: Sequence[int]) -> float:
    """WCAG 2 relative luminance."""
    r, g, b = to_linear(rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Sequence[int], b: Sequence[int]) -> float:
    """WCAG 2 contrast ratio between two sRGB colours (4.5 is its minimum for body text)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def lowest_contrast(inks: Iterable[Sequence[int]], grounds: Iterable[Sequence[int]],
                    kinds: Iterable[str] = VISIONS) -> tuple[float, int, int, str]:
    """The lowest contrast of any ink on any ground, each seen with each of `kinds` (the ink and
    the ground both simulated: a player sees both through the same eyes), and which (ink, ground,
    kind) it was."""
    ink_list, ground_list = list(inks), list(grounds)
    best: tuple[float, int, int, str] = (math.inf, -1, -1, "")
    for kind in kinds:
        seen_grounds = [simulate(g, kind) for g in ground_list]
        for i, ink in enumerate(ink_list):
            seen = simulate(ink, kind)
            for j, ground in enumerate(seen_grounds):
                c = contrast(seen, ground)
                if c < best[0]:
                    best = (c, i, j, kind)
    return best


def nearest_to(colours: Iterable[Sequence[int]], others: Iterable[Sequence[int]],
               kinds: Iterable[str] = VISIONS) -> tuple[float, int, int, str]:
    """The smallest CIEDE2000 between any of `colours` and any of `others`, each seen with each of
    `kinds`, and which (colour, other, kind) it was."""
    colour_list, other_list = list(colours), list(others)
    best: tuple[float, int, int, str] = (math.inf, -1, -1, "")
    for kind in kinds:
        seen_others = [to_lab(simulate(o, kind)) for o in other_list]
        for i, colour in enumerate(colour_list):
            lab = to_lab(simulate(colour, kind))
            for j, other in enumerate(seen_others):
                d = delta_e2000_lab(lab, other)
                if d < best[0]:
                    best = (d, i, j, kind)
    return best
