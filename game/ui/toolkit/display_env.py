"""Whether this process can show a window, judged from the environment before pygame is imported
(so a headless run never loads it)."""
from __future__ import annotations

import os
import sys
from typing import Literal

VIRTUAL_DRIVERS = ("dummy", "offscreen")


def display_kind() -> Literal["none", "virtual", "real"]:
    """"virtual": SDL draws off screen on purpose (tests, screenshots); "none": Linux or BSD with
    neither X11 nor Wayland and no driver chosen; "real": a window can be tried."""
    driver = os.environ.get("SDL_VIDEODRIVER", "")
    if driver in VIRTUAL_DRIVERS:
        return "virtual"
    if driver or not (sys.platform.startswith("linux") or "bsd" in sys.platform):
        return "real"
    return "real" if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") else "none"
