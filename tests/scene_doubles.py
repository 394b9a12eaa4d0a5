"""Test doubles the game scenes' headless tests share: an audio that notes what it was asked to play,
a clock the test moves by hand, a human seat's plan, and running the app on that clock."""
from __future__ import annotations

from game.ui.play.match import SeatPlan
from game.ui.toolkit.app import STEP, App


class FakeAudio:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def human(device: str) -> SeatPlan:
    return SeatPlan("human", device)


def run(app: App, clock: Clock, seconds: float = 0.05, draw: bool = True) -> None:
    """`seconds` of fixed simulation steps on the hand-moved clock, then a drawing (unless not)."""
    for _ in range(max(1, round(seconds / STEP))):
        clock.t += STEP
        app.advance(STEP)
    if draw:
        app.draw()
