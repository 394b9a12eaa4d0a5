"""KOMBIO: keep your hand of face-down cards low, remember what you saw, and slap matching cards onto
the discard pile before anyone else (rules engine: rules.py; the slap race: slap_race.py)."""
from game.definition import GameDef, Option

from .bot import LEVELS, make_bot
from .rules import DECKS, ROUND_CHOICES, KombioEngine, make_config
from .rules_text import RULES
from .summary import result_line

GAME = GameDef.for_engine(
    KombioEngine,
    tagline="Keep your hand low, and slap matching cards before anyone else.",
    config=make_config,
    bot=make_bot,
    bot_levels=LEVELS,
    options=(
        Option("deck", "Deck", DECKS, "kombio",
               notes={"kombio": "70 cards from −1 to 14", "standard": "54 playing cards, Jokers 0"},
               labels={"kombio": "KOMBIO", "standard": "Standard"}),
        Option("rounds", "Rounds", ROUND_CHOICES, "target",
               notes={c: ("Until someone reaches 100 points" if c == "target" else f"{c} round(s)")
                      for c in ROUND_CHOICES},
               labels={c: ("To 100" if c == "target" else c) for c in ROUND_CHOICES}),
        Option("memory_aid", "Memory aid", ("off", "on"), "off",
               notes={"off": "Remember your cards yourself", "on": "Cards you have seen show their value"}),
    ),
    rules=RULES,
    scene="game.kombio.scene:KombioScene",
    result_line=result_line,
    action_name="Slap",
)
