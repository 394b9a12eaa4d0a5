"""Playing again at the same table (HostCore.rematch), in memory with the toy engine: back to the lobby
with the same seats, tokens and connections; the second game starts like the first and never mixes
its steps with the first's; saves resume the second game."""
from __future__ import annotations

import random

import msgpack
import pytest
from fake_engine import GuessConfig, GuessEngine, LoopNet, Pass, counter_tokens, only, play
from fake_engine import started_table as table
from lan_helpers import truth_hashes

from net import messages as m
from net.host_core import HostCore, HostSeat, SaveError, StartError
from net.peer_core import PeerCore

ENGINE = GuessEngine()
NEW_GAME_NOTICE = "The host started a new game: press Ready"


def old_intent(peer: PeerCore, action: list) -> m.Intent:
    """An intent made at step 0 of the first game, arriving late (with its own fresh ref)."""
    ref = peer._next_ref
    peer._next_ref += 1
    return m.Intent(ref, 0, action)


def play_to_the_end(host: HostCore, net: LoopNet, peers: dict, seed: int) -> None:
    play(host, net, peers, 10_000, random.Random(seed))
    assert host.over


def test_a_rematch_before_the_end_is_refused_and_changes_nothing() -> None:
    lobby = HostCore(ENGINE, GuessConfig(2), 1, [HostSeat("open")] * 2, counter_tokens())
    with pytest.raises(StartError, match="not started"):
        lobby.rematch(0.0, 5)
    host, net, peers = table(2, seed=3)
    play(host, net, peers, 2, random.Random(1))
    assert not host.over
    before = (host.step, host.seed, host.game_no, host.started, host.public_hash())
    with pytest.raises(StartError, match="not over"):
        host.rematch(net.now, 5)
    assert (host.step, host.seed, host.game_no, host.started, host.public_hash()) == before


def test_a_rematch_goes_back_to_the_lobby_and_a_second_game_plays_to_the_end() -> None:
    host, net, peers = table(3, seed=3)
    play_to_the_end(host, net, peers, 1)
    first_steps = host.step
    tokens = {c: p.token for c, p in peers.items()}
    seats_before = host.seat_table()
    for p in peers.values():
        p.take_steps()
        p.take_notices()

    net.deliver(host.rematch(net.now, 99))
    net.pump()
    # the host: a lobby again, same seats and holders, people not ready
    assert not host.started and host.step == 0 and host.game_no == 1 and host.seed == 99
    assert not host.over and host.to_act() == frozenset()
    assert host.state == ENGINE.new_game(GuessConfig(3), 99)
    after = host.seat_table()
    assert [(e.name, e.kind, e.connected) for e in after] == \
        [(e.name, e.kind, e.connected) for e in seats_before]
    assert [e.ready for e in after] == [False] * 3
    assert host.can_start() == (False, "Waiting for P0, P1 and P2 to be ready")
    with pytest.raises(StartError):
        host.start(net.now)
    # every peer: NewGame, then the seat table; nothing of the old game left; told to press Ready
    for c, p in peers.items():
        news = [x for x in net.got[c] if isinstance(x, m.NewGame)]
        assert news == [m.NewGame(1)]
        assert p.phase == "joined" and p.token == tokens[c] and p.seats == (c,)
        assert not p.started and p.game_no == 1 and p.views == {} and p.hashes == {}
        assert p.step == 0 and p.take_steps() == [] and not p.ready
        assert [n.text for n in p.take_notices()] == [NEW_GAME_NOTICE]
        assert [e.ready for e in p.seat_table] == [False] * 3
    # a move of the old game (a late copy, a fresh ref) is stale, in the lobby and after the start
    stale = old_intent(peers[0], ["ready", 0])
    assert only(host.receive(0, stale, net.now), 0, m.IntentRefused).code == "stale"

    for c, p in peers.items():
        net.send(c, p.set_ready(True))
    assert host.can_start() == (True, "Ready to start")
    net.deliver(host.start(net.now))
    net.pump()
    assert host.started and host.step == 0
    stale = old_intent(peers[0], ["ready", 0])
    assert only(host.receive(0, stale, net.now), 0, m.IntentRefused).code == "stale"
    assert host.step == 0
    for p in peers.values():
        assert p.started and p.views[None].number == 0 and p.hashes == {0: host.public_hash()}

    play_to_the_end(host, net, peers, 2)
    truth = truth_hashes(ENGINE, GuessConfig(3), 99, host.log)
    assert host.log != [] and len(truth) == host.step + 1
    for p in peers.values():
        assert p.hashes == truth
        assert [s.number for s in p.take_steps()] == list(range(1, host.step + 1))
        assert p.views[None].outcome == ENGINE.outcome(host.state)
        assert p.snapshot_requests == 0
        assert [n.code for n in p.take_notices()] == []
    # the second game's steps carried its number; the first game's did not (0: off the wire)
    public = [x for x in net.got[0] if isinstance(x, m.StepMsg) and x.seat is None]
    assert [x.game_no for x in public] == [0] * (first_steps + 1) + [1] * (host.step + 1)
    # and a third
    net.deliver(host.rematch(net.now, 100))
    net.pump()
    assert host.game_no == 2 and all(p.game_no == 2 for p in peers.values())


def test_the_hosts_own_seats_and_bots_stay_ready_and_are_not_told_to_press_ready() -> None:
    host = HostCore(ENGINE, GuessConfig(3), 4,
                    [HostSeat("local", "Host"), HostSeat("bot", "B", "easy"), HostSeat("open")],
                    counter_tokens())
    net = LoopNet(host)
    local = PeerCore(ENGINE, "Host", token=host.local_token)
    remote = PeerCore(ENGINE, "Ann")
    net.join("L", local)
    net.join("a", remote)
    net.send("a", remote.set_ready(True))
    net.deliver(host.start(net.now))
    net.pump()
    ends = {"L": local, "a": remote}
    rnd = random.Random(3)
    while host.to_act():
        seat = rnd.choice(sorted(host.to_act()))
        conn = "a" if seat == 2 else "L"
        net.send(conn, ends[conn].intent(rnd.choice(ends[conn].views[seat].legal)))
    local.take_notices()
    remote.take_notices()
    net.deliver(host.rematch(net.now, 5))
    net.pump()
    assert [e.ready for e in host.seat_table()] == [True, True, False]
    assert host.can_start() == (False, "Waiting for Ann to be ready")
    assert host.can_start(require_ready=False) == (True, "Ready to start")
    assert local.take_notices() == []
    assert [n.text for n in remote.take_notices()] == [NEW_GAME_NOTICE]
    assert local.game_no == remote.game_no == 1 and not local.started


def test_a_peer_never_takes_a_step_or_snapshot_of_another_game() -> None:
    host, net, peers = table(2, seed=3)
    play_to_the_end(host, net, peers, 1)
    old_public = [x for x in net.got[0] if isinstance(x, m.StepMsg) and x.seat is None]
    net.deliver(host.rematch(net.now, 8))
    net.pump()
    p = peers[0]
    # a late step and a snapshot of the first game (same numbers the new game will use)
    for msg in old_public[:3]:
        assert p.receive(msg, net.now) == []
    assert p.receive(m.Snapshot(0, None, old_public[0].view, old_public[0].hash, ()), net.now) == []
    assert p.views == {} and p.hashes == {} and p.take_steps() == []
    # and an intent made in the old game, if one was still on its way, is refused by the host
    assert p.intent(Pass(0)).game_no == 1


def test_a_peer_away_during_the_rematch_catches_up_on_its_rejoin() -> None:
    host, net, peers = table(2, seed=3)
    play_to_the_end(host, net, peers, 1)
    token = peers[1].token
    net.drop(1)
    net.deliver(host.rematch(net.now, 11))
    net.pump()
    assert host.can_start() == (False, "Waiting for P1 to reconnect")
    back = peers[1]                       # the same PeerCore, still holding the first game
    assert back.game_no == 0 and back.views
    back.lost()
    net.join(11, back)
    assert back.game_no == 1 and back.views == {} and not back.started
    assert back.token == token and back.seats == (1,)
    assert [n.text for n in back.take_notices()] == [NEW_GAME_NOTICE]
    for c, p in ((0, peers[0]), (11, back)):
        net.send(c, p.set_ready(True))
    net.deliver(host.start(net.now))
    net.pump()
    ends = {0: peers[0], 11: back}
    rnd = random.Random(4)
    while host.to_act():
        seat = rnd.choice(sorted(host.to_act()))
        conn = 0 if seat == 0 else 11
        net.send(conn, ends[conn].intent(rnd.choice(ends[conn].views[seat].legal)))
    truth = truth_hashes(ENGINE, GuessConfig(2), 11, host.log)
    assert peers[0].hashes == back.hashes == truth


def test_a_save_after_a_rematch_resumes_the_second_game() -> None:
    host, net, peers = table(3, seed=3)
    play_to_the_end(host, net, peers, 1)
    record = host.seat_record()
    net.deliver(host.rematch(net.now, 77))
    net.pump()
    assert host.seat_record() != record          # the autosave rewrites itself
    lobby = HostCore.restore(ENGINE, host.save(), token_factory=counter_tokens())
    assert not lobby.started and lobby.game_no == 1 and lobby.seed == 77 and lobby.step == 0
    for c, p in peers.items():
        net.send(c, p.set_ready(True))
    net.deliver(host.start(net.now))
    net.pump()
    play(host, net, peers, 4, random.Random(6))
    assert host.to_act()
    again = HostCore.restore(ENGINE, host.save(), now=5.0, token_factory=counter_tokens())
    assert again.game_no == 1 and again.seed == 77 and again.started
    assert again.state == host.state and again.log == host.log
    # peers come back (a fresh client with only its token, too) and play on, in game 1
    net2 = LoopNet(again)
    back = {c: PeerCore(ENGINE, f"P{c}", token=peers[c].token) for c in peers}
    for c, p in back.items():
        net2.join(c, p)
        assert p.game_no == 1 and p.views[None].number == host.step
    play(again, net2, back, 3, random.Random(9))
    assert again.step == host.step + 3
    assert all(p.views[None].hash == again.public_hash() for p in back.values())


def test_old_saves_are_the_first_game() -> None:
    host, net, peers = table(2, seed=3)
    raw = msgpack.unpackb(host.save(), raw=False)
    del raw["game_no"]
    again = HostCore.restore(ENGINE, msgpack.packb(raw, use_bin_type=True))
    assert again.game_no == 0
    raw["game_no"] = "two"
    with pytest.raises(SaveError, match="game number"):
        HostCore.restore(ENGINE, msgpack.packb(raw, use_bin_type=True))


def test_ready_is_a_lobby_message_again_after_a_rematch() -> None:
    host, net, peers = table(2, seed=3)
    play_to_the_end(host, net, peers, 1)
    net.deliver(host.rematch(net.now, 8))
    net.pump()
    out = host.receive(0, m.Ready(True), net.now)
    assert only(out, 1, m.SeatUpdate).seats[0].ready is True
