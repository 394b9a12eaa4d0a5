"""Hostile input without sockets, issue 18 point 5: a KOMBIO seat's slap flood. One press per seat per
discard, a ruling step its peers can always decode, a peer that cannot read a step catching up by a
snapshot, and no press time that is no time near the referee.
"""
from __future__ import annotations

import logging
import math
import typing
from typing import Annotated, Any

import pytest
from fake_engine import LoopNet, Ready, counter_tokens, only
from hostile import FLOOD_PRESSES, INF, NAN, as_udp, slap_flood
from remote_tables import address, refusals, table

from game.core.errors import WireFormatError
from game.core.schema import MaxLen, Policy, Range, build
from game.games import GAMES
from game.kombio import GAME as KOMBIO
from game.kombio.actions import Discard, Draw, Look, Slap
from game.kombio.rules import KombioEngine
from game.kombio.table import KombioConfig
from net import messages as m
from net.host_core import HostCore, HostSeat
from net.peer_core import PeerCore
from net.protocol import FrameDecoder, ProtocolError, SchemaError, decode_datagram, encode_datagram, encode_frame

# -- issue 18, point 5: a slap flood from a seat of the table ------------------------------------------
# KOMBIO, seats 0 and 1 honest, seat 2 the attacker's: every connection remote, every message framed
# and decoded strictly on its way (LoopNet: a step a peer could not decode fails the test there).

KOMBIO_ENGINE = KombioEngine()
BAD = 2


def kombio_table(seed: int = 5) -> tuple[HostCore, LoopNet, dict[int, PeerCore]]:
    """Three seats on connections 0, 1, 2 (seat = connection), everyone has looked: seat 0's turn."""
    host = HostCore(KOMBIO_ENGINE, KombioConfig(3), seed, [HostSeat("open")] * 3, counter_tokens(),
                    realtime=KOMBIO.realtime)
    net = LoopNet(host)
    peers = {}
    for c in range(3):
        host.connect(c, address(c), 0.0)
        peers[c] = PeerCore(KOMBIO_ENGINE, f"P{c}", prefer=(c,))
        net.join(c, peers[c])
        net.send(c, peers[c].set_ready(True))
    net.deliver(host.start(net.now))
    net.pump()
    for c in range(3):
        net.send(c, peers[c].intent(Look(c)))
    assert host.state.phase == "turn" and host.state.turn == 0
    return host, net, peers


def open_discard(host: HostCore, net: LoopNet, peers: dict[int, PeerCore]) -> int:
    """The seat to play draws and discards what it drew (skipping an ability): the discard's serial."""
    turn = host.state.turn
    for action in (Draw(turn), Discard(turn)):
        net.send(turn, peers[turn].intent(action))
    while host.state.phase == "ability":
        skip = next(a for a in KOMBIO_ENGINE.legal_actions(host.state, turn) if a.TAG == "skip")
        net.send(turn, peers[turn].intent(skip))
    assert host.state.open and host.state.turn != turn
    return host.state.serial


def flood_by_tcp(host: HostCore, net: LoopNet, conn: int, intents: list[dict]) -> None:
    """`intents` in one write on `conn`'s connection, taken frame by frame as the server does."""
    for frame in FrameDecoder().feed(b"".join(encode_frame(x) for x in intents)):
        net.deliver(host.receive_raw(conn, frame, net.now, framed=True))
    net.pump()


def flood_by_udp(host: HostCore, net: LoopNet, conn: int, intents: list[dict]) -> int:
    """The same as datagrams from `conn`'s machine, with its pairing key (and wrong keys); the
    server's path: decoded, then given to the host if they are UdpIntents. How many were taken."""
    key = net.ends[conn].udp_key if isinstance(net.ends[conn], PeerCore) else None
    assert key is not None
    taken = 0
    for data in as_udp(intents, key):
        try:
            msg = m.decode(decode_datagram(encode_datagram(data)), framed=True)
        except ProtocolError:
            continue
        assert isinstance(msg, m.UdpIntent)
        out = host.udp_intent(msg, (address(conn)[0], 6000), net.now)
        if not isinstance(out, str):
            taken += 1
            net.deliver(out)
            net.pump()
    return taken


def judge(host: HostCore, net: LoopNet) -> None:
    """Time passes until the open race window (if any) is judged."""
    while host.referee.window is not None:
        net.now = max(net.now, host.referee.window.due)
        net.deliver(host.tick(net.now))
        net.pump()


def steps_told(net: LoopNet, conn: int) -> list[m.StepMsg]:
    return [x for x in net.got[conn] if isinstance(x, m.StepMsg)]


def plays_on(host: HostCore, net: LoopNet, peers: dict[int, PeerCore]) -> None:
    """Nobody honest was told of anything unreadable, every peer holds the host's step, and the
    seat to play next (an honest one) has its move taken."""
    for c in (0, 1):
        assert not [n for n in peers[c].take_notices() if n.code == "bad_message"]
        assert [r for r in refusals(net, c) if r.code not in ("too_late", "illegal")] == []
    assert all(p.step == host.step and not p.awaiting_snapshot for p in peers.values())
    assert not host.halted and host.faults == []
    for c in range(3):       # no step ever named more presses than there are players, nor a seat twice
        for step in steps_told(net, c):
            assert len(step.race_seats) == len(set(step.race_seats)) <= host.config.players
    turn = host.state.turn
    assert turn != BAD
    step = host.step
    net.send(turn, peers[turn].intent(Draw(turn)))
    assert host.step == step + 1 and host.log[-1] == Draw(turn)
    assert all(p.step == host.step for p in peers.values())


def test_a_seat_holds_one_press_per_discard_however_many_it_sends_in_one_write() -> None:
    """The issue's freeze: more well-formed presses of one seat for one discard (distinct refs, one
    write) than a step may name; the old host held them all, and its ruling step named every one."""
    host, net, peers = kombio_table()
    serial = open_discard(host, net, peers)
    presses = slap_flood(BAD, serial, host.step, 3, first_ref=peers[BAD].intent(Look(BAD)).ref)
    presses = presses[:FLOOD_PRESSES]
    assert len(presses) > m.MAX_RACE
    flood_by_tcp(host, net, BAD, presses)
    window = host.referee.window
    assert window is not None and [h.ticket for h in window.presses] == [(BAD, presses[0]["ref"])]
    judge(host, net)
    assert refusals(net, BAD) == []                            # the copies: dropped, unanswered
    (ruled,) = [x for x in steps_told(net, 0) if x.race_seats and x.seat is None]
    assert ruled.race_seats == (BAD,) and host.log[ruled.number - 1] == Slap(BAD, BAD, 0, serial)
    plays_on(host, net, peers)


@pytest.mark.parametrize("way", ["tcp", "udp", "both"])
def test_a_flood_of_slaps_of_every_kind_stops_no_honest_seat(way: str) -> None:
    host, net, peers = kombio_table()
    serial = open_discard(host, net, peers)
    flood = slap_flood(BAD, serial, host.step, 3, first_ref=peers[BAD].intent(Look(BAD)).ref)
    honest = next(a for a in KOMBIO_ENGINE.legal_actions(host.state, 1) if isinstance(a, Slap) and a.owner == 1)
    net.send(1, peers[1].intent(honest, pressed=0.5))          # an honest press, then the flood
    if way in ("tcp", "both"):
        flood_by_tcp(host, net, BAD, flood)
    if way in ("udp", "both"):
        assert flood_by_udp(host, net, BAD, flood) > 0
    judge(host, net)
    # the honest press was judged: a step of its own, or beaten by the attacker's one press
    assert honest in host.log or any(r.code == "too_late" for r in refusals(net, 1))
    held = [h for race in host.races for h in race]
    assert all(h.pressed is None or math.isfinite(h.pressed) for h in held)
    assert [h.action for h in held if h.action.seat == BAD][:1] == [Slap(BAD, BAD, 0, serial)]
    assert all(len([h for h in race if h.action.seat == BAD]) <= 1 for race in host.races)
    assert len([a for a in host.log if isinstance(a, Slap) and a.seat == BAD]) == 1
    plays_on(host, net, peers)


def test_a_press_for_a_discard_to_come_does_not_close_the_open_race() -> None:
    host, net, peers = kombio_table()
    serial = open_discard(host, net, peers)
    first = next(a for a in KOMBIO_ENGINE.legal_actions(host.state, 1) if isinstance(a, Slap) and a.owner == 1)
    net.send(1, peers[1].intent(first, pressed=0.0))
    assert host.referee.window is not None                    # seats 0 and 2 may still press
    net.send(BAD, peers[BAD].intent(Slap(BAD, BAD, 0, serial + 1), pressed=0.0))
    assert refusals(net, BAD)[-1].code == "illegal"
    window = host.referee.window                              # (the old host judged it there)
    assert window is not None and [h.action for h in window.presses] == [first]
    second = next(a for a in KOMBIO_ENGINE.legal_actions(host.state, 0) if isinstance(a, Slap) and a.owner == 0)
    net.send(0, peers[0].intent(second, pressed=0.0))
    judge(host, net)
    assert {h.action for h in host.races[-1]} == {first, second}   # one race, as they were made


@pytest.mark.parametrize("pressed", [NAN, INF, -INF, 1e13, -1e300])
def test_a_press_time_that_is_no_time_never_reaches_the_referee(pressed: float) -> None:
    host, net, peers = kombio_table()
    serial = open_discard(host, net, peers)
    action = KOMBIO_ENGINE.actions.encode(Slap(BAD, BAD, 0, serial))
    key = peers[BAD].udp_key or b""
    for msg in (m.Intent(9, host.step, action, pressed), m.UdpIntent(key, 9, host.step, action, pressed)):
        with pytest.raises(SchemaError, match="pressed"):      # refused by the decoder, either way
            m.decode(m.encode(msg))
        with pytest.raises(SchemaError, match="pressed"):
            m.decode(decode_datagram(encode_datagram(m.encode(msg))), framed=True)
    # an Intent made in memory, past the decoder: refused before the referee
    out = host.receive(BAD, m.Intent(9, host.step, action, pressed), net.now)
    assert only(out, BAD, m.IntentRefused).code == "malformed"
    assert host.referee.window is None and not host.races


@pytest.mark.parametrize("value", [NAN, INF, -INF, 2.0, -0.5, 10**400],
                         ids=["nan", "inf", "-inf", "above", "below", "past-any-float"])
def test_no_range_lets_nan_or_anything_outside_it_pass(value: Any) -> None:
    check = build(Annotated[float, Range(0.0, 1.0)], Policy(SchemaError)).check
    with pytest.raises(SchemaError):
        check(value, "x")
    time = value * 1e13 if type(value) is float and math.isfinite(value) else value
    with pytest.raises(SchemaError, match="t0"):                # a Time (messages.Time) likewise
        m.decode({"t": "ping", "t0": time})


# -- a ruling step within what the decoder takes ----------------------------------------------------------

def test_both_race_lists_take_the_same_limit_which_the_players_of_any_table_stay_within() -> None:
    hints = typing.get_type_hints(m.StepMsg, include_extras=True)
    limits = {name: [x.n for x in typing.get_args(hints[name])[1:] if isinstance(x, MaxLen)]
              for name in ("race_seats", "race_ms")}
    assert limits == {"race_seats": [m.MAX_RACE], "race_ms": [m.MAX_RACE]}
    assert all(game.max_players <= m.MAX_RACE for game in GAMES)   # one press per seat: they fit


@pytest.mark.parametrize(("seats", "times"), [
    (tuple(range(m.MAX_SEATS)) + (0,), (0.0,) * (m.MAX_SEATS + 1)),    # one press more than it may name
    ((0, 1), (0.0, NAN)),                                              # a time that is no time
    ((0, 1), (0.0,)),                                                  # lists that do not pair up
    ((0, m.MAX_SEATS), (0.0, 1.0)),                                    # a seat no table has
])
def test_a_step_whose_race_note_would_not_decode_goes_out_without_it(seats, times, caplog) -> None:
    with caplog.at_level(logging.ERROR, logger="net.messages"):
        step = m.StepMsg(4, None, {}, (), b"h" * m.HASH_SIZE, (), race_seats=seats, race_ms=times)
    assert (step.race_seats, step.race_ms) == ((), ())
    assert "race note no peer could decode" in caplog.text
    assert m.decode(decode_frame(step)) == step                 # the step itself is readable
    full = m.StepMsg(4, None, {}, (), b"h" * m.HASH_SIZE, (), race_seats=tuple(range(m.MAX_RACE)),
                     race_ms=tuple(float(i) for i in range(m.MAX_RACE)))
    assert m.decode(decode_frame(full)) == full                 # as many as it may name: all kept


def decode_frame(msg: m.Message) -> Any:
    (data,) = FrameDecoder().feed(encode_frame(m.encode(msg)))
    return data


# -- a peer that cannot read a step catches up ------------------------------------------------------------

def _too_many_presses(data: dict) -> None:
    data["race_seats"], data["race_ms"] = list(range(m.MAX_SEATS)) + [0], [0.0] * (m.MAX_SEATS + 1)


def _nan_press(data: dict) -> None:
    data["race_seats"], data["race_ms"] = [0], [NAN]


def _unknown_event(data: dict) -> None:
    data["events"] = [["teleport", 0]]


@pytest.mark.parametrize("spoil", [_too_many_presses, _nan_press, _unknown_event])
def test_a_peer_that_cannot_read_a_step_asks_for_a_snapshot_and_plays_on(spoil) -> None:
    host, net, peers = table()
    out = host.receive(0, peers[0].intent(Ready(0)), net.now)
    (public,) = [x for c, x in out.sends if c == 1 and isinstance(x, m.StepMsg) and x.seat is None]
    out.sends = [(c, x) for c, x in out.sends if x is not public or c != 1]
    net.deliver(out)
    net.pump()
    data = m.encode(public)
    spoil(data)
    with pytest.raises((SchemaError, WireFormatError)):       # it is unreadable
        KOMBIO_ENGINE.events.decode(data["events"][0]) if spoil is _unknown_event else m.decode(data)
    replies = peers[1].receive_raw(data, net.now)
    assert replies == [m.SnapshotRequest(0)]                  # (the old peer: dropped it, no more)
    assert [n.code for n in peers[1].take_notices()] == ["bad_message"]
    net.send(1, replies[0])
    assert peers[1].step == host.step == 1 and not peers[1].awaiting_snapshot
    net.send(1, peers[1].intent(Ready(1)))                    # its next move is made at the right step
    assert host.step == 2 and host.log[-1] == Ready(1) and refusals(net, 1) == []


def test_a_peer_asks_no_snapshot_for_what_is_no_step_of_its_game() -> None:
    host, net, peers = table()
    public = [x for x in net.got[1] if isinstance(x, m.StepMsg) and x.seat is None][-1]
    for data in ({**m.encode(public), "race_ms": [NAN], "game_no": 3},     # another game's step
                 {**m.encode(public), "race_ms": [NAN], "game_no": "0"},   # no telling whose
                 {"t": "seats", "seats": "none"}, ["step"], {"t": 7}):
        assert peers[1].receive_raw(data, net.now) == []
    assert not peers[1].awaiting_snapshot and peers[1].snapshot_requests == 0
