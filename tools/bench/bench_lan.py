"""LAN play figures over real sockets: join time, step fan-out, bytes per step, clock sync error.

    python tools/bench/bench_lan.py [--games 8] [--joins 30] [--think 0.02]

Measured on 127.0.0.1, Kabooom!:
  join time          TCP connect started -> Welcome decoded (a raw socket; watchers, so no seat
                     limit), and LanClient() -> state "lobby" (thread start included)
  step fan-out       host + 5 peers (3 players' bots, 2 watchers), each peer a process of its own
                     (five machines, not five threads behind one GIL): the host's turn that
                     applied a step ends -> each peer has assembled that step; median and p99
                     over all (step, peer) pairs of --games whole games. Bots pause --think s per
                     move, as at a table, so a fan-out is not queued behind the next bot's search.
  bytes per step     TCP payload bytes host -> peers over whole games (lobby, pings and all), per
                     step per peer; and the step messages alone
  clock offset       each peer's clock runs 1.234 s ahead of the host's; peers sync through the lag
                     proxy with asymmetric delay (5 ms up, 15 ms down, +-2 ms jitter): |estimate -
                     truth| of the peer's estimate of host time (UDP pings) and of the host's
                     estimate of each peer (TCP pings); median and worst over samples taken every
                     0.5 s after warm-up. Asymmetry alone costs (15 - 5) / 2 = 5 ms: NTP cannot see it.

Targets (DESIGN.md): fan-out median <= 1 ms, <= 512 B per peer per step.

Never touches the machine's real interfaces: if not already in an isolated network namespace it
re-executes itself under ``unshare -n`` (needs root), or refuses.
"""
from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from isolation import ensure_isolated

ROOT = Path(__file__).resolve().parents[2]
LO = "127.0.0.1"
DEADLINE_S = 60.0
SKEW = 1.234




def wait_for(probe: Any, timeout: float = DEADLINE_S) -> Any:
    end = time.monotonic() + timeout
    value = probe()
    while not value and time.monotonic() < end:
        time.sleep(0.002)
        value = probe()
    if not value:
        raise SystemExit("bench_lan: timed out (is something wrong with the LAN code?)")
    return value


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def host(players: int, save_dir: Path, think: float, **kw: Any) -> Any:
    from game.games import game_by_key
    from net.host_core import HostSeat
    from net.lan import LanHost

    plans = [HostSeat("bot", "Host bot", "easy")] + [HostSeat("open")] * (players - 1)
    return LanHost(game_by_key("kabooom"), players, {"difficulty": "easy"}, plans, name="Bench",
                   bind=LO, port=0, advertise=False, save_path=save_dir / "autosave.bin",
                   bot_think_time=think, bot_inline=True, **kw)


# -- join time ------------------------------------------------------------------------------------

def bench_join(runs: int, save_dir: Path) -> dict[str, list[float]]:
    from net import messages as m
    from net.lan import LanClient
    from net.protocol import PROTOCOL_VERSION, FrameDecoder, encode_frame

    out: dict[str, list[float]] = {"raw": [], "client": []}
    table = host(4, save_dir, 0.0, autosave=False)
    try:
        hello = encode_frame(m.encode(m.Hello(PROTOCOL_VERSION, "W", "kabooom", want=0)))
        for _ in range(runs):
            t0 = time.perf_counter()
            sock = socket.create_connection(table.address, timeout=5)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            sock.sendall(hello)
            decoder = FrameDecoder()
            welcomed = False
            while not welcomed:
                for frame in decoder.feed(sock.recv(65536)):
                    if m.decode(frame).TAG == "welcome":
                        welcomed = True
            out["raw"].append(time.perf_counter() - t0)
            sock.close()
        for _ in range(runs):
            t0 = time.perf_counter()
            client = LanClient(table.address, name="W", want=0, game="kabooom")
            wait_for(lambda: client.state == "lobby")
            out["client"].append(time.perf_counter() - t0)
            client.close()
    finally:
        table.close()
    return out


# -- fan-out and bytes --------------------------------------------------------------------------------

def bench_fanout(games: int, think: float, save_dir: Path) -> dict[str, Any]:
    """Host here; each of the 5 peers in a process of its own, as on five machines (one process
    would serialise them behind one GIL). CLOCK_MONOTONIC is system-wide, so times compare."""
    lat: list[float] = []
    first: list[float] = []
    last: list[float] = []
    bytes_total = 0
    step_bytes = 0
    peer_steps = 0
    for g in range(games):
        table = host(4, save_dir, think)
        applied: dict[int, float] = {}

        def on_step(step: int, when: float, applied=applied) -> None:
            applied.setdefault(step, when)

        table._server.on_step = on_step
        roles = ["player"] * 3 + ["watcher"] * 2
        procs = [subprocess.Popen([sys.executable, __file__, "--peer", LO, str(table.port), role,
                                   str(think)], stdout=subprocess.PIPE, text=True)
                 for role in roles]
        try:
            wait_for(lambda: len(table.core.joined()) == 6)
            wait_for(lambda: table.can_start()[0])
            table.start()
            reports = [json.loads(p.communicate(timeout=DEADLINE_S)[0].strip().splitlines()[-1])
                       for p in procs]
        finally:
            for p in procs:
                if p.poll() is None:
                    p.kill()
            table.close()
        steps = table.core.step
        per_step: dict[int, list[float]] = {}
        for report in reports:
            for step, t in report["got"]:
                if step in applied and step > 0:
                    lat.append(t - applied[step])
                    per_step.setdefault(step, []).append(t - applied[step])
            step_bytes += report["step_bytes"]
        first += [min(v) for v in per_step.values() if len(v) == len(procs)]
        last += [max(v) for v in per_step.values() if len(v) == len(procs)]
        bytes_total += table.stats.tcp_bytes_out
        peer_steps += steps * len(procs)
        print(f"  game {g + 1}: {steps} steps, {table.stats.tcp_bytes_out} B sent", flush=True)
    return {"lat": lat, "first": first, "last": last, "bytes": bytes_total / peer_steps,
            "step_bytes": step_bytes / peer_steps}


def run_peer(address: str, port: int, role: str, think: float) -> int:
    """One peer of the fan-out bench: join, play (a bot) or watch, then report when each step
    arrived, as one JSON line."""
    from net.lan import LanClient
    from net.protocol import encode_frame

    if role == "player":
        client = LanClient((address, port), name="P", game="kabooom", bot="easy",
                           bot_inline=True, bot_think_time=think)
    else:
        client = LanClient((address, port), name="W", want=0, game="kabooom")
    session = client.session()
    original = session.receive_raw
    got: list[tuple[int, float]] = []
    step_bytes = 0

    def spy(data: Any, now: float, framed: bool = False) -> None:
        nonlocal step_bytes
        before = session.peer.step
        original(data, now, framed)
        if session.peer.step != before:
            got.append((session.peer.step, time.monotonic()))
        if isinstance(data, dict) and data.get("t") == "step":
            step_bytes += len(encode_frame(data))

    session.receive_raw = spy   # type: ignore[method-assign]
    try:
        wait_for(lambda: client.state in ("over", "lost", "refused"))
    finally:
        client.close()
    print(json.dumps({"got": got, "step_bytes": step_bytes, "state": client.state}), flush=True)
    return 0


# -- clock sync ------------------------------------------------------------------------------------

def bench_clock(peers: int, seconds: float, save_dir: Path) -> dict[str, list[float]]:
    from lagproxy import LagConfig, Link
    from threaded_lagproxy import ThreadedLagProxy

    from net.address import Address
    from net.lan import LanClient

    table = host(4, save_dir, 0.0, autosave=False)
    config = LagConfig(Address(LO, 0), Address(*table.address), upstream=Link(5.0, 2.0),
                       downstream=Link(15.0, 2.0), seed=7)
    out: dict[str, list[float]] = {"peer": [], "host": []}
    with ThreadedLagProxy(config) as proxy:
        address = (proxy.address.host, proxy.address.port)
        clients = [LanClient(address, name=f"W{i}", want=0, game="kabooom",
                             clock=lambda: time.monotonic() + SKEW) for i in range(peers)]
        try:
            wait_for(lambda: all(c.state == "lobby" for c in clients))
            time.sleep(2.0)             # warm-up: the first pings are five a second
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                for c in clients:
                    with c.session().lock:
                        est = c.session().peer.clock.offset     # host - peer, estimated
                    out["peer"].append(abs(est - (-SKEW)))
                host_view = table._server.call(
                    lambda core, now: [core.latency.offset_to_host(cid) for cid in core.joined()
                                       if cid != "local"]).result(5)
                out["host"] += [abs(x - (-SKEW)) for x in host_view]
                time.sleep(0.5)
        finally:
            for c in clients:
                c.close()
            table.close()
            time.sleep(0.2)     # let the proxy pass the closes on before it stops
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--joins", type=int, default=30)
    parser.add_argument("--think", type=float, default=0.02)
    parser.add_argument("--clock-seconds", type=float, default=6.0)
    parser.add_argument("--peer", nargs=4, metavar=("HOST", "PORT", "ROLE", "THINK"),
                        help=argparse.SUPPRESS)     # one peer process of the fan-out bench
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tools"))   # the lag proxy
    if args.peer:
        return run_peer(args.peer[0], int(args.peer[1]), args.peer[2], float(args.peer[3]))
    ensure_isolated(__file__, argv)
    with tempfile.TemporaryDirectory() as tmp:
        save_dir = Path(tmp)
        print(f"LAN bench: 127.0.0.1 in an isolated namespace, one process, Python "
              f"{sys.version.split()[0]}, {os.cpu_count()} CPUs")
        joins = bench_join(args.joins, save_dir)
        print(f"join time over {args.joins} joins:")
        for label, what in (("raw", "connect -> Welcome"), ("client", "LanClient() -> lobby")):
            v = [x * 1000 for x in joins[label]]
            print(f"  {what:22} median {statistics.median(v):6.2f} ms   worst {max(v):6.2f} ms")
        print(f"fan-out: host + 5 peers (3 players, 2 watchers), {args.games} games, "
              f"bots think {args.think * 1000:.0f} ms:")
        fan = bench_fanout(args.games, args.think, save_dir)
        v = [x * 1000 for x in fan["lat"]]
        print(f"  host applied -> peer has the step: median {statistics.median(v):.3f} ms   "
              f"p99 {pct(v, 0.99):.3f} ms   worst {max(v):.3f} ms   ({len(v)} samples)")
        for key, what in (("first", "the first peer"), ("last", "the last of the 5")):
            w = [x * 1000 for x in fan[key]]
            print(f"    {what:18} median {statistics.median(w):.3f} ms   p99 {pct(w, 0.99):.3f} ms")
        print("    (six processes share this machine's CPUs; on a LAN each peer has its own, and "
              "sees about the first peer's figure)")
        print(f"  bytes per step per peer: {fan['bytes']:.0f} B all TCP host->peer "
              f"(lobby, pings, everything); {fan['step_bytes']:.0f} B of it step messages")
        clock = bench_clock(6, args.clock_seconds, save_dir)
        print(f"clock offset error, peer clock +{SKEW} s, 5/15 ms +-2 ms asymmetric lag proxy, "
              f"6 peers:")
        for label, what in (("peer", "peer's estimate of host (UDP)"),
                            ("host", "host's estimate of peer (TCP)")):
            v = [x * 1000 for x in clock[label]]
            print(f"  {what:32} median {statistics.median(v):6.2f} ms   worst {max(v):6.2f} ms"
                  f"   ({len(v)} samples)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
