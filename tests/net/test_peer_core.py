"""PeerCore and NetSession: joining, the step streams, gaps and hash checks, intents, bots."""
from __future__ import annotations

import dataclasses
import itertools
import random

import pytest
from fake_engine import Guess, GuessConfig, GuessEngine, LoopNet, Pass, Ready
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.bots import BotDriver
from game.core.engine import view_hash
from game.core.errors import IllegalActionError
from game.core.session import SeatInfo, Step
from net import messages as m
from net.host_core import HostCore, HostSeat
from net.peer_core import NotJoinedError, PeerCore
from net.protocol import PROTOCOL_VERSION
from net.session import NetSession
from tests import sweep

ENGINE = GuessEngine()


def counter_tokens():
    ids = itertools.count(1)
    return lambda: next(ids).to_bytes(16, "big")


def host_with(players: int = 2, plan=None) -> HostCore:
    return HostCore(ENGINE, GuessConfig(players), 5, plan or [HostSeat("open")] * players,
                    counter_tokens())


def joined_pair():
    """A host, the peer under test on conn "p" (fed by hand), and a second player on "q"; started."""
    host = host_with(2)
    peer = PeerCore(ENGINE, "P")
    for msg in host.receive("p", peer.hello(), 0.0).to("p"):
        assert peer.receive(msg, 0.0) == []
    host.receive("q", m.Hello(PROTOCOL_VERSION, "Q", "guess"), 0.0)
    for msg in host.start(0.0, require_ready=False).to("p"):
        assert peer.receive(msg, 0.0) == []
    assert peer.take_steps() == []          # step 0 is the start, not a step
    return host, peer


def feed(peer: PeerCore, msgs: list[m.Message]) -> list[m.Message]:
    replies = []
    for msg in msgs:
        replies += peer.receive(msg, 0.0)
    return replies


def test_hello_and_welcome() -> None:
    peer = PeerCore(ENGINE, "x" * 40, want=2, prefer=(1,))
    hello = peer.hello()
    assert hello == m.Hello(PROTOCOL_VERSION, "x" * 32, "guess", None, 2, (1,))
    assert peer.phase == "joining"
    with pytest.raises(NotJoinedError):
        peer.intent(Ready(0))
    host = host_with(3)
    feed(peer, host.receive("p", hello, 0.0).to("p"))
    assert peer.phase == "joined" and peer.seats == (0, 1) and peer.config == GuessConfig(3)
    assert peer.views == {} and not peer.started            # the lobby: no views yet
    feed(peer, host.receive("q", m.Hello(PROTOCOL_VERSION, "Q", "guess"), 0.0).to("p"))
    feed(peer, host.start(0.0, require_ready=False).to("p"))
    assert peer.started and peer.take_steps() == []
    assert set(peer.views) == {0, 1, None} and peer.step == 0
    assert peer.views[0].legal == (Ready(0),) and peer.views[None].to_act == {0, 1, 2}
    assert len(peer.seat_table) == 3 and peer.take_notices() == []


def test_refused() -> None:
    peer = PeerCore(ENGINE, "P")
    feed(peer, [m.Refused("full", "the table is full")])
    assert peer.phase == "refused" and peer.refusal.code == "full"
    assert [n.code for n in peer.take_notices()] == ["full"]


def test_steps_assemble_from_the_seat_and_public_messages() -> None:
    host, peer = joined_pair()
    out = host.receive("p", peer.intent(Ready(0)), 0.0)
    assert peer.pending_seats() == {0}
    assert feed(peer, out.to("p")) == []
    assert peer.pending_seats() == frozenset()
    (step,) = peer.take_steps()
    assert step == Step(1, Ready(0), (), {})
    assert peer.views[0].number == peer.views[None].number == 1
    assert peer.views[0].legal == () and peer.views[None].to_act == {1}


def test_a_duplicate_step_is_ignored() -> None:
    host, peer = joined_pair()
    msgs = host.receive("q", m.Intent(0, 0, ["ready", 1]), 0.0).to("p")
    feed(peer, msgs)
    assert feed(peer, msgs) == [] and len(peer.take_steps()) == 1


def test_a_gap_asks_for_a_snapshot_and_waits_for_it() -> None:
    host, peer = joined_pair()
    host.receive("p", m.Intent(0, 0, ["ready", 0]), 0.0)            # step 1, lost on the way
    out = host.receive("q", m.Intent(0, 1, ["ready", 1]), 0.0).to("p")   # step 2
    replies = feed(peer, out)
    assert replies == [m.SnapshotRequest(0)]                      # once, not per message
    assert peer.awaiting_snapshot and peer.take_steps() == [] and peer.step == 0
    step3 = host.receive("p", m.Intent(1, 2, ["pass", 0]), 0.0).to("p")
    assert feed(peer, step3) == []                                # dropped while waiting
    snaps = host.receive("p", m.SnapshotRequest(0), 0.0).to("p")
    feed(peer, snaps)
    assert not peer.awaiting_snapshot and peer.step == 3 == host.step
    assert peer.views[0].view == ENGINE.view(host.state, 0)
    step4 = host.receive("q", m.Intent(1, 3, ["pass", 1]), 0.0).to("p")
    feed(peer, step4)
    assert [s.number for s in peer.take_steps()] == [4] and peer.snapshot_requests == 1


@pytest.mark.parametrize("damage", ["full view", "patch", "patch that does not fit", "no patch"])
def test_a_public_view_that_does_not_match_its_hash_asks_for_a_snapshot(damage: str) -> None:
    host, peer = joined_pair()
    seat_msg, public = host.receive("q", m.Intent(0, 0, ["ready", 1]), 0.0).to("p")
    assert public.view is None and public.patch is not None      # a patch of step 0's view
    full = ENGINE.view(host.state, None)
    if damage == "full view":
        tampered = dataclasses.replace(public, view={**full, "turn": 99}, patch=None)
    elif damage == "patch":
        tampered = dataclasses.replace(public, patch=["d", {"turn": ["=", 99]}, []])
    elif damage == "patch that does not fit":
        tampered = dataclasses.replace(public, patch=["l", {0: ["=", 1]}])
    else:
        tampered = dataclasses.replace(public, patch=None)
    assert feed(peer, [seat_msg, tampered]) == [m.SnapshotRequest(0)]
    assert peer.take_steps() == []
    # the snapshot puts it right, and the next patch applies to it
    feed(peer, host.receive("p", m.SnapshotRequest(0), 0.0).to("p"))
    assert peer.views[None].view == full and peer.step == 1
    feed(peer, host.receive("p", m.Intent(5, 1, ["ready", 0]), 0.0).to("p"))
    assert peer.step == 2 and peer.views[None].view == ENGINE.view(host.state, None)


def test_an_untampered_patch_rebuilds_the_view() -> None:
    host, peer = joined_pair()
    feed(peer, host.receive("q", m.Intent(0, 0, ["ready", 1]), 0.0).to("p"))
    assert peer.views[None].view == ENGINE.view(host.state, None) and peer.snapshot_requests == 0


def test_a_seat_message_with_another_hash_asks_for_a_snapshot() -> None:
    host, peer = joined_pair()
    seat_msg, public = host.receive("q", m.Intent(0, 0, ["ready", 1]), 0.0).to("p")
    odd = dataclasses.replace(seat_msg, hash=b"\x00" * 8)
    assert feed(peer, [odd, public]) == [m.SnapshotRequest(0)]


def test_a_step_for_someone_elses_seat_is_refused() -> None:
    host, peer = joined_pair()
    seat_msg, public = host.receive("q", m.Intent(0, 0, ["ready", 1]), 0.0).to("p")
    feed(peer, [dataclasses.replace(seat_msg, seat=1)])
    assert 1 not in peer.views and [n.code for n in peer.take_notices()] == ["unexpected"]


def test_an_unreadable_event_is_a_notice_and_a_resync() -> None:
    host, peer = joined_pair()
    seat_msg, public = host.receive("q", m.Intent(0, 0, ["ready", 1]), 0.0).to("p")
    bad = dataclasses.replace(public, events=(["meteor", 1],))
    assert feed(peer, [seat_msg, bad]) == [m.SnapshotRequest(0)]
    assert [n.code for n in peer.take_notices()] == ["bad_message"]


def test_refusals_become_notices_and_free_the_seat() -> None:
    host, peer = joined_pair()
    intent = peer.intent(Guess(0, 1, 3))
    assert peer.pending_seats() == {0}
    feed(peer, host.receive("p", intent, 0.0).to("p"))
    assert peer.pending_seats() == frozenset()
    assert peer.refusals[-1].code == "illegal"
    (notice,) = peer.take_notices()
    assert notice.code == "illegal" and notice.text.startswith("move refused: ")


def test_refs_increase_and_intents_name_the_present_step() -> None:
    host, peer = joined_pair()
    a, b = peer.intent(Ready(0)), peer.intent(Ready(0), pressed=12.5)
    assert (a.ref, b.ref) == (0, 1) and a.step == b.step == 0 and b.pressed == 12.5


def test_pings_are_answered_and_pongs_feed_the_clock() -> None:
    peer = PeerCore(ENGINE, "P")
    assert feed(peer, [m.Ping(1.0)]) == [m.Pong(1.0, 0.0, 0.0)]
    ping = peer.ping(10.0)
    peer.receive(m.Pong(ping.t0, 110.01, 110.01), 10.02)
    assert peer.clock.host_time(20.0) == pytest.approx(120.0)


def test_unreadable_and_unexpected_messages_are_notices() -> None:
    peer = PeerCore(ENGINE, "P")
    assert peer.receive_raw({"t": "nonsense"}, 0.0) == []
    feed(peer, [m.Hello(PROTOCOL_VERSION, "x", "guess"), m.ErrorMsg("bad_message", "what"), m.Bye("closing")])
    codes = [n.code for n in peer.take_notices()]
    assert codes == ["bad_message", "unexpected", "bad_message", "bye"] and peer.phase == "closed"


def test_a_welcome_for_another_game_is_not_taken() -> None:
    peer = PeerCore(ENGINE, "P")
    feed(peer, [m.Welcome(b"\x01" * 16, "kabooom", ["kabooom", 2, 0], 2, (0,), 0)])
    assert peer.phase == "new" and [n.code for n in peer.take_notices()] == ["wrong_game"]


# -- NetSession --------------------------------------------------------------------------------------

def session_table(players: int = 2):
    host = host_with(players)
    net = LoopNet(host)
    sessions = {}
    for c in range(players):
        s = NetSession(ENGINE, PeerCore(ENGINE, f"P{c}", prefer=(c,)), net.sender(c))
        sessions[c] = s
        net.join(c, s)
    assert not any(s.started for s in sessions.values())
    net.deliver(host.start(0.0, require_ready=False))
    net.pump()
    assert all(s.started for s in sessions.values())
    return host, net, sessions


def test_net_session_reads_like_a_local_session() -> None:
    host, net, sessions = session_table(2)
    s0 = sessions[0]
    assert s0.config == GuessConfig(2) and s0.local_seats == (0,) and s0.bot_seats == {}
    assert s0.step == 0 and s0.to_act() == {0, 1} and s0.legal_actions(0) == [Ready(0)]
    assert s0.legal_actions(1) == [] and s0.view(0) == ENGINE.view(host.state, 0)
    assert s0.view(None) == ENGINE.view(host.state, None)
    with pytest.raises(KeyError):
        s0.view(1)
    assert s0.seats() == (SeatInfo("P0", "human", "", True), SeatInfo("P1", "remote", "", True))
    s0.submit(Ready(0))
    assert s0.legal_actions(0) == []                     # on its way, not to be sent twice
    net.pump()
    assert s0.step == 1 == host.step and [st.action for st in s0.poll()] == [Ready(0)]
    assert [st.action for st in sessions[1].poll()] == [None]
    assert s0.to_act() == {1} and s0.notices() == []


def test_net_session_refuses_what_it_already_knows_is_wrong() -> None:
    host, net, sessions = session_table(2)
    with pytest.raises(IllegalActionError, match="not played on this client"):
        sessions[0].submit(Ready(1))
    with pytest.raises(IllegalActionError, match="not a legal move"):
        sessions[0].submit(Pass(0))
    assert net._queue == type(net._queue)() and host.step == 0


def test_a_race_lost_shows_as_a_notice_and_the_seat_may_move_again() -> None:
    host, net, sessions = session_table(2)
    sessions[0].submit(Ready(0))
    sessions[1].submit(Ready(1))         # both made at step 0: the second to arrive is stale
    net.pump()
    assert host.step == 1 and sessions[0].notices() == []
    assert sessions[1].notices() == ["move refused: too late: the move was made at step 0, "
                                     "the game has moved on to step 1"]
    assert sessions[1].legal_actions(1) == [Ready(1)]
    sessions[1].submit(Ready(1))
    net.pump()
    assert host.step == 2 and sessions[1].notices() == []


def test_bots_play_a_whole_game_over_net_sessions() -> None:
    host = host_with(3, [HostSeat("local", "Host"), HostSeat("bot", "Botty", "easy"), HostSeat("open")])
    net = LoopNet(host)
    local = NetSession(ENGINE, PeerCore(ENGINE, "host", token=host.local_token), net.sender("L"))
    remote = NetSession(ENGINE, PeerCore(ENGINE, "R"), net.sender("R"))
    net.join("L", local)
    net.join("R", remote)
    net.deliver(host.start(0.0, require_ready=False))
    net.pump()
    assert local.local_seats == (0, 1) and local.bot_seats == {1: "easy"}
    assert [s.kind for s in remote.seats()] == ["remote", "bot", "human"]
    bots = BotDriver(local, "fake_engine:make_bot", "fake_engine:GuessEngine", seed=3, inline=True)
    rnd = random.Random(4)
    for tick in range(2000):
        if local.outcome() is not None:
            break
        bots.update(float(tick))
        for session, seat in ((local, 0), (remote, 2)):
            legal = session.legal_actions(seat)
            if legal:
                session.submit(rnd.choice(legal))
        net.pump()
    assert local.outcome() == remote.outcome() == ENGINE.outcome(host.state) is not None
    assert local.step == remote.step == host.step
    steps = local.poll()
    assert [s.number for s in steps] == list(range(1, host.step + 1))
    # in the Ready phase all seats act at once: a move made at a step another seat has just
    # ended is refused as stale, and the seat simply moves again
    for note in local.notices() + remote.notices():
        assert note.startswith("move refused: too late"), note
    local.close()
    net.pump()
    assert "L" in net.closed and not host.seat_table()[0].connected


# -- a rejoin's missed steps ---------------------------------------------------------------------------

def rejoin_table():
    """A host whose own client plays seat 0 (and bots); peers A (seat 1) and B (seat 2); started."""
    host = host_with(3, [HostSeat("local", "Host"), HostSeat("open"), HostSeat("open")])
    net = LoopNet(host)
    local = PeerCore(ENGINE, "host", token=host.local_token)
    a, b = PeerCore(ENGINE, "A", prefer=(1,)), PeerCore(ENGINE, "B", prefer=(2,))
    for conn, peer in (("local", local), ("a", a), ("b", b)):
        net.join(conn, peer)
    net.deliver(host.start(0.0, require_ready=False))
    net.pump()
    return host, net, {"local": local, "a": a, "b": b}


def play_some(host: HostCore, net: LoopNet, peers: dict, moves: int, rnd: random.Random) -> None:
    for _ in range(moves):
        if not host.to_act():
            return
        seat = rnd.choice(sorted(host.to_act()))
        conn = next((c for c, p in peers.items() if seat in p.seats and c not in net.closed), None)
        if conn is None:
            return
        net.send(conn, peers[conn].intent(rnd.choice(peers[conn].views[seat].legal)))


def test_a_rejoin_gets_the_steps_it_missed_as_its_seat_sees_them() -> None:
    host, net, peers = rejoin_table()
    rnd = random.Random(2)
    for peer in peers.values():                 # everyone ready: turns go round from here
        net.send(next(c for c, p in peers.items() if p is peer), peer.intent(Ready(peer.seats[0])))
    play_some(host, net, peers, 4, rnd)
    b = peers["b"]
    held = b.step
    net.drop("b")
    net.deliver(host.hand_to_bot(2, "easy", 1.0))     # the host's client plays B's seat meanwhile
    net.pump()
    play_some(host, net, peers, 9, rnd)
    assert host.step >= held + 5
    seen = b.take_steps()
    hello = b.hello()
    assert (hello.step, hello.game_no) == (held, 0)
    net.attach("b2", b)
    net.send("b2", hello)
    got = net.got["b2"]
    kinds = [type(x).__name__ for x in got]
    # Welcome, then the missed steps (seat, then public, per step), then the snapshot
    assert kinds.index("MissedStep") > kinds.index("Welcome")
    assert max(i for i, k in enumerate(kinds) if k == "MissedStep") < kinds.index("Snapshot")
    missed = b.take_steps()
    assert [s.number for s in missed] == list(range(held + 1, host.step + 1))
    assert b.step == host.step and b.views[2].view == ENGINE.view(host.state, 2)
    # the public events are everyone's; seat 2's own (its hints) only where they differ
    a_steps = {s.number: s for s in peers["a"].take_steps()}
    for step in missed:
        assert step.events == a_steps[step.number].events
        truth = [e for e in _events_of(host, step.number) if ENGINE.redact(e, 2) is not None]
        assert step.private.get(2, step.events) == tuple(truth)
        # the bot's moves for seat 2 are seat 2's own
        assert step.action == (host.log[step.number - 1] if host.log[step.number - 1].seat == 2
                               else None)
    assert [s.number for s in seen] + [s.number for s in missed] == list(range(1, host.step + 1))
    # and the public hash of every step it missed, as the others held them
    assert {s.number: b.hashes[s.number] for s in missed} == \
        {s.number: peers["a"].hashes[s.number] for s in missed}
    # and the game goes on from there as usual
    play_some(host, net, {"local": peers["local"], "a": peers["a"], "b2": b}, 2, rnd)
    assert [s.number for s in b.take_steps()] == list(range(missed[-1].number + 1, host.step + 1))


def _events_of(host: HostCore, number: int) -> list:
    state = ENGINE.new_game(host.config, host.seed)
    for action in host.log[:number - 1]:
        ENGINE.apply(state, action)
    return ENGINE.apply(state, host.log[number - 1])


def test_a_restarted_client_gets_the_game_so_far_and_another_game_gets_no_missed_steps() -> None:
    host, net, peers = rejoin_table()
    net.send("a", peers["a"].intent(Ready(1)))
    token = peers["b"].token
    net.drop("b")
    fresh = PeerCore(ENGINE, "B", token=token)         # no views: a client started again
    assert fresh.hello().step == 0                     # it holds the game from its start
    net.join("b2", fresh)
    assert [s.number for s in fresh.take_steps()] == [1] and fresh.step == host.step == 1
    # a Hello about a game the host has not played gets none
    net.drop("b2")
    out = host.receive("b3", m.Hello(PROTOCOL_VERSION, "B", "guess", token, step=0, game_no=1), 0.0)
    assert not [x for x in out.to("b3") if isinstance(x, m.MissedStep)]


def test_missed_steps_out_of_order_or_of_another_game_are_dropped() -> None:
    host, net, peers = rejoin_table()
    b = peers["b"]
    net.drop("b")
    b.hello()
    feed(b, [m.Welcome(b.token, "guess", ENGINE.configs.encode(host.config), 3, (2,), 0)])
    feed(b, [m.MissedStep(2, None, ()), m.MissedStep(1, None, (), game_no=1),
             m.MissedStep(1, 1, ())])
    assert [n.code for n in b.take_notices()] == ["unexpected"]       # not our seat
    feed(b, [m.MissedStep(1, None, ()), m.MissedStep(1, None, ())])   # the copy is dropped
    assert b.take_steps() == []                 # held until the snapshot
    feed(b, [m.Snapshot(1, 2, {}, b"\0" * 8, ()), m.Snapshot(1, None, {}, b"\0" * 8, ())])
    assert [s.number for s in b.take_steps()] == [1]


# -- the peer's view hash ----------------------------------------------------------------------------

plain = st.recursive(
    st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.floats(allow_nan=False)
    | st.text(max_size=5) | st.binary(max_size=5),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=3) | st.integers(-3, 3), inner, max_size=4),
    max_leaves=30)


@settings(max_examples=sweep.examples(300))
@given(st.dictionaries(st.text(max_size=4) | st.integers(-5, 5), plain, max_size=6))
def test_a_views_hash_does_not_depend_on_the_order_of_its_keys(view: dict) -> None:
    """Host and peer build the same view in different orders (a patch adds keys last)."""
    reordered = dict(reversed(list(view.items())))
    assert view_hash(reordered) == view_hash(view)
