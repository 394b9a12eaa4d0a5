"""Kombo Klash!'s Expert: the hard bot's planner looking one action further into its own turn (three
actions from each shortlisted choice, the best few positions followed at each step), on evaluation
weights tuned against the hard bot, and with a memory of every tile it saw turned face down
(game.kombo_klash.memory), as a player with a perfect memory has.

The memory is most of the Expert's edge: a Revive of a tile it remembers is a known move (a Raven
brought back beside two Ravens is a Kombo), where hard values every Revive as an unknown tile; and
the tiles it remembers are not among those the next player may hold. In 600 paired games against
hard (seed 1000) the memory took the Expert from 69% to 77%.

Measured in paired games against hard (tools/tournament.py), this planner beat the information-set
Monte Carlo tree search it replaces: the search's playouts and cut-off judged a turn more crudely
than the planner's evaluation does (game.kombo_klash.determinise still builds the states a search
would deal). The Expert decides from its view and its own events and reads no clock, so a seed
replays exactly; a bot that missed the start of a game (a resumed save) remembers less, no worse.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from game.core.engine import Action, Event

from .memory import Memory
from .outlook import MEDIUM, Outlook, Weights
from .planner import PlannerBot
from .view import KomboView

# The hard bot's weights with three keep values lowered (each measured in paired games against hard):
# a Wolf kept at 3 points was howled with too late, when the hand had shrunk, and a Gorilla or a
# Snake held in hand did less than on the board.
EXPERT_WEIGHTS = replace(MEDIUM, keep=(2.0, 2.5, 0.2, 1.2, 1.0, 0.8, 1.5, 1.5))


@dataclass
class ExpertBot(PlannerBot):
    """PlannerBot with the Expert's weights and memory, looking two actions past each shortlisted
    choice."""

    weights: Weights = EXPERT_WEIGHTS
    depth: int = 2
    memory: Memory = field(init=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        self.memory = Memory(self.seat)

    def observe(self, events: Sequence[Event]) -> None:
        self.memory.observe(events)

    def choose(self, view: KomboView, legal: list[Action]) -> Action:
        # every view, the starting hand's included, so the memory follows the board from the start
        self.memory.look(view)
        return super().choose(view, legal)

    def _outlook(self, view: KomboView) -> Outlook:
        return Outlook.from_view(view, self.seat, self.weights, self.memory.down)
