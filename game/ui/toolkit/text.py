"""Text and surfaces made once and blitted often: a cache of rendered text, surfaces converted to
the display's pixel format, and the text block every panel draws its words with (wrapped or
shortened to stay inside its box, the whole text kept for a tooltip; recorded on a
RecordingSurface so a test can check every text against its panel)."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal

import pygame

from game.ui.toolkit import theme


def fit(surface: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    """Match the display's pixel format for fast blits, where there is a display to match."""
    try:
        return surface.convert_alpha() if alpha else surface.convert()
    except pygame.error:
        return surface


class TextCache:
    """Rendered text by (text, size, colour, bold); cleared wholesale when it grows, which only
    happens if the texts keep changing (a clock), never in normal play."""

    def __init__(self, fonts: theme.Fonts, limit: int = 400) -> None:
        self.fonts = fonts
        self.limit = limit
        self._cache: dict[tuple, pygame.Surface] = {}

    def get(self, text: str, size: int, colour: theme.Colour = theme.TEXT, bold: bool = False) -> pygame.Surface:
        key = (text, size, tuple(colour), bold)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) >= self.limit:
                self._cache.clear()
            surf = self._cache[key] = fit(self.fonts.render(text, size, colour, bold))
            if isinstance(self.fonts, RecordingFonts):
                self.fonts.recorder.note_image(surf, text)
        return surf

    def __len__(self) -> int:
        return len(self._cache)


def sentence(text: str) -> str:
    """`text` as a sentence: stripped, its first letter a capital."""
    text = text.strip()
    return text[:1].upper() + text[1:]


def text_fitting(text: TextCache, line: str, size: int, width: int, colour: theme.Colour = theme.TEXT,
                 bold: bool = False) -> pygame.Surface:
    """The line at `size`, or smaller, or shortened, until it fits `width` (fit_text's "shorten"),
    for a caller that places the image itself; draw_text_block also records what it drew."""
    s, lines = fit_text(text.fonts, line, width, 10_000, size, bold=bold, mode="shorten")
    return text.get(lines[0], s, colour, bold)


# -- text blocks: the one way a panel draws words --------------------------------------------------

Mode = Literal["wrap", "shorten"]
Align = Literal["left", "centre", "right"]
VAlign = Literal["top", "middle", "bottom"]
Renderer = theme.Fonts | TextCache

ELLIPSIS = "…"
MIN_SIZE = 20          # nominal size below which text is no longer read at a glance (≈14 px of Inter)


@dataclass(frozen=True)
class TextBlock:
    """What a text block drew: the lines shown and where, in the box (panel) it was meant for, and
    the whole text, so a tooltip can show what a shortened block left out."""

    text: str
    lines: tuple[str, ...]
    size: int
    rect: pygame.Rect          # the drawn lines' bounds
    box: pygame.Rect           # the panel area the text had to stay in

    @property
    def shortened(self) -> bool:
        return " ".join(" ".join(self.lines).split()) != " ".join(self.text.split())


@dataclass(frozen=True)
class DrawnText:
    """A text image blitted straight onto a RecordingSurface (not through a text block)."""

    text: str
    rect: pygame.Rect
    clip: pygame.Rect          # the surface's clip then: a text reaching past it was cut off
    layer: int


@dataclass
class TextRecorder:
    """What was drawn on a RecordingSurface, for a test to check every text against its panel:
    text blocks, other text images (known by the RecordingFonts that rendered them), panels
    (drawing.draw_panel) and layers (an overlay's veil starts a new one)."""

    blocks: list[tuple[int, TextBlock]] = field(default_factory=list)
    texts: list[DrawnText] = field(default_factory=list)
    panels: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    layer: int = 0
    rendered: dict[int, tuple[pygame.Surface, str]] = field(default_factory=dict)

    def clear(self) -> None:
        self.blocks.clear()
        self.texts.clear()
        self.panels.clear()
        self.layer = 0

    def note_image(self, image: pygame.Surface, text: str) -> None:
        # the image is kept with its text, so its id cannot be reused while it is known
        self.rendered[id(image)] = (image, text)


class RecordingFonts(theme.Fonts):
    """Fonts that remember which images are text, so a RecordingSurface knows a text blit."""

    def __init__(self, recorder: TextRecorder) -> None:
        super().__init__()
        self.recorder = recorder

    def render(self, text: str, size: int, colour: theme.Colour = theme.TEXT, bold: bool = False) -> pygame.Surface:
        image = super().render(text, size, colour, bold)
        self.recorder.note_image(image, text)
        return image


class RecordingSurface(pygame.Surface):
    """A frame that records the text, panels and layers drawn on it (tests install it as the App's
    surface, with RecordingFonts); a plain Surface records nothing, so play costs the same."""

    def __init__(self, size: tuple[int, int], recorder: TextRecorder, offset: tuple[int, int] = (0, 0)) -> None:
        super().__init__(size)
        self.recorder = recorder
        self.offset = offset        # where this surface lands on the frame (a Backdrop's piece)

    def blit(self, source: pygame.Surface, dest: Any, area: Any = None,  # type: ignore[override]
             special_flags: int = 0) -> pygame.Rect:
        drawn = super().blit(source, dest, area, special_flags)
        known = self.recorder.rendered.get(id(source))
        if known is not None and known[0] is source:
            pos = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            self.recorder.texts.append(DrawnText(known[1], pygame.Rect(pos, source.get_size()).move(self.offset),
                                                 self.get_clip().move(self.offset), self.recorder.layer))
        return drawn


def record_panel(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Tell a recording frame that a panel was drawn there (its texts must stay inside it)."""
    if isinstance(surface, RecordingSurface):
        surface.recorder.panels.append((surface.recorder.layer, pygame.Rect(rect).move(surface.offset)))


def record_layer(surface: pygame.Surface) -> None:
    """Tell a recording frame that an overlay now covers what was drawn before."""
    if isinstance(surface, RecordingSurface):
        surface.recorder.layer += 1


def _fonts(renderer: Renderer) -> theme.Fonts:
    return renderer.fonts if isinstance(renderer, TextCache) else renderer


def _render(renderer: Renderer, line: str, size: int, colour: theme.Colour, bold: bool) -> pygame.Surface:
    if isinstance(renderer, TextCache):
        return renderer.get(line, size, colour, bold)
    return renderer.render(line, size, colour, bold)


def shorten(fonts: theme.Fonts, line: str, size: int, width: int, bold: bool = False) -> str:
    """The line, cut at a word (or, for one long word, a letter) and ended with an ellipsis, so
    that it fits `width`."""
    font = fonts.get(size, bold)
    if font.size(line)[0] <= width:
        return line
    words = line.split()
    while len(words) > 1:
        words.pop()
        trial = " ".join(words).rstrip(",.;:·-—") + ELLIPSIS
        if font.size(trial)[0] <= width:
            return trial
    word = words[0] if words else ""
    while word and font.size(word + ELLIPSIS)[0] > width:
        word = word[:-1]
    return word + ELLIPSIS if word else ""


def fit_text(fonts: theme.Fonts, text: str, width: int, height: int, size: int, *, bold: bool = False,
             mode: Mode = "wrap", min_size: int | None = None) -> tuple[int, list[str]]:
    """The size and lines that put `text` inside width×height: at `size` if it fits, else a step
    smaller down to `min_size`, else at `min_size` with what does not fit shortened ("…").
    "wrap" breaks lines at words (and at "\\n"); "shorten" keeps one line."""
    floor = min(size, min_size if min_size is not None else max(MIN_SIZE, size * 2 // 3))
    s = size
    while True:
        font = fonts.get(s, bold)
        line_h = font.get_linesize()
        rows = max(1, height // line_h) if mode == "wrap" else 1
        if mode == "wrap":
            lines = [ln for para in text.split("\n") for ln in fonts.wrap(para, s, width, bold)]
        else:
            lines = [" ".join(text.split())]
        fits = len(lines) <= rows and all(font.size(ln)[0] <= width for ln in lines)
        if fits or s <= floor:
            break
        s = max(floor, s - 2)
    if not fits:
        if len(lines) > rows:       # the rest goes on the last row, to be cut there
            lines = lines[:rows - 1] + [" ".join(lines[rows - 1:])]
        lines = [shorten(fonts, ln, s, width, bold) for ln in lines]
    return s, lines


def draw_text_block(surface: pygame.Surface, renderer: Renderer, text: str, box: pygame.Rect, *,
                    size: int = theme.BODY, colour: theme.Colour = theme.TEXT, bold: bool = False,
                    mode: Mode = "wrap", align: Align = "left", valign: VAlign = "top",
                    min_size: int | None = None) -> TextBlock:
    """Draw `text` inside `box` (wrapped or shortened to fit, see fit_text) and return what was
    drawn; the block keeps the whole text for a tooltip. On a RecordingSurface the block is
    recorded."""
    fonts = _fonts(renderer)
    box = pygame.Rect(box)
    s, lines = fit_text(fonts, text, box.width, box.height, size, bold=bold, mode=mode, min_size=min_size)
    images = [_render(renderer, ln, s, colour, bold) for ln in lines if ln]
    line_h = fonts.get(s, bold).get_linesize()
    total = line_h * (len(images) - 1) + (images[-1].get_height() if images else 0)
    if valign == "top":
        y = box.top
    elif valign == "bottom":
        y = box.bottom - total
    else:
        y = box.centery - total // 2
    drawn = pygame.Rect(box.centerx, y, 0, 0)
    for image in images:
        rect = image.get_rect(top=y)
        if align == "left":
            rect.left = box.left
        elif align == "right":
            rect.right = box.right
        else:
            rect.centerx = box.centerx
        surface.blit(image, rect)
        drawn = rect if drawn.size == (0, 0) else drawn.union(rect)
        y += line_h
    block = TextBlock(text, tuple(lines), s, drawn, box)
    if isinstance(surface, RecordingSurface):
        shown = dataclasses.replace(block, rect=drawn.move(surface.offset), box=box.move(surface.offset))
        surface.recorder.blocks.append((surface.recorder.layer, shown))
    return block


def draw_tooltip(surface: pygame.Surface, renderer: Renderer, text: str, anchor: pygame.Rect, *,
                 size: int = theme.SMALL, width: int = 520) -> TextBlock:
    """The whole of a shortened text in a small panel under (or, near the foot, over) `anchor`,
    kept on screen."""
    fonts = _fonts(renderer)
    pad = 10
    s, lines = fit_text(fonts, text, width - 2 * pad, 10_000, size)
    inner_w = max(fonts.width(ln, s) for ln in lines) if lines else 0
    line_h = fonts.get(s).get_linesize()
    panel = pygame.Rect(0, 0, inner_w + 2 * pad, line_h * len(lines) + 2 * pad)
    panel.midtop = (anchor.centerx, anchor.bottom + 4)
    frame = surface.get_rect()
    if panel.bottom > frame.bottom:
        panel.midbottom = (anchor.centerx, anchor.top - 4)
    panel.clamp_ip(frame)
    pygame.draw.rect(surface, theme.PANEL_HI, panel, border_radius=theme.RADIUS)
    pygame.draw.rect(surface, theme.ACCENT, panel, 2, border_radius=theme.RADIUS)
    return draw_text_block(surface, renderer, text, panel.inflate(-2 * pad, -2 * pad), size=s,
                           min_size=s)
