"""`kombo-arcade --host` and `--join` as real processes on 127.0.0.1: a whole game, the same result
printed by both; errors as one line and exit 1; Ctrl-C as a clean stop. Headless, stderr also carries
our INFO log records (game.logs), one line each and told apart by their time stamp: "one line" below
means one line besides those, and none of them may be a warning, an error or a traceback."""
from __future__ import annotations

import os
import re
import signal
import sys
from pathlib import Path

import pytest
from lan_helpers import LO, ProcLines, free_port, loopback  # noqa: F401  (fixture)

GAME = [sys.executable, "-m", "game"]


def env(tmp_path: Path) -> dict[str, str]:
    out = dict(os.environ)
    out.update(KOMBO_BOT_DELAY="0.02", KOMBO_ARCADE_DATA_DIR=str(tmp_path / "data"),
               PYTHONUNBUFFERED="1")
    return out


LOG_LINE = re.compile(r"\d\d:\d\d:\d\d (DEBUG|INFO|WARNING|ERROR|CRITICAL) [\w.]+: ")


def said(err: list[str]) -> list[str]:
    """stderr without the log records: what the program said to the player."""
    return [line for line in err if not LOG_LINE.match(line)]


def quiet(err: list[str]) -> bool:
    """Only INFO records and nothing else on stderr: no warning, no error, no traceback."""
    return all(LOG_LINE.match(line) and " INFO " in line[:16] for line in err)


def result_of(lines: list[str]) -> list[str]:
    start = next(i for i, line in enumerate(lines) if line.startswith("Result: "))
    return lines[start:]


def host_proc(tmp_path: Path, port: int, players: int = 2, bots: int = 1,
              delay: str = "0.02") -> ProcLines:
    return ProcLines(GAME + ["--host", "kabooom", "--players", str(players), "--bots", str(bots),
                             "--port", str(port), "--bind", LO, "--no-advertise"],
                     {**env(tmp_path), "KOMBO_BOT_DELAY": delay})


def test_host_and_join_play_a_game_and_print_the_same_result(loopback, tmp_path) -> None:  # noqa: F811
    port = free_port()
    host = host_proc(tmp_path, port)
    join = None
    try:
        assert host.wait_line(lambda x: x.startswith("listening on")) == f"listening on {LO}:{port}"
        join = ProcLines(GAME + ["--join", f"{LO}:{port}", "--bot", "easy"], env(tmp_path))
        assert join.finish(60) == 0, join.err
        assert host.finish(60) == 0, host.err
        assert quiet(host.err) and quiet(join.err), (host.err, join.err)
        assert any("INFO net.lan: hosting kabooom for 2 players" in x for x in host.err)
        assert any("INFO net.client: connected to" in x for x in join.err)
        assert result_of(host.lines) == result_of(join.lines)
        assert result_of(host.lines)[-1].startswith("Winner")
        assert "started" in host.lines and "started" in join.lines
        assert "Easy bot joined" in host.lines and "joined: seat Red" in join.lines
        steps = [x for x in host.lines if x.split(":")[0].isdigit()]
        assert steps and steps[0].startswith("1: ") and len(steps) == int(steps[-1].split(":")[0])
        assert (tmp_path / "data" / "lan-autosave.bin").is_file()
        log = (tmp_path / "data" / "kombo-arcade.log").read_text()    # both runs' records
        assert "kombo-arcade --host kabooom" in log and "kombo-arcade --join" in log
        assert "INFO net.lan [MainThread]: hosting kabooom" in log
        # both keep the game as a replay: the joiner's came from the host, and plays the same
        kept = sorted((tmp_path / "data" / "replays").glob("*.kreplay"))
        assert len(kept) == 2
        assert all(any(x.startswith("replay kept: ") for x in run.lines) for run in (host, join))
        from game.replays import open_replay
        first, second = (open_replay(path) for path in kept)
        assert first.actions == second.actions and first.lan and first.finished
        assert [s.kind for s in first.seats] == ["bot", "bot"]        # the joiner plays as a bot too
    finally:
        host.kill()
        if join is not None:
            join.kill()


@pytest.mark.parametrize(("where", "words"), [
    ("127.0.0.1:1", "nothing is listening at 127.0.0.1:1"),
    ("127.0.0.1:99999", "cannot join '127.0.0.1:99999'"),
    ("no such host!:4000", "cannot join 'no such host!:4000'"),
])
def test_join_errors_are_one_line_and_exit_1(loopback, tmp_path, where, words) -> None:  # noqa: F811
    join = ProcLines(GAME + ["--join", where, "--bot", "easy"], env(tmp_path))
    assert join.finish(30) == 1
    assert join.lines == [] and len(said(join.err)) == 1, join.err
    assert said(join.err)[0].startswith("kombo-arcade: ") and words in said(join.err)[0]
    assert "Traceback" not in "\n".join(join.err)


def test_a_host_with_no_bots_and_two_joiners(loopback, tmp_path) -> None:  # noqa: F811
    port = free_port()
    host = host_proc(tmp_path, port, players=2, bots=0)
    procs = [host]
    try:
        host.wait_line(lambda x: x.startswith("listening on"))
        procs += [ProcLines(GAME + ["--join", f"{LO}:{port}", "--bot", level], env(tmp_path))
                  for level in ("easy", "medium")]
        assert [p.finish(60) for p in procs] == [0, 0, 0]
        assert result_of(procs[0].lines) == result_of(procs[1].lines) == result_of(procs[2].lines)
    finally:
        for p in procs:
            p.kill()


def test_a_joiner_refused_by_a_started_table(loopback, tmp_path) -> None:  # noqa: F811
    port = free_port()
    host = host_proc(tmp_path, port, players=2, bots=1, delay="1.0")   # still playing, surely
    procs = [host]
    try:
        host.wait_line(lambda x: x.startswith("listening on"))
        procs.append(ProcLines(GAME + ["--join", f"{LO}:{port}", "--bot", "easy"], env(tmp_path)))
        host.wait_line(lambda x: x == "started")
        late = ProcLines(GAME + ["--join", f"{LO}:{port}", "--bot", "easy"], env(tmp_path))
        procs.append(late)
        assert late.finish(30) == 1
        assert len(said(late.err)) == 1, late.err
        assert "The game has already started" in said(late.err)[0], late.err
    finally:
        for p in procs:
            p.kill()


def test_ctrl_c_stops_a_waiting_host_cleanly(loopback, tmp_path) -> None:  # noqa: F811
    host = host_proc(tmp_path, free_port())
    try:
        host.wait_line(lambda x: x.startswith("listening on"))
        host.proc.send_signal(signal.SIGINT)
        assert host.finish(10) == 130, (host.lines, host.err)
        assert host.lines[-1] == "stopped" and quiet(host.err), host.err
    finally:
        host.kill()


def test_a_host_resumed_after_a_kill_prints_every_step_from_the_resume_on(loopback, tmp_path) -> None:  # noqa: F811
    """kill -9 mid-game, then --resume --headless: its printout has each step after the one it
    resumed at exactly once, in order, up to the last (it once lost the steps its own bots' driver
    took from the session it printed from: 8, 14-15, 21, 23...)."""
    from lan_helpers import wait_for

    from game.games import game_by_key
    from net.host_core import HostCore
    from net.lan import LanClient
    from net.save import read_save

    port = free_port()
    common = ["--port", str(port), "--bind", LO, "--no-advertise"]
    hosting = ProcLines(GAME + ["--host", "kabooom", "--players", "3", "--bots", "1", *common],
                        {**env(tmp_path), "KOMBO_BOT_DELAY": "0.1"})
    clients: list[LanClient] = []
    resumed = None
    try:
        hosting.wait_line(lambda x: x.startswith("listening on"))
        clients = [LanClient((LO, port), name=f"P{i}", game="kabooom", bot="easy", bot_inline=True,
                             bot_think_time=0.1) for i in range(2)]
        hosting.wait_line(lambda x: x.startswith("4: "))
        hosting.proc.kill()
        assert hosting.finish() == -9
        wait_for(lambda: all(c.state in ("reconnecting", "over") for c in clients), what="the peers notice")
        save = tmp_path / "data" / "lan-autosave.bin"
        resumed = ProcLines(GAME + ["--resume", str(save), "--headless", *common],
                            {**env(tmp_path), "KOMBO_BOT_DELAY": "0.1"})
        line = resumed.wait_line(lambda x: x.startswith("Kabooom!: resumed at step"))
        start = int(line.split("step ")[1].split()[0])
        wait_for(lambda: all(c.state == "over" for c in clients), timeout=60, what="the end")
        assert resumed.finish() == 0, (resumed.lines, resumed.err)
        final = HostCore.restore(game_by_key("kabooom").engine(), read_save(save).core).step
        assert final > start + 1
        printed = [int(x.split(":")[0]) for x in resumed.lines if x.split(":")[0].isdigit()]
        assert printed == list(range(start + 1, final + 1)), resumed.lines
        assert result_of(resumed.lines)[-1].startswith("Winner")
    finally:
        for c in clients:
            c.close()
        hosting.kill()
        if resumed is not None:
            resumed.kill()


def test_resume_of_a_damaged_save_is_one_line(tmp_path) -> None:
    bad = tmp_path / "save.bin"
    bad.write_bytes(b"garbage")
    proc = ProcLines(GAME + ["--resume", str(bad), "--headless", "--bind", LO, "--port", "0",
                             "--no-advertise"], env(tmp_path))
    assert proc.finish(30) == 1
    assert len(said(proc.err)) == 1, proc.err
    assert said(proc.err)[0].startswith(f"kombo-arcade: cannot resume from {bad}")


@pytest.mark.parametrize(("argv", "words"), [
    (["--bots", "1"], "--bots only works with --host"),
    (["--host", "kabooom", "--bot", "easy"], "--bot only works with --join"),
    (["--join", "127.0.0.1:4000"], "add --bot LEVEL"),
    (["--join", "127.0.0.1:4000", "--bot", "genius"], "bot levels are"),
    (["--host", "kabooom", "--bots", "5"], "--bots is between 0 and the number of players (2)"),
    (["--host", "kabooom", "--bot-level", "genius"], "bot levels are"),
    (["--host", "chess"], "no game called 'chess'"),
    (["--host", "tiddlywinks"], "coming soon"),
    (["--host", "kabooom", "--players", "7"], "2 to 4 players"),
    (["--demo", "kabooom", "--host", "kabooom"], "do not go together"),
    (["--host", "kabooom", "--port", "70000"], "between 0 and 65535"),
    (["--host", "kabooom", "--bind", "everywhere"], "--bind takes an IPv4 address"),
    (["--host", "kabooom", "--levels", "easy"], "--levels only works with --demo"),
    (["--no-advertise"], "--no-advertise only works with"),
    (["--headless"], "--headless only works with --resume"),
    (["--host", "kabooom", "--name", "x" * 40], "a name is 1 to 32 characters"),
])
def test_bad_lan_arguments_get_one_clear_line(capsys, coming_soon, argv, words) -> None:
    from game import cli

    assert cli.main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("kombo-arcade: ") and words in err[0], err
