"""Test doubles the game scenes' headless tests share: an audio that notes what it was asked to play,
a clock the test moves by hand, and a human seat's plan."""
from __future__ import annotations

from game.ui.play.match import SeatPlan


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
