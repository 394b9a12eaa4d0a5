"""The long sweeps at full size: every seeded game the suite only samples (tests/sweep.py), with the
same checks, plus the tools' own soak figures. Prints pytest's summary; exits as pytest does.

    python tools/soak.py [PYTEST_ARGS...]

Runs the sweep tests (the engines' random playouts, the catalogue's engine-contract playouts, and
the property tests whose examples the suite halves) with
KOMBO_ARCADE_SOAK=1, on every core (pytest-xdist)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SWEEPS = ["tests/kombo_klash/test_playouts.py", "tests/kombio/test_playouts.py",
          "tests/combi_nations/test_playouts.py", "tests/kabooom/test_playout.py",
          "tests/test_catalogue.py::test_random_playouts_keep_the_engine_contract",
          # property tests whose hypothesis examples the suite cuts to a third (tests/sweep.examples)
          "tests/net/test_messages.py", "tests/net/test_protocol.py", "tests/net/test_peer_core.py",
          "tests/kombo_klash/test_kombos.py",
          # the suite plays one of their games (tests/sweep.games), and not the expert's
          "tests/combi_nations/test_bot.py::test_every_level_plays_legally_in_every_phase"]


def main(argv: list[str]) -> int:
    env = {**os.environ, "KOMBO_ARCADE_SOAK": "1"}
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    return subprocess.call([sys.executable, "-m", "pytest", "-n", "auto", *SWEEPS, *argv], cwd=ROOT, env=env)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
