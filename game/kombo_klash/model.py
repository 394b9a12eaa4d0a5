"""The Kombo Klash! bots' light model of a turn: the board as bit masks over the 25 squares (what the
seat sees of it: "?" for a face-down tile) and the hand as counts per creature, with the actions
applied as the engine applies them (rules.py), cheaply enough to try thousands of them a decision."""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .kombos import BESIDE_CENTRE_MASK, CORNERS_MASK, SPACES_MASK, component, creature_kombos, grow
from .tables import (
    ALLIGATOR,
    CHAMELEON,
    CREATURE_INDEX,
    CREATURES,
    GORILLA,
    KANGAROO,
    RAVEN,
    SCORES,
    SNAKE,
    TABLE,
    VULTURE,
    WOLF,
)

UNKNOWN = len(CREATURES)      # a hand slot for a tile drawn but not seen yet (index 8)
HAND_SIZE = TABLE.hand_size
KOMBO_MIN = TABLE.kombo_min


def bits(mask: int) -> Iterator[int]:
    """The squares of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def mask_of(squares: Sequence[int]) -> int:
    return sum(1 << sq for sq in squares)


@dataclass
class Board:
    """What the bot sees of the board: occupied squares, face-down ones, and per creature its
    face-up tiles."""

    occ: int
    down: int
    faces: list[int]

    @classmethod
    def from_view(cls, cells: Sequence[str | None]) -> Board:
        board = cls(0, 0, [0] * len(CREATURES))
        for sq, cell in enumerate(cells):
            if cell is None:
                continue
            board.occ |= 1 << sq
            if cell == "?":
                board.down |= 1 << sq
            else:
                board.faces[CREATURE_INDEX[cell]] |= 1 << sq
        return board

    def copy(self) -> Board:
        return Board(self.occ, self.down, list(self.faces))

    def creature_at(self, sq: int) -> int:
        """The creature face up on `sq`; -1 for a face-down tile or an empty space."""
        bit = 1 << sq
        for creature, mask in enumerate(self.faces):
            if mask & bit:
                return creature
        return -1

    def put(self, sq: int, creature: int) -> None:
        self.occ |= 1 << sq
        self.faces[creature] |= 1 << sq

    def lift(self, sq: int) -> int:
        """Take the tile off `sq`; its creature, or -1 when it was face down."""
        bit = 1 << sq
        creature = self.creature_at(sq)
        if creature >= 0:
            self.faces[creature] &= ~bit
        self.occ &= ~bit
        self.down &= ~bit
        return creature

    def flip_down(self, mask: int) -> None:
        for creature in range(len(self.faces)):
            self.faces[creature] &= ~mask
        self.down |= mask

    def open_spaces(self) -> int:
        """Where a tile may go: an empty space beside a tile or the draw pile."""
        return (grow(self.occ) | BESIDE_CENTRE_MASK) & ~self.occ & SPACES_MASK

    def clear_if_full(self) -> None:
        """The board-full clear (after a tile and its ability): face-down tiles go, or, when every
        tile is face up, all but the corners."""
        if self.occ != SPACES_MASK:
            return
        gone = self.down if self.down else SPACES_MASK & ~CORNERS_MASK
        self.flip_down(gone)
        self.occ &= ~gone
        self.down = 0

    def best_kombo(self) -> tuple[int, int]:
        """(points, squares mask) of the best Kombo on the board now; (0, 0) when there is none."""
        best, best_mask = 0, 0
        chams = self.faces[CHAMELEON]
        for creature in range(CHAMELEON):
            reals = self.faces[creature]
            if not reals or (reals | chams).bit_count() < KOMBO_MIN:
                continue
            for kombo in creature_kombos(creature, reals, chams):
                if kombo.points > best:
                    best, best_mask = kombo.points, mask_of(kombo.squares)
        return best, best_mask

    def _joins(self, creature: int, open_: int) -> dict[int, list[int]]:
        """Open square -> [real tiles, Chameleons] of the groups of `creature` (and Chameleons) beside
        it: what one more tile there would join up."""
        reals, chams = self.faces[creature], self.faces[CHAMELEON]
        members = reals | chams
        touching: dict[int, list[int]] = {}
        left = members
        while left:
            comp = component(left & -left, members)
            left &= ~comp
            n_real, n_cham = (comp & reals).bit_count(), (comp & chams).bit_count()
            for sq in bits(grow(comp) & open_):
                counts = touching.setdefault(sq, [0, 0])
                counts[0] += n_real
                counts[1] += n_cham
        return touching

    @staticmethod
    def _joined(n_real: int, n_cham: int, tile_is_real: bool) -> int:
        """The size of the Kombo one more tile makes with `n_real` real tiles and `n_cham` Chameleons;
        where there are too many Chameleons it is estimated (at most two per real tile)."""
        if tile_is_real:
            return min(n_real + 1 + n_cham, 2 * (n_real + 1))
        return min(n_real + n_cham + 1, 2 * n_real)

    def completions(self) -> list[int]:
        """Per creature, the points of the best Kombo that one more tile of it, placed on an open
        space, would make (index CHAMELEON: a Chameleon joining any creature's group)."""
        open_ = self.open_spaces()
        best = [0] * len(CREATURES)
        for creature in range(CHAMELEON):
            if not self.faces[creature]:
                continue     # a new lone tile and Chameleons: never more Chameleons than reals
            score = SCORES[creature]
            for n_real, n_cham in self._joins(creature, open_).values():
                size = self._joined(n_real, n_cham, True)
                if size >= KOMBO_MIN and size * score > best[creature]:
                    best[creature] = size * score
                size = self._joined(n_real, n_cham, False)
                if size >= KOMBO_MIN and size * score > best[CHAMELEON]:
                    best[CHAMELEON] = size * score
        return best


@dataclass
class Turn:
    """The bot's turn so far on the model: the board, its hand as counts per creature (and UNKNOWN),
    the points it gained and whether it scored its Kombo."""

    board: Board
    hand: list[int]
    gained: int = 0
    scored: bool = False

    def copy(self) -> Turn:
        return Turn(self.board.copy(), list(self.hand), self.gained, self.scored)

    def hand_total(self) -> int:
        return sum(self.hand)

    # The actions on the model, as the engine applies them (rules.py).

    def place(self, creature: int, sq: int, trigger: bool) -> None:
        board = self.board
        self.hand[creature] -= 1
        if creature == SNAKE and trigger:
            self.hand[board.lift(sq)] += 1      # hypnotised: that tile goes to the hand
        board.put(sq, creature)
        if trigger:
            if creature == WOLF:
                self.gained += self.hand_total()
            elif creature == RAVEN:
                self.hand[UNKNOWN] += 1
            elif creature == GORILLA:
                count = self.hand_total()
                self.hand = [0] * UNKNOWN + [count]
        if not trigger or creature not in (KANGAROO, ALLIGATOR, VULTURE):
            board.clear_if_full()

    def kick(self, src: int, dst: int) -> None:
        board = self.board
        face_down = board.down >> src & 1
        creature = board.lift(src)
        board.occ |= 1 << dst
        if face_down:
            board.down |= 1 << dst
        else:
            board.faces[creature] |= 1 << dst
        board.clear_if_full()

    def swamp(self, squares: Sequence[int]) -> None:
        self.board.flip_down(mask_of(squares))
        self.gained += len(squares)
        self.board.clear_if_full()

    def revive(self, sq: int, creature: int) -> None:
        self.board.down &= ~(1 << sq)
        self.board.faces[creature] |= 1 << sq
        self.board.clear_if_full()

    def score(self, mask: int, points: int) -> None:
        self.board.flip_down(mask)
        self.gained += points
        self.scored = True
