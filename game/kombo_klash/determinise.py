"""A full Kombo Klash! state consistent with what one seat has seen, for a bot that searches over
deals of what its seat cannot see (game.core.search; the Expert plans on its view and its memory
instead, which measured stronger: game.kombo_klash.expert).

The seat's view shows the face-up tiles, its own hand, and counts of everything else. What the seat
also knows comes from its own events, kept by `Memory` (game.kombo_klash.memory): the face of a tile
that went face down while it watched, a tile a rival's Snake hypnotised into that rival's hand.

`state_from_view` deals every tile the seat cannot see at random into the places it cannot see
(rivals' hands, face-down tiles, both piles), with the remembered ones pinned where they are known to
be (the memory also names the seat: a view holds its viewer's hand, not its seat). With nothing
remembered it draws exactly as `KomboKlashEngine.resample_hidden` does (uniformly
over the unseen tiles); tests/kombo_klash/test_determinise.py checks the two against each other.
"""
from __future__ import annotations

from dataclasses import dataclass

from game.core.rng import Rng

from .memory import Memory
from .rules import KomboKlashEngine, KomboState
from .tables import COPIES, CREATURE_INDEX, EMPTY, SPACES, SQUARES, TILES
from .view import KomboView

ACTIONS = KomboKlashEngine.actions


@dataclass
class Dealer:
    """The deals of one decision: what the view fixes (the face-up tiles, the seat's hand, the
    remembered tiles, the counts) is worked out once, so each deal only shuffles the unseen tiles
    and hands them out. A deal draws from its Rng exactly as `state_from_view` always has."""

    template: KomboState         # the face-up tiles and the seat's hand in place, nothing unseen
    unseen: list[int]            # the tiles the seat cannot place, ascending
    hand_needs: list[tuple[int, list[int], int]]    # rival seat, its pinned tiles, tiles to deal
    down: list[tuple[int, int]]  # face-down square, its pinned tile (-1: dealt)
    draw_count: int
    discard_count: int

    @classmethod
    def from_view(cls, view: KomboView, seen: Memory) -> Dealer:
        pool_of = [list(range(c * COPIES, (c + 1) * COPIES)) for c in range(TILES // COPIES)]

        def take(name: str) -> int | None:
            tiles = pool_of[CREATURE_INDEX[name]]
            return tiles.pop() if tiles else None

        board = [EMPTY] * SQUARES
        for sq, cell in enumerate(view.board):
            if cell is not None and cell != "?":
                tile = take(cell)
                if tile is None:
                    raise ValueError(f"more {cell} tiles in the view than in the box")
                board[sq] = tile
        seat = seen.seat          # a view holds its viewer's hand, not its seat
        own: list[int] = []
        for name in view.hand:
            tile = take(name)
            if tile is None:
                raise ValueError(f"more {name} tiles in the view than in the box")
            own.append(tile)
        # the remembered tiles, where the pool still has them (a memory that cannot be is ignored)
        pinned_board: dict[int, int] = {}
        pinned_hands: dict[int, list[int]] = {}
        for sq, name in sorted(seen.down.items()):
            if view.board[sq] == "?" and (tile := take(name)) is not None:
                pinned_board[sq] = tile
        for rival, names in sorted(seen.held.items()):
            for name in names[:view.hand_counts[rival]]:
                if (tile := take(name)) is not None:
                    pinned_hands.setdefault(rival, []).append(tile)
        unseen = sorted(t for tiles in pool_of for t in tiles)
        hand_needs = []
        for s in range(view.players):
            if s != seat:
                known = pinned_hands.get(s, [])
                hand_needs.append((s, known, view.hand_counts[s] - len(known)))
        down = [(sq, pinned_board.get(sq, EMPTY)) for sq in SPACES if view.board[sq] == "?"]
        dealt = sum(n for _, _, n in hand_needs) + sum(1 for _, t in down if t == EMPTY)
        if dealt + view.draw_count + view.discard_count != len(unseen):
            raise ValueError(f"{len(unseen) - dealt - view.draw_count - view.discard_count} tiles left "
                             "over: the view's counts do not add up")
        template = KomboState(
            players=view.players, target=view.target, phase=view.phase, turn=view.turn,
            board=[EMPTY] * SQUARES, up=[False] * SQUARES,
            hands=[own if s == seat else [] for s in range(view.players)], draw=[], discard=[],
            scores=list(view.scores), in_round=tuple(view.in_round), round=view.round, played=view.played,
            scored=view.scored, pending=view.pending.ability if view.pending is not None else "",
            pending_square=view.pending.square if view.pending is not None else EMPTY,
            redraw_done=list(view.redraw_done),
            last=None if view.last is None else ACTIONS.decode(_listed(view.last)))
        for sq in SPACES:
            if board[sq] != EMPTY:
                template.put(sq, board[sq], True)
        template.kombos()         # face-down tiles never change them: every deal shares the search
        return cls(template, unseen, hand_needs, down, view.draw_count, view.discard_count)

    def deal(self, rng: Rng) -> KomboState:
        """A state whose view for the seat is the dealer's view, its hidden tiles dealt at random
        (remembered ones pinned). The state's own Rng (for later reshuffles) is drawn from `rng`."""
        unseen = list(self.unseen)
        rng.shuffle(unseen)
        state = self.template.copy()
        for s, known, count in self.hand_needs:
            state.hands[s] = known + [unseen.pop() for _ in range(count)]
        for sq, pinned in self.down:
            state.put(sq, pinned if pinned != EMPTY else unseen.pop(), False)
        state.draw = [unseen.pop() for _ in range(self.draw_count)]
        state.discard = unseen[::-1]     # dealt from the end, as the draw pile is
        state.rng = Rng(rng.below(1 << 30))
        return state


def state_from_view(view: KomboView, seen: Memory, rng: Rng) -> KomboState:
    """A state whose view for the seat is `view`, its hidden tiles dealt at random (remembered ones
    pinned); one deal of `Dealer.from_view(view, seen)`."""
    return Dealer.from_view(view, seen).deal(rng)


def _listed(wire: object) -> object:
    return [_listed(v) for v in wire] if isinstance(wire, (list, tuple)) else wire


__all__ = ["Dealer", "state_from_view"]
