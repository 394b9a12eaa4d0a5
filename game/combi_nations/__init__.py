"""Combi-Nations: build a country of hexes from LAND tiles drafted around a market ring, and score
its areas and facilities (tables.py: the box; hexgrid.py: the geometry; country.py: a player's
country; survey.py: what a country holds; facility_rules.py: each facility's rule; scoring.py: the
score sheet; rules.py: the engine)."""
from game.core.bots import LEVELS
from game.definition import GameDef

from .bot import make_bot
from .narration import narrate
from .rules import CombiConfig, CombiNationsEngine
from .rules_text import RULES
from .story import story
from .summary import result_line

GAME = GameDef.for_engine(
    CombiNationsEngine,
    tagline="Draft land tiles around the market and build the best country.",
    config=CombiConfig,
    bot=make_bot,
    bot_levels=LEVELS,
    rules=RULES,
    scene="game.combi_nations.scene:CombiNationsScene",
    result_line=result_line,
    action_name="Turn tile",
    narrate=narrate,
    story=story,
)
