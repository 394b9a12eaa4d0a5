"""Input seats: each local player is a device (a keyboard zone, a gamepad, the mouse) whose raw
events become semantic Presses. Default zones as DESIGN.md; bindings are rebindable and saved."""
from __future__ import annotations

from dataclasses import dataclass

BUTTONS = ("up", "down", "left", "right", "select", "slap", "back", "pause")


@dataclass(frozen=True)
class Press:
    device: str                       # "kb1".."kb4", "mouse", "pad0", "pad1", ...
    button: str                       # one of BUTTONS
    time: float = 0.0                 # monotonic seconds of the press
    pos: tuple[int, int] | None = None  # logical screen position, for the mouse


# Key names as pygame.key.key_code() understands them.
DEFAULT_ZONES: dict[str, dict[str, str]] = {
    "kb1": {"up": "w", "left": "a", "down": "s", "right": "d", "slap": "q", "select": "e"},
    "kb2": {"up": "i", "left": "j", "down": "k", "right": "l", "slap": "u", "select": "o"},
    "kb3": {"up": "up", "left": "left", "down": "down", "right": "right", "slap": "right shift",
            "select": "return"},
    "kb4": {"up": "[8]", "left": "[4]", "down": "[5]", "right": "[6]", "slap": "[7]", "select": "[9]"},
}
# Keys every keyboard seat shares.
COMMON_KEYS: dict[str, str] = {"escape": "pause", "backspace": "back"}

DEVICE_NAMES = {"kb1": "Keys WASD", "kb2": "Keys IJKL", "kb3": "Arrow keys", "kb4": "Numpad",
                "mouse": "Mouse"}


def device_name(device: str) -> str:
    if device.startswith("pad"):
        return f"Gamepad {int(device[3:]) + 1}"
    return DEVICE_NAMES.get(device, device)
