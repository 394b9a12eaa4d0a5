"""The engine contract shared by the four games: rng, actions, views, errors, replays."""
from .engine import (
    Action,
    Engine,
    Event,
    GameConfig,
    GameType,
    Outcome,
    Termination,
    canonical,
    rank_winners,
    view_hash,
)
from .errors import ConfigError, IllegalActionError, KomboError, WireFormatError
from .rng import Rng
from .wire import WireCodec

__all__ = [
    "Action", "ConfigError", "Engine", "Event", "GameConfig", "GameType", "IllegalActionError", "KomboError",
    "Outcome", "Rng", "Termination", "WireCodec", "WireFormatError", "canonical", "rank_winners", "view_hash",
]
