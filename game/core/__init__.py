"""The engine contract shared by the four games: rng, actions, views, errors, replays."""
from .engine import Action, Engine, Event, GameConfig, Outcome, rank_winners, view_hash
from .errors import ConfigError, IllegalActionError, KomboError, WireFormatError
from .rng import Rng
from .wire import WireCodec

__all__ = [
    "Action", "Engine", "Event", "GameConfig", "Outcome", "rank_winners", "view_hash",
    "ConfigError", "IllegalActionError", "KomboError", "WireFormatError", "Rng", "WireCodec",
]
