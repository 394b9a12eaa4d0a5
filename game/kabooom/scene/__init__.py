"""The Kabooom! game screen, built from the shared game-screen parts (game.ui.play): layout.py,
controls.py (each seat's focusables), presenters.py (each event's animation), board.py and panels.py
(drawing), art.py and effects.py (sprites and the blast), screen.py (the scene that holds them)."""
from .screen import KabooomScene

__all__ = ["KabooomScene"]
