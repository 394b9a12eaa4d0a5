"""Kombo Klash! rules engine: pure, no pygame, no I/O (rules: shared/rules/kombo-klash.txt and the
Kombo Klash! part of DECISIONS.md).

The engine's parts: the game's numbers and board (tables.py), its actions (actions.py) and events
(events.py), the Kombo finder (kombos.py), each seat's view and its fold (view.py); here the config,
the state and the engine. Inside the engine a tile is an int 0..47 and its creature is ``tile // 6``:
identities make "every tile is somewhere exactly once" checkable, while views only ever show
creatures, and only where the seat may see them (the #1 rule: nobody looks at a face-down tile).

Where the texts leave a point open, DECISIONS.md rules; what this engine adds is marked *ruling*:
- A seat whose turn begins with an empty hand first draws up to five (what "nothing to draw" in
  "a player with an empty hand and nothing to draw passes" presupposes); with still nothing in hand it
  may score a Kombo and must pass.
- An ability whose choice has nothing to choose from cannot be triggered (a Kick with no tile that has
  an empty space beside it, a Swamp with no other face-up tile, a Revive with no face-down tile); the
  others (Howl, Call, Scatter) may be triggered even when they gain nothing.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Annotated, Any, ClassVar

from game.core.engine import (
    Action,
    Engine,
    Event,
    GameConfig,
    GameType,
    Outcome,
    Termination,
    rank_winners,
)
from game.core.errors import ConfigError, IllegalActionError
from game.core.options import Choice, Opt
from game.core.rng import Rng
from game.core.seats import seat_name
from game.core.view import ViewCodec, revealed
from game.core.wire import WireCodec

from .actions import ACTIONS, EndTurn, Kick, Place, Redraw, Revive, Score, Swamp
from .events import (
    EVENTS,
    BoardCleared,
    CornersDealt,
    Drew,
    GameOver,
    HandDiscarded,
    Howled,
    Hypnotised,
    Kept,
    Kicked,
    Placed,
    Reshuffled,
    Revived,
    RoundEnded,
    Scored,
    Swamped,
    TieBreak,
    TurnBegan,
)
from .kombos import (
    BESIDE_CENTRE_MASK,
    CREATURE_BIT,
    LOW_SQUARES,
    SPACES_MASK,
    Kombo,
    creature_kombos,
    grow,
    kombo_options,
    squares_of,
)
from .tables import (
    ALLIGATOR,
    BESIDE_CENTRE,
    CENTRE,
    CHAMELEON,
    CHOICE_OF,
    COPIES,
    CORNERS,
    CREATURE_INDEX,
    CREATURES,
    EMPTY,
    GORILLA,
    KANGAROO,
    KICK,
    NEIGHBOURS,
    OVER,
    PLAY,
    RAVEN,
    REDRAW,
    REVIVE,
    SEATS,
    SNAKE,
    SPACES,
    SQUARES,
    SWAMP,
    TABLE,
    TILES,
    VULTURE,
    WOLF,
    creature_of,
    square_name,
)
from .view import KomboView, PendingView, RevealedView, fold, frozen

# the option, built here: a class's annotations are evaluated without the module's names
_TARGET = Opt("Target", tuple(Choice(name, points, f"{name.capitalize()} · {points}",
                                     f"The game ends after the round in which someone reaches {points} points")
                              for name, points in TABLE.targets.items()))


@dataclass(frozen=True)
class KomboKlashConfig(GameConfig):
    TAG: ClassVar[str] = "kombo_klash"
    target: Annotated[int, _TARGET] = TABLE.targets["standard"]



# Actions are immutable: the ones a turn lists by the hundred are built once here.
# _PLACES[seat][creature][square] = (without trigger, with trigger); () for the centre
_PLACES: tuple[tuple[tuple[tuple[Place, ...], ...], ...], ...] = tuple(
    tuple(tuple((Place(seat, name, sq, False), Place(seat, name, sq, True)) if sq != CENTRE else ()
                for sq in range(SQUARES))
          for name in CREATURES) for seat in range(SEATS))
_KICKS = tuple({(src, dst): Kick(seat, src, dst) for src in SPACES for dst in NEIGHBOURS[src]}
               for seat in range(SEATS))
_REVIVES = tuple({sq: Revive(seat, sq) for sq in SPACES} for seat in range(SEATS))
_SWAMPS = tuple({squares: Swamp(seat, squares)
                 for n in range(1, TABLE.swamp_max + 1) for squares in combinations(SPACES, n)}
                for seat in range(SEATS))
_END_TURNS = tuple(EndTurn(seat) for seat in range(SEATS))
_REDRAWS = tuple((Redraw(seat, False), Redraw(seat, True)) for seat in range(SEATS))
_TO_ACT = tuple(frozenset({seat}) for seat in range(SEATS))



# -- state ---------------------------------------------------------------------------------------


@dataclass
class KomboState:
    players: int
    target: int
    phase: str
    turn: int                         # seat to act; -1 when over
    board: list[int]                  # 25 tile ids, EMPTY for an empty space (and the centre)
    up: list[bool]                    # 25: the tile there is face up
    hands: list[list[int]]
    draw: list[int]                   # the top is the end
    discard: list[int]
    scores: list[int]
    in_round: tuple[int, ...]
    round: int = 1
    played: int = 0
    scored: bool = False
    pending: str = ""
    pending_square: int = EMPTY
    redraw_done: list[bool] = field(default_factory=list)
    last: Action | None = None
    rng: Rng = field(default_factory=lambda: Rng(0))
    # `board` and `up` as bit masks over the squares, kept by put/lift/flip: the move lists and the
    # Kombo search read these on every step.
    occ: int = 0
    upm: int = 0
    faces_up: list[int] = field(default_factory=lambda: [0] * len(CREATURES))   # per creature
    # Kombos on the board now, worked out when first asked for: a cache, not part of the state.
    # Each creature's Kombos are kept apart and searched again only when a face-up tile of that
    # creature (or a Chameleon) changed: the list is asked for on every step.
    kombo_cache: list[Kombo] | None = field(default=None, compare=False, repr=False)
    kombo_parts: list[tuple[Kombo, ...]] = field(
        default_factory=lambda: [()] * CHAMELEON, compare=False, repr=False)
    kombo_dirty: int = field(default=(1 << CHAMELEON) - 1, compare=False, repr=False)
    # The Score actions of Kombos seen so far, by (seat, squares): a Kombo stays on offer for many
    # steps and building a checked action costs more than finding it again. Shared by copies (its
    # actions are immutable and keyed by value).
    score_cache: dict[tuple[int, tuple[int, ...]], Score] = field(
        default_factory=dict, compare=False, repr=False)
    # The last action and its wire form as views hold it: every view of a step reads it.
    last_wire: tuple[Action | None, Any] = field(default=(None, None), compare=False, repr=False)

    def copy(self) -> KomboState:
        return KomboState(
            self.players, self.target, self.phase, self.turn, list(self.board), list(self.up),
            [list(h) for h in self.hands], list(self.draw), list(self.discard), list(self.scores),
            self.in_round, self.round, self.played, self.scored, self.pending, self.pending_square,
            list(self.redraw_done), self.last, self.rng.clone(), self.occ, self.upm, list(self.faces_up),
            self.kombo_cache, list(self.kombo_parts), self.kombo_dirty, self.score_cache)

    def put(self, sq: int, tile: int, face_up: bool) -> None:
        """Put `tile` on the empty space `sq`."""
        self.board[sq] = tile
        self.occ |= 1 << sq
        if face_up:
            self.flip(sq, True)

    def lift(self, sq: int) -> int:
        """Take the tile off `sq` (its square becomes empty) and return it."""
        self.flip(sq, False)
        tile = self.board[sq]
        self.board[sq] = EMPTY
        self.occ &= ~(1 << sq)
        return tile

    def flip(self, sq: int, face_up: bool) -> None:
        if self.up[sq] == face_up:
            return
        bit = 1 << sq
        creature = self.board[sq] // COPIES
        self.up[sq] = face_up
        if face_up:
            self.upm |= bit
            self.faces_up[creature] |= bit
        else:
            self.upm &= ~bit
            self.faces_up[creature] &= ~bit
        # a Chameleon may join any creature's Kombo
        self.kombo_dirty |= (1 << CHAMELEON) - 1 if creature == CHAMELEON else 1 << creature
        self.kombo_cache = None

    def faces(self) -> list[int]:
        """The creature of each face-up tile, -1 elsewhere."""
        board, up, copies = self.board, self.up, TABLE.copies
        return [board[sq] // copies if up[sq] else EMPTY for sq in range(SQUARES)]

    def kombos(self) -> list[Kombo]:
        if self.kombo_cache is None:
            parts, dirty = self.kombo_parts, self.kombo_dirty
            if dirty:
                masks = self.faces_up
                for creature in LOW_SQUARES[dirty]:      # the dirty creatures
                    parts[creature] = creature_kombos(creature, masks[creature], masks[CHAMELEON])
                self.kombo_dirty = 0
            self.kombo_cache = [k for part in parts if part for k in part]
        return self.kombo_cache

    def score_actions(self, seat: int, kombos: list[Kombo]) -> list[Score]:
        """The Score action of each of `kombos` (from kombos()) for `seat`."""
        cache, out = self.score_cache, []
        for kombo in kombos:
            key = (seat, kombo.squares)
            action = cache.get(key)
            if action is None:
                action = cache[key] = Score(seat, kombo.squares)
            out.append(action)
        return out


# -- pure board helpers (shared with the bots and the scene) ---------------------------------------


def open_spaces(occupied: Sequence[bool]) -> list[int]:
    """Empty tile spaces where a tile may be placed: beside a tile (either face) or the centre."""
    return [sq for sq in SPACES if not occupied[sq]
            and (sq in BESIDE_CENTRE or any(occupied[n] for n in NEIGHBOURS[sq]))]


def kicks(occupied: Sequence[bool], kangaroo: int) -> list[tuple[int, int]]:
    """Every Kick the Kangaroo on `kangaroo` may make: another tile to an empty space beside it."""
    return [(src, dst) for src in SPACES if occupied[src] and src != kangaroo
            for dst in NEIGHBOURS[src] if not occupied[dst]]


# -- the engine -----------------------------------------------------------------------------------


class KomboKlashEngine(Engine[KomboState]):
    key: ClassVar[str] = "kombo_klash"
    title: ClassVar[str] = "Kombo Klash!"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = SEATS
    actions: ClassVar[WireCodec] = WireCodec(ACTIONS)
    events: ClassVar[WireCodec] = WireCodec(EVENTS)
    configs: ClassVar[WireCodec] = WireCodec([KomboKlashConfig])
    views: ClassVar[ViewCodec[KomboView]] = ViewCodec(KomboView)
    game_type: ClassVar[GameType] = GameType(hidden_information=True)

    # -- setup --

    def new_game(self, config: GameConfig, seed: int) -> KomboState:
        if not isinstance(config, KomboKlashConfig):
            raise ConfigError("Kombo Klash! needs a KomboKlashConfig")
        self.check_config(config)
        if config.target not in TABLE.targets.values():
            raise ConfigError(f"the target must be one of {sorted(TABLE.targets.values())}")
        n = config.players
        rng = Rng(seed)
        draw = list(range(TILES))
        rng.shuffle(draw)
        state = KomboState(
            players=n, target=config.target, phase=REDRAW, turn=0, board=[EMPTY] * SQUARES,
            up=[False] * SQUARES, hands=[], draw=draw, discard=[], scores=[0] * n,
            in_round=tuple(range(n)), redraw_done=[False] * n, rng=rng)
        for sq in CORNERS:
            state.put(sq, draw.pop(), True)
        state.hands = [[draw.pop() for _ in range(TABLE.hand_size)] for _ in range(n)]
        return state

    def opening_events(self, state: KomboState) -> list[Event]:
        """What a screen shows for the setup (the corner tiles and each seat's deal), as events."""
        events: list[Event] = [CornersDealt(tuple(CREATURES[creature_of(state.board[sq])] for sq in CORNERS))]
        for seat, hand in enumerate(state.hands):
            events.append(Drew(seat, len(hand), _names(hand), "deal"))
        return events

    # -- queries --

    def to_act(self, state: KomboState) -> frozenset[int]:
        return frozenset() if state.phase == OVER else _TO_ACT[state.turn]

    def legal_actions(self, state: KomboState, seat: int) -> list[Action]:
        if state.phase == OVER or seat != state.turn:
            return []
        if state.phase == REDRAW:
            return list(_REDRAWS[seat])
        if state.pending:
            return self._pending_choices(state, seat, [t >= 0 for t in state.board])
        out: list[Action] = []
        hand = state.hands[seat]
        if hand:
            occ, upm = state.occ, state.upm
            beside_tiles = grow(occ) & ~occ
            spaces = squares_of((beside_tiles | BESIDE_CENTRE_MASK) & ~occ & SPACES_MASK)
            places = _PLACES[seat]
            kinds = 0                         # the creatures in hand, as a bit mask
            for tile in hand:
                kinds |= CREATURE_BIT[tile]
            for creature in LOW_SQUARES[kinds]:      # its set bits, ascending
                row = places[creature]
                if creature == SNAKE:
                    out += [row[sq][0] for sq in spaces]
                    out += [row[sq][1] for sq in squares_of(upm & ~state.faces_up[SNAKE])]
                elif (creature == CHAMELEON or (creature == ALLIGATOR and not upm)
                      or (creature == VULTURE and not occ & ~upm)):
                    out += [row[sq][0] for sq in spaces]
                elif creature == KANGAROO and beside_tiles.bit_count() < 2:
                    # a kick needs an empty space beside some tile other than the Kangaroo's own
                    for sq in spaces:
                        out += row[sq] if beside_tiles & ~(1 << sq) else row[sq][:1]
                else:
                    for sq in spaces:
                        out += row[sq]
        if not state.scored:
            kombos = state.kombos()
            if kombos:
                out += state.score_actions(seat, kombos)
        if state.played or not hand:
            out.append(_END_TURNS[seat])
        return out

    def _pending_choices(self, state: KomboState, seat: int, occupied: list[bool]) -> list[Action]:
        if state.pending == KICK:
            table = _KICKS[seat]
            return [table[move] for move in kicks(occupied, state.pending_square)]
        if state.pending == REVIVE:
            return [_REVIVES[seat][sq] for sq in SPACES if occupied[sq] and not state.up[sq]]
        targets = [sq for sq in SPACES if state.up[sq] and sq != state.pending_square]
        swamps = _SWAMPS[seat]
        out: list[Action] = [swamps[(sq,)] for sq in targets]
        out += [swamps[pair] for pair in combinations(targets, 2)]
        return out

    def outcome(self, state: KomboState) -> Outcome | None:
        if state.phase != OVER:
            return None
        return Outcome(tuple(state.scores), rank_winners(state.scores), Termination.TARGET_SCORE)

    # -- apply --

    def apply(self, state: KomboState, action: Action) -> list[Event]:
        if state.phase == OVER:
            raise IllegalActionError("the game is over", action)
        if not isinstance(action, (Redraw, Place, Kick, Swamp, Revive, Score, EndTurn)):
            raise IllegalActionError("that is not a Kombo Klash! action", action)
        if action.seat != state.turn:
            raise IllegalActionError(f"it is {seat_name(state.turn)}'s turn", action)
        if state.phase == REDRAW:
            if not isinstance(action, Redraw):
                raise IllegalActionError("first choose: keep your starting hand or redraw it", action)
            events = self._redraw(state, action)
        elif isinstance(action, Redraw):
            raise IllegalActionError("starting hands can only be redrawn before the first turn", action)
        elif state.pending:
            events = self._resolve(state, action)
        elif isinstance(action, Place):
            events = self._place(state, action)
        elif isinstance(action, Score):
            events = self._score(state, action)
        elif isinstance(action, EndTurn):
            events = self._end_turn(state, action)
        else:
            raise IllegalActionError("no ability is waiting for that choice", action)
        state.last = action
        return events

    def _redraw(self, state: KomboState, action: Redraw) -> list[Event]:
        seat = action.seat
        events: list[Event] = []
        if action.redraw:
            hand = state.hands[seat]
            state.discard.extend(hand)
            events.append(HandDiscarded(seat, len(hand)))
            state.hands[seat] = []
            events.extend(self._draw(state, seat, TABLE.hand_size, "redraw"))
        else:
            events.append(Kept(seat))
        state.redraw_done[seat] = True
        if seat + 1 < state.players:
            state.turn = seat + 1
        else:
            state.phase = PLAY
            events.extend(self._begin_turn(state, 0))
        return events

    def _place(self, state: KomboState, action: Place) -> list[Event]:
        seat, sq, trigger = action.seat, action.square, action.trigger
        creature = CREATURE_INDEX[action.creature]
        hand = state.hands[seat]
        low = creature * COPIES
        for tile in hand:
            if low <= tile < low + COPIES:
                break
        else:
            raise IllegalActionError(f"you have no {action.creature} in your hand", action)
        board, up = state.board, state.up
        if creature == SNAKE and trigger:
            if not state.occ >> sq & 1:
                raise IllegalActionError("a Snake hypnotises by being played onto a face-up tile", action)
            if not up[sq]:
                raise IllegalActionError("a Snake cannot hypnotise a face-down tile", action)
            if creature_of(board[sq]) == SNAKE:
                raise IllegalActionError("a Snake cannot hypnotise another Snake", action)
        else:
            if state.occ >> sq & 1:
                raise IllegalActionError(f"{square_name(sq)} is not empty", action)
            if sq not in BESIDE_CENTRE and not grow(state.occ) >> sq & 1:
                raise IllegalActionError("a tile goes beside another tile or the draw pile", action)
            if trigger:
                self._check_trigger(state, creature, sq, action)
        hand.remove(tile)
        state.played += 1
        events: list[Event] = [Placed(seat, action.creature, sq, trigger)]
        if creature == SNAKE and trigger:
            taken = state.lift(sq)
            hand.append(taken)
            events.append(Hypnotised(seat, sq, CREATURES[creature_of(taken)]))
        state.put(sq, tile, True)
        if trigger:
            if creature == WOLF:
                points = len(hand)
                state.scores[seat] += points
                events.append(Howled(seat, points))
            elif creature == RAVEN:
                events.extend(self._draw(state, seat, 1, "call"))
            elif creature == GORILLA:
                count = len(hand)
                state.discard.extend(hand)
                hand.clear()
                events.append(HandDiscarded(seat, count))
                events.extend(self._draw(state, seat, count, "scatter"))
            elif creature in (KANGAROO, ALLIGATOR, VULTURE):
                state.pending = CHOICE_OF[creature]
                state.pending_square = sq
                return events
        events.extend(self._after_tile(state))
        return events

    @staticmethod
    def _check_trigger(state: KomboState, creature: int, sq: int, action: Action) -> None:
        """Refuse a trigger whose ability would have nothing to choose (with the tile on `sq`)."""
        if creature == CHAMELEON:
            raise IllegalActionError("the Chameleon has no ability when played", action)
        if creature == SNAKE:
            raise IllegalActionError("a Snake played to an empty space has no ability", action)
        occ = state.occ
        if creature == KANGAROO and not grow(occ) & ~occ & ~(1 << sq):
            raise IllegalActionError("no tile has an empty space beside it to be kicked into", action)
        if creature == ALLIGATOR and not state.upm:
            raise IllegalActionError("there is no other face-up tile to swamp", action)
        if creature == VULTURE and not occ & ~state.upm:
            raise IllegalActionError("there is no face-down tile to revive", action)

    def _resolve(self, state: KomboState, action: Action) -> list[Event]:
        seat, board, up = action.seat, state.board, state.up
        events: list[Event]
        if state.pending == KICK:
            if not isinstance(action, Kick):
                raise IllegalActionError("choose the tile your Kangaroo kicks, and where", action)
            src, dst = action.src, action.dst
            if src == state.pending_square:
                raise IllegalActionError("the Kangaroo kicks another tile, not itself", action)
            if board[src] < 0:
                raise IllegalActionError(f"there is no tile on {square_name(src)}", action)
            if dst not in NEIGHBOURS[src]:
                raise IllegalActionError("a kicked tile moves one space up, down, left or right", action)
            if board[dst] >= 0:
                raise IllegalActionError("a tile can only be kicked into an empty space", action)
            name = CREATURES[creature_of(board[src])] if up[src] else ""
            face_up = up[src]
            state.put(dst, state.lift(src), face_up)
            events = [Kicked(seat, src, dst, name)]
        elif state.pending == SWAMP:
            if not isinstance(action, Swamp):
                raise IllegalActionError("choose one or two face-up tiles for your Alligator to swamp", action)
            for sq in action.squares:
                if sq == state.pending_square:
                    raise IllegalActionError("the Alligator swamps other tiles, not itself", action)
                if board[sq] < 0 or not up[sq]:
                    raise IllegalActionError(f"there is no face-up tile on {square_name(sq)}", action)
            names = tuple(CREATURES[creature_of(board[sq])] for sq in action.squares)
            for sq in action.squares:
                state.flip(sq, False)
            points = len(action.squares)
            state.scores[seat] += points
            events = [Swamped(seat, action.squares, names, points)]
        else:
            if not isinstance(action, Revive):
                raise IllegalActionError("choose the face-down tile your Vulture revives", action)
            sq = action.square
            if board[sq] < 0 or up[sq]:
                raise IllegalActionError(f"there is no face-down tile on {square_name(sq)}", action)
            state.flip(sq, True)
            events = [Revived(seat, sq, CREATURES[creature_of(board[sq])])]
        state.pending, state.pending_square = "", EMPTY
        events.extend(self._after_tile(state))
        return events

    def _after_tile(self, state: KomboState) -> list[Event]:
        """The board-full clear, which must be done before the turn goes on."""
        if state.occ != SPACES_MASK:
            return []
        all_up = state.upm == SPACES_MASK
        # all face up (rare): everything but the corners goes; else every face-down tile
        gone = (tuple(sq for sq in SPACES if sq not in CORNERS) if all_up
                else squares_of(SPACES_MASK & ~state.upm))
        for sq in gone:
            state.discard.append(state.lift(sq))
        return [BoardCleared(gone, all_up)]

    def _score(self, state: KomboState, action: Score) -> list[Event]:
        if state.scored:
            raise IllegalActionError("you have already scored a Kombo this turn", action)
        kombo = next((k for k in state.kombos() if k.squares == action.squares), None)
        if kombo is None:
            raise IllegalActionError("those tiles are not a Kombo you can score", action)
        for sq in kombo.squares:
            state.flip(sq, False)
        state.scores[action.seat] += kombo.points
        state.scored = True
        return [Scored(action.seat, CREATURES[kombo.creature], kombo.squares, kombo.points)]

    def _end_turn(self, state: KomboState, action: EndTurn) -> list[Event]:
        seat = action.seat
        if not state.played and state.hands[seat]:
            raise IllegalActionError("play at least one tile before you end your turn", action)
        events = self._draw(state, seat, max(0, TABLE.hand_size - len(state.hands[seat])), "refill")
        order = state.in_round
        at = order.index(seat)
        if at + 1 < len(order):
            events.extend(self._begin_turn(state, order[at + 1]))
            return events
        return events + self._end_round(state)

    def _end_round(self, state: KomboState) -> list[Event]:
        scores = state.scores
        top = max(scores)
        if top < state.target:
            nxt: tuple[int, ...] = tuple(range(state.players))
            events: list[Event] = [RoundEnded(state.round, nxt)]
        else:
            leaders = tuple(s for s in range(state.players) if scores[s] == top)
            if len(leaders) == 1:
                state.phase, state.turn = OVER, -1
                state.pending, state.played, state.scored = "", 0, False
                return [RoundEnded(state.round, ()), GameOver(Termination.TARGET_SCORE)]
            nxt = leaders
            events = [RoundEnded(state.round, nxt), TieBreak(leaders, top)]
        state.in_round = nxt
        state.round += 1
        events.extend(self._begin_turn(state, nxt[0]))
        return events

    def _begin_turn(self, state: KomboState, seat: int) -> list[Event]:
        state.turn = seat
        state.played, state.scored = 0, False
        events: list[Event] = [TurnBegan(seat, state.round)]
        if not state.hands[seat]:
            events.extend(self._draw(state, seat, TABLE.hand_size, "empty_hand"))
        return events

    def _draw(self, state: KomboState, seat: int, count: int, reason: str) -> list[Event]:
        """Up to `count` tiles into `seat`'s hand, reshuffling the discard pile when the draw pile
        runs out; nothing more when both are empty."""
        events: list[Event] = []
        drawn: list[int] = []
        for _ in range(count):
            if not state.draw:
                if not state.discard:
                    break
                state.draw, state.discard = state.discard, []
                state.rng.shuffle(state.draw)
                events.append(Reshuffled(len(state.draw)))
            drawn.append(state.draw.pop())
        state.hands[seat].extend(drawn)
        if drawn or count:
            events.append(Drew(seat, len(drawn), _names(drawn), reason))
        return events

    # -- secrecy --

    def redact(self, event: Event, seat: int | None) -> Event | None:
        """A draw's tiles only to the seat that drew them; to that seat, what changes its own hand says
        so (a view holds its viewer's hand, not its viewer's seat)."""
        if isinstance(event, Drew):
            return Drew(event.seat, event.count, (), event.reason) if event.seat != seat and event.tiles else event
        if seat is None or getattr(event, "seat", None) != seat:
            return event
        if isinstance(event, Placed):
            return Placed(seat, event.creature, event.square, event.trigger, yours=True)
        if isinstance(event, Hypnotised):
            return Hypnotised(seat, event.square, event.creature, yours=True)
        if isinstance(event, HandDiscarded):
            return HandDiscarded(seat, event.count, yours=True)
        return event

    def resample_hidden(self, state: KomboState, seat: int | None, rng: Any) -> KomboState:
        """Every tile `seat` cannot see (other hands, face-down tiles, both piles) re-dealt at random
        into the same places."""
        other = state.copy()
        other.kombo_cache = None
        slots: list[tuple[list[int], int]] = []
        for s, hand in enumerate(other.hands):
            if s != seat:
                slots.extend((hand, i) for i in range(len(hand)))
        slots.extend((other.board, sq) for sq in SPACES if other.board[sq] >= 0 and not other.up[sq])
        slots.extend((other.draw, i) for i in range(len(other.draw)))
        slots.extend((other.discard, i) for i in range(len(other.discard)))
        tiles = [where[i] for where, i in slots]
        rng.shuffle(tiles)
        for (where, i), tile in zip(slots, tiles, strict=True):
            where[i] = tile
        return other

    # -- views --

    def view(self, state: KomboState, seat: int | None) -> KomboView:
        board = tuple(None if t < 0 else _TILE_NAMES[t] if up else "?" for t, up in zip(state.board, state.up))
        last = state.last
        if state.last_wire[0] is not last:
            state.last_wire = (last, None if last is None else frozen(self.actions.encode(last)))
        hand = _names(sorted(state.hands[seat])) if seat is not None else ()
        kombos = (() if state.phase != PLAY else
                  tuple((CREATURES[k.creature], k.squares, k.points) for k in state.kombos()))
        return KomboView(
            phase=state.phase, players=state.players, target=state.target, round=state.round,
            turn=state.turn, in_round=tuple(state.in_round), scores=tuple(state.scores), board=board,
            hand=hand, hand_counts=tuple(len(h) for h in state.hands), draw_count=len(state.draw),
            discard_count=len(state.discard), played=state.played, scored=state.scored,
            pending=PendingView(state.pending, state.pending_square) if state.pending else None,
            kombos=kombos, redraw_done=tuple(state.redraw_done),
            last=state.last_wire[1])

    def revealed_view(self, state: KomboState) -> RevealedView:
        """The table's view with every hand and every face-down tile's creature (a replay's)."""
        faces = tuple(_TILE_NAMES[t] if t >= 0 and not up else None for t, up in zip(state.board, state.up))
        return revealed(self.view(state, None), RevealedView, hands=tuple(_names(sorted(h)) for h in state.hands),
                        faces=faces)

    def fold(self, view: KomboView, event: Event) -> KomboView:
        return fold(view, event)

    def clone(self, state: KomboState) -> KomboState:
        return state.copy()

    # -- checks --

    def check_invariants(self, state: KomboState) -> None:
        n = state.players
        assert 2 <= n <= SEATS, f"bad player count {n}"
        assert state.target in TABLE.targets.values(), f"bad target {state.target}"
        assert len(state.board) == SQUARES and len(state.up) == SQUARES
        assert state.board[CENTRE] == EMPTY and not state.up[CENTRE], "a tile on the draw pile's square"
        where: list[int] = []
        for sq in SPACES:
            if state.board[sq] >= 0:
                where.append(state.board[sq])
            else:
                assert not state.up[sq], f"an empty space {square_name(sq)} is face up"
            assert state.occ >> sq & 1 == (state.board[sq] >= 0), f"occupied mask wrong at {sq}"
            assert state.upm >> sq & 1 == state.up[sq], f"face-up mask wrong at {sq}"
            for creature, mask in enumerate(state.faces_up):
                assert mask >> sq & 1 == (state.up[sq] and creature_of(state.board[sq]) == creature)
        assert not (state.occ | state.upm) >> CENTRE & 1
        for hand in state.hands:
            where.extend(hand)
        where.extend(state.draw)
        where.extend(state.discard)
        assert sorted(where) == list(range(TILES)), "the 48 tiles are not each somewhere exactly once"
        assert len(state.hands) == n and len(state.scores) == n and len(state.redraw_done) == n
        assert all(s >= 0 for s in state.scores)
        if state.phase == REDRAW:
            assert 0 <= state.turn < n and state.redraw_done == [s < state.turn for s in range(n)]
            assert not state.pending and state.round == 1
        elif state.phase == PLAY:
            assert all(state.redraw_done)
            assert state.turn in state.in_round, "the seat to play is not in this round"
            assert list(state.in_round) == sorted(set(state.in_round))
            if state.pending:
                sq = state.pending_square
                expect = {KICK: KANGAROO, SWAMP: ALLIGATOR, REVIVE: VULTURE}[state.pending]
                assert state.board[sq] >= 0 and state.up[sq] and creature_of(state.board[sq]) == expect
            else:
                assert state.pending_square == EMPTY
                assert any(state.board[sq] < 0 for sq in SPACES), "a full board was not cleared"
            if state.kombo_cache is not None:
                assert state.kombo_cache == kombo_options(state.faces()), "stale Kombo cache"
        else:
            assert state.phase == OVER and state.turn == -1 and not state.pending
            top = max(state.scores)
            assert top >= state.target and state.scores.count(top) == 1


_TILE_NAMES: tuple[str, ...] = tuple(CREATURES[creature_of(t)] for t in range(TILES))


def _names(tiles: Iterable[int]) -> tuple[str, ...]:
    return tuple(_TILE_NAMES[t] for t in tiles)
