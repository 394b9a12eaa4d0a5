"""Every playable game in the catalogue, through the same checks, with no per-game test code (after
OpenSpiel's test over all registered games): its definition is whole, its engine passes the shared
random-playout test, the headless demo plays it, its scene draws from a mid-game position and its
rules screen opens. The LAN game for each is in tests/net/test_catalogue_lan.py."""
from __future__ import annotations

import dataclasses
import itertools
import random

import pygame
import pytest

from game.core.bots import SEARCHING_LEVEL
from game.core.playout import random_playouts
from game.definition import GameDef, Option
from game.demo import run_demo
from game.games import GAMES, available_games, game_by_key
from game.ui.play.game_screen import GameScreen
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.screens.rules_screen import RulesScreen
from game.ui.toolkit.app import SIZE, STEP
from tests import sweep

PLAYABLE = available_games()
KEYS = [g.key for g in PLAYABLE]



def option_sets(info: GameDef) -> list[dict[str, str]]:
    """The defaults, then each choice of each option on its own."""
    sets = [info.default_options()]
    for option in info.options:
        for choice in option.choices:
            if choice != option.default:
                sets.append({**info.default_options(), option.key: choice})
    return sets


def test_the_catalogue_lists_each_game_once_with_at_least_one_playable():
    keys = [g.key for g in GAMES]
    assert len(keys) == len(set(keys)) and PLAYABLE
    assert [g.title for g in GAMES if not g.available] == []        # all four are playable


@pytest.mark.parametrize("key", KEYS)
def test_the_definition_is_whole(key):
    info = game_by_key(key)
    assert info.problems() == []
    assert issubclass(info.scene(), GameScreen)
    assert info.engine().key == key


def test_a_broken_definition_is_reported_not_met_at_run_time():
    info = game_by_key(KEYS[0])
    broken = dataclasses.replace(info, rules=" ", bot_levels=(), scene_path="game.nowhere:Scene",
                                 options=(Option("size", "Size", ("s", "m"), "xl"),))
    problems = broken.problems()
    assert "no rules text" in problems and "no bot levels" in problems
    assert any("default 'xl' is not a choice" in p for p in problems)
    with pytest.raises(ModuleNotFoundError):
        broken.scene()


@pytest.mark.parametrize(("key", "players"),
                         [(g.key, n) for g in PLAYABLE for n in range(g.min_players, g.max_players + 1)])
def test_random_playouts_keep_the_engine_contract(key, players):
    """Six games with the default options, two with each other choice (a game's own playout tests
    play hundreds); the suite plays a seeded sample (tests/sweep.py), tools/soak.py all of them."""
    info = game_by_key(key)
    engine = info.engine()
    for i, options in enumerate(option_sets(info)):
        games = sweep.games(6, at_least=2) if i == 0 else sweep.games(2)
        report = random_playouts(engine, info.make_config(players, options), range(games), full_checks_every=3)
        assert report.games == games and report.actions > 0


@pytest.mark.parametrize("key", KEYS)
def test_the_headless_demo_plays_every_bot_level(key):
    info = game_by_key(key)
    players = info.min_players if info.min_players > 1 else 2
    # the expert level searches on a wall-clock budget (so not repeatable, and slow): its whole games
    # are played on move-count budgets in each game's tests/<game>/test_expert.py
    levels = [level for level in info.bot_levels if level != SEARCHING_LEVEL]
    for level, seed in zip(itertools.cycle(levels), range(len(levels))):
        lines: list[str] = []
        outcome = run_demo(key, seed=seed, players=players, options=info.default_options(),
                           levels=[level] * players, out=lines.append)
        assert len(outcome.scores) == players and outcome.winners
        assert any(line.startswith("Result") for line in lines)


def mid_game(key: str, humans: int, seed: int = 4) -> Match:
    """A match halfway through a random game (never over), seats 1..humans on keyboards, bots after:
    the game is played out once with the engine to learn its length, then replayed to the middle."""
    info = game_by_key(key)
    players = max(info.min_players, 2)
    engine = info.engine()
    config = info.make_config(players, info.default_options())
    state = engine.new_game(config, seed)
    rng = random.Random(seed)
    moves = []
    while engine.outcome(state) is None:
        seat = min(engine.to_act(state))
        moves.append(rng.choice(engine.legal_actions(state, seat)))
        engine.apply(state, moves[-1])
    plans = tuple(SeatPlan("human", f"kb{i + 1}") if i < humans else SeatPlan("bot", level=info.bot_levels[0])
                  for i in range(players))
    match = Match(info, players, info.default_options(), plans, seed, bot_think_time=0.0, inline_bots=True)
    for move in moves[: len(moves) // 2]:
        match.session.submit(move)
    match.session.poll()
    assert match.session.outcome() is None
    return match


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("humans", [1, 2])
def test_the_scene_draws_a_mid_game_position(pygame_video, key, humans):
    app = new_app(pygame.Surface(SIZE))
    match = mid_game(key, humans)
    scene = app.nav.game_scene(app, match)
    assert isinstance(scene, GameScreen)
    app.push(scene)
    blank = pygame.Surface(SIZE)
    for _ in range(30):
        app.advance(STEP)
    app.draw()
    assert pygame.image.tobytes(app.surface, "RGB") != pygame.image.tobytes(blank, "RGB")
    colours = {app.surface.get_at((x, y))[:3] for x in range(0, SIZE[0], 8) for y in range(0, SIZE[1], 8)}
    assert len(colours) > 1, "the screen shows a game, not a flat fill"
    match.close()


@pytest.mark.parametrize("key", KEYS)
def test_the_rules_screen_opens_and_scrolls(pygame_video, key):
    app = new_app(pygame.Surface(SIZE))
    screen = RulesScreen(app, game_by_key(key))
    app.push(screen)
    app.draw()
    assert screen.page.get_bounding_rect().height > 0, "the rules are laid out on the page"
