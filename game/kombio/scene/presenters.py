"""How each KOMBIO event is shown: cards flying between the piles, the drawn card's place and the
hands, cards lifted while someone looks, a slap's card flipped onto the pile (or held up beside it
with a red cross), a call's banner and the round-end reveal.

Each presenter returns the animation of its event; the screen folds the event into the shown table
once it ends (game.ui.play.presenters). While a card is on its way, the places it left or will land
on are left out of the table (`hides`) and the card is drawn flying.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.seats import seat_label
from game.kombio.events import (
    Called,
    ChoiceOwed,
    Discarded,
    Drew,
    Gave,
    Looked,
    Peeked,
    PenaltyDrawn,
    Replaced,
    Reshuffled,
    RoundEnded,
    RoundStarted,
    Settled,
    Slapped,
    Swapped,
    Took,
    TurnBegan,
)
from game.kombio.table import GIVE, a_card, value_text
from game.kombio.view import KombioView
from game.ui.play.presenters import Animation, Presenters, presents
from game.ui.toolkit import theme
from game.ui.toolkit.effects import Chain, Flight, Flying, Part

from .art import BACK_KEY, face_key
from .effects import HELD, TOP, Lift, Reveal, WrongMark
from .looks import RISE, Hold

if TYPE_CHECKING:
    from .screen import KombioScene

TRAVEL = 0.32                  # a card's flight
LOOK_HOLD = 1.2                # how long another seat's look lifts its cards (face down)
REVEAL_HOLD = 6.0              # the round-end reveal, unless a player presses on
PILE_W, DISCARD_W, HELD_W = 70, 100, 80   # the cards' widths on the piles and in the drawn card's place


class KombioPresenters(Presenters[KombioView]):
    def __init__(self, scene: KombioScene) -> None:
        self.scene = scene
        self.layout = scene.layout

    def _at(self, view: KombioView, owner: int, slot: int) -> tuple[float, float]:
        """The centre of a place of `view`'s table (a slot past its hand's end: where it will be)."""
        return self.layout.slot_centre(owner, slot, len(view.hands[owner]))

    def _fly(self, key: object, start: tuple[float, float], end: tuple[float, float], size: int, end_size: int,
             hides: frozenset[object] = frozenset(), speed: float = 1.0) -> Flight:
        return Flight(TRAVEL * self.speed * speed, hides=hides, items=[Flying(key, start, end, size, end_size)])

    @presents(RoundStarted)
    def round_started(self, event: RoundStarted, before: KombioView) -> Animation:
        self.scene.show_banner(f"Round {event.round}", theme.ACCENT, 1.4)
        return Part(0.8 * self.speed)

    def _look(self, seat: int, places: list[tuple[int, int]]) -> Animation:
        """A look: the viewer's own is held by the screen's look desk until it is done with it;
        anyone else's cards rise a moment, face down, for all to see *that* they look."""
        held = self.scene.looks.presented(seat, places)
        if held is not None:
            if held.ability:
                return Part(RISE)          # held while the ability is decided: the choice ends it
            return Chain(Hold(0.0, hides=frozenset(places), desk=self.scene.looks, look=held))
        cards: list[tuple[pygame.Rect, int | None]] = [(self.layout.slot_rect(*place), None) for place in places]
        return Chain(Lift(LOOK_HOLD * self.speed, hides=frozenset(places), cards=cards,
                          colour=theme.seat_colour(seat)))

    @presents(Looked)
    def looked(self, event: Looked, before: KombioView) -> Animation:
        return self._look(event.seat, [(event.seat, slot) for slot in event.slots])

    @presents(TurnBegan)
    def turn_began(self, event: TurnBegan, before: KombioView) -> Animation:
        if event.final:
            self.scene.notify(f"{self.scene.seat_name(event.seat)}'s final turn", theme.ACCENT)
        return Part(0.1 * self.speed)

    @presents(Drew)
    def drew(self, event: Drew, before: KombioView) -> Animation:
        self.scene.app.audio.play("move")
        lay = self.layout
        return Chain(self._fly(face_key(event.value), lay.draw_rect.center, lay.held_rect.center, PILE_W, HELD_W))

    @presents(Took)
    def took(self, event: Took, before: KombioView) -> Animation:
        self.scene.app.audio.play("move")
        here, pile = self._at(before, event.seat, event.slot), self.layout.discard_rect.center
        place = (event.seat, event.slot)
        card = self.layout.card_width(len(before.hands[event.seat]))
        return Chain(self._fly(face_key(event.value), pile, here, DISCARD_W, card, frozenset({place, TOP})),
                     self._fly(face_key(event.discarded), here, pile, card, DISCARD_W, frozenset({TOP})))

    @presents(Replaced)
    def replaced(self, event: Replaced, before: KombioView) -> Animation:
        self.scene.app.audio.play("move")
        lay = self.layout
        here, place = self._at(before, event.seat, event.slot), (event.seat, event.slot)
        card = lay.card_width(len(before.hands[event.seat]))
        # the drawn card face up only on its holder's screen (the shown view has it for them alone)
        return Chain(self._fly(face_key(before.held), lay.held_rect.center, here, HELD_W, card, frozenset({place, HELD})),
                     self._fly(face_key(event.discarded), here, lay.discard_rect.center, card, DISCARD_W,
                               frozenset({HELD})))

    @presents(Discarded)
    def discarded(self, event: Discarded, before: KombioView) -> Animation:
        self.scene.app.audio.play("place")
        lay = self.layout
        return Chain(self._fly(face_key(event.value), lay.held_rect.center, lay.discard_rect.center, HELD_W, DISCARD_W,
                               frozenset({HELD})))

    @presents(Peeked)
    def peeked(self, event: Peeked, before: KombioView) -> Animation:
        return self._look(event.seat, [(event.owner, event.slot)])

    @presents(Swapped)
    def swapped(self, event: Swapped, before: KombioView) -> Animation:
        self.scene.app.audio.play("move")
        a, b = self._at(before, *event.a), self._at(before, *event.b)
        wa, wb = (self.layout.card_width(len(before.hands[o])) for o in (event.a[0], event.b[0]))
        return Chain(Flight(0.45 * self.speed, hides=frozenset({event.a, event.b}), arc=40,
                            items=[Flying(BACK_KEY, a, b, wa, wb), Flying(BACK_KEY, b, a, wb, wa)]))

    @presents(Called)
    def called(self, event: Called, before: KombioView) -> Animation:
        self.scene.show_banner(f"{seat_label(event.seat)} calls KOMBIO!", theme.seat_colour(event.seat), 2.0)
        self.scene.app.audio.play("capture")
        return Part(1.4 * self.speed)

    @presents(Slapped)
    def slapped(self, event: Slapped, before: KombioView) -> Animation:
        scene, lay = self.scene, self.layout
        start, place = self._at(before, event.owner, event.slot), (event.owner, event.slot)
        card = lay.card_width(len(before.hands[event.owner]))
        if event.right:
            margin = scene.slap_margin(event)
            faster = f" ({margin:.0f} ms faster)" if margin is not None else ""
            scene.show_banner(f"{seat_label(event.seat)} matches the {value_text(event.value)}!{faster}",
                              theme.seat_colour(event.seat), 2.2)
            scene.app.audio.play("capture")
            pile = lay.discard_rect.center
            landed = Flight(0.5, hides=frozenset({place}), arc=0.0, items=[Flying(face_key(event.value), pile, pile,
                                                                                     DISCARD_W)])
            anim = Chain(self._fly(face_key(event.value), start, pile, card, DISCARD_W, frozenset({place})), landed)
        else:
            who, whose = scene.seat_name(event.seat), scene.seat_name(event.owner)
            on = a_card(before.top) if before.top is not None else "a match"
            penalty = "draws a penalty card" if event.owner == event.seat else f"{whose} chooses the penalty"
            owned = "their" if event.owner == event.seat else f"{whose}'s"
            scene.say(f"Wrong slap! {who} flipped {owned} {value_text(event.value)}, not {on}: {penalty}",
                      theme.BAD, 3.2)
            scene.app.audio.play("error")
            over = lay.wrong_at
            hides = frozenset({place})
            anim = Chain(Flight(TRAVEL * 0.8, hides=hides, items=[Flying(face_key(event.value), start, over, card, 90)]),
                         WrongMark(1.1, hides=hides, value=event.value, at=over),
                         Flight(TRAVEL * 0.8, hides=hides, items=[Flying(BACK_KEY, over, start, 90, card)]))
        scene.slap_shown(event, anim)
        return anim

    @presents(PenaltyDrawn)
    def penalty(self, event: PenaltyDrawn, before: KombioView) -> Animation | None:
        if event.slot < 0:
            return None
        lay = self.layout
        slots = max(len(before.hands[event.seat]), event.slot + 1)
        end = lay.slot_centre(event.seat, event.slot, slots)
        return Chain(self._fly(BACK_KEY, lay.draw_rect.center, end, PILE_W, lay.card_width(slots)))

    @presents(ChoiceOwed)
    def owed(self, event: ChoiceOwed, before: KombioView) -> None:
        name, other = self.scene.seat_name(event.seat), self.scene.seat_name(event.other)
        if event.kind == GIVE:
            self.scene.notify(f"{name} gives {other} a card", theme.TEXT, 2.4)
        else:
            self.scene.notify(f"{name} chooses: hand the card over, or {other} draws", theme.TEXT, 2.4)

    @presents(Gave)
    def gave(self, event: Gave, before: KombioView) -> Animation | None:
        if event.slot < 0:
            return None
        return self._move_card(before, (event.seat, event.slot), (event.owner, event.gap))

    @presents(Settled)
    def settled(self, event: Settled, before: KombioView) -> Animation | None:
        if not event.hand_over:
            return None
        return self._move_card(before, (event.seat, event.slot), (event.slapper, event.to_slot))

    def _move_card(self, before: KombioView, src: tuple[int, int], dst: tuple[int, int]) -> Animation:
        lay = self.layout
        slots = max(len(before.hands[dst[0]]), dst[1] + 1)
        w0, w1 = lay.card_width(len(before.hands[src[0]])), lay.card_width(slots)
        return Chain(self._fly(BACK_KEY, self._at(before, *src), lay.slot_centre(dst[0], dst[1], slots), w0, w1,
                               frozenset({src})))

    @presents(Reshuffled)
    def reshuffled(self, event: Reshuffled, before: KombioView) -> Animation:
        self.scene.notify(f"The discard pile ({event.count} cards) becomes the new draw pile")
        return Part(0.4 * self.speed)

    @presents(RoundEnded)
    def round_ended(self, event: RoundEnded, before: KombioView) -> Animation:
        self.scene.app.audio.play("capture")
        return Chain(Reveal(REVEAL_HOLD, on_done=lambda: self.scene.reveal_done(event), event=event))

    # GameOver: the end banner and the results follow once the table is idle (the base's end check)
