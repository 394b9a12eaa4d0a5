"""Raw pygame events to semantic Presses, per device: four keyboard zones, the mouse, gamepads.

Gamepads come and go (hot-plug): each connected pad gets the lowest free name "pad0", "pad1", ... so
a pad unplugged and plugged back in returns to its old seat even though SDL gives it a new instance
id. Buttons follow the common Xbox-style layout and are forgiving about others: any face button
besides A/B slaps, and every Start/Back-like button pauses.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import pygame

from game.ui.toolkit.input import COMMON_KEYS, DEFAULT_ZONES, KEYBOARD_ZONES, Press, key_code

DIRECTIONS = ("up", "down", "left", "right")
PAD_BUTTONS: dict[int, str] = {0: "select", 1: "back", 2: "slap", 3: "slap", 4: "slap", 5: "slap",
                               6: "pause", 7: "pause", 9: "pause"}
STICK_PRESS = 0.6       # stick deflection that counts as a press...
STICK_RELEASE = 0.35    # ...and the lower one that releases it, so a wobbling stick does not chatter
REPEAT_DELAY = 0.38     # a held direction repeats after this long...
REPEAT_EVERY = 0.11     # ...this often


@dataclass
class Pad:
    device: str                         # "pad0", ...
    instance_id: int
    name: str
    joystick: Any = None                # kept referenced: SDL stops its events once it is collected
    hat: set[str] = field(default_factory=set)
    stick: set[str] = field(default_factory=set)


def open_joystick(device_index: int) -> Any:
    """A pygame Joystick for a newly added device, or None if SDL cannot open it."""
    try:
        if not pygame.joystick.get_init():
            pygame.joystick.init()
        return pygame.joystick.Joystick(device_index)
    except (pygame.error, IndexError, ValueError):
        return None


class InputRouter:
    """Translates raw events into Presses. `translate` for each event, `poll` once per frame for
    the repeats of held directions."""

    def __init__(self, bindings: Mapping[str, Mapping[str, str]] | None = None, *,
                 joystick_opener: Callable[[int], Any] = open_joystick) -> None:
        self._open_joystick = joystick_opener
        self._keymap: dict[int, list[tuple[str, str]]] = {}
        self._common: dict[int, str] = {}
        self.bindings: dict[str, dict[str, str]] = {}
        self.pads: dict[int, Pad] = {}            # by SDL instance id
        self.version = 0                          # bumps when a pad connects or leaves
        self._held: dict[tuple[str, str], float] = {}   # (device, direction) -> next repeat time
        self.set_bindings(bindings or DEFAULT_ZONES)

    # -- bindings ---------------------------------------------------------------------------------

    def set_bindings(self, bindings: Mapping[str, Mapping[str, str]]) -> None:
        self.bindings = {zone: dict(bindings.get(zone, DEFAULT_ZONES[zone])) for zone in KEYBOARD_ZONES}
        keymap: dict[int, list[tuple[str, str]]] = {}
        for zone, keys in self.bindings.items():
            for button, name in keys.items():
                code = key_code(name)
                if code is not None:
                    keymap.setdefault(code, []).append((zone, button))
        self._keymap = keymap
        self._common = {c: b for c, b in ((key_code(n), b) for n, b in COMMON_KEYS.items())
                        if c is not None}
        self._held.clear()

    @property
    def zones(self) -> dict[str, dict[str, str]]:
        """The keyboard zones' bindings (what game scenes show as key hints)."""
        return self.bindings

    # -- devices ----------------------------------------------------------------------------------

    def devices(self) -> list[str]:
        """Devices a local player can sit at now: the mouse, the keyboard zones, connected pads."""
        pads = sorted((p.device for p in self.pads.values()), key=lambda d: int(d[3:]))
        return ["mouse", *KEYBOARD_ZONES, *pads]

    def pad_label(self, device: str) -> str:
        for pad in self.pads.values():
            if pad.device == device:
                return pad.name
        return ""

    def _add_pad(self, event: pygame.event.Event) -> None:
        index = getattr(event, "device_index", 0)
        joystick = self._open_joystick(index)
        instance = None
        name = "Gamepad"
        if joystick is not None:
            try:
                instance = joystick.get_instance_id()
                name = joystick.get_name() or name
            except (pygame.error, AttributeError):
                instance = None
        if instance is None:
            instance = getattr(event, "instance_id", index)
        if instance is None or instance in self.pads:
            return      # SDL announces pads present at start-up; a second notice changes nothing
        used = {p.device for p in self.pads.values()}
        slot = next(i for i in range(len(used) + 1) if f"pad{i}" not in used)
        self.pads[instance] = Pad(f"pad{slot}", instance, name, joystick)
        self.version += 1

    def _remove_pad(self, event: pygame.event.Event) -> None:
        pad = self.pads.pop(getattr(event, "instance_id", -1), None)
        if pad is not None:
            for direction in DIRECTIONS:
                self._held.pop((pad.device, direction), None)
            self.version += 1

    def _pad_of(self, event: pygame.event.Event) -> Pad | None:
        return self.pads.get(getattr(event, "instance_id", getattr(event, "joy", -1)))

    # -- translation ------------------------------------------------------------------------------

    def translate(self, event: pygame.event.Event, now: float) -> list[Press]:
        kind = event.type
        if kind == pygame.KEYDOWN:
            return self._key_down(event.key, now)
        if kind == pygame.KEYUP:
            for zone, button in self._keymap.get(event.key, ()):
                self._held.pop((zone, button), None)
            return []
        if kind == pygame.MOUSEBUTTONDOWN:
            pos = tuple(int(v) for v in event.pos)
            if event.button == 1:
                return [Press("mouse", "select", now, pos)]        # type: ignore[arg-type]
            if event.button == 3:
                return [Press("mouse", "back", now, pos)]          # type: ignore[arg-type]
            return []
        if kind == pygame.JOYDEVICEADDED:
            self._add_pad(event)
            return []
        if kind == pygame.JOYDEVICEREMOVED:
            self._remove_pad(event)
            return []
        if kind == pygame.JOYBUTTONDOWN:
            pad = self._pad_of(event)
            pressed = PAD_BUTTONS.get(getattr(event, "button", -1))
            return [Press(pad.device, pressed, now)] if pad and pressed else []
        if kind == pygame.JOYHATMOTION:
            pad = self._pad_of(event)
            if pad is None or getattr(event, "hat", 0) != 0:
                return []
            x, y = event.value
            now_held = {d for d, on in (("left", x < 0), ("right", x > 0), ("up", y > 0),
                                        ("down", y < 0)) if on}
            return self._set_directions(pad, "hat", now_held, now)
        if kind == pygame.JOYAXISMOTION:
            pad = self._pad_of(event)
            if pad is None or event.axis not in (0, 1):
                return []
            return self._stick(pad, event.axis, float(event.value), now)
        if kind in (pygame.WINDOWFOCUSLOST, pygame.WINDOWLEAVE):
            self._held.clear()   # a key released while the window was away never sends KEYUP
        return []

    def _key_down(self, code: int, now: float) -> list[Press]:
        common = self._common.get(code)
        if common is not None:
            return [Press("kb1", common, now)]
        presses = []
        for zone, button in self._keymap.get(code, ()):
            presses.append(Press(zone, button, now))
            if button in DIRECTIONS:
                self._held[(zone, button)] = now + REPEAT_DELAY
        return presses

    def _stick(self, pad: Pad, axis: int, value: float, now: float) -> list[Press]:
        neg, pos = ("left", "right") if axis == 0 else ("up", "down")
        held = set(pad.stick)
        for direction, amount in ((neg, -value), (pos, value)):
            if amount >= STICK_PRESS:
                held.add(direction)
            elif amount < STICK_RELEASE:
                held.discard(direction)
        return self._set_directions(pad, "stick", held, now)

    def _set_directions(self, pad: Pad, source: str, held: set[str], now: float) -> list[Press]:
        before: set[str] = getattr(pad, source)
        other: set[str] = pad.stick if source == "hat" else pad.hat
        setattr(pad, source, held)
        presses = []
        for direction in DIRECTIONS:
            key = (pad.device, direction)
            if direction in held and direction not in before and direction not in other:
                presses.append(Press(pad.device, direction, now))
                self._held[key] = now + REPEAT_DELAY
            elif direction not in held and direction not in other:
                self._held.pop(key, None)
        return presses

    def poll(self, now: float) -> list[Press]:
        """Repeats of directions held down, due by `now`."""
        out = []
        for (device, button), due in list(self._held.items()):
            if now >= due:
                out.append(Press(device, button, now))
                # Catch up only once after a stall: one repeat, then the normal rhythm.
                nxt = due + REPEAT_EVERY
                self._held[(device, button)] = nxt if nxt > now else now + REPEAT_EVERY
        return out
