"""Render the Kabooom! symbol art from Noto Color Emoji into small PNGs under game/assets/glyphs/.

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


def render(font: pygame.font.Font, text: str, size: int) -> pygame.Surface:
    raw = font.render(text, True, (0, 0, 0)).convert_alpha()
    ink = raw.get_bounding_rect(min_alpha=8)
    side = max(ink.w, ink.h)
    square = pygame.Surface((side, side), pygame.SRCALPHA)
    square.blit(raw, ((side - ink.w) // 2, (side - ink.h) // 2), ink)
    return pygame.transform.smoothscale(square, (size, size))


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
    for name, text in GLYPHS.items():
        path = args.out / f"{name}.png"
        pygame.image.save(render(font, text, args.size), str(path))
        print(f"wrote {path}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
