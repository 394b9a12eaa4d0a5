"""Kombo Klash!: place creature tiles on a 5×5 board, chain their abilities, score Kombos."""
from game.core.bots import LEVELS
from game.definition import GameDef

from .bot import make_bot
from .narration import narrate
from .rules import KomboKlashConfig, KomboKlashEngine
from .rules_text import RULES
from .story import story
from .summary import result_line

GAME = GameDef.for_engine(
    KomboKlashEngine,
    tagline="Place creature tiles, chain their powers, score Kombos.",
    config=KomboKlashConfig,
    bot=make_bot,
    bot_levels=LEVELS,
    rules=RULES,
    scene="game.kombo_klash.scene:KomboKlashScene",
    result_line=result_line,
    action_name="End turn",
    rules_figures="game.kombo_klash.rules_figures:draw_figure",
    narrate=narrate,
    story=story,
)
