"""What a Kombo Klash! seat remembers (game.kombo_klash.memory): every tile reaches the board face up,
so a seat that watched the whole game knows every face-down tile on it, and each memory is true."""
from __future__ import annotations

import pytest

from game.core.bots import feed
from game.kombo_klash.bot import make_bot
from game.kombo_klash.events import BoardCleared, Kicked, Scored, Swamped
from game.kombo_klash.expert import ExpertBot
from game.kombo_klash.memory import Memory
from game.kombo_klash.rules import KomboKlashConfig, KomboKlashEngine
from game.kombo_klash.tables import CREATURES, EMPTY, SQUARES, creature_of

ENGINE = KomboKlashEngine()


@pytest.mark.parametrize("seed", [3, 4])
def test_a_seat_that_watched_from_the_start_knows_every_face_down_tile(seed):
    """Bots play a whole game; seat 0's memory, looked at before each of its own decisions as the
    Expert looks, names every face-down tile on the board, and names it right."""
    state = ENGINE.new_game(KomboKlashConfig(3, 50), seed)
    bots = [make_bot(level, seat, seed + seat) for seat, level in enumerate(("medium", "hard", "medium"))]
    memory = Memory(0)
    seen: set[type] = set()
    checked = 0
    while ENGINE.outcome(state) is None:
        seat = state.turn
        if seat == 0:
            memory.look(ENGINE.view(state, 0))
        if memory.view is not None:
            down = {sq for sq in range(SQUARES) if state.board[sq] != EMPTY and not state.up[sq]}
            assert set(memory.down) == down
            for sq, name in memory.down.items():
                assert CREATURES[creature_of(state.board[sq])] == name
            checked += len(down)
        events = ENGINE.apply(state, bots[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)))
        seen.update(type(e) for e in events)
        for other, bot in enumerate(bots):
            feed(bot, ENGINE.seen_by(events, other))
        memory.observe(ENGINE.seen_by(events, 0))
    assert checked > 100
    assert {Scored, Swamped, Kicked, BoardCleared} <= seen      # the game turned, moved and cleared tiles


def test_a_swamped_tile_is_remembered_from_the_event_alone():
    """A seat shown no view yet still learns a swamped tile's face: the event names it."""
    memory = Memory(1)
    memory.observe([Swamped(0, (3, 7), ("Raven", "Wolf"), 2)])
    assert memory.down == {3: "Raven", 7: "Wolf"}
    memory.observe([Kicked(0, 3, 4, ""), BoardCleared((7,), False)])
    assert memory.down == {4: "Raven"}


def test_an_expert_that_missed_the_start_remembers_less_and_still_plays():
    """A bot made in the middle of a game (a resumed save) knows only what it saw since."""
    state = ENGINE.new_game(KomboKlashConfig(2, 50), 8)
    bots = [make_bot("hard", 0, 1), make_bot("hard", 1, 2)]
    for _ in range(40):
        seat = state.turn
        ENGINE.apply(state, bots[seat].choose(ENGINE.view(state, seat), ENGINE.legal_actions(state, seat)))
    assert any(state.board[sq] != EMPTY and not state.up[sq] for sq in range(SQUARES))
    late = ExpertBot(state.turn, 0)
    action = late.choose(ENGINE.view(state, state.turn), ENGINE.legal_actions(state, state.turn))
    assert action in ENGINE.legal_actions(state, state.turn) and late.memory.down == {}
