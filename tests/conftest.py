import os

import pytest

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
