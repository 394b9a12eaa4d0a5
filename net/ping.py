"""How far away a table is, before joining: a few UDP Pings to its port, the best round trip wins.

Blocking, with a short timeout: the join screen calls it from worker threads.
"""
from __future__ import annotations

import socket
import time
from collections.abc import Callable

from . import messages as m
from .protocol import ProtocolError, decode_datagram, encode_datagram


def measure_ping(address: tuple[str, int], *, tries: int = 3, timeout: float = 0.5,
                 clock: Callable[[], float] = time.monotonic) -> float | None:
    """The smallest round trip in milliseconds over `tries` pings, or None if nothing answered."""
    try:
        info = socket.getaddrinfo(address[0], address[1], type=socket.SOCK_DGRAM)[0]
    except (OSError, UnicodeError):
        return None
    best: float | None = None
    with socket.socket(info[0], socket.SOCK_DGRAM) as sock:
        sock.settimeout(timeout)
        try:
            sock.connect(info[4])
        except OSError:
            return None
        for _ in range(tries):
            t0 = clock()
            try:
                sock.send(encode_datagram(m.encode(m.Ping(t0))))
                reply = m.decode(decode_datagram(sock.recv(2048)))
            except (OSError, ProtocolError):
                continue
            # Only our own ping's answer counts: a late Pong to an earlier try carries an older t0.
            if isinstance(reply, m.Pong) and reply.t0 == t0:
                rtt = (clock() - t0) * 1000.0
                best = rtt if best is None else min(best, rtt)
    return best
