"""Kabooom!: rock, paper, scissors, dynamite on a 5×5 board; stack the tallest towers."""
from game.definition import GameDef, Option

from .bot import LEVELS, make_bot
from .rules import DIFFICULTIES, KabooomEngine, make_config
from .rules_text import RULES
from .summary import result_line

GAME = GameDef.for_engine(
    KabooomEngine,
    tagline="Rock, paper, scissors, dynamite: stack the tallest towers.",
    config=make_config,
    bot=make_bot,
    bot_levels=LEVELS,
    options=(Option("difficulty", "Difficulty", DIFFICULTIES, DIFFICULTIES[0]),),
    rules=RULES,
    scene="game.kabooom.scene:KabooomScene",
    result_line=result_line,
)
