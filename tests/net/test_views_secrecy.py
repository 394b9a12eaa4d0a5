"""Secrets stay on the host: no message to a connection carries what its seats may not see.

A hypothesis-driven table of the toy engine (every seat holds a secret code word and digit; misses
give private hints) goes through joins, moves, bad intents, drops, rejoins, bot hand-overs and
snapshot requests. Every frame the host sends is checked as it leaves:
- bytes: no unfound secret code of a seat the connection does not hold appears anywhere in it;
- structure: each view is exactly engine.view(state, seat) for a seat it holds (or the public
  view), hints and legal moves are its own seats' only, and an action only goes to the seat that
  made it.
"""
from __future__ import annotations

import itertools
import random

import pytest
from fake_engine import Guess, GuessConfig, GuessEngine, LoopNet, Ready
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.engine import canonical
from game.core.playout import random_playouts
from net import messages as m
from net.host_core import HostCore, HostSeat
from net.peer_core import PeerCore

ENGINE = GuessEngine()


class Auditor:
    def __init__(self, host: HostCore) -> None:
        self.host = host
        self.checked = 0

    def __call__(self, conn, msg: m.Message, frame: bytes) -> None:
        host = self.host
        mine = set(host.conn_seats(conn))
        state = host.state
        for seat, code in enumerate(state.codes):
            if seat not in mine and not state.found[seat]:
                assert code.encode() not in frame, f"seat {seat}'s secret went to {conn}: {msg}"
        if isinstance(msg, (m.StepMsg, m.Snapshot)):
            assert msg.seat is None or msg.seat in mine, (conn, msg.seat, mine)
            # a seat's view may be None: "the same as the public view" (never, in this game)
            view = msg.view if msg.view is not None else ENGINE.view(state, None)
            assert canonical(view) == canonical(ENGINE.view(state, msg.seat))
            assert all(w[1] == msg.seat for w in msg.legal)
            if msg.seat is None:
                assert msg.legal == ()
        if isinstance(msg, m.StepMsg):
            for w in msg.events:
                if w[0] == "hint":
                    assert w[1] == msg.seat, f"seat {w[1]}'s hint in seat {msg.seat}'s stream"
            if msg.action is not None:
                assert msg.action[1] == msg.seat
        self.checked += 1


def counter_tokens():
    ids = itertools.count(1)
    return lambda: next(ids).to_bytes(16, "big")


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 4), st.integers(0, 2**32), st.booleans(), st.data())
def test_no_message_carries_another_seats_secret(players: int, seed: int, doubled: bool, data) -> None:
    host = HostCore(ENGINE, GuessConfig(players), seed,
                    [HostSeat("local", "Host"), *[HostSeat("open")] * (players - 1)], counter_tokens())
    net = LoopNet(host)
    audit = Auditor(host)
    net.on_send = audit
    conn_ids = itertools.count()
    peers: dict[int, PeerCore] = {}

    def join(peer: PeerCore) -> int:
        conn = next(conn_ids)
        peers[conn] = peer
        net.join(conn, peer)
        return conn

    join(PeerCore(ENGINE, "host", token=host.local_token))
    if doubled and players >= 3:
        join(PeerCore(ENGINE, "pair", want=2))          # one screen, two seats
    while any(s.kind == "open" for s in host.seat_table()):
        join(PeerCore(ENGINE, "solo"))
    join(PeerCore(ENGINE, "watcher", want=0))
    net.deliver(host.start(net.now, require_ready=False))
    net.pump()
    away: dict[int, bytes] = {}                          # dropped conn -> its token

    for _ in range(data.draw(st.integers(5, 60), label="ops")):
        live = [c for c in peers if c not in net.closed and c not in away]
        op = data.draw(st.sampled_from(["move", "move", "move", "bad", "drop", "rejoin", "snap",
                                        "bot"]), label="op")
        if op == "move" and host.to_act() and not host.paused_on():
            seat = data.draw(st.sampled_from(sorted(host.to_act())), label="seat")
            conn = next(c for c in live if seat in peers[c].seats)
            legal = peers[conn].views[seat].legal
            net.send(conn, peers[conn].intent(data.draw(st.sampled_from(legal), label="action")))
        elif op == "bad" and live:
            conn = data.draw(st.sampled_from(live), label="conn")
            seat = data.draw(st.integers(0, players - 1), label="as seat")
            target = data.draw(st.integers(0, players - 1), label="target")
            wire = data.draw(st.sampled_from([["ready", seat], ["pass", seat],
                                              ["guess", seat, target, 2]]), label="wire")
            step = host.step - data.draw(st.integers(0, 1), label="late")
            net.send(conn, m.Intent(10_000 + host.step * 10 + seat, max(step, 0), wire))
        elif op == "drop":
            droppable = [c for c in live if peers[c].seats]
            if droppable:
                conn = data.draw(st.sampled_from(droppable), label="drop")
                away[conn] = peers[conn].token
                net.drop(conn)
        elif op == "rejoin" and away:
            conn = data.draw(st.sampled_from(sorted(away)), label="rejoin")
            token = away.pop(conn)
            join(PeerCore(ENGINE, "back", token=token))
        elif op == "snap" and live:
            conn = data.draw(st.sampled_from(live), label="snap")
            net.send(conn, m.SnapshotRequest(peers[conn].step))
        elif op == "bot":
            overdue = host.overdue(net.now + 100.0, 30.0)
            if overdue:
                net.deliver(host.hand_to_bot(overdue[0], "easy", net.now))
                net.pump()
        net.now += 1.0

    assert audit.checked > 0
    # every peer still connected agrees with the host
    for conn, peer in peers.items():
        if conn in net.closed or conn in away or peer.phase != "joined":
            continue
        assert peer.views[None].hash == host.public_hash()
        for seat in peer.seats:
            assert canonical(peer.views[seat].view) == canonical(ENGINE.view(host.state, seat))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_toy_engine_passes_the_shared_playout_and_its_secrecy_check(players: int) -> None:
    report = random_playouts(ENGINE, GuessConfig(players), range(40))
    assert report.games == 40


def test_resampling_re_deals_only_what_the_seat_cannot_see() -> None:
    state = ENGINE.new_game(GuessConfig(3), 5)
    for seat in range(3):
        ENGINE.apply(state, Ready(seat))
    # a miss, away from the ends, so that seat 0's hint rules out digits on both sides of the guess
    ENGINE.apply(state, Guess(0, 1, 2 if state.digits[1] != 2 else 1))
    rng = random.Random(1)
    others = [ENGINE.resample_hidden(state, 0, rng) for _ in range(50)]
    assert all(o.codes[0] == state.codes[0] and o.digits[0] == state.digits[0] for o in others)
    assert all(o.codes[1] != state.codes[1] and o.codes[2] != state.codes[2] for o in others)
    (_, guess, higher), = state.hints[0]
    assert all(o.digits[1] != guess and (o.digits[1] > guess) == higher for o in others)
    # seat 2 knows nothing of seat 1's digit but the miss, so its re-deals range wider than seat 0's
    assert {o.digits[1] for o in others} < {ENGINE.resample_hidden(state, 2, rng).digits[1] for _ in range(200)}
