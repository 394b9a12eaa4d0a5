"""tools/tournament.py's seatings: the default alternates the levels seat by seat; one-vs-rest seats one
bot of the first level, moving it through every position, against a table of the second."""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def _tournament() -> ModuleType:
    sys.path.insert(0, str(TOOLS))
    try:
        spec = importlib.util.spec_from_file_location("tournament_under_test", TOOLS / "tournament.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module      # its dataclasses look their module up there
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(TOOLS))


tournament = _tournament()


def _seatings(monkeypatch: pytest.MonkeyPatch, argv: list[str]) -> list[tuple[list[str], int]]:
    """Every game main() plays: the levels by seat and the seed, each game won by its first seat."""
    played: list[tuple[list[str], int]] = []

    def play(info: object, levels: list[str], options: dict[str, str], seed: int, budget: object = None,
             times: object = None) -> tuple[int, ...]:
        played.append((list(levels), seed))
        return (0,)

    monkeypatch.setattr(tournament, "play", play)
    assert tournament.main(argv) == 0
    return played


def test_one_vs_rest_moves_the_lone_seat_through_every_position_on_each_deal(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    played = _seatings(monkeypatch, ["--game", "kombio", "--levels", "hard,easy", "--players", "4",
                                     "--option", "rounds=1", "--games", "8", "--seating", "one-vs-rest"])
    assert [levels.index("hard") for levels, _ in played] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert all(levels.count("hard") == 1 and levels.count("easy") == 3 for levels, _ in played)
    assert [seed for _, seed in played] == [100] * 4 + [101] * 4
    out = capsys.readouterr().out
    # seat 1 wins every game: the lone bot won the quarter of the games it sat there
    assert "one hard vs 3 easy: hard won 25.0% [95% 7.1%–59.1%] of 8" in out
    assert "by seat 1: 100%, 2: 0%, 3: 0%, 4: 0%" in out


def test_the_default_seating_still_alternates(monkeypatch: pytest.MonkeyPatch) -> None:
    played = _seatings(monkeypatch, ["--game", "kombio", "--levels", "hard,easy", "--players", "4",
                                     "--option", "rounds=1", "--games", "4"])
    assert [levels for levels, _ in played] == [["hard", "easy"] * 2, ["easy", "hard"] * 2] * 2
    assert [seed for _, seed in played] == [100, 100, 101, 101]


def test_one_vs_rest_plays_real_games_from_every_position_alike() -> None:
    info = tournament.ready_game("kombio")
    settings = tournament.option_settings(info, {"rounds": "1"})
    result = tournament.one_vs_rest(info, "hard", "easy", 3, 6, settings, 7)
    assert result.score.games + result.unfinished == 6
    assert [n for _w, n in result.by_seat.values()] == [2, 2, 2]
    assert result.score.wins == pytest.approx(sum(w for w, _n in result.by_seat.values()))
    low, high = result.score.interval()
    assert low <= result.score.rate() <= high


def test_one_vs_rest_needs_a_table_of_three(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        tournament.main(["--game", "kombio", "--levels", "hard,easy", "--players", "2", "--seating", "one-vs-rest"])
    assert "three or more players" in capsys.readouterr().err
