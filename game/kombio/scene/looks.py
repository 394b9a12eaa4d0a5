"""What the viewer saw stays seen: the look at the near row, a 7–10's peek and a 13/14's looks are
held face up at their places until the player is done with them.

A look is noted as its step arrives (`arrived`), not when its animation gets to it, so a screen that
catches up (a LAN backlog, a snapshot that skips the animations) still shows it. Two kinds:
- a look the table no longer waits on (the near row, a 7–10's peek): held until its player presses
  Select ("press Select when you have seen it"); meanwhile the screen counts as busy, so the bots and
  the events behind it wait and nothing moves under the cards being read;
- a look of an ability still being decided (a 13's look, a 14's looks): held while the ability runs,
  so the values stay in view while "Swap them / Skip" is asked; the choice itself ends it.
The silent player's default (the referee's clock) is not touched by a held look: the table's clock
runs on, except that on a hot-seat screen only the seat the screen is given to has its clock run
(GameScreen.attending), since the others cannot act until the screen is theirs.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.core.session import Step
from game.kombio.events import Looked, Peeked
from game.kombio.narration import card_of
from game.kombio.table import ABILITY, value_text
from game.ui.toolkit import theme
from game.ui.toolkit.effects import Part, Sprites

from .art import face_key
from .layout import LIFT

if TYPE_CHECKING:
    from .screen import KombioScene

Place = tuple[int, int]
RISE = 0.15          # seconds a looked-at card takes to rise
SEEN_AT_LEAST = 0.8  # a look is shown this long before Select lets it go: a press meant for something
                     # else (Look, as the default makes the look) never hides it unseen


@dataclass
class HeldLook:
    seat: int                                  # who looked
    cards: tuple[tuple[Place, int], ...]       # where, and what was seen
    near_row: bool                             # the look at the near row (else a peek)
    ability: bool                              # a peek of an ability still being decided
    age: float = 0.0
    presented: bool = False                    # its event's animation has been reached


@dataclass
class Hold(Part):
    """The place in the animation queue of a look held until its player is done: it ends once the
    desk lets the look go (nothing behind it is shown before)."""

    desk: LookDesk | None = None
    look: HeldLook | None = None

    def update(self, dt: float) -> bool:
        self.age += dt
        return self.desk is not None and self.look is not None and self.desk.holds(self.look)

    def draw(self, surface: pygame.Surface, alpha: float, sprites: Sprites) -> None:
        """The desk draws the held cards (also those whose animation was skipped)."""


@dataclass
class LookDesk:
    scene: KombioScene
    looks: list[HeldLook] = field(default_factory=list)

    # -- noting and letting go ----------------------------------------------------------------------
    def arrived(self, steps: Sequence[Step]) -> None:
        """Note the viewer's looks in the new steps (their own versions carry the values)."""
        viewer = self.scene.viewer
        if viewer is None:
            return
        truth = self.scene.view
        for step in steps:
            for event in step.private.get(viewer, step.events):
                if isinstance(event, Looked) and event.seat == viewer and event.values:
                    cards = tuple(((viewer, s), v) for s, v in zip(event.slots, event.values))
                    self.looks.append(HeldLook(viewer, cards, near_row=True, ability=False))
                elif isinstance(event, Peeked) and event.seat == viewer and event.value is not None:
                    place = (event.owner, event.slot)
                    deciding = (truth.phase == ABILITY and truth.turn == viewer and place in truth.ability_looks)
                    self.looks.append(HeldLook(viewer, ((place, event.value),), near_row=False, ability=deciding))
        self._drop_decided()

    def _drop_decided(self) -> None:
        """An ability's looks go once the ability is decided (swapped, skipped, or made by default)."""
        truth = self.scene.view
        self.looks = [look for look in self.looks if not look.ability
                      or (truth.phase == ABILITY and truth.turn == look.seat
                          and all(place in truth.ability_looks for place, _ in look.cards))]

    def holds(self, look: HeldLook) -> bool:
        return any(held is look for held in self.looks)

    def presented(self, seat: int, places: Sequence[Place]) -> HeldLook | None:
        """The animation reached the event of this look: from now on it is drawn."""
        for look in self.looks:
            if look.seat == seat and not look.presented and [p for p, _ in look.cards] == list(places):
                look.presented = True
                return look
        return None

    def waiting(self) -> HeldLook | None:
        """The first look in view that waits for its player's Select."""
        return next((look for look in self.visible() if not look.ability), None)

    def acknowledge(self) -> bool:
        """The player has seen the look in view: it goes, once shown SEEN_AT_LEAST (a press before
        that is taken and does nothing). False if none waited."""
        look = self.waiting()
        if look is None:
            return False
        if look.age < SEEN_AT_LEAST:
            return True
        self.looks.remove(look)
        self.scene.changed()
        return True

    def forget(self) -> None:
        """Another seat's view is drawn from now on (hot seat): nobody's look stays on show."""
        self.looks.clear()

    def update(self, dt: float) -> None:
        self._drop_decided()
        for look in self.visible():
            look.age += dt

    # -- what shows ------------------------------------------------------------------------------------
    def visible(self) -> list[HeldLook]:
        """The looks drawn now: those their animation has reached, and any once the table is idle
        (a look whose animation was skipped)."""
        idle = not self.scene.show.busy
        return [look for look in self.looks if look.presented or idle]

    def places(self) -> frozenset[Place]:
        return frozenset(place for look in self.visible() for place, _ in look.cards)

    def seen(self) -> list[tuple[Place, int]]:
        """What the viewer's looks in view showed it, for the prompt."""
        return [card for look in self.visible() for card in look.cards]

    def draw(self, surface: pygame.Surface) -> None:
        scene, lay = self.scene, self.scene.layout
        for look in self.visible():
            rise = round(LIFT * min(1.0, look.age / RISE))
            colour = theme.seat_colour(look.seat)
            for (owner, slot), value in look.cards:
                rect = lay.slot_rect(owner, slot).move(0, -rise)
                pygame.draw.rect(surface, colour, rect.inflate(8, 8), 3, border_radius=8)
                surface.blit(scene.art.sprite(face_key(value), rect.w), rect)
            if not look.ability:
                self._ask(surface, look)

    def _ask(self, surface: pygame.Surface, look: HeldLook) -> None:
        """The word beside the held cards: which key lets them go."""
        scene, lay = self.scene, self.scene.layout
        key = scene.button_label(look.seat, "select")
        words = f"{key}: done looking" if key != "Click" else "Click: done looking"
        label = scene.text.get(words, 20, theme.BG, True)
        box = label.get_rect().inflate(20, 10)
        owner = look.cards[0][0][0]
        hand = lay.hand_rect(owner, len(scene.shown.hands[owner]))
        rows = [lay.slot_rect(o, s) for (o, s), _ in look.cards]
        y = rows[0].unionall(rows[1:]).centery - LIFT
        others = [lay.hand_rect(o, len(hand_)) for o, hand_ in enumerate(scene.shown.hands) if o != owner]
        # beside the hand (never over a name plate): the side with room, the left first
        for side in ("left", "right"):
            if side == "left":
                box.midright = (hand.left - 14, y)
            else:
                box.midleft = (hand.right + 14, y)
            if lay.felt_rect.contains(box) and not any(box.colliderect(r) for r in others):
                break
        box.clamp_ip(lay.felt_rect)
        pygame.draw.rect(surface, theme.ACCENT, box, border_radius=box.h // 2)
        surface.blit(label, label.get_rect(center=box.center))


def seen_words(cards: Sequence[tuple[Place, int]], viewer: int | None = None) -> str:
    """"Blue's card 3 (far row): 7": what a look showed, each place named as the move log names
    it ("your card 2 (near row)" for the viewer's own)."""
    seat = -1 if viewer is None else viewer
    return ", ".join(f"{card_of(*place, seat, own='your')}: {value_text(value)}" for place, value in cards)


__all__ = ["HeldLook", "Hold", "LookDesk", "seen_words"]
