"""The player's settings, kept as JSON in the user's config folder.

Loading never fails: a missing file gives the defaults, a corrupt one gives the defaults plus one
message for the player (and the bad file is kept aside so nothing is lost). Saving writes a temporary
file beside the real one and renames it over, so a crash mid-write never leaves half a file.
"""
from __future__ import annotations

import copy
import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.storage import config_dir, write_atomic
from game.ui.toolkit.input import DEFAULT_ZONES, ZONE_BUTTONS

FILE_NAME = "settings.json"
SCALES: tuple[int | str, ...] = (1, 2, 3, "fit")
MAX_NAME = 24
SEAT_COLOURS = ("standard", "high_contrast")   # the palettes of game.ui.toolkit.theme.PALETTES


def _default_bindings() -> dict[str, dict[str, str]]:
    return copy.deepcopy(DEFAULT_ZONES)


@dataclass
class Settings:
    fullscreen: bool = False
    window_scale: int | str = "fit"        # 1, 2, 3 or "fit" (largest that fits the screen)
    volume: int = 80                       # 0..100
    muted: bool = False
    bindings: dict[str, dict[str, str]] = field(default_factory=_default_bindings)
    last_setup: dict[str, dict[str, Any]] = field(default_factory=dict)   # game key -> setup
    player_name: str = "Player"
    lan_interface: str = "all"             # "all", or the IPv4 address of one interface for LAN play
    seat_colours: str = "standard"         # one of SEAT_COLOURS
    join_devices: list[str] = field(default_factory=list)   # who played at this computer in the last LAN join

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Build from parsed JSON, keeping each valid field and defaulting the rest; unknown keys
        are ignored so older and newer versions can share a file."""
        if not isinstance(data, dict):
            raise ValueError("the file does not hold a settings object")
        out = cls()
        if isinstance(data.get("fullscreen"), bool):
            out.fullscreen = data["fullscreen"]
        if data.get("window_scale") in SCALES and not isinstance(data.get("window_scale"), bool):
            out.window_scale = data["window_scale"]
        volume = data.get("volume")
        if isinstance(volume, (int, float)) and not isinstance(volume, bool):
            out.volume = max(0, min(100, int(volume)))
        if isinstance(data.get("muted"), bool):
            out.muted = data["muted"]
        out.bindings = _clean_bindings(data.get("bindings"))
        last = data.get("last_setup")
        if isinstance(last, dict):
            out.last_setup = {k: v for k, v in last.items() if isinstance(k, str) and isinstance(v, dict)}
        name = data.get("player_name")
        if isinstance(name, str) and name.strip():
            out.player_name = name.strip()[:MAX_NAME]
        devices = data.get("join_devices")
        if isinstance(devices, list) and all(isinstance(d, str) and d for d in devices):
            out.join_devices = list(dict.fromkeys(devices))[:8]
        if data.get("seat_colours") in SEAT_COLOURS:
            out.seat_colours = data["seat_colours"]
        lan = data.get("lan_interface")
        if isinstance(lan, str) and (lan == "all" or _is_ipv4(lan)):
            out.lan_interface = lan
        return out


def _is_ipv4(text: str) -> bool:
    import ipaddress
    try:
        ipaddress.IPv4Address(text)
    except ValueError:
        return False
    return True


def _clean_bindings(data: Any) -> dict[str, dict[str, str]]:
    """Stored bindings over the defaults; a zone whose keys clash with another's reverts to its
    defaults so every zone stays playable."""
    out = _default_bindings()
    if not isinstance(data, dict):
        return out
    for zone, defaults in out.items():
        stored = data.get(zone)
        if not isinstance(stored, dict):
            continue
        for button in ZONE_BUTTONS:
            key = stored.get(button)
            if isinstance(key, str) and key.strip():
                defaults[button] = key.strip().lower()
    seen: dict[str, str] = {}
    for zone in list(out):
        keys = list(out[zone].values())
        if len(set(keys)) != len(keys) or any(k in seen or k in ("escape", "backspace", "f11")
                                              for k in keys):
            out[zone] = copy.deepcopy(DEFAULT_ZONES[zone])
            keys = list(out[zone].values())
        for k in keys:
            seen[k] = zone
    return out


def settings_path() -> Path:
    return config_dir() / FILE_NAME


@dataclass
class Loaded:
    settings: Settings
    problem: str | None = None    # a message for the player, shown once


def load_settings(path: Path | None = None) -> Loaded:
    path = settings_path() if path is None else path
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Loaded(Settings())
    except (OSError, UnicodeDecodeError) as exc:
        return Loaded(Settings(), f"Could not read your settings ({_reason(exc)}); using defaults.")
    try:
        return Loaded(Settings.from_json(json.loads(text)))
    except (ValueError, TypeError):
        kept = _keep_aside(path)
        where = f" (old file kept as {kept.name})" if kept else ""
        return Loaded(Settings(), f"Your settings file was damaged, so defaults are in use{where}.")


def _keep_aside(path: Path) -> Path | None:
    """Move a damaged file out of the way so the message shows once and the file is not lost."""
    target = path.with_name(path.name + ".bad")
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or exc.__class__.__name__


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write atomically; raises OSError (callers show it to the player)."""
    path = settings_path() if path is None else path
    text = json.dumps(settings.to_json(), indent=2, sort_keys=True) + "\n"
    write_atomic(path, text.encode("utf-8"), durable=True)
