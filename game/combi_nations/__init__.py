"""Combi-Nations: build a country of hexes from LAND tiles drafted around a market ring, and score
its areas and facilities (tables.py: the box; hexgrid.py: the geometry; country.py: a player's
country; scoring.py: the score sheet; rules.py: the engine)."""
