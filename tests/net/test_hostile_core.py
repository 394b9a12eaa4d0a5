"""Hostile input without sockets: the HostCore's intent, UDP and Hello rules (issue 8), and the server's
pure helpers (which strangers make room, how bad input is counted). Then a KOMBIO seat's slap flood
(issue 18, point 5): one press per seat per discard, a ruling step its peers can always decode, a peer
that cannot read a step catching up by a snapshot, and no press time that is no time near the referee.

A sniffer on the LAN holds what travels in the clear: a player's reconnect token and Hello. These
tests try what it can do with them and check the table plays on as if nothing happened.
"""
from __future__ import annotations

import logging
import math
import typing
from typing import Annotated, Any

import pytest
from fake_engine import GuessConfig, GuessEngine, LoopNet, Pass, Ready, counter_tokens, only
from hostile import FLOOD_PRESSES, INF, NAN, as_udp, slap_flood

from game.core.errors import WireFormatError
from game.core.schema import MaxLen, Policy, Range, build
from game.games import GAMES
from game.kombio import GAME as KOMBIO
from game.kombio.actions import Discard, Draw, Look, Slap
from game.kombio.rules import KombioEngine
from game.kombio.table import KombioConfig
from net import messages as m
from net.bad_input import MAX_STRANGER_FRAME, BadData, strangers_to_close
from net.host_core import LIVE_FOR, MAX_REF_JUMP, MOVED, HostCore, HostSeat
from net.peer_core import PeerCore
from net.protocol import (
    PROTOCOL_VERSION,
    FrameDecoder,
    FrameTooLarge,
    ProtocolError,
    SchemaError,
    decode_datagram,
    encode_datagram,
    encode_frame,
)

ENGINE = GuessEngine()
HUGE = 2**53


def address(conn: int) -> tuple[str, int]:
    return (f"10.0.0.{conn + 1}", 40000 + conn)


def table(players: int = 3) -> tuple[HostCore, LoopNet, dict[int, PeerCore]]:
    """Like fake_engine.started_table, but every connection is remote, with its own address."""
    host = HostCore(ENGINE, GuessConfig(players), 7, [HostSeat("open")] * players, counter_tokens())
    net = LoopNet(host)
    peers = {}
    for c in range(players):
        host.connect(c, address(c), 0.0)
        peers[c] = PeerCore(ENGINE, f"P{c}", prefer=(c,))
        net.join(c, peers[c])
    for c in range(players):
        net.send(c, peers[c].set_ready(True))
    net.deliver(host.start(net.now))
    net.pump()
    return host, net, peers


def udp(host: HostCore, net: LoopNet, msg: m.UdpIntent, source: tuple[str, int]) -> m.Message | str:
    """A datagram reaches the host: what its connection was told, or why it was dropped."""
    out = host.udp_intent(msg, source, net.now)
    if isinstance(out, str):
        return out
    net.deliver(out)
    net.pump()
    told = [x for _, x in out.sends]
    return told[0] if told else "dropped as a copy"


def refusals(net: LoopNet, conn: int) -> list[m.IntentRefused]:
    return [x for x in net.got[conn] if isinstance(x, m.IntentRefused)]


# -- intents: validate first, record only what was acted on ----------------------------------------------

def test_a_refused_intent_with_a_huge_ref_changes_nothing_the_host_expects() -> None:
    host, net, peers = table()
    net.send(1, m.Intent(HUGE, 0, ["pass", 1]))               # far past anything sent: refused
    assert refusals(net, 1)[-1].code == "bad_ref"
    net.send(1, m.Intent(900, 0, ["pass", 1]))                # in bounds, but not a legal move
    assert refusals(net, 1)[-1].code == "illegal"
    net.send(1, peers[1].intent(Ready(1)))                    # ref 0: still taken
    assert host.step == 1 and host.log[-1] == Ready(1)
    assert [r.ref for r in refusals(net, 1)] == [HUGE, 900]


def test_a_second_copy_is_dropped_whether_the_first_was_taken_or_refused() -> None:
    host, net, peers = table()
    taken = peers[0].intent(Ready(0))
    net.send(0, taken)
    net.send(0, taken)                                        # its copy: nothing more
    assert host.step == 1 and refusals(net, 0) == []
    bad = m.Intent(taken.ref + 1, host.step, ["pass", 0])
    net.send(0, bad)
    net.send(0, bad)
    assert [r.code for r in refusals(net, 0)] == ["illegal"]  # answered once
    net.send(0, m.Intent(taken.ref, host.step, ["ready", 0]))  # older than one taken: dropped
    assert host.step == 1 and len(refusals(net, 0)) == 1


def test_refs_may_jump_only_so_far_past_what_the_connection_sent() -> None:
    host, net, peers = table()
    # a peer whose moves keep being refused (the game is paused, say) moves its own bound along
    for ref in range(0, 3 * MAX_REF_JUMP, MAX_REF_JUMP // 2):
        net.send(0, m.Intent(ref, host.step, ["pass", 0]))
    assert {r.code for r in refusals(net, 0)} == {"illegal"}
    net.send(0, m.Intent(3 * MAX_REF_JUMP, host.step, ["ready", 0]))
    assert host.step == 1
    net.send(0, m.Intent(5 * MAX_REF_JUMP, host.step, ["pass", 0]))
    assert refusals(net, 0)[-1].code == "bad_ref"


def test_a_rejoined_peer_counts_its_intents_from_zero_again() -> None:
    host, net, peers = table(2)
    for _ in range(3):
        net.send(0, m.Intent(peers[0].intent(Pass(0)).ref, host.step, ["pass", 0]))
    net.drop(0)
    host.connect("again", address(0), 10.0)
    net.join("again", peers[0])
    first = peers[0].intent(Ready(0))
    assert first.ref == 0
    net.send("again", first)
    assert host.step == 1


# -- UDP copies: the pairing key of the connection, from its address -----------------------------------

def test_a_stolen_token_by_udp_moves_nothing_and_freezes_nothing() -> None:
    host, net, peers = table()
    token, key = peers[1].token, peers[1].udp_key
    assert key is not None and key != token
    forged = m.UdpIntent(token, HUGE, 0, ["pass", 1])        # the token is no key
    assert udp(host, net, forged, address(1)) == "no connection has that key"
    # the right key, from another machine
    stolen = m.UdpIntent(key, 900, 0, ["pass", 1])
    assert udp(host, net, stolen, ("10.0.0.66", 5555)).startswith("not from the host")
    # the right key and address, but a ref far past anything sent: dropped, unanswered
    assert udp(host, net, m.UdpIntent(key, HUGE, 0, ["pass", 1]), address(1)) == f"ref {HUGE} jumps too far"
    assert host.step == 0 and refusals(net, 1) == []
    net.send(1, peers[1].intent(Ready(1)))                    # the player's own move goes through
    assert host.step == 1


def test_the_first_copy_wins_by_udp_too() -> None:
    host, net, peers = table()
    intent = peers[2].intent(Ready(2), pressed=1.0)
    copy = m.UdpIntent(peers[2].udp_key, intent.ref, intent.step, intent.action, intent.pressed)
    told = udp(host, net, copy, (address(2)[0], 6000))        # another port of the same machine
    assert isinstance(told, m.StepMsg) and host.step == 1
    net.send(2, intent)                                       # the TCP copy, later
    assert host.step == 1 and refusals(net, 2) == []
    # a refused UDP copy: its TCP twin is not answered again
    bad = m.UdpIntent(peers[2].udp_key, intent.ref + 1, host.step, ["pass", 2])
    assert isinstance(udp(host, net, bad, address(2)), m.IntentRefused)
    net.send(2, m.Intent(intent.ref + 1, host.step, ["pass", 2]))
    assert len(refusals(net, 2)) == 1


def test_a_key_dies_with_its_connection() -> None:
    host, net, peers = table(2)
    old_key = peers[1].udp_key
    net.drop(1)
    assert udp(host, net, m.UdpIntent(old_key, 0, 0, ["ready", 1]), address(1)) == \
        "no connection has that key"
    host.connect("back", address(1), 1.0)
    net.join("back", peers[1])
    assert peers[1].udp_key not in (None, old_key)


def test_a_connection_with_no_address_takes_no_udp() -> None:
    host = HostCore(ENGINE, GuessConfig(2), 1, [HostSeat("open")] * 2, counter_tokens())
    welcome = only(host.receive("mem", m.Hello(PROTOCOL_VERSION, "A", "guess"), 0.0), "mem",
                   m.Welcome)
    assert welcome.udp_key is not None
    out = host.udp_intent(m.UdpIntent(welcome.udp_key, 0, 0, ["ready", 0]), ("127.0.0.1", 1), 0.0)
    assert isinstance(out, str) and "not from the host" in out


# -- Hello replays ------------------------------------------------------------------------------------------

def test_a_replayed_hello_is_refused_while_the_seat_answers_and_moves_it_once_quiet(caplog) -> None:
    host, net, peers = table(2)
    replay = m.Hello(PROTOCOL_VERSION, "P1", "guess", peers[1].token)
    net.now = 3.0
    net.send(1, m.Pong(0.0, 0.0, 0.0))                        # seat 1's connection answers at 3.0
    host.connect("thief", ("10.0.0.66", 5555), 3.0 + LIVE_FOR - 1)
    with caplog.at_level(logging.INFO, logger="net.host_core"):
        out = host.receive("thief", replay, 3.0 + LIVE_FOR - 1)
    assert only(out, "thief", m.Refused).code == "in_use" and "thief" in out.closes
    assert out.to(1) == [] and host.conn_seats(1) == (1,)
    assert "refused a second connection from 10.0.0.66" in caplog.text
    # quiet for LIVE_FOR: the seat moves, and the old connection reads why
    host.connect("new", ("10.0.0.2", 6000), 3.0 + LIVE_FOR)
    with caplog.at_level(logging.INFO, logger="net.host_core"):
        out = host.receive("new", replay, 3.0 + LIVE_FOR)
    assert out.to(1) == [m.Bye(MOVED)] and 1 in out.closes
    assert host.conn_seats("new") == (1,)
    assert "P1's seat moved to a new connection from 10.0.0.2:6000" in caplog.text


# -- the server's pure helpers ----------------------------------------------------------------------------

def test_strangers_over_a_cap_make_room_oldest_of_the_busiest_address_first() -> None:
    crowd = [(i, "10.0.0.66", float(i)) for i in range(8)]
    joiner = [(100, "10.0.0.5", 0.5)]
    # one more from the crowd's address: its oldest goes
    assert strangers_to_close(crowd + joiner, "10.0.0.66", per_address=8, total=32) == [0]
    # a joiner from elsewhere is under its own cap: nobody goes
    assert strangers_to_close(crowd + joiner, "10.0.0.7", per_address=8, total=32) == []
    # over the total: the busiest address pays, never the lone joiner, even though it is older
    assert strangers_to_close(crowd + joiner, "10.0.0.7", per_address=8, total=9) == [0]
    assert strangers_to_close(crowd + joiner, "10.0.0.7", per_address=8, total=4) == [0, 1, 2, 3, 4, 5]


def test_bad_data_is_a_notice_at_first_then_a_count_every_few_seconds(caplog) -> None:
    bad = BadData(every=5.0, details=10)
    notices = []
    with caplog.at_level(logging.INFO, logger="net.server"):
        for i in range(100_000):
            now = i / 10_000                                  # 10 s of 10,000 frames a second
            notice = bad.bad(f"10.0.0.{i % 3}", "not a valid msgpack message", now)
            if notice is None:
                notice = bad.due(now)
            if notice is not None:
                notices.append(notice)
        notices.append(bad.due(10.0))
    assert notices[0] == "Bad data from 10.0.0.0 (details in the log file)"
    assert len(notices) == 3 and bad.total == 100_000
    counted = [int(n.split()[2]) for n in notices[1:]]
    assert sum(counted) == 100_000 - 1 and all("from 3 addresses" in n for n in notices[1:])
    details = [r for r in caplog.records if r.getMessage().startswith("bad data from")]
    assert len(details) == 10 * 2                            # 10 per period
    assert all(getattr(r, "kombo_file_only", False) for r in details)   # the file, not the console


def test_a_strangers_decoder_refuses_a_long_frame_at_its_length_prefix() -> None:
    decoder = FrameDecoder(MAX_STRANGER_FRAME)
    with pytest.raises(FrameTooLarge, match=f"exceeds {MAX_STRANGER_FRAME}"):
        decoder.feed((64 * 1024).to_bytes(4, "big"))         # nothing of the body needed
    assert decoder.buffered == 0
    hello = encode_frame(m.encode(m.Hello(PROTOCOL_VERSION, "x" * m.MAX_NAME, "g" * m.MAX_NAME,
                                          b"\xff" * 16, 8, tuple(range(8)), "b" * 32)))
    assert len(hello) < MAX_STRANGER_FRAME / 2                # the longest Hello fits easily
    assert FrameDecoder(MAX_STRANGER_FRAME).feed(hello)


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
