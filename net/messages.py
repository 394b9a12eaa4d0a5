"""The messages of LAN play, as frozen dataclasses, and the one place that turns plain data into them.

On the wire a message is a map: ``{"t": tag, field: value, ...}``. Maps rather than positional lists so
that a refusal can name the field at fault ("hello: unknown field 'colour'"). Every field is declared
with a type that says what is allowed (ranges, lengths, exact byte counts), and `decode` checks all of
it: a message that decodes is safe to act on, except for game-level checks (is that action legal?)
which the host core makes with the engine. The checks are game.core.schema's (its map layout), the
same that check the engines' actions and events; only the engine wire values and views inside a
message are checked here, as plain data of the right shape (net.message_shapes).

Directions: Hello, Ready, Intent, SnapshotRequest, Query go peer -> host (UdpIntent too, by UDP);
Welcome, Refused, IntentRefused, StepMsg, Snapshot, SeatUpdate, TableInfo, NewGame, MissedStep go host -> peer;
Bye, Ping, Pong and ErrorMsg go either way.

Rejoin: a peer that comes back with its token says in its Hello which step it holds; the host answers
Welcome, then a MissedStep per seat and step it missed (the events as that seat may see them, like a
StepMsg without views), then the snapshot. The peer's log of moves thus has every step.

The lobby: after Welcome a table is in its lobby until the host starts it. SeatUpdate (also sent on
every change of seats) carries who sits where, who is ready and whether the game has started; the start
itself is StepMsg number 0, the first views, to every connection.

Rematch: after a game ends the host may play again at the same table. NewGame(game_no) tells every
connection that the table is back in its lobby for game number `game_no` (0 is the first game, +1
per rematch); steps count from 0 again. Intent, UdpIntent, Welcome, StepMsg and Snapshot carry the
game number `game_no` (off the wire while it is 0), so a step or an intent of one game is never taken for the same
step of another: a peer drops steps and snapshots of another game, the host refuses intents of another
game as stale, and a Welcome of another game (a rejoin that missed NewGame) resets the peer too.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Annotated, Any, ClassVar

from game.core.schema import Check, Conv, ExactLen, MapLayout, MaxLen, Pattern, Policy, Range, kind_name

from .message_shapes import FRAMED_SHAPES, SHAPES, PlainList, PlainMap, WireShape
from .protocol import PROTOCOL_VERSION, SchemaError, VersionMismatch

log = logging.getLogger(__name__)

MAX_SEATS = 8
MAX_STEP = 2**31 - 1
MAX_EVENTS = 256
MAX_LEGAL = 4096
MAX_NAME = 32
MAX_TEXT = 200
TOKEN_SIZE = 16
HASH_SIZE = 8
# the presses a ruling step names (StepMsg.race_seats, race_ms): the referee holds one per seat for
# each thing raced for (game.core.referee), so a table's players bound them, and a table has at most
# MAX_SEATS of those (Welcome.players)
MAX_RACE = MAX_SEATS
MAX_REPLAY_FRAME = 60 * 1024        # a replay's bytes in one frame, under the frame's 64 KiB


# -- field constraints, attached with typing.Annotated (Range, MaxLen, ExactLen, Pattern: game.core.schema;
# WireShape, PlainMap, PlainList: net.message_shapes)

Seat = Annotated[int, Range(0, MAX_SEATS - 1)]
StepNo = Annotated[int, Range(0, MAX_STEP)]
GameNo = Annotated[int, Range(0, MAX_STEP)]   # which game of the table: 0, then +1 per rematch
Ref = Annotated[int, Range(0, 2**53)]
Name = Annotated[str, MaxLen(MAX_NAME)]
Text = Annotated[str, MaxLen(MAX_TEXT)]
Code = Annotated[str, Pattern(r"[a-z][a-z0-9_]{0,31}")]
Level = Annotated[str, Pattern(r"[a-z0-9_]{0,32}")]    # a bot level, "" for none
Token = Annotated[bytes, ExactLen(TOKEN_SIZE)]
Hash = Annotated[bytes, ExactLen(HASH_SIZE)]
TIME_RANGE = Range(-1e12, 1e12)
Time = Annotated[float, TIME_RANGE]           # monotonic seconds; finite and sane
Wire = Annotated[list, WireShape()]
View = Annotated[Any, PlainMap()]
PlainData = Annotated[list, PlainList()]
Events = Annotated[tuple[Wire, ...], MaxLen(MAX_EVENTS)]
RaceSeats = Annotated[tuple[Seat, ...], MaxLen(MAX_RACE)]
RaceTimes = Annotated[tuple[Time, ...], MaxLen(MAX_RACE)]
Legal = Annotated[tuple[Wire, ...], MaxLen(MAX_LEGAL)]


class Message:
    """Base of every message; subclasses are frozen dataclasses with a unique TAG."""

    TAG: ClassVar[str] = ""


# -- peer -> host ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Hello(Message):
    """Join (token None) or rejoin (the token from an earlier Welcome). `want` seats, 0 to watch;
    `prefer` names seats to take if they are open. `bot`: the level of the bot this peer plays its
    seats with ("" for a person), so that every lobby shows the seat as a bot. `step`: None for a
    first join; a rejoin names the last step of game `game_no` it holds (0 for a client started
    again: it holds none) and the host sends the steps after it as MissedStep messages, so the
    peer's log has no hole; one naming an earlier game gets the present game from step 1."""

    TAG: ClassVar[str] = "hello"
    version: Annotated[int, Range(0, 2**16)]
    name: Name
    game: Name
    token: Token | None = None
    want: Annotated[int, Range(0, MAX_SEATS)] = 1
    prefer: tuple[Seat, ...] = ()
    bot: Level = ""
    step: StepNo | None = None
    game_no: GameNo = 0


@dataclass(frozen=True)
class Ready(Message):
    """In the lobby: this connection's players are ready to start (or no longer are)."""

    TAG: ClassVar[str] = "ready"
    ready: bool


@dataclass(frozen=True)
class Intent(Message):
    """An action made against step `step`. `ref` counts a connection's intents from 0, so the
    second copy of an intent sent on both TCP and UDP is dropped, and so is an older one overtaken
    by a newer one. The host records a ref only once it has acted on that intent (a refused intent
    changes nothing it expects) and refuses one that jumps far past the refs its connection has
    sent (net.host_core). `pressed`: the peer's monotonic time of the press, for races (the slap)."""

    TAG: ClassVar[str] = "intent"
    ref: Ref
    step: StepNo
    action: Wire
    pressed: Time | None = None
    game_no: GameNo = 0


@dataclass(frozen=True)
class UdpIntent(Message):
    """An Intent's copy by UDP (races: the slap). UDP has no connection, so the datagram names its
    sender by `key`, the pairing key its connection's Welcome carried (by TCP only, new for every
    connection; never the reconnect token, which a Hello carries and a sniffer may have kept). The
    host takes it only from the IP address of that connection, acts on it as on the Intent of that
    connection, and the first copy to arrive wins (the Intent's ref)."""

    TAG: ClassVar[str] = "udp_intent"
    key: Token
    ref: Ref
    step: StepNo
    action: Wire
    pressed: Time | None = None
    game_no: GameNo = 0


@dataclass(frozen=True)
class Query(Message):
    """What is this table? Answered with TableInfo without joining (join by address: the player
    need not know the game)."""

    TAG: ClassVar[str] = "query"


@dataclass(frozen=True)
class SnapshotRequest(Message):
    TAG: ClassVar[str] = "snapshot_request"
    step: StepNo          # the last step the peer holds, for the host's log


@dataclass(frozen=True)
class Bye(Message):
    TAG: ClassVar[str] = "bye"
    reason: Text = ""


# -- host -> peer ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Welcome(Message):
    """Sent on join and whenever the connection's seats change (a seat handed to a bot, say).
    `udp_key`: this connection's pairing key for UdpIntent (the same for the connection's life)."""

    TAG: ClassVar[str] = "welcome"
    token: Token
    game: Name
    config: Wire
    players: Annotated[int, Range(1, MAX_SEATS)]
    seats: tuple[Seat, ...]
    step: StepNo
    game_no: GameNo = 0
    udp_key: Token | None = None


@dataclass(frozen=True)
class Refused(Message):
    """A Hello that was refused; the host closes the connection after it. `busy` may come before
    any Hello (the host had no room for one more connection just then: try again in a moment);
    `in_use`: the seat that token holds is played from a live connection."""

    TAG: ClassVar[str] = "refused"
    code: Code            # full, started, wrong_version, wrong_game, bad_token, in_use, busy
    text: Text


@dataclass(frozen=True)
class IntentRefused(Message):
    TAG: ClassVar[str] = "intent_refused"
    ref: Ref
    step: StepNo
    code: Code            # stale, illegal, not_your_seat, malformed, paused, game_over, not_joined,
    text: Text            # not_started, error, bad_ref


@dataclass(frozen=True)
class StepMsg(Message):
    """Step `number` as `seat` sees it (None: the public view, sent to every connection after its
    seats' messages for the same step). `hash` is the engine's public hash, equal on every peer.
    `action` only goes to the seat that made it; `legal` only to a seat that may act. A seat's
    `view` is None when it equals the public view that follows (games without secrets). The public
    `view` is None when `patch` (net.delta) turns the previous step's public view into it: together
    that is most of a step's bytes saved. Step 0 is the start of the game, with no events.
    `race_seats` and `race_ms`: a step a real-time race ruled (a KOMBIO slap) names the seats that
    pressed for that discard and, for each, its corrected press time in ms after the earliest, so
    every screen can say by how much the winner was first (net.fair_slap); one press per seat, so at
    most MAX_RACE, and a note its peers could not decode is left out where the step is made
    (_fit_race), never sent to freeze them. `default_in`: to a seat
    that owes a choice the host makes for it when silent (KOMBIO's look, Give or Settle), the seconds
    it has left, for its countdown; `defaulted`: the seat this step's choice was made for."""

    TAG: ClassVar[str] = "step"
    number: StepNo
    seat: Seat | None
    view: View | None
    events: Events
    hash: Hash
    to_act: tuple[Seat, ...]
    legal: Legal = ()
    action: Wire | None = None
    outcome: PlainData | None = None
    patch: Wire | None = None
    game_no: GameNo = 0
    race_seats: RaceSeats = ()
    race_ms: RaceTimes = ()
    default_in: Annotated[float, Range(0, 3600)] | None = None
    defaulted: Seat | None = None

    def __post_init__(self) -> None:
        if self.race_seats or self.race_ms:
            _fit_race(self)


@dataclass(frozen=True)
class Snapshot(Message):
    """The whole present state as `seat` sees it: on join, on rejoin, on request."""

    TAG: ClassVar[str] = "snapshot"
    number: StepNo
    seat: Seat | None
    view: View
    hash: Hash
    to_act: tuple[Seat, ...]
    legal: Legal = ()
    outcome: PlainData | None = None
    game_no: GameNo = 0


@dataclass(frozen=True)
class MissedStep(Message):
    """A step a rejoining connection missed while it was away, sent after its Welcome and before
    its snapshot: the step's events as `seat` sees them (None: the public events, which close the
    step), and `action` to the seat that made it; the public message carries the step's public
    `hash`. No views: the snapshot that follows holds the state; these only complete the peer's log
    of moves (and its record of hashes). Only the last ones of a long absence are sent
    (net.replicator.MISSED_AT_MOST), and the peer says what its log leaves out."""

    TAG: ClassVar[str] = "missed"
    number: Annotated[int, Range(1, MAX_STEP)]
    seat: Seat | None
    events: Events
    action: Wire | None = None
    game_no: GameNo = 0
    hash: Hash | None = None


@dataclass(frozen=True)
class NewGame(Message):
    """The game is over and the host plays again at the same table: back to the lobby, for game
    number `game_no`. Same seats, tokens and connections; people say Ready again (bots are); steps
    count from 0 again. A SeatUpdate follows."""

    TAG: ClassVar[str] = "new_game"
    game_no: Annotated[int, Range(1, MAX_STEP)]


@dataclass(frozen=True)
class ReplayFile(Message):
    """The game just finished, whole (game.core.replay's file: every action, secrets and all, now
    that nothing is secret any more): each peer keeps it with its own replays. Sent once, right
    after the step that ends the game; a game too long for one frame is not sent (the host keeps
    it)."""

    TAG: ClassVar[str] = "replay"
    game_no: GameNo
    data: Annotated[bytes, MaxLen(MAX_REPLAY_FRAME)]


@dataclass(frozen=True)
class SeatEntry:
    name: Name
    kind: Annotated[str, Pattern(r"open|human|bot")]
    level: Name = ""
    connected: bool = False
    ready: bool = False


@dataclass(frozen=True)
class SeatUpdate(Message):
    """The lobby's table, to every connection on every change (and on start)."""

    TAG: ClassVar[str] = "seats"
    seats: tuple[SeatEntry, ...]         # one per seat, in seat order
    started: bool = False


@dataclass(frozen=True)
class TableInfo(Message):
    """The answer to a Query: enough to pick the engine and say what the table is."""

    TAG: ClassVar[str] = "table"
    version: Annotated[int, Range(0, 2**16)]
    game: Name
    players: Annotated[int, Range(1, MAX_SEATS)]
    seats_free: Annotated[int, Range(0, MAX_SEATS)]
    started: bool
    host: Name = ""


# -- either way ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Ping(Message):
    TAG: ClassVar[str] = "ping"
    t0: Time


@dataclass(frozen=True)
class Pong(Message):
    TAG: ClassVar[str] = "pong"
    t0: Time              # echoed
    t1: Time              # responder's clock on receipt
    t2: Time              # responder's clock on sending


@dataclass(frozen=True)
class ErrorMsg(Message):
    TAG: ClassVar[str] = "error"
    code: Code            # bad_message, bad_frame, unexpected, already_joined, not_joined
    text: Text


MESSAGES: tuple[type[Message], ...] = (
    Hello, Ready, Intent, UdpIntent, Query, SnapshotRequest, Bye, Welcome, Refused, IntentRefused,
    StepMsg, Snapshot, SeatUpdate, TableInfo, Ping, Pong, ErrorMsg, NewGame, MissedStep, ReplayFile,
)
PEER_TO_HOST: frozenset[type[Message]] = frozenset({Hello, Ready, Intent, UdpIntent, Query,
                                                    SnapshotRequest, Bye, Ping, Pong, ErrorMsg})
HOST_TO_PEER: frozenset[type[Message]] = frozenset({Welcome, Refused, IntentRefused, StepMsg, Snapshot,
                                                    SeatUpdate, TableInfo, Bye, Ping, Pong, ErrorMsg,
                                                    NewGame, MissedStep, ReplayFile})


# -- validation --------------------------------------------------------------------------------------

def _nested(framed: bool) -> Callable[[type], Conv]:
    return lambda cls: MapLayout(cls, _policy(framed)).conv()


def _policy(framed: bool) -> Policy:
    # every list without a MaxLen of its own is one item per seat at most
    return Policy(SchemaError, max_items=MAX_SEATS, shapes=FRAMED_SHAPES if framed else SHAPES,
                  nested=_nested(framed))


def _layouts(framed: bool) -> Mapping[str, MapLayout]:
    policy = _policy(framed)
    out: dict[str, MapLayout] = {}
    for cls in MESSAGES:
        if cls.TAG in out:
            raise TypeError(f"duplicate message tag {cls.TAG!r}")
        out[cls.TAG] = MapLayout(cls, policy)
    return MappingProxyType(out)


# built once at import; read-only afterwards
_BY_TAG = _layouts(framed=False)
_BY_TAG_FRAMED = _layouts(framed=True)
_BY_TYPE: Mapping[type, MapLayout] = MappingProxyType({layout.cls: layout for layout in _BY_TAG.values()})


# the decoder's own checks of a step's race note (see _fit_race)
_RACE_CHECKS: tuple[tuple[str, Check], ...] = tuple(
    (f.name, f.conv.check) for f in _BY_TAG_FRAMED[StepMsg.TAG].fields if f.name in ("race_seats", "race_ms"))


def _fit_race(step: StepMsg) -> None:
    """A step's race note as its peers will decode it, checked where the step is made: the note
    comes from what seats pressed, and a step a peer cannot decode freezes that peer's game (issue
    18), so a note that would not decode (more presses than MAX_RACE, a seat or a time out of range,
    the two lists of different lengths) is left out of the step, and logged; it only ever said by
    how much the winner was first. (Decoding, the field checks have already passed.)"""
    if len(step.race_seats) == len(step.race_ms):
        try:
            for name, check in _RACE_CHECKS:
                check(getattr(step, name), f"step.{name}")
            return
        except SchemaError as exc:
            problem = exc.text
    else:
        problem = f"{len(step.race_seats)} seats but {len(step.race_ms)} times"
    log.error("step %d: a race note no peer could decode (%s) is left out", step.number, problem)
    object.__setattr__(step, "race_seats", ())
    object.__setattr__(step, "race_ms", ())


def encode(msg: Message) -> dict:
    """A message as plain data for net.protocol."""
    layout = _BY_TYPE.get(type(msg))
    if layout is None:
        raise TypeError(f"{msg!r} is not a message")
    return layout.encode(msg)


def decode(data: Any, framed: bool = False) -> Message:
    """Plain data -> a validated message, or SchemaError / VersionMismatch. `framed`: the data is
    what net.protocol's frame or datagram decoder returned, already checked to be plain and
    shallow; that check is then not made twice."""
    if not isinstance(data, dict):
        raise SchemaError(f"a message is a map, got {kind_name(data)}")
    tag = data.get("t")
    if not isinstance(tag, str):
        raise SchemaError("message has no tag ('t')")
    layout = (_BY_TAG_FRAMED if framed else _BY_TAG).get(tag)
    if layout is None:
        raise SchemaError(f"unknown message type {tag[:MAX_NAME]!r}")
    if tag == Hello.TAG:
        # checked before the fields: another version may well have other fields
        version = data.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version != PROTOCOL_VERSION:
            raise VersionMismatch(
                f"this host speaks protocol version {PROTOCOL_VERSION}, not {version}")
    message: Message = layout.decode(data)
    return message
