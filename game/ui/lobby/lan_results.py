"""The results of a LAN game (a NetMatch): the table stays. The host gets "Play again" (the facade's
rematch(), back to the waiting room with the same players); a peer may stay for the host's next game,
and goes to the waiting room by itself when the host reopens the table, or "Leave table". While the
host is out of reach the peer reads how long it keeps trying, and "Leave table" reads "Stop waiting"."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from game.ui.lobby.lan import back_to_menu
from game.ui.lobby.lan_status import reconnecting_text
from game.ui.lobby.net_match import reconnect_left
from game.ui.lobby.waiting_room import DEFAULT_MESSAGES, WaitingRoom
from game.ui.screens.results import ResultsScene
from game.ui.toolkit.menu_items import Button, Item

if TYPE_CHECKING:
    from game.ui.lobby.net_match import NetMatch
    from game.ui.toolkit.app import App

log = logging.getLogger(__name__)

STAY_NOTE = "Stay here: the host may start another game"
LEFT_NOTE = "The host has left the table"
STOPPED = "Stopped waiting for the host."


class LanResultsScene(ResultsScene):
    def __init__(self, app: App, match: NetMatch) -> None:
        self.net = match
        self.lan: Any = match.lan
        self.is_peer = not match.is_host
        super().__init__(app, match)

    def buttons(self) -> list[Item]:
        if self.is_peer:
            self.note = STAY_NOTE
            self.leave_button = Button("Leave table", self.leave_table, centred=True)
            return [*self.replay_buttons(), self.leave_button]
        items: list[Item] = [*self.replay_buttons(), Button("Main menu", self.main_menu, centred=True)]
        if hasattr(self.lan, "rematch"):
            items.insert(0, Button("Play again", self.play_again, centred=True))
        return items

    def play_again(self) -> None:
        """The host reopens the table: everyone goes back to the waiting room, same seats."""
        try:
            self.lan.rematch()
        except Exception as exc:  # e.g. the facade says the game is not over
            log.warning("could not play again", exc_info=True)
            self.app.audio.play("error")
            self.app.toast(f"Could not play again: {exc}", "error")
            return
        self._to_waiting_room(self.lan)

    def leave_table(self) -> None:
        """A peer leaves on purpose: its seat is given up (no rejoin token kept)."""
        rejoin = getattr(self.match, "rejoin", None)
        if rejoin is not None:
            rejoin.memory.forget(rejoin.address, rejoin.game)
        self.main_menu()

    def stop_waiting(self) -> None:
        """The host is out of reach: to the main menu without a word to it (nothing is given up)."""
        self._left = True
        self.net.stop_waiting()
        self.app.nav.main_menu(self.app, STOPPED, "info")

    def _follow_reconnect(self) -> None:
        """The note and the button follow whether the host is out of reach just now."""
        left = reconnect_left(self.lan)
        if left is not None:
            self.note = reconnecting_text(left)
            self.leave_button.label, self.leave_button.on_select = "Stop waiting", self.stop_waiting
        elif self.leave_button.label != "Leave table":
            self.note = LEFT_NOTE if getattr(self.lan, "host_left", False) else STAY_NOTE
            self.leave_button.label, self.leave_button.on_select = "Leave table", self.leave_table

    def _to_waiting_room(self, lan: Any) -> None:
        match = self.net
        devices = match.given_devices or dict(match.devices)
        room = WaitingRoom(self.app, match.info, lan, devices=devices,
                           host=not self.is_peer, where=getattr(match, "where", ""),
                           rejoin=getattr(match, "rejoin", None))
        self._left = True               # the waiting room owns the connection from here on
        self.app.nav.main_menu(self.app)
        self.app.push(room)

    def _next_game_begun(self) -> bool:
        """A game is on that is not the one shown here (never re-enter a finished one)."""
        try:
            return self.lan.session().outcome() is None
        except Exception:  # no session yet: the waiting room would wait anyway
            log.debug("no session yet", exc_info=True)
            return False

    def update(self, dt: float) -> None:
        if self._left:
            return
        super().update(dt)          # the story, once the host's replay is here
        rejoin = getattr(self.match, "rejoin", None)
        if rejoin is not None:
            fresh = rejoin.follow(self.lan)       # forgets the seat at "over", keeps it again after
            if fresh is not None:                  # the host forgot our token: join afresh
                self._to_waiting_room(fresh)
                return
        if self.is_peer:
            state = getattr(self.lan, "state", "")
            if state in ("lost", "refused"):
                message = getattr(self.lan, "message", "") or DEFAULT_MESSAGES[state]
                self._left = True
                self.match.close()
                back_to_menu(self.app, message)
                return
            self._follow_reconnect()
            if state == "over" and getattr(self.lan, "host_left", False) and self.note != LEFT_NOTE:
                self.note = LEFT_NOTE       # the results stay readable; only the hint changes
            if state == "lobby" or (state == "playing" and self._next_game_begun()):
                self._to_waiting_room(self.lan)     # the host reopened the table (or began already)
                return
        self.net.pump_notices()

