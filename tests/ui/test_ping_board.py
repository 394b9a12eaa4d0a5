"""Pings to listed tables are measured off the frame loop and show up in the join list."""
from __future__ import annotations

import threading

from game.ui.lobby.ping_board import PingBoard


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def settle(board: PingBoard) -> None:
    for thread in threading.enumerate():
        if thread.name == "lan-ping":
            thread.join(5)


def test_each_table_is_measured_once_until_its_figure_is_stale():
    asked: list[tuple[str, int]] = []
    clock = Clock()

    def measure(address):
        asked.append(address)
        return 12.5

    board = PingBoard(measure, clock, refresh=5.0)
    board.want(("a", 1))
    settle(board)
    board.want(("a", 1))
    settle(board)
    assert asked == [("a", 1)] and board.get(("a", 1)) == 12.5 and board.version == 1
    clock.t = 6.0
    board.want(("a", 1))
    settle(board)
    assert asked == [("a", 1), ("a", 1)] and board.version == 2


def test_an_unreachable_table_or_no_measure_shows_no_ping():
    def broken(address):
        raise OSError("no route")

    board = PingBoard(broken)
    board.want(("b", 2))
    settle(board)
    assert board.get(("b", 2)) is None and board.version == 0
    quiet = PingBoard(None)
    quiet.want(("b", 2))
    assert quiet.get(("b", 2)) is None


def test_a_fast_lan_reads_below_one_millisecond_not_zero():
    from game.ui.lobby.ping_board import ping_text
    assert ping_text(0.3) == "<1 ms" and ping_text(12.4) == "12 ms"
