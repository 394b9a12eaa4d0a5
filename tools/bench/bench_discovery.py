"""How fast does LAN discovery react? Prints median and worst over N runs.

    python tools/bench/bench_discovery.py [--runs 10] [--netns]

Measured, per run, with a fresh advertised game:
  register -> seen     Advertiser() constructed until a running Browser reports it
  register -> ready    Advertiser() constructed until wait_registered() returns
  update -> seen       update(seats_free=...) until the browser shows the new value
  new browser -> seen  Browser() constructed until it lists the already running host
  close -> dropped     close() called until the browser removes the entry
  close() call         how long close() itself blocks

Never touches the machine's real interfaces: if not already in an isolated
network namespace it re-executes itself under ``unshare -n`` (needs root), or
refuses. Default mode uses 127.0.0.1 (lo, multicast on) in one process;
``--netns`` puts the host and the browsers in two namespaces joined by a veth
pair (tests/net/netns.py), in separate processes, which is closer to a LAN.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import queue
import statistics
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from isolation import ensure_isolated

ROOT = Path(__file__).resolve().parents[2]
DEADLINE_S = 10.0

# ----------------------------------------------------------------- isolation




# ----------------------------------------------------------------- figures


class Figures:
    def __init__(self) -> None:
        self.samples: dict[str, list[float]] = {}

    def add(self, label: str, seconds: float | None) -> None:
        self.samples.setdefault(label, [])
        if seconds is not None:
            self.samples[label].append(seconds * 1000)

    def print(self, title: str, runs: int) -> None:
        print(title)
        print(f"  {'':24} {'median':>9} {'worst':>9} {'best':>9}   ok/runs")
        for label, values in self.samples.items():
            if values:
                med, worst, best = statistics.median(values), max(values), min(values)
                print(f"  {label:24} {med:7.0f}ms {worst:7.0f}ms {best:7.0f}ms   {len(values)}/{runs}")
            else:
                print(f"  {label:24} {'-':>9} {'-':>9} {'-':>9}   0/{runs}")


class Events:
    """(change, name, seats) -> first monotonic time seen; waitable."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._seen: dict[tuple[str, str, int], float] = {}

    def record(self, change: str, name: str, seats: int, at: float) -> None:
        with self._cond:
            self._seen.setdefault((change, name, seats), at)
            self._cond.notify_all()

    def wait(self, change: str, name: str, seats: int | None = None) -> float | None:
        def find() -> float | None:
            for (c, n, s), t in self._seen.items():
                if c == change and n == name and (seats is None or s == seats):
                    return t
            return None

        with self._cond:
            self._cond.wait_for(lambda: find() is not None, DEADLINE_S)
            return find()


def _since(t0: float, t: float | None) -> float | None:
    return None if t is None else t - t0


# ----------------------------------------------------------------- loopback mode


def bench_loopback(runs: int) -> Figures:
    from net.discovery import Advertiser, Browser, Change, HostEntry

    lo = ["127.0.0.1"]
    figures = Figures()
    events = Events()

    def on_change(change: Change, entry: HostEntry) -> None:
        events.record(change.value, entry.name, entry.seats_free, time.monotonic())

    with Browser(on_change, interfaces=lo):
        for i in range(runs):
            name = f"bench {i}"
            t0 = time.monotonic()
            adv = Advertiser(name, 47900 + i, "kombio", 3, "bench", interfaces=lo)
            try:
                ok = adv.wait_registered(DEADLINE_S)
                figures.add("register -> ready", time.monotonic() - t0 if ok else None)
                figures.add("register -> seen", _since(t0, events.wait("added", name)))

                t1 = time.monotonic()
                adv.update(seats_free=2)
                figures.add("update -> seen", _since(t1, events.wait("updated", name, 2)))

                t2 = time.monotonic()
                with Browser(interfaces=lo) as late:
                    t_late = _poll(lambda: any(e.name == name for e in late.entries()))
                figures.add("new browser -> seen", _since(t2, t_late))
            finally:
                t3 = time.monotonic()
                adv.close()
                figures.add("close() call", time.monotonic() - t3)
            figures.add("close -> dropped", _since(t3, events.wait("removed", name)))
    return figures


def _poll(pred: Callable[[], bool]) -> float | None:
    end = time.monotonic() + DEADLINE_S
    while time.monotonic() < end:
        if pred():
            return time.monotonic()
        time.sleep(0.005)
    return None


# ----------------------------------------------------------------- two-namespace mode

# Both snippets talk JSON lines; CLOCK_MONOTONIC is shared by every process on
# the machine, so times taken in different namespaces compare directly.
_HOST = textwrap.dedent(
    """
    import json, sys, time
    from net.discovery import Advertiser
    ads = {}
    def say(**kw): print(json.dumps(kw), flush=True)
    for line in sys.stdin:
        cmd, name = line.rstrip("\\n").split(" ", 1)
        if cmd == "adv":
            t0 = time.monotonic()
            ads[name] = Advertiser(name, 47900 + len(ads), "kombio", 3, "bench")
            ok = ads[name].wait_registered(10)
            say(t0=t0, ready=time.monotonic() if ok else None, addresses=ads[name].addresses)
        elif cmd == "upd":
            t0 = time.monotonic()
            ads[name].update(seats_free=2)
            say(t0=t0)
        elif cmd == "close":
            t0 = time.monotonic()
            ads.pop(name).close()
            say(t0=t0, done=time.monotonic())
    for a in ads.values():
        a.close()
    """
)

_BROWSER = textwrap.dedent(
    """
    import json, sys, time
    from net.discovery import Browser
    def say(**kw): print(json.dumps(kw), flush=True)
    def on_change(change, e):
        say(kind="event", change=change.value, name=e.name, seats=e.seats_free, address=e.address, t=time.monotonic())
    with Browser(on_change):
        for line in sys.stdin:
            cmd, name = line.rstrip("\\n").split(" ", 1)
            if cmd == "late":
                t0 = time.monotonic(); seen = None
                with Browser() as late:
                    while time.monotonic() < t0 + 10 and seen is None:
                        if any(e.name == name for e in late.entries()):
                            seen = time.monotonic()
                        time.sleep(0.005)
                say(kind="late", t0=t0, seen=seen)
    """
)


def _load_netns() -> Any:
    path = ROOT / "tests" / "net" / "netns.py"
    spec = importlib.util.spec_from_file_location("kombo_netns", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up by name
    spec.loader.exec_module(module)
    return module


class _Lines:
    """Reads a process's JSON lines on a thread, so waits can have deadlines."""

    def __init__(self, proc: subprocess.Popen[str], events: Events | None = None) -> None:
        self.replies: queue.Queue[dict[str, Any]] = queue.Queue()
        self._events = events
        threading.Thread(target=self._read, args=(proc,), daemon=True).start()

    def _read(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            msg = json.loads(line)
            if msg.get("kind") == "event" and self._events is not None:
                self._events.record(msg["change"], msg["name"], msg["seats"], msg["t"])
            else:
                self.replies.put(msg)

    def reply(self) -> dict[str, Any]:
        return self.replies.get(timeout=DEADLINE_S * 2)


def bench_netns(runs: int) -> Figures:
    netns = _load_netns()
    figures = Figures()
    events = Events()
    with netns.make_netns_pair() as pair:
        host = pair.a.spawn(_HOST)
        browser = pair.b.spawn(_BROWSER)
        host_out, browser_out = _Lines(host), _Lines(browser, events)
        time.sleep(0.5)  # let the browser process import and start browsing

        def send(proc: subprocess.Popen[str], line: str) -> None:
            assert proc.stdin is not None
            proc.stdin.write(line + "\n")
            proc.stdin.flush()

        for i in range(runs):
            name = f"bench {i}"
            send(host, f"adv {name}")
            r = host_out.reply()
            t0 = r["t0"]
            figures.add("register -> ready", _since(t0, r["ready"]))
            figures.add("register -> seen", _since(t0, events.wait("added", name)))

            send(host, f"upd {name}")
            figures.add("update -> seen", _since(host_out.reply()["t0"], events.wait("updated", name, 2)))

            send(browser, f"late {name}")
            r = browser_out.reply()
            figures.add("new browser -> seen", _since(r["t0"], r["seen"]))

            send(host, f"close {name}")
            r = host_out.reply()
            figures.add("close() call", r["done"] - r["t0"])
            figures.add("close -> dropped", _since(r["t0"], events.wait("removed", name)))
        for proc in (host, browser):
            assert proc.stdin is not None
            proc.stdin.close()
    return figures


# ----------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--netns", action="store_true", help="host and browser in two namespaces over a veth pair")
    args = parser.parse_args(argv)
    ensure_isolated(__file__, argv)
    sys.path.insert(0, str(ROOT))
    import zeroconf

    if args.netns:
        figures = bench_netns(args.runs)
        where = "two namespaces joined by a veth pair, separate processes"
    else:
        figures = bench_loopback(args.runs)
        where = "127.0.0.1 in an isolated namespace, one process"
    figures.print(f"discovery: {where}; {args.runs} runs; zeroconf {zeroconf.__version__}", args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
