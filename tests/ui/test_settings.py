"""Settings: a JSON file in the user's config folder, written atomically, never fatal to load."""
import json
import os

import pygame
import pytest

import game.storage as storage_mod
from game.ui.toolkit import settings as settings_mod
from game.ui.toolkit.app import App
from game.ui.toolkit.input import DEFAULT_ZONES
from game.ui.toolkit.settings import Settings, config_dir, load_settings, save_settings, settings_path


@pytest.fixture
def config(tmp_path, monkeypatch):
    folder = tmp_path / "config"
    monkeypatch.setenv("KOMBO_ARCADE_CONFIG_DIR", str(folder))
    return folder


def test_config_folder_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("KOMBO_ARCADE_CONFIG_DIR", str(tmp_path / "mine"))
    assert config_dir() == tmp_path / "mine"
    monkeypatch.delenv("KOMBO_ARCADE_CONFIG_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(storage_mod.sys, "platform", "linux")
    assert config_dir() == tmp_path / "xdg" / "kombo-arcade"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert config_dir() == tmp_path / "home" / ".config" / "kombo-arcade"


def test_missing_file_gives_defaults_without_a_message(config):
    loaded = load_settings()
    assert loaded.settings == Settings()
    assert loaded.problem is None


def test_round_trip(config):
    s = Settings(fullscreen=True, window_scale=2, volume=35, muted=True, player_name="Ada")
    s.bindings["kb1"]["up"] = "t"
    s.last_setup["kabooom"] = {"players": 3, "seats": [{"kind": "bot", "value": "hard"}]}
    save_settings(s)
    assert settings_path().exists()
    loaded = load_settings()
    assert loaded.problem is None
    assert loaded.settings == s


def test_corrupt_file_gives_defaults_and_one_message(config):
    config.mkdir(parents=True)
    (config / "settings.json").write_text("{ not json", encoding="utf-8")
    loaded = load_settings()
    assert loaded.settings == Settings()
    assert loaded.problem and "defaults" in loaded.problem
    # The damaged file is kept aside, so the next start is quiet and nothing is lost.
    assert (config / "settings.json.bad").read_text() == "{ not json"
    again = load_settings()
    assert again.problem is None


@pytest.mark.parametrize("content", ["[1, 2, 3]", '"text"', "null", "\x00\xff binary"])
def test_any_non_object_content_gives_defaults(config, content):
    config.mkdir(parents=True)
    (config / "settings.json").write_bytes(content.encode("latin-1"))
    loaded = load_settings()
    assert loaded.settings == Settings()
    assert loaded.problem


def test_unreadable_file_is_not_fatal(config):
    config.mkdir(parents=True)
    (config / "settings.json").mkdir()          # a folder where the file should be
    loaded = load_settings()
    assert loaded.settings == Settings()
    assert loaded.problem


def test_bad_fields_default_and_unknown_keys_are_ignored(config):
    config.mkdir(parents=True)
    data = {"fullscreen": "yes", "window_scale": 7, "volume": 250, "muted": True,
            "player_name": 42, "future_option": {"x": 1},
            "bindings": {"kb1": {"up": "t", "slap": 5}, "kb9": {"up": "z"}},
            "last_setup": ["not", "a", "dict"]}
    (config / "settings.json").write_text(json.dumps(data))
    s = load_settings().settings
    assert s.fullscreen is False and s.window_scale == "fit"
    assert s.volume == 100 and s.muted is True
    assert s.player_name == "Player"
    assert s.bindings["kb1"]["up"] == "t" and s.bindings["kb1"]["slap"] == "q"
    assert "kb9" not in s.bindings
    assert s.last_setup == {}


def test_clashing_bindings_fall_back_to_a_zones_defaults(config):
    config.mkdir(parents=True)
    bindings = {"kb2": {"up": "w"}}                 # kb1 already uses W
    (config / "settings.json").write_text(json.dumps({"bindings": bindings}))
    s = load_settings().settings
    assert s.bindings == DEFAULT_ZONES


def test_save_is_atomic_when_the_rename_fails(config, monkeypatch):
    save_settings(Settings(volume=10))
    before = settings_path().read_text()

    def broken_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(settings_mod.os, "replace", broken_replace)
    with pytest.raises(OSError):
        save_settings(Settings(volume=90))
    assert settings_path().read_text() == before        # the old file is whole
    assert sorted(os.listdir(config)) == ["settings.json"]   # and no temporary file is left


def test_save_writes_complete_json(config):
    save_settings(Settings(volume=55))
    assert json.loads(settings_path().read_text())["volume"] == 55


def test_app_reports_a_failed_save_as_a_toast(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("")
    app = App(pygame.Surface((8, 8)), settings_path=blocked / "settings.json")   # parent is a file
    app.save_settings()
    assert any("Could not save settings" in t for t in app.toasts.texts)


def test_lan_interface_keeps_an_address_or_all_and_refuses_anything_else():
    from game.ui.toolkit.settings import Settings
    assert Settings.from_json({"lan_interface": "192.168.1.7"}).lan_interface == "192.168.1.7"
    assert Settings.from_json({"lan_interface": "eth0; rm -rf"}).lan_interface == "all"
    assert Settings.from_json({"lan_interface": 7}).lan_interface == "all"
    assert Settings.from_json(Settings(lan_interface="10.0.0.2").to_json()).lan_interface == "10.0.0.2"


def test_the_settings_screen_lists_a_saved_interface_even_when_it_is_gone():
    from game.ui.screens.settings_screen import lan_choices
    choices = lan_choices("203.0.113.9")
    assert choices[0] == "all" and "203.0.113.9" in choices
