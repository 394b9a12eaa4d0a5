"""A game's rules for the players: word-wrapped, scrolled with up/down, the mouse wheel, Page
Up/Down; back (or select) closes.

The text is laid out once into a tall image, so a frame costs one blit whatever its length. A short
line with no closing punctuation reads as a heading, which suits the plain rule texts (and "# "
marks one explicitly). A line "[figure NAME]" is a picture the game draws (GameDef.rules_figures),
laid out into the same image, centred; a game without figures lays out exactly as before.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.core.loader import LoadError
from game.definition import figure_name
from game.ui.toolkit import theme
from game.ui.toolkit.drawing import Backdrop, draw_focus, draw_hints, draw_panel, draw_text, draw_title
from game.ui.toolkit.input import Press
from game.ui.toolkit.scene import Scene
from game.ui.toolkit.theme import Fonts

if TYPE_CHECKING:
    from game.definition import GameDef
    from game.ui.toolkit.app import App

log = logging.getLogger(__name__)

VIEW = pygame.Rect(150, 160, 980, 506)
PAD = 30
LINE_STEP = 40          # pixels per up/down press
WHEEL_STEP = 60
FIGURE_GAP = 18         # space above and below a figure, so it reads apart from the text around it

FigureDrawer = Callable[[str, int], pygame.Surface]     # (figure name, width) -> picture


def is_heading(line: str) -> bool:
    line = line.strip()
    if line.startswith("#"):
        return True
    return (0 < len(line) <= 40 and line[-1] not in ".!?:,;)" and ":" not in line
            and not line[0].islower() and not line[0].isdigit() and not line.startswith("-"))


@dataclass
class RulesPage:
    image: pygame.Surface
    figures: dict[str, int] = field(default_factory=dict)    # figure name -> its top, in page pixels


def _figure(name: str, figures: FigureDrawer | None, width: int) -> pygame.Surface | None:
    """The drawn figure, no wider than the page; None (logged) when it cannot be drawn, so a broken
    figure costs a picture, not the rules screen."""
    if figures is None:
        log.warning("the rules text asks for figure %r but the game draws no figures", name)
        return None
    try:
        image = figures(name, width)
    except Exception:  # logged; the text around it still shows
        log.warning("could not draw the rules figure %r", name, exc_info=True)
        return None
    if image.get_width() > width:
        scale = width / image.get_width()
        image = pygame.transform.smoothscale(image, (width, max(1, round(image.get_height() * scale))))
    return image


def lay_out(text: str, fonts: Fonts, width: int, figures: FigureDrawer | None = None) -> RulesPage:
    """Render the whole text, figures included, into one transparent image `width` pixels wide."""
    blocks: list[tuple[pygame.Surface, int, int]] = []      # (line image, space above it, x)
    anchors: dict[int, str] = {}                            # block index -> figure name
    first = True
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            blocks.append((pygame.Surface((1, 1), pygame.SRCALPHA), 6, 0))
            continue
        name = figure_name(line)
        if name is not None:
            image = _figure(name, figures, width)
            if image is None:
                continue
            anchors[len(blocks)] = name
            blocks.append((image, 0 if first else FIGURE_GAP, (width - image.get_width()) // 2))
            blocks.append((pygame.Surface((1, 1), pygame.SRCALPHA), FIGURE_GAP - 1, 0))
        elif is_heading(line):
            title = line.lstrip("#").strip()
            blocks.append((fonts.get(theme.BODY + 6, True).render(title, True, theme.ACCENT),
                           0 if first else 22, 0))
        else:
            bullet = line.startswith(("- ", "* ", "• "))
            body = line[2:] if bullet else line
            indent = 28 if bullet else 0
            for i, part in enumerate(fonts.wrap(body, theme.BODY, width - indent)):
                image = fonts.get(theme.BODY).render(part, True, theme.TEXT)
                if indent:
                    holder = pygame.Surface((image.get_width() + indent, image.get_height()),
                                            pygame.SRCALPHA)
                    holder.blit(image, (indent, 0))
                    if i == 0:
                        pygame.draw.circle(holder, theme.ACCENT, (10, image.get_height() // 2), 4)
                    image = holder
                blocks.append((image, 6, 0))
        first = False
    height = sum(img.get_height() + gap for img, gap, _ in blocks) + 8
    page = RulesPage(pygame.Surface((width, max(height, 1)), pygame.SRCALPHA))
    y = 0
    for index, (image, gap, x) in enumerate(blocks):
        y += gap
        if index in anchors:
            page.figures[anchors[index]] = y
        page.image.blit(image, (x, y))
        y += image.get_height()
    return page


def layout_rules(text: str, fonts: Fonts, width: int, figures: FigureDrawer | None = None) -> pygame.Surface:
    """The laid-out page's image (see `lay_out`)."""
    return lay_out(text, fonts, width, figures).image


class RulesScreen(Scene):
    def __init__(self, app: App, info: GameDef) -> None:
        super().__init__(app)
        self.info = info
        self.backdrop = Backdrop()
        laid_out = lay_out(info.rules_text(), app.fonts, VIEW.width - 2 * PAD, self._figure_drawer(info))
        self.page = laid_out.image
        self.figure_tops = laid_out.figures          # where each figure starts, to scroll to it
        self.scroll = 0
        self.close_rect = pygame.Rect(0, 0, 130, 44)
        self.close_rect.bottomright = (VIEW.right, VIEW.top - 14)
        self.hover = False

    @staticmethod
    def _figure_drawer(info: GameDef) -> FigureDrawer | None:
        try:
            drawer: FigureDrawer | None = info.figure_drawer()
        except (LoadError, ImportError):
            # the text still helps without its pictures; the catalogue test reports the bad path
            log.warning("%s: cannot load rules figures %r", info.title, info.rules_figures, exc_info=True)
            return None
        return drawer

    @property
    def max_scroll(self) -> int:
        return max(0, self.page.get_height() - (VIEW.height - 2 * PAD))

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + pixels))

    def close(self) -> None:
        self.app.stack.remove(self)

    def handle(self, press: Press) -> bool:
        if press.button == "up":
            self.scroll_by(-LINE_STEP)
        elif press.button == "down":
            self.scroll_by(LINE_STEP)
        elif press.button in ("back", "pause") or (press.button == "select" and (press.pos is None or self.close_rect.collidepoint(press.pos))):
            self.close()
        return True

    def handle_raw(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * WHEEL_STEP)
            return True
        if event.type == pygame.KEYDOWN:
            page = VIEW.height - 2 * PAD - LINE_STEP
            steps = {pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                     pygame.K_HOME: -self.page.get_height(), pygame.K_END: self.page.get_height()}
            if event.key in steps:
                self.scroll_by(steps[event.key])
                return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.close_rect.collidepoint(event.pos)
            return True
        return False

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        fonts = self.app.fonts
        self.backdrop.draw(surface)
        draw_title(surface, fonts, f"How to play {self.info.title}", (surface.get_width() // 2, 64),
                   size=72)
        if self.hover:
            draw_focus(surface, self.close_rect)
        else:
            draw_panel(surface, self.close_rect)
        draw_text(surface, fonts, "Close", self.close_rect.center, size=theme.SMALL,
                  anchor="center")
        draw_panel(surface, VIEW)
        inner = VIEW.inflate(-2 * PAD, -2 * PAD)
        surface.blit(self.page, inner.topleft,
                     pygame.Rect(0, self.scroll, inner.width, inner.height))
        if self.max_scroll:
            track = pygame.Rect(VIEW.right - 14, VIEW.y + 14, 6, VIEW.height - 28)
            pygame.draw.rect(surface, theme.PANEL_HI, track, border_radius=3)
            shown = inner.height / self.page.get_height()
            thumb = pygame.Rect(track.x, 0, track.width, max(30, int(track.height * shown)))
            thumb.y = track.y + int((track.height - thumb.height) * self.scroll / self.max_scroll)
            pygame.draw.rect(surface, theme.ACCENT, thumb, border_radius=3)
        draw_hints(surface, fonts, "Up / Down or wheel scroll · Back or Esc closes")
