"""What each KOMBIO player's focus may rest on, and what Select does there.

Every card on the table, the draw pile, the discard pile and the choice buttons under the piles are
focusables (game.ui.play.focus); the buttons are the prompt's choices, drawn for the one seat whose
choice they are and never lit but by that seat's focus. The slap key flips the focused card onto
the discard pile at any moment (any seat at once: the screen judges slaps in press-time order).

What Select does, by prompt, and which choices take two presses (a choice that loses something once
made is never made by a single press):
- the look at the near row: the Look button, one press (it only shows the player their cards);
- a turn: the draw pile or Draw, one press (it reveals, it loses nothing); the discard pile or "Take
  the discard" picks the discard up, then the hand card it replaces takes it (two presses: the
  discard, then the card; Back or the discard again puts it back); Call KOMBIO and Pass confirm;
- the drawn card: a hand card replaces it, the discard pile or "Discard it" discards it: both
  confirm (the card given up is gone);
- an ability: a card to look at, one press; a blind swap (11, 12) is two presses, the first card
  then the second (Back or the first card again puts it back); a 13's swap after its look and
  "Swap them" after a 14's two looks confirm; Skip confirms (it ends the turn, the ability unused);
- a slap's follow-up: a card to give, or "Keep it" / "Hand the card over": each confirms.

Out of turn every card still takes the focus (it may be slapped) and Select says whose turn it is.
Where a focus lands after a step is chosen once, in `likely`: the draw pile at the start of the
seat's turn, its hand after its draw, the first choice of what it owes after a slap, the Look
button at the start of a round.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.core.engine import Action, Event
from game.core.seats import seat_name
from game.core.session import Step
from game.kombio.actions import Call, Discard, Draw, Give, Look, Pass, Peek, Replace, Settle, Skip, Swap, Take
from game.kombio.events import ChoiceOwed, Discarded, Drew, RoundStarted, TurnBegan
from game.kombio.table import (
    ABILITY,
    DOUBLE_LOOK_SWAP,
    DRAWN,
    GIVE,
    LOOK,
    LOOK_SWAP,
    OVER,
    PENALTY,
    TURN,
    value_text,
)
from game.kombio.view import KombioView
from game.ui.play.focus import Focusable, Key

from .layout import Layout

if TYPE_CHECKING:
    from .screen import KombioScene

Place = tuple[int, int]
DRAW_PILE: Key = ("draw",)
DISCARD_PILE: Key = ("discard",)
WAIT = "wait"                # a seat with nothing to choose now (the reason says why)


def card_key(owner: int, slot: int) -> Key:
    return ("card", owner, slot)


def button_key(name: str) -> Key:
    return ("button", name)


def card_place(key: Key | None) -> Place | None:
    """The (owner, slot) of a card's key, None for anything else."""
    if isinstance(key, tuple) and len(key) == 3 and key[0] == "card":
        return int(key[1]), int(key[2])
    return None


def card_name(owner: int, slot: int) -> str:
    return f"{seat_name(owner)}'s card {slot + 1}"


@dataclass(frozen=True)
class Pick:
    """The first press of a choice made in two: the discard picked up to take (place None), or a
    blind swap's first card."""

    kind: str              # "take" or "swap"
    place: Place | None = None


@dataclass(frozen=True)
class Button:
    name: str
    text: str                                     # what the button says
    act: Action | Callable[[], object]
    label: str                                    # what Select does, for the armed tag
    confirm: bool = False


class KombioControls:
    def __init__(self, scene: KombioScene, layout: Layout) -> None:
        self.scene = scene
        self.layout = layout
        self.picks: dict[int, Pick] = {}

    @property
    def view(self) -> KombioView:
        return self.scene.view

    # -- what a seat may do now ----------------------------------------------------------------------

    def mode(self, seat: int) -> tuple[str, str]:
        """What `seat` chooses now: a phase, GIVE or PENALTY, or WAIT with the reason."""
        view, scene = self.view, self.scene
        if view.phase == OVER:
            return WAIT, "The game is over"
        if view.phase == LOOK:
            if view.looked[seat]:
                return WAIT, "Wait: the others look at their near row"
            if not scene.may_look(seat):
                return WAIT, f"{seat_name(seat)}: take the screen first"
            return LOOK, ""
        owed = view.owed(seat)
        if owed is not None:
            return owed.kind, ""
        if view.pending:
            return WAIT, "Wait: a choice after a slap comes first"
        if seat != scene.turn_actor():
            if view.turn != seat:
                return WAIT, f"Wait: it's {seat_name(view.turn)}'s turn (slap with your slap key)"
            return WAIT, f"{seat_name(seat)}: take the screen first"
        return view.phase, ""

    def button_seat(self) -> int | None:
        """The seat whose choice buttons are drawn under the piles (one at a time)."""
        scene, view = self.scene, self.view
        for item in view.pending:
            if scene.is_human(item.seat) and item.kind != GIVE:
                return item.seat
        if view.phase == LOOK:
            humans = scene.human_seats()
            return scene.viewer if scene.viewer is not None else (humans[0] if humans else None)
        return scene.turn_actor()

    # -- the focusables -------------------------------------------------------------------------------

    def targets(self, seat: int) -> list[Focusable]:
        view, lay = self.view, self.layout
        mode, wait = self.mode(seat)
        out = [self._card(seat, owner, slot, lay.slot_rect(owner, slot, len(hand)), mode, wait)
               for owner, hand in enumerate(view.hands) for slot, present in enumerate(hand) if present]
        out.append(self._draw_pile(seat, mode, wait))
        out.append(self._discard_pile(seat, mode, wait))
        if seat == self.button_seat():
            out += [Focusable(button_key(b.name), rect, b.act, b.label, confirm=b.confirm)
                    for b, rect in self.placed(self.buttons(seat))]
        return out

    def piles_taken(self) -> frozenset[str]:
        """The piles ("draw", "discard") whose label a choice's button stands in for just now."""
        seat = self.button_seat()
        shown = seat is not None and not self.scene.busy()      # buttons are drawn once caught up
        names = {b.name for b in self.buttons(seat)} if shown and seat is not None else set()
        return frozenset(pile for pile, choices in (("draw", {"draw"}), ("discard", {"take", "discard"}))
                         if names & choices)

    def placed(self, buttons: Sequence[Button]) -> list[tuple[Button, pygame.Rect]]:
        """Where each choice is drawn: Draw at the draw pile, Take and Discard at the discard pile,
        the others one under another beside the piles."""
        lay = self.layout
        at_pile = {"draw": lay.draw_rect, "take": lay.discard_rect, "discard": lay.discard_rect}
        others = [b for b in buttons if b.name not in at_pile]
        column = dict(zip((b.name for b in others), lay.button_rects(len(others))))
        return [(b, lay.pile_button(at_pile[b.name]) if b.name in at_pile else column[b.name]) for b in buttons]

    def _card(self, seat: int, owner: int, slot: int, rect: pygame.Rect, mode: str, wait: str) -> Focusable:
        key = card_key(owner, slot)
        legal = self.scene.legal(seat)
        mine = owner == seat
        if mode == WAIT:
            return Focusable(key, rect, reason=wait)
        if mode == LOOK:
            return Focusable(key, rect, reason="First look at your near row: the button under the piles")
        if mode == GIVE:
            owed = self.view.owed(seat)
            give = Give(seat, slot)
            if mine and give in legal and owed is not None:
                return Focusable(key, rect, give, f"give card {slot + 1} to {seat_name(owed.other)}", confirm=True, tag_inside=True)
            return Focusable(key, rect, reason="Choose one of your own cards to give")
        if mode == PENALTY:
            return Focusable(key, rect, reason="Choose with the buttons: hand the card over, or keep it")
        if mode == TURN:
            take = Take(seat, slot)
            if mine and self.picks.get(seat) == Pick("take") and take in legal:
                top = self.view.top
                what = f"the {value_text(top)}" if top is not None else "the discard"
                return Focusable(key, rect, take, f"take {what} for card {slot + 1}")
            return Focusable(key, rect, reason="Draw a card, take the discard (then pick your card), or call")
        if mode == DRAWN:
            replace = Replace(seat, slot)
            if mine and replace in legal:
                return Focusable(key, rect, replace, f"replace card {slot + 1}", confirm=True, tag_inside=True)
            if mine:
                return Focusable(key, rect, reason="Your hand is locked: discard the card")
            return Focusable(key, rect, reason="Put the drawn card in place of one of yours, or on the discard pile")
        return self._ability_card(seat, (owner, slot), key, rect, legal)

    def _ability_card(self, seat: int, place: Place, key: Key, rect: pygame.Rect,
                      legal: Sequence[Action]) -> Focusable:
        peek = Peek(seat, *place)
        if peek in legal:
            return Focusable(key, rect, peek, f"look at {card_name(*place)}")
        swaps = [a for a in legal if isinstance(a, Swap)]
        if not swaps:
            return Focusable(key, rect, reason="Not that card" if any(isinstance(a, Peek) for a in legal)
                             else "Only Skip is left")
        ability, looks = self.view.ability, self.view.ability_looks
        if ability == DOUBLE_LOOK_SWAP:
            return Focusable(key, rect, reason="Swap them with the button, or Skip")
        if ability == LOOK_SWAP and looks:
            if place == looks[0]:
                return Focusable(key, rect, reason="You looked at this card: choose the card to swap it with")
            swap = _swap_of(swaps, looks[0], place)
            if swap is None:
                return Focusable(key, rect, reason="That card can't be swapped")
            return Focusable(key, rect, swap, f"swap it with {card_name(*place)}", confirm=True, tag_inside=True)
        pick = self.picks.get(seat)
        if pick is None or pick.kind != "swap" or pick.place is None:
            if any(place in (a.a, a.b) for a in swaps):
                return Focusable(key, rect, lambda: self.pick(seat, Pick("swap", place)), "pick it for the swap")
            return Focusable(key, rect, reason="That card can't be swapped")
        if pick.place == place:
            return Focusable(key, rect, lambda: self.drop(seat), "put it back")
        swap = _swap_of(swaps, pick.place, place)
        if swap is None:
            return Focusable(key, rect, reason="Those two can't be swapped")
        return Focusable(key, rect, swap, f"swap with {card_name(*place)}")

    def _draw_pile(self, seat: int, mode: str, wait: str) -> Focusable:
        rect = self.layout.draw_rect
        if mode == TURN:
            if Draw(seat) in self.scene.legal(seat):
                return Focusable(DRAW_PILE, rect, Draw(seat), "draw a card")
            return Focusable(DRAW_PILE, rect, reason="There is nothing to draw")
        return Focusable(DRAW_PILE, rect, reason=wait or self._busy(mode))

    def _discard_pile(self, seat: int, mode: str, wait: str) -> Focusable:
        rect = self.layout.discard_rect
        if mode == TURN:
            if not any(isinstance(a, Take) for a in self.scene.legal(seat)):
                why = ("The discard pile is empty" if self.view.top is None else
                       "A matched card cannot be taken" if self.view.top_matched else "That discard can't be taken")
                return Focusable(DISCARD_PILE, rect, reason=why)
            if self.picks.get(seat) == Pick("take"):
                return Focusable(DISCARD_PILE, rect, lambda: self.drop(seat), "put the discard back")
            return Focusable(DISCARD_PILE, rect, lambda: self.pick_take(seat), "take the discard")
        if mode == DRAWN:
            return Focusable(DISCARD_PILE, rect, Discard(seat), self._discard_words(), confirm=True, tag_inside=True)
        return Focusable(DISCARD_PILE, rect, reason=wait or self._busy(mode))

    def _busy(self, mode: str) -> str:
        return {LOOK: "First look at your near row: the button under the piles",
                GIVE: "Choose one of your own cards to give",
                PENALTY: "Choose with the buttons: hand the card over, or keep it",
                DRAWN: "Put the drawn card in place of one of yours, or on the discard pile",
                ABILITY: "Choose a card on the table, or Skip"}.get(mode, "Not now")

    def _discard_words(self) -> str:
        held = self.view.held
        return f"discard the drawn {value_text(held)}" if held is not None else "discard the drawn card"

    def buttons(self, seat: int) -> list[Button]:
        """The prompt's choices for `seat`, as buttons (only for the seat whose choice they are)."""
        view, legal = self.view, self.scene.legal(seat)
        mode, _ = self.mode(seat)
        if self.scene.revealing():
            return []
        if mode == LOOK:
            return [Button("look", "Look at my near row", Look(seat), "look at my near row")]
        if mode == PENALTY:
            owed = view.owed(seat)
            slapper = seat_name(owed.other) if owed is not None else "they"
            out = [Button("keep", "Keep it: they draw", Settle(seat, False), f"keep it: {slapper} draws", True)]
            if Settle(seat, True) in legal:
                out.append(Button("hand_over", "Hand the card over", Settle(seat, True),
                                  f"hand the card to {slapper}", True))
            return out
        if mode == TURN:
            out = []
            if Draw(seat) in legal:
                out.append(Button("draw", f"Draw ({view.draw_count} left)", Draw(seat), "draw a card"))
            if any(isinstance(a, Take) for a in legal):
                if self.picks.get(seat) == Pick("take"):
                    out.append(Button("take", "Put it back", lambda: self.drop(seat), "put the discard back"))
                else:
                    out.append(Button("take", "Take the discard", lambda: self.pick_take(seat), "take the discard"))
            if Call(seat) in legal:
                out.append(Button("call", "Call KOMBIO", Call(seat), "call KOMBIO", True))
            if Pass(seat) in legal:
                out.append(Button("pass", "Pass", Pass(seat), "pass: nothing to draw or take", True))
            return out
        if mode == DRAWN:
            return [Button("discard", "Discard it", Discard(seat), self._discard_words(), True)]
        if mode == ABILITY:
            out = []
            swaps = [a for a in legal if isinstance(a, Swap)]
            if view.ability == DOUBLE_LOOK_SWAP and len(view.ability_looks) == 2 and len(swaps) == 1:
                out.append(Button("swap", "Swap them", swaps[0], "swap the two cards", True))
            unused = "don't swap: end the turn" if view.ability_looks else "skip the ability: end the turn"
            out.append(Button("skip", "Skip", Skip(seat), unused, True))
            return out
        return []

    def ability_targets(self, seat: int) -> set[Place]:
        """The cards `seat` may choose next in its ability (what the table outlines)."""
        return {place for t in self.targets(seat) if t.enabled and (place := card_place(t.key)) is not None}

    # -- the screen's own steps --------------------------------------------------------------------

    def pick_take(self, seat: int) -> None:
        self.picks[seat] = Pick("take")
        self.scene.say("Now choose the card of your hand it replaces (Back: put it back)")
        self.scene.click_sound()

    def pick(self, seat: int, pick: Pick) -> None:
        self.picks[seat] = pick
        self.scene.say("Now the card to swap it with (Back: put it back)")
        self.scene.click_sound()

    def drop(self, seat: int) -> None:
        self.picks.pop(seat, None)
        self.scene.click_sound()

    def picked(self, seat: int) -> Pick | None:
        return self.picks.get(seat)

    def back(self, seat: int) -> bool:
        """Back puts a pick down. Backspace is shared by every keyboard zone (it arrives as the first
        zone's), so it puts down the pick of whoever is to play as well."""
        dropped = False
        for s in {seat, self.scene.turn_actor()}:
            if s is not None and self.picks.pop(s, None) is not None:
                dropped = True
        return dropped

    # -- where a focus lands --------------------------------------------------------------------------

    def likely(self, seat: int, events: Sequence[Event] = ()) -> Key | None:
        """Where `seat`'s next choice most likely is after `events` (none given: in the view as it is,
        for a screen opened mid-game); None: the focus stays where its player left it."""
        view = self.view
        found: Key | None = None
        for event in events:
            if isinstance(event, RoundStarted):
                found = button_key("look")
            elif isinstance(event, TurnBegan) and event.seat == seat:
                found = DRAW_PILE                      # a turn mostly begins so
            elif isinstance(event, Drew) and event.seat == seat:
                found = self._first_own(seat)          # replace one, or discard
            elif isinstance(event, Discarded) and event.seat == seat and event.ability:
                found = self._first_target(seat)       # the ability's first card, not Skip
            elif isinstance(event, ChoiceOwed) and event.seat == seat:
                found = self._first_own(seat) if event.kind == GIVE else button_key("keep")
        if events:
            return found
        owed = view.owed(seat)
        if owed is not None:
            return self._first_own(seat) if owed.kind == GIVE else button_key("keep")
        if view.phase == LOOK:
            return button_key("look")
        if view.turn == seat and view.phase == TURN:
            return DRAW_PILE
        return self._first_own(seat)

    def landing(self, seat: int, step: Step) -> Key | None:
        return self.likely(seat, step.events)

    def _first_target(self, seat: int) -> Key:
        """The card an ability most likely starts on: one's own first where it may, else the first
        card it may choose (Skip only if none)."""
        choosable = sorted(self.ability_targets(seat), key=lambda place: (place[0] != seat, place))
        return card_key(*choosable[0]) if choosable else button_key("skip")

    def _first_own(self, seat: int) -> Key:
        slots = self.view.own_slots(seat)
        return card_key(seat, slots[0]) if slots else DISCARD_PILE


def _swap_of(swaps: Sequence[Swap], a: Place, b: Place) -> Swap | None:
    pair = (min(a, b), max(a, b))
    return next((s for s in swaps if (s.a, s.b) == pair), None)


__all__ = ["DISCARD_PILE", "DRAW_PILE", "Button", "KombioControls", "Pick", "button_key", "card_key", "card_place"]
