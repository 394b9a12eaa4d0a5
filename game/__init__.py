"""Kombo Arcade: four tabletop games for one screen and the LAN."""
