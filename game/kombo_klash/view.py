"""What a Kombo Klash! seat sees, and how its view moves forward event by event.

`KomboView` is built by the engine (`KomboKlashEngine.view`) and by `fold`, which takes one of the
seat's events as `KomboKlashEngine.redact` gave them: a screen shows what its animations have got to,
and a replay any seat's eyes, without working out a rule again. The Kombos on offer are found by the
engine's own finder (game.kombo_klash.kombos) in both.

A seat sees its own hand; everything face down is "?" or a count. A view holds its viewer's hand but
not its viewer's seat: the events that change a hand say, in the copy redacted for its seat, that the
hand is the viewer's own (`yours`), and a `Drew` names its tiles only in that copy.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Annotated, Any

from game.core.engine import Event
from game.core.view import ActionWire

from .events import (
    BoardCleared,
    Drew,
    GameOver,
    HandDiscarded,
    Howled,
    Hypnotised,
    Kept,
    Kicked,
    Placed,
    Reshuffled,
    Revived,
    RoundEnded,
    Scored,
    Swamped,
    TurnBegan,
)
from .kombos import creature_kombos, kombo_options
from .tables import CHAMELEON, CHOICE_OF, CREATURE_INDEX, CREATURES, EMPTY, OVER, PLAY, REDRAW

Offer = tuple[str, tuple[int, ...], int]     # a Kombo on offer: (creature, squares, points)


@dataclass(frozen=True)
class PendingView:
    ability: str                      # "kick", "swamp" or "revive"
    square: int                       # where the tile whose ability it is stands


@dataclass(frozen=True)
class KomboView:
    phase: str                        # "redraw", "play" or "over"
    players: int
    target: int
    round: int
    turn: int                         # seat to act; -1 when over
    in_round: tuple[int, ...]         # seats playing this round (all, or tied leaders)
    scores: tuple[int, ...]
    board: tuple[str | None, ...]     # 25: None empty (and the centre), "?" face down, or a creature
    hand: tuple[str, ...]             # the viewer's own tiles in creature order (() for a spectator)
    hand_counts: tuple[int, ...]
    draw_count: int
    discard_count: int
    played: int                       # tiles played this turn
    scored: bool                      # a Kombo was scored this turn
    pending: PendingView | None       # an ability waiting for its choice
    kombos: tuple[Offer, ...]         # each Kombo on offer now (none outside play)
    redraw_done: tuple[bool, ...]     # per seat: decided on the starting hand
    last: Annotated[Any, ActionWire()]    # the last action's wire form, None before the first


@dataclass(frozen=True)
class RevealedView(KomboView):
    """The table's view with its secrets shown: a replay watched with everything revealed
    (Engine.revealed_view). A view of its own type, so that no seat's view or wire form carries it."""

    hands: tuple[tuple[str, ...], ...] = ()    # every seat's tiles in creature order
    faces: tuple[str | None, ...] = ()         # per square: the creature a face-down tile hides


def offers(phase: str, board: Sequence[str | None]) -> tuple[Offer, ...]:
    """The Kombos a seat may score on `board` (only while playing), by the engine's finder."""
    if phase != PLAY:
        return ()
    faces = [EMPTY if what is None or what == "?" else CREATURE_INDEX[what] for what in board]
    return tuple((CREATURES[k.creature], k.squares, k.points) for k in kombo_options(faces))


def in_hand_order(tiles: Iterable[str]) -> tuple[str, ...]:
    """A hand as a view lists it: in creature order."""
    return tuple(sorted(tiles, key=CREATURE_INDEX.__getitem__))


def frozen(wire: Any) -> Any:
    """An action's wire form with its lists made tuples, as a view holds it."""
    return tuple(frozen(v) for v in wire) if isinstance(wire, (list, tuple)) else wire


def _add(values: tuple[int, ...], seat: int, amount: int) -> tuple[int, ...]:
    return tuple(v + amount if s == seat else v for s, v in enumerate(values))


def _set(values: tuple[Any, ...], seat: int, value: Any) -> tuple[Any, ...]:
    return tuple(value if s == seat else v for s, v in enumerate(values))


def _without(hand: tuple[str, ...], creature: str) -> tuple[str, ...]:
    at = hand.index(creature)
    return hand[:at] + hand[at + 1:]


def fold(view: KomboView, event: Event) -> KomboView:
    """`view` after `event`, one of its seat's events as redacted for that seat."""
    if isinstance(event, Drew):
        return _drew(view, event)
    if isinstance(event, Placed):
        return _placed(view, event)
    if isinstance(event, (Kept, HandDiscarded)):
        return _hand_went(view, event)
    if isinstance(event, Howled):
        return replace(view, scores=_add(view.scores, event.seat, event.points))
    if isinstance(event, Hypnotised):
        hand = in_hand_order((*view.hand, event.creature)) if event.yours else view.hand
        return replace(view, hand=hand, hand_counts=_add(view.hand_counts, event.seat, 1))
    if isinstance(event, Kicked):
        board = list(view.board)
        board[event.src], board[event.dst] = None, board[event.src]
        return _on_board(view, board, pending=None, last=("kick", event.seat, event.src, event.dst))
    if isinstance(event, Swamped):
        return _on_board(view, _face_down(view.board, event.squares), pending=None,
                         scores=_add(view.scores, event.seat, event.points),
                         last=("swamp", event.seat, event.squares))
    if isinstance(event, Revived):
        board = list(view.board)
        board[event.square] = event.creature
        return _on_board(view, board, pending=None, last=("revive", event.seat, event.square))
    if isinstance(event, Scored):
        return _on_board(view, _face_down(view.board, event.squares), scored=True,
                         scores=_add(view.scores, event.seat, event.points),
                         last=("score", event.seat, event.squares))
    if isinstance(event, BoardCleared):
        board = list(view.board)
        for sq in event.squares:
            board[sq] = None
        return _on_board(view, board, discard_count=view.discard_count + len(event.squares))
    if isinstance(event, Reshuffled):
        return replace(view, draw_count=view.draw_count + event.count,
                       discard_count=view.discard_count - event.count)
    if isinstance(event, TurnBegan):
        return _turn_began(view, event)
    if isinstance(event, RoundEnded):
        # the seat to act ended its turn, and with it the round; () when the game ends with it
        return replace(view, in_round=event.next_seats or view.in_round, last=_ended(view))
    if isinstance(event, GameOver):
        return replace(view, phase=OVER, turn=-1, played=0, scored=False, pending=None, kombos=())
    return view       # CornersDealt (the setup, already in every first view), TieBreak


def _ended(view: KomboView) -> tuple[Any, ...]:
    return ("end_turn", view.turn)


def _drew(view: KomboView, event: Drew) -> KomboView:
    # a seat's own draw names its tiles; a refill is what ending the turn draws
    return replace(view, hand=in_hand_order((*view.hand, *event.tiles)) if event.tiles else view.hand,
                   hand_counts=_add(view.hand_counts, event.seat, event.count),
                   draw_count=view.draw_count - event.count,
                   last=_ended(view) if event.reason == "refill" else view.last)


def _placed(view: KomboView, event: Placed) -> KomboView:
    board = list(view.board)
    board[event.square] = event.creature       # a hypnotising Snake lands on the tile it takes
    creature = CREATURE_INDEX[event.creature]
    ability = CHOICE_OF.get(creature) if event.trigger else None
    return _on_board(view, board, hand=_without(view.hand, event.creature) if event.yours else view.hand,
                     hand_counts=_add(view.hand_counts, event.seat, -1), played=view.played + 1,
                     pending=None if ability is None else PendingView(ability, event.square),
                     last=("place", event.seat, event.creature, event.square, event.trigger))


def _hand_went(view: KomboView, event: Kept | HandDiscarded) -> KomboView:
    """A starting hand kept or redrawn, or a Scatter's discard (its Placed came first)."""
    if isinstance(event, HandDiscarded):
        view = replace(view, hand=() if event.yours else view.hand,
                       hand_counts=_set(view.hand_counts, event.seat, 0),
                       discard_count=view.discard_count + event.count)
    if view.phase != REDRAW:
        return view
    seat = event.seat
    # the last seat's choice is followed by the first turn, which sets the seat to act
    return replace(view, redraw_done=_set(view.redraw_done, seat, True),
                   turn=seat + 1 if seat + 1 < view.players else view.turn,
                   last=("redraw", seat, isinstance(event, HandDiscarded)))


def _turn_began(view: KomboView, event: TurnBegan) -> KomboView:
    last = view.last if view.phase == REDRAW else _ended(view)   # the first turn follows the redraws
    phase = PLAY if view.phase == REDRAW else view.phase
    return replace(view, phase=phase, turn=event.seat, round=event.round, played=0, scored=False, last=last,
                   kombos=offers(phase, view.board) if phase != view.phase else view.kombos)


def _face_down(board: Sequence[str | None], squares: Iterable[int]) -> list[str | None]:
    out = list(board)
    for sq in squares:
        out[sq] = "?"
    return out


def _on_board(view: KomboView, board: list[str | None], **changes: Any) -> KomboView:
    """The view with a changed board, and the Kombos on it: found again only for the creatures whose
    face-up tiles changed (every event changes one or two), the rest kept."""
    cells = tuple(board)
    if view.phase != PLAY:
        return replace(view, board=cells, **changes)
    touched: set[int] = set()
    for before, after in zip(view.board, cells):
        if before != after:
            touched.update(CREATURE_INDEX[what] for what in (before, after) if what is not None and what != "?")
    if not touched:
        return replace(view, board=cells, **changes)
    if CHAMELEON in touched:        # a Chameleon may join any creature's Kombo
        return replace(view, board=cells, kombos=offers(view.phase, cells), **changes)
    masks = [0] * len(CREATURES)
    for sq, what in enumerate(cells):
        if what is not None and what != "?":
            masks[CREATURE_INDEX[what]] |= 1 << sq
    found = [k for k in view.kombos if CREATURE_INDEX[k[0]] not in touched]
    for creature in touched:
        found.extend((CREATURES[creature], k.squares, k.points)
                     for k in creature_kombos(creature, masks[creature], masks[CHAMELEON]))
    # as the finder lists them: by creature, then by squares
    found.sort(key=lambda k: (CREATURE_INDEX[k[0]], k[1]))
    return replace(view, board=cells, kombos=tuple(found), **changes)


__all__ = ["KomboView", "Offer", "PendingView", "RevealedView", "fold", "frozen", "in_hand_order", "offers"]
