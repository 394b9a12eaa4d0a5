"""Network benches run only in a network namespace of their own, so their traffic can never reach
the machine's real interfaces: as root they re-execute themselves under `unshare -n`."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

_ENV_FLAG = "KOMBO_BENCH_ISOLATED"


def only_loopback() -> bool:
    return all(name == "lo" for _, name in socket.if_nameindex())


def ensure_isolated(script: str, argv: list[str]) -> None:
    """Return if isolated; else re-exec `script` under ``unshare -n``, or exit with a message."""
    name = Path(script).stem
    if only_loopback():
        # already isolated (e.g. CI's unshare -n): loopback up, carrying multicast (discovery)
        subprocess.run(["ip", "link", "set", "lo", "up"], check=False, capture_output=True)
        subprocess.run(["ip", "link", "set", "lo", "multicast", "on"], check=False, capture_output=True)
        return
    if os.environ.get(_ENV_FLAG):
        sys.exit(f"{name}: still not isolated after unshare -n; refusing to run")
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        sys.exit(
            f"{name}: refusing to run outside an isolated network namespace.\n"
            "Run as root (the script re-executes itself under `unshare -n`), or run it inside\n"
            f"  unshare -n sh -c 'ip link set lo up; ip link set lo multicast on; python tools/bench/{name}.py'"
        )
    command = 'ip link set lo up && ip link set lo multicast on && exec "$0" "$@"'
    env = {**os.environ, _ENV_FLAG: "1"}
    os.execvpe("unshare", ["unshare", "-n", "sh", "-c", command, sys.executable, script, *argv], env)
