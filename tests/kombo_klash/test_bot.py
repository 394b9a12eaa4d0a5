"""Kombo Klash! bots: legal over whole games, deterministic, blind to hidden tiles, sensible in built
positions, playing the board on their light model as the engine does, and the medium bot beats random."""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest

from game.core.bots import LEVELS, feed
from game.core.engine import Action
from game.core.rng import Rng
from game.kombo_klash.actions import Kick, Place, Score, Swamp
from game.kombo_klash.bot import make_bot
from game.kombo_klash.events import Scored, Swamped
from game.kombo_klash.greedy import GreedyBot
from game.kombo_klash.model import UNKNOWN, Board, Turn, mask_of
from game.kombo_klash.planner import PlannerBot
from game.kombo_klash.rules import KomboKlashConfig, KomboKlashEngine, KomboState
from game.kombo_klash.tables import COPIES, CREATURE_INDEX, EMPTY, PLAY, SQUARES

ENGINE = KomboKlashEngine()
QUICK = 50
OTHER = ["Gorilla", "Gorilla", "Chameleon", "Raven", "Kangaroo"]   # the next player's hand in built positions


def sq(name: str) -> int:
    """'a1' -> 0 ... 'e5' -> 24 (column letter, row number)."""
    return (int(name[1]) - 1) * 5 + "abcde".index(name[0])


def position(board: Mapping[str, str], hands: Sequence[Sequence[str]], *, played: int = 0,
             scored: bool = False, scores: Sequence[int] | None = None) -> KomboState:
    """Seat 0 to play; a board {"a1": "Raven", "b1": "?Wolf"} ("?": face down); every tile not named
    goes to the draw pile."""
    free = {c: list(range(c * COPIES, (c + 1) * COPIES)) for c in range(len(CREATURE_INDEX))}

    def take(name: str) -> int:
        return free[CREATURE_INDEX[name]].pop()

    players = len(hands)
    state = KomboState(players=players, target=75, phase=PLAY, turn=0, board=[EMPTY] * SQUARES,
                       up=[False] * SQUARES, hands=[], draw=[], discard=[],
                       scores=list(scores or [0] * players), in_round=tuple(range(players)),
                       played=played, scored=scored, redraw_done=[True] * players, rng=Rng(0))
    for name, what in board.items():
        state.put(sq(name), take(what.lstrip("?")), not what.startswith("?"))
    state.hands = [[take(c) for c in hand] for hand in hands]
    state.draw = sorted(t for tiles in free.values() for t in tiles)
    ENGINE.check_invariants(state)
    return state


def play(levels: Sequence[str], seed: int, target: int = QUICK) -> tuple[list[Action], KomboState]:
    """A whole game; every action a bot returns must be in the legal list."""
    state = ENGINE.new_game(KomboKlashConfig(len(levels), target), seed)
    bots = [make_bot(level, seat, seed * 10 + seat) for seat, level in enumerate(levels)]
    log: list[Action] = []
    while ENGINE.outcome(state) is None:
        seat = state.turn
        legal = ENGINE.legal_actions(state, seat)
        action = bots[seat].choose(ENGINE.view(state, seat), legal)
        assert action in legal, f"{levels[seat]} bot chose {action}, not legal"
        events = ENGINE.apply(state, action)
        # every bot sees its seat's events, as the BotDriver hands them (the Expert remembers)
        for other, bot in enumerate(bots):
            feed(bot, ENGINE.seen_by(events, other))
        log.append(action)
        assert len(log) < 5000, "the game does not end"
    return log, state


def play_turn(state: KomboState, level: str = "medium", seed: int = 0) -> list:
    """The events of seat 0's turn, played by a bot, up to its end."""
    bot = make_bot(level, 0, seed)
    events = []
    while state.turn == 0 and ENGINE.outcome(state) is None:
        legal = ENGINE.legal_actions(state, 0)
        action = bot.choose(ENGINE.view(state, 0), legal)
        assert action in legal
        events.extend(ENGINE.apply(state, action))
    return events


def test_levels():
    assert LEVELS == ("easy", "medium", "hard", "expert")
    for level in LEVELS:
        assert hasattr(make_bot(level, 0, 1), "choose")
    with pytest.raises(ValueError, match="no Kombo Klash! bot level"):
        make_bot("grandmaster", 0, 1)


@pytest.mark.parametrize("levels, seed", [
    (["medium", "easy"], 1),
    (["easy", "medium"], 2),
    (["medium", "medium"], 3),
    (["medium", "easy", "medium"], 4),
    (["easy", "medium", "medium", "easy"], 5),
    (["medium", "medium", "medium", "medium"], 6),
    (["hard", "medium"], 7),
    (["easy", "hard", "medium"], 8),
    (["hard", "easy", "medium", "hard"], 9),
    (["expert", "hard"], 10),
    (["medium", "expert", "easy"], 12),
])
def test_every_level_plays_legal_actions_to_the_end(levels, seed):
    _, state = play(levels, seed)
    outcome = ENGINE.outcome(state)
    assert outcome is not None and max(outcome.scores) >= QUICK


@pytest.mark.parametrize("levels", [["medium", "easy"], ["hard", "medium", "easy"], ["expert", "hard"]])
def test_same_seed_same_game(levels):
    assert play(levels, 11)[0] == play(levels, 11)[0]


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_decisions_ignore_hidden_tiles(level):
    """States that differ only in what the seat cannot see (other hands, face-down tiles, the piles)
    give the same view and the same decision."""
    state = ENGINE.new_game(KomboKlashConfig(3, QUICK), 21)
    bots = [make_bot("medium", seat, 7 + seat) for seat in range(3)]
    checked = 0
    for step in range(400):
        if ENGINE.outcome(state) is not None:
            break
        seat = state.turn
        if step % 7 == 0:
            for x in range(2):
                other = ENGINE.resample_hidden(state, seat, random.Random(x))
                a = make_bot(level, seat, 99).choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat))
                b = make_bot(level, seat, 99).choose(ENGINE.view(other, seat), ENGINE.legal_actions(other, seat))
                assert a == b
                checked += 1
        ENGINE.apply(state, bots[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)))
    assert checked >= 20


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_scores_the_big_kombo(level):
    # Three Ravens (21 points) on the board; a Wolf Kombo of three is there too.
    state = position({"a1": "Raven", "b1": "Raven", "c1": "Raven", "a5": "Wolf", "b5": "Wolf", "c5": "Wolf"},
                     [["Gorilla", "Kangaroo", "Snake", "Vulture", "Wolf"], OTHER])
    scored = [e for e in play_turn(state, level) if isinstance(e, Scored)]
    assert len(scored) == 1 and scored[0].creature == "Raven" and scored[0].points >= 21


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_completes_a_kombo_from_hand_and_scores_it(level):
    # Two Vultures beside each other and a Vulture in hand: 18 points for placing it.
    state = position({"b2": "Vulture", "c2": "Vulture", "e5": "Wolf"},
                     [["Vulture", "Gorilla", "Kangaroo", "Wolf", "Snake"], OTHER])
    scored = [e for e in play_turn(state, level) if isinstance(e, Scored)]
    assert len(scored) == 1 and scored[0].creature == "Vulture" and scored[0].points >= 18


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_swamps_the_kombo_it_would_leave_to_the_next_player(level):
    # Already scored this turn; three Snakes (15 points) would go to the next player. The Alligator
    # in hand breaks them up (and scores +1 a tile).
    state = position({"a1": "Snake", "b1": "Snake", "c1": "Snake", "e5": "Wolf"},
                     [["Alligator", "Gorilla", "Kangaroo"], OTHER], played=1, scored=True)
    events = play_turn(state, level)
    swamped = [e for e in events if isinstance(e, Swamped)]
    assert swamped and set(swamped[0].squares) & {sq("a1"), sq("b1"), sq("c1")}
    assert swamped[0].points == 2
    assert not state.kombos() or max(k.points for k in state.kombos()) < 15


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_chooses_the_swamp_when_asked(level):
    """With the Alligator's choice pending, the bot flips tiles of the Kombo on the board."""
    state = position({"a1": "Raven", "b1": "Raven", "c1": "Raven", "d1": "Wolf", "e5": "Wolf"},
                     [["Alligator", "Gorilla"], OTHER], played=0, scored=True)
    ENGINE.apply(state, Place(0, "Alligator", sq("e4"), True))
    legal = ENGINE.legal_actions(state, 0)
    action = make_bot(level, 0, 0).choose(ENGINE.view(state, 0), legal)
    assert isinstance(action, Swamp) and len(action.squares) == 2
    assert set(action.squares) & {sq("a1"), sq("b1"), sq("c1")}


def test_a_decision_evaluates_a_bounded_number_of_positions():
    state = ENGINE.new_game(KomboKlashConfig(2, QUICK), 5)
    bots = [GreedyBot(0, 0), PlannerBot(1, 1)]
    most = 0
    while ENGINE.outcome(state) is None:
        seat = state.turn
        bot = bots[seat]
        ENGINE.apply(state, bot.choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)))
        most = max(most, bot.evaluated)
    assert 0 < most < 6000


def test_medium_beats_easy():
    """A sanity check; the figure comes from `python tools/tournament.py --game kombo_klash`."""
    wins = 0
    for game in range(10):
        levels = ["medium", "easy"] if game % 2 == 0 else ["easy", "medium"]
        _, state = play(levels, 200 + game)
        outcome = ENGINE.outcome(state)
        assert outcome is not None
        wins += levels[outcome.winners[0]] == "medium"
    assert wins >= 9


def test_the_model_plays_the_board_as_the_engine_does():
    """Every placement, Kick, Swamp and Score of random games, on the bots' light model and on the
    engine: the same board (as the seat sees it) after each, the board-full clear included."""
    checked = 0
    for seed in range(4):
        state = ENGINE.new_game(KomboKlashConfig(2, QUICK), 40 + seed)
        chooser = random.Random(seed)
        while ENGINE.outcome(state) is None:
            seat = state.turn
            action = chooser.choice(ENGINE.legal_actions(state, seat))
            before = ENGINE.view(state, seat)
            turn = Turn(Board.from_view(before.board), [0] * (UNKNOWN + 1))
            for name in before.hand:
                turn.hand[CREATURE_INDEX[name]] += 1
            modelled = True
            if isinstance(action, Place) and not (action.trigger and action.creature in ("Vulture", "Gorilla")):
                turn.place(CREATURE_INDEX[action.creature], action.square, action.trigger)
            elif isinstance(action, Kick):
                turn.kick(action.src, action.dst)
            elif isinstance(action, Swamp):
                turn.swamp(action.squares)
            elif isinstance(action, Score):
                turn.score(mask_of(action.squares), 0)
            else:
                modelled = False
            ENGINE.apply(state, action)
            if modelled and state.turn == seat:
                assert turn.board == Board.from_view(ENGINE.view(state, seat).board), action
                checked += 1
    assert checked > 200
