"""net.seat_memory: the tokens of the tables this machine sits at, one per client: a client is
offered only a token no other running client holds (the one a client that died left behind)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

from net.seat_memory import KEEP_FOR, SeatMemory, process_alive

TABLE = ("192.0.2.4", 47800)


class Clock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def test_two_running_clients_at_one_table_keep_a_seat_each(tmp_path) -> None:
    path = tmp_path / "seats.json"
    running = {101, 102}
    first = SeatMemory(path, owner=("here", 101), alive=running.__contains__)
    second = SeatMemory(path, owner=("here", 102), alive=running.__contains__)
    first.remember(TABLE, "kabooom", b"\x01" * 16)
    assert second.recall(TABLE, "kabooom") is None        # the first one's, and it still runs
    second.remember(TABLE, "kabooom", b"\x02" * 16)
    assert first.recall(TABLE, "kabooom") == b"\x01" * 16
    assert second.recall(TABLE, "kabooom") == b"\x02" * 16
    # the first dies; a client started after it (another process) finds its seat
    running.discard(101)
    third = SeatMemory(path, owner=("here", 103), alive=running.__contains__)
    assert third.recall(TABLE, "kabooom") == b"\x01" * 16
    third.remember(TABLE, "kabooom", b"\x01" * 16)        # it holds that token now
    entries = json.loads(path.read_text())["kabooom@192.0.2.4:47800"]
    assert sorted((e["pid"], e["token"][:2]) for e in entries) == [(102, "02"), (103, "01")]
    # a seat given up is forgotten for whoever wrote it down
    second.forget(TABLE, "kabooom")
    third.forget(TABLE, "kabooom", b"\x01" * 16)
    assert SeatMemory(path, owner=("here", 104), alive=running.__contains__).recall(
        TABLE, "kabooom") is None


def test_another_machine_sharing_the_folder_holds_its_tokens(tmp_path) -> None:
    path = tmp_path / "seats.json"
    SeatMemory(path, owner=("elsewhere", 7), alive=lambda pid: False).remember(
        TABLE, "kabooom", b"\x05" * 16)
    assert SeatMemory(path, owner=("here", 7), alive=lambda pid: False).recall(
        TABLE, "kabooom") is None


def test_a_file_of_the_one_seat_per_table_kind_still_reads(tmp_path) -> None:
    path = tmp_path / "seats.json"
    clock = Clock()
    path.write_text(json.dumps({"kabooom@192.0.2.4:47800": {"token": "07" * 16, "at": clock.t}}))
    memory = SeatMemory(path, clock, owner=("here", 1), alive=lambda pid: True)
    assert memory.recall(TABLE, "kabooom") == b"\x07" * 16
    clock.t += KEEP_FOR + 1
    assert memory.recall(TABLE, "kabooom") is None


def test_a_process_that_ended_is_not_alive() -> None:
    assert process_alive(os.getpid())
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert not process_alive(child.pid)
