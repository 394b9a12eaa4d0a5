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


def fell_back(driver: str) -> bool:
    """Whether SDL opened a virtual driver nobody asked for: with DISPLAY naming an X server that is
    not there it falls back to drawing off screen, and no window ever shows."""
    asked = [d.strip().lower() for d in os.environ.get("SDL_VIDEODRIVER", "").split(",")]
    return driver.lower() in VIRTUAL_DRIVERS and driver.lower() not in asked
