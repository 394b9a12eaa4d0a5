"""Kabooom! views, config and wire: a view for every seat, the config and the catalogue, the actions'
and events' wire forms, the actions as text, and the rules as the players read them."""
from __future__ import annotations

import dataclasses

import msgpack
import pytest

from game.core import ConfigError, Termination, WireFormatError
from game.core.view import plain
from game.games import game_by_key
from game.kabooom import rules_text
from game.kabooom.narration import narrate
from game.kabooom.rules import (
    TABLE,
    GameOver,
    KabooomConfig,
    KabooomEngine,
    KabooomView,
    Move,
    Pass,
    Place,
    square_name,
    state_from_view,
)

from .rules_support import ENGINE, QUIET, check_refused, position, sq

# -- views, config, wire --------------------------------------------------------------------------

VIEW_KEYS = {"phase", "players", "difficulty", "turn", "board", "pool", "to_place", "passes",
             "scores", "towers", "can_move", "out", "last"}


@pytest.mark.parametrize("difficulty", ["easy", "medium"])
def test_view_is_the_same_for_every_seat_and_rebuilds_the_state(difficulty):
    state = ENGINE.new_game(KabooomConfig(3, difficulty), 4)
    for _ in range(30):
        if ENGINE.outcome(state) is not None:
            break
        view = ENGINE.view(state, None)
        assert set(plain(view)) == VIEW_KEYS == {f.name for f in dataclasses.fields(KabooomView)}
        assert all(ENGINE.view(state, s) == view for s in range(3))
        msgpack.packb(ENGINE.views.encode(view))
        rebuilt = state_from_view(view)
        assert ENGINE.view(rebuilt, 0) == view
        assert rebuilt.board == state.board and rebuilt.pool == state.pool
        ENGINE.apply(state, ENGINE.legal_actions(state, state.turn)[0])
    assert plain(ENGINE.view(state, 0))["last"] is not None


def test_view_fields():
    state = position({"a1": [(0, "R"), (1, "S"), (0, "R")], "b1": [(1, "S")], "e5": [(1, "D")]})
    view = plain(ENGINE.view(state, 1))
    assert view["board"][0] == [[0, "R"], [1, "S"], [0, "R"]]
    assert view["towers"] == [[3], [1]]   # the lone Dynamite on e5 is no tower
    assert view["scores"] == [3, 1]
    assert view["can_move"] == [True, False]
    assert view["last"] is None and view["passes"] == 0
    ENGINE.apply(state, Move(0, sq("a1"), sq("b1")))
    assert plain(ENGINE.view(state, 0))["last"] == ["move", 0, sq("a1"), sq("b1")]


def test_state_from_view_rejects_garbage():
    with pytest.raises(WireFormatError):
        state_from_view({"players": 2})


def make_config(players, options):
    return game_by_key("kabooom").make_config(players, options)


def test_make_config():
    assert make_config(3, {}) == KabooomConfig(3, "easy")
    assert make_config(2, {"difficulty": "hard"}).difficulty == "hard"
    for players, options in [(1, {}), (5, {}), (2, {"difficulty": "expert"}), (2, {"colour": "red"})]:
        with pytest.raises(ConfigError):
            make_config(players, options)
    with pytest.raises(ConfigError):
        ENGINE.new_game(KabooomConfig(5, "easy"), 0)
    with pytest.raises(ConfigError):
        ENGINE.new_game(KabooomConfig(2, "expert"), 0)
    config = KabooomConfig(4, "medium")
    assert KabooomEngine.configs.decode(KabooomEngine.configs.encode(config)) == config


def test_game_catalogue_points_here():
    info = game_by_key("kabooom")
    assert isinstance(info.engine(), KabooomEngine)
    assert info.make_config(2, {"difficulty": "medium"}) == KabooomConfig(2, "medium")
    assert info.rules_text() == rules_text.RULES


@pytest.mark.parametrize("wire", [
    ["move", 0, 25, 1], ["move", 0, -1, 1], ["move", 4, 0, 1], ["place", 0, 3, "X"],
    ["place", 0, 3, "rock"], ["pass", -1], ["pass", 0, 1], ["move", 0, "1", 2],
])
def test_bad_action_wire_is_refused(wire):
    with pytest.raises(WireFormatError):
        KabooomEngine.actions.decode(wire)


@pytest.mark.parametrize("action", [Place(2, 24, "D"), Move(1, 0, 6), Pass(3)])
def test_action_wire_round_trip(action):
    codec = KabooomEngine.actions
    assert codec.decode(msgpack.unpackb(msgpack.packb(codec.encode(action)))) == action


def test_game_over_carries_only_how_the_game_ended():
    codec = KabooomEngine.events
    assert codec.encode(GameOver(Termination.NO_MOVES)) == ["over", "no_moves"]
    assert codec.decode(["over", "passes"]) == GameOver(Termination.ALL_PASSED)
    with pytest.raises(WireFormatError, match=r"over\.termination"):
        codec.decode(["over", "resigned"])
    assert narrate(GameOver(Termination.ALL_PASSED)) == "Game over: Everyone passed in a row."


def test_readable_actions():
    assert square_name(0) == "a1" and square_name(24) == "e5" and square_name(sq("b2")) == "b2"
    assert str(Move(0, sq("b2"), sq("c3"))) == "Red moves b2→c3"
    assert str(Place(1, sq("e1"), "D")) == "Blue places Dynamite on e1"
    assert str(Pass(3)) == "Yellow passes"


def test_unknown_action_is_refused():
    state = position({"a1": [(0, "R")], "b1": [(1, "R")], **QUIET})
    check_refused(state, "move a1 b1", "not a Kabooom! action")


# -- the rules as the players read them ----------------------------------------------------------


def test_rules_text_has_its_sections_and_the_table_numbers():
    text = rules_text.RULES
    sections = [block.split("\n", 1)[0] for block in text.strip().split("\n\n")]
    assert sections == ["Goal", "Setup by difficulty", "Moving", "Captures table", "Dynamite",
                        "Passing and the end", "Scoring", "On the board"]
    counts = [f"{quota} with {players} players" for players, quota in sorted(TABLE.quota.items())]
    counts[0] = counts[0].replace(" with", " counters with", 1)
    assert "brings " + ", ".join(counts) + "." in text
    assert "1 point less on Medium, 2 points less on Hard" in text
    assert "<" not in text and "*" not in text and "#" not in text
