"""Hostile input without sockets: the HostCore's intent, UDP and Hello rules (issue 8), and the server's
pure helpers (which strangers make room, how bad input is counted). A KOMBIO seat's slap flood
(issue 18, point 5) is test_hostile_slaps'.

A sniffer on the LAN holds what travels in the clear: a player's reconnect token and Hello. These
tests try what it can do with them and check the table plays on as if nothing happened.
"""
from __future__ import annotations

import logging

import pytest
from fake_engine import GuessConfig, LoopNet, Pass, Ready, counter_tokens, only
from remote_tables import ENGINE, address, refusals, table

from net import messages as m
from net.bad_input import MAX_STRANGER_FRAME, BadData, strangers_to_close
from net.host_core import LIVE_FOR, MAX_REF_JUMP, MOVED, HostCore, HostSeat
from net.protocol import PROTOCOL_VERSION, FrameDecoder, FrameTooLarge, encode_frame

HUGE = 2**53


def udp(host: HostCore, net: LoopNet, msg: m.UdpIntent, source: tuple[str, int]) -> m.Message | str:
    """A datagram reaches the host: what its connection was told, or why it was dropped."""
    out = host.udp_intent(msg, source, net.now)
    if isinstance(out, str):
        return out
    net.deliver(out)
    net.pump()
    told = [x for _, x in out.sends]
    return told[0] if told else "dropped as a copy"


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
