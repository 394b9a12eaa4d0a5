"""The Combi-Nations table reads right at a glance (issue 19, point 7), checked on rendered frames and
by scripted presses: facilities drawn as pictures, the tile in the prompt turned as the ghost is, a
country of any shape inside its frame and under its title, a refused SAND tile marked where it
clashes with the reason said, the U-turn badges explained beside the ring, and the score sheet as
tall as its lines."""
from __future__ import annotations

import math

import pygame
import pytest

from game.combi_nations.hexgrid import ROTATIONS
from game.combi_nations.rules import Build
from game.combi_nations.scene.controls import NO_TOUCH, OVERLAPS, hex_key, key_hex
from game.combi_nations.scene.hex_draw import BADGE, LAND_COLOURS, hex_sprite
from game.combi_nations.scene.score_sheet import sheet_box, sheet_cells, sheet_rows
from game.combi_nations.tables import FACILITIES, LAND_TILES, SAND_SET
from tests.combi_nations.scene_support import BOT, make, seat0_moves, settle, take, to_place
from tests.focus_driver import press
from tests.scene_doubles import human


@pytest.fixture(autouse=True)
def _pygame(pygame_video):
    yield


def inked_share(surface: pygame.Surface, radius: float) -> float:
    """The share of the pixels within `radius` of the middle that are not the badge's light disc:
    two letters cover under a quarter of it, a picture more."""
    w, h = surface.get_size()
    inside = inked = 0
    for x in range(w):
        for y in range(h):
            if math.hypot(x + 0.5 - w / 2, y + 0.5 - h / 2) > radius:
                continue
            colour = surface.get_at((x, y))
            inside += 1
            inked += sum(abs(a - b) for a, b in zip(colour[:3], BADGE)) > 90
    return inked / max(1, inside)


def region(surface: pygame.Surface, rect: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


# -- facilities as pictures ----------------------------------------------------------------------------

@pytest.mark.parametrize(("size", "least"), [(14, 0.26), (34, 0.23)])
def test_every_facility_is_a_picture_of_its_own_not_letters(size, least):
    """On the ring (14) and on a country (34): each facility's badge holds a picture (the two-letter
    badges inked at most 0.234 and 0.199 of the disc), and no two look alike."""
    sprites = {}
    for facility in FACILITIES:
        sprite = hex_sprite(facility.key, size)
        assert inked_share(sprite, size * 0.55) > least, facility.key
        sprites[facility.key] = pygame.image.tobytes(sprite, "RGBA")
    assert len(set(sprites.values())) == len(FACILITIES)


def test_the_tile_looked_at_on_the_ring_is_drawn_large_in_the_prompt_with_its_facility_named():
    app, clock, match, scene = make([human("kb1"), BOT], seed=3, random_steps=8, until=seat0_moves)
    held = pygame.Rect(0, 0, 110, 110)
    held.center = (round(scene.layout.held_point[0]), round(scene.layout.held_point[1]))
    for option in scene.controls.options(0):
        scene.input.put(0, ("space", option.space))
        app.draw()
        tile = LAND_TILES[scene.view.ring[option.space]]
        land = next(c for c in tile.contents if c in LAND_COLOURS)
        mask = pygame.mask.from_threshold(app.surface.subsurface(held), LAND_COLOURS[land], (1, 1, 1, 255))
        assert mask.count() > 150, option                # the tile's LAND drawn large, beside the words
    facility = next((o for o in scene.controls.options(0) if LAND_TILES[scene.view.ring[o.space]].facility), None)
    if facility is not None:
        scene.input.put(0, ("space", facility.space))
        name = next(f.name for f in FACILITIES if f.key == LAND_TILES[scene.view.ring[facility.space]].facility)
        assert scene.panels.facility_info().startswith(name)


# -- the tile in the prompt turns with the ghost ---------------------------------------------------------

def test_the_held_tile_in_the_prompt_turns_as_the_tile_does():
    for seed in range(1, 30):
        app, clock, match, scene = make([human("kb1"), BOT], seed=seed, random_steps=4, until=seat0_moves)
        to_place(app, clock, scene)
        if LAND_TILES[scene.view.held].stack != "single":
            break
    else:
        pytest.skip("no tile of more than one hex taken")
    held = pygame.Rect(0, 0, 124, 124)
    held.center = (round(scene.layout.held_point[0]), round(scene.layout.held_point[1]))
    app.draw()
    before = region(app.surface, held)
    seen = {scene.controls.turns_of(0): before}
    for _ in range(ROTATIONS):
        press(app, "kb1", "slap")                    # the Action key turns the tile
        app.draw()
        seen.setdefault(scene.controls.turns_of(0), region(app.surface, held))
        assert region(app.surface, held) == seen[scene.controls.turns_of(0)]
    assert len(set(seen.values())) > 1               # turned, the picture changed


def test_the_sand_tile_in_the_prompt_turns_as_the_tile_does():
    app, clock, match, scene = make([human("kb1"), BOT], seed=8, options={"country": "free"})
    take(app, "kb1")
    settle(app, clock, scene)
    held = pygame.Rect(0, 0, 110, 96)
    held.center = (round(scene.layout.held_point[0]), round(scene.layout.held_point[1]))
    app.draw()
    before = region(app.surface, held)
    press(app, "kb1", "slap")
    app.draw()
    assert region(app.surface, held) != before


# -- a country of any shape in its frame -------------------------------------------------------------------

def long_country(seed: int = 7, tiles: int = 7, way: str = "south"):
    """Seat 0 builds freely, each SAND tile as far `way` (south or east) as it may go: a long thin
    country (a tall one fills its panel's height, where the title is)."""
    app, clock, match, scene = make([human("kb1"), BOT], seed=seed, options={"country": "free"})
    for _ in range(tiles):
        builds = [a for a in match.session.legal_actions(0) if isinstance(a, Build)]
        reach = (lambda b: b.r) if way == "south" else (lambda b: b.q + 0.5 * b.r)
        match.session.submit(max(builds, key=lambda b: (reach(b), b.turns == 0)))
        settle(app, clock, scene)
    return app, clock, match, scene


def title_bottom(scene) -> int:
    rect = scene.layout.country_rect
    label = scene.text.get(f"{scene.seat_name(0)}'s country · -38 VP", 24, (255, 255, 255), True)
    return rect.y + 8 + label.get_height()


@pytest.mark.parametrize("way", ["south", "east"])
@pytest.mark.parametrize("tiles", [4, 6])
def test_a_long_free_country_and_its_building_room_fit_below_the_title(tiles, way):
    app, clock, match, scene = long_country(tiles=tiles, way=way)
    view = scene.shown
    hexes = scene.country_view(scene.big_seat(view), view)
    inner = scene.layout.country_rect
    top = title_bottom(scene)
    cells = [key_hex(f.key) for f in scene.controls.targets(0)]
    assert cells
    for h in cells:
        if h is None:
            continue
        x, y = hexes.centre(h)
        assert y - hexes.size >= top, h                 # not over "Red's country · -38 VP"
        assert inner.left < x - hexes.size and x + hexes.size < inner.right, h
        assert y + hexes.size < inner.bottom, h


@pytest.mark.parametrize("way", ["south", "east"])
def test_the_finished_long_country_fits_below_the_title_too(way):
    app, clock, match, scene = long_country(tiles=7, way=way)
    assert len(match.session.view(0).countries[0]) == 42
    view = match.session.view(0)
    hexes = scene.layout.big_view([(q, r) for q, r, _c, _t in view.countries[0]])
    for q, r, _c, _t in view.countries[0]:
        x, y = hexes.centre((q, r))
        assert y - hexes.size >= title_bottom(scene)
        assert scene.layout.country_rect.collidepoint(x, y + hexes.size - 1)


def test_no_ghost_hangs_out_of_the_frame():
    """Aimed at the hexes on the edge of the building room, turned every way: nothing of the ghost
    is drawn outside the country's panel."""
    app, clock, match, scene = long_country(tiles=3)
    frame = scene.layout.country_rect
    hexes = [key_hex(f.key) for f in scene.controls.targets(0)]
    cells = [h for h in hexes if h is not None]
    edges = {min(cells, key=lambda h: (h[0], h[1])), max(cells, key=lambda h: (h[0], h[1])),
             min(cells, key=lambda h: (h[1], h[0])), max(cells, key=lambda h: (h[1], h[0]))}
    for at in edges:
        for _ in range(ROTATIONS):
            press(app, "kb1", "slap")
            scene.input.put(0, hex_key(at))
            scene.controls.remember(0)
            surface = pygame.Surface((1280, 720))
            surface.fill((1, 2, 3))
            scene.lands.big(surface, 1.0)
            outside = surface.copy()
            outside.fill((1, 2, 3), frame)
            mask = pygame.mask.from_threshold(outside, (1, 2, 3), (1, 1, 1, 255))
            assert mask.count() == 1280 * 720, (at, scene.controls.turns_of(0))


# -- a refused SAND tile says where and why -------------------------------------------------------------

def test_a_sand_tile_aimed_over_the_country_marks_the_hexes_it_overlaps_and_says_why():
    app, clock, match, scene = long_country(tiles=2)
    country = {(q, r) for q, r, _c, _t in scene.view.countries[0]}
    kind = scene.controls.kind_for(0)
    assert kind is not None
    at = min(country)
    scene.input.put(0, hex_key(at))
    ghost = scene.controls.ghost(0)
    assert ghost is not None and not ghost.fits
    laid = {h for h, _ in ghost.cells}
    assert set(ghost.clashes) == laid & country and ghost.clashes     # the overlap, and only it
    # the engine's own check names one of them
    with pytest.raises(ValueError) as refused:
        from game.combi_nations.country import country_from_view
        country_from_view(scene.view.countries[0]).add_sand_tile(SAND_SET[kind], scene.controls.turns_of(0), at)
    assert any(str(h) in str(refused.value) for h in ghost.clashes)
    assert f"{OVERLAPS}." in scene.panels.prompt_text()[1]
    before = len(match.session.log)
    press(app, "kb1", "select")
    assert len(match.session.log) == before
    assert scene.toast is not None and OVERLAPS in scene.toast.text


def test_a_sand_tile_aimed_away_from_the_country_says_it_does_not_touch():
    app, clock, match, scene = long_country(tiles=2)
    country = {(q, r) for q, r, _c, _t in scene.view.countries[0]}
    cells = [key_hex(f.key) for f in scene.controls.targets(0)]
    far = max((h for h in cells if h is not None), key=lambda h: min(abs(h[0] - c[0]) + abs(h[1] - c[1])
                                                                      for c in country))
    for _ in range(ROTATIONS):
        scene.input.put(0, hex_key(far))
        ghost = scene.controls.ghost(0)
        assert ghost is not None
        if not ghost.fits and not ghost.clashes:
            break
        press(app, "kb1", "slap")
    assert ghost is not None and not ghost.fits and ghost.clashes == ()
    assert f"{NO_TOUCH}." in scene.panels.prompt_text()[1]


# -- the U-turn explained where its badges are --------------------------------------------------------------

def test_the_badges_on_the_ring_are_explained_beside_it_clear_of_the_ring():
    app, clock, match, scene = make([human("kb1"), BOT, BOT, BOT, BOT], seed=5, random_steps=0, until=seat0_moves)
    options = scene.controls.options(0)
    assert any(o.uturn for o in options) and any(not o.uturn for o in options)
    lines = scene.ring.legend(options)
    words = " ".join(w for _b, w, _c in lines)
    assert "turn back," in words and "once a game" in words and "ahead of your arrow" in words
    assert [b for b, _w, _c in lines if b] == ["U1–U3", "1–3"]
    layout = scene.layout
    band = layout.ring_radius + 26                        # the ring's outer edge
    for box in scene.ring.legend_boxes(lines):
        assert layout.ring_rect.contains(box)
        assert not box.colliderect(layout.hint_rect)
        for corner in (box.topleft, box.topright, box.bottomleft, box.bottomright):
            assert math.dist(corner, layout.ring_centre) > band + 2, box


# -- the score sheet without its empty bands ------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 5])
def test_the_score_sheet_is_as_tall_as_its_lines_and_the_totals_share_a_line(players):
    app, clock, match, scene = make([human("kb1")] + [BOT] * (players - 1), seed=3, random_steps=12 * players,
                                    until=seat0_moves)
    scene.open_sheet()
    settle(app, clock, scene)
    sheets = scene.sheets()
    area = scene.layout.sheet_rect
    cells = sheet_cells(area, sheets)
    box = sheet_box(area, sheets)
    lowest = max(c.rect.bottom for c in cells)
    assert box.bottom - lowest <= 90                      # the reason and the footer, no empty band
    totals = {c.rect.y for c in cells if sheet_rows(sheets[c.column])[c.row].style == "total"}
    assert len(totals) == 1
    assert all(box.contains(c.rect) for c in cells)
