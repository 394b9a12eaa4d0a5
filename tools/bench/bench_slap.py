"""The fair slap over the LAN: how often the truly earlier of two near-simultaneous KOMBIO slaps wins,
judged by the host's fair judge (corrected press times, net.fair_slap) and by arrival order, how far
the corrected times are from the truth, how long the race window holds a race, and what a peer that
lies (about its press times, and by holding its ping replies) gains.

    python tools/bench/bench_slap.py [--races 500] [--lag-ms 80] [--jitter-ms 10] [--gap-ms 15]
                                     [--loss 0] [--liar-ms MS] [--via wire|proxy]

Setup: a KOMBIO LanHost for 3 seats in this process. Seat 0 is the host's own seat, played by this
script (it takes turns, never slaps). Seats 1 and 2 are two peer processes (two machines, not two
threads behind one GIL; tools/bench/slap_peer.py). Peer A is --lag-ms one-way delay away each way, +- --jitter-ms uniform
jitter, with --loss UDP loss (TCP is delayed, never lost): with --via wire (the default) it runs in a
network namespace of its own behind tools/lagwire.py, whose relay process carries its IP packets, so
the host's kernel sees the lag in its TCP round-trip estimate as on a real network; with --via proxy
it joins through tools/lagproxy.py, an application-level proxy (a process of its own), to whose
end of TCP the host's kernel measures ~0 (the fair judge then takes peer A for a peer holding its
ping replies, and it loses its slack). Peer B joins directly. Peer A's clock runs 1.234 s ahead of
the host's, peer B's 0.5 s behind (the clock each LanClient pings with and stamps its presses with):
the host only gets them right through its clock sync.

--liar-ms MS: peer A lies. It holds each of the host's pings MS ms before it answers, reporting no
hold at all (stamping the Pong's receipt and sending times both with the middle of the hold, so that
its clock offset still comes out right), and it stamps every press a whole second earlier than it
made it, so that the host's clamp alone decides how early the press counts. Its gain, the true press
time less the corrected one, is then what its link's slack lets it gain; --liar-ms 0 is a peer lying
about its press times only, with honest pings.

Each race: this script plays the turn on (every seat's moves are made by the host with
HostCore.act: draw, discard, skip an ability, the round's looks, so the peers only slap) until a
new card lies on the discard pile, then picks a moment T, far enough ahead for peer A to have that
discard (one way + 3 x jitter + 40 ms), and at random which peer presses first: that one slaps one
of its own cards at T, the other at T + --gap-ms. The peers get the moments on stdin (true
CLOCK_MONOTONIC time, shared by all processes on this machine), sleep and then spin to them, press
with NetSession.press(Slap(...), pressed=their own clock) and tell their true and own times on stdout.
A slap of one's own card asks nothing of the others (a wrong one costs a penalty card): the table
goes on at once.

Per race, from the host's referee (game.core.referee: each window judged, when, and its presses in
judged order):
  fair      the first judged press is the truly earlier one
  arrival   the first to arrive at the host is the truly earlier one (first come, first served)
  error     Held.time (corrected, host clock) - the true press time, per press
  wait      judged - the first press's arrival: what the window adds
  gain      (a liar) its true press time - its corrected one
Only races whose two presses answer the same discard and were judged in one window count; the rest
(a press refused locally, a window that closed early) are reported as skipped.

Prints a summary; the last line is key=value pairs. Never touches the machine's real interfaces: if
not already in an isolated network namespace it re-executes itself under ``unshare -n`` (needs
root), or refuses; peer A's namespace is made inside that one.
"""
from __future__ import annotations

import argparse
import json
import os
import queue
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from isolation import ensure_isolated
from slap_peer import LIE_S, SEATS, run_peer

ROOT = Path(__file__).resolve().parents[2]
LO = "127.0.0.1"
DEADLINE_S = 60.0
OFFSETS = {"A": 1.234, "B": -0.5}    # each peer's clock minus the true (host) clock
WARM_UP_S = 3.0         # the host's first pings come fast: a few seconds give its offsets samples
RACE_TIMEOUT_S = 1.5    # after the later press: a race never judged by then is skipped


def wait_for(probe: Any, timeout: float = DEADLINE_S, what: str = "the table") -> Any:
    end = time.monotonic() + timeout
    value = probe()
    while not value and time.monotonic() < end:
        time.sleep(0.005)
        value = probe()
    if not value:
        raise SystemExit(f"bench_slap: timed out waiting for {what}")
    return value


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# -- the host and the coordinator -----------------------------------------------------------------

def advance(core: Any, now: float) -> Any:
    """Play the table on as the host, never slapping, until a new card lies on the discard pile and
    its turn is over (an ability skipped): the looks of a new round, draw, discard, a choice owed."""
    from game.kombio.actions import Call, Discard, Draw, Pass, Skip, Slap
    from game.kombio.table import ABILITY, DRAWN
    from net.host_core import Outbox

    out = Outbox()
    serial = core.state.serial
    preference = (Draw, Discard, Skip, Pass)
    for _ in range(50):
        if core.engine.outcome(core.state) is not None:
            break
        if core.state.serial > serial and core.state.phase not in (DRAWN, ABILITY):
            break
        acting = sorted(core.to_act())
        action = next((d for d in (core.engine.default_action(core.state, s) for s in acting)
                       if d is not None), None)     # a look, a Give or Settle owed
        if action is None:
            for seat in acting:
                moves = [a for a in core.engine.legal_actions(core.state, seat)
                         if not isinstance(a, (Slap, Call))]
                if moves:
                    moves.sort(key=lambda a: next((i for i, k in enumerate(preference)
                                                   if isinstance(a, k)), len(preference)))
                    action = moves[0]
                    break
        if action is None:
            break
        out.extend(core.act(action))
    return out


def start_peer(name: str, address: str, port: int, liar_ms: float | None = None,
               far: Any = None) -> subprocess.Popen:
    """A peer process; on the far side of a lagwire link if `far` (a lagwire.FarSide)."""
    argv = [sys.executable, __file__, "--peer", address, str(port), name, str(OFFSETS[name])]
    if liar_ms is not None:
        argv += ["--peer-liar-ms", str(liar_ms)]
    options: dict[str, Any] = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE, "text": True,
                               "bufsize": 1}
    return far.popen(argv, **options) if far is not None else subprocess.Popen(argv, **options)


def start_proxy(target_port: int, lag: float, jitter: float, loss: float) -> tuple[subprocess.Popen, int]:
    """tools/lagproxy.py in a process of its own (its timers must not queue behind the host's
    GIL); it prints the port it listens on."""
    proc = subprocess.Popen([sys.executable, str(ROOT / "tools" / "lagproxy.py"),
                             "--listen", f"{LO}:0", "--target", f"{LO}:{target_port}",
                             "--delay-ms", str(lag), "--jitter-ms", str(jitter),
                             "--loss", str(loss), "--seed", "7"],
                            stdout=subprocess.PIPE, text=True, bufsize=1)
    out = proc.stdout
    assert out is not None
    first = out.readline()
    found = re.search(r":(\d+) ->", first)
    if not found:
        proc.kill()
        raise SystemExit(f"bench_slap: the lag proxy did not start ({first.strip()!r})")
    threading.Thread(target=out.read, daemon=True).start()   # drain it
    return proc, int(found.group(1))


def describe_link(core: Any, now: float) -> str:
    """Peer A's link as the host's referee takes it, and what it rests on (in the server thread)."""
    link = core._seat_link(SEATS["A"])
    conn = next((c for c in core.joined() if SEATS["A"] in core.conn_seats(c)), None)
    clock = core.latency.clock(conn) if conn is not None else None
    if clock is None or not clock.samples:
        return "peer A: no clock samples"
    delays = sorted(s.delay * 1000 for s in clock.samples)
    kernel = clock.kernel
    told = (f"kernel srtt {kernel.srtt * 1000:.1f} min {kernel.min_rtt * 1000:.1f} "
            f"rttvar {kernel.rttvar * 1000:.1f} ms" if kernel is not None else "no kernel estimate")
    return (f"peer A's link: one way {link.one_way * 1000:.1f} ms, jitter {link.jitter * 1000:.1f} ms, "
            f"slack {link.slack * 1000:.1f} ms; {len(delays)} pings: min {delays[0]:.1f} median "
            f"{statistics.median(delays):.1f} p90 {pct(delays, 0.9):.1f} ms, drift "
            f"{clock.drift * 1e6:.1f} ppm; {told}")


def collect(stream: IO[str], into: queue.Queue) -> None:
    for line in stream:
        try:
            into.put(json.loads(line))
        except ValueError:
            pass


def bench(args: argparse.Namespace, save_dir: Path) -> dict[str, Any]:
    from game.games import game_by_key
    from net.host_core import HostSeat
    from net.lan import LanHost

    far: Any = None
    proxy: subprocess.Popen | None = None
    bind = LO
    if args.via == "wire":
        sys.path.insert(0, str(ROOT / "tools"))
        from lagwire import FarSide, Link

        way = Link(args.lag_ms, args.jitter_ms, args.loss)
        far = FarSide(up=way, down=way, seed=7)
        bind = far.near_address
    plans = [HostSeat("local", "Host"), HostSeat("open"), HostSeat("open")]
    table = LanHost(game_by_key("kombio"), 3, {"rounds": "target"}, plans, name="Bench", bind=bind,
                    port=0, advertise=False, save_path=save_dir / "autosave.bin", autosave=False,
                    seed=12345)
    core = table.core
    if far is not None:
        peer_a = start_peer("A", bind, table.port, args.liar_ms, far)
    else:
        proxy, proxy_port = start_proxy(table.port, args.lag_ms, args.jitter_ms, args.loss)
        peer_a = start_peer("A", LO, proxy_port, args.liar_ms)
    peers = {"A": peer_a, "B": start_peer("B", bind, table.port)}
    reports: queue.Queue = queue.Queue()
    for p in peers.values():
        threading.Thread(target=collect, args=(p.stdout, reports), daemon=True).start()
    rng = random.Random(args.seed)
    results: dict[str, Any] = {"races": [], "skipped": {}, "rematches": 0}
    lead = (args.lag_ms + 3 * args.jitter_ms + 40.0) / 1000.0
    gap = args.gap_ms / 1000.0

    def skip(why: str) -> None:
        results["skipped"][why] = results["skipped"].get(why, 0) + 1

    try:
        wait_for(lambda: len(core.joined()) == 3, what="both peers to join")
        wait_for(lambda: table.can_start()[0], what="both peers to be ready")
        table.start()
        time.sleep(WARM_UP_S)
        t_start = time.monotonic()
        for i in range(args.races):
            if table._server.call(lambda c, now: c.engine.outcome(c.state) is not None).result(5):
                table.rematch()             # a finished game: the same table again
                results["rematches"] += 1
                wait_for(lambda: table.can_start()[0], what="the peers to be ready again")
                table.start()
                time.sleep(0.5)
            table._server.call(advance).result(5)
            if args.links and i % 25 == 0:
                print(f"    race {i}: " + table._server.call(describe_link).result(5), flush=True)
            at = time.monotonic() + lead
            first = rng.choice("AB")
            moments = {first: at, ("B" if first == "A" else "A"): at + gap}
            for name, moment in moments.items():
                stdin = peers[name].stdin
                assert stdin is not None
                stdin.write(json.dumps({"i": i, "at": moment}) + "\n")
                stdin.flush()
            got: dict[str, dict] = {}
            end = at + gap + RACE_TIMEOUT_S
            while len(got) < 2 and time.monotonic() < end:
                try:
                    r = reports.get(timeout=0.05)
                except queue.Empty:
                    continue
                if r.get("kind") == "lost":
                    raise SystemExit(f"bench_slap: a peer lost the host: {r.get('why')}")
                if r.get("i") == i:
                    got[r["who"]] = r
            presses = [r for r in got.values() if r.get("ok")]
            if len(presses) < 2:
                skip("a press not made (not legal on the peer's view)")
                continue
            # wait until both presses have been judged, in one window or not
            window: list[Any] = []
            while time.monotonic() < end:
                window = [j for j in list(core.referee.judged)[-4:]
                          if any(any(p.action.seat == r["seat"] and p.pressed == r["pressed"]
                                     for p in j.presses) for r in presses)]
                if sum(len([p for p in j.presses if any(p.action.seat == r["seat"]
                                                         and p.pressed == r["pressed"]
                                                         for r in presses)]) for j in window) >= 2:
                    break
                time.sleep(0.005)
            else:
                skip("not judged in time")
                continue
            if len(window) != 1:
                skip("judged in two windows")
                # what split them, for the summary: each window's seats and wait, who was first
                results.setdefault("splits", []).append(
                    f"race {i} ({first} first): " + "; ".join(
                        f"seats {[p.action.seat for p in j.presses]} judged "
                        f"{(j.at - min(p.arrival for p in j.presses)) * 1000:.0f} ms after arrival"
                        for j in window))
                continue
            held = {p.action.seat: p for p in window[0].presses}
            by_seat = {r["seat"]: r for r in presses}
            if len({r["discard"] for r in presses}) != 1:
                skip("the presses answered different discards")
                continue
            order = [p.action.seat for p in window[0].presses if p.action.seat in by_seat]
            true_first = min(by_seat, key=lambda s: by_seat[s]["true"])
            arrival_first = min(by_seat, key=lambda s: held[s].arrival)
            results["races"].append({
                "fair": order[0] == true_first,
                "arrival": arrival_first == true_first,
                "first_peer": first,
                "errors": {s: held[s].time - by_seat[s]["true"] for s in by_seat},
                "wait": window[0].at - min(held[s].arrival for s in by_seat),
                "late": max(r["late"] for r in presses),
                "i": i,
            })
        results["seconds"] = time.monotonic() - t_start
        results["steps"] = core.step
        results["link"] = table._server.call(describe_link).result(5)
    finally:
        for p in peers.values():
            try:
                assert p.stdin is not None
                p.stdin.write("quit\n")
                p.stdin.flush()
            except OSError:
                pass
        for p in peers.values():
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                p.kill()
        table.close()
        if proxy is not None:
            proxy.terminate()
            try:
                proxy.wait(timeout=5)
            except subprocess.TimeoutExpired:
                proxy.kill()
        if far is not None:
            far.close()
    return results


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--races", type=int, default=500)
    parser.add_argument("--lag-ms", type=float, default=80.0, help="peer A's one-way delay")
    parser.add_argument("--jitter-ms", type=float, default=10.0, help="peer A's +- jitter")
    parser.add_argument("--gap-ms", type=float, default=15.0, help="the later press, after the first")
    parser.add_argument("--loss", type=float, default=0.0, help="UDP loss on peer A's link, 0..1")
    parser.add_argument("--seed", type=int, default=1, help="who presses first, per race")
    parser.add_argument("--liar-ms", type=float, default=None,
                        help="peer A lies: holds each pong this long (reporting no hold) and stamps its "
                             "presses 1 s early; 0: lies about its press times only")
    parser.add_argument("--via", choices=("wire", "proxy"), default="wire",
                        help="peer A's lag: tools/lagwire.py (the kernel sees it) or tools/lagproxy.py")
    parser.add_argument("--links", action="store_true", help="show peer A's link every 25 races")
    parser.add_argument("--peer", nargs=4, metavar=("HOST", "PORT", "NAME", "OFFSET"),
                        help=argparse.SUPPRESS)     # one peer process
    parser.add_argument("--peer-liar-ms", type=float, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    if args.peer:
        return run_peer(args.peer[0], int(args.peer[1]), args.peer[2], float(args.peer[3]),
                        args.peer_liar_ms)
    if args.races < 1 or args.gap_ms < 0 or not 0 <= args.loss <= 1 or (args.liar_ms or 0) < 0:
        parser.error("at least one race, a gap >= 0, loss in 0..1, a hold >= 0")
    ensure_isolated(__file__, argv)
    with tempfile.TemporaryDirectory() as tmp:
        liar = ("" if args.liar_ms is None else
                f", a liar: pongs held {args.liar_ms:g} ms, presses stamped {LIE_S:g} s early")
        print(f"slap bench: KOMBIO, host + peer A (lag {'wire' if args.via == 'wire' else 'proxy'} "
              f"{args.lag_ms:g} ms +- {args.jitter_ms:g} ms each way, UDP loss {args.loss:g}, clock "
              f"+{OFFSETS['A']} s{liar}) + peer B (direct, clock {OFFSETS['B']} s); {args.races} races, "
              f"presses {args.gap_ms:g} ms apart; in an isolated namespace, {os.cpu_count()} CPUs",
              flush=True)
        res = bench(args, Path(tmp))
    races = res["races"]
    skipped = sum(res["skipped"].values())
    print(f"  {len(races)} races counted, {skipped} skipped"
          + (f" ({', '.join(f'{n} {why}' for why, n in res['skipped'].items())})" if skipped else "")
          + f"; {res.get('steps', 0)} steps in {res.get('seconds', 0):.0f} s"
          + (f", {res['rematches']} rematches" if res["rematches"] else ""))
    for split in res.get("splits", [])[:5]:
        print(f"    split: {split}")
    if "link" in res:
        print(f"  at the end, {res['link']}")
    if args.liar_ms is None:
        for r in [r for r in races if not r["fair"]][:5]:
            print(f"    unfair: race {r['i']} ({r['first_peer']} first): corrected - true " + ", ".join(
                f"peer {who} {r['errors'][seat] * 1000:+.1f} ms" for who, seat in SEATS.items()))
    if not races:
        print("fair=nan arrival=nan error_p50_ms=nan error_p99_ms=nan wait_p50_ms=nan "
              f"wait_p99_ms=nan skipped={skipped}")
        return 1
    fair = sum(r["fair"] for r in races) / len(races)
    arrival = sum(r["arrival"] for r in races) / len(races)
    errors = [abs(e) * 1000 for r in races for e in r["errors"].values()]
    signed = {s: [r["errors"][s] * 1000 for r in races] for s in SEATS.values()}
    waits = [r["wait"] * 1000 for r in races]
    late = [r["late"] * 1000 for r in races]
    for who in ("A", "B"):
        mine = [r for r in races if r["first_peer"] == who]
        if mine:
            print(f"  peer {who} pressed first in {len(mine)}: fair judge right "
                  f"{sum(r['fair'] for r in mine) / len(mine):.3f}, arrival order right "
                  f"{sum(r['arrival'] for r in mine) / len(mine):.3f}, window wait median "
                  f"{statistics.median(r['wait'] * 1000 for r in mine):.1f} ms")
    print(f"  the truly earlier press wins: fair judge {fair:.3f}, arrival order {arrival:.3f}")
    print(f"  corrected - true press time: |error| median {statistics.median(errors):.2f} ms, "
          f"p99 {pct(errors, 0.99):.2f} ms; signed median peer A "
          f"{statistics.median(signed[SEATS['A']]):+.2f} ms, peer B "
          f"{statistics.median(signed[SEATS['B']]):+.2f} ms")
    print(f"  window wait (judged - first arrival): median {statistics.median(waits):.1f} ms, "
          f"p99 {pct(waits, 0.99):.1f} ms, worst {max(waits):.1f} ms")
    print(f"  press timing (the later press's lateness vs its moment): p99 {pct(late, 0.99):.2f} ms")
    liar = ""
    if args.liar_ms is not None:
        gains = [-e for e in signed[SEATS["A"]]]
        later = [r for r in races if r["first_peer"] == "B"]
        won = sum(not r["fair"] for r in later)
        print(f"  the liar's gain (true - corrected press time): median {statistics.median(gains):.1f} ms, "
              f"p90 {pct(gains, 0.9):.1f} ms, worst {max(gains):.1f} ms; it won {won} of the "
              f"{len(later)} races it pressed {args.gap_ms:g} ms late")
        liar = f" liar_gain_p50_ms={statistics.median(gains):.1f} liar_gain_max_ms={max(gains):.1f}"
    print(f"skipped={skipped}")
    print(f"fair={fair:.3f} arrival={arrival:.3f} error_p50_ms={statistics.median(errors):.2f} "
          f"error_p99_ms={pct(errors, 0.99):.2f} wait_p50_ms={statistics.median(waits):.1f} "
          f"wait_p99_ms={pct(waits, 0.99):.1f}{liar}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
