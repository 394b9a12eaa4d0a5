"""Kabooom! side panels: the player cards (left) and the action panel (right: tray, pass button,
controls, move log). Each piece is painted into the screen's backdrop (game.ui.toolkit.backdrop) only
when what it shows changes, onto a surface the size of its own rect."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.kabooom.rules import TABLE
from game.kabooom.summary import points_text
from game.ui.toolkit import theme
from game.ui.toolkit.seat_marks import draw_seat_symbol
from game.ui.toolkit.text import TextCache, fit, text_fitting

from .art import SYMBOL_NAMES, SYMBOLS, Colour, CounterArt, panel
from .layout import Layout


@dataclass(frozen=True)
class SeatLine:
    """What a player card shows about one seat."""

    seat: int
    name: str
    label: str            # "Keys WASD", "Bot (easy)"
    score: int
    towers: tuple[int, ...]
    to_place: int
    pool: tuple[int, ...]
    out: int
    can_move: bool
    passed: bool
    active: bool
    difficulty: str       # how its towers score
    brought: int          # the counters each player brings to the game


def draw_tag(surface: pygame.Surface, text: TextCache, label: str, pos: tuple[int, int], colour: Colour,
             fg: Colour = theme.BG) -> int:
    """A small pill; returns its width."""
    lab = text.get(label, 20, fg, True)
    rect = pygame.Rect(pos[0], pos[1], lab.get_width() + 14, 22)
    pygame.draw.rect(surface, colour, rect, border_radius=11)
    surface.blit(lab, lab.get_rect(center=rect.center))
    return rect.w


def draw_card(surf: pygame.Surface, text: TextCache, art: CounterArt, line: SeatLine, phase: str) -> None:
    """One player's card, filling `surf`."""
    card = surf.get_rect()
    colour = theme.seat_colour(line.seat)
    if line.active:
        panel(surf, card, theme.PANEL_HI, colour)
        pygame.draw.rect(surf, colour, card, 4, border_radius=16)
    else:
        panel(surf, card, theme.PANEL)
    pygame.draw.rect(surf, colour, pygame.Rect(card.x, card.y + 14, 10, card.h - 28), border_radius=5)
    x = card.x + 24
    name = text.get(line.name, 38, theme.seat_text(line.seat), True)
    ny = card.y + 12 + name.get_height() // 2
    draw_seat_symbol(surf, line.seat, (x + 12, ny - 2), 24, colour)      # the seat's symbol
    surf.blit(name, (x + 32, card.y + 12))
    if line.active:
        # a turn marker beside the name: an open chevron, unlike any seat's symbol
        tx = x + 32 + name.get_width() + 10
        pygame.draw.lines(surf, colour, False, [(tx, ny - 10), (tx + 9, ny - 1), (tx, ny + 8)], 4)
    surf.blit(text.get(line.label, 22, theme.TEXT_DIM), (x, card.y + 48))
    score = text.get(str(line.score), 64, theme.TEXT, True)
    surf.blit(score, score.get_rect(topright=(card.right - 18, card.y + 10)))
    pts = text.get("points", 18, theme.TEXT_DIM)
    surf.blit(pts, pts.get_rect(topright=(card.right - 18, card.y + 58)))
    y = card.y + 78
    if phase == "place":
        surf.blit(text.get(f"To place: {line.to_place} of your {line.brought}", 24, theme.TEXT), (x, y))
        px = x
        for symbol, count in zip(SYMBOLS, line.pool):
            icon = art.glyph(symbol, 24)
            if count == 0:
                icon = icon.copy()
                icon.set_alpha(70)
            surf.blit(icon, (px, y + 24))
            surf.blit(text.get(f"×{count}", 22, theme.TEXT if count else theme.TEXT_DIM), (px + 27, y + 29))
            px += 60
    else:
        # each tower's height and what it scores: the sum is the score at the top right
        room = card.right - 16 - x
        words = points_text(line.towers, line.difficulty)
        if text.fonts.width(words, 22) > room:       # many towers: each height once, with its count
            words = points_text(line.towers, line.difficulty, grouped=True)
        surf.blit(text_fitting(text, words, 26, room, theme.TEXT), (x, y))
    tx, ty = x, card.y + card.h - 30
    if phase == "capture" and line.passed:
        tx += draw_tag(surf, text, "passed", (tx, ty), theme.TEXT_DIM) + 6
    if phase == "capture" and not line.can_move:
        tx += draw_tag(surf, text, "no moves", (tx, ty), theme.BAD) + 6
    if line.out:
        tx += draw_tag(surf, text, f"{line.out} blown up", (tx, ty), (120, 110, 150), theme.TEXT) + 6


@dataclass(frozen=True)
class ActionPanel:
    """What the right panel shows; equal values render equal panels (the cache key)."""

    mode: str                     # "place", "capture", "wait", "bot", "over"
    seat: int                     # acting seat, or -1
    seat_name: str
    title: str
    detail: str
    pool: tuple[int, ...]
    chosen: str
    selected_stack: tuple[tuple[int, str], ...]
    pass_state: str               # "off", "ready", "confirm"
    hints: tuple[tuple[str, str], ...]
    hint_title: str
    log: tuple[tuple[str, int], ...]
    tray_hint: str = ""           # " · Q: next" for the acting keyboard
    log_earlier: int = 0          # moves above the log's window (the players may scroll back)
    pass_label: str = "Click again to pass"


def draw_action_box(surf: pygame.Surface, layout: Layout, text: TextCache, art: CounterArt, p: ActionPanel) -> None:
    """The box of the seat to act: its title, the tray while placing, the picked tower, a word."""
    origin = layout.action_box.topleft

    def local(rect: pygame.Rect) -> pygame.Rect:
        return rect.move(-origin[0], -origin[1])

    colour = theme.seat_colour(p.seat) if p.seat >= 0 else theme.TEXT
    box = surf.get_rect()
    panel(surf, box, theme.PANEL, colour if p.seat >= 0 else None)
    title_x = box.x + 16
    if p.seat >= 0:
        draw_seat_symbol(surf, p.seat, (title_x + 10, box.y + 23), 20, colour)
        title_x += 28
    words = theme.seat_text(p.seat) if p.seat >= 0 else theme.TEXT
    surf.blit(text_fitting(text, p.title, 28, box.right - 16 - title_x, words, True), (title_x, box.y + 14))
    if p.mode == "place":
        for i, symbol in enumerate(SYMBOLS):
            slot = local(layout.tray_slot(i))
            count = p.pool[i] if i < len(p.pool) else 0
            chosen = symbol == p.chosen
            pygame.draw.rect(surf, theme.PANEL_HI if chosen else (50, 46, 76), slot, border_radius=12)
            if chosen:
                pygame.draw.rect(surf, theme.ACCENT, slot, 4, border_radius=12)
            icon = art.counter(p.seat, symbol, 54)
            if count == 0:
                icon = icon.copy()
                icon.set_alpha(60)
            surf.blit(icon, icon.get_rect(midtop=(slot.centerx, slot.y + 6)))
            lab = text.get(f"×{count}", 24, theme.TEXT if count else theme.TEXT_DIM, True)
            surf.blit(lab, lab.get_rect(midbottom=(slot.centerx, slot.bottom - 4)))
        name = text_fitting(text, f"{SYMBOL_NAMES.get(p.chosen, '')} chosen{p.tray_hint}", 22, box.w - 32,
                            theme.ACCENT)
        surf.blit(name, (box.x + 16, box.bottom - 32))
    elif p.mode == "capture" and p.selected_stack:
        owner, symbol = p.selected_stack[-1]
        icon = art.counter(owner, symbol, 70)
        surf.blit(icon, (box.x + 16, box.y + 56))
        height = len(p.selected_stack)
        surf.blit(text.get(SYMBOL_NAMES[symbol] if height == 1 else f"{SYMBOL_NAMES[symbol]} tower", 28,
                           theme.TEXT, True), (box.x + 100, box.y + 62))
        surf.blit(text.get(f"height {height}", 24, theme.TEXT_DIM), (box.x + 100, box.y + 90))
        dynamite = symbol == "D"
        lines = (("Circled with a blast: blow", "up both towers") if dynamite else
                 ("Circled squares: where it", "may move. Pick one."))
        for i, line in enumerate(lines):
            surf.blit(text.get(line, 23, theme.TEXT_DIM), (box.x + 16, box.y + 136 + 22 * i))
    elif p.detail and p.mode != "place":
        for i, line in enumerate(p.detail.split("\n")):
            surf.blit(text.get(line, 24, theme.TEXT_DIM), (box.x + 16, box.y + 56 + 28 * i))


def draw_pass_button(surf: pygame.Surface, text: TextCache, state: str, label: str) -> None:
    """Pass: dim while it cannot be pressed, plain while it can, gold while a second press passes."""
    button = surf.get_rect()
    if state == "off":
        pygame.draw.rect(surf, (44, 41, 66), button, border_radius=14)
        lab = text.get("Pass", 32, (96, 92, 116), True)
    elif state == "confirm":
        pygame.draw.rect(surf, theme.ACCENT, button, border_radius=14)
        lab = text_fitting(text, label, 32, button.w - 24, theme.BG, True)
    else:
        pygame.draw.rect(surf, theme.PANEL_HI, button, border_radius=14)
        pygame.draw.rect(surf, theme.TEXT_DIM, button, 2, border_radius=14)
        lab = text.get("Pass", 32, theme.TEXT, True)
    surf.blit(lab, lab.get_rect(center=button.center))


def draw_hints(surf: pygame.Surface, text: TextCache, seat: int, title: str,
               hints: tuple[tuple[str, str], ...]) -> None:
    hint = surf.get_rect()
    colour = theme.seat_text(seat) if seat >= 0 else theme.TEXT
    panel(surf, hint, theme.PANEL)
    surf.blit(text_fitting(text, title, 22, hint.w - 28, colour, True), (hint.x + 14, hint.y + 10))
    y = hint.y + 36
    for key, what in hints[:5]:
        k = text.get(key, 22, theme.ACCENT, True)
        surf.blit(k, (hint.x + 14, y))
        surf.blit(text.get(what, 22, theme.TEXT), (hint.x + 14 + max(96, k.get_width() + 10), y))
        y += 18


def render_rules_box(layout: Layout, text: TextCache, art: CounterArt, difficulty: str) -> pygame.Surface:
    """Static: which symbol beats which, and how towers score (goes into the background)."""
    box = layout.rules_box
    surf = pygame.Surface(box.size, pygame.SRCALPHA)
    panel(surf, surf.get_rect(), (36, 33, 56))
    off = TABLE.offset[difficulty]
    cut = f" − {off}" if off else ""
    title = f"{difficulty.capitalize()}: a tower scores its height{cut}"
    surf.blit(text_fitting(text, title, 22, box.w - 28, theme.TEXT, True), (14, 10))
    # three "A beats B" pairs: glyph, a chevron, glyph
    x, y = 14, 38
    for a, b in (("R", "S"), ("S", "P"), ("P", "R")):
        surf.blit(art.glyph(a, 30), (x, y))
        cx, cy = x + 41, y + 15
        pygame.draw.polygon(surf, theme.ACCENT, [(cx - 5, cy - 8), (cx + 5, cy), (cx - 5, cy + 8)])
        surf.blit(art.glyph(b, 30), (x + 52, y))
        x += 96
    y = 76
    surf.blit(art.glyph("D", 30), (14, y))
    surf.blit(text.get("Dynamite takes all and explodes", 20, theme.TEXT_DIM), (52, y))
    surf.blit(text.get("Same takes same · only D onto D", 20, theme.TEXT_DIM), (52, y + 18))
    return fit(surf)
