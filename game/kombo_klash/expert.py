"""Kombo Klash!'s Expert: the hard bot's planner looking one action further into its own turn (three
actions from each shortlisted choice, the best few positions followed at each step), on evaluation
weights tuned against the hard bot.

Measured in paired games against hard (tools/tournament.py), this beat the information-set Monte
Carlo tree search it replaces: the search's playouts and cut-off judged a turn more crudely than the
planner's evaluation does, and over the same games it lost the strength better weights gave the
planner alone (game.kombo_klash.determinise still builds the states a search would deal). The Expert
decides from its view alone, evaluates positions and reads no clock, so a seed replays exactly.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .outlook import MEDIUM, Weights
from .planner import PlannerBot

# The hard bot's weights with three keep values lowered (each measured in paired games against hard):
# a Wolf kept at 3 points was howled with too late, when the hand had shrunk, and a Gorilla or a
# Snake held in hand did less than on the board.
EXPERT_WEIGHTS = replace(MEDIUM, keep=(2.0, 2.5, 0.2, 1.2, 1.0, 0.8, 1.5, 1.5))


@dataclass
class ExpertBot(PlannerBot):
    """PlannerBot with the Expert's weights, looking two actions past each shortlisted choice."""

    weights: Weights = EXPERT_WEIGHTS
    depth: int = 2
