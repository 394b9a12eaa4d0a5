"""A LAN bot peer in a process of its own, for the fault tests (killed with SIGKILL mid-game).

    python tests/net/lan_peer_proc.py HOST PORT [TOKEN_HEX]

Prints "token HEX" once it has a seat, "hash N HEX" for every step it holds (snapshots included),
"over" at the end, and exits 0; "failed: ..." and exit 1 if refused or lost.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from net.lan import LanClient


def main() -> int:
    host, port = sys.argv[1], int(sys.argv[2])
    token = bytes.fromhex(sys.argv[3]) if len(sys.argv) > 3 else None
    delay = float(os.environ.get("KOMBO_BOT_DELAY", "0.05"))
    client = LanClient((host, port), name="Proc", game="kabooom", token=token, bot="easy",
                       bot_inline=True, bot_think_time=delay)
    told = False
    shown: set[int] = set()
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:
            state = client.state
            if state in ("refused", "lost"):
                print(f"failed: {client.message}", flush=True)
                return 1
            if state in ("lobby", "playing", "over"):
                session = client.session()
                if not told and client.token is not None:
                    print(f"token {client.token.hex()}", flush=True)
                    told = True
                with session.lock:
                    hashes = dict(session.peer.hashes)
                for n in sorted(set(hashes) - shown):
                    print(f"hash {n} {hashes[n].hex()}", flush=True)
                    shown.add(n)
                if state == "over":
                    print("over", flush=True)
                    return 0
            time.sleep(0.01)
        print("failed: no end", flush=True)
        return 1
    finally:
        client.close()


if __name__ == "__main__":
    raise SystemExit(main())
