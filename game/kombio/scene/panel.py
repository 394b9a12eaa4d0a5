"""The KOMBIO side panel and the round-end veil: what the seat to choose is asked (the prompt), the
scores, the move log, each local player's keys, and the reveal's sums.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.kombio.actions import Call
from game.kombio.events import RoundEnded
from game.kombio.narration import ABILITY_WORDS
from game.kombio.table import ABILITY, DRAWN, GIVE, LOOK, OVER, TURN
from game.ui.toolkit import theme
from game.ui.toolkit.backdrop import Backdrop
from game.ui.toolkit.input import device_name
from game.ui.toolkit.seat_marks import draw_seat_symbol
from game.ui.toolkit.text import draw_text_block, sentence

from .controls import card_name
from .effects import Reveal, reveal_note
from .looks import seen_words

if TYPE_CHECKING:
    from .screen import KombioScene

ABILITY_STEPS = {"look_own": "Select one of your own cards.", "look_other": "Select an opponent's card.",
                 "blind_swap": "Select the first of two cards.", "look_swap": "Select the card to look at.",
                 "double_look_swap": "Select a card to look at."}

LOG_SIZE = 18          # the move log's text
HINT_SIZE = 16         # the keys' text
Prompt = tuple[int, str, list[str]]        # (the seat it speaks to, -1: nobody; title; lines)


def prompt(scene: KombioScene) -> Prompt:
    # what the table shows: the truth once the animations caught up (only then are there buttons)
    view = scene.shown if scene.busy() else scene.view
    phase = view.phase
    if phase == OVER:
        return -1, "Game over", [scene.winner_text()]
    reveal = scene.reveal()
    if reveal is not None and reveal.event is not None:
        # the table still shows the round that ended; the next round's prompt waits for it
        return -1, f"Round {reveal.event.round} ends", [
            "Every hand is shown and added up: the lowest total wins.",
            "Select: on to the next round" if reveal.skippable else ""]
    held = scene.looks.waiting()
    if held is not None:
        key = scene.button_label(held.seat, "select")
        what = "your near row" if held.near_row else card_name(*held.cards[0][0])
        return held.seat, f"You look at {what}", [
            f"{sentence(seen_words(held.cards, held.seat))}.",
            f"Remember it: it goes face down when you press {key} (done looking)."]
    if phase == LOOK:
        waiting = [s for s in range(view.players) if not view.looked[s]]
        seat = scene.viewer if scene.viewer is not None else (waiting[0] if waiting else -1)
        return seat, "Look at your near row", ["Once, at the start of the round: remember your two near cards."]
    for item in view.pending:
        seat = item.seat
        left = scene.seconds_left(seat)
        clock = f" ({left:.0f} s)" if left is not None else ""
        other = scene.seat_name(item.other)
        if item.kind == GIVE:
            return seat, f"{scene.seat_name(seat)}: give a card{clock}", [
                f"You matched {other}'s card: select one of your cards (twice) to fill {other}'s gap."]
        return seat, f"{scene.seat_name(seat)}: penalty{clock}", [
            f"{other} slapped your card wrongly: keep it (they draw a card) or hand it over to them."]
    turn = view.turn
    name = scene.seat_name(turn)
    actor = scene.turn_actor()
    if actor is None:
        slap = [] if scene.match.watched else ["Slap a matching card any time!"]    # nobody slaps a replay
        if scene.is_bot(turn):
            return turn, f"{name} (Bot) is playing", slap
        return turn, f"{name} to play", slap
    pick = scene.controls.picked(turn)
    if phase == TURN:
        if pick is not None:
            return turn, "Take: which card?", ["Select the card of your hand the discard replaces.",
                                              "Back: put the discard back."]
        if Call(turn) in scene.legal(turn):
            return turn, "Your turn", ["Draw, take the discard or call KOMBIO."]
        return turn, "Your turn", ["Draw a card or take the top discard."]
    if phase == DRAWN:
        return turn, "You drew a card", ["Select a card of yours to replace, or discard it (select twice)."]
    ability = view.ability
    seen = scene.peeks()
    if seen:
        lines = [f"You saw {seen_words(seen, turn)}."]
    else:
        lines = []
    if phase == ABILITY and ability == "double_look_swap" and len(view.ability_looks) == 2:
        step = ["Swap them, or Skip."]
    elif pick is not None or (view.ability_looks and ability == "look_swap"):
        step = ["Now the card to swap it with.", "Outlined cards can be chosen."]
    else:
        step = [ABILITY_STEPS.get(ability, "Select a card on the table."), "Outlined cards can be chosen."]
    return turn, f"Ability: {ABILITY_WORDS.get(ability, ability)}", [*lines, *step]


def hints(scene: KombioScene) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for seat in scene.human_seats():
        device = scene.match.plans[seat].device
        if not device:               # a seat nobody plays here (a replay's eyes): no keys to name
            continue
        if device == "mouse":
            out.append((seat, "Mouse: click to choose (twice to commit), right-click a card to slap"))
            continue
        k = scene.key_labels(device)
        out.append((seat, f"{device_name(device)}: {scene.move_label(device)} move, {k.get('select', 'select')} "
                          f"choose, {k.get('back', 'back')} back, {k.get('slap', 'slap')} SLAP"))
    return out


def fitted(surface: pygame.Surface, width: int) -> pygame.Surface:
    """A line of text no wider than `width`: squeezed a little, never cut."""
    if surface.get_width() <= width:
        return surface
    return pygame.transform.smoothscale(surface, (width, surface.get_height()))


class PanelPainter:
    """The side panel's four pieces (prompt, scores, log, keys), each painted into the screen's
    backdrop (game.ui.toolkit.backdrop) only when what it shows changes."""

    def __init__(self, scene: KombioScene) -> None:
        self.scene = scene
        self.layout = scene.layout

    def paint(self, backdrop: Backdrop) -> None:
        scene, lay = self.scene, self.layout
        seat, title, lines = prompt(scene)
        shown = scene.shown
        goal = (f"Round {shown.round} of {shown.rounds}" if shown.rounds
                else f"Round {shown.round}: to {shown.target} points")
        asked = (seat, title, tuple(lines), goal)
        backdrop.piece("prompt", asked, lay.prompt_rect, lambda surf: self._prompt(surf, *asked))
        scores = scene.scores()
        backdrop.piece("scores", scores, lay.scores_rect, lambda surf: self._scores(surf, scores))
        log = tuple(scene.moves.window(scene.LOG_LINES))
        backdrop.piece("log", log, lay.log_box, lambda surf: self._log(surf, log))
        keys = tuple(hints(scene))
        backdrop.piece("hints", keys, lay.hint_rect, lambda surf: self._hints(surf, keys))

    def _prompt(self, surf: pygame.Surface, seat: int, title: str, lines: tuple[str, ...], goal: str) -> None:
        text, w, h = self.scene.text, surf.get_width(), surf.get_height()
        colour = theme.seat_colour(seat) if seat >= 0 else theme.ACCENT
        pygame.draw.rect(surf, colour, (0, 0, 6, h), border_radius=3)
        head = draw_text_block(surf, text, title, pygame.Rect(16, 10, w - 30, 30), size=24, colour=colour,
                               bold=True, mode="shorten")
        body = pygame.Rect(16, head.rect.bottom + 8, w - 30, h - 34 - head.rect.bottom - 8)
        draw_text_block(surf, text, "\n".join(line for line in lines if line), body, size=20)
        surf.blit(text.get(goal, 18, theme.TEXT_DIM), (16, h - 28))

    def _scores(self, surf: pygame.Surface, scores: tuple[int, ...]) -> None:
        scene, text, w = self.scene, self.scene.text, surf.get_width()
        surf.blit(text.get("Scores (lowest wins)", 20, theme.TEXT_DIM, True), (14, 10))
        for s, points in enumerate(scores):
            y = 40 + s * 26
            surf.blit(text.get(scene.seat_name(s), 20, theme.seat_text(s), True), (34, y))
            draw_seat_symbol(surf, s, (20, y + 11), 14, theme.seat_colour(s), theme.BG)
            pts = text.get(str(points), 20, theme.TEXT, True)
            surf.blit(pts, pts.get_rect(topright=(w - 14, y)))

    def _log(self, surf: pygame.Surface, log: tuple[tuple[str, int], ...]) -> None:
        """The newest moves at the foot, each line wrapped at words (never cut), as many as fit."""
        text, w, h = self.scene.text, surf.get_width(), surf.get_height()
        fonts, width = text.fonts, w - 20
        line_h = fonts.get(LOG_SIZE).get_linesize()
        bottom = h - 6
        for line, by in reversed(log):
            rows = len(fonts.wrap(line, LOG_SIZE, width))
            top = bottom - rows * line_h
            if top < 6:
                break
            col = theme.seat_colour(by) if by >= 0 else theme.TEXT_DIM
            draw_text_block(surf, text, line, pygame.Rect(10, top, width, rows * line_h), size=LOG_SIZE,
                            colour=col, min_size=LOG_SIZE)
            bottom = top - 2

    def _hints(self, surf: pygame.Surface, keys: tuple[tuple[int, str], ...]) -> None:
        """Each local player's keys in the panel's text colour (legible on the panel), their seat
        told by its symbol."""
        text, w = self.scene.text, surf.get_width()
        y = 8
        for seat, line in keys[:4]:
            draw_seat_symbol(surf, seat, (16, y + 10), 12, theme.seat_colour(seat), theme.PANEL)
            block = draw_text_block(surf, text, line, pygame.Rect(30, y, w - 38, surf.get_height() - y - 4),
                                    size=HINT_SIZE, colour=theme.TEXT)
            y = block.rect.bottom + 6

    def reveal(self, surface: pygame.Surface, reveal: Reveal) -> None:
        event = reveal.event
        if event is None:
            return
        self.scene.board.faces(surface, event)
        self.veil(surface, event)

    def veil(self, surface: pygame.Surface, event: RoundEnded) -> None:
        scene, text = self.scene, self.scene.text
        veil = self.layout.reveal_rect(len(event.totals))
        pygame.draw.rect(surface, theme.PANEL, veil, border_radius=14)
        pygame.draw.rect(surface, theme.ACCENT, veil, 2, border_radius=14)
        caller = scene.seat_name(event.caller) if event.caller >= 0 else "Nobody"
        title = text.get(f"Round {event.round}: {caller} called", 24, theme.ACCENT, True)
        surface.blit(title, title.get_rect(midtop=(veil.centerx, veil.y + 12)))
        for s, total in enumerate(event.totals):
            y = veil.y + 50 + 34 * s
            bonus = event.added[s] - total
            extra = f" +{bonus}" if bonus > 0 else ""
            line = text.get(f"{scene.seat_name(s)}: hand {total}{extra}  →  {event.scores[s]}", 22,
                            theme.seat_text(s), True)
            draw_seat_symbol(surface, s, (veil.x + 26, y + 12), 14, theme.seat_colour(s), theme.PANEL)
            surface.blit(line, (veil.x + 42, y))
        why = fitted(text.get(reveal_note(event, caller), 17, theme.TEXT_DIM), veil.w - 24)
        surface.blit(why, why.get_rect(midbottom=(veil.centerx, veil.bottom - 12)))


__all__ = ["PanelPainter", "hints", "prompt"]
