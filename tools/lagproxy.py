"""Command line for the lag proxy; the code lives in net/lagproxy.py.

    python tools/lagproxy.py --listen 127.0.0.1:9001 --target 127.0.0.1:9000 \\
        --delay-ms 40 --jitter-ms 10 --loss 0.05

Importable too: ``from net.lagproxy import LagProxy, ThreadedLagProxy, LagConfig, Link``
(this module re-exports them).
"""
from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):
    # Run as a script from a checkout that is not installed: make `net` importable.
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from net.lagproxy import (  # noqa: E402
    LagConfig,
    LagProxy,
    LagProxyError,
    LagStats,
    Link,
    ThreadedLagProxy,
    main,
)

__all__ = ["LagConfig", "LagProxy", "LagProxyError", "LagStats", "Link", "ThreadedLagProxy", "main"]

if __name__ == "__main__":
    raise SystemExit(main())
