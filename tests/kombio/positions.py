"""KOMBIO positions for tests, built straight as a KombioState by `position` (cards named by value;
every card of the deck somewhere exactly once, check_invariants passes), and the helpers the rules
tests share (test_rules, test_rules_matching)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from game.core import IllegalActionError, Rng
from game.kombio.actions import Slap
from game.kombio.rules import KombioEngine
from game.kombio.state import KombioState, known_slots
from game.kombio.table import EMPTY, TABLE, TURN
from tests import engine_checks

ENGINE = KombioEngine()

def position(hands: Sequence[Sequence[int | None]], *, discard: Sequence[int] = (), draw: Sequence[int] = (),
             rest: str = "draw", turn: int = 0, phase: str = TURN, held: int | None = None,
             had_turn: int | None = None, caller: int = EMPTY, final_left: Iterable[int] | None = None,
             final_turn: bool = False, matched: bool = False, serial: int | None = None,
             known: Mapping[int, Iterable[tuple[int, int]]] | None = None, memory_aid: bool = False,
             deck: str = "kombio", scores: Sequence[int] | None = None, rounds: int = 0, first: int = 0,
             round_no: int = 1, seed: int = 0) -> KombioState:
    """Hands are card values per slot (None: a gap); `discard` bottom first (its last is the top, open
    to slaps unless `matched`); `draw` lies on top of the draw pile, its last card drawn first; every
    card not named goes under the draw pile (rest="draw") or under the discard pile (rest="discard")."""
    values = TABLE.decks[deck]
    free: dict[int, list[int]] = {}
    for card, value in enumerate(values):
        free.setdefault(value, []).append(card)

    def take(value: int) -> int:
        if not free.get(value):
            raise ValueError(f"no {value} left in the {deck} deck")
        return free[value].pop(0)

    n = len(hands)
    hand_cards = [[EMPTY if v is None else take(v) for v in hand] for hand in hands]
    held_card = EMPTY if held is None else take(held)
    top = [take(v) for v in draw]
    piles = [take(v) for v in discard]
    left = sorted(c for cards in free.values() for c in cards)
    if rest == "draw":
        draw_pile, discard_pile = left + top, piles
    else:
        draw_pile, discard_pile = top, left + piles
    everyone = (1 << n) - 1
    state = KombioState(
        players=n, deck=deck, rounds=rounds, memory_aid=memory_aid, values=values, phase=phase,
        turn=turn, first=first, hands=hand_cards, draw=draw_pile, discard=discard_pile,
        scores=list(scores) if scores is not None else [0] * n, known=[0] * n, round=round_no,
        held=held_card, serial=len(discard) if serial is None else serial,
        open=bool(discard) and not matched, matched=matched, attempted=0, looked=everyone,
        had_turn=everyone if had_turn is None else had_turn, caller=caller,
        final_left=(sum(1 << s for s in final_left) if final_left is not None
                    else everyone & ~(1 << caller) if caller >= 0 else 0),
        final_turn=final_turn, last_round=[0] * n, rng=Rng(seed))
    if matched:
        state.attempted = 1 << ((turn + 1) % n)
    for seat, places in (known or {}).items():
        for owner, slot in places:
            state.known[seat] |= 1 << hand_cards[owner][slot]
    ENGINE.check_invariants(state)
    return state


def values_of(state: KombioState, seat: int) -> list[int | None]:
    return [state.values[c] if c >= 0 else None for c in state.hands[seat]]


def top(state: KombioState) -> int:
    return state.values[state.discard[-1]]


def known_values(state: KombioState, seat: int) -> dict[tuple[int, int], int]:
    return {place: state.values[card] for place, card in known_slots(state, seat).items()}


def refused(state, action, match: str) -> IllegalActionError:
    """The action is refused in words, changing nothing (tests/engine_checks.py)."""
    return engine_checks.refused(ENGINE, state, action, match)


def play(state, *actions):
    """The actions applied, each checked (tests/engine_checks.py); the events of all of them."""
    return engine_checks.play(ENGINE, state, *actions)


of = engine_checks.of


def turn_actions(state, seat):
    """The seat's legal actions but its slaps."""
    return [a for a in ENGINE.legal_actions(state, seat) if not isinstance(a, Slap)]


def slaps(state, seat):
    return [a for a in ENGINE.legal_actions(state, seat) if isinstance(a, Slap)]
