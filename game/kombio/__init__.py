"""KOMBIO: keep your hand of face-down cards low, remember what you saw, and slap matching cards onto
the discard pile before anyone else (rules engine: rules.py; the slap race: slap_race.py).

The catalogue entry (game/games.py) comes with the scene; until then the game is "coming soon".
"""
