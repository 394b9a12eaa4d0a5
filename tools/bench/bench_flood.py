"""A hostile LAN against a real host: junk floods and connection floods, and what they cost.

    python tools/bench/bench_flood.py [--frames 100000] [--idle 500] [--tricklers 50] [--joins 20]
                                      [--host-root PATH]

The host is `kombo-arcade --host kabooom --players 2` (headless, in its lobby: one seat open) in a
subprocess on 127.0.0.1, so its CPU time and memory are its own (read from /proc). The attacker is
this process (tests/net/hostile.py's client and raw sockets). Measured:

  join (quiet)      a real join with nothing else going on: TCP connect -> Hello (as a watcher) ->
                    Welcome decoded; and the join check (net.client.probe: Query -> TableInfo)
  junk, player      --frames frames that are no message (garbage bodies, msgpack that is no
                    message, unknown types) from a joined watcher, which reads what the host answers:
                    host CPU seconds per 100,000 frames, frames answered, wall time
  junk, strangers   --frames // 10 such frames from strangers (the host closes one at its 8th bad
                    frame; the attacker reconnects): host CPU per 100,000 frames
  junk, UDP         --frames datagrams that do not decode: host CPU per 100,000
  join (flooded)    --idle idle connections and --tricklers connections trickling a 64 KiB frame,
                    reopened as fast as the host closes them, for the whole measurement; once
                    that many have been opened, --joins real joins and join checks, each timed
                    (failures counted)
  survived          after all that: the host still answers a join check and takes a join
  memory            the host's resident set before and after
  console           lines the host printed (stdout and stderr) during the floods: notices are
                    counted host-wide, details go to the log file (lines in the log file too)

--host-root runs the host from another checkout (e.g. the code before issue 8's hardening, for a
before/after); the attacker's Hello then speaks whatever protocol version that host reports.

Never touches the machine's real interfaces: if not already in an isolated network namespace it
re-executes itself under ``unshare -n`` (needs root), or refuses.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from isolation import ensure_isolated

ROOT = Path(__file__).resolve().parents[2]
LO = "127.0.0.1"
TICKS = os.sysconf("SC_CLK_TCK")




# -- the host, in a subprocess ------------------------------------------------------------------------

class Host:
    def __init__(self, root: Path, data: Path) -> None:
        with socket.socket() as s:
            s.bind((LO, 0))
            self.port = s.getsockname()[1]
        env = {**os.environ, "KOMBO_ARCADE_DATA_DIR": str(data), "PYTHONUNBUFFERED": "1",
               "PYTHONPATH": str(root)}
        self.log_file = data / "kombo-arcade.log"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game", "--host", "kabooom", "--players", "2", "--port",
             str(self.port), "--bind", LO, "--no-advertise", "--name", "Bench"],
            cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        for stream in (self.proc.stdout, self.proc.stderr):
            threading.Thread(target=self._pump, args=(stream,), daemon=True).start()
        end = time.monotonic() + 30
        while not any(x.startswith("listening on") for x in list(self.lines)):
            if time.monotonic() > end or self.proc.poll() is not None:
                raise SystemExit(f"bench_flood: the host did not start: {self.lines[-5:]}")
            time.sleep(0.05)

    def _pump(self, stream: Any) -> None:
        for line in stream:
            self.lines.append(line.rstrip("\n"))

    def cpu(self) -> float:
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS      # utime + stime

    def rss_mb(self) -> float:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return float("nan")

    def log_lines(self) -> int:
        try:
            return len(self.log_file.read_text(errors="replace").splitlines())
        except OSError:
            return 0

    def close(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


# -- a real join, timed -------------------------------------------------------------------------------

def join_once(port: int, version: int, timeout: float = 5.0) -> float | None:
    """Connect, Hello as a watcher, Welcome: seconds, or None if it did not get in."""
    from net import messages as m
    from net.protocol import FrameDecoder, ProtocolError, encode_frame

    t0 = time.perf_counter()
    try:
        sock = socket.create_connection((LO, port), timeout=timeout)
    except OSError:
        return None
    try:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.sendall(encode_frame(m.encode(m.Hello(version, "Joiner", "kabooom", want=0))))
        decoder = FrameDecoder()
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            sock.settimeout(max(0.01, end - time.monotonic()))
            data = sock.recv(65536)
            if not data:
                return None
            for frame in decoder.feed(data):
                msg = m.decode(frame)
                if isinstance(msg, m.Welcome):
                    elapsed = time.perf_counter() - t0
                    sock.sendall(encode_frame(m.encode(m.Bye("bench"))))
                    return elapsed
                if isinstance(msg, m.Refused):
                    return None
    except (OSError, ProtocolError):
        return None
    finally:
        sock.close()
    return None


def probe_once(port: int) -> tuple[float | None, str]:
    from net.probe import ProbeError, probe

    t0 = time.perf_counter()
    try:
        probe((LO, port), timeout=5.0)
    except ProbeError as exc:
        return None, str(exc)
    return time.perf_counter() - t0, ""


def joins(port: int, version: int, count: int) -> dict[str, Any]:
    times, checks, failures, why = [], [], 0, set()
    for _ in range(count):
        t = join_once(port, version)
        if t is None:
            failures += 1
        else:
            times.append(t)
        c, problem = probe_once(port)
        if c is None:
            failures += 1
            why.add(problem)
        else:
            checks.append(c)
        time.sleep(0.05)
    return {"join": times, "check": checks, "failures": failures, "why": sorted(why)}


# -- floods -------------------------------------------------------------------------------------------

def junk_from_a_player(hostile: Any, port: int, version: int, frames: int) -> tuple[int, int]:
    """Join as a watcher, then send `frames` junk frames; (frames sent, error answers read)."""
    from net import messages as m
    from net.protocol import FrameDecoder, ProtocolError, encode_frame

    sock = hostile.connect()
    sock.sendall(encode_frame(m.encode(m.Hello(version, "Junk", "kabooom", want=0))))
    time.sleep(0.2)
    decoder = FrameDecoder()
    answers = 0

    def heard(data: bytes) -> None:
        nonlocal answers
        with contextlib.suppress(ProtocolError):
            answers += sum(1 for f in decoder.feed(data) if f.get("t") == "error")

    sent = hostile.junk_frames(sock, frames, heard=heard)
    sock.settimeout(2.0)
    end = time.monotonic() + 60.0
    while answers < sent and time.monotonic() < end:       # the host is done when all are answered
        try:
            data = sock.recv(1 << 16)
        except (TimeoutError, OSError):
            break           # two seconds without a word: it has answered all it will
        if not data:
            break
        heard(data)
    return sent, answers


def junk_from_strangers(hostile: Any, frames: int) -> int:
    sent = 0
    while sent < frames:
        sock = hostile.connect()
        sent += hostile.junk_frames(sock, 8)
        sock.close()
        hostile.socks.remove(sock)
    return sent


def junk_by_udp(port: int, datagrams: int) -> None:
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    junk = [b"\xc1\xc1", b"\x93\x01\x02\x03", b"\x81\xa1t\xa8teleport"]
    for i in range(datagrams):
        udp.sendto(junk[i % 3], (LO, port))
        if i % 200 == 199:
            time.sleep(0.0005)      # the host's receive buffer is not the bench
    udp.close()


class SlotFlood:
    """`idle` idle connections and `tricklers` trickling ones, reopened as the host closes them."""

    def __init__(self, port: int, idle: int, tricklers: int) -> None:
        self.port, self.idle, self.tricklers = port, idle, tricklers
        self.opened = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _open(self, trickle: bool) -> socket.socket | None:
        try:
            sock = socket.create_connection((LO, self.port), timeout=2)
            if trickle:
                sock.sendall((64 * 1024).to_bytes(4, "big"))
            sock.setblocking(False)
            self.opened += 1
            return sock
        except OSError:
            return None

    def _run(self) -> None:
        wanted = [i < self.tricklers for i in range(self.idle + self.tricklers)]
        socks: list[socket.socket | None] = [None] * len(wanted)
        while not self._stop.is_set():
            for i, trickle in enumerate(wanted):
                if self._stop.is_set():
                    break
                sock = socks[i]
                if sock is not None and _alive(sock):
                    if trickle:
                        with contextlib.suppress(OSError):
                            sock.send(b"\x00")
                    continue
                if sock is not None:
                    sock.close()
                socks[i] = self._open(trickle)
            time.sleep(0.01)
        for sock in socks:
            if sock is not None:
                sock.close()

    def wait_opened(self, count: int, timeout: float) -> None:
        """Until `count` connections have been opened (every slot tried once at least)."""
        end = time.monotonic() + timeout
        while self.opened < count and time.monotonic() < end:
            time.sleep(0.05)

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(10)


def _alive(sock: socket.socket) -> bool:
    """Still open (whatever the host said meanwhile is read and dropped)."""
    try:
        return bool(sock.recv(4096))
    except BlockingIOError:
        return True
    except OSError:
        return False


# -- the bench ----------------------------------------------------------------------------------------

def ms(values: list[float]) -> str:
    if not values:
        return "none"
    return (f"median {statistics.median(values) * 1000:.1f} ms, "
            f"max {max(values) * 1000:.1f} ms ({len(values)})")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=100_000)
    parser.add_argument("--idle", type=int, default=500)
    parser.add_argument("--tricklers", type=int, default=50)
    parser.add_argument("--joins", type=int, default=20)
    parser.add_argument("--host-root", type=Path, default=ROOT)
    args = parser.parse_args(argv)
    ensure_isolated(__file__, argv)
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tests" / "net"))
    from hostile import Hostile

    from net.probe import probe

    print(f"bench_flood: host from {args.host_root}", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        host = Host(args.host_root.resolve(), Path(tmp))
        hostile = Hostile(host.port)
        try:
            version = probe((LO, host.port)).version
            rss0 = host.rss_mb()
            quiet = joins(host.port, version, args.joins)
            print(f"join (quiet):      {ms(quiet['join'])}; join check {ms(quiet['check'])}",
                  flush=True)
            printed0, logged0 = len(host.lines), host.log_lines()

            cpu0, t0 = host.cpu(), time.perf_counter()
            sent, answers = junk_from_a_player(hostile, host.port, version, args.frames)
            cpu, wall = host.cpu() - cpu0, time.perf_counter() - t0
            print(f"junk, player:      {sent} frames sent, {answers} answered; host CPU "
                  f"{cpu / sent * 100_000:.2f} s per 100k frames ({wall:.1f} s wall)", flush=True)

            n = max(8, args.frames // 10)
            cpu0, t0 = host.cpu(), time.perf_counter()
            sent = junk_from_strangers(hostile, n)
            cpu, wall = host.cpu() - cpu0, time.perf_counter() - t0
            print(f"junk, strangers:   {sent} frames on {sent // 8} connections; host CPU "
                  f"{cpu / sent * 100_000:.2f} s per 100k frames ({wall:.1f} s wall)", flush=True)

            cpu0, t0 = host.cpu(), time.perf_counter()
            junk_by_udp(host.port, args.frames)
            time.sleep(0.5)
            cpu, wall = host.cpu() - cpu0, time.perf_counter() - t0
            print(f"junk, UDP:         {args.frames} datagrams; host CPU "
                  f"{cpu / args.frames * 100_000:.2f} s per 100k ({wall:.1f} s wall)", flush=True)

            flood = SlotFlood(host.port, args.idle, args.tricklers)
            flood.start()
            flood.wait_opened(args.idle + args.tricklers, 60.0)
            time.sleep(1.0)
            cpu0, t0 = host.cpu(), time.perf_counter()
            flooded = joins(host.port, version, args.joins)
            cpu, wall = host.cpu() - cpu0, time.perf_counter() - t0
            flood.stop()
            print(f"join (flooded):    {ms(flooded['join'])}; join check {ms(flooded['check'])}; "
                  f"{flooded['failures']} failed {flooded['why'] or ''}", flush=True)
            print(f"                   {args.idle} idle + {args.tricklers} trickling, "
                  f"{flood.opened} connections opened in all; host CPU {cpu / wall * 100:.0f}% "
                  f"of a core meanwhile", flush=True)

            time.sleep(0.5)
            after = joins(host.port, version, 3)
            alive = host.proc.poll() is None and not after["failures"]
            print(f"survived:          {'yes' if alive else 'NO'} (joins and checks after the "
                  f"floods: {len(after['join'])}/3 and {len(after['check'])}/3)", flush=True)
            print(f"memory:            {rss0:.1f} MB before, {host.rss_mb():.1f} MB after", flush=True)
            time.sleep(BAD_WAIT)
            printed = host.lines[printed0:]
            print(f"console:           {len(printed)} lines printed by the host during the floods; "
                  f"{host.log_lines() - logged0} lines in its log file", flush=True)
            for line in printed[:12]:
                print(f"                   | {line[:150]}")
        finally:
            hostile.close()
            host.close()
    return 0


BAD_WAIT = 5.5      # the host's last count of bad input comes up to 5 s after the flood


if __name__ == "__main__":
    sys.exit(main())
