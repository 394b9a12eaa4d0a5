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

# Buttons a keyboard zone binds (the common keys above cover pause and back).
ZONE_BUTTONS = ("up", "down", "left", "right", "select", "slap")
KEYBOARD_ZONES = tuple(DEFAULT_ZONES)

_SHORT_KEY_NAMES = {"return": "Enter", "right shift": "R Shift", "left shift": "L Shift",
                    "right ctrl": "R Ctrl", "left ctrl": "L Ctrl", "right alt": "R Alt",
                    "left alt": "L Alt", "escape": "Esc", "backspace": "Backspace",
                    "space": "Space", "up": "Up", "down": "Down", "left": "Left", "right": "Right"}


def key_code(name: str) -> int | None:
    """pygame's key code for a key name, or None if the name is unknown (or there is no video
    system to ask: pygame resolves key names through SDL's video subsystem)."""
    import pygame

    try:
        if not pygame.display.get_init():
            pygame.display.init()
        return pygame.key.key_code(name)
    except (ValueError, pygame.error):
        return None


def key_name(code: int) -> str:
    """The stored (lower-case, SDL) name of a key code, as bindings keep it."""
    import pygame

    try:
        return pygame.key.name(code)
    except pygame.error:
        return ""


def pretty_key(name: str) -> str:
    """A key name as a player reads it on screen: "W", "Num 8", "R Shift", "Enter"."""
    if name in _SHORT_KEY_NAMES:
        return _SHORT_KEY_NAMES[name]
    if name.startswith("[") and name.endswith("]"):
        return f"Num {name[1:-1]}"
    if name.startswith("keypad "):
        return f"Num {name[7:]}"
    if len(name) == 1:
        return name.upper()
    return name.title()


def moves_text(bindings: dict[str, str]) -> str:
    """A zone's four direction keys in a few characters: "W A S D", "Arrows", "Num 8 4 5 6"."""
    names = [pretty_key(bindings.get(b, "?")) for b in ("up", "left", "down", "right")]
    if names == ["Up", "Left", "Down", "Right"]:
        return "Arrows"
    if all(n.startswith("Num ") for n in names):
        return "Num " + " ".join(n[4:] for n in names)
    return " ".join(names)


def zone_hint(bindings: dict[str, str], action: str = "action") -> str:
    """One line naming a zone's keys, e.g. "W A S D move · E select · Q pass" (`action`: what the
    game calls its action button)."""
    return (f"{moves_text(bindings)} move · {pretty_key(bindings.get('select', '?'))} select · "
            f"{pretty_key(bindings.get('slap', '?'))} {action.lower()}")


def nav_hints(bindings: dict[str, dict[str, str]]) -> str:
    """How to move through the menus, from the keys as bound now (the first two keyboard zones)."""
    zones = [bindings.get(z) or DEFAULT_ZONES[z] for z in ("kb3", "kb1")]
    moves = " or ".join(moves_text(z).replace("W A S D", "WASD") for z in zones)
    selects = ", ".join(dict.fromkeys(pretty_key(z.get("select", "?")) for z in zones))
    return f"{moves} or pad to move · {selects}, A or click to select · Backspace back"


def device_hint(device: str, bindings: dict[str, dict[str, str]], action: str = "action") -> str:
    """How a seat on this device plays, for the setup screen (`action`: the game's name for it)."""
    if device == "mouse":
        return "Point and click"
    if device.startswith("pad"):
        return f"Stick or D-pad move · A select · X {action.lower()} · Start pause"
    zone = bindings.get(device) or DEFAULT_ZONES.get(device, {})
    return zone_hint(zone, action)
