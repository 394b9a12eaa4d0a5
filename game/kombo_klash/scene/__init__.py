"""The Kombo Klash! game screen, built from the shared game-screen parts (game.ui.play): layout.py,
controls.py (each seat's focusables, and where a focus lands), presenters.py (each event's
animation), prompts.py (the panels' words), board.py, panels.py and art.py (drawing), choices.py (the
legal list sorted for the screen), screen.py (the scene that holds them)."""
from .screen import KomboKlashScene

__all__ = ["KomboKlashScene"]
