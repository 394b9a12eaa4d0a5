"""A toy engine with hidden information, for testing the net layer without a real game.

Each seat holds a secret: a code word (unique, so a test can search message bytes for it) and a digit
0..4. First every seat says Ready (simultaneously, in any order); then seats take turns guessing
another seat's digit. A hit reveals that secret to all and scores; a miss gives the guesser a private
hint (higher / lower) that only it may see. The game ends when every secret is found or after
4 turns per player.

Also here: LoopNet, a HostCore and its peers in one process, for the net tests.
"""
from __future__ import annotations

import itertools
import random
from collections import defaultdict, deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from game.core import (
    Action,
    Engine,
    Event,
    GameConfig,
    GameType,
    IllegalActionError,
    Outcome,
    Rng,
    Termination,
    WireCodec,
    rank_winners,
)
from net import messages as m
from net.host_core import HostCore, HostSeat, Outbox
from net.peer_core import PeerCore
from net.protocol import PROTOCOL_VERSION, FrameDecoder, encode_frame
from net.session import NetSession

DIGITS = 5
LETTERS = "bcdfghjkmnpqrstvwxz"


@dataclass(frozen=True)
class GuessConfig(GameConfig):
    TAG: ClassVar[str] = "guess"


@dataclass(frozen=True)
class Ready(Action):
    TAG: ClassVar[str] = "ready"


@dataclass(frozen=True)
class Guess(Action):
    TAG: ClassVar[str] = "guess"
    target: int
    digit: int


@dataclass(frozen=True)
class Pass(Action):
    TAG: ClassVar[str] = "pass"


@dataclass(frozen=True)
class Started(Event):
    TAG: ClassVar[str] = "started"


@dataclass(frozen=True)
class Found(Event):
    TAG: ClassVar[str] = "found"
    seat: int
    target: int
    digit: int
    code: str


@dataclass(frozen=True)
class Missed(Event):
    TAG: ClassVar[str] = "missed"
    seat: int
    target: int
    digit: int


@dataclass(frozen=True)
class Hint(Event):
    """Private to `seat`: the target's digit is higher than the guess (or lower)."""

    TAG: ClassVar[str] = "hint"
    seat: int
    target: int
    higher: bool


@dataclass
class GuessState:
    codes: list[str]
    digits: list[int]
    ready: list[bool]
    found: list[bool]
    scores: list[int]
    hints: list[list[tuple[int, int, bool]]]     # per seat: (target, guess, higher)
    turn: int = 0
    turns: int = 0
    rng: Rng = field(default_factory=lambda: Rng(0))

    @property
    def players(self) -> int:
        return len(self.codes)


class GuessEngine(Engine[GuessState]):
    key = "guess"
    title = "Guess"
    min_players = 2
    max_players = 4
    actions = WireCodec([Ready, Guess, Pass])
    events = WireCodec([Started, Found, Missed, Hint])
    configs = WireCodec([GuessConfig])
    game_type = GameType(hidden_information=True, simultaneous=True)    # secrets; Ready all at once

    def new_game(self, config: GameConfig, seed: int) -> GuessState:
        self.check_config(config)
        rng = Rng(seed)
        n = config.players
        codes = [_code(rng) for _ in range(n)]
        digits = [rng.below(DIGITS) for _ in range(n)]
        return GuessState(codes, digits, [False] * n, [False] * n, [0] * n, [[] for _ in range(n)],
                          rng=rng)

    def _over(self, state: GuessState) -> bool:
        return all(state.found) or state.turns >= 4 * state.players

    def to_act(self, state: GuessState) -> frozenset[int]:
        if self._over(state):
            return frozenset()
        if not all(state.ready):
            return frozenset(i for i, r in enumerate(state.ready) if not r)
        return frozenset({state.turn})

    def legal_actions(self, state: GuessState, seat: int) -> list[Action]:
        if seat not in self.to_act(state):
            return []
        if not all(state.ready):
            return [Ready(seat)]
        moves: list[Action] = [Guess(seat, t, d) for t in range(state.players)
                               if t != seat and not state.found[t] for d in range(DIGITS)]
        return [*moves, Pass(seat)]

    def apply(self, state: GuessState, action: Action) -> list[Event]:
        self.require_legal(state, action)
        if isinstance(action, Ready):
            state.ready[action.seat] = True
            return [Started()] if all(state.ready) else []
        events: list[Event] = []
        if isinstance(action, Guess):
            t = action.target
            if state.digits[t] == action.digit:
                state.found[t] = True
                state.scores[action.seat] += 1
                events.append(Found(action.seat, t, action.digit, state.codes[t]))
            else:
                higher = state.digits[t] > action.digit
                state.hints[action.seat].append((t, action.digit, higher))
                events += [Missed(action.seat, t, action.digit), Hint(action.seat, t, higher)]
        elif not isinstance(action, Pass):
            raise IllegalActionError(f"{action} is not a move of this game", action)
        state.turns += 1
        state.turn = (state.turn + 1) % state.players
        return events

    def view(self, state: GuessState, seat: int | None) -> dict[str, Any]:
        secrets = []
        for i in range(state.players):
            shown = state.found[i] or i == seat
            secrets.append({"code": state.codes[i] if shown else None,
                            "digit": state.digits[i] if shown else None})
        return {
            "me": seat,
            "ready": list(state.ready),
            "found": list(state.found),
            "scores": list(state.scores),
            "turn": state.turn,
            "turns": state.turns,
            "secrets": secrets,
            "hints": [list(h) for h in state.hints[seat]] if seat is not None else [],
        }

    def resample_hidden(self, state: GuessState, seat: int | None, rng: random.Random) -> GuessState:
        """Every unfound secret but `seat`'s re-dealt: a new code word, and a digit that every miss
        so far (all public) missed too and that `seat`'s own hints still point at. The other seats'
        hints, which `seat` never sees, are worked out again from the new digits."""
        other = self.clone(state)
        missed: dict[int, set[int]] = defaultdict(set)
        for hints in state.hints:
            for target, guess, _ in hints:
                missed[target].add(guess)
        own = state.hints[seat] if seat is not None else []
        for t in range(state.players):
            if t == seat or state.found[t]:
                continue
            digits = [d for d in range(DIGITS) if d not in missed[t]
                      and all((d > guess) == higher for target, guess, higher in own if target == t)]
            other.digits[t] = rng.choice(digits)     # never empty: the true digit is one of them
            other.codes[t] = _code(rng)
        other.hints = [[(t, g, other.digits[t] > g) for t, g, _ in hints] for hints in state.hints]
        return other

    def redact(self, event: Event, seat: int | None) -> Event | None:
        if isinstance(event, Hint) and event.seat != seat:
            return None
        return event

    def outcome(self, state: GuessState) -> Outcome | None:
        if not self._over(state):
            return None
        # every secret found: nothing is left to guess
        ending = Termination.NO_MOVES if all(state.found) else Termination.ROUNDS_DONE
        return Outcome(tuple(state.scores), rank_winners(state.scores), ending)

    def check_invariants(self, state: GuessState) -> None:
        assert sum(state.scores) == sum(state.found)
        for hints in state.hints:
            for target, guess, higher in hints:
                digit = state.digits[target]
                assert digit != guess and (digit > guess) == higher, "a hint that does not fit the digit"


def _code(rng: Rng | random.Random) -> str:
    """A seat's secret code word: unique enough that a test can search message bytes for it."""
    return "zz" + "".join(rng.choice(LETTERS) for _ in range(14))


def make_config(players: int) -> GuessConfig:
    return GuessConfig(players)


class RandomBot:
    """Picks any legal move; for BotDriver tests (factory path "fake_engine:make_bot")."""

    def __init__(self, level: str, seat: int, seed: int) -> None:
        self.seat = seat
        self._random = random.Random(seed)

    def choose(self, view: Mapping[str, Any], legal: list[Action]) -> Action:
        return self._random.choice(legal)


def make_bot(level: str, seat: int, seed: int) -> RandomBot:
    return RandomBot(level, seat, seed)


class LoopNet:
    """A HostCore and its peers in one process. Every message crosses as framed bytes through a
    FrameDecoder, so the codec and its limits are on the path; delivery is FIFO per direction, like
    TCP. `sent[conn]` keeps every frame sent to a connection, for the secrecy checks, and `on_send`
    (if set) sees each one as it is sent, with the host's state at that moment."""

    def __init__(self, host: HostCore) -> None:
        self.host = host
        self.now = 0.0
        self.ends: dict[Any, PeerCore | NetSession] = {}
        self.sent: dict[Any, list[bytes]] = defaultdict(list)
        self.got: dict[Any, list[m.Message]] = defaultdict(list)
        self.closed: set[Any] = set()
        self.on_send: Callable[[Any, m.Message, bytes], None] | None = None
        self._queue: deque[tuple[str, Any, bytes]] = deque()
        self._up: dict[Any, FrameDecoder] = defaultdict(FrameDecoder)
        self._down: dict[Any, FrameDecoder] = defaultdict(FrameDecoder)

    def attach(self, conn: Any, end: PeerCore | NetSession) -> None:
        self.ends[conn] = end
        self.closed.discard(conn)
        self._up.pop(conn, None)
        self._down.pop(conn, None)

    def join(self, conn: Any, end: PeerCore | NetSession) -> None:
        self.attach(conn, end)
        peer = end.peer if isinstance(end, NetSession) else end
        self.up(conn, peer.hello())
        self.pump()

    def sender(self, conn: Any) -> Callable[[m.Message], None]:
        """A send callback for a NetSession on `conn`."""
        return lambda msg: self.up(conn, msg)

    def up(self, conn: Any, msg: m.Message) -> None:
        self._queue.append(("up", conn, encode_frame(m.encode(msg))))

    def deliver(self, out: Outbox) -> None:
        for conn, msg in out.sends:
            frame = encode_frame(m.encode(msg))
            self.sent[conn].append(frame)
            if self.on_send is not None:
                self.on_send(conn, msg, frame)
            self._queue.append(("down", conn, frame))
        for conn in out.closes:
            self._queue.append(("close", conn, b""))

    def pump(self, limit: int = 100_000) -> None:
        while self._queue:
            limit -= 1
            assert limit > 0, "the loop does not settle"
            way, conn, frame = self._queue.popleft()
            if conn in self.closed:
                continue
            if way == "close":
                self.closed.add(conn)
            elif way == "up":
                for data in self._up[conn].feed(frame):
                    self.deliver(self.host.receive_raw(conn, data, self.now))
            else:
                for data in self._down[conn].feed(frame):
                    msg = m.decode(data)      # strict: the host must only ever send valid messages
                    self.got[conn].append(msg)
                    end = self.ends.get(conn)
                    if isinstance(end, NetSession):
                        end.receive(msg, self.now)
                    elif end is not None:
                        for reply in end.receive(msg, self.now):
                            self.up(conn, reply)

    def drop(self, conn: Any) -> None:
        """The connection breaks (no Bye)."""
        self.closed.add(conn)
        self.deliver(self.host.disconnect(conn, self.now))
        self.pump()

    def send(self, conn: Any, msg: m.Message) -> None:
        self.up(conn, msg)
        self.pump()


# -- shared by the host-core tests -----------------------------------------------------------------

def counter_tokens() -> Callable[[], bytes]:
    """Reconnect tokens 1, 2, 3, ... so tests can name them."""
    ids = itertools.count(1)
    return lambda: next(ids).to_bytes(16, "big")


def only(out: Outbox, conn: Any, kind: type) -> Any:
    """The one message of `kind` the outbox sends to `conn`."""
    msgs = [x for x in out.to(conn) if isinstance(x, kind)]
    assert len(msgs) == 1, out.to(conn)
    return msgs[0]


def started_table(players: int = 3, seed: int = 7, address: Callable[[int], tuple[str, int]] | None = None,
                  ) -> tuple[HostCore, LoopNet, dict[int, PeerCore]]:
    """A host and one PeerCore per seat, all joined, ready, and the game started; with `address`,
    every connection is remote, from address(conn)."""
    engine = GuessEngine()
    host = HostCore(engine, GuessConfig(players), seed, [HostSeat("open")] * players, counter_tokens())
    net = LoopNet(host)
    peers = {}
    for c in range(players):
        if address is not None:
            host.connect(c, address(c), 0.0)
        peers[c] = PeerCore(engine, f"P{c}", prefer=(c,))
        net.join(c, peers[c])
    for c in range(players):
        net.send(c, peers[c].set_ready(True))
    net.deliver(host.start(net.now))
    net.pump()
    return host, net, peers


def play(host: HostCore, net: LoopNet, peers: dict, moves: int, rnd: random.Random) -> None:
    """Up to `moves` random legal intents, each from the peer whose seat is to act (fewer once the
    game is over)."""
    for _ in range(moves):
        if not host.to_act():
            return
        seat = rnd.choice(sorted(host.to_act()))
        conn = next(c for c, p in peers.items() if seat in p.seats)
        net.send(conn, peers[conn].intent(rnd.choice(peers[conn].views[seat].legal)))


def make_host(players: int = 3, plan: list[HostSeat] | None = None, seed: int = 7) -> HostCore:
    """A table of the toy game, in its lobby: every seat open unless `plan` says."""
    return HostCore(GuessEngine(), GuessConfig(players), seed, plan or [HostSeat("open")] * players,
                    counter_tokens())


def hello(name: str = "Ann", **kw) -> m.Hello:
    """A joiner's Hello for the toy game."""
    kw.setdefault("game", GuessEngine.key)
    return m.Hello(PROTOCOL_VERSION, name, **kw)


def start(host: HostCore) -> None:
    """Start a table driven by hand (its outbox is not looked at)."""
    host.start(0.0, require_ready=False)
