"""The host's listening sockets (net.server): a TCP socket and a UDP one on the same port, and the
word a connection gets when there is no room for it."""
from __future__ import annotations

import errno
import socket
from collections.abc import Sequence

from game.core.errors import KomboError

from . import messages as m
from .protocol import encode_frame

LISTEN_BACKLOG = 128
BUSY = "the host is busy: too many connections are waiting to join; try again in a moment"


class ServerError(KomboError):
    """The server could not start: no port to listen on, a bad bind address."""


def bind_pair(bind: str, ports: Sequence[int]) -> tuple[socket.socket, socket.socket]:
    """A listening TCP socket and a UDP socket on the same port: the first of `ports` where both
    can be had (0: any free port)."""
    last: OSError | None = None
    for port in ports:
        for _ in range(20 if port == 0 else 1):
            tcp = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            try:
                # a restarted host (resume after a crash) gets its old port back at once, not after
                # TIME_WAIT; a port another *listening* socket holds is still refused
                tcp.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                tcp.bind((bind, port))
                tcp.listen(LISTEN_BACKLOG)
                actual = tcp.getsockname()[1]
                udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
                try:
                    udp.bind((bind, actual))
                except OSError:
                    udp.close()
                    raise
            except OSError as exc:
                tcp.close()
                last = exc
                if exc.errno not in (errno.EADDRINUSE, errno.EACCES):
                    raise ServerError(f"cannot listen on {bind}:{port}: {exc.strerror or exc}") from None
                continue
            tcp.setblocking(False)
            udp.setblocking(False)
            return tcp, udp
    tried = ", ".join(str(p) for p in ports)
    raise ServerError(f"no free port to listen on ({bind}, tried {tried}): "
                      f"{last.strerror if last else 'unknown error'}")


_BUSY_FRAME = encode_frame(m.encode(m.Refused("busy", BUSY)))


def refuse_busy(sock: socket.socket) -> None:
    """Tell a connection the host has no room for it (best effort, never waits), and close it."""
    try:
        sock.setblocking(False)
        sock.send(_BUSY_FRAME)
    except OSError:
        pass
    try:
        sock.close()
    except OSError:
        pass


__all__ = ["BUSY", "ServerError", "bind_pair", "refuse_busy"]
