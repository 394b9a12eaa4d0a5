"""KOMBIO: keep your hand of face-down cards low, remember what you saw, and slap matching cards onto
the discard pile before anyone else. The engine: rules.py on table.py, actions.py, events.py, state.py
and view.py; the slap race as the referee judges it: race.py; the move log: narration.py; the screen: scene/."""
from game.core.bots import LEVELS
from game.core.referee import RealTime
from game.definition import GameDef

from .bot import make_bot
from .narration import narrate
from .race import KombioRace
from .rules import KombioEngine
from .rules_text import RULES
from .story import story
from .summary import result_line
from .table import TABLE, KombioConfig

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
    realtime=RealTime(KombioRace(), float(TABLE.choice_seconds)),
    narrate=narrate,
    story=story,
)
