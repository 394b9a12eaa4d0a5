"""A LAN peer's steps arrive on the socket thread while its screen reads the session: a step landing
between the screen's poll and its read of the view (or of the step number) must not leave the shown
view short of that step. CI met it once (a KOMBIO peer's look shown as missing) before the screen
read its steps, view and step number under `Session.held()`."""
from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from kk_screens import kk_table, play, screen_of

from net.session import NetSession


class RacingSession(NetSession):
    """The socket thread at its worst moments: before every read the screen makes outside `held()`,
    one more step arrives (as many as `arrivals` allows)."""

    arrive: Callable[[], None] | None = None
    arrivals = 0
    _holding = 0

    @contextmanager
    def held(self) -> Iterator[None]:  # type: ignore[override]
        with self.lock:
            self._holding += 1
            try:
                yield
            finally:
                self._holding -= 1

    def _race(self) -> None:
        arrive, self.arrive = self.arrive, None      # the arrival itself reads nothing of ours
        if arrive is not None and not self._holding and self.arrivals > 0:
            self.arrivals -= 1
            arrive()
        self.arrive = arrive

    def view(self, seat: int | None) -> Any:
        self._race()
        return super().view(seat)

    @property
    def step(self) -> int:
        self._race()
        return super().step

    def poll(self) -> list[Any]:
        self._race()
        return super().poll()


@pytest.mark.usefixtures("pygame_video")
def test_steps_arriving_while_the_screen_reads_are_all_shown(caplog: pytest.LogCaptureFixture) -> None:
    host, net, sessions = kk_table(RacingSession)
    blue = sessions["blue"]
    assert isinstance(blue, RacingSession)
    rnd = random.Random(4)
    blue.arrive = lambda: play(host, net, 1, rnd)
    blue.arrivals = 12
    with caplog.at_level(logging.ERROR, logger="game.ui.play.show"):
        scene = screen_of(blue, frames=400)
    assert blue.arrivals == 0, "the steps did not all arrive: the test raced nothing"
    assert not scene.show.busy
    assert [r.getMessage() for r in caplog.records if r.name == "game.ui.play.show"] == []
    assert scene.shown == blue.view(scene.viewer)
    assert scene.show.step == scene.view_step == len(host.log)
