"""Kabooom! as colour-blind players see it: seat colours sampled from the drawn board stay apart in
the three colour-vision simulations (why ΔE76 20: tests/ui/test_seat_colours.py), every seat's
pieces, card and cursor carry its symbol, and the marks on squares differ by shape: the last move
dashed with an arrow, targets circled, the picked tower in a solid frame; none in a seat's colour."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.games import game_by_key
from game.kabooom.rules import Move
from game.kabooom.scene import KabooomScene
from game.kabooom.scene.art import MARK, TARGET, CounterArt, load_glyphs
from game.kabooom.scene.controls import PASS, square_key
from game.kabooom.scene.layout import Layout
from game.ui.play.focus import draw_focus
from game.ui.play.match import Match, SeatPlan
from game.ui.routes import new_app
from game.ui.toolkit import theme
from game.ui.toolkit.app import STEP
from game.ui.toolkit.colour_vision import KINDS, delta_e76, delta_e2000, simulate_surface
from game.ui.toolkit.settings import Settings
from tests.focus_driver import press

MIN_DE76 = 20.0
MIN_DE2000 = 10.0
DEVICES = ("kb1", "kb2", "kb3", "kb4")


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture(autouse=True)
def _video(pygame_video):
    yield
    theme.use_palette("standard")


def four_humans(palette: str = "standard", seed: int = 4):
    """Four keyboard players on Easy: the board is dealt at once, nobody moves until told to."""
    clock = Clock()
    app = new_app(pygame.Surface((1280, 720)), clock=clock, settings=Settings(seat_colours=palette))
    plans = tuple(SeatPlan("human", d) for d in DEVICES)
    match = Match(game_by_key("kabooom"), 4, {"difficulty": "easy"}, plans, seed, inline_bots=True)
    scene = KabooomScene(app, match)
    app.push(scene)
    run(app, clock)
    return app, clock, match, scene


def run(app, clock, seconds: float = 0.05) -> None:
    for _ in range(max(1, round(seconds / STEP))):
        clock.t += STEP
        app.advance(STEP)
    app.draw()


def settle(app, clock, scene) -> None:
    for _ in range(60):
        run(app, clock, 0.1)
        if not scene.busy():
            return


def rgb(surface: pygame.Surface, pos) -> tuple[int, int, int]:
    c = surface.get_at((round(pos[0]), round(pos[1])))
    return (c[0], c[1], c[2])


def ring_point(scene: KabooomScene, square: int) -> tuple[float, float]:
    """A point on the coloured ring of the top counter of `square` (right of its glyph)."""
    layout = scene.layout
    n = min(3, len(scene.shown.board[square]))
    cx, cy = layout.centre(square)
    return (cx + layout.counter * 0.4, cy - (n - 1) * layout.stack_step / 2)


def seat_samples(surface: pygame.Surface, scene: KabooomScene, origin=(0, 0)) -> dict[int, list]:
    """Each seat's colour where the board and its card show it: every top counter's ring, the
    card's colour bar."""
    ox, oy = origin
    out: dict[int, list] = {seat: [] for seat in range(scene.players)}
    for square, stack in enumerate(scene.shown.board):
        if stack:
            x, y = ring_point(scene, square)
            out[stack[-1][0]].append(rgb(surface, (x - ox, y - oy)))
    for seat in range(scene.players):
        card = scene.layout.player_card(seat, scene.players)
        out[seat].append(rgb(surface, (card.x + 5 - ox, card.centery - oy)))
    return out


def assert_apart(samples: dict[int, list], where: str) -> None:
    for a, b in itertools.combinations(samples, 2):
        for ca in samples[a]:
            for cb in samples[b]:
                assert delta_e76(ca, cb) >= MIN_DE76, f"{where}: seats {a} and {b}: {ca} vs {cb}"
                assert delta_e2000(ca, cb) >= MIN_DE2000, f"{where}: seats {a} and {b}: {ca} vs {cb}"


@pytest.mark.parametrize("palette", ["standard", "high_contrast"])
def test_four_seats_stay_apart_on_the_drawn_board_in_every_simulation(palette: str):
    app, _, _, scene = four_humans(palette)
    samples = seat_samples(app.surface, scene)
    for seat, colours in samples.items():
        assert len(colours) >= 2
        for colour in colours:      # what is drawn is the seat's colour
            assert delta_e76(colour, theme.PALETTES[palette].colours[seat]) < 2
    # the board and the cards through each simulation (the area holding every sample)
    area = scene.layout.board_rect.union(scene.layout.left_panel)
    shot = app.surface.subsurface(area).copy()
    assert_apart(samples, "normal")
    for kind in KINDS:
        seen = simulate_surface(shot, kind)
        assert_apart(seat_samples(seen, scene, area.topleft), kind)


@pytest.mark.parametrize("palette", ["standard", "high_contrast"])
def test_six_seats_counters_stay_apart_in_every_simulation(palette: str):
    """KOMBIO's six seats, as counters on the board's squares."""
    theme.use_palette(palette)
    layout = Layout()
    art = CounterArt(layout.counter, layout.thickness, load_glyphs())
    board = pygame.Surface((6 * layout.pitch, layout.pitch))
    board.fill((74, 67, 110))
    points = []
    for seat in range(6):
        x = seat * layout.pitch + (layout.pitch - layout.counter) // 2
        board.blit(art.counter(seat, "R"), (x, 14))
        points.append((x + layout.counter / 2 + layout.counter * 0.4, 14 + layout.counter / 2))
    for kind in ("normal", *KINDS):
        seen = board if kind == "normal" else simulate_surface(board, kind)
        assert_apart({seat: [rgb(seen, p)] for seat, p in enumerate(points)}, kind)


def test_pieces_cards_and_cursors_differ_per_seat_with_every_colour_the_same(monkeypatch):
    """With one colour for everybody, the symbols alone still tell every seat's things apart."""
    grey = theme.Palette("grey", "Grey", ((150, 150, 150),) * 6)
    app, clock, match, scene = four_humans()
    monkeypatch.setattr(theme, "_active", grey)
    run(app, clock)
    surface = app.surface
    assert rgb(surface, ring_point(scene, next(s for s, st in enumerate(scene.shown.board) if st))) == (150, 150, 150)
    art = CounterArt(80, 6, load_glyphs())
    counters = [pygame.image.tobytes(art.counter(seat, "P"), "RGBA") for seat in range(6)]
    assert len(set(counters)) == 6
    layout = scene.layout
    heads = []
    for seat in range(4):
        card = layout.player_card(seat, 4)
        name_row = pygame.Rect(card.x + 20, card.y + 8, 36, 36)     # the symbol before the name
        heads.append(pygame.image.tobytes(surface.subsurface(name_row), "RGB"))
    assert len(set(heads)) == 4
    # two players' focus frames, each with its seat's symbol, on the same kind of square
    tags = []
    for seat in (0, 1):
        canvas = pygame.Surface((200, 200))
        draw_focus(canvas, pygame.Rect(50, 50, 100, 100), seat)
        tags.append(pygame.image.tobytes(canvas.subsurface(pygame.Rect(130, 30, 40, 40)), "RGB"))
    assert tags[0] != tags[1]


def _last_move_by_green_then_yellow_picks(palette: str = "standard"):
    app, clock, match, scene = four_humans(palette)
    session = match.session
    for seat in range(3):                       # Red, Blue, then Green move
        move = next(a for a in session.legal_actions(seat) if isinstance(a, Move))
        session.submit(move)
        settle(app, clock, scene)
    assert scene.last_move() is not None and scene.shown.last[1] == 2
    picked = next(sq for sq, st in enumerate(scene.shown.board)
                  if st and st[-1][0] == 3 and st[-1][1] != "D" and scene.controls.moves_from(3, sq))
    scene.input.put(3, square_key(picked))
    press(app, "kb4", "select")                 # Yellow picks the tower up
    assert scene.picked(3) == picked
    for seat in range(3):                       # the others' focus off the board, clear of the marks
        scene.input.put(seat, PASS)
    run(app, clock)
    return app, scene, picked


def _bright(colour) -> bool:
    return sum(colour) > 600


def test_the_last_move_target_and_pick_marks_differ_in_shape_and_use_no_seat_colour():
    app, scene, picked = _last_move_by_green_then_yellow_picks()
    surface, layout = app.surface, scene.layout
    src, dst = scene.last_move()
    targets = scene.controls.moves_from(3, picked)
    assert targets

    # last move: a dashed outline in the neutral mark colour, not Green's
    cell = layout.cell_rect(src)
    y = cell.y + 5 if dst // 5 >= src // 5 else cell.bottom - 6      # the edge the arrow does not cross
    if dst // 5 == src // 5:
        y = cell.y + 5
    row = [rgb(surface, (x, y)) for x in range(cell.x + 16, cell.right - 16)]
    dashes = [_bright(c) for c in row]
    assert sum(dashes) > len(row) // 4 and dashes.count(False) > len(row) // 4
    assert sum(a != b for a, b in itertools.pairwise(dashes)) >= 4          # on, off, on, off…
    lit = [c for c in row if _bright(c)]
    assert all(delta_e76(c, MARK) < 12 for c in lit)
    assert all(delta_e76(c, theme.seat_colour(2)) > 40 for c in lit)
    # … with an arrow between the two squares
    (ax, ay), (bx, by) = layout.centre(src), layout.centre(dst)
    assert _bright(rgb(surface, ((ax + bx) / 2, (ay + by) / 2)))

    # the pick: a solid frame in the highlight colour all along its edge
    cell = layout.cell_rect(picked)
    edge = [rgb(surface, (cell.x + 3, y)) for y in range(cell.y + 30, cell.bottom - 30)]
    assert all(delta_e76(c, theme.HIGHLIGHT) < 10 for c in edge)

    # targets: circled (a ring round the tower), their edges left alone
    for square in targets:
        cx, cy = layout.centre(square)
        for dx, dy in ((-35, 35), (35, -35)):
            assert delta_e76(rgb(surface, (cx + dx, cy + dy)), TARGET) < 12, square
        cell = layout.cell_rect(square)
        assert delta_e76(rgb(surface, (cell.x + 3, cell.centery)), theme.ACCENT) > 30
    # a square that is neither has no ring
    other = next(sq for sq in range(25) if sq not in targets and sq not in (src, dst, picked, 12))
    cx, cy = layout.centre(other)
    assert delta_e76(rgb(surface, (cx - 35, cy + 35)), TARGET) > 30


def test_the_help_names_the_shapes_and_no_square_colours():
    app, clock, match, scene = four_humans()
    panel = scene.action_panel()
    assert "circled square" in panel.detail
    words = " ".join([panel.detail, *(" ".join(pair) for pair in panel.hints)]).lower()
    mouse = Match(game_by_key("kabooom"), 2, {"difficulty": "easy"},
                  (SeatPlan("human", "mouse"), SeatPlan("human", "kb1")), 1, inline_bots=True)
    mscene = KabooomScene(app, mouse)
    words += " " + " ".join(" ".join(pair) for pair in mscene.hints(0)[1]).lower()
    assert "circled square" in words
    for colour in ("green", "orange", "red", "yellow"):
        assert colour not in words


def test_a_new_palette_mid_game_redraws_the_board_and_cards():
    app, clock, match, scene = four_humans()
    before = seat_samples(app.surface, scene)
    theme.use_palette("high_contrast")          # as the Settings screen does, opened from Pause
    run(app, clock)
    after = seat_samples(app.surface, scene)
    for seat in range(4):
        assert before[seat] != after[seat]
        for colour in after[seat]:
            assert delta_e76(colour, theme.HIGH_CONTRAST.colours[seat]) < 2
