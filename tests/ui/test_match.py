"""A rematch keeps the seats and options; with a seed the players chose, it deals the same again."""
from __future__ import annotations

from game.games import game_by_key
from game.ui.play.match import Match, SeatPlan

PLANS = (SeatPlan("bot", level="easy"), SeatPlan("bot", level="easy"))


def test_a_chosen_seed_deals_the_same_board_again():
    first = Match(game_by_key("kabooom"), 2, {"difficulty": "easy"}, PLANS, 1234, inline_bots=True,
                  seed_chosen=True)
    deal = first.session.view(None).board
    again = first.rematch()
    assert again.seed == 1234 and again.session.view(None).board == deal and again.seed_chosen
    again.close()


def test_a_random_seed_deals_a_new_board():
    first = Match(game_by_key("kabooom"), 2, {"difficulty": "easy"}, PLANS, 1234, inline_bots=True)
    deal = first.session.view(None).board
    again = first.rematch()
    assert again.seed != 1234 and again.session.view(None).board != deal
    again.close()
