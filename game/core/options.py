"""A game's setup options, declared once: on the fields of its config.

Each option is a config field annotated with an `Opt`: the label the setup screen shows, and its
choices, each a `Choice` with the key that `--option KEY=VALUE`, saved settings and the LAN carry,
the value the field then takes, how a screen names it and a line saying what it means. The field's
default is the default choice. Everything else derives from that declaration: the setup screen's
rows (`option_rows`), the config built from chosen keys with every refusal in words
(`config_from_options`), and the player-count check, which lives here once.

    @dataclass(frozen=True)
    class KabooomConfig(GameConfig):
        difficulty: Annotated[str, Opt("Difficulty", (Choice("easy", note="..."), ...))] = "easy"

An option may apply only while another has a certain choice (`only_when`: Combi-Nations' preset
shape only with a preset country); a screen greys it out otherwise.
"""
from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any

from .errors import ConfigError
from .schema import Note


@dataclass(frozen=True)
class Choice:
    key: str                   # what --option, the saved setup and the LAN say
    value: Any = None          # the config field's value (None: the key itself)
    label: str = ""            # how a screen names it ("" : the key, capitalised)
    note: str = ""             # what it means, in a line under the choice

    def field_value(self) -> Any:
        return self.key if self.value is None else self.value

    def shown(self) -> str:
        return self.label or self.key.capitalize()


@dataclass(frozen=True)
class Opt(Note):
    """Marks a config field as a setup option (typing.Annotated metadata; the wire skips it)."""

    label: str
    choices: tuple[Choice, ...]
    only_when: tuple[str, str] | None = None     # (other option's key, its choice): else greyed out
    key: str = ""                                # the option's key ("": the field's name)


@dataclass(frozen=True)
class OptionRow:
    """One option as the setup screen and `--help` list it."""

    key: str
    label: str
    choices: tuple[str, ...]
    default: str
    notes: Mapping[str, str] = field(default_factory=dict)   # choice -> what it means, in a line
    labels: Mapping[str, str] = field(default_factory=dict)  # choice -> how a screen names it
    only_when: tuple[str, str] | None = None

    def label_of(self, choice: str) -> str:
        return self.labels.get(choice, choice.capitalize())

    def applies(self, chosen: Mapping[str, str]) -> bool:
        """Whether this option means anything with the other choices made (else it is greyed out)."""
        if self.only_when is None:
            return True
        key, choice = self.only_when
        return chosen.get(key) == choice


@dataclass(frozen=True)
class _Declared:
    name: str          # the config field
    key: str           # the option
    opt: Opt
    default_key: str


def _declared(cls: type) -> tuple[_Declared, ...]:
    hints = typing.get_type_hints(cls, include_extras=True)
    out = []
    for f in dataclasses.fields(cls):
        hint = hints[f.name]
        if typing.get_origin(hint) is not Annotated:
            continue
        opts = [m for m in typing.get_args(hint)[1:] if isinstance(m, Opt)]
        if not opts:
            continue
        opt = opts[0]
        keys = [c.key for c in opt.choices if c.field_value() == f.default]
        if len(keys) != 1:
            raise TypeError(f"{cls.__name__}.{f.name}: its default {f.default!r} is not exactly one choice's value")
        out.append(_Declared(f.name, opt.key or f.name, opt, keys[0]))
    return tuple(out)


def option_rows(cls: type) -> tuple[OptionRow, ...]:
    """The options a config class declares, in field order."""
    rows = []
    for d in _declared(cls):
        choices = d.opt.choices
        rows.append(OptionRow(
            d.key, d.opt.label, tuple(c.key for c in choices), d.default_key,
            notes={c.key: c.note for c in choices if c.note},
            labels={c.key: c.shown() for c in choices},
            only_when=d.opt.only_when))
    return tuple(rows)


def check_players(title: str, players: int, lo: int, hi: int) -> None:
    """The one player-count check: ConfigError in a player's words."""
    if not lo <= players <= hi:
        span = f"{lo} to {hi}" if lo != hi else str(lo)
        raise ConfigError(f"{title} is for {span} players, not {players}")


def config_from_options(cls: type, title: str, players: int, options: Mapping[str, str],
                        lo: int, hi: int) -> Any:
    """The config of `players` with the chosen option keys (missing ones at their default);
    ConfigError names an unknown option, a choice that is not one, or a wrong player count."""
    declared = {d.key: d for d in _declared(cls)}
    unknown = sorted(set(options) - set(declared))
    if unknown:
        raise ConfigError(f"{title} has no option {unknown[0]!r}")
    check_players(title, players, lo, hi)
    values: dict[str, Any] = {}
    for key, d in declared.items():
        chosen = options.get(key, d.default_key)
        choice = next((c for c in d.opt.choices if c.key == chosen), None)
        if choice is None:
            keys = ", ".join(c.key for c in d.opt.choices)
            raise ConfigError(f"{key} must be one of {keys}, not {chosen!r}")
        values[d.name] = choice.field_value()
    try:
        return cls(players, **values)
    except (TypeError, ValueError) as exc:
        raise ConfigError(str(exc)) from None


__all__ = ["Choice", "Opt", "OptionRow", "check_players", "config_from_options", "option_rows"]
