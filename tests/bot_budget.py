"""A searching bot on a move-count budget in tests: repeatable (no wall clock in its decisions) and
quick. Bots without a `budget` (the levels that do not search) are left as they are."""
from __future__ import annotations

from typing import Any

from game.core.search import Budget

QUICK = Budget(seconds=None, iterations=4)


def quick(bot: Any) -> Any:
    if hasattr(bot, "budget"):
        bot.budget = QUICK
    return bot
