"""Raw events to Presses: keyboard zones, common keys, the mouse, hot-plugged gamepads."""
import pygame
import pytest

from game.ui.toolkit.devices import REPEAT_DELAY, REPEAT_EVERY, InputRouter
from game.ui.toolkit.input import DEFAULT_ZONES, Press, key_code


@pytest.fixture(autouse=True)
def video():
    pygame.display.init()       # SDL resolves key names through its video system (dummy here)
    yield


def key(code, kind=pygame.KEYDOWN):
    return pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0)


def named(name):
    return key(key_code(name))


def pairs(presses):
    return [(p.device, p.button) for p in presses]


@pytest.mark.parametrize("zone", list(DEFAULT_ZONES))
def test_each_default_zone_maps_its_keys(zone):
    router = InputRouter()
    for button, name in DEFAULT_ZONES[zone].items():
        assert pairs(router.translate(named(name), 1.0)) == [(zone, button)]


def test_design_default_keys():
    router = InputRouter()
    assert pairs(router.translate(key(pygame.K_w), 0)) == [("kb1", "up")]
    assert pairs(router.translate(key(pygame.K_q), 0)) == [("kb1", "slap")]
    assert pairs(router.translate(key(pygame.K_o), 0)) == [("kb2", "select")]
    assert pairs(router.translate(key(pygame.K_RSHIFT), 0)) == [("kb3", "slap")]
    assert pairs(router.translate(key(pygame.K_RETURN), 0)) == [("kb3", "select")]
    assert pairs(router.translate(key(pygame.K_KP8), 0)) == [("kb4", "up")]
    assert pairs(router.translate(key(pygame.K_KP7), 0)) == [("kb4", "slap")]


def test_escape_pauses_and_backspace_goes_back():
    router = InputRouter()
    assert pairs(router.translate(key(pygame.K_ESCAPE), 0)) == [("kb1", "pause")]
    assert pairs(router.translate(key(pygame.K_BACKSPACE), 0)) == [("kb1", "back")]


def test_unbound_keys_and_key_releases_make_no_press():
    router = InputRouter()
    assert router.translate(key(pygame.K_z), 0) == []
    assert router.translate(key(pygame.K_w, pygame.KEYUP), 0) == []


def test_press_carries_the_time():
    router = InputRouter()
    assert router.translate(key(pygame.K_q), 12.5) == [Press("kb1", "slap", 12.5)]


def test_rebinding_moves_a_button_to_a_new_key():
    router = InputRouter()
    bindings = {z: dict(keys) for z, keys in DEFAULT_ZONES.items()}
    bindings["kb1"]["up"] = "t"
    router.set_bindings(bindings)
    assert pairs(router.translate(key(pygame.K_t), 0)) == [("kb1", "up")]
    assert router.translate(key(pygame.K_w), 0) == []
    assert router.zones["kb1"]["up"] == "t"


def test_unknown_key_names_are_skipped():
    router = InputRouter({"kb1": {"up": "no such key", "down": "s"}})
    assert pairs(router.translate(key(pygame.K_s), 0)) == [("kb1", "down")]


def test_mouse_clicks_select_at_a_position_and_right_click_goes_back():
    router = InputRouter()
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(100, 200))
    assert router.translate(click, 3.0) == [Press("mouse", "select", 3.0, (100, 200))]
    right = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(5, 6))
    assert pairs(router.translate(right, 0)) == [("mouse", "back")]
    wheel = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=4, pos=(5, 6))
    assert router.translate(wheel, 0) == []


# -- gamepads -----------------------------------------------------------------------------------

class FakeJoystick:
    def __init__(self, instance_id, name="Fake Pad"):
        self.instance_id, self.name = instance_id, name

    def get_instance_id(self):
        return self.instance_id

    def get_name(self):
        return self.name


class FakeSDL:
    """Hands out instance ids the way SDL does: a new one on every connection."""

    def __init__(self):
        self.next_id = 10

    def open(self, device_index):
        self.next_id += 1
        return FakeJoystick(self.next_id)


def added(index=0, **extra):
    return pygame.event.Event(pygame.JOYDEVICEADDED, device_index=index, **extra)


def removed(instance_id):
    return pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=instance_id)


def button(instance_id, number):
    return pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=instance_id, button=number)


def test_hot_plug_adds_and_removes_pads():
    sdl = FakeSDL()
    router = InputRouter(joystick_opener=sdl.open)
    assert router.devices() == ["mouse", "kb1", "kb2", "kb3", "kb4"]
    router.translate(added(0), 0)
    router.translate(added(1), 0)
    assert router.devices()[-2:] == ["pad0", "pad1"]
    assert router.pad_label("pad0") == "Fake Pad"
    version = router.version
    router.translate(removed(11), 0)             # the first pad leaves
    assert "pad0" not in router.devices() and "pad1" in router.devices()
    assert router.version > version
    router.translate(added(0), 0)               # back, with a new SDL instance id
    assert sorted(router.devices()[-2:]) == ["pad0", "pad1"]
    assert pairs(router.translate(button(13, 0), 0)) == [("pad0", "select")]


def test_pad_buttons_map_to_presses():
    router = InputRouter(joystick_opener=FakeSDL().open)
    router.translate(added(), 0)
    expected = {0: "select", 1: "back", 2: "slap", 3: "slap", 7: "pause", 6: "pause"}
    for number, name in expected.items():
        assert pairs(router.translate(button(11, number), 0)) == [("pad0", name)]
    assert router.translate(button(11, 15), 0) == []
    assert router.translate(button(99, 0), 0) == []          # a pad never announced


def test_hat_and_stick_give_directions_with_a_dead_zone():
    router = InputRouter(joystick_opener=FakeSDL().open)
    router.translate(added(), 0)
    hat = lambda x, y: pygame.event.Event(pygame.JOYHATMOTION, instance_id=11, hat=0, value=(x, y))
    axis = lambda a, v: pygame.event.Event(pygame.JOYAXISMOTION, instance_id=11, axis=a, value=v)
    assert pairs(router.translate(hat(0, 1), 0)) == [("pad0", "up")]
    assert router.translate(hat(0, 1), 0) == []                  # still held: no second press
    assert router.translate(hat(0, 0), 0) == []
    assert pairs(router.translate(hat(-1, -1), 0)) == [("pad0", "down"), ("pad0", "left")]
    router.translate(hat(0, 0), 0)
    assert router.translate(axis(1, 0.2), 0) == []               # inside the dead zone
    assert pairs(router.translate(axis(1, 0.9), 0)) == [("pad0", "down")]
    assert router.translate(axis(1, 0.5), 0) == []               # wobble: still held, no repeat
    assert router.translate(axis(1, 0.1), 0) == []               # released
    assert pairs(router.translate(axis(1, 0.8), 0)) == [("pad0", "down")]
    assert pairs(router.translate(axis(0, -1.0), 0)) == [("pad0", "left")]


def test_a_pad_sdl_cannot_open_still_plays_by_its_instance_id():
    router = InputRouter(joystick_opener=lambda index: None)
    router.translate(added(3, instance_id=42), 0)
    assert pairs(router.translate(button(42, 0), 0)) == [("pad0", "select")]
    router.translate(added(3, instance_id=42), 0)                 # announced twice: still one pad
    assert router.devices().count("pad0") == 1 and "pad1" not in router.devices()


def test_the_real_opener_survives_a_missing_joystick():
    router = InputRouter()
    assert router.translate(added(7), 0) == []       # there is no joystick 7 on a test machine
    listed = list(router.devices())
    assert router.translate(removed(12345), 0) == []  # and no pad 12345 was ever announced
    assert router.devices() == listed


# -- held directions repeat ---------------------------------------------------------------------

def test_held_direction_repeats_until_released():
    router = InputRouter()
    router.translate(key(pygame.K_s), 10.0)
    assert router.poll(10.0 + REPEAT_DELAY / 2) == []
    assert pairs(router.poll(10.0 + REPEAT_DELAY)) == [("kb1", "down")]
    assert router.poll(10.0 + REPEAT_DELAY) == []               # once per due time
    assert pairs(router.poll(10.0 + REPEAT_DELAY + REPEAT_EVERY)) == [("kb1", "down")]
    router.translate(key(pygame.K_s, pygame.KEYUP), 11.0)
    assert router.poll(20.0) == []


def test_select_and_slap_never_repeat():
    router = InputRouter()
    router.translate(key(pygame.K_q), 0.0)
    router.translate(key(pygame.K_e), 0.0)
    assert router.poll(5.0) == []


def test_losing_window_focus_stops_repeats():
    router = InputRouter()
    router.translate(key(pygame.K_s), 0.0)
    router.translate(pygame.event.Event(pygame.WINDOWFOCUSLOST), 0.1)
    assert router.poll(5.0) == []
