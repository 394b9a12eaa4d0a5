"""How each Combi-Nations event is shown: an arrow walking round the ring to the tile it takes and the
tile flying off to its player (or away, the solo opponent's), a refill flying from its stack, a tile
flying into its country and glowing there, a SAND tile glowing as it is laid, the skipped turn, the
end of the game coming.

Each presenter returns the animation of its event; the screen folds the event into the shown view
when it ends (game.ui.play.presenters). What an animation draws itself the table leaves out
meanwhile (`hides`): an arrow on its way (("arrow", index)), the ring space a tile flies from
(("space", space)), the held tile flying into the country (("held",)). A glow's places are the hexes
the tile is laying, with what lies on each: the country draws them, lit, over the shown country.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.seats import seat_name
from game.ui.play.presenters import Animation, Presenters, presents
from game.ui.toolkit import theme
from game.ui.toolkit.effects import Chain, Flight, Flying, Glow, Painted, Part, resting

from ..country import Placing, country_from_view, laid_hexes
from ..events import (
    OPPONENT,
    ArrowMoved,
    EndTriggered,
    GameOver,
    MarkerMoved,
    Placed,
    Refilled,
    SandLaid,
    Skipped,
    TurnBegan,
)
from ..tables import LAND_TILES, SAND_SET
from ..view import CombiView

if TYPE_CHECKING:
    from .screen import CombiNationsScene

HELD_SIZE = 18           # the held tile's hex size in the prompt
TURN_PAUSE = 0.15
MARKER_PAUSE = 0.12
SKIP_PAUSE = 0.6
END_PAUSE = 1.2
FLY_TIME = 0.34
REFILL_TIME = 0.32
GLOW_TIME = 0.45
SAND_TIME = 0.3


def tile_key(tile_id: int) -> tuple[str, int]:
    return ("tile", tile_id)


class CombiPresenters(Presenters[CombiView]):
    def __init__(self, scene: CombiNationsScene) -> None:
        self.scene = scene

    @presents(TurnBegan)
    def turn_began(self, event: TurnBegan, before: CombiView) -> Animation:
        if event.extra:
            self.scene.notify(f"{seat_name(event.seat)}: an extra turn", theme.ACCENT)
        return Part(TURN_PAUSE * self.speed)

    @presents(ArrowMoved)
    def arrow_moved(self, event: ArrowMoved, before: CombiView) -> Animation:
        scene, layout = self.scene, self.scene.layout
        arrow = before.players if event.seat == OPPONENT else event.seat
        size = len(before.ring)
        way = before.clockwise[arrow] != event.uturn
        start, end = float(event.start), float(event.end)
        if way and end <= start:
            end += size
        if not way and end >= start:
            end -= size
        if event.uturn:
            who = "The opponent" if event.seat == OPPONENT else seat_name(event.seat)
            scene.notify(f"{who} makes the U-turn!", theme.ACCENT, 2.0)
        scene.app.audio.play("move")
        sweep = Painted(min(0.9, 0.16 + 0.07 * abs(end - start)) * self.speed, hides=frozenset({("arrow", arrow)}),
                        paint=lambda surface, t: scene.ring.arrow(surface, event.seat, start + (end - start) * t, way))
        tsize = layout.ring_tile_size(size)
        mine = event.seat != OPPONENT
        fly = Flight(FLY_TIME * self.speed, hides=frozenset({("arrow", arrow), ("space", event.end)}), arc=40.0,
                     items=[Flying(tile_key(event.tile), layout.ring_point(event.end, size),
                                   layout.held_point if mine else layout.discard_point, tsize,
                                   HELD_SIZE if mine else 6)])
        # the arrow stays drawn on the space it stopped on while the tile it took flies off
        return Chain(sweep, resting(fly, paint=lambda surface: scene.ring.arrow(surface, event.seat, float(event.end), way)))

    @presents(MarkerMoved)
    def marker_moved(self, event: MarkerMoved, before: CombiView) -> Animation:
        return Part(MARKER_PAUSE * self.speed)

    @presents(Refilled)
    def refilled(self, event: Refilled, before: CombiView) -> Animation | None:
        if event.tile < 0:
            self.scene.notify("No tile left to refill the space")
            return None
        layout = self.scene.layout
        size = len(before.ring)
        tsize = layout.ring_tile_size(size)
        return Chain(Flight(REFILL_TIME * self.speed, arc=40.0, items=[
            Flying(tile_key(event.tile), layout.stack_point(event.stack), layout.ring_point(event.space, size),
                   tsize, tsize)]))

    @presents(Placed)
    def placed(self, event: Placed, before: CombiView) -> Animation:
        scene = self.scene
        tile = LAND_TILES[event.tile]
        hexes = laid_hexes(tile.stack, Placing(event.turns, (event.q, event.r)))
        scene.app.audio.play("place")
        held = frozenset({("held",)})
        if event.seat != scene.big_seat(before):
            card = scene.seat_rect(event.seat)
            return Chain(Flight(FLY_TIME * self.speed, hides=held, arc=40.0, items=[
                Flying(tile_key(event.tile), scene.layout.held_point, card.center, HELD_SIZE, 8)]))
        view = scene.country_view(event.seat, before)
        points = [view.centre(h) for h in hexes]
        middle = (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
        fly = Flight(FLY_TIME * self.speed, hides=held, arc=40.0, items=[
            Flying(tile_key(event.tile), scene.layout.held_point, middle, HELD_SIZE, view.size)])
        places = tuple((h, content) for h, content in zip(hexes, tile.contents))
        return Chain(fly, Glow(GLOW_TIME * self.speed, hides=held, places=places, pulses=0.5))

    @presents(SandLaid)
    def sand_laid(self, event: SandLaid, before: CombiView) -> Animation:
        self.scene.app.audio.play("place")
        country = country_from_view(before.countries[event.seat])
        old = set(country.cells)
        country.add_sand_tile(SAND_SET[event.tile], event.turns, (event.q, event.r))
        places = tuple((h, cell.content) for h, cell in country.cells.items() if h not in old)
        return Chain(Glow(SAND_TIME * self.speed, places=places, pulses=0.5))

    @presents(Skipped)
    def skipped(self, event: Skipped, before: CombiView) -> Animation:
        self.scene.notify(f"{seat_name(event.seat)} has no tile that fits: no move", theme.ACCENT, 2.2)
        return Part(SKIP_PAUSE * self.speed)

    @presents(EndTriggered)
    def end_triggered(self, event: EndTriggered, before: CombiView) -> Animation:
        why = "filled the country" if event.full else "has no tile that fits"
        self.scene.show_banner(f"{seat_name(event.seat)} {why}: last round!", theme.ACCENT, 2.0)
        return Part(END_PAUSE * self.speed)

    @presents(GameOver)
    def game_over(self, event: GameOver, before: CombiView) -> None:
        self.scene.open_final_sheet()
