"""A LAN host keeps its table's games with this machine's replays as they are played
(net.host_record): the file grows step by step (a host that dies leaves the game so far), is
finished at the game's end, and a rematch is a new file."""
from __future__ import annotations

import random

from fake_engine import counter_tokens, play, started_table

from game.core.replay import decode
from game.replays import entries, read_bytes, replays_dir
from net.host_core import HostCore
from net.host_record import TableRecorder
from net.host_replay import replay_seats


def kept(host: HostCore, recorder: TableRecorder):
    assert recorder.recorder is not None
    return decode(read_bytes(recorder.recorder.path), lambda key: host.engine)


def test_the_hosts_game_is_kept_step_by_step_and_a_rematch_in_a_file_of_its_own() -> None:
    host, net, peers = started_table(2)
    recorder = TableRecorder()
    rnd = random.Random(4)
    play(host, net, peers, 3, rnd)
    recorder.update(host)
    so_far = kept(host, recorder)
    assert so_far.lan and not so_far.finished and so_far.actions == host.log and host.step > 0
    assert recorder.finished_path() is None, "the game goes on"
    assert [s.name for s in so_far.seats] == [s.name for s in replay_seats(host)]
    while not host.over:
        play(host, net, peers, 1, rnd)
        recorder.update(host)
    first = recorder.finished_path()
    assert first is not None and first.parent == replays_dir()
    whole = kept(host, recorder)
    assert whole.finished and whole.outcome == host.engine.outcome(host.state) and whole.actions == host.log
    net.deliver(host.rematch(net.now, seed=9))
    recorder.update(host)                      # back in the lobby: nothing new is written
    assert recorder.finished_path() == first
    for c, peer in peers.items():
        net.send(c, peer.set_ready(True))
    net.deliver(host.start(net.now))
    net.pump()
    play(host, net, peers, 2, rnd)
    recorder.update(host)
    assert recorder.recorder is not None and recorder.recorder.path != first
    assert kept(host, recorder).actions == host.log and decode(read_bytes(first), lambda key: host.engine).finished


def test_a_resumed_host_goes_on_in_one_replay_dated_as_the_game_began() -> None:
    other, other_net, other_peers = started_table(2, seed=6)     # another table's game, cut short too
    elsewhere = TableRecorder()
    play(other, other_net, other_peers, 2, random.Random(1))
    elsewhere.update(other)
    elsewhere.close()
    host, net, peers = started_table(2, seed=5)
    before = TableRecorder()
    play(host, net, peers, 3, random.Random(1))
    before.update(host)
    assert before.recorder is not None
    began, first = before.recorder.started, before.recorder.path
    before.close()                   # the host dies: its file stays as it was, cut short
    again = HostCore.restore(host.engine, host.save(), now=10.0, token_factory=counter_tokens())
    after = TableRecorder()
    after.update(again)
    assert after.recorder is not None and after.recorder.path != first and not first.exists()
    listed = {e.path: e for e in entries()}
    assert elsewhere.recorder is not None and set(listed) == {after.recorder.path, elsewhere.recorder.path}
    assert listed[after.recorder.path].header.started == began
    assert kept(again, after).actions == host.log
