"""What "text that fits" means, checked on a frame drawn on a text.RecordingSurface: every text
block inside its box and the frame; every other text image whole (not cut off by a clip) and on
the frame, never across the edge of a panel drawn under it, and never over another text of the
same layer (an overlay's veil starts a new layer)."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.toolkit.text import DrawnText, TextRecorder

SLACK = 1          # pixels of antialiasing a text may touch past an edge
OVERLAP = 3        # pixels two texts may share (descenders over the next line's ascenders)


@dataclass(frozen=True)
class Fault:
    screen: str
    what: str

    def __str__(self) -> str:
        return f"{self.screen}: {self.what}"


def _inside(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.inflate(2 * SLACK, 2 * SLACK).contains(inner)


def _ink(text: DrawnText) -> pygame.Rect:
    """The text's box less the font's empty space above and below the letters."""
    trim = text.rect.height // 5
    return text.rect.inflate(0, -2 * trim)


def faults(screen: str, recorder: TextRecorder, frame: pygame.Rect) -> list[Fault]:
    out: list[Fault] = []
    for _, block in recorder.blocks:
        if not _inside(block.rect, block.box):
            out.append(Fault(screen, f"{block.text!r} drawn at {block.rect} outside its box {block.box}"))
        if not _inside(block.box, frame):
            out.append(Fault(screen, f"{block.text!r}: its box {block.box} is off the frame"))
    texts = [t for t in recorder.texts if t.text.strip()]
    for t in texts:
        if not _inside(t.rect, frame):
            out.append(Fault(screen, f"{t.text!r} at {t.rect} runs off the frame"))
        elif not _inside(t.rect, t.clip):
            out.append(Fault(screen, f"{t.text!r} at {t.rect} is cut off by its clip {t.clip}"))
        for layer, panel in recorder.panels:
            ink = _ink(t)
            if layer == t.layer and panel.colliderect(ink) and not _inside(ink, panel) \
                    and not ink.contains(panel):
                out.append(Fault(screen, f"{t.text!r} at {t.rect} crosses the edge of its panel {panel}"))
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if a.layer != b.layer or a.text == b.text:        # a shadow under its own text
                continue
            common = _ink(a).clip(_ink(b))
            if common.width > OVERLAP and common.height > OVERLAP:
                out.append(Fault(screen, f"{a.text!r} at {a.rect} overlaps {b.text!r} at {b.rect}"))
    return out

