"""Text is set in the bundled Inter, with a real bold weight (not pygame's synthetic bold), and the
font ships with its licence."""
from __future__ import annotations

import pygame
import pytest

from game.ui.toolkit import theme
from game.ui.toolkit.theme import Fonts


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()
    yield


def test_regular_and_bold_are_the_bundled_faces():
    fonts = Fonts()
    regular, bold = fonts.get(30), fonts.get(30, bold=True)
    assert (regular.name, regular.style_name) == ("Inter", "Regular")
    assert (bold.name, bold.style_name) == ("Inter", "Bold")


def test_the_font_files_ship_with_their_licence():
    files = {p.name for p in theme.FONT_DIR.iterdir()}
    assert set(theme.FONT_FILES.values()) | {"OFL.txt"} <= files
    assert "SIL OPEN FONT LICENSE Version 1.1" in (theme.FONT_DIR / "OFL.txt").read_text()


def test_a_missing_font_file_falls_back_to_pygames_font(monkeypatch, tmp_path, caplog):
    monkeypatch.setattr(theme, "FONT_DIR", tmp_path)
    font = Fonts().get(30, bold=True)
    assert font.name != "Inter" and font.bold
    assert "missing" in caplog.text


def test_text_keeps_the_width_the_layouts_were_designed_for():
    """Sizes were chosen for pygame's default font: the scaled Inter sets a line within 10% of it."""
    line = "Pick one of your towers, then a square"
    ours = Fonts().width(line, 36)
    default = pygame.font.Font(None, 36).size(line)[0]
    assert 0.9 * default <= ours <= 1.1 * default
