"""Sound effects made in code (no sample files to license), played at the settings' volume.

Each effect is a short recipe of tones and filtered noise, rendered once at start-up into 16-bit
samples. Without a sound device the mixer fails to start and every `play` quietly does nothing.
"""
from __future__ import annotations

import contextlib
import logging
import math
import os
import random
import sys
import tempfile
from array import array
from collections.abc import Callable, Iterator

import pygame

from game.ui.toolkit.settings import Settings

log = logging.getLogger(__name__)

HEADROOM = 0.95
SOUND_NAMES = ("place", "move", "capture", "explosion", "pass", "game_end", "click", "error")
Samples = list[float]


# -- synthesis: mono float samples in [-1, 1] -----------------------------------------------------

def _envelope(n: int, rate: int, attack: float, decay: float) -> Samples:
    """A fast attack then an exponential fall that reaches about -60 dB at the end."""
    a = max(1, int(attack * rate))
    k = decay / max(1, n)
    return [min(1.0, i / a) * math.exp(-k * i) for i in range(n)]


def tone(rate: int, seconds: float, f0: float, f1: float | None = None, *, amp: float = 0.5,
         wave: str = "sine", attack: float = 0.004, decay: float = 5.0) -> Samples:
    """A tone gliding from f0 to f1 Hz under an envelope."""
    n = int(seconds * rate)
    f1 = f0 if f1 is None else f1
    env = _envelope(n, rate, attack, decay)
    out = []
    phase = 0.0
    for i in range(n):
        freq = f0 + (f1 - f0) * i / max(1, n - 1)
        phase += 2 * math.pi * freq / rate
        if wave == "square":
            s = 0.6 if math.sin(phase) >= 0 else -0.6
        elif wave == "soft":        # a little second harmonic: rounder than a bare sine
            s = 0.8 * math.sin(phase) + 0.2 * math.sin(2 * phase)
        else:
            s = math.sin(phase)
        out.append(amp * env[i] * s)
    return out


def noise(rate: int, seconds: float, *, amp: float = 0.5, cutoff: float = 2000.0,
          cutoff_end: float | None = None, decay: float = 5.0, seed: int = 7) -> Samples:
    """White noise through a one-pole low-pass whose cutoff may sweep; seeded, so every run sounds
    the same."""
    rng = random.Random(seed)
    n = int(seconds * rate)
    env = _envelope(n, rate, 0.002, decay)
    end = cutoff if cutoff_end is None else cutoff_end
    out = []
    y = 0.0
    for i in range(n):
        fc = cutoff + (end - cutoff) * i / max(1, n - 1)
        k = 1 - math.exp(-2 * math.pi * fc / rate)
        y += k * (rng.uniform(-1, 1) - y)
        out.append(amp * env[i] * y * 2.5)
    return out


def mix(*parts: tuple[float, Samples]) -> Samples:
    """Sum parts, each starting at its offset in samples."""
    length = max(int(start) + len(s) for start, s in parts)
    out = [0.0] * length
    for start, samples in parts:
        base = int(start)
        for i, v in enumerate(samples):
            out[base + i] += v
    return out


def _recipes(rate: int) -> dict[str, Callable[[], Samples]]:
    at = lambda seconds: seconds * rate
    return {
        "click": lambda: tone(rate, 0.04, 1900, 1500, amp=0.4, decay=7),
        "place": lambda: mix((0, tone(rate, 0.14, 240, 150, amp=0.55, wave="soft", decay=6)),
                             (0, noise(rate, 0.03, amp=0.25, cutoff=3000, decay=6))),
        "move": lambda: mix((0, noise(rate, 0.16, amp=0.3, cutoff=600, cutoff_end=3500, decay=4)),
                            (0, tone(rate, 0.16, 300, 520, amp=0.18, decay=5))),
        "capture": lambda: mix((0, tone(rate, 0.09, 520, 700, amp=0.35, wave="soft", decay=3)),
                               (at(0.07), tone(rate, 0.16, 780, 1040, amp=0.35, wave="soft", decay=5)),
                               (0, noise(rate, 0.05, amp=0.2, cutoff=4000, decay=6))),
        "explosion": lambda: mix((0, noise(rate, 0.9, amp=0.45, cutoff=1800, cutoff_end=150, decay=6)),
                                 (0, tone(rate, 0.7, 90, 38, amp=0.4, decay=5))),
        "pass": lambda: mix((0, tone(rate, 0.12, 440, amp=0.25, wave="soft", decay=4)),
                            (at(0.1), tone(rate, 0.16, 330, amp=0.25, wave="soft", decay=5))),
        "game_end": lambda: mix(*[(at(i * 0.12), tone(rate, 0.5 if i == 3 else 0.2, f, amp=0.28,
                                                      wave="soft", decay=4))
                                  for i, f in enumerate((523.3, 659.3, 784.0, 1046.5))]),
        "error": lambda: tone(rate, 0.22, 150, 120, amp=0.3, wave="square", decay=3),
    }


def render(name: str, rate: int, channels: int = 1) -> bytes:
    """One effect as signed 16-bit native-endian interleaved samples."""
    samples = _recipes(rate)[name]()
    peak = max((abs(v) for v in samples), default=0.0)
    gain = HEADROOM / peak if peak > HEADROOM else 1.0     # noise peaks vary with the rate: never clip
    data = array("h", (int(v * gain * 32767) for v in samples for _ in range(channels)))
    return data.tobytes()


@contextlib.contextmanager
def captured_stderr() -> Iterator[list[str]]:
    """Whatever C libraries write to file descriptor 2 meanwhile, as lines, instead of the terminal."""
    lines: list[str] = []
    try:
        saved = os.dup(2)
    except OSError:            # no stderr to redirect (a detached process): nothing to quiet
        yield lines
        return
    with tempfile.TemporaryFile() as sink:
        sys.stderr.flush()
        os.dup2(sink.fileno(), 2)
        try:
            yield lines
        finally:
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            lines.extend(line for line in sink.read().decode(errors="replace").splitlines() if line.strip())


# -- playing ----------------------------------------------------------------------------------------

class Audio:
    """`play(name)` at the settings' volume; silent when there is no sound device."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.volume = 80 if settings is None else settings.volume
        self.muted = False if settings is None else settings.muted
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        init = None
        # Without a sound card, ALSA's C library writes a screenful of errors straight to stderr:
        # keep them for the log file, and tell the player once, in words.
        with captured_stderr() as noise:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
                init = pygame.mixer.get_init()
            except (pygame.error, NotImplementedError, OSError):
                log.debug("the mixer did not start", exc_info=True)
        if noise:
            log.debug("the sound system said: %s", " | ".join(noise))
        if not init:
            log.warning("No sound device: the game plays silently.")
            return
        rate, size, channels = init
        if size != -16:
            return      # the buffers below are 16-bit; an odd device format stays silent
        try:
            for name in SOUND_NAMES:
                self.sounds[name] = pygame.mixer.Sound(buffer=render(name, rate, channels))
        except (pygame.error, ValueError):
            self.sounds.clear()

    @property
    def enabled(self) -> bool:
        return bool(self.sounds)

    def apply(self, settings: Settings) -> None:
        self.volume = settings.volume
        self.muted = settings.muted

    def play(self, name: str) -> None:
        sound = self.sounds.get(name)
        if sound is None or self.muted or self.volume <= 0:
            return
        try:
            sound.set_volume(self.volume / 100)
            sound.play()
        except pygame.error:
            pass

