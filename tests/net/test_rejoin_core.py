"""Coming back to a table, without sockets (HostCore and PeerCores over LoopNet): a client started
again with its reconnect token gets the moves of the game so far, as one that only lost its connection
gets the ones it missed, and its screen's move log shows them (issue 18, point 7); a long absence gets
the last moves only, and the player is told so; a race's press the host never judged (it died with
the press in its race window, and was resumed from its autosave) is told to its player as not
counted, while one that counted is simply in the log.
"""
from __future__ import annotations

import random

import pytest
from fake_engine import GuessConfig, GuessEngine, LoopNet, Ready, counter_tokens
from kk_screens import kk_table, play, screen_of

from game.core.engine import Action, Engine
from game.core.session import Step
from game.games import game_by_key
from game.kombio import GAME as KOMBIO
from game.kombio.actions import Discard, Draw, Look, Slap
from game.kombio.rules import KombioEngine
from game.kombio.table import KombioConfig
from net import messages as m
from net import replicator
from net.host_core import HostCore, HostSeat
from net.peer_core import PeerCore
from net.protocol import PROTOCOL_VERSION
from net.session import NetSession

GUESS = GuessEngine()


def guess_table(players: int = 3) -> tuple[HostCore, LoopNet, dict[str, PeerCore]]:
    host = HostCore(GUESS, GuessConfig(players), 5, [HostSeat("open")] * players, counter_tokens())
    net = LoopNet(host)
    peers = {f"p{i}": PeerCore(GUESS, f"P{i}", prefer=(i,)) for i in range(players)}
    for conn, peer in peers.items():
        net.join(conn, peer)
    net.deliver(host.start(0.0, require_ready=False))
    net.pump()
    return host, net, peers


def truth(host: HostCore, seat: int | None) -> dict[int, tuple]:
    """Step number -> the events of that step as `seat` sees them, from a replay of the host's log."""
    engine: Engine = host.engine
    state = engine.new_game(host.config, host.seed)
    out = {}
    for number, action in enumerate(host.log, 1):
        events = engine.apply(state, action)
        out[number] = tuple(e for e in (engine.redact(x, seat) for x in events) if e is not None)
    return out


def seen(steps: list[Step], seat: int) -> dict[int, tuple]:
    return {s.number: s.private.get(seat, s.events) for s in steps}


def codes(peer: PeerCore) -> list[str]:
    return [n.code for n in peer.take_notices()]


# -- a client started again gets the game so far -------------------------------------------------------

def test_a_client_started_again_gets_every_move_of_the_game_so_far() -> None:
    host, net, peers = guess_table()
    for conn, peer in peers.items():
        net.send(conn, peer.intent(Ready(peer.seats[0])))
    play(host, net, 2, random.Random(1))
    token = peers["p2"].token
    net.drop("p2")                            # its window closed: the process and its views are gone
    play(host, net, 4, random.Random(2))      # the game goes on meanwhile
    assert host.step >= 8
    fresh = PeerCore(GUESS, "P2", token=token)          # started again: the token from the disk
    hello = fresh.hello()
    assert (hello.step, hello.game_no) == (0, 0)         # it holds nothing: not None ("no history")
    net.join("again", fresh)
    steps = fresh.take_steps()
    # every step, in order, as its seat sees it (its own hints too), and the public hash of each
    assert [s.number for s in steps] == list(range(1, host.step + 1))
    assert seen(steps, 2) == truth(host, 2)
    assert {s.number: s.events for s in steps} == truth(host, None)
    assert {n: fresh.hashes[n] for n in range(1, host.step + 1)} == \
        {n: peers["p0"].hashes[n] for n in range(1, host.step + 1)}
    assert fresh.step == host.step and codes(fresh) == []
    # and on from there, as usual
    play(host, net, 1, random.Random(3))
    assert [s.number for s in fresh.take_steps()] == [host.step]


def test_a_rejoin_that_missed_a_new_game_gets_the_whole_present_one() -> None:
    host, net, peers = guess_table(2)
    rnd = random.Random(4)
    while not host.over:
        play(host, net, 1, rnd)
    token = peers["p1"].token
    net.closed.add("p1")                # its connection is dead, and the host does not know it yet
    net.deliver(host.rematch(1.0, 9))
    net.deliver(host.start(1.0, require_ready=False))
    play(host, net, 3, rnd)
    net.drop("p1")
    peer = peers["p1"]                         # still on game 0: it never heard of the new game
    hello = peer.hello()
    assert hello.game_no == 0 and hello.step is not None and hello.token == token
    net.attach("again", peer)
    net.send("again", hello)
    assert peer.game_no == 1
    assert [s.number for s in peer.take_steps()] == list(range(1, host.step + 1))
    # a Hello about a game the host has not played is told nothing of this one
    out = host.receive("odd", m.Hello(PROTOCOL_VERSION, "P1", "guess", token, step=0, game_no=2), 2.0)
    assert not [x for x in out.to("odd") if isinstance(x, m.MissedStep)]


def test_a_long_absence_gets_the_last_moves_and_the_player_is_told(monkeypatch) -> None:
    monkeypatch.setattr(replicator, "MISSED_AT_MOST", 3)
    host, net, peers = guess_table()
    for conn, peer in peers.items():
        net.send(conn, peer.intent(Ready(peer.seats[0])))
    play(host, net, 1, random.Random(5))
    held = peers["p1"].step
    token = peers["p2"].token
    net.drop("p1")
    net.drop("p2")
    play(host, net, 6, random.Random(6))
    assert host.step > held + 3
    # started again: its log starts with the last 3 moves, and it says so
    fresh = PeerCore(GUESS, "P2", token=token)
    net.join("again", fresh)
    steps = fresh.take_steps()
    assert [s.number for s in steps] == list(range(host.step - 2, host.step + 1))
    assert seen(steps, 2) == {n: e for n, e in truth(host, 2).items() if n > host.step - 3}
    notices = fresh.take_notices()
    assert [n.code for n in notices] == ["missed_cut"]
    assert notices[0].text == (f"The move log starts at move {host.step - 2}: the {host.step - 3} "
                               f"moves before it are not shown")
    # one that only lost its connection keeps its log; what it lacks is said, never silently missing
    away = peers["p1"]
    before = [s.number for s in away.take_steps()]
    net.attach("back", away)
    net.send("back", away.hello())
    assert away.step == host.step
    after = [s.number for s in away.take_steps()]
    assert before + after == list(range(1, held + 1))      # no step out of order, none made up
    notices = away.take_notices()
    assert [n.text for n in notices] == [f"{host.step - held} moves made while you were away are not in "
                                         f"the move log"]


def test_a_rejoin_within_the_bound_is_told_nothing(monkeypatch) -> None:
    monkeypatch.setattr(replicator, "MISSED_AT_MOST", 4)
    host, net, peers = guess_table()
    for conn, peer in peers.items():
        net.send(conn, peer.intent(Ready(peer.seats[0])))
    away = peers["p1"]
    held = away.step
    away.take_steps()
    net.drop("p1")
    play(host, net, 4, random.Random(7))
    assert host.step == held + 4
    net.attach("back", away)
    net.send("back", away.hello())
    assert [s.number for s in away.take_steps()] == list(range(held + 1, host.step + 1))
    assert codes(away) == []


# -- the screen's move log -------------------------------------------------------------------------------

def _lines(host: HostCore, seat: int, after: int = 0) -> list[str]:
    narrate = game_by_key("kombo_klash").narrate
    out = []
    for number, events in truth(host, seat).items():
        if number > after:
            out += [line for line in (narrate(e) for e in events) if line]
    return out


@pytest.mark.usefixtures("pygame_video")
def test_the_move_log_of_a_client_started_again_shows_the_moves_made_while_it_was_away() -> None:
    host, net, sessions = kk_table()
    play(host, net, 6, random.Random(8))
    token = sessions["blue"].peer.token
    net.drop("blue")                                     # lan27: the joiner's window closed
    play(host, net, 5, random.Random(9))                 # the host plays on
    engine = host.engine
    again = NetSession(engine, PeerCore(engine, "blue", token=token), net.sender("again"))
    net.join("again", again)                              # lan29: its seat again, from the list
    scene = screen_of(again)
    shown = [text for text, _ in scene.moves.lines]
    assert shown and shown == _lines(host, 1)            # the whole game, as blue saw it


@pytest.mark.usefixtures("pygame_video")
def test_a_move_log_cut_short_says_so_at_its_top(monkeypatch) -> None:
    monkeypatch.setattr(replicator, "MISSED_AT_MOST", 4)
    host, net, sessions = kk_table()
    play(host, net, 9, random.Random(10))
    token = sessions["blue"].peer.token
    net.drop("blue")
    engine = host.engine
    again = NetSession(engine, PeerCore(engine, "blue", token=token), net.sender("again"))
    net.join("again", again)
    scene = screen_of(again)
    shown = [text for text, _ in scene.moves.lines]
    assert shown[0] == f"{host.step - 4} earlier moves not shown"
    assert shown[1:] == _lines(host, 1, after=host.step - 4)


# -- a press the host never judged -----------------------------------------------------------------------

KOMBIO_ENGINE = KombioEngine()


def kombio_table(seed: int = 3) -> tuple[HostCore, LoopNet, dict[int, PeerCore]]:
    host = HostCore(KOMBIO_ENGINE, KombioConfig(3, rounds=1), seed, [HostSeat("open")] * 3,
                    counter_tokens(), realtime=KOMBIO.realtime)
    net = LoopNet(host)
    peers = {}
    for seat in range(3):
        peers[seat] = PeerCore(KOMBIO_ENGINE, f"P{seat}", prefer=(seat,))
        net.join(seat, peers[seat])
    net.deliver(host.start(0.0, require_ready=False))
    net.pump()
    return host, net, peers


def send(net: LoopNet, peers: dict[int, PeerCore], action: Action, pressed: float | None = None) -> None:
    net.send(action.seat, peers[action.seat].intent(action, pressed))


def open_discard(host: HostCore, net: LoopNet, peers: dict[int, PeerCore]) -> int:
    """Everyone looks, the first player draws and discards: a discard to slap. Returns a seat that
    may slap it (not the one who discarded)."""
    for seat in range(3):
        send(net, peers, Look(seat))
    turn = host.state.turn
    send(net, peers, Draw(turn))
    send(net, peers, Discard(turn))
    while host.state.phase == "ability":
        send(net, peers, next(a for a in KOMBIO_ENGINE.legal_actions(host.state, turn) if a.TAG == "skip"))
    assert host.state.open
    return next(s for s in range(3) if s != turn)


def own_slap(host: HostCore, seat: int) -> Slap:
    return next(a for a in KOMBIO_ENGINE.legal_actions(host.state, seat)
                if isinstance(a, Slap) and a.owner == seat)


def resumed(host: HostCore, data: bytes) -> tuple[HostCore, LoopNet]:
    """The host killed and resumed from what its autosave held (`data`, its last save)."""
    again = HostCore.restore(KOMBIO_ENGINE, data, now=5.0, token_factory=counter_tokens(),
                             realtime=KOMBIO.realtime)
    return again, LoopNet(again)


def rejoin_all(net: LoopNet, peers: dict[int, PeerCore]) -> None:
    for seat, peer in peers.items():
        peer.lost()
        net.now = 5.0
        net.join(seat, peer)


def test_a_slap_held_in_the_race_window_when_the_host_died_is_told_as_not_counted() -> None:
    host, net, peers = kombio_table()
    slapper = open_discard(host, net, peers)
    for peer in peers.values():
        peer.take_notices()
    step = host.step
    send(net, peers, own_slap(host, slapper), pressed=0.0)
    assert host.referee.window is not None and host.step == step     # held: others may still press
    data = host.save()                  # the autosave has every step: the press is not a step
    again, net2 = resumed(host, data)   # SIGKILL, then --resume
    rejoin_all(net2, peers)
    assert again.step == step and all(p.step == step for p in peers.values())
    notices = {seat: peer.take_notices() for seat, peer in peers.items()}
    told = notices.pop(slapper)
    assert [n.code for n in told] == ["press_lost"]
    assert told[0].text.startswith(f"{['Red', 'Blue', 'Green'][slapper]}'s slap did not count: the host restarted")
    assert all(n == [] for n in notices.values())           # nobody else had a press on its way
    # it may slap that discard again: the resumed host holds nothing of it
    send(net2, peers, own_slap(again, slapper), pressed=6.0)
    assert again.referee.window is not None


def _a_slap_sent() -> tuple:
    """A KOMBIO table at an open discard, every peer's news read, and one seat's own slap sent:
    (host, net, peers, slapper, the step before it, the slap)."""
    host, net, peers = kombio_table()
    slapper = open_discard(host, net, peers)
    for peer in peers.values():
        peer.take_notices()
        peer.take_steps()
    step = host.step
    slap = own_slap(host, slapper)
    send(net, peers, slap, pressed=0.0)
    return host, net, peers, slapper, step, slap


def test_a_slap_that_counted_before_the_host_died_is_in_the_log_and_told_nothing() -> None:
    host, net, peers, slapper, step, slap = _a_slap_sent()
    out = host.tick(10.0)                # judged and applied: saved, then the host dies unsent
    assert host.step == step + 1 and host.log[-1] == slap
    again, net2 = resumed(host, host.save())
    del out
    rejoin_all(net2, peers)
    assert codes(peers[slapper]) == []
    assert [s.action for s in peers[slapper].take_steps()] == [slap]


def test_a_slap_held_when_only_the_connection_broke_is_judged_for_the_rejoin() -> None:
    host, net, peers, slapper, step, slap = _a_slap_sent()
    net.drop(slapper)                    # the press is in, the connection breaks at once
    peers[slapper].lost()
    assert host.referee.window is not None
    net.join("again", peers[slapper])    # back before the window was due
    # judged before the rejoin was answered: its step is among the missed ones, nothing else to say
    assert host.step == step + 1 and host.log[-1] == slap and host.referee.window is None
    assert [s.action for s in peers[slapper].take_steps()] == [slap]
    assert codes(peers[slapper]) == []
