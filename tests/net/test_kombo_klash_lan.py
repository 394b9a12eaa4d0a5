"""Kombo Klash! over the network.

- Whole bot games over real sockets on 127.0.0.1: a LanHost with a bot seat and two LanClient bots
  play to the end, and every peer holds the host's public hash at every step.
- Secrecy on the real engine, through the sans-I/O HostCore: at every step, re-dealing every tile a
  seat cannot see (other hands, face-down tiles, the draw and discard piles: engine.resample_hidden)
  leaves every message the host sends that seat byte for byte the same. Only the tiles that very
  step shows the seat (a tile played from another hand, a tile it draws, a revived tile) are kept
  where they were, since showing them is the step's point; everything else hidden is re-dealt,
  afresh at every step.

The socket test runs only inside `unshare -n` (see lan_helpers.loopback):
  unshare -n sh -c 'ip link set lo up; ip link set lo multicast on; \
      python -m pytest -q tests/net/test_kombo_klash_lan.py'
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest
from fake_engine import counter_tokens
from lan_helpers import loopback, play_with_two_bot_peers  # noqa: F401  (loopback: a fixture)

from game.games import game_by_key
from game.kombo_klash.actions import Place, Revive
from game.kombo_klash.rules import KomboKlashConfig, KomboKlashEngine, KomboState
from game.kombo_klash.tables import COPIES, CREATURE_INDEX, SPACES
from net import messages as m
from net.host_core import HostCore, HostSeat
from net.protocol import PROTOCOL_VERSION, encode_frame

ENGINE = KomboKlashEngine()
GAME_DEADLINE = 90.0


@pytest.fixture
def kombo_klash():
    """Kombo Klash!'s definition, from the catalogue."""
    return game_by_key("kombo_klash")


@pytest.mark.parametrize(("target", "seed"), [("quick", 3), ("standard", 11)])
def test_a_host_and_two_peers_play_whole_bot_games(loopback, kombo_klash, tmp_path: Path,  # noqa: F811
                                                   target, seed) -> None:
    core, notices = play_with_two_bot_peers(kombo_klash, {"target": target}, seed, tmp_path,
                                            kombo_klash.bot_levels[0], GAME_DEADLINE)
    assert core.step > 3 and max(core.engine.outcome(core.state).scores) >= core.config.target
    assert notices == []


# -- secrecy through the host core --------------------------------------------------------------------


def _hello(name: str, want: int = 1) -> m.Hello:
    return m.Hello(PROTOCOL_VERSION, name, game=ENGINE.key, want=want)


def _table(players: int, target: int, seed: int) -> tuple[HostCore, dict[int | None, str]]:
    """A HostCore with every seat held by its own connection and a watcher; seat -> connection."""
    host = HostCore(ENGINE, KomboKlashConfig(players, target), seed, [HostSeat("open")] * players,
                    counter_tokens())
    conns: dict[int | None, str] = {}
    for i in range(players):
        host.receive(f"p{i}", _hello(f"P{i}"), 0.0)
        (seat,) = host.conn_seats(f"p{i}")
        conns[seat] = f"p{i}"
    host.receive("w", _hello("W", want=0), 0.0)
    conns[None] = "w"
    return host, conns


def _slots(state: KomboState) -> dict[int, tuple[list[int], int]]:
    """Where each tile is that lies in a list: tile -> (the list, its index)."""
    where: dict[int, tuple[list[int], int]] = {}
    for sq in SPACES:
        if state.board[sq] >= 0:
            where[state.board[sq]] = (state.board, sq)
    for pile in (*state.hands, state.draw, state.discard):
        for i, tile in enumerate(pile):
            where[tile] = (pile, i)
    return where


def _seen(state: KomboState, seat: int | None) -> set[int]:
    """The tiles `seat` sees: its hand and the face-up tiles."""
    tiles = {state.board[sq] for sq in SPACES if state.board[sq] >= 0 and state.up[sq]}
    return tiles | (set(state.hands[seat]) if seat is not None else set())


def _paths(state: KomboState) -> dict[int, tuple[str, int]]:
    out: dict[int, tuple[str, int]] = {}
    for tile, (pile, i) in _slots(state).items():
        if pile is state.board:
            out[tile] = ("board", i)
        elif pile is state.draw:
            out[tile] = ("draw", i)
        elif pile is state.discard:
            out[tile] = ("discard", i)
        else:
            out[tile] = (f"hand{next(s for s, h in enumerate(state.hands) if h is pile)}", i)
    return out


def redealt(state: KomboState, seat: int | None, shown: set[int], rng: random.Random) -> KomboState:
    """resample_hidden for `seat`, then the tiles `shown` (hidden now, seen after this step) put
    back where they were, by swapping each with the tile that took its place."""
    other = ENGINE.resample_hidden(state, seat, rng)
    was = _paths(state)
    for tile in shown:
        path = was[tile]
        here = _slots(other)
        pile, i = here[tile]
        target = other.board if path[0] == "board" else other.draw if path[0] == "draw" else \
            other.discard if path[0] == "discard" else other.hands[int(path[0][4:])]
        pile[i], target[path[1]] = target[path[1]], pile[i]
    other.kombo_cache = None
    ENGINE.check_invariants(other)
    return other


def _shown_in_passing(state: KomboState, action) -> set[int]:
    """Tiles a step shows everyone even if a board-full clear sends them face down to the discard
    pile within the same step: the tile played (the first of its creature in the hand, as the
    engine takes it) and the tile revived."""
    if isinstance(action, Place):
        low = CREATURE_INDEX[action.creature] * COPIES
        return {next(t for t in state.hands[action.seat] if low <= t < low + COPIES)}
    if isinstance(action, Revive):
        return {state.board[action.square]}
    return set()


def _frames(out, conn: str) -> list[bytes]:
    return [encode_frame(m.encode(msg)) for msg in out.to(conn)]


def _kind_first(rng: random.Random, legal):
    kinds: dict[str, list] = {}
    for action in legal:
        kinds.setdefault(action.TAG, []).append(action)
    return rng.choice(kinds[rng.choice(sorted(kinds))])


@pytest.mark.parametrize(("players", "target", "seed"), [(2, 75, 1), (3, 50, 2), (4, 50, 3), (4, 100, 4)])
def test_re_dealing_what_a_seat_cannot_see_leaves_its_messages_byte_for_byte(players, target, seed):
    truth, conns = _table(players, target, seed)
    viewers: list[int | None] = [None, *range(players)]
    twins = {v: _table(players, target, seed)[0] for v in viewers}
    rng = random.Random(seed)
    redeals = random.Random(seed + 1)
    changed = 0

    def step(action) -> None:
        nonlocal changed
        after = ENGINE.clone(truth.state)
        if action is not None:
            ENGINE.apply(after, action)
        for viewer, twin in twins.items():
            shown = (_seen(after, viewer) | _shown_in_passing(truth.state, action)) - _seen(truth.state, viewer)
            twin.referee.state = redealt(truth.state, viewer, shown, redeals)
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
                f"step {truth.step}: {action}: re-dealing what seat {viewer} cannot see changed its messages")

    step(None)
    while not truth.over:
        (seat,) = truth.to_act()
        step(_kind_first(rng, ENGINE.legal_actions(truth.state, seat)))
    assert truth.step > 20 and changed > truth.step     # the re-deals did move hidden tiles
