import ctypes
import logging
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Developer tools the tests use too (the lag proxy) live in tools/, outside the shipped packages.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))

# CI runs hypothesis with fixed settings: derandomized (the same examples every run, so a red CI is
# reproducible), no deadline (a loaded 2-core machine is not a failure). `--hypothesis-profile dev`
# explores new examples locally.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

def _own_network_namespace() -> None:
    """An xdist worker in an isolated network namespace (CI runs the suite under `unshare -n`) moves
    into a fresh one of its own, loopback up with multicast on: two workers' LAN tests then never
    see each other's tables, ports or announcements, so they may run at once. Elsewhere (no root,
    or a namespace with real interfaces, where the LAN tests skip) nothing changes."""
    if not sys.platform.startswith("linux") or os.geteuid() != 0:
        return
    if any(name != "lo" for _, name in socket.if_nameindex()):
        return
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.unshare(0x40000000) != 0:       # CLONE_NEWNET, for this (the tests') thread
        raise OSError(ctypes.get_errno(), "unshare(CLONE_NEWNET) for an xdist worker")
    for args in (("link", "set", "lo", "up"), ("link", "set", "lo", "multicast", "on")):
        subprocess.run(["ip", *args], check=True, timeout=15)


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("PYTEST_XDIST_WORKER"):
        _own_network_namespace()


# Every test runs headless: no window, no sound device.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True)
def _user_folders(tmp_path_factory, monkeypatch):
    """No test reads or writes the real user's settings, saves or remembered seats."""
    home = tmp_path_factory.mktemp("user")
    for var, sub in (("KOMBO_ARCADE_CONFIG_DIR", "config"), ("KOMBO_ARCADE_DATA_DIR", "data")):
        if var not in os.environ:
            monkeypatch.setenv(var, str(home / sub))


@pytest.fixture
def pygame_video():
    """pygame's display and fonts for a test that draws (headless: the dummy driver)."""
    import pygame

    pygame.display.init()
    pygame.font.init()
    yield
    pygame.quit()


@pytest.fixture
def coming_soon(monkeypatch):
    """A game the catalogue lists as coming soon (all four real ones are playable): its key."""
    import game.games as games
    from game.definition import GameDef

    later = GameDef.coming_soon("tiddlywinks", "Tiddlywinks", "Not ready yet.", 2, 4)
    monkeypatch.setattr(games, "GAMES", (*games.GAMES, later))
    return later.key


class _FoldErrors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def _shown_views_follow_the_truth():
    """Every scene test fails if a game screen's shown view, folded event by event, ever differed
    from the truth once its animations were done (game.ui.play.show): a fold out of step with its
    engine, found wherever a scene plays."""
    handler = _FoldErrors()
    logger = logging.getLogger("game.ui.play.show")
    logger.addHandler(handler)
    yield
    logger.removeHandler(handler)
    if handler.records:
        pytest.fail("a shown view differed from the truth:\n" + handler.records[0].getMessage())
