"""Render a game's story (the score chart and the figures) to a PNG, headless, at the logical 1280x720.

    python tools/chart_shot.py --game kombo_klash --seed 3 --out /tmp/kk.png [--players 4] \
        [--option target=quick] [--palette high_contrast] [--replay FILE] [--now STEP]

Plays a seeded bots' game (the headless demo's, recorded as a replay) or reads --replay FILE, tells
its story (game.core.story) and draws it as game.ui.screens.chart draws it: the chart in a 560x300
rect, the figures under it, on a panel in the middle of the frame. tools/colour_vision.py shows the
PNG as colour-blind players see it. --now marks a step, as the replay viewer marks where it is.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame
from scenes import GAME_KEYS, parse_options

from game.core.replay import Replay
from game.core.story import Story, story_of
from game.demo import run_demo
from game.games import game_by_key
from game.replays import open_replay
from game.ui.screens.chart import draw_story_panel
from game.ui.toolkit import theme
from game.ui.toolkit.app import SIZE
from game.ui.toolkit.text import TextCache


def bots_game(game: str, seed: int, players: int | None, options: list[str]) -> Replay:
    info = game_by_key(game)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{game}-{seed}.kreplay"
        run_demo(game, seed=seed, players=players or max(2, info.min_players),
                 options=parse_options(info, options), out=lambda line: None, record=path)
        return open_replay(path)


def render(story: Story, players: int, title: str, now: int | None = None) -> pygame.Surface:
    frame = pygame.Surface(SIZE)
    frame.fill(theme.BG)
    draw_story_panel(frame, (SIZE[0] // 2, SIZE[1] // 2), story, TextCache(theme.Fonts()), players, title, now)
    return frame


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAME_KEYS, required=True)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--option", action="append", default=[], help="key=value, as the setup screen offers")
    parser.add_argument("--replay", type=Path, default=None, help="chart this replay instead of a bots' game")
    parser.add_argument("--now", type=int, default=None, help="mark this step (the replay viewer's)")
    parser.add_argument("--palette", default="standard", choices=sorted(theme.PALETTES))
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SIZE)
    theme.use_palette(args.palette)
    replay = open_replay(args.replay) if args.replay else bots_game(args.game, args.seed, args.players, args.option)
    info = game_by_key(replay.game)
    if info.story is None:
        raise SystemExit(f"{info.title} tells no story")
    story = story_of(info.engine(), replay, info.story)
    title = f"{info.title}: the story of the game"
    pygame.image.save(render(story, replay.config.players, title, args.now), str(args.out))
    print(f"{args.out}: {len(story.steps)} points per {story.unit}, {len(story.figures)} figures")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
