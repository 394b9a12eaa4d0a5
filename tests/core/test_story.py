"""The story of a game (game.core.story and each game's story module): a seeded bots' game, recorded
as a replay, charted point by point up to the outcome, with figures whose numbers are the game's own;
and each game's figures from events made up to say one thing."""
from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from game.core.engine import Outcome, Termination
from game.core.replay import Cursor, RecordedStep, Replay
from game.core.seats import seat_label
from game.core.story import Chart, Story, TurnRounds, by_seat, seats_text, story_of
from game.demo import run_demo
from game.games import game_by_key
from game.replays import open_replay

GAMES = ["kombo_klash", "kombio", "combi_nations", "kabooom"]
UNITS = {"kombo_klash": "round", "kombio": "round", "combi_nations": "turn", "kabooom": "turn"}


def recorded(tmp_path: Path, key: str, seed: int, players: int = 2, **options: str) -> Replay:
    """A bots' game played by the headless demo, written as a replay and read back."""
    info = game_by_key(key)
    path = tmp_path / f"{key}-{seed}.kreplay"
    run_demo(key, seed=seed, players=players, options={**info.default_options(), **options},
             out=lambda line: None, record=path)
    return open_replay(path)


def told(replay: Replay) -> Story:
    info = game_by_key(replay.game)
    assert info.story is not None
    return story_of(info.engine(), replay, info.story)


def every_event(replay: Replay) -> list[Any]:
    cursor = Cursor(game_by_key(replay.game).engine(), replay)
    events: list[Any] = []
    while cursor.step < cursor.length:
        events += cursor.forward()
    return events


def figure(story: Story, name: str) -> str:
    """The figure line called `name` (what comes after its colon)."""
    found = [line.partition(": ")[2] for line in story.figures if line.startswith(name + ":")]
    assert found, f"no {name!r} in {story.figures}"
    return found[0]


def per_seat(line: str, players: int) -> list[str]:
    """A by_seat figure's value for each seat."""
    parts = line.split(" · ")
    assert len(parts) == players, line
    return [part.removeprefix(seat_label(seat) + " ") for seat, part in enumerate(parts)]


@pytest.mark.parametrize("key", GAMES)
def test_a_recorded_bots_game_is_charted_in_step_order_to_its_outcome(tmp_path, key):
    replay = recorded(tmp_path, key, seed=7)
    story = told(replay)
    assert replay.outcome is not None
    assert story.unit == UNITS[key]
    assert story.final == replay.outcome.scores
    assert story.steps[0] == 0 and story.steps[-1] == len(replay.steps)
    assert list(story.steps) == sorted(set(story.steps)) and len(story.steps) >= 3
    assert all(len(row) == replay.config.players for row in story.scores)
    assert story.figures and all(line.strip() for line in story.figures)
    assert re.search(r"\d", story.figures[0])       # each game's first figure counts something per seat


@pytest.mark.parametrize("key", ["kombo_klash", "kombio"])
def test_a_round_game_has_a_point_at_each_round_end_and_the_start(tmp_path, key):
    replay = recorded(tmp_path, key, seed=3)
    story = told(replay)
    cursor = Cursor(game_by_key(key).engine(), replay)
    ends = []
    while cursor.step < cursor.length:
        if any(type(e).__name__ == "RoundEnded" for e in cursor.forward()):
            ends.append(cursor.step)
            assert story.scores[len(ends)] == tuple(cursor.engine.view(cursor.state, None).scores)
    assert list(story.steps) == [0, *ends]


def test_kombo_klash_figures_count_its_kombos_and_ability_points(tmp_path):
    replay = recorded(tmp_path, "kombo_klash", seed=5, players=3)
    story = told(replay)
    from game.kombo_klash.events import Howled, Scored, Swamped
    events = every_event(replay)
    kombos = [sum(isinstance(e, Scored) and e.seat == s for e in events) for s in range(3)]
    assert per_seat(figure(story, "Kombos scored"), 3) == [str(k) for k in kombos]
    biggest = max(e.points for e in events if isinstance(e, Scored))
    assert f"{biggest} points" in figure(story, "Biggest Kombo")
    abilities = [sum(e.points for e in events if isinstance(e, (Howled, Swamped)) and e.seat == s)
                 for s in range(3)]
    assert per_seat(figure(story, "Points from Howl and Swamp"), 3) == [str(p) for p in abilities]
    assert story.target == replay.config.target        # type: ignore[attr-defined]


def test_kombio_figures_count_slaps_and_calls_and_its_target_is_there_only_when_played_to(tmp_path):
    replay = recorded(tmp_path, "kombio", seed=4, players=3)
    story = told(replay)
    from game.kombio.events import RoundEnded, Slapped
    events = every_event(replay)
    slaps = [f"{sum(isinstance(e, Slapped) and e.seat == s and e.right for e in events)}/"
             f"{sum(isinstance(e, Slapped) and e.seat == s and not e.right for e in events)}" for s in range(3)]
    assert per_seat(figure(story, "Slaps right/wrong"), 3) == slaps
    calls = per_seat(figure(story, "Calls that held"), 3)
    made = sum(int(c.split(" of ")[1]) for c in calls if c != "none")
    assert made == sum(isinstance(e, RoundEnded) for e in events) == len(story.steps) - 1
    assert story.target == 100
    assert told(recorded(tmp_path, "kombio", seed=4, rounds="1")).target is None


def test_combi_nations_figures_add_up_to_each_final_score(tmp_path):
    replay = recorded(tmp_path, "combi_nations", seed=2, players=3)
    story = told(replay)
    assert story.target is None and replay.outcome is not None
    totals = [0, 0, 0]
    for name in ("Forest", "Grassland", "City", "Lake", "SAND"):
        for seat, value in enumerate(per_seat(figure(story, name), 3)):
            totals[seat] += int(value.split("= ")[-1].replace("−", "-"))
    for seat, value in enumerate(per_seat(figure(story, "Facilities (how many → points)"), 3)):
        totals[seat] += int(value.split(" → ")[1])
    assert tuple(totals) == replay.outcome.scores


def test_a_solo_combi_nations_game_has_a_point_per_turn(tmp_path):
    replay = recorded(tmp_path, "combi_nations", seed=2, players=1)
    story = told(replay)
    from game.combi_nations.events import TurnBegan
    cursor = Cursor(game_by_key("combi_nations").engine(), replay)
    turns_ended = []
    while cursor.step < cursor.length:
        if any(isinstance(e, TurnBegan) for e in cursor.forward()):
            turns_ended.append(cursor.step)
    # the one seat's every turn is a round: a point where each turn ended, then the game's end
    assert len(turns_ended) > 5 and list(story.steps) == [0, *turns_ended, len(replay.steps)]


@pytest.mark.parametrize("seed", [1, 6])
def test_kabooom_figures_name_the_tallest_tower_and_count_the_blasts(tmp_path, seed):
    replay = recorded(tmp_path, "kabooom", seed=seed, players=3, difficulty="medium")
    story = told(replay)
    info = game_by_key("kabooom")
    cursor = Cursor(info.engine(), replay)
    cursor.seek(cursor.length)
    final = cursor.engine.view(cursor.state, None)
    tallest = max((h for towers in final.towers for h in towers), default=0)
    owners = [s for s, towers in enumerate(final.towers) if tallest in towers]
    assert figure(story, "Tallest tower") == f"{seats_text(owners)}, {tallest} counters high"
    from game.kabooom.rules import Exploded
    events = every_event(replay)
    blasts = [sum(isinstance(e, Exploded) and e.seat == s for e in events) for s in range(3)]
    assert per_seat(figure(story, "Blasts"), 3) == [str(b) for b in blasts]


# -- figures from events made up to say one thing ------------------------------------------------------

def test_kombo_klash_the_first_of_two_equal_kombos_is_the_biggest():
    from game.kombo_klash.events import Howled, Scored, Swamped
    from game.kombo_klash.story import figures
    lines = figures([Scored(1, "Wolf", (0, 1, 2), 3), Scored(0, "Raven", (5, 6, 7), 21),
                     Scored(1, "Raven", (8, 9, 10), 21), Howled(0, 4), Swamped(1, (3,), ("Wolf",), 1)], 2)
    assert lines == ["Kombos scored: ● Red 1 · ▲ Blue 2", "Biggest Kombo: ● Red, 21 points (Raven, 3 tiles)",
                     "Points from Howl and Swamp: ● Red 4 · ▲ Blue 1"]
    assert figures([], 2)[1] == "Biggest Kombo: none was scored"


def _slap_step(seat: int, race: tuple[tuple[int, float], ...], right: bool = True) -> tuple[RecordedStep, list]:
    from game.kombio.actions import Slap
    from game.kombio.events import Slapped
    return RecordedStep(Slap(seat, seat, 0, 1), race), [Slapped(seat, seat, 0, 1, 5, right)]


def test_kombio_the_fastest_slap_is_the_right_one_furthest_ahead_of_the_next_press():
    from game.kombio.story import Lead, figures, slap_lead
    # Red pressed first but was wrong; Blue's right slap beat Green's press by 30 ms
    wrong = _slap_step(0, ((0, 0.0), (1, 20.0), (2, 50.0)), right=False)
    won = _slap_step(1, ((0, 0.0), (1, 20.0), (2, 50.0)))
    assert slap_lead(*wrong) is None and slap_lead(*won) == Lead(1, 2, 30.0)
    alone = _slap_step(2, ((2, 0.0),))
    assert slap_lead(*alone) is None
    far = _slap_step(0, ((0, 0.0), (1, 240.0)))
    lines = figures([wrong, won, alone, far], 3)
    assert lines[0] == "Slaps right/wrong: ● Red 1/1 · ▲ Blue 1/0 · ■ Green 1/0"
    assert lines[1] == "Fastest slap: ● Red, 240 ms ahead of ▲ Blue"
    assert lines[2] == "Closest slap: ▲ Blue beat ■ Green by 30 ms"
    assert figures([alone], 3)[1] == "Fastest slap: no slap was contested"


def test_kombio_a_call_held_when_the_caller_took_only_its_hand():
    from game.kombio.actions import Slap
    from game.kombio.events import RoundEnded
    from game.kombio.story import figures
    step = RecordedStep(Slap(0, 0, 0, 1))
    held = RoundEnded(1, 0, ((1,), (9,)), (1, 9), (1, 19), (1, 19))       # the others took the bonus
    missed = RoundEnded(2, 0, ((8,), (3,)), (8, 3), (23, 3), (24, 22))     # the caller took the penalty
    by_blue = RoundEnded(3, 1, ((8,), (3,)), (8, 3), (18, 3), (42, 25))
    lines = figures([(step, [held]), (step, [missed]), (step, [by_blue])], 2)
    assert lines[-1] == "Calls that held: ● Red 1 of 2 · ▲ Blue 1 of 1"
    assert figures([], 2)[-1] == "Calls that held: ● Red none · ▲ Blue none"


def test_combi_nations_figures_from_score_sheets():
    from game.combi_nations.scoring import AREA, DOUBLED, FACILITY, PENALTY, SAND_BONUS, ScoreLine, ScoreSheet
    from game.combi_nations.story import figures
    red = ScoreSheet(0, (ScoreLine(AREA, "Forest of 4", 4, "", land="forest"),
                         ScoreLine(AREA, "Lake of 2", 1, "", land="lake"),
                         ScoreLine(DOUBLED, "Grassland doubled", 0, "", land="grass"),
                         ScoreLine(FACILITY, "Mall", 5, "", facility="mall"),
                         ScoreLine(FACILITY, "Zoo", 2, "", facility="zoo"),
                         ScoreLine(PENALTY, "3 SAND spaces", -3, "")))
    blue = ScoreSheet(1, (ScoreLine(AREA, "City of 3", 2, "", land="city"),
                          ScoreLine(DOUBLED, "Forest doubled", 0, "", land="forest"),
                          ScoreLine(FACILITY, "Bird Conservation", 1, "", facility="bird_conservation"),
                          ScoreLine(SAND_BONUS, "2 SAND spaces", 2, "")))
    assert figures([red, blue]) == [
        "Forest: ● Red 4 · ▲ Blue 0×2 = 0", "Grassland: ● Red 0×2 = 0 · ▲ Blue 0", "City: ● Red 0 · ▲ Blue 2",
        "Lake: ● Red 1 · ▲ Blue 0", "Facilities (how many → points): ● Red 2 → 7 · ▲ Blue 1 → 1",
        "SAND: ● Red −3 · ▲ Blue +2", "Best facility: ● Red's Mall, 5 points"]
    tie = dataclasses.replace(blue, lines=(*blue.lines, ScoreLine(FACILITY, "Mall", 5, "", facility="mall")))
    assert not any(line.startswith("Best facility") for line in figures([red, tie]))


def test_kabooom_captures_are_moves_onto_another_seats_tower():
    from game.kabooom.rules import Exploded, KabooomConfig, KabooomEngine, Moved
    from game.kabooom.story import figures
    engine = KabooomEngine()
    view = engine.view(engine.new_game(KabooomConfig(players=2), 1), None)
    board: list[Any] = [None] * 25
    board[0], board[1] = ((0, "R"),), ((1, "S"), (1, "R"))
    board[5], board[6] = ((0, "P"),), ((0, "R"),)
    board[10], board[11] = ((1, "D"),), ((0, "S"), (0, "S"), (0, "R"))
    before = dataclasses.replace(view, board=tuple(board))
    final = dataclasses.replace(view, towers=((3,), (3, 1)))
    lines = figures([(before, [Moved(0, 0, 1, 3)]), (before, [Moved(0, 5, 6, 2)]),
                     (before, [Exploded(1, 10, 11, 4)])], final)
    assert lines == ["Captures: ● Red 1 · ▲ Blue 0", "Blasts: ● Red 0 · ▲ Blue 1",
                     "Biggest blast: ▲ Blue blew up ● Red's tower of 3",
                     "Tallest tower: ● Red and ▲ Blue, 3 counters high"]
    bare = dataclasses.replace(view, towers=((), ()))
    assert figures([], bare)[-1] == "Tallest tower: no tower stands"


# -- the shared parts ------------------------------------------------------------------------------------

def test_a_round_of_turns_begins_at_a_seats_second_turn():
    rounds = TurnRounds()
    assert [rounds.begins(s) for s in (0, 1, 2, 0, 2, 1, 0, 0)] == [False, False, False, True, False, False,
                                                                  True, True]


def test_a_chart_keeps_one_point_per_step_and_ends_at_the_last():
    chart = Chart((0, 0))
    chart.take(4, (1, 2))
    chart.take(4, (3, 2))          # the same step again: the later scores
    story = chart.story("round", 9, (5, 2), 10, ["x"])
    assert story.steps == (0, 4, 9) and story.scores == ((0, 0), (3, 2), (5, 2)) and story.final == (5, 2)
    with pytest.raises(ValueError):
        chart.take(2, (0, 0))


def test_a_story_that_does_not_end_at_the_outcome_is_refused(tmp_path):
    replay = recorded(tmp_path, "kabooom", seed=1)
    info = game_by_key("kabooom")
    assert info.story is not None
    teller = info.story

    def off_by_one(engine: Any, replay: Replay) -> Story:
        story = teller(engine, replay)
        return dataclasses.replace(story, scores=(*story.scores[:-1], tuple(s + 1 for s in story.final)))

    with pytest.raises(ValueError, match="outcome"):
        story_of(info.engine(), replay, off_by_one)
    cut = dataclasses.replace(replay, steps=replay.steps[:3],
                              outcome=None)        # a game cut short ends where its replay does
    assert told(cut).steps[-1] == 3
    with pytest.raises(ValueError, match="outcome"):
        story_of(info.engine(), dataclasses.replace(replay, outcome=Outcome((99, 0), (0,), Termination.NO_MOVES)),
                 teller)


def test_figure_words_name_seats_as_every_screen_does():
    assert by_seat("Captures", [3, 0]) == "Captures: ● Red 3 · ▲ Blue 0"
    assert seats_text([0, 1, 2]) == "● Red, ▲ Blue and ■ Green"
