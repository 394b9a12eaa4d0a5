"""How many seeded games a long sweep plays: a seeded sample in the suite (the first seeds of the
full sweep, so a failure there is a failure of the sweep too), every game in the soak run.

    python tools/soak.py            # every sweep at full size (KOMBO_ARCADE_SOAK=1), a few minutes

The suite keeps to its three minutes on a 2-core machine; the soak run checks all that the sweeps
checked before they were sampled, and is run before a release and after any engine change."""
from __future__ import annotations

import os

SOAK = os.environ.get("KOMBO_ARCADE_SOAK") == "1"
SHARE = 0.12            # of a sweep's games the suite plays


def games(full: int, at_least: int = 1) -> int:
    """A sweep's game count: `full` in the soak run, a share of it (at least `at_least`) in the suite."""
    return full if SOAK else max(at_least, round(full * SHARE))


def examples(full: int) -> int:
    """A property test's hypothesis examples: `full` in the soak run, a third of them in the suite."""
    return full if SOAK else max(20, full // 3)
