"""Kombo Klash!'s Expert: the hard bot's planner looking further into its own turn, on its own weights,
with a memory of the tiles it saw go face down (tests/kombo_klash/test_memory.py). It finds plans a
step longer than hard's, revives what it remembers, and plays legal, reproducible games from its view
and its events (tests/kombo_klash/test_bot.py plays its scenarios and checks that hidden tiles change
nothing)."""
from __future__ import annotations

from game.kombo_klash.actions import EndTurn, Place, Swamp
from game.kombo_klash.bot import make_bot
from game.kombo_klash.events import Revived, Scored
from game.kombo_klash.expert import EXPERT_WEIGHTS, ExpertBot
from game.kombo_klash.model import Board, Turn
from game.kombo_klash.outlook import Outlook, evaluate
from game.kombo_klash.planner import PlannerBot
from game.kombo_klash.rules import KomboKlashEngine
from game.kombo_klash.tables import CHAMELEON, RAVEN

from .positions import position, sq

ENGINE = KomboKlashEngine()


def test_the_expert_sees_a_plan_one_action_longer_than_hard():
    """Three Ravens on the board and two more and a Chameleon in hand: Raven, Raven, Chameleon make a
    Kombo of six (42 points), three actions after the first Raven. Hard, looking one action past it,
    values the first Raven below that line; the Expert values it at the line at least."""
    state = position({"a1": "Raven", "b1": "Raven", "c1": "Raven", "a5": "Snake", "e5": "Snake"},
                     [["Raven", "Raven", "Chameleon"], ["Gorilla"] * 5])
    view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
    first = Place(0, "Raven", sq("d1"), False)
    out = Outlook.from_view(view, 0, EXPERT_WEIGHTS)
    line = Turn(Board.from_view(view.board), ExpertBot(0, 0)._hand(view))
    for creature, at in ((RAVEN, "d1"), (RAVEN, "e1"), (CHAMELEON, "a2")):
        line.place(creature, sq(at), False)
    assert line.board.best_kombo()[0] == 42
    line_value = evaluate(line, out) - EXPERT_WEIGHTS.place_cost

    def value(bot: PlannerBot) -> float:
        return next(c.value for c in bot.valued(view, legal) if c.action == first)

    assert value(PlannerBot(0, 0, weights=EXPERT_WEIGHTS)) < line_value - 1.0
    assert value(ExpertBot(0, 0)) >= line_value - 1e-9


def test_the_expert_is_the_planner_with_its_own_weights_looking_further():
    bot = make_bot("expert", 1, 5)
    hard = make_bot("hard", 1, 5)
    assert isinstance(bot, ExpertBot) and isinstance(hard, PlannerBot)
    assert bot.weights == EXPERT_WEIGHTS and bot.depth > hard.depth


def test_the_expert_revives_the_tile_it_saw_go_face_down():
    """Seat 1 swamps the third of three Ravens. The Expert saw it: its Vulture revives that Raven and
    scores the Kombo of three (21 points), a move it values as a Kombo, where a bot that did not see
    the Swamp can only value the Revive as an unknown tile."""
    state = position({"a1": "Raven", "b1": "Raven", "c1": "Raven", "a5": "Snake", "e5": "Wolf"},
                     [["Vulture", "Gorilla", "Gorilla", "Gorilla", "Wolf"],
                      ["Alligator", "Gorilla", "Kangaroo", "Wolf", "Snake"]], turn=1)
    expert, blind = ExpertBot(0, 0), ExpertBot(0, 0)
    for action in (Place(1, "Alligator", sq("e4"), True), Swamp(1, (sq("c1"),)), EndTurn(1)):
        events = ENGINE.apply(state, action)
        expert.observe(ENGINE.seen_by(events, 0))
    view, legal = ENGINE.view(state, 0), ENGINE.legal_actions(state, 0)
    assert view.board[sq("c1")] == "?"

    def vulture_value(bot: ExpertBot) -> float:
        bot.memory.look(view)
        return max(c.value for c in bot.valued(view, legal)
                   if isinstance(c.action, Place) and c.action.creature == "Vulture" and c.action.trigger)

    assert vulture_value(expert) > vulture_value(blind) + 10
    played = []
    while state.turn == 0:
        action = expert.choose(ENGINE.view(state, 0), ENGINE.legal_actions(state, 0))
        events = ENGINE.apply(state, action)
        expert.observe(ENGINE.seen_by(events, 0))
        played.extend(events)
    assert any(isinstance(e, Revived) and e.square == sq("c1") and e.creature == "Raven" for e in played)
    assert any(isinstance(e, Scored) and e.creature == "Raven" and e.points >= 21 for e in played)
