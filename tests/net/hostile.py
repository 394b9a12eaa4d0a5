"""A hostile client on the LAN, for the socket tests and tools/bench/bench_flood.py.

It knows what a sniffer knows (a player's reconnect token and Hello travel in the clear) and tries the
attacks of issue 8 against a host at 127.0.0.1 (only ever loopback, inside the test's namespace):

- `stolen_token_intent`: UDP intents naming a player by its token, a huge ref, an illegal move, in
  the shape protocol version 2 took (`token`) and in today's (`key`);
- `replay_hello`: a player's Hello again, on a connection of its own;
- `idle`: connections that never say anything (slot exhaustion);
- `trickle`: connections that send a 64 KiB frame's length prefix, then a byte now and then;
- `junk_frames`: frames that are not messages, as fast as the host takes them.

And the slap flood of issue 18, point 5, from a seat the attacker holds (its own connection and its
UDP pairing key), all for one open discard: `slap_flood` makes the intents, `flood_tcp` sends them in
one write, `flood_udp` as datagrams. Every kind: more well-formed presses than a step names
(messages.MAX_RACE), bad serials, bad owners, bad slots, refs repeated, jumping and negative, press
times NaN, infinite, negative and huge, and a wrong type in every field.
"""
from __future__ import annotations

import contextlib
import socket
import struct
import threading
import time
from collections.abc import Callable
from typing import Any

from net import messages as m
from net.protocol import encode_datagram, encode_frame

LO = "127.0.0.1"
HEADER = struct.Struct(">I")
HUGE_REF = 2**53
NAN, INF = float("nan"), float("inf")
FLOOD_PRESSES = 3 * m.MAX_RACE      # well-formed presses of one seat for one discard, distinct refs
_GONE = object()                    # a field left out of an intent map


def slap(seat: int, owner: int, slot: int, discard: int) -> list:
    """KOMBIO's slap on the wire (game.kombio.actions.Slap)."""
    return ["slap", seat, owner, slot, discard]


def slap_flood(seat: int, serial: int, step: int, players: int, game_no: int = 0,
               first_ref: int = 0) -> list[dict]:
    """Intent maps of seat `seat` for open discard `serial` (made at `step`), of every kind; refs count
    from `first_ref` except where the ref is the attack. Maps, not Intents: most would not be one."""
    refs = iter(range(first_ref, first_ref + 10_000))
    out: list[dict] = []

    def intent(action: Any = None, **fields: Any) -> dict:
        data = {"t": "intent", "ref": next(refs), "step": step,
                "action": slap(seat, seat, 0, serial) if action is None else action,
                "pressed": 1.0, "game_no": game_no}
        data.update(fields)
        return {k: v for k, v in data.items() if v is not _GONE}

    # well-formed, distinct refs, more than a step may name: one press each, the rest dropped
    # (the first, which the host holds, on its own card: no choice is owed after it, right or wrong)
    out += [intent(slap(seat, (seat + i) % players, i // players % 4, serial), pressed=1.0 + i / 1000)
            for i in range(FLOOD_PRESSES)]
    # bad serials: none, negative, older (stale), newer, far newer, past any int of the wire
    out += [intent(slap(seat, seat, 0, d))
            for d in (0, -1, serial - 1, serial + 1, serial + 1000, 2**31, 2**62, 2**63 - 1)]
    # bad owners and slots: negative, past the table, past the seats of any table, huge
    out += [intent(slap(seat, o, 0, serial)) for o in (-1, players, 5, 6, 7, 8, 99, 2**40)]
    out += [intent(slap(seat, seat, s, serial)) for s in (-1, 4, 9, 52, 99, 2**40)]
    # another seat's press, and presses of seats no table has
    out += [intent(slap(o, o, 0, serial)) for o in ((seat + 1) % players, -1, 8, 2**40)]
    # refs: repeated, jumping (past MAX_REF_JUMP, to the end of the range, past it), negative
    last = first_ref + FLOOD_PRESSES - 1
    out += [intent(ref=r) for r in (first_ref, last, last, last + 1025, 2**40, HUGE_REF,
                                    HUGE_REF + 1, -1, -(2**63))]
    # press times: NaN, infinities, negative, huge, past the range, a whole number
    out += [intent(pressed=p) for p in (NAN, INF, -INF, -1.0, -1e12, 1e12, 1e12 + 1, -1e12 - 1,
                                        1e300, -1e300, 2**63 - 1, -(2**63), 0)]
    # a wrong type in every field, and fields missing or unknown
    wrong: list[tuple[str, Any]] = [
        ("ref", "0"), ("ref", 1.5), ("ref", None), ("ref", True), ("ref", [0]), ("ref", b"\x00"), ("ref", NAN),
        ("step", "0"), ("step", 0.5), ("step", None), ("step", -1), ("step", 2**31), ("step", NAN),
        ("step", [step]), ("action", "slap"), ("action", None), ("action", []), ("action", [1]),
        ("action", ["slap"]), ("action", ["slap", seat, seat, 0]), ("action", slap(seat, seat, 0, serial) + [0]),
        ("action", ["slap", "a", seat, 0, serial]), ("action", ["slap", seat, 0.5, 0, serial]),
        ("action", ["slap", seat, seat, 0, NAN]), ("action", ["slap", seat, seat, None, serial]),
        ("action", ["slap", True, seat, 0, serial]), ("action", {"slap": seat}), ("action", [[["slap"]]]),
        ("action", ["SLAP", seat, seat, 0, serial]), ("action", [b"slap", seat, seat, 0, serial]),
        ("pressed", "now"), ("pressed", [1.0]), ("pressed", b"\x00"), ("pressed", True), ("pressed", {}),
        ("game_no", -1), ("game_no", "0"), ("game_no", 0.5), ("game_no", True), ("game_no", game_no + 1),
        ("game_no", None), ("t", "slap"), ("t", None), ("t", 7)]
    out += [intent(**{name: value}) for name, value in wrong]
    out += [intent(**{name: _GONE}) for name in ("ref", "step", "action")]
    out += [intent(colour="red"), intent(key=b"k" * m.TOKEN_SIZE)]
    return out


def as_udp(intents: list[dict], key: Any) -> list[dict]:
    """The same maps as UdpIntents carrying `key`, and a wrong key of every kind for the first ones."""
    out = [{**x, "t": "udp_intent", "key": key} if x.get("t") == "intent" else x for x in intents]
    first = intents[0]
    out += [{**first, "t": "udp_intent", "key": k}
            for k in (None, "k" * m.TOKEN_SIZE, b"", bytes(key)[:-1], bytes(key) + b"\x00", 7, [key])]
    out += [{k: v for k, v in first.items() if k != "key"} | {"t": "udp_intent"}]
    return out


class Hostile:
    def __init__(self, port: int, host: str = LO) -> None:
        self.address = (host, port)
        self.udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.socks: list[socket.socket] = []
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    # -- UDP ------------------------------------------------------------------------------------------

    def datagram(self, data: dict | m.Message) -> None:
        body = data if isinstance(data, dict) else m.encode(data)
        self.udp.sendto(encode_datagram(body), self.address)

    def flood_udp(self, intents: list[dict], key: bytes) -> int:
        """`intents` (slap_flood's) as UdpIntents with `key`, and wrong keys: how many were sent."""
        datagrams = as_udp(intents, key)
        for data in datagrams:
            self.udp.sendto(encode_datagram(data), self.address)
        return len(datagrams)

    def stolen_token_intent(self, token: bytes, action: list, step: int = 0,
                            ref: int = HUGE_REF) -> None:
        """The attack of issue 8, point 1: a player's token, a huge ref, a move of its seat."""
        old = {"t": "udp_intent", "token": token, "ref": ref, "step": step, "action": action}
        self.datagram(old)                                   # as protocol version 2 took it
        self.datagram({**{k: v for k, v in old.items() if k != "token"}, "key": token})

    # -- TCP ------------------------------------------------------------------------------------------

    def connect(self) -> socket.socket:
        sock = socket.create_connection(self.address, timeout=5)
        self.socks.append(sock)
        return sock

    def replay_hello(self, hello: m.Hello) -> socket.socket:
        sock = self.connect()
        sock.sendall(encode_frame(m.encode(hello)))
        return sock

    @staticmethod
    def flood_tcp(sock: socket.socket, intents: list[dict]) -> None:
        """`intents` (slap_flood's) on a seat's own connection, in one write."""
        sock.sendall(b"".join(encode_frame(x) for x in intents))

    def idle(self, count: int) -> list[socket.socket]:
        """`count` connections that say nothing (many may be closed by the host at once)."""
        return [self.connect() for _ in range(count)]

    def trickle(self, count: int, size: int = 64 * 1024, every: float = 0.05) -> list[socket.socket]:
        """`count` connections, each sending a `size`-byte frame's length prefix and then one byte
        every `every` seconds, in a thread, until the host closes it or close() is called."""
        socks = [self.connect() for _ in range(count)]
        for sock in socks:
            sock.sendall(HEADER.pack(size))
        thread = threading.Thread(target=self._trickle, args=(socks, every), daemon=True)
        thread.start()
        self._threads.append(thread)
        return socks

    def _trickle(self, socks: list[socket.socket], every: float) -> None:
        live = list(socks)
        while live and not self._stop.wait(every):
            for sock in list(live):
                try:
                    sock.send(b"\x00")
                except OSError:
                    live.remove(sock)

    def junk_frames(self, sock: socket.socket, frames: int, batch: int = 500,
                    heard: Callable[[bytes], None] | None = None) -> int:
        """Send `frames` frames that are no message (garbage bodies, valid msgpack that is no
        message, an unknown type), reading what the host answers meanwhile (handed to `heard`,
        else discarded) so that it never drops us for not reading. Returns how many were sent
        before the host closed the connection."""
        kinds = [HEADER.pack(3) + b"\xc1\xc1\xc1",
                 encode_frame([1, 2, 3]),
                 encode_frame({"t": "teleport", "to": "moon"})]
        chunk = b"".join(kinds[i % len(kinds)] for i in range(batch))
        sent = 0
        sock.setblocking(False)
        try:
            while sent < frames:
                n = min(batch, frames - sent)
                data = chunk if n == batch else b"".join(kinds[i % len(kinds)] for i in range(n))
                view = memoryview(data)
                while view:
                    self._discard(sock, heard)
                    try:
                        view = view[sock.send(view):]
                    except BlockingIOError:
                        time.sleep(0.0005)
                sent += n
        except OSError:
            return sent
        finally:
            sock.setblocking(True)
        return sent

    @staticmethod
    def _discard(sock: socket.socket, heard: Callable[[bytes], None] | None = None) -> None:
        with contextlib.suppress(BlockingIOError):
            while data := sock.recv(1 << 16):
                if heard is not None:
                    heard(data)

    def close(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(2)
        for sock in self.socks + [self.udp]:
            with contextlib.suppress(OSError):
                sock.close()
        self.socks = []


def closed_by_host(sock: socket.socket, timeout: float = 5.0) -> tuple[bool, list[Any]]:
    """Read until the host closes `sock` (True) or `timeout` passes (False); the messages read."""
    from net.protocol import FrameDecoder, ProtocolError

    decoder = FrameDecoder()
    got: list[Any] = []
    end = time.monotonic() + timeout
    sock.setblocking(True)
    while time.monotonic() < end:
        sock.settimeout(max(0.01, end - time.monotonic()))
        try:
            data = sock.recv(1 << 16)
        except TimeoutError:
            break
        except OSError:
            return True, got
        if not data:
            return True, got
        try:
            got += [m.decode(f) for f in decoder.feed(data)]
        except ProtocolError:
            pass
    return False, got
