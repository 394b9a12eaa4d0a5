"""A finished (or cut short) game as a replay: what it needs to be played again exactly, its file
form, and a cursor that shows it at any step.

Every engine is deterministic from its config, seed and actions, so a replay is those plus what the
players saw that the actions alone do not say: who sat where, each raced step's presses (KOMBIO's
slap race: every press's time after the earliest, the judge's order) and which choices were made by
default for a silent seat. The referee's log already holds each ruled press as one plain step, so a
replay reproduces a race decided over the LAN by the very presses that won it.

The file is a msgpack stream, written as the game goes (game.replays): a header map, one record per
step, and, once the game is over, a footer with the outcome. A file without a footer is a game the
program did not see to its end (it died, or the table closed): it replays as far as it goes. Reading
checks every field and plays every action through the engine, so a damaged or foreign file is a
ReplayError in words, never a traceback, and a replay that opens is one that plays.

Pure: bytes in, bytes out; the files themselves are game.replays'.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import msgpack

from .engine import Action, Engine, GameConfig, Outcome
from .errors import IllegalActionError, KomboError, WireFormatError
from .referee import Referee, StepRecord

MAGIC = "kombo-replay"
VERSION = 1
MAX_REPLAY = 8 * 1024 * 1024     # the longest game is far smaller: a bigger file is not ours
MAX_STEPS = 100_000
MAX_NAME = 32
SNAPSHOT_EVERY = 32              # steps between a cursor's kept states: a step back replays at most these
KINDS = ("human", "bot", "remote", "open")

EngineFor = Callable[[str], Engine[Any]]   # a game's key -> its engine (KeyError: not in this build)


_MAP_MARKERS = frozenset([*range(0x80, 0x90), 0xDE, 0xDF])    # how msgpack begins a map: a header


class ReplayError(KomboError):
    """A file that is not a replay this version can play; str() says why in a player's words."""


@dataclass(frozen=True)
class ReplaySeat:
    name: str
    kind: str            # "human", "bot", "remote" (a LAN peer's player) or "open"
    level: str = ""      # a bot's level


@dataclass(frozen=True)
class RecordedStep:
    action: Action
    race: tuple[tuple[int, float], ...] = ()   # a raced step: (seat, ms after the earliest press)
    by_default: bool = False                   # made for a seat silent too long

    @staticmethod
    def of(record: StepRecord) -> RecordedStep:
        """A referee's step as a replay keeps it."""
        return RecordedStep(record.action, record.race, record.by_default)


@dataclass(frozen=True)
class Replay:
    game: str
    config: GameConfig
    seed: int
    seats: tuple[ReplaySeat, ...]
    steps: tuple[RecordedStep, ...]
    started: float                 # when the game began (Unix time)
    outcome: Outcome | None        # None: the file stops before the game's end
    lan: bool = False              # played over the LAN

    @property
    def finished(self) -> bool:
        return self.outcome is not None

    @property
    def actions(self) -> list[Action]:
        return [s.action for s in self.steps]


# -- the file's records --------------------------------------------------------------------------------

def header_bytes(engine: Engine[Any], config: GameConfig, seed: int, seats: Sequence[ReplaySeat],
                 started: float, lan: bool = False) -> bytes:
    return _pack({"magic": MAGIC, "v": VERSION, "game": engine.key, "config": engine.configs.encode(config),
                  "seed": seed, "seats": [[s.name[:MAX_NAME], s.kind, s.level[:MAX_NAME]] for s in seats],
                  "started": started, "lan": lan})


def step_bytes(engine: Engine[Any], step: RecordedStep) -> bytes:
    return _pack([engine.actions.encode(step.action), [[s, ms] for s, ms in step.race], step.by_default])


def footer_bytes(outcome: Outcome) -> bytes:
    return _pack({"end": outcome.to_wire()})


def encode(engine: Engine[Any], replay: Replay) -> bytes:
    """The whole file at once (a LAN host sends its peers this)."""
    parts = [header_bytes(engine, replay.config, replay.seed, replay.seats, replay.started, replay.lan)]
    parts += [step_bytes(engine, s) for s in replay.steps]
    if replay.outcome is not None:
        parts.append(footer_bytes(replay.outcome))
    return b"".join(parts)


def _pack(value: Any) -> bytes:
    return cast(bytes, msgpack.packb(value, use_bin_type=True))


# -- reading -------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Header:
    """What the Replays list shows without playing the game through."""

    game: str
    seats: tuple[ReplaySeat, ...]
    started: float
    lan: bool


def decode(data: bytes, engine_for: EngineFor) -> Replay:
    """The replay in `data`, every field checked and every action played through its engine."""
    records = _records(data)
    header = _header(records[0])
    try:
        engine = engine_for(header.game)
    except KeyError:
        raise ReplayError(f"a replay of {header.game!r}, a game this version does not have") from None
    raw = records[0]
    try:
        config = engine.configs.decode(raw.get("config"))
    except WireFormatError as exc:
        raise ReplayError(f"the replay's game settings are damaged ({exc})") from None
    seed = raw.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ReplayError("the replay's seed is not a whole number")
    if len(header.seats) != config.players:
        raise ReplayError("the replay's seats do not match its game")
    body, outcome_raw = records[1:], None
    if body and isinstance(body[-1], dict):
        outcome_raw = body.pop()
    if len(body) > MAX_STEPS:
        raise ReplayError(f"the replay is too long ({len(body)} steps)")
    steps = tuple(_step(engine, record, n, config.players) for n, record in enumerate(body, 1))
    state = _play_through(engine, config, seed, steps)
    outcome = engine.outcome(state)
    if outcome_raw is not None:
        try:
            told = Outcome.from_wire(outcome_raw.get("end"))
        except (WireFormatError, TypeError, ValueError):
            raise ReplayError("the replay's result is damaged") from None
        if told != outcome:
            raise ReplayError("the replay's result is not what its moves give: the file is damaged")
    return Replay(header.game, config, seed, header.seats, steps, header.started, outcome, header.lan)


def read_header(data: bytes) -> Header:
    """Only the header (the list of replays reads this, and counts the steps itself)."""
    return _header(_records(data)[0])


def _records(data: bytes) -> list[Any]:
    if len(data) > MAX_REPLAY:
        raise ReplayError(f"the file is too big to be a replay ({len(data)} bytes)")
    unpacker = msgpack.Unpacker(raw=False, strict_map_key=False, max_ext_len=0, max_buffer_size=MAX_REPLAY)
    unpacker.feed(data)
    records: list[Any] = []
    try:
        for record in unpacker:
            records.append(record)
    except (ValueError, TypeError, msgpack.UnpackException):
        if not records:
            raise ReplayError("this is not a Kombo Arcade replay (not readable)") from None
        raise ReplayError(f"the replay is damaged after step {max(0, len(records) - 1)}") from None
    # a record cut short at the very end (the program died mid-write) is not yielded: the game so
    # far still plays
    if not records:
        if not data:
            raise ReplayError("the file is empty: not a replay")
        if data[0] in _MAP_MARKERS:          # a header begun: ours, cut short
            raise ReplayError("the replay is cut short before its first move: nothing to play")
        raise ReplayError("this is not a Kombo Arcade replay")
    return records


def _header(raw: Any) -> Header:
    if not isinstance(raw, dict) or raw.get("magic") != MAGIC:
        raise ReplayError("this is not a Kombo Arcade replay")
    if raw.get("v") != VERSION:
        raise ReplayError(f"a replay of another version ({raw.get('v')!r}) of Kombo Arcade")
    game, seats, started, lan = raw.get("game"), raw.get("seats"), raw.get("started"), raw.get("lan", False)
    if not isinstance(game, str) or not isinstance(seats, list) or not isinstance(lan, bool):
        raise ReplayError("the replay's header is damaged")
    if not isinstance(started, (int, float)) or isinstance(started, bool) or not math.isfinite(started):
        raise ReplayError("the replay's date is damaged")
    out = []
    for seat in seats:
        if (not isinstance(seat, list) or len(seat) != 3 or not all(isinstance(x, str) for x in seat)
                or seat[1] not in KINDS):
            raise ReplayError("the replay's seats are damaged")
        out.append(ReplaySeat(seat[0][:MAX_NAME], seat[1], seat[2][:MAX_NAME]))
    return Header(game[:MAX_NAME], tuple(out), float(started), lan)


def _step(engine: Engine[Any], record: Any, number: int, players: int) -> RecordedStep:
    try:
        encoded, race, by_default = record
        action = engine.actions.decode(encoded)
        presses = tuple((int(s), float(ms)) for s, ms in race)
    except (TypeError, ValueError, WireFormatError):
        raise ReplayError(f"the replay is damaged at step {number}") from None
    if (not isinstance(by_default, bool) or len(presses) > players
            or any(not 0 <= s < players or not math.isfinite(ms) for s, ms in presses)):
        raise ReplayError(f"the replay is damaged at step {number}")
    return RecordedStep(action, presses, by_default)


def _play_through(engine: Engine[Any], config: GameConfig, seed: int, steps: Sequence[RecordedStep]) -> Any:
    try:
        state = engine.new_game(config, seed)
    except KomboError as exc:
        raise ReplayError(f"the replay's game cannot be set up: {exc}") from None
    for number, step in enumerate(steps, 1):
        try:
            engine.apply(state, step.action)
        except IllegalActionError as exc:
            raise ReplayError(f"the replay does not play: step {number} is refused ({exc.reason})") from None
    return state


# -- watching ------------------------------------------------------------------------------------------

class Cursor:
    """A replay at any step, quickly in either direction: a state is kept every SNAPSHOT_EVERY
    steps, so a step back replays at most that many actions from the nearest one."""

    def __init__(self, engine: Engine[Any], replay: Replay) -> None:
        self.engine = engine
        self.replay = replay
        self._kept: dict[int, Any] = {0: engine.new_game(replay.config, replay.seed)}
        self.step = 0
        self.state: Any = engine.clone(self._kept[0])

    @property
    def length(self) -> int:
        return len(self.replay.steps)

    def forward(self) -> list[Any]:
        """One step on; its events (unredacted). Nothing at the end."""
        if self.step >= self.length:
            return []
        events = self.engine.apply(self.state, self.replay.steps[self.step].action)
        self.step += 1
        if self.step % SNAPSHOT_EVERY == 0 and self.step not in self._kept:
            self._kept[self.step] = self.engine.clone(self.state)
        return events

    def seek(self, step: int) -> None:
        """To step `step` (clamped to the game), from the nearest kept state at or before it."""
        step = max(0, min(self.length, step))
        if step == self.step:
            return
        if step < self.step or step - self.step > SNAPSHOT_EVERY:
            base = max(k for k in self._kept if k <= step)
            self.state = self.engine.clone(self._kept[base])
            self.step = base
        while self.step < step:
            self.forward()


def replay_of(referee: Referee, seats: Sequence[ReplaySeat], started: float, lan: bool = False) -> Replay:
    """The game a referee holds, as a replay (what a LAN host sends its peers at the end)."""
    steps = tuple(RecordedStep.of(r) for r in referee.steps)
    return Replay(referee.engine.key, referee.config, referee.seed, tuple(seats), steps, started,
                  referee.engine.outcome(referee.state), lan)


__all__ = ["MAGIC", "MAX_REPLAY", "SNAPSHOT_EVERY", "VERSION", "Cursor", "Header", "RecordedStep", "Replay",
           "ReplayError", "ReplaySeat", "decode", "encode", "footer_bytes", "header_bytes", "read_header",
           "replay_of", "step_bytes"]
