"""Kabooom!: rock, paper, scissors, dynamite on a 5×5 board; stack the tallest towers."""
from game.definition import GameDef, Option

from .bot import LEVELS, make_bot
from .rules import DIFFICULTIES, TABLE, KabooomEngine, make_config
from .rules_text import RULES
from .summary import result_line


def _difficulty_note(level: str) -> str:
    deal = "The game deals the counters" if TABLE.random_deal[level] else "You place your counters"
    off = TABLE.offset[level]
    score = "a tower scores its height" if off == 0 else f"a tower scores its height minus {off}"
    return f"{deal}; {score}"


DIFFICULTY_NOTES = {level: _difficulty_note(level) for level in DIFFICULTIES}

GAME = GameDef.for_engine(
    KabooomEngine,
    tagline="Rock, paper, scissors, dynamite: stack the tallest towers.",
    config=make_config,
    bot=make_bot,
    bot_levels=LEVELS,
    options=(Option("difficulty", "Difficulty", DIFFICULTIES, DIFFICULTIES[0], notes=DIFFICULTY_NOTES),),
    rules=RULES,
    scene="game.kabooom.scene:KabooomScene",
    result_line=result_line,
    action_name="Pass",
)
