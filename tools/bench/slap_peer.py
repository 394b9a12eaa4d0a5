"""A peer process of the slap bench (tools/bench/bench_slap.py, which starts it as
``bench_slap.py --peer HOST PORT NAME OFFSET``): a KOMBIO LanClient on a clock of its own that stays
ready and slaps one of its own cards at each moment the bench sends it, telling the bench when it
truly pressed and what time it stamped the press with."""
from __future__ import annotations

import json
import queue
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SEATS = {"A": 1, "B": 2}
SPIN_S = 0.002          # sleep until this long before a press, then spin (sleep overshoots)
LIE_S = 1.0             # a lying peer stamps its presses this much earlier than it made them


def run_peer(address: str, port: int, name: str, offset: float, liar_ms: float | None = None) -> int:
    """One peer: join seat SEATS[name] with a clock `offset` s off the true one, stay ready, and
    press a slap of its own card at each moment read from stdin ({"i", "at"} in true monotonic
    time; "quit" ends). Each press is reported on stdout as one JSON line. `liar_ms`: lie (see
    bench_slap's doc: pongs held that long, presses stamped LIE_S early)."""
    from game.core.errors import IllegalActionError
    from game.kombio.actions import Slap
    from net.lan import LanClient

    def clock() -> float:
        return time.monotonic() + offset

    seat = SEATS[name]
    client = LanClient((address, port), name=f"Peer {name}", want=1, prefer=(seat,),
                       game="kombio", clock=clock)
    if liar_ms is not None and liar_ms > 0:
        sys.path.insert(0, str(ROOT / "tools"))
        from lagwire import hold_pongs

        hold_pongs(client.session(), liar_ms / 1000)   # before the host's first ping (after the Welcome)
    orders: queue.Queue[dict | None] = queue.Queue()

    def read_orders() -> None:
        for line in sys.stdin:
            line = line.strip()
            if line == "quit":
                break
            if line:
                orders.put(json.loads(line))
        orders.put(None)

    threading.Thread(target=read_orders, daemon=True).start()

    def report(**fields: Any) -> None:
        print(json.dumps({"who": name, **fields}), flush=True)

    try:
        while True:
            if client.state == "lobby" and not client.ready:
                client.set_ready(True)          # also after a rematch
            if client.state in ("lost", "refused"):
                report(kind="lost", why=client.message)
                return 1
            try:
                order = orders.get(timeout=0.05)
            except queue.Empty:
                continue
            if order is None:
                return 0
            at = float(order["at"])
            # choose the slap just before the moment, so the press itself is a single call
            delay = at - time.monotonic() - 0.005
            if delay > 0:
                time.sleep(delay)
            session = client.session()
            slap = None
            with session.lock:
                mine = session.local_seats
                if mine:
                    serial = session.view(mine[0]).discard_serial
                    slaps = [a for a in session.legal_actions(mine[0])
                             if isinstance(a, Slap) and a.owner == a.seat and a.discard == serial]
                    slap = min(slaps, key=lambda a: a.slot) if slaps else None
            if slap is None:
                report(kind="press", i=order["i"], ok=False, why="no own-card slap is legal here")
                continue
            delay = at - time.monotonic() - SPIN_S
            if delay > 0:
                time.sleep(delay)
            while time.monotonic() < at:
                pass
            true = time.monotonic()
            pressed = true + offset - (LIE_S if liar_ms is not None else 0.0)
            try:
                session.press(slap, pressed)
            except IllegalActionError as exc:
                report(kind="press", i=order["i"], ok=False, why=str(exc))
                continue
            report(kind="press", i=order["i"], ok=True, seat=slap.seat, discard=slap.discard,
                   true=true, pressed=pressed, late=true - at)
    finally:
        client.close()
