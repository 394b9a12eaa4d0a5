"""A Backdrop's pieces (panels painted once into the frame's background) tell a recording frame
the texts they hold, where they land on the frame, so the every-screen text test checks them too."""
from __future__ import annotations

import pygame

from game.ui.toolkit.backdrop import Backdrop
from game.ui.toolkit.text import RecordingFonts, RecordingSurface, TextRecorder, draw_text_block


def test_a_pieces_texts_are_recorded_where_they_land(pygame_video):
    recorder = TextRecorder()
    fonts = RecordingFonts(recorder)
    frame = RecordingSurface((400, 300), recorder)
    backdrop = Backdrop()
    backdrop.reset(pygame.Surface((400, 300)))
    panel = pygame.Rect(200, 100, 150, 80)

    def paint(surf: pygame.Surface) -> None:
        surf.blit(fonts.render("Scores", 20), (4, 4))
        draw_text_block(surf, fonts, "Red 12", pygame.Rect(4, 40, 140, 30), size=20)

    for _ in range(2):          # the first frame tells the backdrop that the frame records
        recorder.clear()
        backdrop.piece("scores", "same", panel, paint)
        backdrop.blit(frame)
    assert [t.text for t in recorder.texts if t.text == "Scores"] and all(
        panel.contains(t.rect) for t in recorder.texts)
    assert [b.text for _, b in recorder.blocks] == ["Red 12"] and panel.contains(recorder.blocks[0][1].box)
