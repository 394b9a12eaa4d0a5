"""Replays: every game recorded as it is played (bots through a Match, as in the window), read back
from its file, and watched step by step: every step's events and every seat's view the same as in
the game; the data folder's list; damaged files."""
from __future__ import annotations

import random

import pytest

from game.core.replay import SNAPSHOT_EVERY, Cursor, ReplayError
from game.core.seats import seat_label
from game.core.session import SeatInfo
from game.games import game_by_key
from game.replays import KEEP, entries, open_replay, prune, read_bytes, replays_dir, seats_of, store
from game.ui.play.match import Match, SeatPlan
from tests.replay_games import played

GAMES = ["kombo_klash", "kombio", "combi_nations", "kabooom"]


@pytest.mark.parametrize("key", GAMES)
def test_a_recorded_game_replays_every_event_and_every_view(key):
    match, seen = played(key, seed=11)
    assert match.replay_path is not None and match.replay_path.parent == replays_dir()
    replay = open_replay(match.replay_path)
    referee = match.session.referee
    assert replay.finished and replay.outcome == match.session.outcome()
    assert [s.action for s in replay.steps] == referee.log
    assert [s.race for s in replay.steps] == [r.race for r in referee.steps]
    cursor = Cursor(match.session.engine, replay)
    for record in referee.steps:
        assert cursor.forward() == list(record.events), f"step {record.number}"
    engine = match.session.engine
    cursor.seek(0)
    for step in sorted(seen):                                   # every view at every step
        cursor.seek(step)
        for seat, view in seen[step].items():
            assert engine.view(cursor.state, seat) == view, f"step {step}, seat {seat}"
    rng = random.Random(3)
    for step in rng.sample(sorted(seen), min(40, len(seen))):   # and back and forth, out of order
        cursor.seek(step)
        assert engine.view(cursor.state, None) == seen[step][None], f"step {step}"


def test_a_kombio_race_is_kept_with_every_press_and_printed(tmp_path):
    from game.core.referee import Referee
    from game.kombio.actions import Slap
    from game.replay_print import print_replay
    from game.replays import Recorder
    info = game_by_key("kombio")
    engine = info.engine()
    referee = Referee(engine, info.make_config(3, info.default_options()), 21, info.realtime)
    rng = random.Random(1)
    now = 0.0
    for _ in range(2000):
        slaps = {seat: [a for a in engine.legal_actions(referee.state, seat) if isinstance(a, Slap)]
                 for seat in referee.to_act()}
        racing = [seat for seat, options in slaps.items() if options]
        if len(racing) >= 2:
            break
        seat = min(referee.to_act())
        now += 1.0
        referee.submit(rng.choice([a for a in engine.legal_actions(referee.state, seat)
                                   if not isinstance(a, Slap)]), now=now)
    first, second = racing[:2]
    referee.submit(slaps[second][0], now + 0.012, now=now + 0.012)
    referee.submit(slaps[first][0], now + 0.000, now=now + 0.012)
    referee.tick(now + 1.0)
    path = tmp_path / "race.kreplay"
    recorder = Recorder(referee, seats_of([SeatInfo(f"P{i}", "human") for i in range(3)]), path)
    recorder.follow()
    recorder.close()
    raced = [s for s in open_replay(path).steps if s.race]
    assert [(seat, round(ms)) for seat, ms in raced[-1].race] == [(first, 0), (second, 12)]
    lines: list[str] = []
    print_replay(path, lines.append)
    assert f"race: {seat_label(first)} 0 ms, {seat_label(second)} +12 ms" in "\n".join(lines)
    assert lines[-1].startswith("The replay stops at step")


def test_stepping_back_replays_from_the_nearest_snapshot():
    match, _ = played("kabooom", seed=4)
    replay = open_replay(match.replay_path)
    cursor = Cursor(match.session.engine, replay)
    cursor.seek(len(replay.steps))
    applied = []
    engine = cursor.engine
    original = engine.apply
    engine.apply = lambda state, action: (applied.append(action), original(state, action))[1]  # type: ignore[method-assign]
    cursor.seek(len(replay.steps) - 1)
    assert 0 < len(applied) <= SNAPSHOT_EVERY


def test_the_folder_keeps_the_newest_and_lists_them(tmp_path):
    match, _ = played("kabooom", seed=2)
    data = read_bytes(match.replay_path)
    folder = tmp_path / "r"
    for i in range(KEEP + 5):
        path = store(data, folder)
        stamp = 1_000_000 + i
        import os
        os.utime(path, (stamp, stamp))
    prune(folder)
    listed = entries(folder)
    assert len(listed) == KEEP
    first = listed[0]
    assert first.header.game == "kabooom" and first.outcome == match.session.outcome()
    assert first.steps == len(open_replay(match.replay_path).steps)


def test_every_cut_and_every_flipped_byte_is_a_replay_or_a_reason(tmp_path):
    match, _ = played("kabooom", seed=3)
    data = read_bytes(match.replay_path)
    from game.core.replay import decode
    from game.replays import engine_for
    whole = decode(data, engine_for)
    rng = random.Random(5)
    for cut in range(len(data)):
        try:
            replay = decode(data[:cut], engine_for)
        except ReplayError as exc:
            assert str(exc)
        else:                         # the game as far as the file goes
            assert replay.steps == whole.steps[:len(replay.steps)]
    for _ in range(300):
        damaged = bytearray(data)
        damaged[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        try:
            decode(bytes(damaged), engine_for)
        except ReplayError as exc:
            assert str(exc)


def test_a_game_that_did_not_end_is_kept_so_far(tmp_path):
    info = game_by_key("kabooom")
    match = Match(info, 2, info.default_options(), (SeatPlan("bot", level="easy"),) * 2, 9,
                  bot_think_time=0.0, inline_bots=True)
    for i in range(1, 1000):
        if match.session.step >= 6:
            break
        match.update(i * 0.05)
        match.keep_record()
    made = match.session.step
    # the program dies here: no close, no footer
    replay = open_replay(match.replay_path)
    assert not replay.finished and len(replay.steps) == made > 0


def test_the_command_line_records_a_demo_and_replays_it_line_for_line(tmp_path, capsys):
    from game.cli import main
    path = tmp_path / "demo.kreplay"
    assert main(["--demo", "kombo_klash", "--seed", "4", "--record", str(path)]) == 0
    demo = capsys.readouterr().out.splitlines()
    assert main(["--replay", str(path)]) == 0
    replayed = capsys.readouterr().out.splitlines()
    # the header differs (a replay says when it was played); every step and the result are the same
    moves = [line for line in demo[2:] if not line.startswith("Replay written")]
    assert [line for line in replayed[2:] if not line.startswith("        ")] == moves


@pytest.mark.parametrize("flag", ["--replay", "--watch"])
def test_a_damaged_replay_on_the_command_line_is_one_line_and_exit_1(tmp_path, capsys, flag):
    from game.cli import main
    path = tmp_path / "bad.kreplay"
    path.write_bytes(b"\x93\x01\x02")
    assert main([flag, str(path)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["kombo-arcade: this is not a Kombo Arcade replay"]


def test_the_viewer_shows_a_races_presses(tmp_path):
    import pygame

    from game.ui.replay.viewer import ReplayViewer
    from game.ui.routes import new_app
    from game.ui.toolkit.app import SIZE
    test_a_kombio_race_is_kept_with_every_press_and_printed(tmp_path)
    replay = open_replay(tmp_path / "race.kreplay")
    raced = next(n for n, s in enumerate(replay.steps, 1) if len(s.race) > 1)
    pygame.display.init()
    pygame.font.init()
    viewer = ReplayViewer(new_app(pygame.Surface(SIZE)), replay)
    viewer.go_to(raced)
    first, second = (seat for seat, _ in replay.steps[raced - 1].race)
    assert viewer.note() == f"Slap race: {seat_label(first)} 0 ms, {seat_label(second)} +12 ms"
