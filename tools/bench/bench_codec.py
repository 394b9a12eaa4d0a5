"""The wire codec against msgspec: encode, decode and validate a Kabooom! Move and a LAN StepMsg.

    python tools/bench/bench_codec.py [--number 20000] [--repeat 5]

The project's codec is game.core.schema (field checks built once per dataclass) behind
game.core.wire.WireCodec (engine actions) and net.messages (LAN messages), on msgpack. msgspec
(https://jcristharif.com/msgspec/) does the same in C from msgspec.Struct classes with Meta
constraints; the Structs here mirror the project's dataclasses field for field, constraint for
constraint, and only exist in this bench. msgspec is not a dependency of the project: when it is not
installed the bench says so and measures the project's codec alone.

Each figure is the best of --repeat runs of --number round trips, in microseconds per operation:
encode (value -> bytes), decode (bytes -> validated value) and both. The project's decode of a
StepMsg is what a peer does with a frame: msgpack with limits, the plain-data check, the schema.
"""
# No `from __future__ import annotations`: the msgspec Structs are defined inside a function (msgspec
# is optional), and msgspec resolves their annotations, which must then be objects rather than strings.
import argparse
import sys
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import msgpack

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.kabooom.rules import KabooomConfig, KabooomEngine, Move
from net import messages as m
from net.protocol import check_plain, decode_frame_body

ENGINE = KabooomEngine()
Case = tuple[str, Callable[[], Any], Callable[[], Any]]    # name, encode, decode


def typical_step() -> tuple[Move, m.StepMsg]:
    """A capture-phase move in a 2-player easy game, and the StepMsg the next seat's peer gets for it."""
    state = ENGINE.new_game(KabooomConfig(2, "easy"), 7)
    for _ in range(6):                                   # a few moves in: towers on the board
        ENGINE.apply(state, ENGINE.legal_actions(state, state.turn)[0])
    move = next(a for a in ENGINE.legal_actions(state, state.turn) if isinstance(a, Move))
    events = ENGINE.apply(state, move)
    nxt = state.turn                                      # the seat to move next gets its legal list
    legal = ENGINE.legal_actions(state, nxt)
    step = m.StepMsg(
        number=31, seat=nxt, view=dict(ENGINE.view(state, nxt)),
        events=tuple(ENGINE.events.encode(e) for e in events), hash=ENGINE.public_hash(state),
        to_act=tuple(sorted(ENGINE.to_act(state))), legal=tuple(ENGINE.actions.encode(a) for a in legal),
        action=None, game_no=1)
    return move, step


def project_cases(move: Move, step: m.StepMsg) -> tuple[list[Case], dict[str, bytes]]:
    codec = ENGINE.actions
    move_bytes = msgpack.packb(codec.encode(move), use_bin_type=True)
    step_bytes = msgpack.packb(m.encode(step), use_bin_type=True)
    assert codec.decode(msgpack.unpackb(move_bytes)) == move
    assert m.decode(decode_frame_body(step_bytes), framed=True) == step
    cases: list[Case] = [
        ("Move", lambda: msgpack.packb(codec.encode(move), use_bin_type=True),
         lambda: codec.decode(msgpack.unpackb(move_bytes))),
        ("StepMsg", lambda: msgpack.packb(m.encode(step), use_bin_type=True),
         lambda: m.decode(decode_frame_body(step_bytes), framed=True)),
    ]
    return cases, {"Move": move_bytes, "StepMsg": step_bytes}


def msgspec_cases(move: Move, step: m.StepMsg, ours: dict[str, bytes]) -> list[Case] | None:
    try:
        import msgspec
    except ImportError:
        return None
    from msgspec import Meta, Struct

    seat_t = Annotated[int, Meta(ge=0, le=3)]            # Kabooom's seats and squares
    square_t = Annotated[int, Meta(ge=0, le=24)]

    class PlaceS(Struct, frozen=True, array_like=True, tag="place"):
        seat: seat_t
        square: square_t
        symbol: Annotated[str, Meta(pattern="^[RPSD]$")]

    class MoveS(Struct, frozen=True, array_like=True, tag="move"):
        seat: seat_t
        src: square_t
        dst: square_t

    class PassS(Struct, frozen=True, array_like=True, tag="pass"):
        seat: seat_t

    net_seat_t = Annotated[int, Meta(ge=0, le=m.MAX_SEATS - 1)]
    step_t = Annotated[int, Meta(ge=0, le=m.MAX_STEP)]
    wire_t = Annotated[list[Any], Meta(min_length=1)]

    class StepS(Struct, frozen=True, tag_field="t", tag="step", omit_defaults=True):
        number: step_t
        seat: net_seat_t | None
        view: dict[Any, Any] | None
        events: Annotated[tuple[wire_t, ...], Meta(max_length=m.MAX_EVENTS)]
        hash: Annotated[bytes, Meta(min_length=m.HASH_SIZE, max_length=m.HASH_SIZE)]
        to_act: Annotated[tuple[net_seat_t, ...], Meta(max_length=m.MAX_SEATS)]
        legal: Annotated[tuple[wire_t, ...], Meta(max_length=m.MAX_LEGAL)] = ()
        action: wire_t | None = None
        outcome: list[Any] | None = None
        patch: wire_t | None = None
        game_no: step_t = 0

    encoder = msgspec.msgpack.Encoder()
    actions = msgspec.msgpack.Decoder(PlaceS | MoveS | PassS)
    steps = msgspec.msgpack.Decoder(StepS)
    move_s = MoveS(move.seat, move.src, move.dst)
    fields = {name: getattr(step, name) for name in StepS.__struct_fields__}
    step_s = StepS(**fields)
    for name, ours_bytes, theirs in (("Move", ours["Move"], encoder.encode(move_s)),
                                     ("StepMsg", ours["StepMsg"], encoder.encode(step_s))):
        same = "the same bytes" if ours_bytes == theirs else f"{len(theirs)} bytes against our {len(ours_bytes)}"
        print(f"msgspec's {name}: {same}")
    assert actions.decode(ours["Move"]) == move_s
    assert steps.decode(ours["StepMsg"]) == step_s
    return [
        ("Move", lambda: encoder.encode(move_s), lambda: actions.decode(ours["Move"])),
        ("StepMsg", lambda: encoder.encode(step_s), lambda: steps.decode(ours["StepMsg"])),
    ]


def best(fn: Callable[[], Any], number: int, repeat: int) -> float:
    """Microseconds per call, the best of `repeat` runs."""
    return min(timeit.repeat(fn, number=number, repeat=repeat)) / number * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--number", type=int, default=20000, help="round trips per run")
    parser.add_argument("--repeat", type=int, default=5, help="runs; the best one counts")
    args = parser.parse_args(argv)
    move, step = typical_step()
    ours, sizes = project_cases(move, step)
    print(f"a Move is {len(sizes['Move'])} bytes; the StepMsg {len(sizes['StepMsg'])} bytes "
          f"({len(step.legal)} legal actions, {len(step.events)} events)")
    theirs = msgspec_cases(move, step, sizes)
    if theirs is None:
        print("msgspec is not installed (it is not a dependency): measuring the project's codec only")
    rows = [("project", ours)] + ([("msgspec", theirs)] if theirs is not None else [])
    print(f"{'codec':9} {'value':8} {'encode µs':>10} {'decode µs':>10} {'both µs':>10}")
    results: dict[tuple[str, str], float] = {}
    for codec_name, cases in rows:
        for name, encode, decode in cases:
            enc = best(encode, args.number, args.repeat)
            dec = best(decode, args.number, args.repeat)
            results[codec_name, name] = enc + dec
            print(f"{codec_name:9} {name:8} {enc:10.2f} {dec:10.2f} {enc + dec:10.2f}")
    step_bytes = sizes["StepMsg"]
    data = decode_frame_body(step_bytes)
    parts = [("msgpack", lambda: msgpack.unpackb(step_bytes, raw=False, strict_map_key=False)),
             ("plain-data check", lambda: check_plain(data)),
             ("schema", lambda: m.decode(data, framed=True))]
    print("the project's StepMsg decode: " + ", ".join(
        f"{name} {best(fn, args.number, args.repeat):.2f} µs" for name, fn in parts))
    if theirs is not None:
        print("(msgspec's view field is dict[Any, Any]: it has no counterpart of the plain-data check's "
              "depth limit)")
        for name in ("Move", "StepMsg"):
            print(f"{name}: msgspec takes {results['msgspec', name] / results['project', name]:.0%} "
                  f"of the project's time for a round trip")
    return 0


if __name__ == "__main__":
    sys.exit(main())
