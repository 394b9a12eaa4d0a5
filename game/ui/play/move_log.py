"""The moves of the whole game, newest last, with a window the players can scroll back through.

A game screen adds a line per move; its panel draws `window(n)`. Scrolling keeps the same lines in
view while new moves arrive (`back` counts lines from the newest), and snaps back to the newest
when the player scrolls all the way down.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class MoveLog:
    lines: list[tuple[str, int]] = field(default_factory=list)    # (text, seat; -1 for none)
    back: int = 0                                                   # lines hidden below the window
    begun: bool = False                                             # its first steps have come

    def begin(self, first: int, held: int) -> None:
        """The first steps a screen takes start at step `first`, the screen's view holding step
        `held`: a log of the game so far that does not start at its start (a LAN client started
        again after a long game gets the last moves only) says so at its top, once."""
        if not self.begun:
            self.begun = True
            if 1 < first <= held:
                self.add(f"{first - 1} earlier moves not shown")

    def add(self, text: str, seat: int = -1) -> None:
        self.lines.append((text, seat))
        if self.back:
            self.back += 1           # the player is reading older moves: keep them in place

    def window(self, n: int) -> tuple[tuple[str, int], ...]:
        """The `n` lines in view, oldest first."""
        end = len(self.lines) - self.back
        return tuple(self.lines[max(0, end - n):end])

    def earlier(self, n: int) -> int:
        """How many lines are above the window."""
        return max(0, len(self.lines) - self.back - n)

    def scroll(self, step: int, n: int) -> None:
        """Up (step > 0) to older moves, down to newer; never past either end."""
        self.back = max(0, min(self.back + step, len(self.lines) - n))

    def __len__(self) -> int:
        return len(self.lines)
