"""Bots at a LAN table: a host's or a bot client's BotDriver, ticked in the socket thread (net.lan)."""
from __future__ import annotations

import logging
from collections.abc import Callable

from game.core.bots import BotDriver
from game.core.errors import IllegalActionError

from .session import NetSession

log = logging.getLogger("net.lan")     # the LAN facade's news, in its log lines


def bot_ticker(driver: BotDriver, session: NetSession) -> Callable[[float], None]:
    """The bots' turn in the socket thread. Only on a live connection with a settled view: while
    reconnecting or resyncing the table may move on without us."""
    def tick(now: float) -> None:
        with session.lock:
            peer = session.peer
            live = peer.phase == "joined" and not peer.awaiting_snapshot and peer.started
        if not live or session.outcome() is not None:
            return
        try:
            driver.update(now)
        except IllegalActionError:
            pass        # the view changed between choosing and sending: it chooses again
    return tick


def warm_up(driver: BotDriver) -> None:
    """Start the bots' worker process now, so the first bot move does not wait for it."""
    try:
        driver.warm_up()
    except (OSError, ValueError, NotImplementedError) as exc:
        log.info("bots decide in this process: no worker (%s)", exc)   # the driver falls back


__all__ = ["bot_ticker", "warm_up"]
