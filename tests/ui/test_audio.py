"""Sound effects: made in code, at the settings' volume, silent without a sound device."""
from array import array

import pygame
import pytest

from game.ui.toolkit.audio import SOUND_NAMES, Audio, render
from game.ui.toolkit.settings import Settings


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_every_effect_renders_as_audible_16_bit_samples(name):
    data = render(name, 22050, 2)
    samples = array("h")
    samples.frombytes(data)
    assert len(samples) % 2 == 0 and len(samples) > 400        # stereo, at least ~10 ms
    assert samples[0::2] == samples[1::2]                       # the same on both channels
    peak = max(abs(v) for v in samples)
    assert 1000 < peak < 32767                                   # audible, and not clipped


def test_rendering_is_deterministic():
    assert render("explosion", 22050) == render("explosion", 22050)


class FakeSound:
    def __init__(self):
        self.volumes = []
        self.plays = 0

    def set_volume(self, v):
        self.volumes.append(v)

    def play(self):
        self.plays += 1


def test_play_uses_volume_and_mute_from_settings():
    audio = Audio(Settings(volume=40))
    sound = FakeSound()
    audio.sounds = {"click": sound}
    audio.play("click")
    assert sound.plays == 1 and sound.volumes == [0.4]
    audio.apply(Settings(volume=40, muted=True))
    audio.play("click")
    audio.apply(Settings(volume=0))
    audio.play("click")
    assert sound.plays == 1
    audio.play("no such sound")                    # unknown names are ignored


def test_no_sound_device_means_silence_not_a_crash(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    audio = Audio(Settings())
    assert not audio.enabled
    for name in SOUND_NAMES:
        audio.play(name)


def test_no_sound_device_is_one_line_not_alsas_screenful(monkeypatch, capfd, caplog):
    import os

    import pygame

    from game.ui.toolkit import audio as audio_module

    def failing_init(**kwargs):
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n" * 8)
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", failing_init)
    with caplog.at_level("DEBUG", logger="game.ui.toolkit.audio"):
        sound = audio_module.Audio()
    assert not sound.enabled
    assert "ALSA" not in capfd.readouterr().err
    warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
    assert warnings == ["No sound device: the game plays silently."]
    assert any("cannot find card" in r.getMessage() for r in caplog.records if r.levelname == "DEBUG")
