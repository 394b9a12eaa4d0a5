"""The only source of randomness an engine may use.

Python documents only `random.random()` as reproducible across versions (shuffle, randrange and
choice have changed between releases), so everything here is built on it.
"""
from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")


class Rng:
    """A seeded generator whose whole state lives with the game state it belongs to."""

    __slots__ = ("_random",)

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def random(self) -> float:
        return self._random.random()

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        return min(int(self._random.random() * n), n - 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def clone(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin._random = random.Random()
        twin._random.setstate(self._random.getstate())
        return twin

    def __deepcopy__(self, memo: dict) -> Rng:
        return self.clone()

    def fingerprint(self) -> tuple:
        return self._random.getstate()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and self.fingerprint() == other.fingerprint()
