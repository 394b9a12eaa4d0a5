"""The KOMBIO game screen, built from the shared game-screen parts (game.ui.play): layout.py,
controls.py (each seat's focusables), presenters.py (each event's animation), board.py and panel.py
(drawing), art.py and effects.py (card sprites and KOMBIO's own animation parts), slaps.py (slap
presses, the local judge, the countdown of a choice owed), screen.py (the scene that holds them)."""
from .board import WINDOW_CLOSED, WINDOW_MATCHED, WINDOW_OPEN
from .effects import reveal_note
from .screen import KombioScene

__all__ = ["WINDOW_CLOSED", "WINDOW_MATCHED", "WINDOW_OPEN", "KombioScene", "reveal_note"]
