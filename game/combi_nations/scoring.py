"""Combi-Nations scoring: a country's score sheet, line by line, as the rulebook's "Victory Points" and
DECISIONS.md's "Facility details" fix it.

A sheet has one line per area (its size through the area table), one line for the LAND type that scores
fewest (it counts again), one line per facility hex (its rule, or a flat 2 under the simple option, or a
flat 2 for the seven comparing ones in the solo game) and one line for the empty SAND spaces (the -1
penalty, or Bird Conservation's +1). Every line carries its reason in plain words, so the end screen can
show the sheet and a player can check it.

Pure functions, no I/O. A bot scores every candidate placement with `score_country`, so the work per
country is one pass over its hexes plus a flood fill; what the seven comparing facilities need from the
other players (`Standing`) can be computed once and passed instead of the other countries.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .country import Country
from .hexgrid import DIRECTIONS, Hex, distance
from .tables import CITY, FACILITY_BY_KEY, FOREST, GRASS, LAKE, LAND_NAMES, LANDS, SAND, area_points

# -- the lines -----------------------------------------------------------------------------------

AREA, DOUBLED, FACILITY, PENALTY, SAND_BONUS = "area", "doubled", "facility", "penalty", "sand_bonus"
KINDS: tuple[str, ...] = (AREA, DOUBLED, FACILITY, PENALTY, SAND_BONUS)

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

_LAND_SET = frozenset(LANDS)
_LAND_INDEX = {land: i for i, land in enumerate(LANDS)}
_FACILITY_ORDER = {key: i for i, key in enumerate(FACILITY_BY_KEY)}

# hexgrid.neighbours builds a fresh tuple per call and dominates the time; a bot scores thousands of
# countries over the same few dozen hexes, so the neighbour tuples are kept (bounded: cleared when big).
_NEIGHBOURS: dict[Hex, tuple[Hex, ...]] = {}
_NEIGHBOURS_MAX = 1 << 16


def flood(start: int, allowed: int, near: tuple[int, ...]) -> tuple[int, int]:
    """The hexes of `allowed` joined to `start` (bit masks), and every hex beside them."""
    found = edge = start
    around = 0
    while edge:
        grow = 0
        while edge:
            low = edge & -edge
            grow |= near[low.bit_length() - 1]
            edge ^= low
        around |= grow
        edge = grow & allowed & ~found
        found |= edge
    return found, around


def neighbours(h: Hex) -> tuple[Hex, ...]:
    found = _NEIGHBOURS.get(h)
    if found is None:
        if len(_NEIGHBOURS) >= _NEIGHBOURS_MAX:
            _NEIGHBOURS.clear()
        q, r = h
        found = _NEIGHBOURS[h] = tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)
    return found


@dataclass(frozen=True)
class ScoreLine:
    kind: str                           # one of KINDS
    label: str                          # the sheet's words: "Forest of 6", "Mall", "3 SAND spaces"
    points: int
    reason: str                         # why, in plain words
    land: str | None = None             # the LAND type of an area or doubled line
    facility: str | None = None         # the facility key of a facility line
    hexes: tuple[Hex, ...] = ()         # the hexes the line is about (sorted), for highlighting


_new = object.__new__


def _line(kind: str, label: str, points: int, reason: str, land: str | None = None,
          facility: str | None = None, hexes: tuple[Hex, ...] = ()) -> ScoreLine:
    """ScoreLine(...) without the frozen dataclass's per-field setattr: a sheet has a line per area
    and per facility and the engine scores every country at the end of every playout."""
    line: ScoreLine = _new(ScoreLine)
    line.__dict__.update(kind=kind, label=label, points=points, reason=reason, land=land, facility=facility,
                         hexes=hexes)
    return line


@dataclass(frozen=True)
class ScoreSheet:
    seat: int | None
    lines: tuple[ScoreLine, ...]

    @property
    def total(self) -> int:
        return sum(line.points for line in self.lines)

    def by_kind(self, kind: str) -> tuple[ScoreLine, ...]:
        return tuple(line for line in self.lines if line.kind == kind)

    def kind_total(self, kind: str) -> int:
        return sum(line.points for line in self.lines if line.kind == kind)

    def land_totals(self) -> dict[str, int]:
        """Each LAND type's area points (before doubling), every type present, 0 without areas."""
        out = dict.fromkeys(LANDS, 0)
        for line in self.lines:
            if line.kind == AREA and line.land is not None:
                out[line.land] += line.points
        return out

    @property
    def doubled(self) -> str | None:
        """The LAND type that counted double (None only on a sheet built without areas' lines)."""
        return next((line.land for line in self.lines if line.kind == DOUBLED), None)

    def facility_lines(self, key: str) -> tuple[ScoreLine, ...]:
        return tuple(line for line in self.lines if line.facility == key)


# -- what a country holds ------------------------------------------------------------------------

@dataclass(frozen=True)
class Area:
    land: str
    hexes: tuple[Hex, ...]              # sorted

    @property
    def size(self) -> int:
        return len(self.hexes)


@dataclass(frozen=True)
class Standing:
    """What the seven comparing facilities measure: the largest area of each LAND type (in LANDS
    order, 0 without one), the number of facility hexes and of empty SAND spaces. For a group of
    countries (`best_of`) it is the best of them: the largest areas, the most facilities, the fewest
    SAND spaces."""

    largest: tuple[int, ...]
    facilities: int
    sand: int

    @property
    def largest_any(self) -> int:
        return max(self.largest)


def best_of(standings: Sequence[Standing]) -> Standing | None:
    if not standings:
        return None
    return Standing(
        largest=tuple(max(s.largest[i] for s in standings) for i in range(len(LANDS))),
        facilities=max(s.facilities for s in standings),
        sand=min(s.sand for s in standings),
    )


@dataclass(frozen=True)
class _Survey:
    """One pass over a country: its areas, the area of each LAND hex, its facility and SAND hexes."""

    areas: tuple[Area, ...]                     # in LANDS order, then largest first, then by hexes
    area_of: dict[Hex, Area]
    facilities: tuple[tuple[Hex, str], ...]     # sorted by hex
    sand: tuple[Hex, ...]
    standing: Standing


def _survey(country: Country) -> _Survey:
    # over the country's bit masks (country.masks): bit i is the i-th hex in sorted order, so a
    # mask's bits taken upwards are its hexes sorted, and an area grows by ORing neighbour masks
    geo = country.masks()[0]
    cells = country.cells
    hexes, near = geo.hexes, geo.neighbours
    of_content: dict[str, int] = {}
    facilities: list[tuple[Hex, str]] = []
    for i, h in enumerate(hexes):
        content = cells[h].content
        of_content[content] = of_content.get(content, 0) | 1 << i
        if content != SAND and content not in _LAND_SET:
            facilities.append((h, content))
    area_of: dict[Hex, Area] = {}
    areas: list[Area] = []
    largest = [0] * len(LANDS)
    for index, land in enumerate(LANDS):
        left = of_content.get(land, 0)
        while left:
            # the cluster of this LAND type (facility hexes are not LAND: they split areas)
            found, _ = flood(left & -left, left, near)
            left &= ~found
            area = _new(Area)       # Area(land, hexes) without the frozen setattr per field
            area.__dict__.update(land=land, hexes=_bits(hexes, found))
            areas.append(area)
            for x in area.hexes:
                area_of[x] = area
            largest[index] = max(largest[index], len(area.hexes))
    areas.sort(key=lambda a: (_LAND_INDEX[a.land], -len(a.hexes), a.hexes))
    sand = _bits(hexes, of_content.get(SAND, 0))
    standing = Standing(tuple(largest), len(facilities), len(sand))
    return _Survey(tuple(areas), area_of, tuple(facilities), sand, standing)


def _bits(hexes: tuple[Hex, ...], mask: int) -> tuple[Hex, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(hexes[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


def standing(country: Country) -> Standing:
    return _survey(country).standing


# -- the sheet -----------------------------------------------------------------------------------

def score_all(countries: Sequence[Country], *, solo: bool = False, flat: bool = False) -> list[ScoreSheet]:
    """Every country's sheet, seat i for countries[i], each compared with all the others."""
    surveys = [_survey(c) for c in countries]
    sheets = []
    for i, (country, survey) in enumerate(zip(countries, surveys)):
        rivals = best_of([s.standing for j, s in enumerate(surveys) if j != i])
        sheets.append(_sheet(country, survey, rivals, seat=i, solo=solo, flat=flat))
    return sheets


def score_country(country: Country, others: Sequence[Country] | Standing | None = (), *,
                  solo: bool = False, flat: bool = False, seat: int | None = None) -> ScoreSheet:
    """One country's sheet. `others` are the other players' countries, or their `best_of` standing
    computed once (a bot trying many placements of its own country need not survey the others each
    time); with none, every comparing facility is "best"."""
    if others is None or isinstance(others, Standing):
        rivals = others
    else:
        rivals = best_of([standing(c) for c in others])
    return _sheet(country, _survey(country), rivals, seat=seat, solo=solo, flat=flat)


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    if word.endswith(("Y", "y")):          # FACILITY -> FACILITIES, CITY -> CITIES
        return f"{n} {word[:-1]}{'IES' if word[-1] == 'Y' else 'ies'}"
    return f"{n} {word}{'S' if word[-1].isupper() else 's'}"


def _area_text(land: str, size: int) -> tuple[str, int, str]:
    """An area line's label, points and reason."""
    pts = area_points(size)
    return (f"{LAND_NAMES[land]} of {size}", pts,
            f"{_plural(size, SPACE_WORD[land] + ' space')}: {pts} VP by the area table")


# every area line a country of 42 hexes can have, written once (immutable, from the tables alone)
_AREA_TEXT: dict[tuple[str, int], tuple[str, int, str]] = {
    (land, size): _area_text(land, size) for land in LANDS for size in range(1, 43)}


def _sheet(country: Country, survey: _Survey, rivals: Standing | None, *, seat: int | None,
           solo: bool, flat: bool) -> ScoreSheet:
    lines: list[ScoreLine] = []

    # areas, and the type that scores fewest counted again
    land_total = dict.fromkeys(LANDS, 0)
    for a in survey.areas:
        size = len(a.hexes)
        text = _AREA_TEXT.get((a.land, size))
        if text is None:
            text = _area_text(a.land, size)
        label, pts, why = text
        land_total[a.land] += pts
        lines.append(_line(AREA, label, pts, why, land=a.land, hexes=a.hexes))
    low = min(land_total.values())
    tied = [land for land in LANDS if land_total[land] == low]
    doubled = tied[0]           # ties: the first in LANDS order (Forest, Grassland, City, Lake)
    if len(tied) == 1:
        why = f"{AREA_WORD[doubled]} scores fewest of the four LAND types ({low}), so it counts double"
    else:
        names = ", ".join(AREA_WORD[t] for t in tied)
        why = (f"{names} tie for fewest ({low}); the first in the order FOREST, GRASSLAND, CITY, LAKE "
               f"counts double")
    if not any(a.land == doubled for a in survey.areas):
        why += f" (there is no {AREA_WORD[doubled]} at all: it scores 0)"
    lines.append(ScoreLine(DOUBLED, f"{LAND_NAMES[doubled]} doubled", low, why, land=doubled))

    # facilities, in the order of the rules' list, then by hex
    facilities = sorted(survey.facilities, key=lambda f: (_FACILITY_ORDER[f[1]], f[0]))
    birds = sum(1 for _, key in facilities if key == "bird_conservation")
    ctx = _Context(country, survey, rivals)
    for h, key in facilities:
        name = FACILITY_BY_KEY[key].name
        if flat:
            pts, why = FLAT_POINTS, f"{name}: {FLAT_POINTS}, every FACILITY scores {FLAT_POINTS} (simple rule)"
        elif solo and FACILITY_BY_KEY[key].compares:
            pts, why = FLAT_POINTS, f"{name}: {FLAT_POINTS}, always in the solo game"
        else:
            pts, why = ctx.facility(h, key)
        lines.append(_line(FACILITY, name, pts, why, facility=key, hexes=(h,)))

    # empty SAND spaces: -1 each, or +1 each with a Bird Conservation (its rule: not under the flat option)
    n = len(survey.sand)
    label = _plural(n, "SAND space")
    if birds and not flat:
        why = f"Bird Conservation: each of the {label} gives +1 instead of -1"
        if birds > 1:
            why += f" (with {birds} Bird Conservations still +1 per SAND space, not more)"
        lines.append(ScoreLine(SAND_BONUS, label, n, why, hexes=survey.sand))
    else:
        lines.append(ScoreLine(PENALTY, label, -n, f"{label} left empty: -1 VP each", hexes=survey.sand))
    return ScoreSheet(seat, tuple(lines))


class _Context:
    """One country's facility rules, with what they share worked out once (border hexes, facility hexes)."""

    def __init__(self, country: Country, survey: _Survey, rivals: Standing | None) -> None:
        self.cells = country.cells
        self.survey = survey
        self.rivals = rivals
        self.fac_hexes = [h for h, _ in survey.facilities]

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

    def facility(self, h: Hex, key: str) -> tuple[int, str]:
        cells = self.cells
        survey = self.survey
        name = FACILITY_BY_KEY[key].name
        if key in _ADJACENT_SPACES:
            land = _ADJACENT_SPACES[key]
            own_tile = cells[h].tile
            adjacent = [n for n in neighbours(h) if (c := cells.get(n)) is not None and c.content == land]
            n = sum(1 for x in adjacent if cells[x].tile != own_tile)
            why = f"{_plural(n, 'adjacent ' + SPACE_WORD[land] + ' space')} on other tiles"
            if n != len(adjacent):
                why += f" ({len(adjacent) - n} more on its own tile, not counted)"
            return n, f"{name}: {why}"
        if key in _MINUS_PER_AREA:
            land = _MINUS_PER_AREA[key]
            count = sum(1 for a in survey.areas if a.land == land)
            others = max(count - 1, 0)           # "other" areas: with none at all, nothing is subtracted
            pts = max(MINUS_BASE - others, 0)
            return pts, (f"{name}: {pts}, {_plural(count, AREA_WORD[land])} "
                         f"(4 minus 1 per other {AREA_WORD[land]}, never below 0)")
        if key == "watchtower":
            others = len(self.fac_hexes) - 1
            pts = max(MINUS_BASE - others, 0)
            return pts, f"{name}: {pts}, {_plural(others, 'other FACILITY')} (4 minus 1 each, never below 0)"
        if key == "viewpoint":
            return 2, f"{name}: 2, just 2"
        if key == "bank":
            n = sum(1 for x in neighbours(h) if (c := cells.get(x)) is not None
                    and c.content in FACILITY_BY_KEY)
            return 2 * n, f"{name}: {2 * n}, {_plural(n, 'adjacent other FACILITY')} (2 each)"
        if key == "zoo":
            kinds = {c.content for x in neighbours(h) if (c := cells.get(x)) is not None
                     and c.content in _LAND_SET}
            names = ", ".join(SPACE_WORD[land] for land in LANDS if land in kinds) or "none"
            return len(kinds), f"{name}: {_plural(len(kinds), 'LAND type')} adjacent ({names})"
        if key == "hotel":
            n = len(self.fac_hexes) - 1
            return n, f"{name}: {_plural(n, 'other FACILITY')}"
        if key == "airport":
            d = self.border_distance(h)
            pts = d + 1
            where = ("on the border" if d == 0 else "1 space from the border" if d == 1
                     else "2 or more spaces from the border")
            return pts, f"{name}: {pts}, {where}"
        if key == "customs":
            n = sum(1 for x in neighbours(h) if x not in cells)
            return n, f"{name}: {_plural(n, 'side')} on the border"
        if key == "race_track":
            rest = [x for x in self.fac_hexes if x != h]
            if not rest:
                return 0, f"{name}: 0, no other FACILITY"
            d = min(distance(h, x) for x in rest)
            pts = d - 1          # the spaces strictly between: 0 when one touches it
            if pts == 0:
                return 0, f"{name}: 0, another FACILITY touches it"
            return pts, f"{name}: {pts}, {_plural(pts, 'space')} to the nearest other FACILITY"
        if key == "bird_conservation":
            return 0, f"{name}: no points of its own; each empty SAND space gives +1 instead of -1"
        return self._compare(h, key)

    def _compare(self, h: Hex, key: str) -> tuple[int, str]:
        """The seven that score only for the best of all players (joint best is enough)."""
        name = FACILITY_BY_KEY[key].name
        mine = self.survey.standing
        rivals = self.rivals
        win = f"{name}: {BEST_POINTS}"
        if key == "tour_operator":
            if rivals is not None and rivals.facilities > mine.facilities:
                return 0, f"{name}: 0, another player has {rivals.facilities} FACILITIES, more than {mine.facilities}"
            joint = " (joint)" if rivals is not None and rivals.facilities == mine.facilities else ""
            return BEST_POINTS, f"{win}, {_plural(mine.facilities, 'FACILITY')}, the most of all players{joint}"
        if key == "camp_site":
            if rivals is not None and rivals.sand < mine.sand:
                return 0, (f"{name}: 0, another player has only {_plural(rivals.sand, 'empty SAND space')}, "
                           f"fewer than {mine.sand}")
            joint = " (joint)" if rivals is not None and rivals.sand == mine.sand else ""
            return BEST_POINTS, (f"{win}, {_plural(mine.sand, 'empty SAND space')}, "
                                 f"the fewest of all players{joint}")
        # adjacent to an area as large as the largest of its type (Restaurant: of any type) anywhere
        land = _LARGEST_OF_TYPE.get(key)      # None: the Restaurant
        if land is None:
            what = "area"
            my_largest = mine.largest_any
            their_largest = rivals.largest_any if rivals is not None else 0
        else:
            what = AREA_WORD[land]
            i = _LAND_INDEX[land]
            my_largest = mine.largest[i]
            their_largest = rivals.largest[i] if rivals is not None else 0
        largest = max(my_largest, their_largest)
        touching = {a for x in neighbours(h) if (a := self.survey.area_of.get(x)) is not None
                    and (land is None or a.land == land)}
        best_touching = max((a.size for a in touching), default=0)
        if largest and best_touching == largest:
            joint = " (joint)" if their_largest == largest or sum(
                1 for a in self.survey.areas if (land is None or a.land == land) and a.size == largest) > 1 else ""
            kind = (AREA_WORD[next(a.land for a in touching if a.size == largest)] if land is None else what)
            return BEST_POINTS, f"{win}, it touches a {kind} of {largest}, the largest of all players{joint}"
        if not touching:
            return 0, f"{name}: 0, no {what} touches it"
        if their_largest > my_largest:
            return 0, f"{name}: 0, another player's {what} of {their_largest} is larger"
        return 0, f"{name}: 0, it touches no {what} of {largest} (the largest)"
