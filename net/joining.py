"""How a connection joins the host's table (net.host_core): a Hello with a new player's name and the
number of seats it wants, or a reconnect token. Checked before anything changes: the version, the
game, the token. A token whose seat's connection still answers (heard from within `live_for` seconds; the
host pings every 2 s) is refused ("in_use") and the seat's player keeps playing; a token whose connection has gone quiet moves the seat to the new one (the old
one is told why). The host's own token is refused on any connection that has an address (its
client's is in memory). A rejoin that names the step it holds gets the steps it missed, then a
snapshot: a client started again names step 0 (it holds none) and gets the game's steps so far, and
one that holds a step of an earlier game of the table (it missed a NewGame) gets the whole present
game; the last steps only, after a long absence (net.replicator). A press of the rejoining seats
still held in the race window is judged first, so that the steps the rejoin gets tell whether it
counted (its player's peer says so if not, net.peer_core): its ruling would otherwise go to the
old connection, which is gone."""
from __future__ import annotations

import logging
import secrets
from typing import TYPE_CHECKING

from . import messages as m
from .outbox import ConnId, Outbox
from .protocol import PROTOCOL_VERSION

if TYPE_CHECKING:
    from .host_core import HostCore

log = logging.getLogger("net.host_core")     # the host's log: this is part of its core

MAX_SPECTATORS = 8
MOVED = "your seat moved to a newer connection of yours (this one had gone quiet)"
IN_USE = ("that seat is played from another connection, which still answers; if that was yours "
          "and it has just broken, try again in a few seconds")


def refuse(host: HostCore, conn: ConnId, code: str, text: str, now: float) -> Outbox:
    out = Outbox()
    out.send(conn, m.Refused(code, text))
    out.close(conn)
    out.extend(host.disconnect(conn, now))
    return out


def hello(host: HostCore, conn: ConnId, msg: m.Hello, now: float) -> Outbox:
    c = host._conns[conn]
    lobby = host.lobby
    if msg.version != PROTOCOL_VERSION:
        return refuse(host, conn, "wrong_version",
                      f"this host speaks protocol version {PROTOCOL_VERSION}, not {msg.version}", now)
    if c.token is not None:
        out = Outbox()
        out.send(conn, m.ErrorMsg("already_joined", "this connection has already joined"))
        return out
    if msg.game != host.engine.key:
        return refuse(host, conn, "wrong_game", f"this table plays {host.engine.title}, not {msg.game!r}", now)
    out = Outbox()
    if msg.token is not None:
        token = msg.token
        if token not in lobby.holders or (token == host.local_token and c.address is not None):
            return refuse(host, conn, "bad_token", "that reconnect token is not known here", now)
        old = host._conn_of.get(token)
        if old is not None and old != conn:
            oc = host._conns.get(old)
            silent = now - oc.heard if oc is not None else float("inf")
            name = lobby.holders[token]
            if silent < host.live_for:
                # the seat's connection still answers the host's pings: this Hello is a replay,
                # or a second copy of the program; the player keeps the seat
                log.warning("refused a second connection%s for %s's seat: the seat's connection%s "
                            "still answers", _from(c.address), name, _from(oc.address if oc is not None else None))
                return refuse(host, conn, "in_use", IN_USE, now)
            # the same player again on a new connection: the old one is a dead TCP stream that
            # has not timed out yet
            log.info("%s's seat moved to a new connection%s; the old one%s had been silent for %.0f s and "
                     "is closed", name, _from(c.address), _from(oc.address if oc is not None else None), silent)
            out.send(old, m.Bye(MOVED))
            out.close(old)
            host._forget(old)
        losers = {host._conn_of[t] for t in lobby.reclaim(token) if t in host._conn_of}
        _judge_held(host, token, out)
    else:
        free = lobby.open_seats()
        if msg.want > len(free):
            if host.started and not free:
                return refuse(host, conn, "started", "the game has already started", now)
            text = "the table is full" if not free else f"only {len(free)} seat(s) are open, not {msg.want}"
            return refuse(host, conn, "full", text, now)
        if msg.want == 0 and spectators(host) >= MAX_SPECTATORS:
            return refuse(host, conn, "full", "no room for more spectators", now)
        chosen = [s for s in dict.fromkeys(msg.prefer) if s in free][:msg.want]
        chosen += [s for s in free if s not in chosen][:msg.want - len(chosen)]
        token = new_token(host)
        lobby.take(token, msg.name, msg.bot, chosen)
        losers = set()
    c.token = token
    c.udp_key = secrets.token_bytes(m.TOKEN_SIZE)
    host._by_key[c.udp_key] = conn
    host._conn_of[token] = conn
    lobby.here(token)
    host.latency.add(conn)
    welcome(host, out, conn)
    if host.started and msg.token is not None and msg.step is not None and msg.game_no <= host.game_no:
        host.replicator.missed(out, conn, msg.step if msg.game_no == host.game_no else 0)
    if host.started:
        host.replicator.snapshots(out, conn)
    if host.halted:
        out.send(conn, m.ErrorMsg("host_error", host.halted[:m.MAX_TEXT]))
    for other in losers:
        if other != conn:
            welcome(host, out, other)
            if host.started:
                host.replicator.snapshots(out, other)
    host._broadcast_seats(out)
    return out


def _judge_held(host: HostCore, token: bytes, out: Outbox) -> None:
    """The race window holds a press of `token`'s seats (made on its old connection): judge it now,
    before the rejoin is answered (see the module's doc)."""
    window = host.referee.window
    seats = host.seats_of(token)
    if window is not None and host.started and not host.halted and any(h.action.seat in seats for h in window.presses):
        host._referee(host.referee.close, out)


def new_token(host: HostCore) -> bytes:
    token = host._tokens()
    if not isinstance(token, bytes) or len(token) != m.TOKEN_SIZE:
        raise ValueError(f"a token factory must return {m.TOKEN_SIZE} bytes")
    return token


def welcome(host: HostCore, out: Outbox, conn: ConnId) -> None:
    """Tell `conn` what it holds: its token, the game, its seats, the step, its UDP pairing key."""
    c = host._conns[conn]
    token = c.token
    assert token is not None
    out.send(conn, m.Welcome(token, host.engine.key, host.engine.configs.encode(host.config),
                             host.config.players, host.seats_of(token), host.step, host.game_no, c.udp_key))


def spectators(host: HostCore) -> int:
    return sum(1 for c in host._conns.values() if c.token is not None and not host.seats_of(c.token))


def _from(address: tuple | None) -> str:
    """ " from host:port" for the log, or nothing for a connection with no address."""
    if not address:
        return ""
    return f" from {address[0]}:{address[1]}" if len(address) > 1 else f" from {address[0]}"


__all__ = ["IN_USE", "MAX_SPECTATORS", "MOVED", "hello", "new_token", "refuse", "spectators", "welcome"]
