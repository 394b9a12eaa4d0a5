"""KOMBIO over the network.

- Whole bot games over real sockets on 127.0.0.1: a LanHost with a bot seat and two LanClient bots
  play to the end, slaps included, and every peer holds the host's public hash at every step.
- Slaps through the sans-I/O HostCore: a slap made against an older step that still answers the open
  discard is judged (the engine decides right or wrong); one answering an older discard is refused
  without penalty; the TCP and UDP copies of one slap count once; a turn's move made against an
  older step is still refused as stale.
- The host's clock (fake): a seat silent on the look or on a slap's follow-up choice for
  TABLE.choice_seconds gets the engine's default, made by the host; a dropped seat too, while the
  others' clocks stand still.
- Secrecy on the real engine, through HostCore: at every step, re-dealing every card a seat has not
  seen (engine.resample_hidden) leaves every message the host sends that seat byte for byte the same.
  The cards the step itself shows the seat (its look, its draw, a discarded or slapped card, the hands
  a round's end reveals) are kept where they were, since showing them is the step's point.

The socket test runs only inside `unshare -n` (see lan_helpers.loopback):
  unshare -n sh -c 'ip link set lo up; ip link set lo multicast on; \
      python -m pytest -q tests/net/test_kombio_lan.py'
"""
from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from fake_engine import counter_tokens
from lan_helpers import loopback, play_with_two_bot_peers  # noqa: F401  (loopback: a fixture)

from game.core.engine import Action
from game.games import game_by_key
from game.kombio import GAME as KOMBIO
from game.kombio.actions import Discard, Draw, Give, Look, Settle, Slap
from game.kombio.events import RoundEnded
from game.kombio.rules import KombioEngine
from game.kombio.state import KombioState
from game.kombio.table import TABLE, KombioConfig
from net import messages as m
from net.host_core import HostCore, HostSeat, Outbox
from net.protocol import PROTOCOL_VERSION, encode_frame

ENGINE = KombioEngine()
GAME_DEADLINE = 120.0


@pytest.fixture
def kombio():
    """KOMBIO's definition, from the catalogue."""
    return game_by_key("kombio")


@pytest.mark.parametrize(("rounds", "seed"), [("1", 3), ("3", 11)])
def test_a_host_and_two_peers_play_whole_bot_rounds(loopback, kombio, tmp_path: Path,  # noqa: F811
                                                    rounds, seed) -> None:
    core, _ = play_with_two_bot_peers(kombio, {"rounds": rounds}, seed, tmp_path, kombio.bot_levels[0],
                                      GAME_DEADLINE)
    assert core.step > 10 and core.state.round == int(rounds)
    # Whether the bots' timed slaps come due before the turns run out depends on the clock, so it
    # is not asserted here (nor are the notices of slaps come too late): slaps over the LAN are
    # covered step by step below.


# -- slaps and the default timer through the host core ------------------------------------------------


UDP_KEYS: dict[str, bytes | None] = {}      # connection -> the pairing key its Welcome carried


def _hello(name: str, want: int = 1) -> m.Hello:
    return m.Hello(PROTOCOL_VERSION, name, game=ENGINE.key, want=want)


def _table(players: int, seed: int, rounds: int = 1,
           start: bool = True) -> tuple[HostCore, dict[int | None, str]]:
    """A HostCore with every seat held by its own connection (from 10.0.0.i) and a watcher;
    seat -> connection."""
    host = HostCore(ENGINE, KombioConfig(players, rounds=rounds), seed, [HostSeat("open")] * players,
                    counter_tokens(), realtime=KOMBIO.realtime)
    conns: dict[int | None, str] = {}
    for i in range(players):
        host.connect(f"p{i}", (f"10.0.0.{i + 1}", 5000), 0.0)
        out = host.receive(f"p{i}", _hello(f"P{i}"), 0.0)
        (welcome,) = [msg for msg in out.to(f"p{i}") if isinstance(msg, m.Welcome)]
        UDP_KEYS[f"p{i}"] = welcome.udp_key
        (seat,) = host.conn_seats(f"p{i}")
        conns[seat] = f"p{i}"
    host.receive("w", _hello("W", want=0), 0.0)
    conns[None] = "w"
    if start:
        host.start(0.0, require_ready=False)
    return host, conns


class Peer:
    """One seat's connection, sending intents with refs counted from 0."""

    def __init__(self, host: HostCore, conn: str) -> None:
        self.host, self.conn, self.ref = host, conn, 0

    def intent(self, action: Action, step: int | None = None, now: float = 1.0,
               pressed: float | None = None, settle: bool = True) -> tuple[m.Intent, Outbox]:
        msg = m.Intent(self.ref, self.host.step if step is None else step,
                       ENGINE.actions.encode(action), pressed, self.host.game_no)
        self.ref += 1
        out = self.host.receive(self.conn, msg, now)
        window = self.host.referee.window
        if settle and window is not None:   # the race window a press is held in closes (the referee)
            out.extend(self.host.tick(window.due))
        return msg, out


def _refusals(out: Outbox, conn: str) -> list[m.IntentRefused]:
    return [msg for msg in out.to(conn) if isinstance(msg, m.IntentRefused)]


def _looked(host: HostCore, peers: dict[int, Peer]) -> None:
    for seat, peer in peers.items():
        _, out = peer.intent(Look(seat))
        assert not _refusals(out, peer.conn)
    assert host.state.phase == "turn"


def _slaps(host: HostCore, seat: int) -> list[Slap]:
    return [a for a in ENGINE.legal_actions(host.state, seat) if isinstance(a, Slap)]


def _discard_drawn(host: HostCore, peers: dict[int, Peer]) -> None:
    """The seat to play draws and discards the card it drew (skipping an ability it offers)."""
    turn = host.state.turn
    peers[turn].intent(Draw(turn))
    peers[turn].intent(Discard(turn))
    while host.state.phase == "ability":
        skip = next(a for a in ENGINE.legal_actions(host.state, turn) if a.TAG == "skip")
        peers[turn].intent(skip)
    assert host.state.phase == "turn" and host.state.open


def _peers(host: HostCore, conns: dict[int | None, str]) -> dict[int, Peer]:
    return {seat: Peer(host, conn) for seat, conn in conns.items() if seat is not None}


def test_a_slap_made_against_an_older_step_still_answers_the_open_discard() -> None:
    host, conns = _table(3, seed=5)
    peers = _peers(host, conns)
    _looked(host, peers)
    _discard_drawn(host, peers)
    serial = host.state.serial
    made_at = host.step
    slapper = next(s for s in range(3) if s != host.state.turn and _slaps(host, s))
    slap = _slaps(host, slapper)[0]
    turn = host.state.turn
    peers[turn].intent(Draw(turn))               # the game moves on: a draw opens no discard
    assert host.step == made_at + 1 and host.state.serial == serial and host.state.open
    before = len(host.log)
    _, out = peers[slapper].intent(slap, step=made_at, pressed=0.5)
    assert not _refusals(out, conns[slapper])
    assert host.log[before:] == [slap]           # judged by the engine: right or wrong, a step
    assert host.state.attempted >> slapper & 1


def test_looks_made_at_the_same_step_are_all_taken() -> None:
    """Every seat looks at once at a round's start: a look made before another seat's look moved the
    step on is still taken (Look is step-free), and it is applied as it comes, not raced."""
    host, conns = _table(3, seed=5)
    peers = _peers(host, conns)
    made_at = host.step
    for seat, peer in peers.items():
        _, out = peer.intent(Look(seat), step=made_at)
        assert not _refusals(out, peer.conn)
    assert host.step == made_at + 3 and host.state.phase == "turn"


def test_a_slap_answering_an_older_discard_is_refused_without_penalty() -> None:
    host, conns = _table(3, seed=6)
    peers = _peers(host, conns)
    _looked(host, peers)
    _discard_drawn(host, peers)
    made_at = host.step
    slapper = next(s for s in range(3) if s != host.state.turn and _slaps(host, s))
    slap = _slaps(host, slapper)[0]
    _discard_drawn(host, peers)                  # a newer discard opens
    assert host.state.serial == slap.discard + 1
    hands, scores, pending = [list(h) for h in host.state.hands], list(host.state.scores), \
        list(host.state.pending)
    public, step = host.public_hash(), host.step
    _, out = peers[slapper].intent(slap, step=made_at, pressed=0.5)
    (refusal,) = _refusals(out, conns[slapper])
    assert refusal.code == "stale"
    assert host.step == step and host.public_hash() == public
    assert host.state.hands == hands and host.state.scores == scores and host.state.pending == pending
    assert not host.state.attempted >> slapper & 1   # no attempt used: it may slap the new one
    assert not [msg for msg in out.sends if isinstance(msg[1], m.StepMsg)]


def test_a_turn_move_made_against_an_older_step_is_still_stale() -> None:
    host, conns = _table(3, seed=7)
    peers = _peers(host, conns)
    _looked(host, peers)
    turn = host.state.turn
    old = host.step
    peers[turn].intent(Draw(turn))
    _, out = peers[turn].intent(Discard(turn), step=old)
    (refusal,) = _refusals(out, conns[turn])
    assert refusal.code == "stale" and host.step == old + 1


def test_the_tcp_and_udp_copies_of_a_slap_count_once() -> None:
    host, conns = _table(3, seed=8)
    peers = _peers(host, conns)
    _looked(host, peers)
    _discard_drawn(host, peers)
    slapper = next(s for s in range(3) if s != host.state.turn and _slaps(host, s))
    conn = conns[slapper]
    assert conn is not None
    key = UDP_KEYS[conn]
    assert key is not None
    slap = _slaps(host, slapper)[0]
    before = len(host.log)
    intent, out = peers[slapper].intent(slap, pressed=0.5)
    assert host.log[before:] == [slap]
    copy = m.UdpIntent(key, intent.ref, intent.step, intent.action, intent.pressed,
                       intent.game_no)
    again = host.udp_intent(copy, (f"10.0.0.{slapper + 1}", 6000), 1.1)
    assert isinstance(again, Outbox) and not again     # the second copy: nothing, no refusal
    assert host.log[before:] == [slap]
    # the other way round: the UDP copy first, then the TCP one
    _discard_drawn(host, peers)
    slapper = next(s for s in range(3) if s != host.state.turn and _slaps(host, s))
    conn = conns[slapper]
    assert conn is not None
    key = UDP_KEYS[conn]
    assert key is not None
    slap = _slaps(host, slapper)[0]
    peer = peers[slapper]
    msg = m.Intent(peer.ref, host.step, ENGINE.actions.encode(slap), 2.0, host.game_no)
    peer.ref += 1
    before = len(host.log)
    first = host.udp_intent(m.UdpIntent(key, msg.ref, msg.step, msg.action, msg.pressed,
                                        msg.game_no), (f"10.0.0.{slapper + 1}", 6000), 2.0)
    assert isinstance(first, Outbox) and host.next_due() is not None   # held in its race window
    assert not host.receive(conn, msg, 2.01)                           # the copy, while held
    host.tick(2.3)
    assert host.log[before:] == [slap]
    assert not host.receive(conn, msg, 2.4)                            # and once judged
    assert host.log[before:] == [slap]


def _silent_until(host: HostCore, start: float, seconds: float) -> Outbox:
    """Tick the host's clock from `start` to start + seconds, a tenth of a second at a time."""
    out = Outbox()
    t = start
    while t < start + seconds - 1e-9:
        t = round(t + 0.1, 6)
        out.extend(host.tick(t))
    return out


def test_the_host_makes_the_look_for_a_seat_silent_for_ten_seconds() -> None:
    host, conns = _table(3, seed=9)
    peers = _peers(host, conns)
    assert host.referee.choice_seconds == TABLE.choice_seconds == 10
    host.tick(0.0)                                    # the clocks start
    peers[0].intent(Look(0), now=2.0)
    assert not _silent_until(host, 0.0, 9.9)           # nobody's default yet
    assert host.log == [Look(0)]
    out = _silent_until(host, 9.9, 0.2)
    assert sorted(a.seat for a in host.log[1:]) == [1, 2] and all(isinstance(a, Look) for a in host.log)
    assert any(isinstance(msg, m.StepMsg) for msg in out.to(conns[1]))
    assert host.state.phase == "turn"


def _owed_choice(host: HostCore, peers: dict[int, Peer]) -> tuple[int, float]:
    """Play until a slap's follow-up choice is owed (slapping every open discard with a wrong or
    right card, seat by seat); returns the seat that owes it and the time."""
    _looked(host, peers)
    rng = random.Random(4)
    now = 1.0
    for _ in range(200):
        if host.state.pending:
            return host.state.pending[0].seat, now
        if host.state.open:
            slapper = next((s for s in range(host.config.players) if _slaps(host, s)), None)
            if slapper is not None:
                now += 0.1
                peers[slapper].intent(rng.choice(_slaps(host, slapper)), now=now, pressed=now)
                continue
        turn = host.state.turn
        duties = [a for a in ENGINE.legal_actions(host.state, turn) if not isinstance(a, Slap)]
        now += 0.1
        peers[turn].intent(rng.choice(duties), now=now)
    raise AssertionError("no choice was owed")


def test_the_host_makes_a_silent_seats_follow_up_choice_after_ten_seconds() -> None:
    host, conns = _table(3, seed=10)
    peers = _peers(host, conns)
    seat, now = _owed_choice(host, peers)
    default = ENGINE.default_action(host.state, seat)
    assert isinstance(default, (Give, Settle))
    host.tick(now)
    step = host.step
    assert not _silent_until(host, now, 9.8) and host.step == step
    _silent_until(host, now + 9.8, 0.3)
    assert host.log[step:step + 1] == [default]


def test_a_seat_owing_a_choice_is_told_its_seconds_left_and_everyone_whose_choice_was_made() -> None:
    """The step that leaves a choice owed tells that seat (only) how long it has, for its countdown;
    the step the host makes for it when it stays silent names it to everyone."""
    host, conns = _table(3, seed=10)
    peers = _peers(host, conns)
    outs: list[Outbox] = []
    receive = host.receive
    host.receive = lambda conn, msg, now: outs.append(receive(conn, msg, now)) or outs[-1]  # type: ignore[method-assign]
    seat, now = _owed_choice(host, peers)
    told = {other: [msg for out in outs for msg in out.to(conns[other])
                    if isinstance(msg, m.StepMsg) and msg.seat == other][-1] for other in range(3)}
    assert told[seat].default_in is not None and 9.0 < told[seat].default_in <= TABLE.choice_seconds
    assert all(told[other].default_in is None for other in range(3) if other != seat)
    host.tick(now)
    out = _silent_until(host, now, 10.2)
    made = [msg for msg in out.to(conns[None]) if isinstance(msg, m.StepMsg) and msg.defaulted is not None]
    assert [msg.defaulted for msg in made] == [seat]


def test_a_dropped_seat_gets_its_default_while_the_others_clocks_stand_still() -> None:
    host, conns = _table(3, seed=10)
    peers = _peers(host, conns)
    seat, now = _owed_choice(host, peers)
    default = ENGINE.default_action(host.state, seat)
    conn = conns[seat]
    assert conn is not None
    host.disconnect(conn, now)
    assert seat in host.paused_on()
    host.tick(now)
    step = host.step
    _silent_until(host, now, 10.2)
    assert host.log[step] == default and seat not in host.paused_on()


# -- secrecy through the host core --------------------------------------------------------------------


def _seen(state: KombioState, seat: int | None) -> int:
    """The cards `seat` (None: a spectator) has seen, as a mask: the table's cards it knows, the
    discard pile, and the card it holds after drawing."""
    if seat is None:
        mask = (1 << len(state.values)) - 1
        for known in state.known:
            mask &= known
    else:
        mask = state.known[seat]
    for card in state.discard:
        mask |= 1 << card
    if seat is not None and state.held >= 0 and seat == state.turn:
        mask |= 1 << state.held
    return mask


def _where(state: KombioState) -> dict[int, tuple[str, int, int]]:
    """Where each hidden-able card is: ("hand", owner, slot), ("draw", 0, index) or ("held", 0, 0)."""
    out = {card: ("hand", owner, slot) for owner, hand in enumerate(state.hands)
           for slot, card in enumerate(hand) if card >= 0}
    out.update({card: ("draw", 0, i) for i, card in enumerate(state.draw)})
    if state.held >= 0:
        out[state.held] = ("held", 0, 0)
    return out


def _put(state: KombioState, place: tuple[str, int, int], card: int) -> None:
    kind, owner, i = place
    if kind == "hand":
        state.hands[owner][i] = card
    elif kind == "draw":
        state.draw[i] = card
    else:
        state.held = card


def redealt(state: KombioState, seat: int | None, pinned: int, rng: random.Random) -> KombioState:
    """resample_hidden for `seat`, then the cards `pinned` (a mask: what this step shows it) put back
    where they were, each by swapping places with the card that took its place (and what the other
    seats know swapped with them: they saw the places)."""
    other = ENGINE.resample_hidden(state, seat, rng)
    was = _where(state)
    card = 0
    while pinned >> card:
        if pinned >> card & 1 and card in was:
            here = _where(other)
            target = was[card]
            if here[card] != target:
                displaced = next(c for c, place in here.items() if place == target)
                _put(other, target, card)
                _put(other, here[card], displaced)
                swap = (1 << card) | (1 << displaced)
                other.known = [k if s == seat or not (k & swap) or (k & swap) == swap else k ^ swap
                               for s, k in enumerate(other.known)]
                ids = {card: displaced, displaced: card}
                other.ability_looks = [ids.get(c, c) for c in other.ability_looks]
                other.pending = [dataclasses.replace(p, card=ids.get(p.card, p.card))
                                 for p in other.pending]
        card += 1
    ENGINE.check_invariants(other)
    return other


def _shown(before: KombioState, action: Action, seat: int | None) -> int:
    """What the step shows `seat`: what it has seen after it (its look, its draw, a card discarded,
    taken or slapped), and every card on the table when a round ends (its event reveals the
    hands)."""
    after = ENGINE.clone(before)
    events = ENGINE.apply(after, action)
    mask = _seen(after, seat)
    for event in events:
        if isinstance(event, RoundEnded):
            mask |= before.cards_on_table() | (1 << before.held if before.held >= 0 else 0)
    return mask & ~_seen(before, seat)


def _frames(out: Outbox, conn: str) -> list[bytes]:
    return [encode_frame(m.encode(msg)) for msg in out.to(conn)]


def _pick(rng: random.Random, host: HostCore) -> Action:
    """A seat of those that may act, then a kind of action, then one of that kind: slaps are
    tried often, and duties are never starved."""
    seat = rng.choice(sorted(host.to_act()))
    kinds: dict[str, list[Action]] = {}
    for action in ENGINE.legal_actions(host.state, seat):
        kinds.setdefault(action.TAG, []).append(action)
    return rng.choice(kinds[rng.choice(sorted(kinds))])


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (6, 4)])
def test_re_dealing_what_a_seat_has_not_seen_leaves_its_messages_byte_for_byte(players, seed):
    truth, conns = _table(players, seed, rounds=2, start=False)
    viewers: list[int | None] = [None, *range(players)]
    twins = {v: _table(players, seed, rounds=2, start=False)[0] for v in viewers}
    rng = random.Random(seed)
    redeals = random.Random(seed + 1)
    changed = 0

    def step(action: Action | None) -> None:
        nonlocal changed
        for viewer, twin in twins.items():
            pinned = _shown(truth.state, action, viewer) if action is not None else 0
            twin.referee.state = redealt(truth.state, viewer, pinned, redeals)
            changed += twin.state.hands != truth.state.hands or twin.state.draw != truth.state.draw
        if action is None:
            outs = {v: t.start(0.0, require_ready=False) for v, t in twins.items()}
            out = truth.start(0.0, require_ready=False)
        else:
            outs = {v: t.act(action) for v, t in twins.items()}
            out = truth.act(action)
        for viewer in viewers:
            mine = _frames(out, conns[viewer])
            assert mine, f"no message to {viewer}"
            assert _frames(outs[viewer], conns[viewer]) == mine, (
                f"step {truth.step}: {action}: re-dealing what seat {viewer} has not seen changed "
                "its messages")

    step(None)
    while not truth.over:
        step(_pick(rng, truth))
    assert truth.step > 30 and changed > truth.step      # the re-deals did move hidden cards
    assert any(isinstance(a, Slap) for a in truth.log)
