"""A screenshot as players with a colour-vision deficiency see it, and how far apart the seat colours stay.

    python tools/colour_vision.py /tmp/k.png [--out-dir /tmp] [--kinds protan,deutan,tritan]
    python tools/colour_vision.py --palettes

The first form writes k-protan.png, k-deutan.png and k-tritan.png beside the input (or in --out-dir):
Machado et al. 2009 at severity 1.0 (protanopia, deuteranopia, tritanopia; game.ui.toolkit.colour_vision).
The second prints, for each palette and for 4 and 6 seats, the closest pair of seat colours in normal
vision and in each simulation, as CIE76 and CIEDE2000 differences.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.core.seats import SEAT_NAMES
from game.ui.toolkit import theme
from game.ui.toolkit.colour_vision import KINDS, closest_pair, simulate_surface


def simulate_file(path: Path, out_dir: Path, kinds: list[str]) -> list[Path]:
    image = pygame.image.load(str(path))
    written = []
    for kind in kinds:
        out = out_dir / f"{path.stem}-{kind}.png"
        pygame.image.save(simulate_surface(image, kind), str(out))
        written.append(out)
    return written


def palette_table() -> list[str]:
    lines = []
    for pal in theme.PALETTES.values():
        for seats in (4, 6):
            cells = []
            for kind in ("normal", *KINDS):
                d76, i, j = closest_pair(pal.colours[:seats], kind, "76")
                d00, _, _ = closest_pair(pal.colours[:seats], kind, "2000")
                cells.append(f"{kind} {d76:5.1f}/{d00:4.1f} ({SEAT_NAMES[i]}-{SEAT_NAMES[j]})")
            lines.append(f"{pal.label:<13} {seats} seats: " + " · ".join(cells))
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("image", nargs="?", type=Path, help="a PNG (tools/screenshot.py writes one)")
    parser.add_argument("--out-dir", type=Path, default=None, help="default: beside the image")
    parser.add_argument("--kinds", default=",".join(KINDS), help="which of protan,deutan,tritan")
    parser.add_argument("--palettes", action="store_true",
                        help="print each palette's closest seat colours (ΔE76/ΔE2000) instead")
    args = parser.parse_args(argv)
    if args.palettes:
        print("\n".join(palette_table()))
        return 0
    if args.image is None:
        parser.error("give a PNG, or --palettes")
    kinds = [k for k in args.kinds.split(",") if k]
    bad = [k for k in kinds if k not in KINDS]
    if bad:
        parser.error(f"unknown kind {bad[0]!r}: use {', '.join(KINDS)}")
    try:
        written = simulate_file(args.image, args.out_dir or args.image.parent, kinds)
    except (pygame.error, FileNotFoundError) as exc:
        print(f"cannot read {args.image}: {exc}", file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
