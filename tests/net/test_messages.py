"""net.messages: every message survives the wire; everything else is refused with a clear reason."""
from __future__ import annotations

import contextlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from net import messages as m
from net.protocol import PROTOCOL_VERSION, FrameDecoder, ProtocolError, SchemaError, VersionMismatch, encode_frame
from tests import sweep

TOKEN = bytes(range(16))
HASH = b"\x01" * 8

EXAMPLES: list[m.Message] = [
    m.Hello(PROTOCOL_VERSION, "Ann", "kabooom"),
    m.Hello(PROTOCOL_VERSION, "Bob", "kabooom", TOKEN, 2, (3, 1)),
    m.Hello(PROTOCOL_VERSION, "", "kabooom", None, 0),
    m.Hello(PROTOCOL_VERSION, "Botty", "kabooom", None, 1, (), "hard"),
    m.Ready(True),
    m.Ready(False),
    m.UdpIntent(TOKEN, 7, 3, ["pass", 1], 99.5),
    m.Query(),
    m.TableInfo(PROTOCOL_VERSION, "kabooom", 4, 2, False, "Ann"),
    m.Intent(0, 0, ["pass", 1]),
    m.Intent(2**40, 17, ["move", 0, 3, 4], 1234.5),
    m.SnapshotRequest(9),
    m.Bye(),
    m.Bye("quit"),
    m.Welcome(TOKEN, "kabooom", ["kabooom", 2, "easy"], 2, (1,), 0),
    m.Welcome(TOKEN, "kabooom", ["kabooom", 4, "hard"], 4, (), 12),
    m.Refused("full", "the table is full"),
    m.IntentRefused(3, 4, "stale", "too late"),
    m.StepMsg(5, None, {"board": [[0, 1], [None]], "n": 1.5}, (["moved", 0],), HASH, (1,)),
    m.StepMsg(6, 1, None, (), HASH, (1,), (["pass", 1],)),
    m.StepMsg(5, 2, {"me": 2, 7: b"\x00"}, (), HASH, (2, 3), (["pass", 2], ["move", 2, 1]),
              ["pass", 2], [[1, 2], [1], "score"]),
    m.Snapshot(0, None, {}, HASH, ()),
    m.Snapshot(8, 1, {"x": True}, HASH, (1,), (["pass", 1],), None),
    m.SeatUpdate((m.SeatEntry("Ann", "human", "", True), m.SeatEntry("", "open"),
                  m.SeatEntry("Bot", "bot", "hard", False))),
    m.SeatUpdate((m.SeatEntry("Ann", "human", "", True, True),), started=True),
    m.Ping(0.25),
    m.Pong(0.25, 1000.0, 1000.001),
    m.ErrorMsg("bad_message", "what?"),
    # a rematch: the table's second game, and messages that carry its number
    m.NewGame(1),
    m.NewGame(7),
    m.ReplayFile(0, b"\x88\xa5magic"),
    m.Intent(5, 2, ["pass", 1], None, 1),
    m.UdpIntent(TOKEN, 8, 3, ["pass", 1], 99.5, 2),
    m.Welcome(TOKEN, "kabooom", ["kabooom", 2, "easy"], 2, (1,), 0, 1),
    m.StepMsg(0, None, {"n": 1}, (), HASH, (0,), game_no=1),
    m.Snapshot(3, None, {}, HASH, (), game_no=3),
    # a rejoin: the step it holds, and the steps it missed
    m.Hello(PROTOCOL_VERSION, "Ann", "kabooom", TOKEN, step=12, game_no=1),
    m.Hello(PROTOCOL_VERSION, "Ann", "kabooom", TOKEN, step=0),
    m.MissedStep(13, 1, (["moved", 0],), ["pass", 1], 1),
    m.MissedStep(13, None, (["moved", 0],), None, 1, HASH),
    m.MissedStep(2, None, ()),
]


def wire(data) -> object:
    """Through a real frame, as a peer would see it."""
    (out,) = FrameDecoder().feed(encode_frame(data))
    return out


@pytest.mark.parametrize("msg", EXAMPLES, ids=lambda msg: msg.TAG)
def test_examples_round_trip(msg: m.Message) -> None:
    assert m.decode(wire(m.encode(msg))) == msg


@pytest.mark.parametrize("msg", EXAMPLES, ids=lambda msg: msg.TAG)
def test_framed_data_decodes_the_same(msg: m.Message) -> None:
    assert m.decode(wire(m.encode(msg)), framed=True) == msg


def test_fields_at_their_default_stay_off_the_wire() -> None:
    step = m.StepMsg(3, 1, None, (), b"\x01" * 8, (1,))
    assert set(m.encode(step)) == {"t", "number", "seat", "view", "events", "hash", "to_act"}
    assert m.encode(m.SeatUpdate((m.SeatEntry("A", "bot", "easy", True),)))["seats"] == [
        {"name": "A", "kind": "bot", "level": "easy", "connected": True}]


def test_the_game_number_is_checked_and_stays_off_the_wire_at_zero() -> None:
    assert "game_no" not in m.encode(m.Intent(0, 0, ["pass", 1]))
    assert m.encode(m.Intent(0, 0, ["pass", 1], None, 2))["game_no"] == 2
    with pytest.raises(SchemaError, match=r"new_game\.game_no"):
        m.decode({"t": "new_game", "game_no": 0})        # game 0 is the first: never "new"
    with pytest.raises(SchemaError, match=r"step\.game_no"):
        m.decode({"t": "step", "number": 0, "seat": None, "view": {}, "events": [], "hash": HASH,
                  "to_act": [], "game_no": -1})


def test_every_message_type_has_an_example_and_a_direction() -> None:
    assert {type(x) for x in EXAMPLES} == set(m.MESSAGES)
    assert set(m.MESSAGES) == m.PEER_TO_HOST | m.HOST_TO_PEER


names = st.text(max_size=m.MAX_NAME)
seats = st.integers(0, m.MAX_SEATS - 1)
wires = st.tuples(st.text(min_size=1, max_size=8), st.lists(st.integers(-5, 5), max_size=4)).map(
    lambda p: [p[0], *p[1]])
times = st.floats(-1e9, 1e9, allow_nan=False)


@given(names, names, st.none() | st.binary(min_size=16, max_size=16), st.integers(0, m.MAX_SEATS),
       st.lists(seats, max_size=m.MAX_SEATS))
def test_hello_round_trips(name, game, token, want, prefer) -> None:
    msg = m.Hello(PROTOCOL_VERSION, name, game, token, want, tuple(prefer))
    assert m.decode(wire(m.encode(msg))) == msg


@given(st.integers(0, 2**53), st.integers(0, m.MAX_STEP), wires, st.none() | times)
def test_intent_round_trips(ref, step, action, pressed) -> None:
    msg = m.Intent(ref, step, action, pressed)
    assert m.decode(wire(m.encode(msg))) == msg


@given(st.integers(0, m.MAX_STEP), st.none() | seats, st.lists(wires, max_size=5),
       st.lists(seats, max_size=4, unique=True), st.lists(wires, max_size=5), st.none() | wires)
def test_step_round_trips(number, seat, events, to_act, legal, action) -> None:
    msg = m.StepMsg(number, seat, {"s": seat, "n": [number]}, tuple(events), HASH, tuple(to_act),
                    tuple(legal), action, None)
    assert m.decode(wire(m.encode(msg))) == msg


# -- refusals ---------------------------------------------------------------------------------------

def good(msg: m.Message, **changes) -> dict:
    data = m.encode(msg)
    data.update(changes)
    return data


HELLO = m.Hello(PROTOCOL_VERSION, "Ann", "kabooom")
INTENT = m.Intent(1, 2, ["pass", 0])
STEP = next(x for x in EXAMPLES if isinstance(x, m.StepMsg))


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([1, 2], "a message is a map, got list"),
        ("hello", "a message is a map, got str"),
        ({"version": 1}, "message has no tag ('t')"),
        ({"t": 5}, "message has no tag ('t')"),
        ({"t": "launch_missiles"}, "unknown message type 'launch_missiles'"),
        (good(HELLO, colour="red"), "hello: unknown field 'colour'"),
        ({k: v for k, v in m.encode(HELLO).items() if k != "name"}, "hello: missing field 'name'"),
        (good(HELLO, version="1"), "hello.version: expected a whole number, got str"),
        (good(HELLO, name="x" * 33), "hello.name: longer than 32"),
        (good(HELLO, token=b"short"), "hello.token: expected exactly 16 bytes, got 5"),
        (good(HELLO, token="0123456789abcdef"), "hello.token: expected bytes, got str"),
        (good(HELLO, want=9), "hello.want: 9 is outside 0..8"),
        (good(HELLO, want=True), "hello.want: expected a whole number, got bool"),
        (good(HELLO, prefer=[0] * 9), "hello.prefer: more than 8 items"),
        (good(HELLO, prefer=[8]), "hello.prefer[0]: 8 is outside 0..7"),
        (good(HELLO, prefer=7), "hello.prefer: expected a list, got int"),
        (good(INTENT, step=-1), "intent.step: -1 is outside 0..2147483647"),
        (good(INTENT, step=None), "intent.step: expected a whole number, got nil"),
        (good(INTENT, action=[]), "intent.action: expected [tag, ...], got list"),
        (good(INTENT, action=[1, 2]), "intent.action: expected [tag, ...], got list"),
        (good(INTENT, action={"t": "pass"}), "intent.action: expected [tag, ...], got dict"),
        (good(INTENT, pressed=float("nan")), "intent.pressed: number is not finite"),
        (good(INTENT, pressed=1e300), "intent.pressed: 1e+300 is outside"),
        (good(STEP, hash=b"1234567"), "step.hash: expected exactly 8 bytes, got 7"),
        (good(STEP, view=7), "step.view: expected a view (a list or a map), got int"),
        (good(STEP, seat=-1), "step.seat: -1 is outside 0..7"),
        (good(STEP, events=[["ok"], "bad"]), "step.events[1]: expected [tag, ...], got str"),
        (good(STEP, outcome="won"), "step.outcome: expected a list, got str"),
        (good(m.Refused("full", "x"), code="Full!"), "refused.code: 'Full!' is not an accepted value"),
        (good(m.ErrorMsg("x", "y"), text="z" * 201), "error.text: longer than 200"),
        ({"t": "seats", "seats": [{"name": "A", "kind": "alien"}]},
         "seats.seats[0].kind: 'alien' is not an accepted value"),
        ({"t": "seats", "seats": [{"name": "A", "kind": "bot", "hat": 1}]},
         "seats.seats[0]: unknown field 'hat'"),
        ({"t": "seats", "seats": [["A", "bot"]]}, "seats.seats[0]: expected a map, got list"),
        ({"t": "ping", "t0": True}, "ping.t0: expected a number, got bool"),
    ],
)
def test_bad_messages_are_refused_with_a_clear_reason(data, reason: str) -> None:
    with pytest.raises(SchemaError) as info:
        m.decode(data)
    assert str(info.value).startswith(reason)


def test_a_view_too_deep_is_refused_even_without_the_frame_check() -> None:
    view: dict = {}
    for _ in range(40):
        view = {"k": view}
    with pytest.raises(SchemaError, match=r"step\.view: data nested deeper"):
        m.decode(good(STEP, view=view))


def test_another_protocol_version_is_a_version_mismatch() -> None:
    with pytest.raises(VersionMismatch, match=f"speaks protocol version {PROTOCOL_VERSION}, not {PROTOCOL_VERSION + 1}"):
        m.decode(good(HELLO, version=PROTOCOL_VERSION + 1))
    # a newer hello may have other fields: the version still speaks first
    with pytest.raises(VersionMismatch):
        m.decode(good(HELLO, version=7, colour="red"))
    assert issubclass(VersionMismatch, ProtocolError) and issubclass(SchemaError, ProtocolError)


def test_encode_takes_messages_only() -> None:
    with pytest.raises(TypeError):
        m.encode({"t": "hello"})   # type: ignore[arg-type]
    with pytest.raises(TypeError):
        m.encode(m.SeatEntry("A", "bot"))   # type: ignore[arg-type]


any_plain = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10)
    | st.binary(max_size=20) | st.sampled_from([t.TAG for t in m.MESSAGES]),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(
        st.sampled_from(["t", "version", "name", "seat", "view", "action", "ref", "step"])
        | st.text(max_size=5), kids, max_size=6),
    max_leaves=25,
)


@settings(max_examples=sweep.examples(400))
@given(any_plain)
def test_random_data_raises_only_protocol_errors(data) -> None:
    with contextlib.suppress(ProtocolError):
        m.decode(data)


@settings(max_examples=sweep.examples(300))
@given(st.sampled_from(EXAMPLES), st.data())
def test_mutated_fields_raise_only_protocol_errors(msg: m.Message, data) -> None:
    raw = m.encode(msg)
    key = data.draw(st.sampled_from(sorted(raw)))
    raw[key] = data.draw(any_plain)
    try:
        decoded = m.decode(raw)
    except ProtocolError:
        pass
    else:
        assert type(decoded) is type(msg)    # a mutation that passes still names the same message
