"""LanClient: join a LAN table (net.lan is the facade the scenes import it from)."""
from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable

from game.core.bots import BotDriver
from game.definition import GameDef
from game.games import game_by_key

from . import messages as m
from .client import RECONNECT_FOR, PeerClient
from .lan_bots import bot_ticker, warm_up
from .lan_seats import LanSeat, lan_seats
from .peer_core import PeerCore
from .probe import probe
from .protocol import PROTOCOL_VERSION
from .session import NetSession

_REFUSALS = {
    "full": "The game is full",
    "started": "The game has already started",
    "bad_token": "The host does not know this seat any more",
}


class LanClient:
    """Join a table at `address`: connects in the background; watch `state`."""

    def __init__(self, address: tuple[str, int], *, name: str, want: int = 1, game: str,
                 prefer: tuple[int, ...] = (), token: bytes | None = None,
                 bot: str | None = None, bot_think_time: float = 0.7, bot_inline: bool = False,
                 connect_timeout: float = 5.0, reconnect_for: float = RECONNECT_FOR,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.address = (str(address[0]), int(address[1]))
        self._local_problem = ""
        self._bots: BotDriver | None = None
        try:
            self.info: GameDef | None = game_by_key(game)
        except KeyError:
            self.info = None
        if self.info is None or not self.info.available:
            self._local_problem = f"This client cannot play {game!r}"
            self._client: PeerClient | None = None
            self._session: NetSession | None = None
            return
        engine = self.info.engine()
        peer = PeerCore(engine, name, want, tuple(prefer), token, bot=bot or "")
        self._session = NetSession(engine, peer, self._send)
        self._client = PeerClient(self.address, self._session, connect_timeout=connect_timeout,
                                  reconnect_for=reconnect_for, clock=clock,
                                  name=f"kombo-peer-{name}")
        if bot and self.info.bot_path:
            self._bots = BotDriver(self._session, self.info.bot_path, self.info.engine_path,
                                   seed=secrets.randbelow(2**31), think_time=bot_think_time,
                                   inline=bot_inline)
            self._client.add_ticker(bot_ticker(self._bots, self._session))
            warm_up(self._bots)
        self._client.start()

    def _send(self, msg: m.Message) -> None:
        assert self._client is not None
        self._client.send(msg)

    def replay_data(self) -> bytes | None:
        """The finished game's replay as the host sent it (None before the end, or none sent)."""
        if self._session is None:
            return None
        with self._session.lock:
            return self._session.peer.replay

    @property
    def state(self) -> str:
        """"connecting" | "lobby" | "playing" | "reconnecting" | "refused" | "lost" | "over".
        After "over", "lobby" again if the host plays again at the same table (rematch)."""
        if self._client is None or self._session is None:
            return "refused"
        if self._session.outcome() is not None:
            return "over"
        client = self._client.state
        if client == "refused":
            return "refused"
        if client in ("lost", "closed"):
            return "lost"
        if client == "joined":
            return "playing" if self._session.started else "lobby"
        return client          # connecting, reconnecting

    @property
    def host_left(self) -> bool:
        """The connection to the host is gone for good. `state` stays "over" after a finished game
        (the result is still the news); this says the table will not reopen."""
        return self._client is not None and self._client.state in ("lost", "closed")

    @property
    def refusal_code(self) -> str:
        """The host's reason code when refused ("full", "bad_token", ...), else ""."""
        if self._client is None:
            return ""
        refusal = self._client.refusal or (self._session.peer.refusal if self._session else None)
        return refusal.code if refusal is not None else ""

    @property
    def message(self) -> str:
        """Why the state is refused or lost, for the player."""
        if self._client is None:
            return self._local_problem
        refusal = self._client.refusal or (self._session.peer.refusal if self._session else None)
        if refusal is not None:
            if refusal.code == "wrong_version":
                found = re.search(r"version (\d+)", refusal.text)
                host = found.group(1) if found else "?"
                return f"Different version: host {host}, you {PROTOCOL_VERSION}"
            if refusal.code == "wrong_game":
                return f"Different game: {refusal.text}"
            return _REFUSALS.get(refusal.code, refusal.text[:1].upper() + refusal.text[1:])
        if self.state == "lost":
            problem = self._client.problem
            if self._client.stats.connects == 0:
                return f"Could not reach the host: {problem}" if problem else "Could not reach the host"
            return f"Lost the host: {problem}" if problem else "Lost the host"
        return ""

    def session(self) -> NetSession:
        """The session of the current game (call it again after the host starts a new one)."""
        if self._session is None:
            raise RuntimeError(self._local_problem)
        return self._session

    def seats(self) -> list[LanSeat]:
        return lan_seats(self._session) if self._session is not None else []

    def set_ready(self, ready: bool) -> None:
        if self._session is None or self._client is None:
            return
        with self._session.lock:
            msg = self._session.peer.set_ready(ready)
        self._client.send(msg)

    @property
    def ready(self) -> bool:
        return self._session is not None and self._session.peer.ready

    @property
    def ping_ms(self) -> float | None:
        return self._client.ping_ms if self._client is not None else None

    @property
    def token(self) -> bytes | None:
        """This client's reconnect token, once welcomed (keep it to rejoin after a restart)."""
        return self._session.peer.token if self._session is not None else None

    @property
    def client(self) -> PeerClient | None:
        return self._client

    @property
    def reconnect_left(self) -> float | None:
        """While the host is out of reach: seconds left before this client gives up (the
        countdown a screen shows), else None. Also after the game is over (`state` "over")."""
        return self._client.reconnect_left() if self._client is not None else None

    def close(self, bye: bool = True) -> None:
        """Leave the table. `bye=False` ("stop waiting" for a host that is away): go without a
        word, so that the host keeps this client's seats and it may rejoin later with its token."""
        if self._client is not None:
            self._client.close(bye=bye)
        if self._bots is not None:
            self._bots.close()

    def __enter__(self) -> LanClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def probe_table(address: tuple[str, int], timeout: float = 3.0) -> m.TableInfo:
    """What a host at `address` is hosting (game, seats free, started), without joining. Blocks up
    to `timeout`: call it from a worker thread in a UI. Raises ProbeError."""
    return probe(address, timeout)


__all__ = ["LanClient", "probe_table"]
