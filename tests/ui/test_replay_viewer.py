"""The replay viewer and the Replays list, driven by keys and clicks, headless: the table shows the
recorded game at the step the bar says, through the eyes chosen; back, rounds, the ends, the
timeline, play and speed move it; the list watches and deletes."""
from __future__ import annotations

import pygame
import pytest

from game.core.view import plain
from game.replays import entries, open_replay
from game.ui.replay.replays_list import ReplaysScene
from game.ui.replay.viewer import ReplayViewer
from game.ui.routes import new_app
from game.ui.toolkit.app import SIZE, STEP
from game.ui.toolkit.devices import InputRouter
from tests.replay_games import played


@pytest.fixture
def app():
    pygame.display.init()
    pygame.font.init()
    clock = {"t": 0.0}
    app = new_app(pygame.Surface(SIZE), clock=lambda: clock["t"], inputs=InputRouter())
    app.clock_box = clock
    yield app
    app.shutdown()
    pygame.quit()


def run(app, seconds: float) -> None:
    for _ in range(round(seconds / STEP)):
        app.clock_box["t"] += STEP
        app.advance(STEP)
    app.draw()


def key(app, name: str) -> None:
    code = pygame.key.key_code(name)
    app.feed([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0),
              pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)])
    run(app, 2 * STEP)


key_press = key      # a name the tests' own `key` (a game's) leaves free


def settled(app, viewer: ReplayViewer) -> None:
    for _ in range(400):
        if not viewer.inner.busy():
            break
        run(app, 0.05)
    run(app, 0.1)


def shows(viewer: ReplayViewer, step: int) -> bool:
    """The table shows step `step` as the eyes chosen see it."""
    engine = viewer.engine
    cursor_view = engine.view(engine.replay(viewer.replay.config, viewer.replay.seed,
                                            viewer.replay.actions[:step]), viewer.session.perspective)
    return viewer.session.step == step and viewer.inner.shown == cursor_view


@pytest.mark.parametrize("game", ["kombio", "kombo_klash", "combi_nations", "kabooom"])
def test_the_keys_move_through_the_game_and_the_table_follows(app, game):
    match, _ = played(game, seed=7)
    viewer = ReplayViewer(app, open_replay(match.replay_path))
    app.push(viewer)
    length = viewer.session.length
    key(app, "end")
    settled(app, viewer)
    assert shows(viewer, length)
    key(app, "left")
    settled(app, viewer)
    assert shows(viewer, length - 1)
    key(app, "home")
    settled(app, viewer)
    assert shows(viewer, 0)
    for _ in range(3):
        key(app, "right")
        settled(app, viewer)
    assert shows(viewer, 3)
    key(app, "tab")                              # the first seat's eyes
    settled(app, viewer)
    assert viewer.session.perspective == 0 and viewer.inner.viewer == 0 and shows(viewer, 3)
    later = [s for s in viewer.rounds if s > 3]
    key(app, "down")
    settled(app, viewer)
    assert shows(viewer, later[0] if later else length)
    key(app, "up")
    settled(app, viewer)
    assert shows(viewer, max(s for s in viewer.rounds if s < (later[0] if later else length)))
    assert len(viewer.inner.moves) == sum(len(lines) for lines in viewer._log(0)[:viewer.session.step])


def test_play_runs_on_by_itself_faster_at_x4_and_the_timeline_jumps(app):
    match, _ = played("kabooom", seed=8)
    viewer = ReplayViewer(app, open_replay(match.replay_path))
    app.push(viewer)
    key(app, "space")
    run(app, 4.0)
    at_x1 = viewer.session.step
    assert viewer.playing and at_x1 >= 2
    key(app, "home")
    key(app, "4")
    key(app, "space")
    run(app, 4.0)
    assert viewer.session.step > at_x1
    viewer.draw(app.surface if hasattr(app, "surface") else pygame.Surface(SIZE), 0.0)
    line = viewer.bar.timeline
    app.feed([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(line.centerx, line.centery))])
    settled(app, viewer)
    assert not viewer.playing
    assert abs(viewer.session.step - viewer.session.length / 2) <= 1


def test_the_replays_list_watches_and_deletes(app):
    played("kabooom", seed=9)
    played("kombio", seed=9)
    listed = entries()
    scene = ReplaysScene(app)
    app.push(scene)
    assert [e.path for e in scene.entries.values()] == [e.path for e in listed]
    first = scene.focused_entry
    assert first is not None
    key(app, "delete")
    assert first.path.exists(), "one press only arms the delete"
    key(app, "delete")
    assert not first.path.exists() and len(entries()) == len(listed) - 1
    key(app, "return")
    assert isinstance(app.stack.top, ReplayViewer)
    key(app, "escape")
    assert app.stack.top is scene


def test_kombio_can_be_watched_with_every_card_revealed(app):
    match, _ = played("kombio", seed=5)
    viewer = ReplayViewer(app, open_replay(match.replay_path))
    app.push(viewer)
    viewer.go_to(12)
    for _ in range(viewer.replay.config.players + 1):       # from the table: each seat, then everything
        key(app, "tab")
    assert viewer.eyes_text() == "Everything revealed"
    key(app, "right")
    settled(app, viewer)
    state = viewer.session.state
    values = [[state.values[c] if c >= 0 else None for c in hand] for hand in state.hands]
    assert viewer.session.step == 13
    assert [list(row) for row in viewer.inner.shown.memory] == values
    key(app, "tab")
    assert viewer.session.perspective is None, "past everything the eyes go back to the table"


def secrets_shown(key: str, state) -> tuple:
    """What everything revealed must show of `state` beyond the table's view, game by game."""
    from game.kombo_klash.tables import CREATURES, creature_of
    if key == "kombo_klash":
        hands = tuple(tuple(sorted(CREATURES[creature_of(t)] for t in hand)) for hand in state.hands)
        faces = tuple(CREATURES[creature_of(t)] if t >= 0 and not up else None
                      for t, up in zip(state.board, state.up))
        return hands, faces
    return tuple(stack[-1] if stack else -1 for stack in state.stacks)


@pytest.mark.parametrize("key,seed", [("kombo_klash", 1), ("combi_nations", 3)])
def test_kombo_klash_and_combi_nations_show_their_secrets_with_everything_revealed(app, key, seed):
    match, _ = played(key, seed=seed)
    viewer = ReplayViewer(app, open_replay(match.replay_path))
    app.push(viewer)
    viewer.go_to(21)
    for _ in range(viewer.replay.config.players + 1):
        key_press(app, "tab")
    assert viewer.eyes_text() == "Everything revealed"
    key_press(app, "right")
    settled(app, viewer)
    shown, table = viewer.inner.shown, viewer.engine.view(viewer.session.state, None)
    if key == "kombo_klash":
        got = (tuple(tuple(sorted(h)) for h in shown.hands), shown.faces)
        assert plain(shown) == {**plain(table), "hands": plain(shown.hands), "faces": plain(shown.faces)}
        turn = shown.turn
        assert viewer.inner.shown_hand() == (turn, shown.hands[turn]), "the hand to play is shown face up"
    else:
        got = shown.stack_tops
        assert plain(shown) == {**plain(table), "stack_tops": plain(shown.stack_tops)}
    assert viewer.session.step == 22 and got == secrets_shown(key, viewer.session.state)
    assert any(got[0]) if key == "kombo_klash" else any(top >= 0 for top in got), "a secret to show"


def test_kabooom_has_no_secrets_to_reveal(app):
    match, _ = played("kabooom", seed=2)
    viewer = ReplayViewer(app, open_replay(match.replay_path))
    app.push(viewer)
    assert viewer.eyes_text() == "The table: everything (nothing is hidden)"
    seen = [viewer.session.perspective]
    for _ in range(viewer.replay.config.players):
        key_press(app, "tab")
        seen.append(viewer.session.perspective)
    assert seen == [None, *range(viewer.replay.config.players)]
    key_press(app, "tab")
    assert viewer.session.perspective is None


def test_playing_through_a_kombio_seats_eyes_never_stops_at_its_looks(app):
    match, _ = played("kombio", seed=6)
    viewer = ReplayViewer(app, open_replay(match.replay_path))
    app.push(viewer)
    key(app, "tab")                              # the first seat's eyes: its near-row look is held
    key(app, "4")
    key(app, "space")
    run(app, 12.0)
    assert viewer.session.step > 12, "the looks held for that seat's Select went on by themselves"


def test_a_watched_game_offers_no_key_or_slap_that_the_viewer_does_not_take(app):
    """The game's own panels, in the viewer, name no key the viewer's bar uses otherwise (Tab is the
    eyes there, Esc leaves) and ask nobody to slap; the same panels on a table played say both."""
    from game.kombio.scene.panel import prompt

    match, _ = played("combi_nations", seed=3)
    viewer = ReplayViewer(app, open_replay(match.replay_path))
    app.push(viewer)
    viewer.go_to(5)
    assert viewer.inner.panels.hints() == ("", ())
    viewer.inner.match.watched = False
    assert ("Tab", "score sheet") in viewer.inner.panels.hints()[1]
    match, _ = played("kombio", seed=5)
    viewer = ReplayViewer(app, open_replay(match.replay_path))
    app.push(viewer)
    slaps = {True: 0, False: 0}
    for step in range(40):
        viewer.go_to(step)
        for watched in (True, False):
            viewer.inner.match.watched = watched
            slaps[watched] += "Slap a matching card any time!" in prompt(viewer.inner)[2]
    assert slaps == {True: 0, False: slaps[False]} and slaps[False] > 0


@pytest.mark.parametrize("game", ["kombo_klash", "kombio", "combi_nations", "kabooom"])
def test_the_results_tell_the_story_beside_the_scores(app, game):
    from game.games import game_by_key
    from game.ui.screens.chart import story_told
    from game.ui.screens.results import ResultsScene

    match, _ = played(game, seed=2)
    results = ResultsScene(app, match)
    app.push(results)
    run(app, 0.1)
    story = story_told(game_by_key(game), open_replay(match.replay_path))
    assert story is not None and results.story == story
    assert [seat_scores[-1] for seat_scores in zip(*story.scores)] == list(match.session.outcome().scores)
    area = results.story_rect
    assert area.width > 500 and not area.colliderect(results.menu.rect), "the chart stands beside the buttons"
    assert "Watch again" in [item.label for item in results.menu.items]


def test_no_bot_thinks_in_a_replay(app):
    """A replay's moves are all on the file: nobody is shown thinking over them."""
    match, _ = played("kabooom", seed=3)
    viewer = ReplayViewer(app, open_replay(match.replay_path))
    app.push(viewer)
    titles = {True: [], False: []}
    for step in range(6):
        viewer.go_to(step)
        for watched in (True, False):
            viewer.inner.match.watched = watched
            titles[watched].append(viewer.inner.action_panel().title)
    assert not any("thinking" in t for t in titles[True])
    assert any("thinking" in t for t in titles[False]), "the same table played says a bot is thinking"
