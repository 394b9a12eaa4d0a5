"""What to call a device's keys on screen: 'E', 'R-Shift', 'Num9', 'W A S D', 'Arrows'."""
from __future__ import annotations

from collections.abc import Mapping

from game.ui.toolkit.input import DEFAULT_ZONES

_NAMES = {"right shift": "R-Shift", "left shift": "L-Shift", "return": "Enter", "backspace": "Bksp",
          "escape": "Esc", "space": "Space", "up": "Up", "down": "Down", "left": "Left", "right": "Right"}
PAD_LABELS = {"up": "D-pad", "down": "", "left": "", "right": "", "select": "A", "slap": "X",
              "back": "B", "pause": "Start"}


def key_label(key: str) -> str:
    if key in _NAMES:
        return _NAMES[key]
    if key.startswith("[") and key.endswith("]"):
        return f"Num{key[1:-1]}"
    return key.upper()


def direction_label(keys: list[str]) -> str:
    """Four direction keys in a few characters: 'W A S D', 'Arrows', 'Num 8456'."""
    if keys == ["Up", "Left", "Down", "Right"]:
        return "Arrows"
    if all(k.startswith("Num") for k in keys):
        return "Num " + "".join(k[3:] for k in keys)
    return " ".join(keys) if all(len(k) == 1 for k in keys) else "/".join(keys)


def key_labels(device: str, zones: Mapping[str, Mapping[str, str]] | None) -> dict[str, str]:
    """Button -> label for a device, with the player's own bindings (`zones`)."""
    if device.startswith("pad"):
        return dict(PAD_LABELS)
    zones = zones or DEFAULT_ZONES
    keys = zones.get(device, DEFAULT_ZONES.get(device, {}))
    labels = {button: key_label(key) for button, key in keys.items()}
    labels.setdefault("back", "Bksp")
    labels.setdefault("pause", "Esc")
    return labels


def move_label(device: str, labels: Mapping[str, str]) -> str:
    if device.startswith("pad"):
        return "D-pad"
    return direction_label([labels.get(b, "") for b in ("up", "left", "down", "right")])


def select_label(device: str, labels: Mapping[str, str]) -> str:
    """How a device's Select is named in a sentence ("press Enter", "press the left button")."""
    if not device:
        return "select"
    if device == "mouse":
        return "the left button"
    return labels.get("select", "select")
