"""Kombo Klash! side panels: the seat cards (left) and the right column (what to do now with its
buttons, the acting device's keys, the move log). Each is described by a frozen dataclass and
rendered to a surface only when that description changes (equal descriptions, equal pictures). No
button is drawn lit: the player's focus frame (drawn by the game screen) shows where Select acts."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.toolkit import theme
from game.ui.toolkit.seat_marks import draw_seat_symbol
from game.ui.toolkit.text import TextCache, text_fitting

from .art import KOMBO, SpriteBank, panel
from .layout import Layout


@dataclass(frozen=True)
class SeatLine:
    seat: int
    name: str
    label: str            # "Keys WASD", "Bot (easy)"
    score: int
    hand: int             # tiles in hand
    active: bool          # this seat's turn
    playing: bool         # in this round (a tie-break round leaves the others out)
    scored: bool          # has scored a Kombo this turn
    reached: bool         # at or past the target
    tiles: tuple[str, ...] = ()   # the hand's tiles, shown only with everything revealed (a replay)


def draw_tag(surface: pygame.Surface, text: TextCache, label: str, pos: tuple[int, int],
             colour: tuple[int, ...], fg: tuple[int, ...] = theme.BG) -> int:
    """A small pill; returns its width."""
    lab = text.get(label, 18, fg, True)
    rect = pygame.Rect(pos[0], pos[1], lab.get_width() + 14, 22)
    pygame.draw.rect(surface, colour, rect, border_radius=11)
    surface.blit(lab, lab.get_rect(center=rect.center))
    return rect.w


def draw_card(surf: pygame.Surface, text: TextCache, bank: SpriteBank, line: SeatLine) -> None:
    """One seat's card, filling `surf` (an opaque copy of the background under the card: drawn
    straight onto it, so it blits fast and is redrawn only when its seat's line changes)."""
    card = surf.get_rect()
    colour = theme.seat_colour(line.seat)
    if line.active:
        panel(surf, card, theme.PANEL_HI, colour, 4)
    else:
        panel(surf, card, theme.PANEL if line.playing else (32, 30, 48))
    pygame.draw.rect(surf, colour, pygame.Rect(card.x, card.y + 12, 10, card.h - 24), border_radius=5)
    x = card.x + 22
    name = text.get(line.name, 34, theme.seat_text(line.seat), True)
    ny = card.y + 10 + name.get_height() // 2
    draw_seat_symbol(surf, line.seat, (x + 11, ny - 1), 22, colour)
    surf.blit(name, (x + 28, card.y + 10))
    if line.active:
        # a turn marker beside the name: an open chevron, unlike any seat's symbol
        tx = x + 28 + name.get_width() + 10
        pygame.draw.lines(surf, colour, False, [(tx, ny - 9), (tx + 8, ny - 1), (tx, ny + 7)], 4)
    label = line.label if line.playing else f"{line.label} · sits out this round"
    surf.blit(text_fitting(text, label, 20, card.w - 110, theme.TEXT_DIM), (x, card.y + 42))
    # at the target: the score in gold (the track shows it too)
    score = text.get(str(line.score), 56, theme.ACCENT if line.reached else theme.TEXT, True)
    surf.blit(score, score.get_rect(topright=(card.right - 16, card.y + 6)))
    pts = text.get("points", 17, theme.TEXT_DIM)
    surf.blit(pts, pts.get_rect(topright=(card.right - 16, card.y + 50)))
    # the hand as small backs: how many tiles, never which (their faces only with everything revealed)
    hy = card.bottom - 34
    shown = min(line.hand, 8)
    pitch = 15
    if line.tiles:
        pitch = 25
        for i, creature in enumerate(line.tiles[:shown]):
            surf.blit(bank.face(creature, 24), (x + i * pitch, hy - 2))
    else:
        back = bank.back(22)
        for i in range(shown):
            surf.blit(back, (x + i * pitch, hy))
    count = text.get(f"×{line.hand}" if line.hand else "no tiles", 20, theme.TEXT, True)
    surf.blit(count, (x + shown * pitch + (12 if line.hand else 0), hy + 1))
    if line.scored:
        lab = text.get("Kombo scored", 18, theme.BG, True)
        draw_tag(surf, text, "Kombo scored", (card.right - 16 - lab.get_width() - 14, hy), KOMBO)


@dataclass(frozen=True)
class Button:
    label: str
    enabled: bool = True
    kind: str = "normal"          # "normal", "kombo" (scores one), "quiet"


@dataclass(frozen=True)
class PromptBox:
    """What the box at the top right shows; equal values draw equal pictures (the cache key)."""

    seat: int                     # the seat the prompt is for, -1 for nobody
    title: str
    detail: tuple[str, ...]
    buttons: tuple[Button, ...]
    urgent: bool                  # a question waits for an answer: the box glows


PROMPT_TITLE = 26        # every prompt's title and detail at one size each: the words are written to fit
PROMPT_TEXT = 22
PROMPT_LINES = 3         # the detail's room above the first button


def prompt_lines(text: TextCache, detail: tuple[str, ...], width: int) -> list[str]:
    """The detail, one paragraph, broken into lines `width` pixels wide at the one detail size."""
    return text.fonts.wrap(" ".join(detail), PROMPT_TEXT, width) if detail else []


def draw_prompt(surf: pygame.Surface, layout: Layout, text: TextCache, p: PromptBox) -> None:
    """What to do now and its buttons, onto `surf`: an opaque copy of the background under the box."""
    box = surf.get_rect()
    colour = theme.seat_colour(p.seat) if p.seat >= 0 else theme.TEXT
    edge = KOMBO if p.urgent else (colour if p.seat >= 0 else None)
    panel(surf, box, theme.PANEL, edge, 4 if p.urgent else 2)
    tx = box.x + 14
    if p.seat >= 0:
        draw_seat_symbol(surf, p.seat, (tx + 10, box.y + 25), 20, colour)
        tx += 28
    words = theme.seat_text(p.seat) if p.seat >= 0 else theme.TEXT
    title = text_fitting(text, p.title, PROMPT_TITLE, box.right - 14 - tx, words, True)
    surf.blit(title, (tx, box.y + 12))
    y = box.y + 50
    for line in prompt_lines(text, p.detail, box.w - 28)[:PROMPT_LINES]:
        surf.blit(text.get(line, PROMPT_TEXT, theme.TEXT), (box.x + 14, y))
        y += 22
    origin = layout.prompt_rect.topleft
    for i, button in enumerate(p.buttons[:layout.MAX_BUTTONS]):
        rect = layout.button_rect(i).move(-origin[0], -origin[1])
        _button(surf, text, rect, button)


def draw_hints(surf: pygame.Surface, text: TextCache, seat: int, title: str,
               hints: tuple[tuple[str, str], ...]) -> None:
    """The acting device's keys, onto an opaque copy of the background under the box."""
    hint = surf.get_rect()
    colour = theme.seat_text(seat) if seat >= 0 else theme.TEXT
    panel(surf, hint, theme.PANEL)
    surf.blit(text_fitting(text, title, 21, hint.w - 24, colour, True), (hint.x + 12, hint.y + 8))
    y = hint.y + 32
    for key, what in hints[:6]:
        k = text.get(key, 20, theme.ACCENT, True)
        surf.blit(k, (hint.x + 12, y))
        kx = hint.x + 12 + max(78, k.get_width() + 8)
        surf.blit(text_fitting(text, what, 20, hint.right - 10 - kx, theme.TEXT), (kx, y))
        y += 17


def _button(surf: pygame.Surface, text: TextCache, rect: pygame.Rect, button: Button) -> None:
    if not button.enabled:
        pygame.draw.rect(surf, (44, 41, 66), rect, border_radius=12)
        lab = text_fitting(text, button.label, 26, rect.w - 20, (110, 104, 132), True)
    elif button.kind == "kombo":
        # gold as the board's Kombo outlines: what the button scores, not where the focus is
        pygame.draw.rect(surf, KOMBO, rect, border_radius=12)
        lab = text_fitting(text, button.label, 26, rect.w - 20, theme.BG, True)
    else:
        pygame.draw.rect(surf, theme.PANEL_HI if button.kind != "quiet" else (50, 46, 76), rect, border_radius=12)
        pygame.draw.rect(surf, theme.TEXT_DIM, rect, 2, border_radius=12)
        lab = text_fitting(text, button.label, 26, rect.w - 20, theme.TEXT, True)
    surf.blit(lab, lab.get_rect(center=rect.center))
