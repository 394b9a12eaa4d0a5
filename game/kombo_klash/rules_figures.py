"""Kombo Klash! pictures for the rules screen: a tile's anatomy, the eight creatures, and the rule
book's Kombo examples drawn as small board excerpts.

The rules text asks for a figure with a line "[figure NAME]"; the rules screen calls `draw_figure`
(GameDef.rules_figures) once per figure when it lays the page out, so nothing here is drawn per frame
and nothing is kept between calls.

The examples are drawn the way the game draws the board: the same tile art, a Kombo outlined in gold
with its points. The outline is a shape (a thick line around the group's edge), and what is not a
Kombo carries a cross, so no example reads by colour alone.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import pygame

from game.kombo_klash.ability_symbols import draw_ability_symbol
from game.kombo_klash.tables import CREATURES
from game.kombo_klash.tile_art import ABILITY_NAMES, SCORES, TileArt
from game.ui.toolkit import theme

FIGURE_NAMES: tuple[str, ...] = ("anatomy", "legend", "placing", "example1", "example2", "example3",
                                 "example4", "chameleons")

TILE = 80                 # tiles in the examples: large enough for the name band (TileArt.named)
GAP = 6                   # between board spaces, as on a board
BOARD_PAD = 12
MARGIN = 16               # clear space around the patch, where a Kombo's points chip may stick out
BOARD = (26, 23, 40)      # the board patch: darker than the rules panel it sits on
SPACE = (44, 40, 66)      # an empty space
SPACE_EDGE = (66, 61, 96)
INK = (12, 10, 20)
OUTLINE = 6               # the Kombo's outline, px

# Board cells by letter: the creatures' initials (K is the Kangaroo, C the Chameleon), "#" a
# face-down tile, "." an empty space, "P" the draw pile in the board's centre.
LETTERS: dict[str, str] = {"W": "Wolf", "A": "Alligator", "G": "Gorilla", "K": "Kangaroo", "S": "Snake",
                           "V": "Vulture", "R": "Raven", "C": "Chameleon"}

Cell = tuple[int, int]    # (row, column)


@dataclass(frozen=True)
class Excerpt:
    """A few board spaces with a caption: what the example shows and what it scores."""

    rows: tuple[str, ...]
    headline: str                         # "3 × 3 = 9" or "No Kombo"
    caption: str                          # what the picture shows, in words
    kombo: frozenset[Cell] = frozenset()  # outlined in gold, with `points` on it
    points: int = 0
    left_out: frozenset[Cell] = frozenset()   # same creature, not in the Kombo: dimmed
    corners: tuple[tuple[Cell, Cell], ...] = ()   # tiles touching only at a corner: a cross there
    notes: dict[Cell, str] = field(default_factory=dict)   # a short label under a tile
    spots: dict[Cell, bool] = field(default_factory=dict)  # empty spaces ticked (True) or crossed
    judged: bool = True                   # the headline says yes or no (a tick or a cross beside it)
    tile: int = TILE

    @property
    def scores(self) -> bool:
        return bool(self.kombo)


def _cells(*pairs: Cell) -> frozenset[Cell]:
    return frozenset(pairs)


_START_SPOTS: dict[Cell, bool] = {
    **{cell: True for cell in ((0, 1), (1, 0), (0, 3), (1, 4), (3, 0), (4, 1), (3, 4), (4, 3),
                               (1, 2), (2, 1), (2, 3), (3, 2))},
    **{cell: False for cell in ((1, 1), (1, 3), (3, 1), (3, 3))},
}

# The rule book's examples (and the Chameleon rule, and where a tile may go), one or two excerpts each.
EXAMPLES: dict[str, tuple[Excerpt, ...]] = {
    "placing": (
        Excerpt(("K...W", ".....", "..P..", ".....", "S...R"), "Where a tile may go",
                "The board as a game starts: a tile may go on a ticked space, sharing a side with a tile "
                "or the draw pile. The crossed ones touch only at corners.",
                notes={(2, 2): "pile"}, spots=_START_SPOTS, judged=False, tile=50),
    ),
    "example1": (
        Excerpt(("R..", "RR#", ".W."), "3 × 7 = 21", "Three Ravens in an L: each shares a side with another",
                _cells((0, 0), (1, 0), (1, 1)), 21),
        Excerpt(("#..", "GGG", "..W"), "3 × 3 = 9", "Three Gorillas in a row",
                _cells((1, 0), (1, 1), (1, 2)), 9),
    ),
    "example2": (
        Excerpt((".#..", "GGG.", "..C."), "4 × 3 = 12",
                "Three Gorillas and a Chameleon beside one of them: the Chameleon counts as a Gorilla",
                _cells((1, 0), (1, 1), (1, 2), (2, 2)), 12, notes={(2, 2): "as Gorilla"}),
    ),
    "example3": (
        Excerpt(("GG..", ".G..", "..G#"), "3 × 3 = 9",
                "Four Gorillas, but one touches the others only at a corner: the other three score",
                _cells((0, 0), (0, 1), (1, 1)), 9, left_out=_cells((2, 2)), corners=(((1, 1), (2, 2)),)),
    ),
    "example4": (
        Excerpt(("G..", ".G.", "..G"), "No Kombo",
                "Three Gorillas touching only at corners: in a Kombo, sides must touch",
                corners=(((0, 0), (1, 1)), ((1, 1), (2, 2)))),
    ),
    "chameleons": (
        Excerpt(("GCC",), "No Kombo", "One Gorilla, two Chameleons: more Chameleons than Gorillas"),
        Excerpt(("GGC",), "3 × 3 = 9", "Two Gorillas, one Chameleon: a Kombo",
                _cells((0, 0), (0, 1), (0, 2)), 9, notes={(0, 2): "as Gorilla"}),
    ),
}


class _Painter:
    """One figure's fonts and tile art (made per call: the rules screen draws each figure once)."""

    def __init__(self, width: int) -> None:
        self.width = width
        self.fonts = theme.Fonts()
        self._arts: dict[int, TileArt] = {}

    def art(self, size: int) -> TileArt:
        art = self._arts.get(size)
        if art is None:
            art = self._arts[size] = TileArt(size, self.fonts)
        return art

    def text(self, line: str, size: int, colour: theme.Colour = theme.TEXT, bold: bool = False) -> pygame.Surface:
        return self.fonts.render(line, size, colour, bold)

    def wrapped(self, line: str, size: int, width: int, colour: theme.Colour = theme.TEXT_DIM,
                bold: bool = False) -> pygame.Surface:
        """The line broken to `width`, each part centred."""
        parts = [self.text(p, size, colour, bold) for p in self.fonts.wrap(line, size, width, bold)]
        surf = pygame.Surface((max(p.get_width() for p in parts), sum(p.get_height() for p in parts)),
                              pygame.SRCALPHA)
        y = 0
        for part in parts:
            surf.blit(part, part.get_rect(midtop=(surf.get_width() // 2, y)))
            y += part.get_height()
        return surf

    # -- the examples -------------------------------------------------------------------------------

    def board(self, excerpt: Excerpt) -> pygame.Surface:
        """The excerpt's spaces and tiles on a dark patch, the Kombo outlined with its points."""
        rows, cols = len(excerpt.rows), max(len(r) for r in excerpt.rows)
        size = excerpt.tile
        pitch = size + GAP
        patch = pygame.Rect(MARGIN, MARGIN, cols * pitch - GAP + 2 * BOARD_PAD, rows * pitch - GAP + 2 * BOARD_PAD)
        surf = pygame.Surface(patch.inflate(2 * MARGIN, 2 * MARGIN).size, pygame.SRCALPHA)
        pygame.draw.rect(surf, BOARD, patch, border_radius=14)
        art = self.art(size)

        def rect(cell: Cell) -> pygame.Rect:
            return pygame.Rect(patch.x + BOARD_PAD + cell[1] * pitch, patch.y + BOARD_PAD + cell[0] * pitch,
                               size, size)

        for r, row in enumerate(excerpt.rows):
            for c, letter in enumerate(row):
                at = rect((r, c))
                if letter == ".":
                    pygame.draw.rect(surf, SPACE, at, border_radius=10)
                    pygame.draw.rect(surf, SPACE_EDGE, at, 2, border_radius=10)
                elif letter == "#":
                    surf.blit(art.back(), at)
                elif letter == "P":
                    # a stack: two backs offset up-left under the top one
                    for shift in (6, 3, 0):
                        surf.blit(art.back(), at.move(-shift, -shift))
                else:
                    surf.blit(art.face(LETTERS[letter]), at)
                    if (r, c) in excerpt.left_out:
                        # veiled: the tile is there but does not count
                        veil = pygame.Surface(at.size, pygame.SRCALPHA)
                        veil.fill((*BOARD, 150))
                        surf.blit(veil, at)
        if excerpt.kombo:
            self.outline(surf, excerpt.kombo, rect)
            corner = max(excerpt.kombo, key=lambda cell: (-cell[0], cell[1]))   # the top row's right end
            x, y = rect(corner).topright
            # just outside the outline's corner, clear of the tile's ability plate
            self.points_chip(surf, excerpt.points, (x + 12, y - 12))
        for cell, good in excerpt.spots.items():
            self.mark(surf, rect(cell).center, size // 5, good)
        for a, b in excerpt.corners:
            # the corner the two tiles share, crossed: a corner is not a side
            ra, rb = rect(a), rect(b)
            x = (ra.right + rb.left) // 2 if rb.left > ra.left else (ra.left + rb.right) // 2
            y = (ra.bottom + rb.top) // 2 if rb.top > ra.top else (ra.top + rb.bottom) // 2
            self.mark(surf, (x, y), 15, good=False)
        for cell, note in excerpt.notes.items():
            label = self.text(note, theme.TINY - 4, theme.TEXT, True)
            at = rect(cell)
            pill = label.get_rect(midbottom=(at.centerx, at.bottom - 2)).inflate(10, 2)
            pygame.draw.rect(surf, INK, pill, border_radius=pill.h // 2)
            surf.blit(label, label.get_rect(center=pill.center))
        return surf

    def outline(self, surf: pygame.Surface, cells: frozenset[Cell],
                rect: Callable[[Cell], pygame.Rect]) -> None:
        """A thick gold line around the group's outer edge (dark underneath, so it shows on light
        tiles and on the dark board alike)."""
        half = GAP // 2 + 1
        edges: list[tuple[tuple[int, int], tuple[int, int]]] = []
        for cell in cells:
            box = rect(cell).inflate(2 * half, 2 * half)
            r, c = cell
            if (r - 1, c) not in cells:
                edges.append((box.topleft, box.topright))
            if (r + 1, c) not in cells:
                edges.append((box.bottomleft, box.bottomright))
            if (r, c - 1) not in cells:
                edges.append((box.topleft, box.bottomleft))
            if (r, c + 1) not in cells:
                edges.append((box.topright, box.bottomright))
        for colour, width in ((INK, OUTLINE + 4), (theme.ACCENT, OUTLINE)):
            for a, b in edges:
                pygame.draw.line(surf, colour, a, b, width)
            for a, b in edges:
                for p in (a, b):
                    pygame.draw.circle(surf, colour, p, width / 2)

    def points_chip(self, surf: pygame.Surface, points: int, at: tuple[int, int]) -> None:
        label = self.text(str(points), theme.SMALL, INK, True)
        chip = label.get_rect(center=at).inflate(16, 4)
        chip.w = max(chip.w, chip.h)
        chip.center = at
        pygame.draw.rect(surf, INK, chip.inflate(4, 4), border_radius=chip.h // 2 + 2)
        pygame.draw.rect(surf, theme.ACCENT, chip, border_radius=chip.h // 2)
        surf.blit(label, label.get_rect(center=chip.center))

    def mark(self, surf: pygame.Surface, centre: tuple[int, int], radius: int, good: bool) -> None:
        """A tick (good) or a cross on a disc with a light rim: the shape carries the meaning."""
        cx, cy = centre
        pygame.draw.circle(surf, theme.TEXT, centre, radius + 2)
        pygame.draw.circle(surf, theme.GOOD if good else theme.BAD, centre, radius)
        w = max(3, radius // 4)
        k = radius * 0.45
        if good:
            points = [(cx - k, cy), (cx - k * 0.2, cy + k * 0.8), (cx + k, cy - k * 0.7)]
            pygame.draw.lines(surf, theme.TEXT, False, points, w)
        else:
            pygame.draw.line(surf, theme.TEXT, (cx - k, cy - k), (cx + k, cy + k), w)
            pygame.draw.line(surf, theme.TEXT, (cx - k, cy + k), (cx + k, cy - k), w)

    def panel(self, excerpt: Excerpt, width: int) -> pygame.Surface:
        """The board with its headline and caption centred under it."""
        board = self.board(excerpt)
        if excerpt.judged:
            colour = theme.ACCENT if excerpt.scores else theme.BAD
            headline = self.text(excerpt.headline, theme.BODY, colour, True)
            mark_r = headline.get_height() // 2 - 2
            head = pygame.Surface((headline.get_width() + 2 * mark_r + 12, headline.get_height()), pygame.SRCALPHA)
            self.mark(head, (mark_r + 1, head.get_height() // 2), mark_r - 1, good=excerpt.scores)
            head.blit(headline, (2 * mark_r + 12, 0))
        else:
            head = self.text(excerpt.headline, theme.BODY, theme.ACCENT, True)
        caption = self.wrapped(excerpt.caption, theme.TINY, max(width, board.get_width()))
        w = max(board.get_width(), head.get_width(), caption.get_width())
        surf = pygame.Surface((w, board.get_height() + 10 + head.get_height() + 2 + caption.get_height()),
                              pygame.SRCALPHA)
        surf.blit(board, board.get_rect(midtop=(w // 2, 0)))
        y = board.get_height() + 10
        surf.blit(head, head.get_rect(midtop=(w // 2, y)))
        surf.blit(caption, caption.get_rect(midtop=(w // 2, y + head.get_height() + 2)))
        return surf

    def examples(self, name: str) -> pygame.Surface:
        excerpts = EXAMPLES[name]
        # a lone excerpt's caption may run wider, so it takes fewer lines
        column = min(self.width // len(excerpts) - 20, 640 if len(excerpts) == 1 else 420)
        return self.row([self.panel(e, column) for e in excerpts], gap=60)

    def row(self, parts: Sequence[pygame.Surface], gap: int) -> pygame.Surface:
        """The parts side by side, top-aligned."""
        surf = pygame.Surface((sum(p.get_width() for p in parts) + gap * (len(parts) - 1),
                               max(p.get_height() for p in parts)), pygame.SRCALPHA)
        x = 0
        for part in parts:
            surf.blit(part, (x, 0))
            x += part.get_width() + gap
        return surf

    # -- the tiles ----------------------------------------------------------------------------------

    def legend(self) -> pygame.Surface:
        """The eight creatures, four to a row: tile, name, Kombo Score, ability symbol and name."""
        per_row = 4
        cell_w = self.width // per_row
        size = 72
        art = self.art(size)
        rows = math.ceil(len(CREATURES) / per_row)
        cell_h = size + 16
        surf = pygame.Surface((cell_w * per_row, rows * cell_h), pygame.SRCALPHA)
        for i, creature in enumerate(CREATURES):
            x, y = (i % per_row) * cell_w, (i // per_row) * cell_h
            surf.blit(art.face(creature), (x, y))
            tx = x + size + 12
            name = self.text(creature, theme.SMALL, theme.TEXT, True)
            surf.blit(name, (tx, y + 2))
            score = SCORES[creature]
            worth = "Score: copies" if score is None else f"Score {score}"
            line = self.text(worth, theme.TINY, theme.ACCENT, True)
            surf.blit(line, (tx, y + 4 + name.get_height()))
            sy = y + 8 + name.get_height() + line.get_height()
            side = 20
            draw_ability_symbol(surf, creature, pygame.Rect(tx, sy, side, side), theme.TEXT_DIM)
            ability = self.text(ABILITY_NAMES[creature], theme.TINY, theme.TEXT_DIM)
            surf.blit(ability, ability.get_rect(midleft=(tx + side + 6, sy + side // 2)))
        return surf

    def anatomy(self) -> pygame.Surface:
        """A large Gorilla with its parts labelled, and a tile back: what a face-down tile looks like."""
        size = 168
        tile = self.art(size).face("Gorilla")
        label_w = 270
        height = size + 40
        back_size = 104
        surf = pygame.Surface((min(self.width, 2 * label_w + size + 60 + back_size + 40), height), pygame.SRCALPHA)
        tile_rect = tile.get_rect(midtop=(label_w + 30 + size // 2, 0))
        surf.blit(tile, tile_rect)
        # TileArt's layout, in fractions of the tile: the score badge top left, the ability plate
        # top right, the name band along the bottom; the arrows stop at their outer edges, so their
        # heads cover nothing
        badge = (tile_rect.x + round(size * 0.04), tile_rect.y + round(size * 0.22))
        plate = (tile_rect.right - round(size * 0.05), tile_rect.y + round(size * 0.215))
        band = (tile_rect.x + round(size * 0.09), tile_rect.y + round(size * 0.8))
        self.callout(surf, ("Kombo Score", "a Kombo scores this per tile"), (label_w, 10), badge, right=False)
        self.callout(surf, ("Ability", "Scatter: triggered as you play it"),
                     (tile_rect.right + 30, 10), plate, right=True)
        self.callout(surf, ("Creature", "its picture and name"), (label_w, size - 40), band, right=False)
        back = self.art(back_size).back()
        back_rect = back.get_rect(topright=(surf.get_width(), 20))
        surf.blit(back, back_rect)
        caption = self.wrapped("Face down: nobody looks", theme.TINY, back_size + 40)
        surf.blit(caption, caption.get_rect(midtop=(back_rect.centerx, back_rect.bottom + 8)))
        return surf

    def callout(self, surf: pygame.Surface, lines: Iterable[str], at: tuple[int, int], target: tuple[int, int],
                right: bool) -> None:
        """A bold label and a dim line beside the tile, with an arrow to the part they name. `at` is
        the label's inner corner (top right of a label on the left, top left on the right)."""
        title, note = lines
        head = self.text(title, theme.SMALL, theme.ACCENT, True)
        body = self.text(note, theme.TINY, theme.TEXT_DIM)
        x, y = at
        for image, dy in ((head, 0), (body, head.get_height())):
            surf.blit(image, image.get_rect(topleft=(x, y + dy)) if right else image.get_rect(topright=(x, y + dy)))
        start = (x - 4, y + head.get_height() // 2) if right else (x + 6, y + head.get_height() // 2)
        self.arrow(surf, start, target)

    def arrow(self, surf: pygame.Surface, start: tuple[int, int], end: tuple[int, int]) -> None:
        dx, dy = end[0] - start[0], end[1] - start[1]
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        head = 14
        base = (end[0] - ux * head, end[1] - uy * head)
        wing = [(base[0] - uy * head * 0.55, base[1] + ux * head * 0.55), end,
                (base[0] + uy * head * 0.55, base[1] - ux * head * 0.55)]
        pygame.draw.line(surf, INK, start, base, 7)
        pygame.draw.polygon(surf, INK, wing, 4)       # a dark rim round the head, as along the shaft
        pygame.draw.line(surf, theme.ACCENT, start, base, 3)
        pygame.draw.polygon(surf, theme.ACCENT, wing)


def draw_figure(name: str, width: int) -> pygame.Surface:
    """The figure called `name` (one of FIGURE_NAMES), at most `width` pixels wide, on a transparent
    background. KeyError for a name it does not draw."""
    painter = _Painter(width)
    if name == "legend":
        return painter.legend()
    if name == "anatomy":
        return painter.anatomy()
    if name in EXAMPLES:
        return painter.examples(name)
    raise KeyError(f"no rules figure called {name!r}; figures: {', '.join(FIGURE_NAMES)}")
