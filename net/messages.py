"""The messages of LAN play, as frozen dataclasses, and the one place that turns plain data into them.

On the wire a message is a map: ``{"t": tag, field: value, ...}``. Maps rather than positional lists so
that a refusal can name the field at fault ("hello: unknown field 'colour'"). Every field is declared
with a type that says what is allowed (ranges, lengths, exact byte counts), and `decode` checks all of
it: a message that decodes is safe to act on, except for game-level checks (is that action legal?)
which the host core makes with the engine.

Directions: Hello, Ready, Intent, SnapshotRequest, Query go peer -> host (UdpIntent too, by UDP);
Welcome, Refused, IntentRefused, StepMsg, Snapshot, SeatUpdate, TableInfo, NewGame go host -> peer; Bye, Ping,
Pong and ErrorMsg go either way.

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

import dataclasses
import math
import re
import types
import typing
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Union

from .protocol import PROTOCOL_VERSION, MalformedFrame, SchemaError, VersionMismatch, check_plain

MAX_SEATS = 8
MAX_STEP = 2**31 - 1
MAX_EVENTS = 256
MAX_LEGAL = 4096
MAX_NAME = 32
MAX_TEXT = 200
TOKEN_SIZE = 16
HASH_SIZE = 8


# -- field constraints, attached with typing.Annotated ---------------------------------------------

@dataclass(frozen=True)
class Range:
    lo: float
    hi: float


@dataclass(frozen=True)
class MaxLen:
    n: int


@dataclass(frozen=True)
class ExactLen:
    n: int


@dataclass(frozen=True)
class Pattern:
    regex: str


class WireShape:
    """An engine wire value: ``[tag, ...]``; the engine's WireCodec checks the rest."""


class PlainMap:
    """A view: a map of plain data (already depth-checked by the protocol, checked again here)."""


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
Time = Annotated[float, Range(-1e12, 1e12)]   # monotonic seconds; finite and sane
Wire = Annotated[list, WireShape()]
View = Annotated[dict, PlainMap()]


class Message:
    """Base of every message; subclasses are frozen dataclasses with a unique TAG."""

    TAG: ClassVar[str] = ""


# -- peer -> host ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Hello(Message):
    """Join (token None) or rejoin (the token from an earlier Welcome). `want` seats, 0 to watch;
    `prefer` names seats to take if they are open. `bot`: the level of the bot this peer plays its
    seats with ("" for a person), so that every lobby shows the seat as a bot."""

    TAG: ClassVar[str] = "hello"
    version: Annotated[int, Range(0, 2**16)]
    name: Name
    game: Name
    token: Token | None = None
    want: Annotated[int, Range(0, MAX_SEATS)] = 1
    prefer: tuple[Seat, ...] = ()
    bot: Level = ""


@dataclass(frozen=True)
class Ready(Message):
    """In the lobby: this connection's players are ready to start (or no longer are)."""

    TAG: ClassVar[str] = "ready"
    ready: bool


@dataclass(frozen=True)
class Intent(Message):
    """An action made against step `step`. `ref` increases per connection, so the second copy of
    an intent sent on both TCP and UDP is dropped. `pressed`: the peer's monotonic time of the
    press, for races (the slap)."""

    TAG: ClassVar[str] = "intent"
    ref: Ref
    step: StepNo
    action: Wire
    pressed: Time | None = None
    game_no: GameNo = 0


@dataclass(frozen=True)
class UdpIntent(Message):
    """An Intent's copy by UDP (races: the slap). UDP has no connection, so the datagram names its
    sender by its reconnect token; the host acts on it as on the Intent of that token's connection,
    and the first copy to arrive wins (the Intent's ref). The token is no secret from the LAN
    anyway: TCP carries it in the clear too."""

    TAG: ClassVar[str] = "udp_intent"
    token: Token
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
    """Sent on join and whenever the connection's seats change (a seat handed to a bot, say)."""

    TAG: ClassVar[str] = "welcome"
    token: Token
    game: Name
    config: Wire
    players: Annotated[int, Range(1, MAX_SEATS)]
    seats: tuple[Seat, ...]
    step: StepNo
    game_no: GameNo = 0


@dataclass(frozen=True)
class Refused(Message):
    """A Hello that was refused; the host closes the connection after it."""

    TAG: ClassVar[str] = "refused"
    code: Code            # full, started, wrong_version, wrong_game, bad_token, bad_request
    text: Text


@dataclass(frozen=True)
class IntentRefused(Message):
    TAG: ClassVar[str] = "intent_refused"
    ref: Ref
    step: StepNo
    code: Code            # stale, illegal, not_your_seat, malformed, paused, game_over, not_joined,
    text: Text            # not_started, error


@dataclass(frozen=True)
class StepMsg(Message):
    """Step `number` as `seat` sees it (None: the public view, sent to every connection after its
    seats' messages for the same step). `hash` is the engine's public hash, equal on every peer.
    `action` only goes to the seat that made it; `legal` only to a seat that may act. A seat's
    `view` is None when it equals the public view that follows (games without secrets). The public
    `view` is None when `patch` (net.delta) turns the previous step's public view into it: together
    that is most of a step's bytes saved. Step 0 is the start of the game, with no events."""

    TAG: ClassVar[str] = "step"
    number: StepNo
    seat: Seat | None
    view: View | None
    events: tuple[Wire, ...]
    hash: Hash
    to_act: tuple[Seat, ...]
    legal: tuple[Wire, ...] = ()
    action: Wire | None = None
    outcome: list | None = None
    patch: Wire | None = None
    game_no: GameNo = 0


@dataclass(frozen=True)
class Snapshot(Message):
    """The whole present state as `seat` sees it: on join, on rejoin, on request."""

    TAG: ClassVar[str] = "snapshot"
    number: StepNo
    seat: Seat | None
    view: View
    hash: Hash
    to_act: tuple[Seat, ...]
    legal: tuple[Wire, ...] = ()
    outcome: list | None = None
    game_no: GameNo = 0


@dataclass(frozen=True)
class NewGame(Message):
    """The game is over and the host plays again at the same table: back to the lobby, for game
    number `game_no`. Same seats, tokens and connections; people say Ready again (bots are); steps
    count from 0 again. A SeatUpdate follows."""

    TAG: ClassVar[str] = "new_game"
    game_no: Annotated[int, Range(1, MAX_STEP)]


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
    StepMsg, Snapshot, SeatUpdate, TableInfo, Ping, Pong, ErrorMsg, NewGame,
)
PEER_TO_HOST: frozenset[type[Message]] = frozenset({Hello, Ready, Intent, UdpIntent, Query,
                                                    SnapshotRequest, Bye, Ping, Pong, ErrorMsg})
HOST_TO_PEER: frozenset[type[Message]] = frozenset({Welcome, Refused, IntentRefused, StepMsg, Snapshot,
                                                    SeatUpdate, TableInfo, Bye, Ping, Pong, ErrorMsg,
                                                    NewGame})


# -- validation --------------------------------------------------------------------------------------

Check = typing.Callable[[Any, str], Any]


def _kind_name(value: Any) -> str:
    return "nil" if value is None else type(value).__name__


def _scalar(kind: type, marks: tuple) -> Check:
    def check(value: Any, where: str) -> Any:
        if kind is float:
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise SchemaError(f"{where}: expected a number, got {_kind_name(value)}")
            value = float(value)
            if not math.isfinite(value):
                raise SchemaError(f"{where}: number is not finite")
        elif kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise SchemaError(f"{where}: expected a whole number, got {_kind_name(value)}")
        elif not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
            expected = {str: "text", bytes: "bytes", bool: "true/false"}[kind]
            raise SchemaError(f"{where}: expected {expected}, got {_kind_name(value)}")
        for mark in marks:
            if isinstance(mark, Range) and not mark.lo <= value <= mark.hi:
                raise SchemaError(f"{where}: {value!r} is outside {mark.lo}..{mark.hi}")
            if isinstance(mark, MaxLen) and len(value) > mark.n:
                raise SchemaError(f"{where}: longer than {mark.n}")
            if isinstance(mark, ExactLen) and len(value) != mark.n:
                raise SchemaError(f"{where}: expected exactly {mark.n} bytes, got {len(value)}")
            if isinstance(mark, Pattern) and not re.fullmatch(mark.regex, value):
                raise SchemaError(f"{where}: {value[:40]!r} is not an accepted value")
        return value

    return check


def _wire(value: Any, where: str) -> list:
    if not isinstance(value, list) or not value or not isinstance(value[0], str):
        raise SchemaError(f"{where}: expected [tag, ...], got {_kind_name(value)}")
    _plain(value, where)
    return value


def _plain(value: Any, where: str) -> None:
    try:
        check_plain(value)
    except MalformedFrame as exc:
        raise SchemaError(f"{where}: {exc.text}") from None


def _view(value: Any, where: str) -> dict:
    if not isinstance(value, dict):
        raise SchemaError(f"{where}: expected a map, got {_kind_name(value)}")
    _plain(value, where)
    return value


def _plain_list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise SchemaError(f"{where}: expected a list, got {_kind_name(value)}")
    _plain(value, where)
    return value


# The same three for data that came out of net.protocol's decoders, which have already checked that
# all of it is plain and shallow enough: only the shape is left to check (views are most of a
# step's bytes, and every peer decodes every step).

def _wire_framed(value: Any, where: str) -> list:
    if not isinstance(value, list) or not value or not isinstance(value[0], str):
        raise SchemaError(f"{where}: expected [tag, ...], got {_kind_name(value)}")
    return value


def _view_framed(value: Any, where: str) -> dict:
    if not isinstance(value, dict):
        raise SchemaError(f"{where}: expected a map, got {_kind_name(value)}")
    return value


def _plain_list_framed(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise SchemaError(f"{where}: expected a list, got {_kind_name(value)}")
    return value


_LIMITS = {"events": MAX_EVENTS, "legal": MAX_LEGAL}


def _checker(hint: Any, field_name: str = "", framed: bool = False) -> Check:
    origin = typing.get_origin(hint)
    if origin is Annotated:
        base, *marks = typing.get_args(hint)
        if base is list and any(isinstance(m, WireShape) for m in marks):
            return _wire_framed if framed else _wire
        if base is dict and any(isinstance(m, PlainMap) for m in marks):
            return _view_framed if framed else _view
        return _scalar(base, tuple(marks))
    if hint in (int, float, str, bytes, bool):
        return _scalar(hint, ())
    if hint is list:
        return _plain_list_framed if framed else _plain_list
    if origin in (Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(args) != 1:
            raise TypeError(f"only Optional[X] unions are supported, not {hint!r}")
        inner = _checker(args[0], field_name, framed)
        return lambda v, where: None if v is None else inner(v, where)
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) != 2 or args[1] is not Ellipsis:
            raise TypeError(f"only tuple[X, ...] is supported, not {hint!r}")
        inner = _checker(args[0], field_name, framed)
        limit = _LIMITS.get(field_name, MAX_SEATS)   # every other list is one item per seat at most

        def check_tuple(v: Any, where: str) -> tuple:
            if not isinstance(v, list):
                raise SchemaError(f"{where}: expected a list, got {_kind_name(v)}")
            if len(v) > limit:
                raise SchemaError(f"{where}: more than {limit} items")
            return tuple(inner(x, f"{where}[{i}]") for i, x in enumerate(v))

        return check_tuple
    if dataclasses.is_dataclass(hint):
        return _record(hint, framed).decode
    raise TypeError(f"unsupported message field type {hint!r}")


class _Record:
    """Encoder and validator for one dataclass laid out as a map of its fields."""

    def __init__(self, cls: type, framed: bool = False) -> None:
        self.cls = cls
        self.label = getattr(cls, "TAG", "") or cls.__name__
        hints = typing.get_type_hints(cls, include_extras=True)
        self.fields: list[tuple[str, Check, bool]] = []
        self.defaults: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name == "t":
                raise TypeError(f"{cls.__name__}: the field name 't' is the tag's")
            required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
            self.fields.append((f.name, _checker(hints[f.name], f.name, framed), required))
            if f.default is not dataclasses.MISSING:
                self.defaults[f.name] = f.default
        self.names = {name for name, _, _ in self.fields}

    def decode(self, data: Any, where: str = "") -> Any:
        where = where or self.label
        if not isinstance(data, dict):
            raise SchemaError(f"{where}: expected a map, got {_kind_name(data)}")
        for key in data:
            if key != "t" and key not in self.names:
                raise SchemaError(f"{where}: unknown field {str(key)[:MAX_NAME]!r}")
        values = {}
        for name, check, required in self.fields:
            if name in data:
                values[name] = check(data[name], f"{where}.{name}")
            elif required:
                raise SchemaError(f"{where}: missing field {name!r}")
        return self.cls(**values)

    def encode(self, value: Any) -> dict:
        out: dict[str, Any] = {}
        tag = getattr(self.cls, "TAG", "")
        if tag:
            out["t"] = tag
        defaults = self.defaults
        for name, _, _ in self.fields:
            field_value = getattr(value, name)
            # a field at its default stays off the wire (decode puts it back): a step's seat
            # message is mostly defaults, and every byte is sent to every peer on every step
            if name in defaults and type(field_value) is type(defaults[name]) \
                    and field_value == defaults[name]:
                continue
            out[name] = _to_plain(field_value)
        return out


def _to_plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _record(type(value)).encode(value)
    if isinstance(value, tuple):
        return [_to_plain(v) for v in value]
    return value


_RECORDS: dict[type, _Record] = {}
_FRAMED_RECORDS: dict[type, _Record] = {}


def _record(cls: type, framed: bool = False) -> _Record:
    # built once per class at import (below); read-only afterwards
    table = _FRAMED_RECORDS if framed else _RECORDS
    record = table.get(cls)
    if record is None:
        record = table[cls] = _Record(cls, framed)
    return record


_BY_TAG: dict[str, _Record] = {}
_BY_TAG_FRAMED: dict[str, _Record] = {}
for _cls in MESSAGES:
    if _cls.TAG in _BY_TAG:
        raise TypeError(f"duplicate message tag {_cls.TAG!r}")
    _BY_TAG[_cls.TAG] = _record(_cls)
    _BY_TAG_FRAMED[_cls.TAG] = _record(_cls, framed=True)
_record(SeatEntry)
_record(SeatEntry, framed=True)


def encode(msg: Message) -> dict:
    """A message as plain data for net.protocol."""
    if type(msg) not in _RECORDS or not getattr(msg, "TAG", ""):
        raise TypeError(f"{msg!r} is not a message")
    return _record(type(msg)).encode(msg)


def decode(data: Any, framed: bool = False) -> Message:
    """Plain data -> a validated message, or SchemaError / VersionMismatch. `framed`: the data is
    what net.protocol's frame or datagram decoder returned, already checked to be plain and
    shallow; that check is then not made twice."""
    if not isinstance(data, dict):
        raise SchemaError(f"a message is a map, got {_kind_name(data)}")
    tag = data.get("t")
    if not isinstance(tag, str):
        raise SchemaError("message has no tag ('t')")
    record = (_BY_TAG_FRAMED if framed else _BY_TAG).get(tag)
    if record is None:
        raise SchemaError(f"unknown message type {tag[:MAX_NAME]!r}")
    if tag == Hello.TAG:
        # checked before the fields: another version may well have other fields
        version = data.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version != PROTOCOL_VERSION:
            raise VersionMismatch(
                f"this host speaks protocol version {PROTOCOL_VERSION}, not {version}")
    return record.decode(data)
