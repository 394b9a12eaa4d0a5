"""Combi-Nations: build a country of hexes from LAND tiles drafted around a market ring, and score
its areas and facilities (tables.py: the box; hexgrid.py: the geometry; country.py: a player's
country; scoring.py: the score sheet; rules.py: the engine)."""
from game.definition import GameDef, Option

from .bot import LEVELS, make_bot
from .rules import COUNTRY_MODES, PRESET_CHOICES, CombiNationsEngine, make_config
from .rules_text import RULES
from .summary import result_line

GAME = GameDef.for_engine(
    CombiNationsEngine,
    tagline="Draft land tiles around the market and build the best country.",
    config=make_config,
    bot=make_bot,
    bot_levels=LEVELS,
    options=(
        Option("country", "Country", COUNTRY_MODES, "preset",
               notes={"free": "Build your country from your seven SAND tiles",
                      "preset": "Everyone builds the preset shape below",
                      "date": "The shape numbered by the last digit of today's date"},
               labels={"free": "Build freely", "preset": "Preset shape", "date": "Today's shape"}),
        Option("preset", "Preset shape", PRESET_CHOICES, "0",
               notes={c: f"Country shape {c}" for c in PRESET_CHOICES}),
        Option("facilities", "Facilities", ("rules", "flat"), "rules",
               notes={"rules": "Each facility scores by its own rule", "flat": "Every facility scores 2"},
               labels={"rules": "Full rules", "flat": "Flat 2 each"}),
    ),
    rules=RULES,
    scene="game.combi_nations.scene:CombiNationsScene",
    result_line=result_line,
    action_name="Turn tile",
)
