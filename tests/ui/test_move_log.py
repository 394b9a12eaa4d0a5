"""The move log keeps the whole game and scrolls back through it."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.ui.play.move_log import MoveLog


def test_a_round_of_four_is_in_view_and_older_moves_scroll_into_it():
    log = MoveLog()
    for i in range(10):
        log.add(f"move {i}", i % 4)
    assert [t for t, _ in log.window(4)] == ["move 6", "move 7", "move 8", "move 9"]
    assert log.earlier(4) == 6
    log.scroll(3, 4)
    assert [t for t, _ in log.window(4)] == ["move 3", "move 4", "move 5", "move 6"]
    log.add("move 10", 2)                      # reading back: the window stays where it is
    assert [t for t, _ in log.window(4)] == ["move 3", "move 4", "move 5", "move 6"]
    log.scroll(-100, 4)
    assert [t for t, _ in log.window(4)][-1] == "move 10" and log.earlier(4) == 7


@given(st.integers(0, 30), st.lists(st.integers(-5, 5), max_size=20), st.integers(1, 6))
def test_the_window_never_leaves_the_log(moves, steps, n):
    log = MoveLog()
    for i in range(moves):
        log.add(str(i))
    for step in steps:
        log.scroll(step, n)
        shown = log.window(n)
        assert len(shown) == min(n, moves)
        assert 0 <= log.back <= max(0, moves - n)
