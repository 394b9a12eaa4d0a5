"""Combi-Nations' facility rules, as DECISIONS.md's "Facility details" fix them: what each facility hex
scores in its country, and why, in the rulebook's words.

A rule returns its points and its reason as a function: the score sheet shows the reason, where a bot
valuing thousands of countries (scoring.score_total) needs the points only and never pays for the text.
"""
from __future__ import annotations

from collections.abc import Callable

from .hexgrid import Hex, distance
from .survey import LAND_INDEX, LAND_SET, Standing, Survey, neighbours
from .tables import CITY, FACILITY_BY_KEY, FOREST, GRASS, LAKE, LANDS

Reason = Callable[[], str]

# How the rulebook writes a type's spaces and its areas in the rules' capitals ("GRASS space" but
# "GRASSLAND" for an area of them), so the reasons read like the rules they quote.
SPACE_WORD = {FOREST: "FOREST", GRASS: "GRASS", CITY: "CITY", LAKE: "LAKE"}
AREA_WORD = {FOREST: "FOREST", GRASS: "GRASSLAND", CITY: "CITY", LAKE: "LAKE"}

FLAT_POINTS = 2          # the simple option (every facility), and the solo game's seven comparing ones
BEST_POINTS = 3          # a comparing facility for the best of all players (joint best included)
MINUS_BASE = 4           # Hiking Trails, Market, Metro, Diving School, Watchtower start from 4

# the four facilities that count the other areas of their theme ("4 VP, minus 1 VP per other FOREST")
_MINUS_PER_AREA = {"hiking_trails": FOREST, "market": GRASS, "metro": CITY, "diving_school": LAKE}
# the four that count adjacent spaces of their theme on other tiles
_ADJACENT_SPACES = {"hikers_cabins": FOREST, "farm": GRASS, "mall": CITY, "harbor": LAKE}
# the four that compare the largest area of their theme with every player's
_LARGEST_OF_TYPE = {"wildlife_park": FOREST, "golf_course": GRASS, "fun_park": CITY, "tour_boat": LAKE}


def plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    if word.endswith(("Y", "y")):          # FACILITY -> FACILITIES, CITY -> CITIES
        return f"{n} {word[:-1]}{'IES' if word[-1] == 'Y' else 'ies'}"
    return f"{n} {word}{'S' if word[-1].isupper() else 's'}"


class FacilityRules:
    """One country's facility rules, with what they share worked out once (its facility hexes)."""

    def __init__(self, survey: Survey, rivals: Standing | None, *, solo: bool, flat: bool) -> None:
        self.cells = survey.cells
        self.survey = survey
        self.rivals = rivals
        self.solo = solo
        self.flat = flat
        self.fac_hexes = [h for h, _ in survey.facilities]

    def score(self, h: Hex, key: str) -> tuple[int, Reason]:
        """The facility `key` on hex `h`: its points under the game's options, and why."""
        name = FACILITY_BY_KEY[key].name
        if self.flat:
            return FLAT_POINTS, lambda: f"{name}: {FLAT_POINTS}, every FACILITY scores {FLAT_POINTS} (simple rule)"
        if self.solo and FACILITY_BY_KEY[key].compares:
            return FLAT_POINTS, lambda: f"{name}: {FLAT_POINTS}, always in the solo game"
        return self._rule(h, key, name)

    def on_border(self, h: Hex) -> bool:
        # a border hex: a country hex with a side facing outside the country (border_sides > 0)
        cells = self.cells
        return any(n not in cells for n in neighbours(h))

    def border_distance(self, h: Hex) -> int:
        """Hexes from `h` to the nearest border hex, counted up to 2 (all the Airport tells apart):
        at distance 1 a neighbour is a border hex; otherwise the border is 2 or more away."""
        if self.on_border(h):
            return 0
        return 1 if any(self.on_border(n) for n in neighbours(h)) else 2

    def _rule(self, h: Hex, key: str, name: str) -> tuple[int, Reason]:
        cells = self.cells
        if key in _ADJACENT_SPACES:
            land = _ADJACENT_SPACES[key]
            own_tile = cells[h].tile
            adjacent = [n for n in neighbours(h) if (c := cells.get(n)) is not None and c.content == land]
            n = sum(1 for x in adjacent if cells[x].tile != own_tile)

            def why() -> str:
                text = f"{name}: {plural(n, 'adjacent ' + SPACE_WORD[land] + ' space')} on other tiles"
                if n != len(adjacent):
                    text += f" ({len(adjacent) - n} more on its own tile, not counted)"
                return text
            return n, why
        if key in _MINUS_PER_AREA:
            land = _MINUS_PER_AREA[key]
            count = sum(1 for kind, _ in self.survey.area_masks if kind == land)
            others = max(count - 1, 0)           # "other" areas: with none at all, nothing is subtracted
            pts = max(MINUS_BASE - others, 0)
            return pts, lambda: (f"{name}: {pts}, {plural(count, AREA_WORD[land])} "
                                 f"(4 minus 1 per other {AREA_WORD[land]}, never below 0)")
        if key == "watchtower":
            others = len(self.fac_hexes) - 1
            pts = max(MINUS_BASE - others, 0)
            return pts, lambda: f"{name}: {pts}, {plural(others, 'other FACILITY')} (4 minus 1 each, never below 0)"
        if key == "viewpoint":
            return 2, lambda: f"{name}: 2, just 2"
        if key == "bank":
            n = sum(1 for x in neighbours(h) if (c := cells.get(x)) is not None
                    and c.content in FACILITY_BY_KEY)
            return 2 * n, lambda: f"{name}: {2 * n}, {plural(n, 'adjacent other FACILITY')} (2 each)"
        if key == "zoo":
            kinds = {c.content for x in neighbours(h) if (c := cells.get(x)) is not None
                     and c.content in LAND_SET}
            names = ", ".join(SPACE_WORD[land] for land in LANDS if land in kinds) or "none"
            return len(kinds), lambda: f"{name}: {plural(len(kinds), 'LAND type')} adjacent ({names})"
        if key == "hotel":
            n = len(self.fac_hexes) - 1
            return n, lambda: f"{name}: {plural(n, 'other FACILITY')}"
        if key == "airport":
            d = self.border_distance(h)
            where = ("on the border" if d == 0 else "1 space from the border" if d == 1
                     else "2 or more spaces from the border")
            return d + 1, lambda: f"{name}: {d + 1}, {where}"
        if key == "customs":
            n = sum(1 for x in neighbours(h) if x not in cells)
            return n, lambda: f"{name}: {plural(n, 'side')} on the border"
        if key == "race_track":
            rest = [x for x in self.fac_hexes if x != h]
            if not rest:
                return 0, lambda: f"{name}: 0, no other FACILITY"
            gap = min(distance(h, x) for x in rest) - 1    # the spaces strictly between: 0 when one touches it
            if gap == 0:
                return 0, lambda: f"{name}: 0, another FACILITY touches it"
            return gap, lambda: f"{name}: {gap}, {plural(gap, 'space')} to the nearest other FACILITY"
        if key == "bird_conservation":
            return 0, lambda: f"{name}: no points of its own; each empty SAND space gives +1 instead of -1"
        return self._compare(h, key, name)

    def _compare(self, h: Hex, key: str, name: str) -> tuple[int, Reason]:
        """The seven that score only for the best of all players (joint best is enough)."""
        mine = self.survey.standing
        rivals = self.rivals
        win = f"{name}: {BEST_POINTS}"
        if key == "tour_operator":
            if rivals is not None and rivals.facilities > mine.facilities:
                most = rivals.facilities
                return 0, lambda: f"{name}: 0, another player has {most} FACILITIES, more than {mine.facilities}"
            joint = " (joint)" if rivals is not None and rivals.facilities == mine.facilities else ""
            return BEST_POINTS, lambda: (f"{win}, {plural(mine.facilities, 'FACILITY')}, "
                                         f"the most of all players{joint}")
        if key == "camp_site":
            if rivals is not None and rivals.sand < mine.sand:
                fewest = rivals.sand
                return 0, lambda: (f"{name}: 0, another player has only "
                                   f"{plural(fewest, 'empty SAND space')}, fewer than {mine.sand}")
            joint = " (joint)" if rivals is not None and rivals.sand == mine.sand else ""
            return BEST_POINTS, lambda: (f"{win}, {plural(mine.sand, 'empty SAND space')}, "
                                         f"the fewest of all players{joint}")
        # adjacent to an area as large as the largest of its type (Restaurant: of any type) anywhere
        land = _LARGEST_OF_TYPE.get(key)      # None: the Restaurant
        if land is None:
            what = "area"
            my_largest = mine.largest_any
            their_largest = rivals.largest_any if rivals is not None else 0
        else:
            what = AREA_WORD[land]
            i = LAND_INDEX[land]
            my_largest = mine.largest[i]
            their_largest = rivals.largest[i] if rivals is not None else 0
        largest = max(my_largest, their_largest)
        touching = self.survey.touching(h, land)
        if largest and max((size for _, size in touching), default=0) == largest:
            def won() -> str:
                joint = " (joint)" if their_largest == largest or sum(
                    1 for kind, mask in self.survey.area_masks
                    if (land is None or kind == land) and mask.bit_count() == largest) > 1 else ""
                kind = AREA_WORD[next(k for k, size in touching if size == largest)] if land is None else what
                return f"{win}, it touches a {kind} of {largest}, the largest of all players{joint}"
            return BEST_POINTS, won
        if not touching:
            return 0, lambda: f"{name}: 0, no {what} touches it"
        if their_largest > my_largest:
            return 0, lambda: f"{name}: 0, another player's {what} of {their_largest} is larger"
        return 0, lambda: f"{name}: 0, it touches no {what} of {largest} (the largest)"
