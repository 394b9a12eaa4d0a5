"""The Combi-Nations game screen, built from the shared game-screen parts (game.ui.play): layout.py,
controls.py (each seat's focusables and where a focus lands), presenters.py (each event's animation),
ring.py, lands.py and panels.py (drawing the market, the countries and the words round them),
hex_draw.py (hexes and tiles), score_sheet.py (the sheet), screen.py (the scene that holds them)."""
from .screen import CombiNationsScene

__all__ = ["CombiNationsScene"]
