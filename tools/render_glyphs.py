"""Render the Kabooom! symbols, the Kombo Klash! creatures and the Combi-Nations facilities from Noto Color Emoji into small PNGs under game/assets/glyphs/.

Run once (or after changing the list): the game loads the PNGs and never needs the 10 MB font.
    python tools/render_glyphs.py [--font PATH] [--size 96]
The font is a bitmap (CBDT) font: FreeType only offers it at its native 109 px strike, so we render
there, crop to the ink, pad to a square and smoothscale down.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

FONT = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
OUT = Path(__file__).resolve().parent.parent / "game" / "assets" / "glyphs"

# name -> emoji. Paper: the page-facing-up 📄 reads as "a sheet" best at counter size (📃 curls and
# 🧻 reads as toilet roll).
GLYPHS: dict[str, str] = {
    "rock": "\U0001FAA8",        # 🪨
    "paper": "\U0001F4C4",       # 📄
    "scissors": "\u2702\ufe0f",  # ✂️
    "dynamite": "\U0001F9E8",    # 🧨
    "boom": "\U0001F4A5",        # 💥
}

# Kombo Klash! creatures (game/kombo_klash/tile_art.py), prefixed so they never clash with Kabooom!'s.
# Vulture: Noto has no vulture, the eagle 🦅 is the closest bird of prey. Raven: the black bird ZWJ
# sequence 🐦‍⬛ (Emoji 15, in Noto 2.042); see RAVEN_FALLBACK for fonts or builds that cannot shape it.
KK_GLYPHS: dict[str, str] = {
    "kk_wolf": "\U0001F43A",                  # 🐺
    "kk_alligator": "\U0001F40A",             # 🐊
    "kk_gorilla": "\U0001F98D",               # 🦍
    "kk_kangaroo": "\U0001F998",              # 🦘
    "kk_snake": "\U0001F40D",                 # 🐍
    "kk_vulture": "\U0001F985",               # 🦅
    "kk_raven": "\U0001F426\u200d\u2b1b",     # 🐦‍⬛
    "kk_chameleon": "\U0001F98E",             # 🦎
}
RAVEN_FALLBACK = "\U0001F426"                 # 🐦, darkened to blue-black in code

# Combi-Nations facilities (game/combi_nations/scene/hex_draw.py), one picture each, named by the
# facility's key. Bank and Hotel: the money bag and the bed, since 🏦 and 🏨 are the same grey
# building at badge size; Restaurant: a pot of food, since 🍽️ is a white plate on the light badge.
CN_GLYPHS: dict[str, str] = {
    "cn_wildlife_park": "\U0001F98C",         # 🦌
    "cn_golf_course": "\u26F3",               # ⛳
    "cn_fun_park": "\U0001F3A1",              # 🎡
    "cn_tour_boat": "\u26F4\ufe0f",           # ⛴️
    "cn_restaurant": "\U0001F372",            # 🍲
    "cn_tour_operator": "\U0001F9ED",         # 🧭
    "cn_camp_site": "\u26FA",                 # ⛺
    "cn_hikers_cabins": "\U0001F6D6",         # 🛖
    "cn_farm": "\U0001F69C",                  # 🚜
    "cn_mall": "\U0001F6CD\ufe0f",            # 🛍️
    "cn_harbor": "\u2693",                    # ⚓
    "cn_hiking_trails": "\U0001F97E",         # 🥾
    "cn_market": "\U0001F9FA",                # 🧺
    "cn_metro": "\U0001F687",                 # 🚇
    "cn_diving_school": "\U0001F93F",         # 🤿
    "cn_watchtower": "\U0001F5FC",            # 🗼
    "cn_viewpoint": "\U0001F52D",             # 🔭
    "cn_bank": "\U0001F4B0",                  # 💰
    "cn_zoo": "\U0001F981",                   # 🦁
    "cn_hotel": "\U0001F6CF\ufe0f",           # 🛏️
    "cn_airport": "\u2708\ufe0f",             # ✈️
    "cn_customs": "\U0001F6C2",               # 🛂
    "cn_race_track": "\U0001F3C1",            # 🏁
    "cn_bird_conservation": "\U0001F99C",     # 🦜
}


def render(font: pygame.font.Font, text: str, size: int) -> pygame.Surface:
    raw = font.render(text, True, (0, 0, 0)).convert_alpha()
    ink = raw.get_bounding_rect(min_alpha=8)
    side = max(ink.w, ink.h)
    square = pygame.Surface((side, side), pygame.SRCALPHA)
    square.blit(raw, ((side - ink.w) // 2, (side - ink.h) // 2), ink)
    return pygame.transform.smoothscale(square, (size, size))


def shapes_as_one(font: pygame.font.Font, sequence: str, base: str) -> bool:
    """Whether the font shapes a ZWJ sequence into one picture: without HarfBuzz (or with an older
    font) the sequence comes out as the base picture plus a second glyph beside it, wider."""
    return font.size(sequence)[0] <= font.size(base)[0] * 1.2


def darken(surface: pygame.Surface) -> pygame.Surface:
    """A blue-black copy of a coloured picture that keeps its shading: each pixel's lightness mapped
    into a dark range, alpha untouched (the 🐦 fallback for a raven)."""
    out = surface.copy()
    for x in range(out.get_width()):
        for y in range(out.get_height()):
            r, g, b, a = out.get_at((x, y))
            if a:
                light = (r * 0.3 + g * 0.59 + b * 0.11) / 255
                out.set_at((x, y), (int(28 + 52 * light), int(30 + 56 * light), int(44 + 72 * light), a))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--font", default=FONT)
    parser.add_argument("--size", type=int, default=96)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if not Path(args.font).exists():
        print(f"font not found: {args.font} (apt install fonts-noto-color-emoji)", file=sys.stderr)
        return 1
    pygame.display.init()
    pygame.display.set_mode((1, 1))   # convert_alpha needs a display
    pygame.font.init()
    font = pygame.font.Font(args.font, 109)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, text in {**GLYPHS, **CN_GLYPHS}.items():
        path = args.out / f"{name}.png"
        pygame.image.save(render(font, text, args.size), str(path))
        print(f"wrote {path}")
    for name, text in KK_GLYPHS.items():
        path = args.out / f"{name}.png"
        if name == "kk_raven" and not shapes_as_one(font, text, RAVEN_FALLBACK):
            print("the black bird sequence does not shape as one glyph: darkening 🐦 instead")
            image = darken(render(font, RAVEN_FALLBACK, args.size))
        else:
            image = render(font, text, args.size)
        pygame.image.save(image, str(path))
        print(f"wrote {path}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
