"""The LAN overlay over any game scene: who is away, what the game waits for, and the host's way
out of a long wait (give the seat to a bot). A peer that lost its host shows the time it keeps
trying ("Reconnecting to the host… 2:41") and a way out: Stop waiting (X, a click, or Backspace) goes
to the main menu and keeps the seat for a rejoin. A host that stays lost ends the game with a toast.

It is a scene of its own, pushed just above the game: it draws over the game, lets every press it
does not use through, and keeps updating with the game below. The game screen below says where to
put things (GameScreen.seat_rect for the "away" mark, status_rect for the waiting notice).
"""
from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.lobby.lan import back_to_menu
from game.ui.lobby.net_match import STOPPED_WAITING
from game.ui.play.game_screen import GameScreen
from game.ui.toolkit import theme
from game.ui.toolkit.drawing import draw_text
from game.ui.toolkit.input import Press
from game.ui.toolkit.scene import Scene
from game.ui.toolkit.seat_marks import draw_seat_chip
from game.ui.toolkit.theme import PLAYER_COLOURS, PLAYER_NAMES

if TYPE_CHECKING:
    from game.ui.lobby.net_match import LanStatus, NetMatch
    from game.ui.toolkit.app import App

log = logging.getLogger(__name__)

HAND_AFTER = 30.0             # seconds away before the host is offered to hand the seat to a bot
HAND_KEY = pygame.K_b         # no keyboard seat's default zone uses B
STOP_KEY = pygame.K_x         # nor X
PANEL_W = 560


def clock_text(seconds: float) -> str:
    seconds = max(0, int(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}"


def reconnecting_text(left: float | None) -> str:
    """"Reconnecting to the host… 2:41": the time this client keeps trying (rounded up)."""
    if left is None:
        return "Reconnecting to the host…"
    return f"Reconnecting to the host… {clock_text(math.ceil(left))}"


class LanStatusScene(Scene):
    opaque = False
    pauses_below = False

    def __init__(self, app: App, match: NetMatch, game: GameScreen | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.game = game                  # the game scene below, for where to draw
        self.status: LanStatus = match.status(app.now())
        self.offer: int | None = None     # the seat the host may give to a bot now
        self.button: pygame.Rect | None = None
        self._left = False

    # -- what to show -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self._left:
            return
        problem = self.match.problem()
        if problem is not None and self.match.session.outcome() is None:
            self._leave(problem)
            return
        self.match.pump_notices()
        self.status = self.match.status(self.app.now())
        self.offer = self._offer(self.status)

    def _offer(self, status: LanStatus) -> int | None:
        if not status.can_hand_to_bot:
            return None
        long_away = [s for s, t in status.away.items() if t >= HAND_AFTER]
        if not long_away:
            return None
        waited_for = [s for s in long_away if s in status.waiting_on]
        # the seat holding up the game first, else whoever has been gone longest
        return min(waited_for) if waited_for else max(long_away, key=lambda s: status.away[s])

    def _leave(self, message: str) -> None:
        self._left = True
        self.match.close()
        back_to_menu(self.app, message)

    def name(self, seat: int) -> str:
        colour = PLAYER_NAMES[seat]
        names = self.status.names
        player = names[seat] if seat < len(names) else ""
        return f"{colour} ({player})" if player and player != colour else colour

    def waiting_text(self) -> str:
        status = self.status
        if status.reconnecting:
            return reconnecting_text(status.reconnect_left)
        away = [s for s in status.waiting_on if s in status.away]
        if away:
            return f"Waiting for {self.name(away[0])} to reconnect…"
        if status.waiting_on:
            return f"Waiting for a player to take {PLAYER_NAMES[status.waiting_on[0]]}'s seat…"
        return ""

    # -- input ------------------------------------------------------------------------------------

    def stop_waiting(self) -> bool:
        """Leave for the main menu while the host is out of reach; the seat stays ours."""
        if not self.status.reconnecting:
            return False
        self._left = True
        self.app.audio.play("click")
        self.match.stop_waiting()
        back_to_menu(self.app, STOPPED_WAITING, "info")
        return True

    def hand_over(self) -> bool:
        seat = self.offer
        if seat is None:
            return False
        try:
            self.match.hand_to_bot(seat)
        except Exception as exc:  # the seat may have come back meanwhile
            log.info("could not give seat %d to a bot", seat, exc_info=True)
            self.app.toast(f"Could not give the seat to a bot: {exc}", "error")
            return True
        self.app.audio.play("click")
        self.app.toast(f"A bot plays {PLAYER_NAMES[seat]}'s seat until its player returns.", "good")
        self.offer = None
        return True

    def handle_raw(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN or self._left:
            return False
        if event.key == STOP_KEY and self.status.reconnecting:
            return self.stop_waiting()
        if event.key == HAND_KEY and self.offer is not None:
            return self.hand_over()
        return False

    def handle(self, press: Press) -> bool:
        if self._left:
            return False
        if self.status.reconnecting and press.button == "back":
            return self.stop_waiting()
        if (press.device == "mouse" and press.button == "select" and press.pos is not None
                and self.button is not None and self.button.collidepoint(press.pos)):
            if self.status.reconnecting:
                return self.stop_waiting()
            if self.offer is not None:
                return self.hand_over()
        return False

    # -- drawing ----------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        for seat, seconds in sorted(self.status.away.items()):
            self._draw_away(surface, seat, seconds)
        text = self.waiting_text()
        self.button = None
        if text:
            self._draw_notice(surface, text)
        elif self.offer is not None:
            # the game goes on without them for now: a small button out of the players' way
            button = pygame.Rect(16, surface.get_height() - 36, 0, 30)
            self._draw_button(surface, button, theme.TINY)

    def _button_face(self) -> tuple[str, str] | None:
        """The key and the words of the notice's button, if it has one."""
        if self.status.reconnecting:
            return "X", "Stop waiting (your seat is kept)"
        if self.offer is not None:
            return "B", f"Give {PLAYER_NAMES[self.offer]}'s seat to a bot"
        return None

    def _area(self, name: str, *args: Any) -> pygame.Rect | None:
        """Where the game scene below says `name` is (its seat_rect or status_rect); None without a
        game scene, or for an empty rect (a game with no seat cards)."""
        if self.game is None:
            return None
        where = self.game.seat_rect(*args) if name == "seat_rect" else self.game.status_rect()
        return pygame.Rect(where) if where.width and where.height else None

    def _draw_away(self, surface: pygame.Surface, seat: int, seconds: float) -> None:
        fonts = self.app.fonts
        label = fonts.render(f"away {clock_text(seconds)}", theme.TINY, theme.TEXT, True)
        chip = label.get_height() + 2          # the seat's chip (its colour and symbol) before the text
        pill = pygame.Rect(0, 0, label.get_width() + 18 + chip, label.get_height() + 8)
        card = self._area("seat_rect", seat)
        if card is not None:
            pill.bottomright = (card.right - 12, card.bottom - 8)
        else:   # no cards to mark: a column of pills at the top right
            pill.topright = (surface.get_width() - 16, 16 + seat * (pill.height + 6))
            label = fonts.render(f"{PLAYER_NAMES[seat]} away {clock_text(seconds)}", theme.TINY,
                                 theme.TEXT, True)
            pill.width = label.get_width() + 18 + chip
            pill.right = surface.get_width() - 16
        pygame.draw.rect(surface, theme.BAD, pill, border_radius=pill.height // 2)
        pygame.draw.rect(surface, PLAYER_COLOURS[seat], pill, 2, border_radius=pill.height // 2)
        draw_seat_chip(surface, seat, (pill.x + 4 + chip // 2, pill.centery), chip // 2)
        surface.blit(label, label.get_rect(center=(pill.centerx + chip // 2, pill.centery)))

    def _draw_notice(self, surface: pygame.Surface, text: str) -> None:
        fonts = self.app.fonts
        area = self._area("status_rect") or surface.get_rect()
        lines = fonts.wrap(text, theme.BODY, PANEL_W - 48) if text else []
        face = self._button_face()
        height = 28 + 38 * len(lines) + (84 if face is not None else 0) + 10
        panel = pygame.Rect(0, 0, PANEL_W, height)
        panel.center = area.center
        shade = pygame.Surface(panel.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (14, 12, 24, 228), shade.get_rect(), border_radius=theme.RADIUS * 2)
        surface.blit(shade, panel)
        edge = PLAYER_COLOURS[self.status.waiting_on[0]] \
            if self.status.waiting_on and not self.status.reconnecting else theme.ACCENT
        pygame.draw.rect(surface, edge, panel, 3, border_radius=theme.RADIUS * 2)
        y = panel.y + 24
        for line in lines:
            draw_text(surface, fonts, line, (panel.centerx, y), anchor="midtop")
            y += 38
        if face is None:
            return
        button = pygame.Rect(0, 0, PANEL_W - 60, 50)
        button.midtop = (panel.centerx, y + 8)
        self._draw_button(surface, button, theme.SMALL)

    def _draw_button(self, surface: pygame.Surface, button: pygame.Rect, size: int) -> None:
        """The notice's button (stop waiting, or hand the seat to a bot) with its key; a zero width
        fits the text."""
        face = self._button_face()
        assert face is not None
        cap_text, words = face
        fonts = self.app.fonts
        label = fonts.render(words, size, theme.TEXT)
        side = button.height - 8 if button.height < 40 else button.height - 18
        if button.width == 0:
            button.width = side + label.get_width() + 44
        pygame.draw.rect(surface, theme.PANEL_HI, button, border_radius=theme.RADIUS)
        pygame.draw.rect(surface, theme.ACCENT, button, 2, border_radius=theme.RADIUS)
        cap = pygame.Rect(0, 0, side, side)
        cap.midleft = (button.x + 12, button.centery)
        pygame.draw.rect(surface, theme.ACCENT, cap, border_radius=6)
        key = fonts.render(cap_text, size, theme.BG, True)
        surface.blit(key, key.get_rect(center=cap.center))
        surface.blit(label, label.get_rect(midleft=(cap.right + 12, button.centery)))
        self.button = button
