"""How each Kabooom! event is shown: a counter dropping onto its square, a tower hopping onto another,
Dynamite's blast (with a shake of the board), a pass, the start of capturing.

Each presenter returns the animation of its event; the screen folds the event into the shown board
when it ends (game.ui.play.presenters). While a tower is on its way its square is left out of the
board (`hides`), and the tower is drawn flying; after a blast both squares stay empty for a beat
before the board moves on.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.seats import seat_label
from game.kabooom.rules import Exploded, KabooomView, Moved, Passed, PhaseChanged, Placed
from game.ui.play.presenters import Animation, Presenters, presents
from game.ui.toolkit import theme
from game.ui.toolkit.effects import Chain, Flight, Flying, Part, Shake
from game.ui.toolkit.tween import back_out, ease_in_cubic, ease_in_out

from .effects import Explosion

if TYPE_CHECKING:
    from .screen import KabooomScene

SLIDE_TIME = 0.34
DROP_TIME = 0.28
DROP_HEIGHT = 46
PASS_PAUSE = 0.45
BLAST_PAUSE = 0.45


class KabooomPresenters(Presenters[KabooomView]):
    def __init__(self, scene: KabooomScene) -> None:
        self.scene = scene

    @presents(Placed)
    def placed(self, event: Placed, before: KabooomView) -> Animation:
        self.scene.app.audio.play("place")
        x, y = self.scene.layout.centre(event.square)
        key = ("stack", ((event.seat, event.symbol),))
        return Chain(Flight(DROP_TIME, hides=frozenset({event.square}), arc=0.0, easing=back_out,
                            items=[Flying(key, (x, y - DROP_HEIGHT), (x, y), 0)]))

    @presents(Moved, Exploded)
    def moved(self, event: Moved | Exploded, before: KabooomView) -> Animation:
        scene = self.scene
        layout = scene.layout
        moving = before.board[event.src] or ()
        under = before.board[event.dst] or ()
        blast = isinstance(event, Exploded)
        slide = Flight(SLIDE_TIME * self.speed, hides=frozenset({event.src}), arc=18.0,
                       easing=ease_in_cubic if blast else ease_in_out,
                       items=[Flying(("stack", moving), layout.centre(event.src), layout.centre(event.dst), 0)])
        if not blast:
            captured = bool(under) and under[-1][0] != event.seat
            slide.on_done = lambda: scene.app.audio.play("capture" if captured else "move")
            return Chain(slide)

        def boom() -> None:
            colours = [theme.seat_colour(owner) for owner, _ in moving + under]
            scene.effects.append(Explosion(layout.centre(event.dst), event.src * 25 + event.dst, colours,
                                           scene.boom_frames(), scene.glow()))
            scene.shakes.append(Shake())
            scene.app.audio.play("explosion")
        slide.on_done = boom
        # the blast is seen before the next move: both squares already empty
        return Chain(slide, Part(BLAST_PAUSE * self.speed, hides=frozenset({event.src, event.dst})))

    @presents(Passed)
    def passed(self, event: Passed, before: KabooomView) -> Animation:
        self.scene.notify(f"{seat_label(event.seat)} passes", theme.seat_colour(event.seat))
        self.scene.app.audio.play("pass")
        return Part(PASS_PAUSE * self.speed)

    @presents(PhaseChanged)
    def phase(self, event: PhaseChanged, before: KabooomView) -> Animation | None:
        if event.phase != "capture":
            return None
        self.scene.show_banner("All placed: capture!", theme.ACCENT, 1.6)
        return Part(0.5)

    # GameOver: the end banner and the results follow once the board is idle (the base's end check)
