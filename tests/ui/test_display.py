"""The window: the logical 1280×720 frame letterboxed into a window of any size, the mouse mapped
back through the same letterbox, the window sizes offered for a desktop, and the check that a real
video driver opened."""
from fractions import Fraction

import pygame
import pytest

from game.ui.routes import new_app
from game.ui.screens.settings_screen import SettingsScreen
from game.ui.toolkit import display as display_mod
from game.ui.toolkit.app import SIZE, App
from game.ui.toolkit.devices import InputRouter
from game.ui.toolkit.display import (
    MIN_SIZE,
    NO_DISPLAY,
    Display,
    NoDisplay,
    letterbox,
    scale_choices,
    show,
    to_logical,
    to_window,
    window_size,
)
from game.ui.toolkit.display_env import fell_back
from game.ui.toolkit.settings import Settings

LW, LH = SIZE
WINDOWS = [(1280, 720), (640, 360), (1920, 1080), (2560, 1440), (1126, 633), (1689, 950),
           (1000, 1000), (640, 1000), (1920, 1200), (3440, 1440), (641, 361), (1366, 768), (800, 601),
           (1281, 719)]


# -- the letterbox -----------------------------------------------------------------------------------

@pytest.mark.parametrize("window", WINDOWS)
def test_the_frame_fills_the_window_one_way_and_keeps_its_aspect(window):
    w, h = window
    view = letterbox(window, SIZE)
    assert pygame.Rect(0, 0, w, h).contains(view)
    assert view.w == w or view.h == h                 # bars on two opposite sides at most
    # centred: the bars on either side differ by a pixel at most
    assert abs(view.x - (w - view.right)) <= 1 and abs(view.y - (h - view.bottom)) <= 1
    # the aspect of 16:9 to the nearest pixel
    if view.w == w:
        assert abs(Fraction(view.h) - Fraction(w * LH, LW)) <= Fraction(1, 2)
    else:
        assert abs(Fraction(view.w) - Fraction(h * LW, LH)) <= Fraction(1, 2)


def test_windows_of_the_frames_shape_have_no_bars():
    for window in [(1280, 720), (640, 360), (1920, 1080), (2560, 1440), (3840, 2160)]:
        assert letterbox(window, SIZE) == pygame.Rect((0, 0), window)
    assert letterbox((1000, 1000), SIZE) == pygame.Rect(0, 218, 1000, 563)
    assert letterbox((3440, 1440), SIZE) == pygame.Rect(440, 0, 2560, 1440)


@pytest.mark.parametrize("window", WINDOWS)
def test_every_window_pixel_picks_the_logical_pixel_drawn_under_its_centre(window):
    view = letterbox(window, SIZE)
    for axis, (start, span, size, extent) in enumerate(((view.x, view.w, LW, window[0]),
                                                        (view.y, view.h, LH, window[1]))):
        for p in range(extent):
            pos = (p, 0) if axis == 0 else (0, p)
            got = to_logical(pos, window, SIZE)[axis]
            centre = (Fraction(p - start) + Fraction(1, 2)) * size / span
            expected = max(0, min(size - 1, int(centre // 1)))
            assert got == expected, (window, axis, p)


@pytest.mark.parametrize("window", WINDOWS)
def test_corners_bars_and_a_button(window):
    view = letterbox(window, SIZE)
    # the corner pixels pick the corners (in a smaller window a pixel covers two, and picks the one
    # under its centre)
    assert max(to_logical(view.topleft, window, SIZE)) <= (1 if view.w < LW else 0)
    assert to_logical((view.right - 1, view.bottom - 1), window, SIZE) == (LW - 1, LH - 1)
    # the bars pick the nearest edge
    if view.x:
        assert to_logical((0, view.centery), window, SIZE)[0] == 0
    if view.y:
        assert to_logical((view.centerx, 0), window, SIZE)[1] == 0
    assert to_logical((window[0] - 1, window[1] - 1), window, SIZE) == (LW - 1, LH - 1)
    # A button as drawn: every window pixel whose centre is on its image picks it, no other does.
    button = pygame.Rect(600, 330, 80, 60)
    sx, sy = Fraction(view.w, LW), Fraction(view.h, LH)
    for x in range(view.x, view.right):
        centre = (x - view.x + Fraction(1, 2)) / sx
        assert (button.left <= centre < button.right) == (button.left <= to_logical((x, 0), window, SIZE)[0]
                                                          < button.right)
    for y in range(view.y, view.bottom):
        centre = (y - view.y + Fraction(1, 2)) / sy
        assert (button.top <= centre < button.bottom) == (button.top <= to_logical((0, y), window, SIZE)[1]
                                                          < button.bottom)


@pytest.mark.parametrize("window", [w for w in WINDOWS if letterbox(w, SIZE).w >= LW])
def test_a_logical_pixel_drawn_larger_is_picked_back_exactly(window):
    for x in range(LW):
        assert to_logical(to_window((x, 0), window, SIZE), window, SIZE)[0] == x
    for y in range(LH):
        assert to_logical(to_window((0, y), window, SIZE), window, SIZE)[1] == y


def coded_frame() -> pygame.Surface:
    """Blocks of 16×16 logical pixels, each its own colour."""
    frame = pygame.Surface(SIZE)
    for bx in range(LW // 16):
        for by in range(LH // 16):
            frame.fill(block_colour(bx, by), (bx * 16, by * 16, 16, 16))
    return frame


def block_colour(bx: int, by: int) -> tuple[int, int, int]:
    """Neighbouring blocks differ by 40 or more in red or green."""
    return (40 + bx * 40 % 200, 40 + by * 40 % 200, 128)


def near(colour, expected, slack: int = 6) -> bool:
    """The same colour but for smoothscale's rounding."""
    return all(abs(a - b) <= slack for a, b in zip(tuple(colour)[:3], expected))


@pytest.mark.parametrize("window", WINDOWS)
def test_what_is_drawn_where_the_mouse_points_is_what_it_picks(window):
    """The frame as show() paints it: where a window pixel picks a logical pixel well inside a
    block, the block's colour is on screen there (at whole scales exactly everywhere)."""
    frame = coded_frame()
    screen = pygame.Surface(window)
    screen.fill((255, 0, 255))
    view = show(frame, screen)
    assert view == letterbox(window, SIZE)
    whole = view.w % LW == 0 and view.w // LW == view.h // LH
    xs = sorted({*range(0, window[0], 11), view.x, view.right - 1, view.x - 1, view.right} & set(range(window[0])))
    ys = sorted({*range(0, window[1], 7), view.y, view.bottom - 1, view.y - 1, view.bottom} & set(range(window[1])))
    for x in xs:
        for y in ys:
            if not view.collidepoint(x, y):
                assert screen.get_at((x, y))[:3] == (0, 0, 0)            # the bars are black
                continue
            lx, ly = to_logical((x, y), window, SIZE)
            if not whole and not (2 <= lx % 16 <= 13 and 2 <= ly % 16 <= 13):
                continue        # smoothing blends the edges of blocks
            colour = screen.get_at((x, y))
            if whole:
                assert tuple(colour[:3]) == block_colour(lx // 16, ly // 16), (x, y)
            else:
                assert near(colour, block_colour(lx // 16, ly // 16)), (x, y, colour)


# -- the sizes offered -------------------------------------------------------------------------------

@pytest.mark.parametrize("desktop, offered", [
    ((1280, 720), ["fit"]),                 # 1× would not fit beside a task bar, 2× never
    ((1366, 768), ["fit"]),
    ((1920, 1080), [1, "fit"]),
    ((2560, 1440), [1, "fit"]),
    ((3840, 2160), [1, 2, "fit"]),
    ((5120, 2880), [1, 2, 3, "fit"]),
    (None, [1, 2, 3, "fit"]),               # unknown desktop: everything, the window shrinks to fit
])
def test_only_scales_that_fit_the_desktop_are_offered(desktop, offered):
    assert scale_choices(desktop, SIZE) == offered


def test_window_sizes_fit_the_desktop_and_never_shrink_below_the_minimum():
    assert window_size(1, (1920, 1080), SIZE) == (1280, 720)
    assert window_size("fit", (1920, 1080), SIZE) == (1689, 950)
    assert window_size(2, (1280, 720), SIZE) == window_size("fit", (1280, 720), SIZE) == (1125, 633)
    assert window_size("fit", (700, 400), SIZE) == MIN_SIZE
    assert window_size(2, None, SIZE) == (2560, 1440)


def test_the_settings_screen_offers_what_fits_and_shows_a_saved_size_that_does_not_as_fit():
    class Desktop720:
        def scale_choices(self):
            return scale_choices((1280, 720), SIZE)

    pygame.display.init()
    pygame.font.init()
    app = new_app(pygame.Surface(SIZE), settings=Settings(window_scale=2), display=Desktop720())
    screen = SettingsScreen(app)
    assert screen.scale.choices == ["fit"]
    assert screen.scale.value == "fit"
    app = new_app(pygame.Surface(SIZE), settings=Settings(window_scale=1), display=None)
    assert SettingsScreen(app).scale.choices == [1, 2, 3, "fit"]


# -- the window (the dummy driver) -------------------------------------------------------------------

@pytest.fixture
def window():
    pygame.display.init()
    display = Display(SIZE, Settings())
    frame = display.open()
    yield display, frame
    pygame.display.quit()


def resize(display, size):
    display.window.size = size
    pygame.event.get()
    assert pygame.display.get_surface().get_size() == size


def test_the_window_shows_the_frame_letterboxed_at_any_size(window):
    display, frame = window
    assert frame.get_size() == SIZE
    assert tuple(display.window.minimum_size) == MIN_SIZE
    assert display.window.resizable
    frame.fill((200, 30, 40))
    for size in [(640, 360), (1000, 1000), (1920, 1080), (900, 400)]:
        resize(display, size)
        display.present()
        screen = pygame.display.get_surface()
        view = letterbox(size, SIZE)
        assert near(screen.get_at(view.center), (200, 30, 40))
        if view.x:
            assert screen.get_at((view.x // 2, size[1] // 2))[:3] == (0, 0, 0)
        if view.y:
            assert screen.get_at((size[0] // 2, view.y // 2))[:3] == (0, 0, 0)
        assert display.to_logical(view.center) == to_logical(view.center, size, SIZE)


def test_fullscreen_fills_the_desktop_and_comes_back(window):
    display, _ = window
    resize(display, (1000, 600))
    display.toggle_fullscreen()
    pygame.event.get()
    assert display.settings.fullscreen
    assert pygame.display.get_surface().get_size() == display.desktop_size()
    display.toggle_fullscreen()
    pygame.event.get()
    assert not display.settings.fullscreen
    assert pygame.display.get_surface().get_size() == (1000, 600)


def test_a_scale_setting_sizes_the_window(window):
    display, _ = window
    display.settings.window_scale = "fit"
    display.apply_scale()
    pygame.event.get()
    assert pygame.display.get_surface().get_size() == window_size("fit", display.desktop_size(), SIZE)


class FakeDisplay:
    """A window of a given size, as App sees it."""

    def __init__(self, size):
        self.size = size

    def to_logical(self, pos):
        return to_logical(pos, self.size, SIZE)


def test_mouse_events_reach_the_scenes_in_logical_pixels():
    seen = []

    class Recorder:
        opaque = True
        pauses_below = True

        def handle_raw(self, event):
            seen.append(("raw", event.type, event.pos, getattr(event, "rel", None)))
            return False

        def handle(self, press):
            seen.append(("press", press.button, press.pos))
            return True

        def on_enter(self):
            pass

    app = App(pygame.Surface(SIZE), inputs=InputRouter(), display=FakeDisplay((1920, 1080)))
    app.push(Recorder())
    app.feed([pygame.event.Event(pygame.MOUSEMOTION, pos=(960, 540), rel=(30, -15), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1919, 1079), button=1)])
    assert seen[0] == ("raw", pygame.MOUSEMOTION, (640, 360), (20, -10))
    assert seen[-1] == ("press", "select", (1279, 719))
    seen.clear()
    app.display = FakeDisplay((1000, 1000))      # a square window: bars above and below
    app.feed([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(0, 218), button=1),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(999, 5), button=3)])
    assert [s for s in seen if s[0] == "press"] == [("press", "select", (0, 0)), ("press", "back", (1279, 0))]
    assert app.to_logical((500, 499)) == (640, 360)     # the frame's 563 rows start at 218


# -- a real driver, or the headless hint -------------------------------------------------------------

@pytest.mark.parametrize("asked, opened, falls_back", [
    ("", "offscreen", True), ("", "dummy", True), ("", "x11", False), ("", "wayland", False),
    ("offscreen", "offscreen", False), ("dummy", "dummy", False), ("x11,offscreen", "offscreen", False),
])
def test_a_virtual_driver_nobody_asked_for_is_no_display(monkeypatch, asked, opened, falls_back):
    if asked:
        monkeypatch.setenv("SDL_VIDEODRIVER", asked)
    else:
        monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    assert fell_back(opened) is falls_back


def test_opening_on_a_dead_display_says_so(monkeypatch):
    """DISPLAY names an X server that is not there: SDL opens its offscreen driver instead."""
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setenv("DISPLAY", ":77")
    calls = []
    monkeypatch.setattr(display_mod.pygame.display, "init", lambda: calls.append("init"))
    monkeypatch.setattr(display_mod.pygame.display, "get_driver", lambda: "offscreen")
    monkeypatch.setattr(display_mod.pygame.display, "quit", lambda: calls.append("quit"))
    monkeypatch.setattr(display_mod.pygame.display, "set_mode",
                        lambda *a, **k: pytest.fail("no window is opened off screen"))
    with pytest.raises(NoDisplay) as caught:
        Display(SIZE, Settings()).open()
    assert str(caught.value) == NO_DISPLAY
    assert calls == ["init", "quit"]
