"""How each Kombo Klash! event is shown: tiles flying (placed, drawn, kicked, discarded, cleared,
reshuffled), tiles flipping (swamped, revived, scored), a Kombo's glow, and "+N" flying to the score
track, whose counter then walks there.

Each presenter returns the animation of its event from the shown view before it; the screen folds
the event in when that animation ends (game.ui.play.presenters). While it runs, a part leaves out of
the table what it draws itself (`hides`: ("square", sq), ("hand", i), or the whole hand row), and a
later part draws what the earlier ones left (the toolkit's `resting`: a scored Kombo's backs while its points
fly; a hand laid out anew while a drawn tile flies into its place).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.core.seats import seat_label
from game.kombo_klash.events import (
    BoardCleared,
    Drew,
    HandDiscarded,
    Howled,
    Hypnotised,
    Kept,
    Kicked,
    Placed,
    Reshuffled,
    Revived,
    Scored,
    Swamped,
    TieBreak,
    TurnBegan,
)
from game.kombo_klash.view import KomboView, in_hand_order
from game.ui.play.presenters import Animation, Presenters, presents
from game.ui.toolkit import theme
from game.ui.toolkit.effects import (
    Chain,
    Flight,
    Flip,
    Flying,
    Glow,
    Part,
    Point,
    SpriteKey,
    Turning,
    fly_to_score,
    resting,
)
from game.ui.toolkit.tween import Tween, ease_in_out

from .controls import HAND_ROW, hand_key, square_key

if TYPE_CHECKING:
    from .screen import KomboKlashScene

TRAVEL = 0.34          # one tile's flight
FLIP = 0.3
POINTS = 0.45          # "+N" popping up, then flying to the score
WALK = 0.5             # a counter walking the track to its new score
BACK: SpriteKey = ("back",)


def face(what: str | None) -> SpriteKey:
    return BACK if what is None or what == "?" else ("face", what)


def arrivals(before: Sequence[str], after: Sequence[str]) -> list[int]:
    """The places in `after` of the tiles that were not in `before` (a creature's new copies go after
    the ones already held, as a hand in creature order lists them)."""
    held = Counter(before)
    new = []
    for i, creature in enumerate(after):
        if held[creature]:
            held[creature] -= 1
        else:
            new.append(i)
    return new


class KomboPresenters(Presenters[KomboView]):
    def __init__(self, scene: KomboKlashScene) -> None:
        self.scene = scene
        self.layout = scene.layout
        self.told_last_round = False

    # -- where things are ------------------------------------------------------------------------

    def card(self, seat: int) -> Point:
        return self.layout.card_hand_point(seat, self.scene.players)

    def slot(self, before: KomboView, hand: Sequence[str], index: int) -> Point:
        """The centre of tile `index` of `hand`, held in `before`'s turn (the scene's hand row)."""
        centre = self.scene.hand_slot(before, index, hand).center
        return (float(centre[0]), float(centre[1]))

    def middle(self, squares: Sequence[int]) -> Point:
        points = [self.layout.centre(sq) for sq in squares]
        return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))

    def into_hand(self, view: KomboView, after: Sequence[str], start: Point, seconds: float, gap: float,
                  key: SpriteKey, arc: float) -> Part:
        """Tiles flying from `start` into the viewer's hand laid out as it will be, its other tiles
        resting in their new places meanwhile."""
        layout = self.layout
        new = arrivals(view.hand, after)
        flight = Flight(seconds + gap * max(0, len(new) - 1), travel=seconds, arc=arc, hides=frozenset({HAND_ROW}),
                        items=[Flying(key, start, self.slot(view, after, i), layout.tile, layout.hand_tile, k * gap)
                               for k, i in enumerate(new)])
        rest = [(face(c), self.slot(view, after, i)) for i, c in enumerate(after) if i not in new]
        return resting(flight, rest, layout.hand_tile)

    def points(self, seat: int, points: int, origin: Point, before: KomboView,
               rests: Sequence[tuple[SpriteKey, Point]] = (), hides: Sequence[int] = ()) -> list[Part]:
        """"+N" pops over `origin` and flies to the seat's counter, which walks to its new score as
        it lands; `rests`: tiles drawn where they lie meanwhile."""
        scene = self.scene
        old = before.scores[seat]
        new = old + points
        end, _ = scene.track.point(new)

        def land() -> None:
            scene.walks[seat] = Tween(float(old), float(new), WALK, ease_in_out)
            if old < before.target <= new and not self.told_last_round:
                self.told_last_round = True
                scene.show_banner(f"{seat_label(seat)} reached {before.target}: last round!", theme.ACCENT, 2.0)
        parts = fly_to_score(("text", f"+{points}", seat), origin, end, POINTS * self.speed, land, POINTS * self.speed)
        places = [square_key(sq) for sq in hides]
        return [resting(part, rests, self.layout.tile, places) for part in parts]

    # -- the events --------------------------------------------------------------------------------

    @presents(Drew)
    def drew(self, event: Drew, before: KomboView) -> Animation | None:
        if event.count <= 0:
            return None
        s = self.speed
        self.scene.app.audio.play("move")
        deck, gap = self.layout.deck_centre, 0.06 * s
        if event.tiles:               # the viewer's own draw
            after = in_hand_order((*before.hand, *event.tiles))
            return Chain(self.into_hand(before, after, deck, TRAVEL * s, gap, BACK, 34.0))
        return Chain(Flight(TRAVEL * s + gap * (event.count - 1), travel=TRAVEL * s,
                            items=[Flying(BACK, deck, self.card(event.seat), self.layout.tile, 24, k * gap)
                                   for k in range(event.count)]))

    @presents(HandDiscarded)
    def discarded(self, event: HandDiscarded, before: KomboView) -> Animation | None:
        if event.count <= 0:
            return None
        s, layout = self.speed, self.layout
        hand = before.hand if event.yours else ()
        starts = [self.slot(before, hand, i) for i in range(len(hand))] or [self.card(event.seat)] * event.count
        gap = 0.04 * s
        self.scene.app.audio.play("move")
        return Chain(Flight(TRAVEL * s + gap * (len(starts) - 1), travel=TRAVEL * s,
                            hides=frozenset({HAND_ROW}) if hand else frozenset(),
                            items=[Flying(BACK, p, layout.discard_rect.center, layout.hand_tile, 64, k * gap)
                                   for k, p in enumerate(starts)]))

    @presents(Kept)
    def kept(self, event: Kept, before: KomboView) -> Animation:
        return Part(0.25 * self.speed)

    @presents(Placed)
    def placed(self, event: Placed, before: KomboView) -> Animation:
        s, layout = self.speed, self.layout
        hides: frozenset[object] = frozenset()
        if event.yours:
            index = before.hand.index(event.creature)
            start, hides = self.slot(before, before.hand, index), frozenset({hand_key(index)})
        else:
            start = self.card(event.seat)
        self.scene.app.audio.play("place")
        # a hypnotising Snake lands on the tile it takes, which shows until it has landed
        return Chain(Flight(TRAVEL * s, travel=TRAVEL * s, arc=40.0, hides=hides,
                            items=[Flying(("face", event.creature), start, layout.centre(event.square), layout.tile)]))

    @presents(Howled)
    def howled(self, event: Howled, before: KomboView) -> Animation:
        last = before.last
        square = int(last[3]) if last is not None and last[0] == "place" else 12
        return Chain(*self.points(event.seat, event.points, self.layout.centre(square), before))

    @presents(Hypnotised)
    def hypnotised(self, event: Hypnotised, before: KomboView) -> Animation:
        s, layout = self.speed, self.layout
        start = layout.centre(event.square)
        self.scene.app.audio.play("capture")
        key = ("face", event.creature)
        if event.yours:
            after = in_hand_order((*before.hand, event.creature))
            return Chain(self.into_hand(before, after, start, TRAVEL * s * 1.3, 0.0, key, 50.0))
        return Chain(Flight(TRAVEL * s * 1.3, arc=50.0,
                            items=[Flying(key, start, self.card(event.seat), layout.tile, 24)]))

    @presents(Kicked)
    def kicked(self, event: Kicked, before: KomboView) -> Animation:
        s, layout = self.speed, self.layout
        self.scene.app.audio.play("move")
        return Chain(Flight(0.3 * s, arc=12.0, hides=frozenset({square_key(event.src)}),
                            items=[Flying(face(before.board[event.src]), layout.centre(event.src),
                                          layout.centre(event.dst), layout.tile)]))

    def _flip_down(self, squares: Sequence[int], faces: Sequence[SpriteKey], gap: float) -> Flip:
        s = self.speed
        return Flip(FLIP * s + gap * (len(squares) - 1), turn=FLIP * s, size=self.layout.tile,
                    hides=frozenset(square_key(sq) for sq in squares),
                    items=[Turning(self.layout.centre(sq), key, BACK, gap * k) for k, (sq, key) in
                           enumerate(zip(squares, faces))])

    def _backs(self, squares: Sequence[int]) -> list[tuple[SpriteKey, Point]]:
        return [(BACK, self.layout.centre(sq)) for sq in squares]

    @presents(Swamped)
    def swamped(self, event: Swamped, before: KomboView) -> Animation:
        self.scene.app.audio.play("move")
        flip = self._flip_down(event.squares, [("face", c) for c in event.creatures], 0.08 * self.speed)
        return Chain(flip, *self.points(event.seat, event.points, self.middle(event.squares), before,
                                        self._backs(event.squares), event.squares))

    @presents(Revived)
    def revived(self, event: Revived, before: KomboView) -> Animation:
        s, layout = self.speed, self.layout
        self.scene.app.audio.play("capture")
        return Chain(Flip(FLIP * s, turn=FLIP * s, size=layout.tile, hides=frozenset({square_key(event.square)}),
                          items=[Turning(layout.centre(event.square), BACK, ("face", event.creature))]))

    @presents(Scored)
    def scored(self, event: Scored, before: KomboView) -> Animation:
        s = self.speed
        self.scene.app.audio.play("capture")
        glow = Glow(0.55 * s, places=event.squares)         # the screen draws the lit outline
        flip = self._flip_down(event.squares, [face(before.board[sq]) for sq in event.squares], 0.05 * s)
        return Chain(glow, flip, *self.points(event.seat, event.points, self.middle(event.squares), before,
                                              self._backs(event.squares), event.squares))

    @presents(BoardCleared)
    def cleared(self, event: BoardCleared, before: KomboView) -> Animation:
        s, layout = self.speed, self.layout
        gap = 0.03 * s
        self.scene.notify("The board is full of face-up tiles: all but the corners are discarded" if event.all_face_up
                          else "The board is full: its face-down tiles go to the discard pile", theme.ACCENT, 2.4)
        self.scene.app.audio.play("move")
        return Chain(Flight(TRAVEL * s + gap * max(0, len(event.squares) - 1) + 0.1, travel=TRAVEL * s, arc=20.0,
                            hides=frozenset(square_key(sq) for sq in event.squares),
                            items=[Flying(face(before.board[sq]), layout.centre(sq), layout.discard_rect.center,
                                          layout.tile, 64, k * gap) for k, sq in enumerate(event.squares)]))

    @presents(Reshuffled)
    def reshuffled(self, event: Reshuffled, before: KomboView) -> Animation:
        s, layout = self.speed, self.layout
        self.scene.notify(f"The discard pile ({event.count}) becomes the new draw pile")
        start = layout.discard_rect.center
        return Chain(Flight(TRAVEL * s + 0.25 * s, travel=TRAVEL * s,
                            items=[Flying(BACK, start, layout.deck_centre, 64, layout.tile, 0.05 * i * s)
                                   for i in range(min(event.count, 6))]))

    @presents(TurnBegan)
    def turn_began(self, event: TurnBegan, before: KomboView) -> Animation:
        if event.round != before.round:
            self.scene.show_banner(f"Round {event.round}", theme.ACCENT, 1.2)
            return Part(0.9 * self.speed)
        return Part(0.12 * self.speed)

    @presents(TieBreak)
    def tie_break(self, event: TieBreak, before: KomboView) -> Animation:
        names = " & ".join(seat_label(seat) for seat in event.seats)
        self.scene.show_banner(f"Tie on {event.score}: {names} play on", theme.ACCENT, 2.0)
        return Part(1.4)

    # CornersDealt, RoundEnded, GameOver: nothing to animate (the end banner and the results follow
    # once the board is idle: the base's end check)
