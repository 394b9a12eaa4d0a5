"""What one call of the host's core wants done: messages to send, in order, then connections to close.
The socket adapter (net.server) carries it out; tests read it."""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from . import messages as m

ConnId = Hashable


@dataclass
class Outbox:
    sends: list[tuple[ConnId, m.Message]] = field(default_factory=list)
    closes: list[ConnId] = field(default_factory=list)

    def send(self, conn: ConnId, msg: m.Message) -> None:
        self.sends.append((conn, msg))

    def close(self, conn: ConnId) -> None:
        if conn not in self.closes:
            self.closes.append(conn)

    def extend(self, other: Outbox) -> None:
        self.sends += other.sends
        for conn in other.closes:
            self.close(conn)

    def to(self, conn: ConnId) -> list[m.Message]:
        return [msg for c, msg in self.sends if c == conn]

    def __bool__(self) -> bool:
        return bool(self.sends or self.closes)


def frames_for(out: Outbox) -> list[tuple[ConnId, dict]]:
    """The outbox as (conn, plain data) pairs, for an adapter that frames them."""
    return [(conn, m.encode(msg)) for conn, msg in out.sends]


__all__ = ["ConnId", "Outbox", "frames_for"]
