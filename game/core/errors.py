"""Typed errors of the engine contract; every one carries a message fit to show a player."""
from __future__ import annotations


class KomboError(Exception):
    """Base of every error the games and the net layer raise on purpose."""


class IllegalActionError(KomboError):
    """The action is not legal in this state; the state is unchanged."""

    def __init__(self, reason: str, action: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


class WireFormatError(KomboError):
    """Data received from outside (a packet, a save) does not decode to a valid value."""


class ConfigError(KomboError):
    """A game configuration is out of range (players, difficulty, options)."""
