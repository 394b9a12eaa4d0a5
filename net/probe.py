"""Asking a host what it is hosting without joining (a Query, answered by a TableInfo): what the
Join screen shows of a table typed by address, and the headless joiner's first word."""
from __future__ import annotations

import errno
import socket
import time

from game.core.errors import KomboError

from . import messages as m
from .protocol import READ_SIZE, FrameDecoder, ProtocolError, encode_frame


def probe(address: tuple[str, int], timeout: float = 3.0) -> m.TableInfo:
    """Ask a host what it is hosting, without joining (blocking, bounded). Raises ProbeError.
    A host with no room for one more connection just then says "busy" (net.server): asked again
    after a short pause, until `timeout`, then "the host is busy"."""
    host, port = address
    deadline = time.monotonic() + timeout
    pause = 0.1
    while True:
        info = _probe_once(address, deadline)
        if info is not None:
            return info
        left = deadline - time.monotonic()
        if left <= pause:
            raise ProbeError(f"the host at {host}:{port} is busy (too many connections at once); "
                             f"try again in a moment")
        time.sleep(pause)
        pause = min(pause * 2, 0.8)


def _probe_once(address: tuple[str, int], deadline: float) -> m.TableInfo | None:
    """One query; None if the host said it is busy."""
    host, port = address
    try:
        sock = socket.create_connection((host, port), timeout=max(0.05, deadline - time.monotonic()))
    except socket.gaierror as exc:
        raise ProbeError(f"unknown host {host!r} ({exc.strerror})") from None
    except TimeoutError:
        raise ProbeError(f"no answer from {host}:{port}") from None
    except OSError as exc:
        if exc.errno == errno.ECONNREFUSED:
            raise ProbeError(f"nothing is listening at {host}:{port}") from None
        raise ProbeError(f"cannot reach {host}:{port}: {exc.strerror or exc}") from None
    decoder = FrameDecoder()
    try:
        sock.sendall(encode_frame(m.encode(m.Query())))
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ProbeError(f"{host}:{port} did not say what it hosts")
            sock.settimeout(left)
            data = sock.recv(READ_SIZE)
            if not data:
                raise ProbeError(f"{host}:{port} closed the connection: is it a Kombo Arcade host?")
            for frame in decoder.feed(data):
                msg = m.decode(frame)
                if isinstance(msg, m.TableInfo):
                    return msg
                if isinstance(msg, m.Refused) and msg.code == "busy":
                    return None
    except TimeoutError:
        raise ProbeError(f"{host}:{port} did not say what it hosts") from None
    except ProtocolError as exc:
        raise ProbeError(f"{host}:{port} is not a Kombo Arcade host ({exc.text})") from None
    except OSError as exc:
        raise ProbeError(f"the connection to {host}:{port} broke: {exc.strerror or exc}") from None
    finally:
        sock.close()


class ProbeError(KomboError):
    """The host could not be asked what it hosts; str() is a message for the player."""


__all__ = ["ProbeError", "probe"]
