"""What a host must know of a game played partly in real time, beyond the engine contract.

Turn-based games need nothing here. A game with races and timed choices (KOMBIO) declares, per
engine key:

- a *race*: how presses of step-free actions (Action.STEP_FREE: KOMBIO's slaps) made at nearly the
  same time are judged. The host gives each press a time on its own clock (the peer's press time
  corrected by its clock offset and clamped to its link: net.fair_slap), holds the presses of one
  discard until a slower peer's earlier press must have come in, and asks the race for rulings, in
  the order the actions are to be applied; the race judges on a copy of the state, and the host then
  applies the ruled actions itself, as ordinary steps (so the log, the broadcast and the
  engine-fault handling stay in one place).
- `choice_seconds`: how long a seat may stay silent on a choice the engine has a default for
  (`default_action(state, seat)`) before the host submits the default for it.

The game's own modules stay free of the LAN: this is where the host learns which of them to use.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from game.core.engine import Action, Engine


@dataclass(frozen=True)
class Ruling:
    """One press judged: `apply` it as the next step (a right or a wrong slap: both change the
    game), or refuse it with an IntentRefused `code` and the reason in words."""

    action: Action
    time: float
    apply: bool
    code: str = ""
    reason: str = ""


class Race(Protocol):
    def races(self, action: Action) -> bool:
        """Does this step-free action go through the race? (KOMBIO: a slap does; a look, which is
        step-free too, is applied as it comes.)"""

    def judge(self, engine: Engine[Any], state: Any,
              presses: Sequence[tuple[Action, float]]) -> list[Ruling]:
        """Rule on the presses ((action, press time)) against `state`, which the race may change
        (the host gives it a copy): one ruling per press, in the order to apply them."""

    def answers(self, action: Action) -> int:
        """What a press answers, numbered (KOMBIO: the discard's serial): presses answering the same
        thing race each other, and a higher number is a newer thing to race for."""


DefaultAction = Callable[[Any, int], "Action | None"]


@dataclass(frozen=True)
class RealTime:
    race: Callable[[int], Race]        # the game's seed -> its race (ties are broken from the seed)
    choice_seconds: float              # a choice with a default is made for a seat silent this long
    default_action: DefaultAction      # (state, seat) -> the default, None if it owes none


class _KombioRace:
    """KOMBIO's slap race (game.kombio.slap_race): presses judged in press-time order, exact ties
    by a generator seeded from the game's seed, kept beside the state."""

    def __init__(self, seed: int) -> None:
        from game.kombio.slap_race import race_rng

        self.rng = race_rng(seed)

    def races(self, action: Action) -> bool:
        from game.kombio.rules import Slap

        return isinstance(action, Slap)

    def answers(self, action: Action) -> int:
        from game.kombio.rules import Slap

        if not isinstance(action, Slap):
            raise TypeError(f"KOMBIO's race judges slaps, not {action}")
        return action.discard

    def judge(self, engine: Engine[Any], state: Any,
              presses: Sequence[tuple[Action, float]]) -> list[Ruling]:
        from game.kombio.rules import KombioEngine, Slap
        from game.kombio.slap_race import ACCEPTED, FAILED, STALE, TOO_LATE, Press, judge

        assert isinstance(engine, KombioEngine)
        by_press: dict[int, Action] = {}
        own: list[Press] = []
        for action, time in presses:
            if not isinstance(action, Slap):
                raise TypeError(f"KOMBIO's race judges slaps, not {action}")
            press = Press(action.seat, action.owner, action.slot, action.discard, time)
            by_press[id(press)] = action
            own.append(press)
        verdict = judge(engine, state, own, self.rng)
        codes = {STALE: "stale", TOO_LATE: "too_late"}
        return [Ruling(by_press[id(r.press)], r.press.time, r.verdict in (ACCEPTED, FAILED),
                       codes.get(r.verdict, "illegal") if r.verdict not in (ACCEPTED, FAILED) else "",
                       r.reason)
                for r in verdict.results]


def _kombio(engine: Engine[Any]) -> RealTime:
    from game.kombio.rules import TABLE, KombioEngine

    assert isinstance(engine, KombioEngine)
    return RealTime(_KombioRace, float(TABLE.choice_seconds), engine.default_action)


_GAMES: dict[str, Callable[[Engine[Any]], RealTime]] = {"kombio": _kombio}


def realtime_for(engine: Engine[Any]) -> RealTime | None:
    """The real-time rules of `engine`'s game, or None for a game played turn by turn."""
    make = _GAMES.get(engine.key)
    return make(engine) if make is not None else None


__all__ = ["Race", "RealTime", "Ruling", "realtime_for"]
