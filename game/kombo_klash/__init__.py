"""Kombo Klash!: place creature tiles on a 5×5 board, chain their abilities, score Kombos."""
from game.definition import GameDef, Option

from .bot import LEVELS, make_bot
from .rules import TABLE, TARGET_CHOICES, KomboKlashEngine, make_config
from .rules_text import RULES
from .summary import result_line

TARGET_NOTES = {choice: f"The game ends after the round in which someone reaches {points} points"
                for choice, points in TABLE.targets.items()}

GAME = GameDef.for_engine(
    KomboKlashEngine,
    tagline="Place creature tiles, chain their powers, score Kombos.",
    config=make_config,
    bot=make_bot,
    bot_levels=LEVELS,
    options=(Option("target", "Target", TARGET_CHOICES, "standard", notes=TARGET_NOTES,
                    labels={c: f"{c.capitalize()} · {p}" for c, p in TABLE.targets.items()}),),
    rules=RULES,
    scene="game.kombo_klash.scene:KomboKlashScene",
    result_line=result_line,
    action_name="End turn",
    rules_figures="game.kombo_klash.rules_figures:draw_figure",
)
