"""KOMBIO: keep your hand of face-down cards low, remember what you saw, and slap matching cards onto
the discard pile before anyone else (rules engine: rules.py; the slap race: slap_race.py)."""
from game.definition import GameDef

from .bot import LEVELS, make_bot
from .rules import KombioConfig, KombioEngine
from .rules_text import RULES
from .summary import result_line

GAME = GameDef.for_engine(
    KombioEngine,
    tagline="Keep your hand low, and slap matching cards before anyone else.",
    config=KombioConfig,
    bot=make_bot,
    bot_levels=LEVELS,
    rules=RULES,
    scene="game.kombio.scene:KombioScene",
    result_line=result_line,
    action_name="Slap",
)
