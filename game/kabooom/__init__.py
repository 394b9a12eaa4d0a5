"""Kabooom!: rock, paper, scissors, dynamite on a 5×5 board; stack the tallest towers."""
from game.core.bots import LEVELS
from game.definition import GameDef

from .bot import make_bot
from .narration import narrate
from .rules import KabooomConfig, KabooomEngine
from .rules_text import RULES
from .story import story
from .summary import result_line

GAME = GameDef.for_engine(
    KabooomEngine,
    tagline="Rock, paper, scissors, dynamite: stack the tallest towers.",
    config=KabooomConfig,
    bot=make_bot,
    bot_levels=LEVELS,
    rules=RULES,
    scene="game.kabooom.scene:KabooomScene",
    result_line=result_line,
    action_name="Pass",
    narrate=narrate,
    story=story,
)
