"""The architecture as the imports show it (every import, in-function ones included): no module
imports another in a circle, and each layer imports only the layers below it."""
from __future__ import annotations

import subprocess
import sys

import pytest

from tests.arch.imports import ROOT, cycles, graph

GRAPH = graph()
GAMES = ("game.kabooom", "game.kombio", "game.kombo_klash", "game.combi_nations")
# layer -> the module prefixes it must never import
FORBIDDEN = {
    "game.core": ("game.ui", "game.games", "game.definition", "net", "pygame", *GAMES),
    # what a game declares (its race, its views) comes to the LAN code through its GameDef
    "net": ("game.ui", "pygame", *GAMES),
    "game.ui.toolkit": ("game.ui.play", "game.ui.screens", "game.ui.lobby", "game.ui.routes", "game.games"),
    "game.ui.play": ("game.ui.screens", "game.ui.lobby", "game.ui.routes"),
    "game.ui.screens": ("game.ui.lobby", "game.ui.routes"),
    "game.ui.lobby": ("game.ui.routes",),
}


def test_no_import_cycles():
    assert cycles(GRAPH) == []


def test_the_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_each_layer_imports_only_what_is_below_it(layer):
    members = [m for m in GRAPH if m == layer or m.startswith(layer + ".")]
    assert members, f"no modules in {layer}"
    wrong = [(m, target) for m in members for target in sorted(GRAPH[m])
             if any(target == bad or target.startswith(bad + ".") for bad in FORBIDDEN[layer])]
    assert wrong == []


def test_rules_code_and_the_catalogue_never_load_pygame():
    """Listing the games, playing a demo headless and running the LAN host import no pygame."""
    code = ("import sys; import game.games, game.demo, game.headless, net.lan; "
            "from game.games import available_games; [g.engine() for g in available_games()]; "
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False", out.stderr
