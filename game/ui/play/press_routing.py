"""Where a game screen's input goes, the same in every game (game.ui.play.game_screen.GameScreen, whose
handle, handle_raw and handle_close come here).

Pause opens the pause menu. While the curtain is up, a press is the curtain's (its player takes the
screen, anyone else is told whom it waits for) unless the game lets it through (a slap); otherwise it
is the game's while the game is on. The mouse wheel over the move log and Page Up/Down scroll the
log, and closing the window asks first while the game is on.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.toolkit.input import Press

if TYPE_CHECKING:
    from game.ui.play.game_screen import GameScreen


@dataclass
class PressRouting:
    screen: GameScreen[Any]

    def raw(self, event: pygame.event.Event) -> bool:
        screen = self.screen
        screen.changed()       # a wheel or a key of the screen's own may change its choices
        if event.type == pygame.MOUSEMOTION:
            screen.pointer = event.pos               # logical already: App.feed maps it
            screen.pointer_moved(event.pos)
            return False   # others may want the motion too
        if event.type == pygame.MOUSEWHEEL and screen.pointer is not None \
                and screen.log_rect().collidepoint(screen.pointer):
            screen.moves.scroll(int(event.y), screen.LOG_LINES)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = screen.LOG_LINES if event.key == pygame.K_PAGEUP else -screen.LOG_LINES
            screen.moves.scroll(step, screen.LOG_LINES)
            return True
        return False

    def press(self, press: Press) -> bool:
        screen = self.screen
        screen.changed()
        if press.button == "pause":
            screen.app.nav.pause(screen.app, screen.match)
            return True
        waiting = screen.curtain_seat
        if waiting is not None and not screen.passes_curtain(press):
            self._curtain_press(press, waiting)
            return True
        if screen.session.outcome() is None:
            screen.handle_game(press)
        # A game screen takes every press: one its game has no use for (a keyboard zone nobody
        # plays with) must not reach the menus below it.
        return True

    def close(self, event: pygame.event.Event) -> bool:
        screen = self.screen
        if screen.session.outcome() is not None:
            return False
        screen.app.nav.confirm_close(screen.app, screen.match)
        return True

    def _curtain_press(self, press: Press, seat: int) -> None:
        screen = self.screen
        devices = screen.devices_of(seat)
        verdict = screen.curtain.handle(press, seat, devices)
        if verdict == "lift":
            screen.policy.lift()
            screen.curtain.taken()
            screen.show_truth()
            screen.app.audio.play("click")
            screen.viewer_changed()
        elif verdict == "wrong":
            screen.curtain.warn(f"Waiting for {screen.seat_name(seat)} to take the screen", screen.app.now())
            screen.app.audio.play("error")


__all__ = ["PressRouting"]
