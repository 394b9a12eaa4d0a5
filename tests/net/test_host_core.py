"""HostCore with the toy engine: joining, leaving and coming back, intents and their refusals, steps (saves, whole
games and the lobby are test_host_tables.py's)."""
from __future__ import annotations

import random

import pytest
from fake_engine import (
    Guess,
    GuessConfig,
    GuessEngine,
    LoopNet,
    Pass,
    Ready,
    counter_tokens,
    hello,
    make_host,
    only,
    play,
    start,
)
from fake_engine import started_table as table

from game.core.engine import view_hash
from game.core.errors import IllegalActionError
from net import messages as m
from net.delta import apply
from net.host_core import LIVE_FOR, MOVED, HostCore, HostSeat, SeatError
from net.peer_core import PeerCore
from net.protocol import PROTOCOL_VERSION, FrameTooLarge, MalformedFrame

ENGINE = GuessEngine()


# -- joining -------------------------------------------------------------------------------------------

def test_join_in_the_lobby_gets_welcome_and_the_seat_table_but_no_views() -> None:
    host = make_host()
    out = host.receive("a", hello(), 0.0)
    welcome = only(out, "a", m.Welcome)
    assert welcome.seats == (0,) and welcome.players == 3 and welcome.step == 0
    assert welcome.game == "guess" and ENGINE.configs.decode(welcome.config) == GuessConfig(3)
    assert not [x for x in out.to("a") if isinstance(x, (m.Snapshot, m.StepMsg))]
    update = only(out, "a", m.SeatUpdate)
    assert update.started is False
    seats = update.seats
    assert [(s.kind, s.connected) for s in seats] == [("human", True), ("open", False), ("open", False)]
    assert seats[0].name == "Ann" and seats[0].ready is False
    assert not out.closes and not host.started and host.to_act() == frozenset()


def test_join_after_the_start_gets_snapshots() -> None:
    host = make_host(2, [HostSeat("open"), HostSeat("bot", "B", "easy")])
    token = only(host.receive("a", hello(), 0.0), "a", m.Welcome).token
    start(host)
    out = host.receive("w", hello(want=0), 0.0)
    assert [x.seat for x in out.to("w") if isinstance(x, m.Snapshot)] == [None]
    out = host.receive("a2", hello(token=token), 10.0)      # "a" silent for 10 s: gone
    snaps = [x for x in out.to("a2") if isinstance(x, m.Snapshot)]
    assert [s.seat for s in snaps] == [0, None]             # its seat, then the public view
    assert snaps[0].view == ENGINE.view(host.state, 0) and snaps[0].legal == (["ready", 0],)
    assert snaps[1].hash == host.public_hash() == view_hash(snaps[1].view)
    assert only(out, "a2", m.SeatUpdate).started is True


def test_tokens_are_distinct_and_the_default_factory_is_random() -> None:
    host = HostCore(ENGINE, GuessConfig(2), 1, [HostSeat("open")] * 2)
    a = only(host.receive(1, hello(), 0.0), 1, m.Welcome).token
    b = only(host.receive(2, hello(), 0.0), 2, m.Welcome).token
    assert len({a, b, host.local_token}) == 3 and all(len(t) == 16 for t in (a, b))


def test_everyone_hears_of_a_new_player() -> None:
    host = make_host()
    host.receive("a", hello("Ann"), 0.0)
    out = host.receive("b", hello("Bob"), 0.0)
    update = only(out, "a", m.SeatUpdate)
    assert [s.name for s in update.seats] == ["Ann", "Bob", ""]
    assert out.to("a") == [update]          # and nothing else: no views of Bob's seat


def test_preferred_seats_and_several_seats_per_connection() -> None:
    host = make_host(4)
    assert only(host.receive("a", hello(want=2, prefer=(3, 3, 1)), 0.0), "a", m.Welcome).seats == (1, 3)
    assert only(host.receive("b", hello(want=1, prefer=(1,)), 0.0), "b", m.Welcome).seats == (0,)
    out = host.receive("c", hello(want=0), 0.0)
    assert only(out, "c", m.Welcome).seats == ()


def test_a_full_table_refuses_and_closes() -> None:
    host = make_host(2)
    host.receive("a", hello(want=2), 0.0)
    out = host.receive("b", hello(), 0.0)
    refused = only(out, "b", m.Refused)
    assert refused.code == "full" and "full" in refused.text
    assert out.closes == ["b"] and "b" not in host.joined()


def test_asking_for_more_seats_than_are_open_is_refused() -> None:
    host = make_host(3)
    host.receive("a", hello(), 0.0)
    refused = only(host.receive("b", hello(want=3), 0.0), "b", m.Refused)
    assert refused.code == "full" and "only 2 seat(s) are open" in refused.text


def test_wrong_game_and_wrong_version() -> None:
    host = make_host()
    out = host.receive("a", hello(game="kabooom"), 0.0)
    assert only(out, "a", m.Refused).code == "wrong_game" and out.closes == ["a"]
    raw = m.encode(hello())
    raw["version"] = 99
    out = host.receive_raw("b", raw, 0.0)
    refused = only(out, "b", m.Refused)
    assert refused.code == "wrong_version" and "not 99" in refused.text and out.closes == ["b"]
    # built in-process with another version: the same answer
    out = host.receive("c", m.Hello(PROTOCOL_VERSION + 1, "x", "guess"), 0.0)
    assert only(out, "c", m.Refused).code == "wrong_version"
    assert host.joined() == []


def test_unknown_token_is_refused() -> None:
    host = make_host()
    out = host.receive("a", hello(token=b"\x99" * 16), 0.0)
    assert only(out, "a", m.Refused).code == "bad_token" and out.closes == ["a"]


def test_hello_twice_is_an_error_not_a_second_join() -> None:
    host = make_host()
    host.receive("a", hello(), 0.0)
    out = host.receive("a", hello(), 0.0)
    assert only(out, "a", m.ErrorMsg).code == "already_joined"
    assert host.conn_seats("a") == (0,) and host.seat_table()[1].kind == "open"


def test_bad_messages_get_an_error_and_the_connection_stays() -> None:
    host = make_host()
    out = host.receive_raw("a", {"t": "hello", "version": PROTOCOL_VERSION, "name": "A", "game": "guess", "x": 1}, 0.0)
    err = only(out, "a", m.ErrorMsg)
    assert err.code == "bad_message" and "unknown field 'x'" in err.text and not out.closes
    out = host.receive_raw("a", m.encode(hello()), 0.0)
    assert only(out, "a", m.Welcome).seats == (0,)


def test_host_only_messages_from_a_peer_are_unexpected() -> None:
    host = make_host()
    host.receive("a", hello(), 0.0)
    out = host.receive("a", m.Snapshot(0, None, {}, b"\x00" * 8, ()), 0.0)
    assert only(out, "a", m.ErrorMsg).code == "unexpected"
    assert host.receive("a", m.ErrorMsg("oops", "peer complains"), 0.0).sends == []


def test_framing_errors() -> None:
    host = make_host()
    host.receive("a", hello(), 0.0)
    out = host.protocol_error("a", MalformedFrame("not a valid msgpack message"), 1.0)
    assert only(out, "a", m.ErrorMsg).code == "bad_frame" and not out.closes
    host.receive("b", hello(), 0.0)
    out = host.protocol_error("b", FrameTooLarge("frame length 9999999 exceeds 65536"), 2.0)
    assert out.closes == ["b"] and "b" not in host.joined()
    assert not host.seat_table()[1].connected
    assert only(out, "a", m.SeatUpdate).seats[1].connected is False


def test_snapshot_request() -> None:
    host = make_host()
    host.receive("a", hello(want=2), 0.0)
    host.receive("b", hello(), 0.0)
    out = host.receive("a", m.SnapshotRequest(0), 0.0)
    assert only(out, "a", m.ErrorMsg).code == "not_started"
    start(host)
    out = host.receive("a", m.SnapshotRequest(0), 0.0)
    assert [s.seat for s in out.to("a")] == [0, 1, None]
    assert only(host.receive("z", m.SnapshotRequest(0), 0.0), "z", m.ErrorMsg).code == "not_joined"


def test_ping_is_answered_and_the_host_measures_its_peers() -> None:
    host = make_host()
    host.receive("a", hello(), 0.0)
    assert host.receive("a", m.Ping(5.0), 10.0).to("a") == [m.Pong(5.0, 10.0, 10.0)]
    (ping,) = host.ping_due(20.0).to("a")
    # the peer's clock runs 100 s behind; 10 ms each way
    host.receive("a", m.Pong(ping.t0, 20.01 - 100, 20.01 - 100), 20.02)
    assert host.latency.offset_to_host("a") == pytest.approx(100.0)
    assert host.latency.rtt("a") == pytest.approx(0.02)


# -- leaving and coming back -----------------------------------------------------------------------

def test_a_dropped_seat_pauses_the_game_and_a_rejoin_by_token_resumes_it() -> None:
    host, net, peers = table(3)
    token = peers[1].token
    net.drop(1)
    assert host.seat_table()[1].connected is False
    assert net.got[0][-1] == m.SeatUpdate(host.seat_table(), started=True)
    assert host.paused_on() == {1}             # seat 1 must say Ready
    net.send(0, peers[0].intent(Ready(0)))
    refusal = peers[0].refusals[-1]
    assert refusal.code == "paused" and "seat 2" in refusal.text and host.step == 0
    back = PeerCore(ENGINE, "P1 again", token=token)
    net.join(10, back)
    assert back.phase == "joined" and back.seats == (1,) and back.token == token
    assert back.views[1].view == ENGINE.view(host.state, 1)
    assert host.paused_on() == frozenset()
    net.send(0, peers[0].intent(Ready(0)))
    assert host.step == 1


def test_rejoin_while_the_old_connection_lingers_replaces_it() -> None:
    host, net, peers = table(2)
    host.receive(1, m.Pong(0.0, 0.0, 0.0), 1.0)             # last heard from at 1.0
    out = host.receive("new", hello(token=peers[1].token), 1.0 + LIVE_FOR)
    assert out.to(1) == [m.Bye(MOVED)] and 1 in out.closes   # told why, in words
    assert host.conn_seats("new") == (1,) and 1 not in host.joined()
    # the old stream closing later must not mark the seat away
    host.disconnect(1, 8.0)
    assert host.seat_table()[1].connected


def test_a_hello_for_a_seat_whose_connection_still_answers_is_refused() -> None:
    host, net, peers = table(2)
    host.receive(1, m.Pong(0.0, 0.0, 0.0), 1.0)
    out = host.receive("replay", hello(token=peers[1].token), 1.0 + LIVE_FOR - 0.5)
    refused = only(out, "replay", m.Refused)
    assert refused.code == "in_use" and "still answers" in refused.text
    assert "replay" in out.closes and out.to(1) == [] and 1 not in out.closes
    assert host.conn_seats(1) == (1,) and host.conn_seats("replay") == ()
    # seat 1 plays on, through its own connection
    net.send(1, peers[1].intent(Ready(1)))
    assert host.step == 1 and peers[1].views[None].number == 1


def test_the_hosts_own_token_is_good_only_on_its_in_memory_connection() -> None:
    host = make_host(2, [HostSeat("local", "Host"), HostSeat("open")])
    host.connect("stranger", ("10.0.0.9", 5000), 0.0)
    out = host.receive("stranger", hello(token=host.local_token), 0.0)
    assert only(out, "stranger", m.Refused).code == "bad_token"
    assert host.seat_table()[0].connected is False
    # the host's client, which never connect()s, joins with it as ever
    assert only(host.receive("local", hello(token=host.local_token), 0.0), "local",
                m.Welcome).seats == (0,)


def test_a_bye_frees_nothing_but_marks_the_seat_away() -> None:
    host, net, peers = table(2)
    net.send(1, peers[1].bye("dinner"))
    assert 1 in net.closed and host.seat_table()[1].kind == "human"
    assert not host.seat_table()[1].connected


def test_an_away_seat_goes_to_a_bot_and_back_to_its_player() -> None:
    host = make_host(3, [HostSeat("local", "Host"), HostSeat("open"), HostSeat("open")])
    net = LoopNet(host)
    local = PeerCore(ENGINE, "host", token=host.local_token)
    a, b = PeerCore(ENGINE, "A"), PeerCore(ENGINE, "B")
    net.join("local", local)
    net.join("a", a)
    net.join("b", b)
    net.deliver(host.start(0.0, require_ready=False))
    net.pump()
    assert local.seats == (0,)
    net.now = 10.0
    net.drop("b")
    assert host.overdue(20.0, 30.0) == [] and host.overdue(40.0, 30.0) == [2]
    with pytest.raises(SeatError):
        host.hand_to_bot(1, "easy", 40.0)      # A is connected
    with pytest.raises(SeatError):
        host.hand_to_bot(0, "easy", 40.0)      # played at the host
    net.deliver(host.hand_to_bot(2, "easy", 40.0))
    net.pump()
    assert local.seats == (0, 2) and 2 in local.views
    assert local.seat_table[2].kind == "bot" and local.seat_table[2].connected
    assert host.paused_on() == frozenset()
    with pytest.raises(SeatError):
        host.hand_to_bot(2, "hard", 41.0)
    # B comes back and takes the seat over again
    back = PeerCore(ENGINE, "B", token=b.token)
    net.join("b2", back)
    assert back.seats == (2,) and local.seats == (0,) and 2 not in local.views
    assert host.seat_table()[2].kind == "human" and host.seat_table()[2].name == "B"


def test_an_open_seat_can_be_given_to_a_bot() -> None:
    host = make_host(2, [HostSeat("local", "Host"), HostSeat("open")])
    net = LoopNet(host)
    local = PeerCore(ENGINE, "host", token=host.local_token)
    net.join("local", local)
    net.deliver(host.hand_to_bot(1, "easy", 0.0))
    net.pump()
    assert local.seats == (0, 1) and host.seat_table()[1].kind == "bot"


# -- intents -------------------------------------------------------------------------------------------

def snapshot_of(host: HostCore) -> tuple:
    return (host.engine.clone(host.state), host.step, host.public_hash(),
            [view_hash(host.view(s)) for s in range(host.config.players)])


def test_refusals_change_nothing_and_tell_only_the_sender() -> None:
    host, net, peers = table(3)
    for c in range(3):
        net.send(c, peers[c].intent(Ready(c)))
    assert host.step == 3 and host.to_act() == {0}
    before = snapshot_of(host)
    now_step = host.step
    cases = [
        (1, m.Intent(100, now_step, ENGINE.actions.encode(Pass(0))), "not_your_seat", "seat 1 is not"),
        (0, m.Intent(101, now_step - 1, ENGINE.actions.encode(Pass(0))), "stale", "made at step 2"),
        (0, m.Intent(102, now_step + 5, ENGINE.actions.encode(Pass(0))), "stale", "on to step 3"),
        (0, m.Intent(103, now_step, ENGINE.actions.encode(Guess(0, 0, 1))), "illegal", "not a legal"),
        (1, m.Intent(104, now_step, ENGINE.actions.encode(Pass(1))), "illegal", "not seat 2's turn"),
        (0, m.Intent(105, now_step, ["guess", 0, 1]), "malformed", "guess: expected 3 fields"),
        (0, m.Intent(106, now_step, ["fly", 0]), "malformed", "unknown kind"),
        (0, m.Intent(107, now_step, ["pass", "zero"]), "malformed", "expected a whole number"),
    ]
    for conn, intent, code, text in cases:
        sizes = {c: len(net.sent[c]) for c in peers}
        net.send(conn, intent)
        refusal = net.got[conn][-1]
        assert isinstance(refusal, m.IntentRefused), (code, refusal)
        assert (refusal.ref, refusal.code) == (intent.ref, code) and text in refusal.text, refusal
        assert snapshot_of(host) == before
        for other in peers:
            assert len(net.sent[other]) == sizes[other] + (other == conn), (code, other)
    # and the table still plays (refs only grow: the hand-made ones above went past the peer's)
    net.send(0, m.Intent(200, host.step, ENGINE.actions.encode(Pass(0))))
    assert host.step == 4


def test_intents_before_joining_are_refused() -> None:
    host = make_host()
    out = host.receive("a", m.Intent(0, 0, ["ready", 0]), 0.0)
    assert only(out, "a", m.IntentRefused).code == "not_joined" and host.step == 0


def test_a_second_copy_of_an_intent_is_dropped_silently() -> None:
    host = make_host(2)
    host.receive("a", hello(), 0.0)
    host.receive("b", hello(), 0.0)
    start(host)
    intent = m.Intent(4, 0, ["ready", 0])
    first = host.receive("a", intent, 0.0)
    assert any(isinstance(x, m.StepMsg) for x in first.to("a")) and host.step == 1
    again = host.receive("a", m.Intent(4, 1, ["pass", 0]), 0.0)     # same ref: a copy
    older = host.receive("a", m.Intent(3, 1, ["pass", 0]), 0.0)     # overtaken
    assert not again and not older and host.step == 1


def test_after_the_end_every_intent_is_refused() -> None:
    host, net, peers = table(2, seed=3)
    rnd = random.Random(0)
    play(host, net, peers, 1000, rnd)
    assert host.engine.outcome(host.state) is not None
    out = host.receive(0, m.Intent(peers[0].intent(Pass(0)).ref, host.step, ["pass", 0]), 0.0)
    assert only(out, 0, m.IntentRefused).code == "game_over"


def test_an_engine_bug_is_contained() -> None:
    class Buggy(GuessEngine):
        def apply(self, state, action):
            state.scores[0] += 100          # half-done work, then a crash
            raise RuntimeError("oops")

    host = HostCore(Buggy(), GuessConfig(2), 1, [HostSeat("open")] * 2, counter_tokens())
    host.receive("a", hello(), 0.0)
    host.receive("b", hello(), 0.0)
    start(host)
    before = host.engine.clone(host.state)
    out = host.receive("a", m.Intent(0, 0, ["ready", 0]), 0.0)
    refusal = only(out, "a", m.IntentRefused)
    assert refusal.code == "error" and "RuntimeError" in refusal.text
    assert host.state == before and host.step == 0 and "oops" in host.faults[0]


def test_the_host_can_act_directly_and_illegal_moves_raise() -> None:
    host = make_host(2)
    host.receive("a", hello(), 0.0)
    with pytest.raises(IllegalActionError):
        host.act(Pass(0))
    out = host.act(Ready(1))
    assert host.step == 1 and [x.seat for x in out.to("a")] == [0, None]


# -- steps -----------------------------------------------------------------------------------------

def test_steps_are_numbered_and_every_peer_agrees_on_the_hash() -> None:
    host, net, peers = table(3)
    watcher = PeerCore(ENGINE, "W", want=0)
    net.join("w", watcher)
    rnd = random.Random(5)
    hashes = []
    while host.to_act():
        play(host, net, peers, 1, rnd)
        hashes.append(host.public_hash())
        for p in [*peers.values(), watcher]:
            assert p.views[None].hash == host.public_hash() and p.step == host.step
    for conn in [*peers, "w"]:
        public = [x for x in net.got[conn] if isinstance(x, m.StepMsg) and x.seat is None]
        if conn != "w":     # the players were there at the start; the watcher came later
            assert public[0].number == 0 and public[0].events == ()
            public = public[1:]
        assert [x.number for x in public] == list(range(1, host.step + 1))
        assert [x.hash for x in public] == hashes
    outcome = host.engine.outcome(host.state)
    assert all(p.views[None].outcome == outcome for p in peers.values())
    assert all(not p.take_notices() for p in peers.values())
    assert all(p.snapshot_requests == 0 for p in peers.values())


def test_each_connection_gets_its_seats_then_the_public_view() -> None:
    host = make_host(3)
    host.receive("a", hello(want=2), 0.0)
    host.receive("b", hello(), 0.0)
    host.receive("w", hello(want=0), 0.0)
    start(host)
    start_state = ENGINE.clone(host.state)
    out = host.receive("a", m.Intent(0, 0, ["ready", 1]), 0.0)
    a = out.to("a")
    assert [(x.seat, x.number) for x in a] == [(0, 1), (1, 1), (None, 1)]
    assert a[1].action == ["ready", 1] and a[0].action is None and a[2].action is None
    assert a[0].legal == (["ready", 0],) and a[1].legal == ()       # seat 1 is done
    assert a[0].to_act == (0, 2) == a[2].to_act
    b = out.to("b")
    assert [(x.seat, x.action) for x in b] == [(2, None), (None, None)]
    assert [x.seat for x in out.to("w")] == [None]
    assert all(x.view == ENGINE.view(host.state, x.seat) for x in a + b if x.seat is not None)
    # the public view goes as a patch of step 0's, which every connection holds
    public = a[2]
    assert public.view is None and public.patch is not None and public == b[1]
    assert apply(ENGINE.view(start_state, None), public.patch) == ENGINE.view(host.state, None)


def test_private_events_go_only_to_their_seat() -> None:
    host, net, peers = table(2, seed=11)
    for c in range(2):
        net.send(c, peers[c].intent(Ready(c)))
    digit = host.state.digits[1]
    wrong = (digit + 1) % 5
    net.send(0, peers[0].intent(Guess(0, 1, wrong)))
    step0 = [x for x in net.got[0] if isinstance(x, m.StepMsg) and x.number == 3]
    step1 = [x for x in net.got[1] if isinstance(x, m.StepMsg) and x.number == 3]
    hint = ["hint", 0, 1, digit > wrong]
    assert hint in step0[0].events and step0[0].seat == 0
    assert all(hint not in x.events for x in step1) and hint not in step0[-1].events
    (step,) = peers[0].take_steps()[-1:]
    assert step.number == 3 and step.action == Guess(0, 1, wrong)
    assert [type(e).__name__ for e in step.events] == ["Missed"]
    assert [type(e).__name__ for e in step.private[0]] == ["Missed", "Hint"]
    other = peers[1].take_steps()[-1]
    assert other.action is None and other.private == {}
