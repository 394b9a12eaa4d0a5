"""The KOMBIO side panel and the round-end veil: what the seat to choose is asked (the prompt), the
scores, the move log, each local player's keys, and the reveal's sums.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.kombio.actions import Call
from game.kombio.events import RoundEnded
from game.kombio.narration import ABILITY_WORDS
from game.kombio.table import ABILITY, DRAWN, GIVE, LOOK, OVER, TURN, value_text
from game.ui.toolkit import theme
from game.ui.toolkit.backdrop import Backdrop
from game.ui.toolkit.input import device_name
from game.ui.toolkit.seat_marks import draw_seat_symbol

from .controls import card_name
from .effects import Reveal, reveal_note

if TYPE_CHECKING:
    from .screen import KombioScene

ABILITY_STEPS = {"look_own": "Select one of your own cards.", "look_other": "Select an opponent's card.",
                 "blind_swap": "Select the first of two cards.", "look_swap": "Select the card to look at.",
                 "double_look_swap": "Select a card to look at."}

Prompt = tuple[int, str, list[str]]        # (the seat it speaks to, -1: nobody; title; lines)


def prompt(scene: KombioScene) -> Prompt:
    view = scene.view
    phase = view.phase
    if phase == OVER:
        return -1, "Game over", [scene.winner_text()]
    reveal = scene.reveal()
    if reveal is not None and reveal.event is not None:
        # the table still shows the round that ended; the next round's prompt waits for it
        return -1, f"Round {reveal.event.round} ends", [
            "Every hand is shown and added", "up: the lowest total wins.",
            "Select: on to the next round" if reveal.skippable else ""]
    if phase == LOOK:
        waiting = [s for s in range(view.players) if not view.looked[s]]
        seat = scene.viewer if scene.viewer is not None else (waiting[0] if waiting else -1)
        return seat, "Look at your near row", ["Once, at the start of the round:", "remember your two near cards."]
    for item in view.pending:
        seat = item.seat
        left = scene.seconds_left(seat)
        clock = f" ({left:.0f} s)" if left is not None else ""
        other = scene.seat_name(item.other)
        if item.kind == GIVE:
            return seat, f"{scene.seat_name(seat)}: give a card{clock}", [
                f"You matched {other}'s card:", "select one of your cards", f"(twice) to fill {other}'s gap."]
        return seat, f"{scene.seat_name(seat)}: penalty{clock}", [
            f"{other} slapped your card wrongly:", "keep it (they draw a card)", "or hand it over to them."]
    turn = view.turn
    name = scene.seat_name(turn)
    actor = scene.turn_actor()
    if actor is None:
        if scene.is_bot(turn):
            return turn, f"{name} (Bot) is playing", ["Slap a matching card any time!"]
        return turn, f"{name} to play", ["Slap a matching card any time!"]
    pick = scene.controls.picked(turn)
    if phase == TURN:
        if pick is not None:
            return turn, "Take: which card?", ["Select the card of your hand", "the discard replaces.",
                                              "Back: put the discard back."]
        if Call(turn) in scene.legal(turn):
            return turn, "Your turn", ["Draw, take the discard", "or call KOMBIO."]
        return turn, "Your turn", ["Draw a card or take the", "top discard."]
    if phase == DRAWN:
        return turn, "You drew a card", ["Select a card of yours to", "replace, or discard it", "(select twice)."]
    ability = view.ability
    seen = scene.peeks()
    if seen:
        lines = ["You saw " + ", ".join(f"{card_name(*place)}: {value_text(value)}" for place, value in seen) + "."]
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
        surf.blit(fitted(text.get(title, 24, colour, True), w - 28), (16, 12))
        for i, line in enumerate(lines[:4]):
            surf.blit(fitted(text.get(line, 20, theme.TEXT), w - 28), (16, 48 + i * 25))
        surf.blit(text.get(goal, 18, theme.TEXT_DIM), (16, h - 28))

    def _scores(self, surf: pygame.Surface, scores: tuple[int, ...]) -> None:
        scene, text, w = self.scene, self.scene.text, surf.get_width()
        surf.blit(text.get("Scores (lowest wins)", 20, theme.TEXT_DIM, True), (14, 10))
        for s, points in enumerate(scores):
            y = 40 + s * 26
            surf.blit(text.get(scene.seat_name(s), 20, theme.seat_colour(s), True), (34, y))
            draw_seat_symbol(surf, s, (20, y + 11), 14, theme.seat_colour(s), theme.BG)
            pts = text.get(str(points), 20, theme.TEXT, True)
            surf.blit(pts, pts.get_rect(topright=(w - 14, y)))

    def _log(self, surf: pygame.Surface, log: tuple[tuple[str, int], ...]) -> None:
        text, w = self.scene.text, surf.get_width()
        for i, (line, by) in enumerate(log):
            col = theme.seat_colour(by) if by >= 0 else theme.TEXT_DIM
            surf.blit(fitted(text.get(line, 16, col), w - 20), (10, 8 + i * 23))

    def _hints(self, surf: pygame.Surface, keys: tuple[tuple[int, str], ...]) -> None:
        text, w = self.scene.text, surf.get_width()
        for i, (seat, line) in enumerate(keys[:5]):
            surf.blit(fitted(text.get(line, 15, theme.seat_colour(seat)), w - 16), (8, 8 + i * 24))

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
                            theme.seat_colour(s), True)
            draw_seat_symbol(surface, s, (veil.x + 26, y + 12), 14, theme.seat_colour(s), theme.PANEL)
            surface.blit(line, (veil.x + 42, y))
        why = fitted(text.get(reveal_note(event, caller), 17, theme.TEXT_DIM), veil.w - 24)
        surface.blit(why, why.get_rect(midbottom=(veil.centerx, veil.bottom - 12)))


__all__ = ["PanelPainter", "hints", "prompt"]
