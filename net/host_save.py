"""A hosted game as a save: the replay (config, seed, actions) plus the table's seats and tokens, so
that a resumed host's players take their seats back; and reading one back, with every field
checked (a damaged or foreign save is a SaveError in words, never a traceback)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import msgpack

from game.core.engine import Action, Engine, GameConfig
from game.core.errors import KomboError, WireFormatError

from . import messages as m
from .lobby import Seat

if TYPE_CHECKING:
    from .host_core import HostCore

SAVE_VERSION = 1


class SaveError(KomboError):
    """A save that does not restore: wrong format, other game, or a log that does not replay."""


def seat_record(host: HostCore) -> bytes:
    """Everything a save holds but the moves: when it is unchanged, a save only needs the new moves
    appended (net.save.AutoSaver)."""
    holders, seats = host.lobby.record()
    return cast(bytes, msgpack.packb([host.started, host.game_no, host.local_token, holders, seats],
                                     use_bin_type=True))


def save(host: HostCore) -> bytes:
    holders, seats = host.lobby.record()
    return cast(bytes, msgpack.packb({
        "v": SAVE_VERSION,
        "game": host.engine.key,
        "config": host.engine.configs.encode(host.config),
        "seed": host.seed,
        "actions": [host.engine.actions.encode(a) for a in host.log],
        "local": host.local_token,
        "holders": holders,
        "seats": seats,
        "started": host.started,
        "game_no": host.game_no,
    }, use_bin_type=True))


@dataclass
class Saved:
    config: GameConfig
    seed: int
    actions: list[Action]
    local: bytes
    holders: dict[bytes, str]
    levels: dict[bytes, str]
    seats: list[Seat]
    started: bool
    game_no: int


def read(engine: Engine[Any], data: bytes) -> Saved:
    try:
        raw = msgpack.unpackb(data, raw=False, strict_map_key=False, max_ext_len=0)
        if not isinstance(raw, dict) or raw.get("v") != SAVE_VERSION:
            raise SaveError("not a save of this version")
        if raw["game"] != engine.key:
            raise SaveError(f"a save of {raw['game']!r}, not {engine.key!r}")
        config = engine.configs.decode(raw["config"])
        seed = raw["seed"]
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise SaveError("the seed is not a whole number")
        actions = [engine.actions.decode(a) for a in raw["actions"]]
        holders: dict[bytes, str] = {}
        levels: dict[bytes, str] = {}
        for entry in raw["holders"]:
            token, name, *rest = entry       # [token, name] or [token, name, bot level]
            holders[_token(token)] = str(name)[:m.MAX_NAME]
            if rest and rest[0]:
                levels[_token(token)] = str(rest[0])[:m.MAX_NAME]
        local = _token(raw["local"])
        seats = [Seat(str(kind), str(name), str(level), _opt_token(h), _opt_token(r))
                 for kind, name, level, h, r in raw["seats"]]
        started = raw.get("started", True)   # saves from before the lobby were all started
        if not isinstance(started, bool):
            raise SaveError("the save's started flag is not true or false")
        game_no = raw.get("game_no", 0)      # saves from before rematches: the first game
        if not isinstance(game_no, int) or isinstance(game_no, bool) or not 0 <= game_no <= m.MAX_STEP:
            raise SaveError("the save's game number is not a whole number")
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError, WireFormatError, msgpack.UnpackException) as exc:
        raise SaveError(f"the save is damaged ({type(exc).__name__})") from None
    if len(seats) != config.players or local not in holders:
        raise SaveError("the save's seats do not match its game")
    for s in seats:
        if s.kind not in ("open", "human", "bot") or (s.kind != "open") != (s.holder in holders):
            raise SaveError("the save's seats do not match its tokens")
        if s.reserved_for is not None and s.reserved_for not in holders:
            raise SaveError("the save's seats do not match its tokens")
    return Saved(config, seed, actions, local, holders, levels, seats, started, game_no)


def _token(value: Any) -> bytes:
    if not isinstance(value, bytes) or len(value) != m.TOKEN_SIZE:
        raise ValueError("bad token")
    return value


def _opt_token(value: Any) -> bytes | None:
    return None if value is None else _token(value)


__all__ = ["SAVE_VERSION", "SaveError", "Saved", "read", "save", "seat_record"]
