"""net.save: where the autosave goes, the journal (a whole save, then one record per step), and
damaged files refused in words."""
from __future__ import annotations

import random
from pathlib import Path

import msgpack
import pytest
from fake_engine import GuessConfig, GuessEngine
from test_host_core import counter_tokens, play, table

from net.host_core import HostCore, HostSeat
from net.save import AutoSaver, LanSave, SaveError, data_dir, decode_journal, default_save_path, encode_save, read_save

ENGINE = GuessEngine()


def restored(path: Path) -> HostCore:
    return HostCore.restore(ENGINE, read_save(path).core)


def test_the_journal_keeps_every_step_and_every_seat_change(tmp_path) -> None:
    path = tmp_path / "deep" / "save.bin"
    host, net, peers = table(3, seed=9)
    saver = AutoSaver(path, "guess", "Hostess")
    saver.port = 4321
    saver.update(host)
    size = path.stat().st_size
    rnd = random.Random(3)
    for _ in range(4):
        play(host, net, peers, 1, rnd)
        saver.update(host)
        again = restored(path)
        assert again.log == host.log and again.state == host.state
    assert path.stat().st_size > size                     # appended, not rewritten
    inode = path.stat().st_ino
    net.drop(1)
    net.deliver(host.hand_to_bot(1, "easy", 5.0))
    net.pump()
    saver.update(host)                                    # seats changed: a whole new save
    assert path.stat().st_ino != inode
    play(host, net, peers, 1, rnd)
    saver.update(host)
    save = read_save(path)
    assert (save.game, save.port, save.name) == ("guess", 4321, "Hostess")
    again = HostCore.restore(ENGINE, save.core)
    assert again.log == host.log and again.seat_table()[1].kind == "bot"
    saver.close()


def test_a_record_cut_short_ends_the_journal(tmp_path) -> None:
    path = tmp_path / "save.bin"
    host, net, peers = table(2, seed=2)
    saver = AutoSaver(path, "guess", "H")
    saver.update(host)
    play(host, net, peers, 3, random.Random(1))
    saver.update(host)
    saver.close()
    whole = path.read_bytes()
    path.write_bytes(whole[:-2])                           # power lost mid-write
    assert restored(path).step == host.step - 1


@pytest.mark.parametrize(("tail", "words"), [
    (msgpack.packb([9, ["pass", 0]]), "skips from step 0 to 9"),
    (msgpack.packb("nonsense"), "journal is damaged"),
    (b"\xc1", "journal is damaged"),
])
def test_a_damaged_journal_is_refused(tmp_path, tail, words) -> None:
    host = HostCore(ENGINE, GuessConfig(2), 1, [HostSeat("open")] * 2, counter_tokens())
    data = encode_save(LanSave(host.save(), "guess", 1, "H")) + tail
    with pytest.raises(SaveError, match=words):
        decode_journal(data)


def test_the_data_folder_follows_the_environment(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("KOMBO_ARCADE_DATA_DIR", str(tmp_path / "mine"))
    assert default_save_path() == tmp_path / "mine" / "lan-autosave.bin"
    monkeypatch.delenv("KOMBO_ARCADE_DATA_DIR")
    monkeypatch.setattr("sys.platform", "linux")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "kombo-arcade"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home" / ".local" / "share" / "kombo-arcade"


def test_unreadable_and_foreign_files_are_refused_in_words(tmp_path) -> None:
    with pytest.raises(SaveError, match="there is no save"):
        read_save(tmp_path / "none.bin")
    with pytest.raises(SaveError, match="a folder"):
        read_save(tmp_path)
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"")
    with pytest.raises(SaveError, match="empty"):
        read_save(empty)
    other = tmp_path / "other.bin"
    other.write_bytes(msgpack.packb({"magic": "kombo-lan-save", "v": 7}))
    with pytest.raises(SaveError, match="another version"):
        read_save(other)
