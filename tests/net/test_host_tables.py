"""HostCore's tables over time, with the toy engine and whole games of Kabooom!: saving and restoring a
table, games played to their end, and the lobby (seats, readiness, the start)."""
from __future__ import annotations

import random

import msgpack
import pytest
from fake_engine import (
    GuessConfig,
    GuessEngine,
    LoopNet,
    counter_tokens,
    hello,
    make_host,
    only,
    play,
    start,
)
from fake_engine import started_table as table

from net import messages as m
from net.host_core import HostCore, HostSeat, SaveError, StartError
from net.peer_core import PeerCore
from net.protocol import PROTOCOL_VERSION

ENGINE = GuessEngine()


# -- save and restore --------------------------------------------------------------------------------

def test_save_and_restore_replays_the_same_game_and_tokens_still_work() -> None:
    host, net, peers = table(3, seed=21)
    play(host, net, peers, 5, random.Random(2))
    assert host.to_act()
    data = host.save()
    assert isinstance(data, bytes)
    again = HostCore.restore(ENGINE, data, now=50.0, token_factory=counter_tokens())
    assert again.state == host.state and again.log == host.log and again.step == host.step
    assert again.public_hash() == host.public_hash()
    assert all(not e.connected for e in again.seat_table())
    assert [e.name for e in again.seat_table()] == [e.name for e in host.seat_table()]
    assert again.paused_on() == host.to_act()
    net2 = LoopNet(again)
    back = {c: PeerCore(ENGINE, f"P{c}", token=peers[c].token) for c in peers}
    for c, p in back.items():
        net2.join(c, p)
        assert p.seats == peers[c].seats and p.views[c].view == peers[c].views[c].view
    play(again, net2, back, 3, random.Random(9))
    assert again.step == host.step + 3
    # a stranger's token is still refused
    out = again.receive("x", hello(token=b"\x55" * 16), 0.0)
    assert only(out, "x", m.Refused).code == "bad_token"


def test_restore_keeps_the_host_token_and_bot_reservations() -> None:
    host = make_host(2, [HostSeat("local", "Host"), HostSeat("open")])
    out = host.receive("b", hello("B"), 0.0)
    b_token = only(out, "b", m.Welcome).token
    host.disconnect("b", 1.0)
    host.hand_to_bot(1, "easy", 2.0)
    again = HostCore.restore(ENGINE, host.save())
    assert again.local_token == host.local_token
    assert only(again.receive("L", hello(token=host.local_token), 0.0), "L", m.Welcome).seats == (0, 1)
    out = again.receive("b2", hello(token=b_token), 0.0)
    assert only(out, "b2", m.Welcome).seats == (1,)
    assert only(out, "L", m.Welcome).seats == (0,)


@pytest.mark.parametrize("damage", ["junk", "other game", "bad move", "bad seats", "version"])
def test_damaged_saves_are_refused(damage: str) -> None:
    host, net, peers = table(2, seed=4)
    play(host, net, peers, 4, random.Random(1))
    raw = msgpack.unpackb(host.save(), raw=False)
    if damage == "junk":
        data = b"\xc1\x00garbage"
    else:
        if damage == "other game":
            raw["game"] = "kabooom"
        elif damage == "bad move":
            raw["actions"].insert(0, ["pass", 1])        # not seat 2's turn at the start
        elif damage == "bad seats":
            raw["seats"] = raw["seats"][:1]
        else:
            raw["v"] = 99
        data = msgpack.packb(raw, use_bin_type=True)
    with pytest.raises(SaveError):
        HostCore.restore(ENGINE, data)


def test_the_seed_must_fit_a_save() -> None:
    with pytest.raises(ValueError):
        HostCore(ENGINE, GuessConfig(2), 2**64, [HostSeat("open")] * 2)
    with pytest.raises(ValueError):
        HostCore(ENGINE, GuessConfig(2), 1, [HostSeat("open")])
    with pytest.raises(ValueError):
        HostSeat("alien")


# -- whole games of Kabooom! -------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "difficulty", "level", "seed"),
                         [(4, "easy", "easy", 1), (4, "medium", "medium", 2), (3, "hard", "easy", 3),
                          (2, "medium", "easy", 4)])
def test_kabooom_bot_games_through_the_host(players, difficulty, level, seed) -> None:
    """The host's client plus remote peers, each a NetSession whose bot chooses from the view it
    received over the wire; every peer holds the host's public hash and its seat's exact view at
    every step, and the game ends with the host's outcome."""
    rules = pytest.importorskip("game.kabooom.rules")
    bot_module = pytest.importorskip("game.kabooom.bot")
    from game.core.engine import canonical
    from net.session import NetSession

    engine = rules.KabooomEngine()
    config = rules.KabooomConfig(players, difficulty)
    plan = [HostSeat("local", "Host"), *[HostSeat("open")] * (players - 1)]
    host = HostCore(engine, config, seed, plan, counter_tokens())
    net = LoopNet(host)
    sessions = {"host": NetSession(engine, PeerCore(engine, "host", token=host.local_token),
                                   net.sender("host"))}
    for i in range(1, players):
        sessions[i] = NetSession(engine, PeerCore(engine, f"P{i}"), net.sender(i))
    for conn, session in sessions.items():
        net.join(conn, session)
    net.deliver(host.start(0.0, require_ready=False))
    net.pump()
    bots = {seat: bot_module.make_bot(level, seat, seed * 10 + seat) for seat in range(players)}
    owner = {seat: conn for conn, s in sessions.items() for seat in s.local_seats}
    assert sorted(owner) == list(range(players))
    steps = 0
    while host.to_act():
        assert steps < 2000, "the game does not end"
        (seat,) = host.to_act()
        session = sessions[owner[seat]]
        assert session.to_act() == {seat}
        session.submit(bots[seat].choose(session.view(seat), session.legal_actions(seat)))
        net.pump()
        steps += 1
        assert host.step == steps
        for s in sessions.values():
            assert s.step == steps and s.peer.views[None].hash == host.public_hash()
            for mine in s.local_seats:
                assert canonical(s.view(mine)) == canonical(engine.view(host.state, mine))
    outcome = engine.outcome(host.state)
    assert outcome is not None
    for s in sessions.values():
        assert s.outcome() == outcome and s.notices() == []
        assert [st.number for st in s.poll()] == list(range(1, steps + 1))
    assert engine.replay(config, seed, host.log) == host.state


def test_watchers_leave_no_tokens_behind() -> None:
    host = make_host(2)
    for i in range(50):
        out = host.receive(i, hello(want=0), 0.0)
        token = only(out, i, m.Welcome).token
        host.disconnect(i, 1.0)
    assert len(msgpack.unpackb(host.save(), raw=False)["holders"]) == 1   # the host's own
    assert only(host.receive("x", hello(token=token), 2.0), "x", m.Refused).code == "bad_token"
    assert only(host.receive("y", hello(want=0), 2.0), "y", m.Welcome).seats == ()


def test_too_many_watchers_are_refused() -> None:
    host = make_host(2)
    for i in range(8):
        host.receive(i, hello(want=0), 0.0)
    refused = only(host.receive("late", hello(want=0), 0.0), "late", m.Refused)
    assert refused.code == "full" and "spectators" in refused.text


# -- the lobby -------------------------------------------------------------------------------------

def test_the_lobby_waits_for_players_then_for_ready_then_starts() -> None:
    host = make_host(3, [HostSeat("local", "Host"), HostSeat("open"), HostSeat("open")])
    net = LoopNet(host)
    local = PeerCore(ENGINE, "host", token=host.local_token)
    net.join("L", local)
    assert host.can_start() == (False, "Waiting for 2 players")
    with pytest.raises(StartError, match="Waiting for 2 players"):
        host.start(0.0)
    a, b = PeerCore(ENGINE, "Ann"), PeerCore(ENGINE, "Bob")
    net.join("a", a)
    assert host.can_start() == (False, "Waiting for 1 player")
    net.join("b", b)
    assert host.can_start() == (False, "Waiting for Ann and Bob to be ready")
    net.send("a", a.set_ready(True))
    assert [e.ready for e in host.seat_table()] == [True, True, False]
    assert b.seat_table[1].ready and not b.started
    assert host.can_start() == (False, "Waiting for Bob to be ready")
    net.send("b", b.set_ready(True))
    net.send("b", b.set_ready(False))
    assert host.can_start()[0] is False
    net.send("b", b.set_ready(True))
    assert host.can_start() == (True, "Ready to start")
    assert all(p.views == {} for p in (local, a, b))        # nothing to see before the start
    net.deliver(host.start(1.0))
    net.pump()
    assert host.started and host.step == 0
    for conn, peer in (("L", local), ("a", a), ("b", b)):
        first = [x for x in net.got[conn] if isinstance(x, m.StepMsg)]
        assert [(x.number, x.seat) for x in first] == [(0, peer.seats[0]), (0, None)]
        assert peer.started and peer.take_steps() == [] and peer.views[None].to_act == {0, 1, 2}
        assert peer.seat_table == host.seat_table()
    assert host.can_start() == (False, "The game has started")
    with pytest.raises(StartError):
        host.start(2.0)
    # no seat for latecomers, but watchers are welcome and see the table at once
    late = PeerCore(ENGINE, "Late")
    net.join("late", late)
    assert late.phase == "refused" and late.refusal.code == "started"
    watcher = PeerCore(ENGINE, "W", want=0)
    net.join("w", watcher)
    assert watcher.views[None].number == 0 and watcher.started


def test_intents_and_snapshots_wait_for_the_start() -> None:
    host = make_host(2)
    host.receive("a", hello(), 0.0)
    host.receive("b", hello(), 0.0)
    out = host.receive("a", m.Intent(0, 0, ["ready", 0]), 0.0)
    refusal = only(out, "a", m.IntentRefused)
    assert refusal.code == "not_started" and host.step == 0 and not out.to("b")
    assert only(host.receive("a", m.SnapshotRequest(0), 0.0), "a", m.ErrorMsg).code == "not_started"
    start(host)
    out = host.receive("a", m.Intent(1, 0, ["ready", 0]), 0.0)
    assert host.step == 1 and not [x for x in out.to("a") if isinstance(x, m.IntentRefused)]


def test_start_can_fill_the_open_seats_with_bots() -> None:
    host = make_host(3, [HostSeat("local", "Host"), HostSeat("open"), HostSeat("open")])
    net = LoopNet(host)
    local = PeerCore(ENGINE, "host", token=host.local_token)
    net.join("L", local)
    a = PeerCore(ENGINE, "Ann")
    net.join("a", a)
    net.send("a", a.set_ready(True))
    assert host.can_start(fill_open=True) == (True, "Ready to start")
    net.deliver(host.start(0.0, fill_open_with="hard"))
    net.pump()
    table = host.seat_table()
    assert [(e.kind, e.level) for e in table] == [("human", ""), ("human", ""), ("bot", "hard")]
    assert local.seats == (0, 2) and set(local.views) == {0, 2, None}
    assert a.views[None].number == 0


def test_in_the_lobby_a_bye_frees_the_seat_but_a_drop_keeps_it() -> None:
    host = make_host(3)
    net = LoopNet(host)
    a, b = PeerCore(ENGINE, "Ann"), PeerCore(ENGINE, "Bob")
    net.join("a", a)
    net.join("b", b)
    net.send("b", b.set_ready(True))
    net.send("a", a.bye("changed my mind"))
    assert [e.kind for e in host.seat_table()] == ["open", "human", "open"]
    again = PeerCore(ENGINE, "Ann", token=a.token)
    net.join("a2", again)
    assert again.phase == "refused" and again.refusal.code == "bad_token"
    net.drop("b")
    seat = host.seat_table()[1]
    assert seat.kind == "human" and not seat.connected and not seat.ready
    assert host.away(5.0) == [(1, 5.0)]
    back = PeerCore(ENGINE, "Bob", token=b.token)
    net.join("b2", back)
    assert back.seats == (1,) and host.seat_table()[1].connected and not back.views


def test_a_peer_can_join_as_a_bot() -> None:
    host = make_host(2, [HostSeat("local", "Host"), HostSeat("open")])
    net = LoopNet(host)
    local = PeerCore(ENGINE, "host", token=host.local_token)
    net.join("L", local)
    bot = PeerCore(ENGINE, "Robo", bot="medium")
    net.join("r", bot)
    entry = host.seat_table()[1]
    assert (entry.kind, entry.level, entry.ready, entry.connected) == ("bot", "medium", True, True)
    assert host.can_start() == (True, "Ready to start")
    net.deliver(host.start(0.0))
    net.pump()
    # it drops; the host's bot keeps the seat warm and gives it back, still a bot of its level
    net.drop("r")
    assert host.overdue(100.0, 30.0) == [1]
    net.deliver(host.hand_to_bot(1, "easy", 100.0))
    net.pump()
    assert local.seats == (0, 1) and host.seat_table()[1].level == "easy"
    back = PeerCore(ENGINE, "Robo", token=bot.token, bot="medium")
    net.join("r2", back)
    assert back.seats == (1,) and local.seats == (0,)
    assert (host.seat_table()[1].kind, host.seat_table()[1].level) == ("bot", "medium")
    saved = HostCore.restore(ENGINE, host.save())
    assert (saved.seat_table()[1].kind, saved.seat_table()[1].level) == ("bot", "medium")
    out = saved.receive("r3", hello("Robo", token=bot.token), 0.0)
    assert only(out, "r3", m.Welcome).seats == (1,)


def test_a_lobby_saves_and_restores_as_a_lobby() -> None:
    host = make_host(2)
    host.receive("a", hello("Ann"), 0.0)
    again = HostCore.restore(ENGINE, host.save())
    assert not again.started and again.seat_table()[0].name == "Ann"
    assert again.can_start() == (False, "Waiting for 1 player")
    # a save from before the lobby existed (no "started") is a game under way
    raw = msgpack.unpackb(host.save(), raw=False)
    del raw["started"]
    raw["holders"] = [h[:2] for h in raw["holders"]]
    assert HostCore.restore(ENGINE, msgpack.packb(raw, use_bin_type=True)).started


def test_query_answers_what_the_table_is() -> None:
    host = make_host(3, [HostSeat("local", "Hostess"), HostSeat("open"), HostSeat("open")])
    assert only(host.receive("q", m.Query(), 0.0), "q", m.TableInfo) == m.TableInfo(
        PROTOCOL_VERSION, "guess", 3, 2, False, "host")
    assert host.joined() == []
