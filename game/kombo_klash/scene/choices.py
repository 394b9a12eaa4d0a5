"""What the seat to act may do now, sorted for the screen: from the engine's legal list (never the
state), which tiles go where and with which trigger choices, the Kombos on offer, the Kick, Swamp and
Revive choices, and the words each prompt uses. Pure: no pygame, so tests read it directly.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game.kombo_klash.actions import EndTurn, Kick, Place, Redraw, Revive, Score, Swamp
from game.kombo_klash.tables import ABILITIES, CREATURE_INDEX, TABLE
from game.kombo_klash.view import Offer


@dataclass(frozen=True)
class KomboOption:
    creature: str
    squares: tuple[int, ...]
    points: int

    @property
    def label(self) -> str:
        return f"{len(self.squares)} {self.creature}s: +{self.points}"


@dataclass
class Choices:
    """The legal list of one seat at one step, indexed the ways the screen asks."""

    seat: int
    places: dict[str, dict[int, tuple[bool, ...]]] = field(default_factory=dict)  # creature -> square -> triggers
    kombos: list[KomboOption] = field(default_factory=list)
    end_turn: bool = False
    redraw: bool = False
    kicks: dict[int, list[int]] = field(default_factory=dict)       # tile -> empty spaces it may go to
    swamp: list[int] = field(default_factory=list)                  # face-up tiles one may swamp
    revive: list[int] = field(default_factory=list)                 # face-down tiles one may revive

    @classmethod
    def of(cls, seat: int, legal: Sequence[Any], offers: Sequence[Offer]) -> Choices:
        """`offers`: the view's Kombos, to name each Score by its creature and points."""
        named = {squares: (creature, points) for creature, squares, points in offers}
        out = cls(seat)
        swamp: set[int] = set()
        for action in legal:
            if isinstance(action, Place):
                squares = out.places.setdefault(action.creature, {})
                squares[action.square] = (*squares.get(action.square, ()), action.trigger)
            elif isinstance(action, Score):
                creature, points = named.get(action.squares, ("", 0))
                out.kombos.append(KomboOption(creature, action.squares, points))
            elif isinstance(action, EndTurn):
                out.end_turn = True
            elif isinstance(action, Redraw):
                out.redraw = True
            elif isinstance(action, Kick):
                out.kicks.setdefault(action.src, []).append(action.dst)
            elif isinstance(action, Swamp):
                swamp.update(action.squares)
            elif isinstance(action, Revive):
                out.revive.append(action.square)
        out.swamp = sorted(swamp)
        return out

    def targets(self, creature: str) -> list[int]:
        return sorted(self.places.get(creature, {}))

    def triggers(self, creature: str, square: int) -> tuple[bool, ...]:
        return tuple(sorted(set(self.places.get(creature, {}).get(square, ()))))

    def playable(self, creature: str) -> bool:
        return bool(self.places.get(creature))

    def kombos_on(self, square: int) -> list[KomboOption]:
        return [k for k in self.kombos if square in k.squares]


def ability(creature: str) -> str:
    return ABILITIES[CREATURE_INDEX[creature]]


@dataclass(frozen=True)
class TriggerPrompt:
    question: str       # "Howl? (+3 points)": short, to fit the panel's title line
    detail: str         # what it does, with the numbers of this moment
    yes: str            # the button that triggers
    no: str             # the button that only places the tile


def trigger_prompt(creature: str, hand_after: int) -> TriggerPrompt:
    """The words for the choice made as `creature` is placed; `hand_after`: tiles left in hand then."""
    name = ability(creature)
    if creature == "Wolf":
        plural = "s" if hand_after != 1 else ""
        return TriggerPrompt(f"Howl? (+{hand_after} point{plural})",
                             f"+1 point for each tile left in your hand ({hand_after}).",
                             f"Howl: +{hand_after} point{plural}", "No, just place it")
    if creature == "Alligator":
        return TriggerPrompt("Swamp? (+1 or +2)", "Then flip one or two face-up tiles face down: +1 point each.",
                             "Swamp: flip tiles", "No, just place it")
    if creature == "Gorilla":
        return TriggerPrompt(f"Scatter? ({hand_after} new tiles)",
                             f"Discard the {hand_after} tiles left in your hand and draw as many.",
                             f"Scatter: redraw {hand_after}", "No, keep my hand")
    if creature == "Kangaroo":
        return TriggerPrompt("Kick a tile?", "Then move another tile one space into an empty space beside it.",
                             "Kick: move a tile", "No, just place it")
    if creature == "Vulture":
        return TriggerPrompt("Revive a tile?", "Then flip one face-down tile face up (its power does not trigger).",
                             "Revive: flip a tile up", "No, just place it")
    if creature == "Raven":
        return TriggerPrompt("Call? (+1 tile)", "Draw one tile into your hand.",
                             "Call: draw a tile", "No, just place it")
    return TriggerPrompt(f"Use {name}?", TABLE.creatures[CREATURE_INDEX[creature]].text,
                         f"{name}", "No, just place it")
