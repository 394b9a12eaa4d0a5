"""Kombo Klash! Kombos: the Chameleon's limits, the choices offered, and properties on random boards
against a brute-force reading of DECISIONS.md ("a set of 3 or more face-up tiles, connected through
shared sides, holding at least one real tile of one creature C and otherwise only Chameleons, with no
more Chameleons than real C tiles ... per creature, each connected group at its largest legal size;
where Chameleons must be left out, every largest choice"). Also: scoring flips exactly the Kombo, and
over random action sequences every tile stays somewhere exactly once and the legal list is exactly
what apply accepts."""
from __future__ import annotations

from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import IllegalActionError
from game.kombo_klash.actions import EndTurn, Kick, Place, Revive, Score, Swamp
from game.kombo_klash.kombos import Kombo, kombo_options
from game.kombo_klash.tables import CENTRE, CHAMELEON, CREATURE_INDEX, CREATURES, SCORES, SPACES
from tests import sweep

from .positions import ENGINE, position, sq, sqs

G, R, C, W = (CREATURE_INDEX[n] for n in ("Gorilla", "Raven", "Chameleon", "Wolf"))


def faces(board: dict[str, str]) -> list[int]:
    out = [-1] * 25
    for name, creature in board.items():
        out[sq(name)] = CREATURE_INDEX[creature]
    return out


def offered(board: dict[str, str]) -> set[tuple[str, tuple[int, ...], int]]:
    return {(CREATURES[k.creature], k.squares, k.points) for k in kombo_options(faces(board))}


# -- the Chameleon and other cases ---------------------------------------------------------------------


def test_two_chameleons_with_one_gorilla_are_no_kombo():
    assert offered({"a1": "Gorilla", "b1": "Chameleon", "c1": "Chameleon"}) == set()
    assert offered({"b1": "Gorilla", "a1": "Chameleon", "c1": "Chameleon"}) == set()


def test_chameleons_alone_are_no_kombo():
    assert offered({"a1": "Chameleon", "b1": "Chameleon", "c1": "Chameleon", "d1": "Chameleon"}) == set()


def test_a_chain_of_chameleons_copying_each_other():
    # the far Chameleon touches only a Chameleon: it mimics the one mimicking a Gorilla
    assert offered({"a1": "Gorilla", "b1": "Gorilla", "c1": "Chameleon", "d1": "Chameleon"}) == {
        ("Gorilla", sqs("a1", "b1", "c1", "d1"), 12)}
    assert offered({"a1": "Raven", "a2": "Chameleon", "a3": "Chameleon", "a4": "Raven", "a5": "Raven"}) == {
        ("Raven", sqs("a1", "a2", "a3", "a4", "a5"), 35)}


def test_too_many_chameleons_every_largest_choice_is_offered_and_kept_connected():
    board = {"a1": "Gorilla", "b1": "Gorilla", "a2": "Chameleon", "b2": "Chameleon", "c1": "Chameleon"}
    assert offered(board) == {("Gorilla", sqs("a1", "b1", "a2", "b2"), 12),
                              ("Gorilla", sqs("a1", "b1", "a2", "c1"), 12),
                              ("Gorilla", sqs("a1", "b1", "b2", "c1"), 12)}
    # a line: G C C C C G keeps only a connected part: G C (too small) at either end, nothing
    line = {"a1": "Gorilla", "b1": "Chameleon", "c1": "Chameleon", "d1": "Chameleon", "e1": "Chameleon",
            "e2": "Gorilla"}
    assert offered(line) == set()
    # G G C C C: the two Chameleons next to the Gorillas
    assert offered({"a1": "Gorilla", "b1": "Gorilla", "c1": "Chameleon", "d1": "Chameleon",
                    "e1": "Chameleon"}) == {("Gorilla", sqs("a1", "b1", "c1", "d1"), 12)}


def test_a_chameleon_between_two_groups_serves_either_not_both():
    board = {"a1": "Gorilla", "b1": "Gorilla", "c1": "Chameleon", "d1": "Raven", "e1": "Raven"}
    assert offered(board) == {("Gorilla", sqs("a1", "b1", "c1"), 9), ("Raven", sqs("c1", "d1", "e1"), 21)}
    state = position(board, [["Wolf"], ["Wolf"]])
    ENGINE.apply(state, Score(0, sqs("c1", "d1", "e1")))
    assert state.kombos() == [] and state.scores[0] == 21


def test_a_chameleon_joins_two_groups_of_one_creature_into_one_kombo():
    # "serves either of two neighbouring groups, not both" is about groups of different creatures:
    # between two pairs of Gorillas it makes one connected Kombo of five
    assert offered({"a1": "Gorilla", "b1": "Gorilla", "c1": "Chameleon", "d1": "Gorilla", "e1": "Gorilla"}) == {
        ("Gorilla", sqs("a1", "b1", "c1", "d1", "e1"), 15)}
    assert offered({"a1": "Gorilla", "b1": "Gorilla", "c1": "Gorilla", "d1": "Chameleon", "e1": "Raven",
                    "e2": "Raven", "e3": "Raven"}) == {("Gorilla", sqs("a1", "b1", "c1", "d1"), 12),
                                                      ("Raven", sqs("d1", "e1", "e2", "e3"), 28)}


def test_a_chameleon_bridges_two_real_tiles():
    assert offered({"a1": "Wolf", "b1": "Chameleon", "c1": "Wolf"}) == {("Wolf", sqs("a1", "b1", "c1"), 3)}


def test_face_down_tiles_neither_count_nor_mimic():
    state = position({"a1": "Gorilla", "b1": "Gorilla", "c1": "?Gorilla", "a2": "?Chameleon"},
                     [["Wolf"], ["Wolf"]])
    assert state.kombos() == []
    state = position({"a1": "Gorilla", "b1": "?Chameleon", "c1": "Gorilla", "a2": "Gorilla"},
                     [["Wolf"], ["Wolf"]])
    assert state.kombos() == []


def test_no_side_is_shared_across_the_draw_pile_or_the_board_edge():
    assert offered({"c2": "Gorilla", "c4": "Gorilla", "b3": "Gorilla", "d3": "Gorilla"}) == set()
    assert offered({"d1": "Gorilla", "e1": "Gorilla", "a2": "Gorilla"}) == set()       # e1 | a2
    assert offered({"e2": "Gorilla", "a3": "Gorilla", "b3": "Gorilla"}) == set()
    assert offered({"a2": "Gorilla", "e1": "Chameleon", "d1": "Gorilla"}) == set()


def test_every_creature_scores_its_kombo_score_per_tile():
    for creature, score in zip(CREATURES, SCORES, strict=True):
        if creature == "Chameleon":
            continue
        assert offered({"a1": creature, "b1": creature, "c1": creature}) == {
            (creature, sqs("a1", "b1", "c1"), 3 * score)}
    assert SCORES[CREATURE_INDEX["Gorilla"]] == 3    # 3 Gorillas + a Chameleon = 12 (rulebook)


def test_two_groups_of_one_creature_are_two_choices():
    board = {"a1": "Wolf", "b1": "Wolf", "c1": "Wolf", "a4": "Wolf", "a5": "Wolf", "b5": "Wolf"}
    assert offered(board) == {("Wolf", sqs("a1", "b1", "c1"), 3), ("Wolf", sqs("a4", "a5", "b5"), 3)}


# -- properties on random boards ----------------------------------------------------------------------

NEIGHBOURS = {s: [n for n in SPACES if abs(n // 5 - s // 5) + abs(n % 5 - s % 5) == 1] for s in SPACES}


def connected(squares: set[int]) -> bool:
    squares = set(squares)
    if not squares:
        return False
    seen, todo = set(), [min(squares)]
    while todo:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        todo += [n for n in NEIGHBOURS[s] if n in squares]
    return seen == squares


def components(squares: set[int]) -> list[set[int]]:
    left, out = set(squares), []
    while left:
        seen, todo = set(), [min(left)]
        while todo:
            s = todo.pop()
            if s in seen:
                continue
            seen.add(s)
            todo += [n for n in NEIGHBOURS[s] if n in left]
        out.append(seen)
        left -= seen
    return out


def brute_force(face: list[int]) -> set[Kombo]:
    """The rulings read literally: per creature, per connected group of its face-up tiles and the
    face-up Chameleons, every legal Kombo of the largest legal size, by trying every subset."""
    found: set[Kombo] = set()
    chams = {s for s in SPACES if face[s] == CHAMELEON}
    for creature in range(CHAMELEON):
        reals = {s for s in SPACES if face[s] == creature}
        for group in components(reals | chams):
            if not group & reals:
                continue
            items = sorted(group)
            legal = []
            for size in range(len(items), 2, -1):
                for pick in combinations(items, size):
                    real = len(reals.intersection(pick))
                    if real and size - real <= real and connected(set(pick)):
                        legal.append(pick)
                if legal:
                    break
            found |= {Kombo(creature, pick, len(pick) * SCORES[creature]) for pick in legal}
    return found


TOP = [s for s in SPACES if s < 15]              # rows 1-3: dense boards
MIX = [G, G, G, R, R, C, C, C, W]


@st.composite
def boards(draw) -> list[int]:
    area = draw(st.sampled_from([TOP, [s for s in SPACES if s >= 10], list(SPACES)]))
    squares = draw(st.lists(st.sampled_from(area), min_size=0, max_size=12, unique=True))
    # some boards are all Gorillas and Chameleons, where Chameleons must often be left out
    mix = draw(st.sampled_from([MIX + list(range(8)), [G, C, C], [G, R, C, C, C]]))
    face = [-1] * 25
    counts: Counter[int] = Counter()
    for s in squares:
        creature = draw(st.sampled_from(mix))
        if counts[creature] < 6:
            counts[creature] += 1
            face[s] = creature
    return face


@settings(max_examples=sweep.examples(400))
@given(boards())
def test_kombo_options_on_random_boards(face):
    options = kombo_options(face)
    for k in options:
        assert list(k.squares) == sorted(set(k.squares)) and CENTRE not in k.squares
        assert len(k.squares) >= 3 and connected(set(k.squares))
        kinds = Counter(face[s] for s in k.squares)
        assert k.creature != CHAMELEON and set(kinds) <= {k.creature, CHAMELEON}
        assert kinds[k.creature] >= 1 and kinds[CHAMELEON] <= kinds[k.creature]
        assert k.points == len(k.squares) * SCORES[k.creature]
    assert len(set(options)) == len(options)
    assert set(options) == brute_force(face)


def state_from_faces(face: list[int], hidden: list[int] | None = None):
    board = {"abcde"[s % 5] + str(s // 5 + 1): CREATURES[c] for s, c in enumerate(face) if c >= 0}
    for s in hidden or ():
        name = "abcde"[s % 5] + str(s // 5 + 1)
        if name in board:
            board[name] = "?" + board[name]
    return position(board, [[], []], turn=0)


@settings(max_examples=sweep.examples(150))
@given(boards(), st.data())
def test_scoring_flips_exactly_the_kombo_and_adds_its_points(face, data):
    state = state_from_faces(face)
    assert state.kombos() == kombo_options(face)
    if not state.kombos():
        return
    kombo = data.draw(st.sampled_from(state.kombos()))
    before = ENGINE.clone(state)
    ENGINE.apply(state, Score(0, kombo.squares))
    ENGINE.check_invariants(state)
    assert state.scores == [kombo.points, 0] and state.scored
    assert state.board == before.board and state.hands == before.hands and state.draw == before.draw
    flipped = [s for s in SPACES if state.up[s] != before.up[s]]
    assert flipped == list(kombo.squares) and not any(state.up[s] for s in flipped)


# -- random action sequences -------------------------------------------------------------------------


def candidate_actions(state, seat: int, data) -> list:
    """A handful of actions, legal or not, of every kind."""
    square = st.sampled_from(SPACES)
    out = [EndTurn(seat)]
    for _ in range(6):
        out.append(Place(seat, data.draw(st.sampled_from(CREATURES)), data.draw(square), data.draw(st.booleans())))
    src = data.draw(square)
    out.append(Kick(seat, src, data.draw(st.sampled_from(NEIGHBOURS[src]))))
    out.append(Kick(seat, src, data.draw(square)))
    out.append(Revive(seat, data.draw(square)))
    pair = tuple(sorted(data.draw(st.lists(square, min_size=1, max_size=2, unique=True))))
    out.append(Swamp(seat, pair))
    trio = tuple(sorted(data.draw(st.lists(square, min_size=3, max_size=5, unique=True))))
    out.append(Score(seat, trio))
    return out


@st.composite
def starts(draw):
    """A random position in play: a random board (some face down, never full), random hands."""
    face = draw(boards())
    hidden = draw(st.lists(st.sampled_from(SPACES), max_size=6, unique=True))
    players = draw(st.integers(2, 4))
    state = state_from_faces(face, hidden)
    rest = state.draw
    hands = []
    for _ in range(players):
        n = draw(st.integers(0, 5))
        hands.append(rest[:n])
        rest = rest[n:]
    state.players, state.hands, state.draw = players, hands, rest
    state.scores, state.redraw_done, state.in_round = [0] * players, [True] * players, tuple(range(players))
    if draw(st.booleans()):                 # sometimes the draw pile is empty, the rest discarded
        state.discard, state.draw = state.draw, []
    state.turn = draw(st.integers(0, players - 1))
    state.target = draw(st.sampled_from([50, 75, 100]))
    if not state.hands[state.turn]:          # a turn never starts with an empty hand un-refilled
        ENGINE._draw(state, state.turn, 5, "empty_hand")
    ENGINE.check_invariants(state)
    return state


@settings(max_examples=sweep.examples(40))
@given(starts(), st.data())
def test_random_action_sequences_keep_every_tile_and_legal_means_accepted(state, data):
    for _ in range(data.draw(st.integers(1, 30), label="steps")):
        if ENGINE.outcome(state) is not None:
            break
        (seat,) = ENGINE.to_act(state)
        legal = ENGINE.legal_actions(state, seat)
        assert legal and len(set(legal)) == len(legal)
        # a stray seat and random actions: accepted exactly when listed, refused without a change
        others = [s for s in range(state.players) if s != seat]
        for action in candidate_actions(state, data.draw(st.sampled_from(others)), data) + \
                candidate_actions(state, seat, data):
            if action in legal:
                continue
            before = ENGINE.clone(state)
            try:
                ENGINE.apply(state, action)
            except IllegalActionError as exc:
                assert exc.reason
            else:
                raise AssertionError(f"{action} was accepted but is not listed")
            assert state == before, f"refused {action} changed the state"
        action = data.draw(st.sampled_from(legal), label="action")
        twin = ENGINE.clone(state)
        events = ENGINE.apply(state, action)
        ENGINE.check_invariants(state)
        assert ENGINE.apply(twin, action) == events and twin == state
        assert state.kombos() == kombo_options(state.faces())


@st.composite
def near_full(draw):
    """A board with one to three empty spaces (some tiles face down), hands of any creatures."""
    tiles = draw(st.permutations(range(48)))
    empty = set(draw(st.lists(st.sampled_from(SPACES), min_size=1, max_size=3, unique=True)))
    down = set(draw(st.lists(st.sampled_from(SPACES), max_size=8, unique=True)))
    state = position({}, [[], []])
    state.draw, state.discard = [], []
    it = iter(tiles)
    for s in SPACES:
        if s not in empty:
            state.put(s, next(it), s not in down)
    state.hands = [[next(it) for _ in range(5)], [next(it) for _ in range(5)]]
    state.draw = list(it)
    ENGINE.check_invariants(state)
    return state


@settings(max_examples=sweep.examples(100))
@given(near_full(), st.data())
def test_near_full_boards_every_place_is_accepted_exactly_when_listed(state, data):
    legal = set(ENGINE.legal_actions(state, 0))
    for creature in {CREATURES[t // 6] for t in state.hands[0]}:
        for s in SPACES:
            for trigger in (False, True):
                action = Place(0, creature, s, trigger)
                twin = ENGINE.clone(state)
                try:
                    ENGINE.apply(twin, action)
                except IllegalActionError:
                    assert action not in legal and twin == state
                else:
                    assert action in legal, f"{action} accepted but not listed"
                    ENGINE.check_invariants(twin)
    # and a whole turn on from here
    for _ in range(6):
        if ENGINE.outcome(state) is not None:
            break
        (seat,) = ENGINE.to_act(state)
        ENGINE.apply(state, data.draw(st.sampled_from(ENGINE.legal_actions(state, seat))))
        ENGINE.check_invariants(state)
