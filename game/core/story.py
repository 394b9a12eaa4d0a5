"""The story of a game, for its results screen and its replay: each seat's score over the game (one
point per round, or per turn of every seat) and a few figures players talk about afterwards.

Each game tells its own story (game/<g>/story.py, named by its GameDef's `story`): what one point on
the chart is, where its scores come from and which figures it keeps. What they share is here: the
walk through a replay step by step with the spectator's view before and after each step (`moments`),
the chart's points as a walk finds them (`Chart`), the rounds of turns a turn-based game's chart
counts (`TurnRounds`), and the words of a figure (`by_seat`, `plural`).

game.core may not import the catalogue, so `story_of` is handed the game's story function (its
GameDef's `story`) and checks what every chart relies on. Pure: no pygame.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from .engine import Engine, Event
from .replay import Cursor, RecordedStep, Replay
from .seats import seat_label

ROUND, TURN = "round", "turn"
UNITS = (ROUND, TURN)


@dataclass(frozen=True)
class Story:
    unit: str                              # "round" or "turn": what one point on the x axis is
    steps: tuple[int, ...]                 # the step (0 = start) each x point is taken at
    scores: tuple[tuple[int, ...], ...]    # per x point, each seat's score then
    target: int | None                     # the score that ends the game, where there is one
    figures: tuple[str, ...]               # a few short lines, e.g. "Biggest Kombo: ● Red, 9 points"

    @property
    def players(self) -> int:
        return len(self.scores[0]) if self.scores else 0

    @property
    def final(self) -> tuple[int, ...]:
        """Each seat's score at the last point (the outcome's, for a finished game)."""
        return self.scores[-1] if self.scores else ()


Teller = Callable[[Engine[Any], Replay], Story]     # a game's story function (GameDef.story)


def story_of(engine: Engine[Any], replay: Replay, tell: Teller) -> Story:
    """The story of `replay` as its game tells it (`tell`: the game's GameDef's `story`), checked:
    a point per x step in step order, starting at the start, ending at the last step, every point
    with a score per seat, and a finished game's last point its outcome's scores."""
    story = tell(engine, replay)
    players = replay.config.players
    problems = []
    if story.unit not in UNITS:
        problems.append(f"the unit {story.unit!r} is not one of {UNITS}")
    if len(story.steps) != len(story.scores) or not story.steps:
        problems.append("a story needs one score row per point, and at least one point")
    elif story.steps[0] != 0 or story.steps[-1] != len(replay.steps):
        problems.append(f"the points run from {story.steps[0]} to {story.steps[-1]}, "
                        f"not from the start to step {len(replay.steps)}")
    if any(b <= a for a, b in pairwise(story.steps)):
        problems.append("the points are not in step order")
    if any(len(row) != players for row in story.scores):
        problems.append(f"a point without a score for each of the {players} seats")
    if replay.outcome is not None and story.final != replay.outcome.scores:
        problems.append(f"the last point {story.final} is not the outcome's {replay.outcome.scores}")
    if problems:
        raise ValueError(f"the {replay.game} story does not fit its replay: " + "; ".join(problems))
    return story


# -- the walk ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Moment:
    """One step of a replay: what was recorded, its events (unredacted) and the spectator's view
    before and after it."""

    step: int                    # the step just made, 1 for the first
    recorded: RecordedStep
    events: tuple[Event, ...]
    before: Any
    after: Any

    def of(self, kind: type[Event]) -> list[Any]:
        """The step's events of `kind`."""
        return [e for e in self.events if isinstance(e, kind)]


def moments(engine: Engine[Any], replay: Replay) -> Iterator[Moment]:
    """Every step of `replay`, in order, through a Cursor (the game as its players saw it)."""
    cursor = Cursor(engine, replay)
    before = engine.view(cursor.state, None)
    while cursor.step < cursor.length:
        recorded = replay.steps[cursor.step]
        events = tuple(cursor.forward())
        after = engine.view(cursor.state, None)
        yield Moment(cursor.step, recorded, events, before, after)
        before = after


def start_view(engine: Engine[Any], replay: Replay) -> Any:
    """The spectator's view before the first step."""
    return engine.view(engine.new_game(replay.config, replay.seed), None)


class Chart:
    """A story's points as a walk finds them: the start, then each point a game takes, and the last
    step (a game cut short ends where its replay does, part of the way through a round)."""

    def __init__(self, start: Sequence[int]) -> None:
        self._steps = [0]
        self._scores = [tuple(start)]

    def take(self, step: int, scores: Sequence[int]) -> None:
        """A point at `step`; a second point at the same step replaces the first."""
        if step == self._steps[-1]:
            self._scores[-1] = tuple(scores)
        elif step > self._steps[-1]:
            self._steps.append(step)
            self._scores.append(tuple(scores))
        else:
            raise ValueError(f"a point at step {step} after one at step {self._steps[-1]}")

    def story(self, unit: str, last: int, scores: Sequence[int], target: int | None,
              figures: Sequence[str]) -> Story:
        """The story, its last point at step `last` with `scores` (added if the walk did not end on
        a point)."""
        self.take(last, scores)
        return Story(unit, tuple(self._steps), tuple(self._scores), target, tuple(figures))


class TurnRounds:
    """Where a turn-based game's rounds of turns begin: at a seat's second turn since the last round
    began (so a seat that is skipped, or a solo player, needs nothing more of the game)."""

    def __init__(self) -> None:
        self._had: set[int] = set()

    def begins(self, seat: int) -> bool:
        """Does a turn of `seat` begin a new round? (Call once per turn, in order.)"""
        if seat in self._had:
            self._had = {seat}
            return True
        self._had.add(seat)
        return False


def turn_story(engine: Engine[Any], replay: Replay, scores: Callable[[Any], Sequence[int]],
               ends_turn: Callable[[Moment], bool], target: int | None,
               figures: Callable[[Sequence[Moment], Any], Sequence[str]]) -> Story:
    """The story of a game charted per round of turns: a point before each turn that begins a round
    (the scores as every seat's turn of the round left them). `ends_turn`: the step ends its seat's
    turn (a turn may take several steps: Combi-Nations' move and place); `figures` from every step
    and the final view."""
    start = start_view(engine, replay)
    chart = Chart(scores(start))
    rounds = TurnRounds()
    walked: list[Moment] = []
    last = start
    new_turn = True
    for moment in moments(engine, replay):
        if new_turn and rounds.begins(moment.recorded.action.seat):
            chart.take(moment.step - 1, scores(moment.before))
        new_turn = ends_turn(moment)
        walked.append(moment)
        last = moment.after
    return chart.story(TURN, len(replay.steps), scores(last), target, figures(walked, last))


def round_story(engine: Engine[Any], replay: Replay, ended: type[Event], target: Callable[[Any], int | None],
                figures: Callable[[Sequence[Moment], int], Sequence[str]]) -> Story:
    """The story of a game charted per round, its view's scores taken at each `ended` event;
    `target` from the view at the start, `figures` from every step and the number of players."""
    first = start_view(engine, replay)
    chart = Chart(first.scores)
    walked: list[Moment] = []
    last = first
    for moment in moments(engine, replay):
        if moment.of(ended):
            chart.take(moment.step, moment.after.scores)
        walked.append(moment)
        last = moment.after
    return chart.story(ROUND, len(replay.steps), last.scores, target(first),
                       figures(walked, replay.config.players))


# -- the figures' words ------------------------------------------------------------------------------

def plural(n: int, word: str, words: str | None = None) -> str:
    """'1 point', '3 points' ('1 tower', '2 towers'; `words` for another plural)."""
    return f"{n} {word if n == 1 else words or word + 's'}"


def by_seat(label: str, values: Sequence[object]) -> str:
    """'Kombos scored: ● Red 4 · ▲ Blue 3': a value for each seat, named as every screen names it."""
    return f"{label}: " + " · ".join(f"{seat_label(seat)} {value}" for seat, value in enumerate(values))


def seats_text(seats: Sequence[int]) -> str:
    """'● Red', '● Red and ▲ Blue', '● Red, ▲ Blue and ■ Green'."""
    labels = [seat_label(s) for s in seats]
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


__all__ = ["ROUND", "TURN", "UNITS", "Chart", "Moment", "Story", "Teller", "TurnRounds", "by_seat", "moments",
           "plural", "round_story", "seats_text", "start_view", "story_of", "turn_story"]
