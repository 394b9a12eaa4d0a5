"""Every Kombo Klash! tile sprite on one PNG, to judge the art as a player would see it.

    python tools/kk_tiles_sheet.py [OUT]        (default /tmp/kk_tiles.png)

One block per tile size the game uses (104 px on the board, 84 px in hand, 40 px in small panels):
the eight faces and the back on the board's cell colour, then the eight preview ghosts over a checked
floor so their transparency shows. Then `python tools/colour_vision.py OUT` for the colour-blind views.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.kombo_klash.tables import CREATURES
from game.kombo_klash.tile_art import TileArt
from game.ui.toolkit import theme

SIZES = (104, 84, 40)
GAP = 14
MARGIN = 24
LABEL_H = 34
CELL = (74, 67, 110)
CHECK = ((96, 88, 138), (60, 54, 92))


def sheet(fonts: theme.Fonts) -> pygame.Surface:
    columns = len(CREATURES) + 1
    width = MARGIN * 2 + columns * (SIZES[0] + GAP)
    height = MARGIN + sum(LABEL_H + 2 * (size + GAP) + GAP for size in SIZES)
    out = pygame.Surface((width, height))
    out.fill(theme.BG)
    y = MARGIN
    for size in SIZES:
        art = TileArt(size, fonts)
        out.blit(fonts.render(f"{size} px: faces and back, then ghosts", theme.SMALL, theme.TEXT_DIM), (MARGIN, y))
        y += LABEL_H
        pitch = size + GAP
        for i, creature in enumerate(CREATURES):
            x = MARGIN + i * pitch
            pygame.draw.rect(out, CELL, (x - 4, y - 4, size + 8, size + 8), border_radius=8)
            out.blit(art.face(creature), (x, y))
        x = MARGIN + len(CREATURES) * pitch
        pygame.draw.rect(out, CELL, (x - 4, y - 4, size + 8, size + 8), border_radius=8)
        out.blit(art.back(), (x, y))
        y += pitch
        for i, creature in enumerate(CREATURES):
            x = MARGIN + i * pitch
            square = max(4, size // 4)
            for cy in range(0, size + 8, square):
                for cx in range(0, size + 8, square):
                    colour = CHECK[(cx // square + cy // square) % 2]
                    pygame.draw.rect(out, colour, (x - 4 + cx, y - 4 + cy, min(square, size + 8 - cx),
                                                   min(square, size + 8 - cy)))
            out.blit(art.ghost(creature), (x, y))
        y += pitch + GAP
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=Path("/tmp/kk_tiles.png"))
    args = parser.parse_args(argv)
    pygame.display.init()
    pygame.display.set_mode((1, 1))   # convert_alpha needs a display
    pygame.font.init()
    pygame.image.save(sheet(theme.Fonts()), str(args.out))
    print(f"wrote {args.out}")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
